// `half`: IEEE binary16 storage; every arithmetic operation on half values
// rounds its result to binary16, nearest even (spec section 1). Conversions use
// F16C when the CPU has it.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
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

// Converts implicitly to float only (a conversion function template
// deduces exactly its target type), so that `cond ? h : 0` has one reading,
// half, as with cncc's built-in half; other arithmetic types are reached by a
// cast.
struct half {
  uint16_t bits;

  half() = default;
  half(float f)
      : bits(float_to_half_bits_rn(f)) {}  // NOLINT: implicit as in BANG
  template <typename T,
            std::enable_if_t<
                std::is_arithmetic_v<T> && !std::is_same_v<T, float>, int> = 0>
  half(T v) : half(static_cast<float>(v)) {}  // NOLINT: implicit as in BANG

  template <typename T, std::enable_if_t<std::is_same_v<T, float>, int> = 0>
  operator T() const {  // NOLINT: implicit as in BANG
    return half_bits_to_float(bits);
  }
  template <typename T,
            std::enable_if_t<
                std::is_arithmetic_v<T> && !std::is_same_v<T, float>, int> = 0>
  explicit operator T() const {
    return static_cast<T>(half_bits_to_float(bits));
  }

  static half from_bits(uint16_t b) {
    half h;
    h.bits = b;
    return h;
  }

  // Compound assignment rounds once, like `h = h op v` with v converted to
  // the type the binary operator computes in.
  template <typename T>
  half& operator+=(T v) {
    return *this = *this + v;
  }
  template <typename T>
  half& operator-=(T v) {
    return *this = *this - v;
  }
  template <typename T>
  half& operator*=(T v) {
    return *this = *this * v;
  }
  template <typename T>
  half& operator/=(T v) {
    return *this = *this / v;
  }
  half operator-() const { return from_bits(bits ^ 0x8000u); }
  half operator+() const { return *this; }
  half& operator++() { return *this += 1; }
  half& operator--() { return *this -= 1; }
  half operator++(int) {
    const half old = *this;
    *this += 1;
    return old;
  }
  half operator--(int) {
    const half old = *this;
    *this -= 1;
    return old;
  }
};

// Binary operators as the MLU's half unit computes: half with half (or with
// an integer, which converts to half first) computes in half, an arithmetic
// result rounded after every operation; half with float or double computes
// in float or double, as the usual arithmetic conversions do for a floating
// type of lower rank. Comparisons compare in the same type.
namespace detail {
template <typename T>
inline constexpr bool kWiderFloat =
    std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, long double>;
}  // namespace detail

// HalfResult: the result with half operands; WideResult: with a float or
// double operand of type T.
#define XBANG_HALF_OPERATOR(op, HalfResult, WideResult)                    \
  inline HalfResult operator op(half a, half b) {                          \
    return HalfResult(half_bits_to_float(a.bits)                           \
                          op half_bits_to_float(b.bits));                  \
  }                                                                        \
  template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>  \
  HalfResult operator op(half a, T b) {                                    \
    return a op half(b);                                                   \
  }                                                                        \
  template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>  \
  HalfResult operator op(T a, half b) {                                    \
    return half(a) op b;                                                   \
  }                                                                        \
  template <typename T, std::enable_if_t<detail::kWiderFloat<T>, int> = 0> \
  WideResult operator op(half a, T b) {                                    \
    return static_cast<T>(half_bits_to_float(a.bits)) op b;                \
  }                                                                        \
  template <typename T, std::enable_if_t<detail::kWiderFloat<T>, int> = 0> \
  WideResult operator op(T a, half b) {                                    \
    return a op static_cast<T>(half_bits_to_float(b.bits));                \
  }
XBANG_HALF_OPERATOR(+, half, T)
XBANG_HALF_OPERATOR(-, half, T)
XBANG_HALF_OPERATOR(*, half, T)
XBANG_HALF_OPERATOR(/, half, T)
XBANG_HALF_OPERATOR(==, bool, bool)
XBANG_HALF_OPERATOR(!=, bool, bool)
XBANG_HALF_OPERATOR(<, bool, bool)
XBANG_HALF_OPERATOR(<=, bool, bool)
XBANG_HALF_OPERATOR(>, bool, bool)
XBANG_HALF_OPERATOR(>=, bool, bool)
#undef XBANG_HALF_OPERATOR

static_assert(sizeof(half) == 2, "half must be 16 bits");

}  // namespace xbang

using half = xbang::half;
