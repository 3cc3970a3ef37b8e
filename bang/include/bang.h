// <bang.h>: everything a BANG C kernel file needs, in the global namespace
// (spec section 1). The library itself lives in namespace xbang.
#pragma once

#include <cnrt.h>

#include <cstdint>

#include "xbang/builtins/arithmetic.h"
#include "xbang/builtins/atomics.h"
#include "xbang/builtins/compare_logic.h"
#include "xbang/builtins/conversion.h"
#include "xbang/builtins/gather_scatter.h"
#include "xbang/builtins/layout.h"
#include "xbang/builtins/matrix.h"
#include "xbang/builtins/memory.h"
#include "xbang/builtins/selection.h"
#include "xbang/core/arch.h"
#include "xbang/core/half.h"
#include "xbang/core/math_names.h"
#include "xbang/core/qualifiers.h"
#include "xbang/core/types.h"
#include "xbang/runtime/launch.h"
#include "xbang/runtime/task.h"
