// Scalar operations that some CPUs have an instruction for: binary16
// conversions (x86 F16C) and the busy-wait hint (x86 PAUSE). Code outside
// this folder (xbang/isa/, the host CPU's instruction sets) names no
// intrinsic and calls these. scalar_generic.h holds the portable version of
// each, scalar_x86.h the x86 one; the choice below follows the compiler's
// target flags, as the built-ins' SIMD layer (xbang/isa/simd.h) does, and
// XBANG_SIMD_GENERIC forces the portable conversions there as well.
#pragma once

#include <cstdint>

#include "xbang/isa/scalar_generic.h"

#if defined(__x86_64__) || defined(__i386__)
#include "xbang/isa/scalar_x86.h"
#endif

// NEON's header declares a global bfloat16_t of its own (arm_bf16.h);
// xbang/core/bfloat16.h spells BANG's bfloat16_t over it once it is in.
#if defined(__ARM_NEON)
#include <arm_neon.h>
#endif

namespace xbang {
namespace isa {

#if defined(__F16C__) && !defined(XBANG_SIMD_GENERIC)
using x86::float_to_half_bits_rn;
using x86::half_bits_to_float;
#else
using generic::float_to_half_bits_rn;
using generic::half_bits_to_float;
#endif

#if defined(__x86_64__) || defined(__i386__)
using x86::cpu_relax;
#else
using generic::cpu_relax;
#endif

}  // namespace isa
}  // namespace xbang
