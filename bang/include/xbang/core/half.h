// `half`: IEEE binary16; every arithmetic operation on half values rounds its
// result to binary16, nearest even (docs/builtins.md).
//
// Where the compiler has a binary16 type that rounds after every operation,
// half is that type (_Float16), as cncc's half is a built-in floating type:
// `int b = h;` converts implicitly and `cond ? h : 0` is a half. That is GCC
// before 13 (its C++ front end keeps no excess precision) and any compiler
// given -DXBANG_FLOAT16_ROUNDS_EACH_OPERATION with the flag that makes it so
// (xbang::bang passes both to Clang 16 and later: `-Xclang
// -ffloat16-excess-precision=none`; without it Clang computes a whole
// _Float16 expression in float and rounds once). Elsewhere (Clang 14 on
// x86-64 has no _Float16), or with -DXBANG_HALF_CLASS, half is a class with
// the same arithmetic whose conversions use the CPU's instruction where it
// has one (xbang/isa/scalar.h). Code that needs the bits uses half_bits()
// and half_from_bits(), which both forms have.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "xbang/isa/scalar.h"

#if !defined(XBANG_HALF_CLASS) && defined(__FLT16_MAX__) && \
    (defined(XBANG_FLOAT16_ROUNDS_EACH_OPERATION) ||        \
     (defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13))
#define XBANG_HALF_IS_FLOAT16 1
#include <cmath>
#include <cstdlib>
#endif

namespace xbang {

// Exact binary16 -> binary32.
inline float half_bits_to_float(uint16_t h) {
  return isa::half_bits_to_float(h);
}

// binary32 -> binary16, round to nearest even, overflow to infinity.
inline uint16_t float_to_half_bits_rn(float f) {
  return isa::float_to_half_bits_rn(f);
}

#if defined(XBANG_HALF_IS_FLOAT16)

using half = _Float16;

inline uint16_t half_bits(half h) {
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}
inline half half_from_bits(uint16_t b) {
  half h;
  std::memcpy(&h, &b, 2);
  return h;
}

#else

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

inline uint16_t half_bits(half h) { return h.bits; }
inline half half_from_bits(uint16_t b) { return half::from_bits(b); }

#endif  // XBANG_HALF_IS_FLOAT16

static_assert(sizeof(half) == 2, "half must be 16 bits");

}  // namespace xbang

using half = xbang::half;

#if defined(XBANG_HALF_IS_FLOAT16) && !defined(__STDCPP_FLOAT16_T__)
// <cmath> of this library has no _Float16 overloads, so std::fabs(h) would
// be ambiguous between float and double; as with the class form, a half
// argument computes in float. The global names follow (<math.h> brings
// std's overloads into the global namespace the same way).
#define XBANG_HALF_MATH_1(R, name)                                       \
  namespace std {                                                        \
  inline R name(_Float16 x) { return std::name(static_cast<float>(x)); } \
  }                                                                      \
  using std::name;
#define XBANG_HALF_MATH_2(name)                                     \
  namespace std {                                                   \
  inline float name(_Float16 x, _Float16 y) {                       \
    return std::name(static_cast<float>(x), static_cast<float>(y)); \
  }                                                                 \
  }                                                                 \
  using std::name;
XBANG_HALF_MATH_1(float, abs)
XBANG_HALF_MATH_1(float, fabs)
XBANG_HALF_MATH_1(float, sqrt)
XBANG_HALF_MATH_1(float, cbrt)
XBANG_HALF_MATH_1(float, exp)
XBANG_HALF_MATH_1(float, exp2)
XBANG_HALF_MATH_1(float, expm1)
XBANG_HALF_MATH_1(float, log)
XBANG_HALF_MATH_1(float, log2)
XBANG_HALF_MATH_1(float, log10)
XBANG_HALF_MATH_1(float, log1p)
XBANG_HALF_MATH_1(float, sin)
XBANG_HALF_MATH_1(float, cos)
XBANG_HALF_MATH_1(float, tan)
XBANG_HALF_MATH_1(float, asin)
XBANG_HALF_MATH_1(float, acos)
XBANG_HALF_MATH_1(float, atan)
XBANG_HALF_MATH_1(float, sinh)
XBANG_HALF_MATH_1(float, cosh)
XBANG_HALF_MATH_1(float, tanh)
XBANG_HALF_MATH_1(float, asinh)
XBANG_HALF_MATH_1(float, acosh)
XBANG_HALF_MATH_1(float, atanh)
XBANG_HALF_MATH_1(float, erf)
XBANG_HALF_MATH_1(float, erfc)
XBANG_HALF_MATH_1(float, floor)
XBANG_HALF_MATH_1(float, ceil)
XBANG_HALF_MATH_1(float, trunc)
XBANG_HALF_MATH_1(float, round)
XBANG_HALF_MATH_1(float, rint)
XBANG_HALF_MATH_1(float, nearbyint)
XBANG_HALF_MATH_1(long, lround)
XBANG_HALF_MATH_1(long, lrint)
XBANG_HALF_MATH_1(bool, isnan)
XBANG_HALF_MATH_1(bool, isinf)
XBANG_HALF_MATH_1(bool, isfinite)
XBANG_HALF_MATH_1(bool, isnormal)
XBANG_HALF_MATH_1(bool, signbit)
XBANG_HALF_MATH_1(int, fpclassify)
XBANG_HALF_MATH_2(pow)
XBANG_HALF_MATH_2(fmax)
XBANG_HALF_MATH_2(fmin)
XBANG_HALF_MATH_2(fmod)
XBANG_HALF_MATH_2(atan2)
XBANG_HALF_MATH_2(copysign)
XBANG_HALF_MATH_2(hypot)
XBANG_HALF_MATH_2(remainder)
XBANG_HALF_MATH_2(fdim)
#undef XBANG_HALF_MATH_1
#undef XBANG_HALF_MATH_2
#endif
