// `half`: IEEE binary16 storage with float arithmetic rounded to nearest even
// (spec section 1). Conversions use F16C when the CPU has it.
#pragma once

#include <cstdint>
#include <cstring>
#if defined(__F16C__)
#include <immintrin.h>
#endif

namespace xbang {

// Exact binary16 -> binary32.
inline float half_bits_to_float(uint16_t h) {
#if defined(__F16C__)
  return _cvtsh_ss(h);
#else
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
#endif
}

// binary32 -> binary16, round to nearest even, overflow to infinity.
inline uint16_t float_to_half_bits_rn(float f) {
#if defined(__F16C__)
  return _cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT);
#else
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
#endif
}

struct half {
  uint16_t bits;

  half() = default;
  half(float f)
      : bits(float_to_half_bits_rn(f)) {}  // NOLINT: implicit as in BANG
  operator float() const { return half_bits_to_float(bits); }  // NOLINT

  static half from_bits(uint16_t b) {
    half h;
    h.bits = b;
    return h;
  }

  half& operator+=(float v) { return *this = half(float(*this) + v); }
  half& operator-=(float v) { return *this = half(float(*this) - v); }
  half& operator*=(float v) { return *this = half(float(*this) * v); }
  half& operator/=(float v) { return *this = half(float(*this) / v); }
  half operator-() const { return from_bits(bits ^ 0x8000u); }
};

static_assert(sizeof(half) == 2, "half must be 16 bits");

}  // namespace xbang

using half = xbang::half;
