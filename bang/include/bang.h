// <bang.h>: everything a BANG C kernel file needs, in the global namespace
// (docs/builtins.md). The library itself lives in namespace xbang.
#pragma once

#include <cnrt.h>

#include <cstdint>

#include "xbang/builtins/arithmetic.h"
#include "xbang/builtins/atomics.h"
#include "xbang/builtins/cn_math.h"
#include "xbang/builtins/collect.h"
#include "xbang/builtins/compare_logic.h"
#include "xbang/builtins/conversion.h"
#include "xbang/builtins/conversion_fixed.h"
#include "xbang/builtins/expand_channel.h"
#include "xbang/builtins/fusion.h"
#include "xbang/builtins/gather_scatter.h"
#include "xbang/builtins/layout.h"
#include "xbang/builtins/lut.h"
#include "xbang/builtins/matrix.h"
#include "xbang/builtins/memory.h"
#include "xbang/builtins/memset.h"
#include "xbang/builtins/pool.h"
#include "xbang/builtins/reduction.h"
#include "xbang/builtins/reshape.h"
#include "xbang/builtins/scalar_access.h"
#include "xbang/builtins/selection.h"
#include "xbang/builtins/task_spellings.h"
#include "xbang/builtins/transcendental.h"
#include "xbang/builtins/vector_registers.h"
#include "xbang/core/arch.h"
#include "xbang/core/half.h"
#include "xbang/core/math_names.h"
#include "xbang/core/qualifiers.h"
#include "xbang/core/types.h"
#include "xbang/runtime/launch.h"
#include "xbang/runtime/module_registration.h"
#include "xbang/runtime/task.h"
