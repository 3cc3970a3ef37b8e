// bfloat16_t: the upper 16 bits of an IEEE float (8-bit exponent, 7-bit
// mantissa), as BANG's storage type. Arithmetic goes through float; the
// implicit conversion from float rounds to nearest, ties to even (NaN stays
// a quiet NaN).
#pragma once

#include <cstdint>
#include <cstring>

#include "xbang/isa/scalar.h"

namespace xbang {

inline uint16_t float_to_bfloat16_bits_rn(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return uint16_t((bits >> 16) | 0x40u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return uint16_t(bits >> 16);
}

inline float bfloat16_bits_to_float(uint16_t b) {
  const uint32_t bits = uint32_t(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

struct bfloat16 {
  uint16_t bits;

  bfloat16() = default;
  bfloat16(float f)  // NOLINT: implicit as in BANG
      : bits(float_to_bfloat16_bits_rn(f)) {}
  operator float() const { return bfloat16_bits_to_float(bits); }  // NOLINT

  static bfloat16 from_bits(uint16_t b) {
    bfloat16 h;
    h.bits = b;
    return h;
  }

  // As cncc's built-in bfloat16_t: negation is a bfloat16_t (so `c ? x :
  // -x` has one type), and a compound assignment computes in float (or the
  // wider operand's type) and rounds once to nearest even.
  bfloat16 operator-() const { return from_bits(bits ^ 0x8000u); }
  bfloat16 operator+() const { return *this; }
  template <typename T>
  bfloat16& operator+=(T v) {
    return *this = bfloat16(float(*this) + v);
  }
  template <typename T>
  bfloat16& operator-=(T v) {
    return *this = bfloat16(float(*this) - v);
  }
  template <typename T>
  bfloat16& operator*=(T v) {
    return *this = bfloat16(float(*this) * v);
  }
  template <typename T>
  bfloat16& operator/=(T v) {
    return *this = bfloat16(float(*this) / v);
  }
  bfloat16& operator++() { return *this += 1.f; }
  bfloat16& operator--() { return *this -= 1.f; }
  bfloat16 operator++(int) {
    const bfloat16 old = *this;
    *this += 1.f;
    return old;
  }
  bfloat16 operator--(int) {
    const bfloat16 old = *this;
    *this -= 1.f;
    return old;
  }
};

static_assert(sizeof(bfloat16) == 2, "bfloat16 must be 16 bits");

}  // namespace xbang

#if defined(__ARM_NEON)
// arm_bf16.h already has a global bfloat16_t (__bf16, included through
// xbang/isa/scalar.h); BANG code means xbang's type by that name.
#define bfloat16_t ::xbang::bfloat16
#else
using bfloat16_t = xbang::bfloat16;
#endif
