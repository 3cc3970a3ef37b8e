// `half`: IEEE binary16 storage; every arithmetic operation on half values
// rounds its result to binary16, nearest even (spec section 1). Conversions use
// the CPU's instruction where it has one (xbang/arch/scalar.h).
#pragma once

#include <cstdint>
#include <type_traits>

#include "xbang/arch/scalar.h"

namespace xbang {

// Exact binary16 -> binary32.
inline float half_bits_to_float(uint16_t h) {
  return arch::half_bits_to_float(h);
}

// binary32 -> binary16, round to nearest even, overflow to infinity.
inline uint16_t float_to_half_bits_rn(float f) {
  return arch::float_to_half_bits_rn(f);
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
