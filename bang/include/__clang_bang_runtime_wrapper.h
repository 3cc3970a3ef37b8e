// The header cncc includes before the first line of every .mlu file, so that
// BANG C sees the C library and every built-in without including anything
// (xbang-mlu-rewrite puts it first in each translation unit it writes).
// <bang.h> defines __BANG__, __BANG_ARCH__ and the __MLU_*_SIZE__ macros of
// the build's profile (xbang/core/arch.h).
#pragma once

#include <bang.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "xbang/asm/inline_asm.h"
