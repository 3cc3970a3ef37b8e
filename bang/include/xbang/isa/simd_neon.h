// AArch64 specialisations of simd_generic.h's operations: the IEEE division and
// square root instructions, where xsimd's NEON batches use reciprocal
// estimates (an ulp off, wrong at 0 and Inf).
#pragma once

#include <arm_neon.h>

namespace xbang {
namespace simd {

#if defined(__aarch64__) && XSIMD_WITH_NEON64
template <>
struct Divide<xsimd::batch<float, xsimd::neon64>, Isa::kNeon64> {
  using B = xsimd::batch<float, xsimd::neon64>;
  static B run(const B& a, const B& b) { return B(vdivq_f32(a, b)); }
};
template <>
struct SquareRoot<xsimd::batch<float, xsimd::neon64>, Isa::kNeon64> {
  using B = xsimd::batch<float, xsimd::neon64>;
  static B run(const B& a) { return B(vsqrtq_f32(a)); }
};
#endif

}  // namespace simd
}  // namespace xbang
