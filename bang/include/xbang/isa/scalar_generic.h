// The portable versions of xbang/isa/scalar.h's operations: bit
// manipulation only, exact on every target.
#pragma once

#include <cstdint>
#include <cstring>

namespace xbang {
namespace isa {
namespace generic {

// Exact binary16 -> binary32.
inline float half_bits_to_float(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000u) << 16;
  uint32_t exponent = (h >> 10) & 0x1f;
  uint32_t mantissa = h & 0x3ffu;
  uint32_t bits;
  if (exponent == 0x1f) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent != 0) {
    bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    bits = sign;
  } else {  // subnormal: normalise
    exponent = 113;
    while ((mantissa & 0x400u) == 0) {
      mantissa <<= 1;
      --exponent;
    }
    bits = sign | (exponent << 23) | ((mantissa & 0x3ffu) << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// binary32 -> binary16, round to nearest even, overflow to infinity.
inline uint16_t float_to_half_bits_rn(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint16_t sign = uint16_t((x >> 16) & 0x8000u);
  const uint32_t abs = x & 0x7fffffffu;
  if (abs >= 0x7f800000u) {  // Inf or NaN (keep NaN quiet)
    return sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u | (abs >> 13) : 0u);
  }
  if (abs >= 0x477ff000u) return sign | 0x7c00u;  // rounds past 65504
  if (abs < 0x38800000u) {                        // result is subnormal or 0
    if (abs < 0x33000000u) return sign;  // below half the min subnormal
    // value = mantissa * 2^(exponent - 150); in units of 2^-24 that is
    // mantissa >> shift.
    const uint32_t shift = 126 - (abs >> 23);
    const uint32_t mantissa = (abs & 0x7fffffu) | 0x800000u;
    uint32_t result = mantissa >> shift;
    const uint32_t rest = mantissa & ((1u << shift) - 1);
    const uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (result & 1))) ++result;
    return sign | uint16_t(result);
  }
  uint32_t result = ((abs - 0x38000000u) >> 13);
  const uint32_t rest = abs & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (result & 1))) ++result;
  return sign | uint16_t(result);
}

// One iteration of a busy-wait loop; nothing to tell the core portably.
inline void cpu_relax() {}

}  // namespace generic
}  // namespace isa
}  // namespace xbang
