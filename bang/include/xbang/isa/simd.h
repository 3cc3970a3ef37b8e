// The one place that decides which instruction set the built-ins use. The
// choice follows the compiler's target flags of the file being compiled (the
// consumer's -march), as xsimd's default_arch does:
//   kAvx512  AVX-512F + F16C: 16 float lanes, half loads through F16C
//   kAvx2    AVX2 + FMA + F16C: 8 float lanes, masked tails, 8x8 shuffles
//   kNeon64  AArch64: the generic layer with IEEE division and square root
//   kGeneric everything else (SSE, 32-bit NEON, ...): xsimd batches and
//            portable lane I/O only
// Defining XBANG_SIMD_GENERIC forces the generic layer on any machine (the
// test suite builds one executable that way, so the generic code is tested
// on x86 as well).
//
// Each operation is a struct template over Isa: simd_generic.h holds the
// primary template, the portable version of every operation; simd_x86.h and
// simd_neon.h specialise the few where an instruction set measurably wins or
// where xsimd's own version is inexact. Code outside this folder names no
// intrinsic and asks only for `simd::Op<...>` (Isa defaults to kIsa).
#pragma once

#include <xsimd/xsimd.hpp>

namespace xbang {
namespace simd {

enum class Isa { kGeneric, kAvx2, kAvx512, kNeon64 };

#if defined(XBANG_SIMD_GENERIC)
inline constexpr Isa kIsa = Isa::kGeneric;
#elif defined(__AVX512F__) && defined(__F16C__) && XSIMD_WITH_AVX512F
inline constexpr Isa kIsa = Isa::kAvx512;
#elif defined(__AVX2__) && defined(__FMA__) && defined(__F16C__) && \
    XSIMD_WITH_AVX2
inline constexpr Isa kIsa = Isa::kAvx2;
#elif defined(__aarch64__) && XSIMD_WITH_NEON64
inline constexpr Isa kIsa = Isa::kNeon64;
#else
inline constexpr Isa kIsa = Isa::kGeneric;
#endif

// Compute batches of the elementwise shapes: the widest xsimd target.
using ComputeTarget = xsimd::default_arch;

// The hand-tuned loops (the convert shape: one register of float or int32
// lanes, two of double; the matrix built-ins' gemm block) work on 8 float
// lanes where AVX2 is available, else on the native width.
#if XSIMD_WITH_FMA3_AVX2
using TunedTarget = xsimd::fma3<xsimd::avx2>;
#elif XSIMD_WITH_AVX2
using TunedTarget = xsimd::avx2;
#else
using TunedTarget = xsimd::default_arch;
#endif
// simd_x86.h's convert lane I/O is written for 8 lanes.
inline constexpr Isa kTunedIsa =
    kIsa == Isa::kGeneric || xsimd::batch<float, TunedTarget>::size != 8
        ? Isa::kGeneric
        : Isa::kAvx2;

}  // namespace simd
}  // namespace xbang

#include "xbang/isa/simd_generic.h"

#if defined(__x86_64__) || defined(__i386__)
#include "xbang/isa/simd_x86.h"
#elif defined(__aarch64__)
#include "xbang/isa/simd_neon.h"
#endif
