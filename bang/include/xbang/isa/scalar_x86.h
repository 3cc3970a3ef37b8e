// x86 versions of xbang/isa/scalar.h's operations.
#pragma once

#include <immintrin.h>

#include <cstdint>

namespace xbang {
namespace isa {
namespace x86 {

#if defined(__F16C__)
inline float half_bits_to_float(uint16_t h) { return _cvtsh_ss(h); }

inline uint16_t float_to_half_bits_rn(float f) {
  return _cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT);
}
#endif

// PAUSE: yields the core's pipeline to a sibling hyperthread while spinning.
inline void cpu_relax() { _mm_pause(); }

}  // namespace x86
}  // namespace isa
}  // namespace xbang
