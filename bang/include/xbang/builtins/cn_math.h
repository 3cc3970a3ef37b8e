// The __cn_scalar_* and __cn_vector_* math library of BANG (libdevice):
// scalar functions of one value, and vector functions over n NRAM elements
// with the count first, __cn_vector_<op>_<type>(n, out, in[, in2]).
// Vector forms run on the elementwise shape templates (f16 computes in
// float lanes) through the elementwise entry (its contract and counting in
// the arithmetic family).
// Choices where the library's documentation is silent:
//   - integer division by zero gives all ones (-1 signed), the remainder by
//     zero gives the dividend (the RISC-V rule), see integer_quotient();
//   - __cn_vector_cast_f32_to_s32 without a rounding suffix truncates toward
//     zero (C's conversion) and saturates like the documented _rn form
//     (NaN: INT32_MAX, or INT32_MIN when its sign bit is set).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <xsimd/xsimd.hpp>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/transcendental.h"

namespace xbang {
namespace detail {

// x / y and x % y for integers, defined for every input.
template <class T>
T integer_quotient(T x, T y) {
  if (y == 0) return T(-1);
  if constexpr (std::is_signed_v<T>) {
    if (x == std::numeric_limits<T>::min() && y == T(-1)) return x;
  }
  return T(x / y);
}
template <class T>
T integer_remainder(T x, T y) {
  if (y == 0) return x;
  if constexpr (std::is_signed_v<T>) {
    if (y == T(-1)) return T(0);
  }
  return T(x % y);
}

// Integer division has no vector instruction on x86: `Scalar` applied one
// lane at a time.
template <class Scalar>
struct LaneByLane {
  template <class B>
  B operator()(const B& x, const B& y) const {
    return simd::lane_by_lane(Scalar{}, x, y);
  }
};
struct QuotientOf {
  template <class T>
  T operator()(T x, T y) const {
    return integer_quotient(x, y);
  }
};
struct RemainderOf {
  template <class T>
  T operator()(T x, T y) const {
    return integer_remainder(x, y);
  }
};
using IntegerQuotient = LaneByLane<QuotientOf>;
using IntegerRemainder = LaneByLane<RemainderOf>;

// sqrt(x*x + y*y) without overflow or underflow in the squares: the larger
// magnitude is factored out. An infinite operand gives +Inf even against a
// NaN (C's hypot).
struct Hypot {
  template <class B>
  B operator()(const B& x, const B& y) const {
    using V = typename B::value_type;
    const B ax = xsimd::abs(x), ay = xsimd::abs(y);
    const B big = xsimd::max(ax, ay), small = xsimd::min(ax, ay);
    const B ratio =
        xsimd::select(big == B(V(0)), B(V(0)), simd::div(small, big));
    const B scaled = big * simd::sqrt(B(V(1)) + ratio * ratio);
    const B inf(std::numeric_limits<V>::infinity());
    const B with_nan =
        xsimd::select(xsimd::isnan(x) | xsimd::isnan(y),
                      B(std::numeric_limits<V>::quiet_NaN()), scaled);
    return xsimd::select((ax == inf) | (ay == inf), inf, with_nan);
  }
};

// float -> int32 toward zero, saturating; NaN by its sign bit.
inline xsimd::batch<int32_t> cast_f32_to_s32_tz(const xsimd::batch<float>& x) {
  using IB = xsimd::batch<int32_t>;
  using FB = xsimd::batch<float>;
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  const FB limit(2147483648.0f);
  const FB in_range = xsimd::select(xsimd::abs(x) < limit, x, FB(0.0f));
  const IB truncated = xsimd::batch_cast<int32_t>(in_range);
  // INT32_MAX with the sign bit of x flipped in is INT32_MIN.
  const IB sign_fill = xsimd::bitwise_cast<IB>(x) >> 31;
  const IB saturated = IB(kMax) ^ sign_fill;
  const IB outside = xsimd::bitwise_cast<IB>(xsimd::select(
      xsimd::abs(x) < limit, FB(0.0f), xsimd::bitwise_cast<FB>(IB(-1))));
  return simd::select(outside != IB(0), saturated, truncated);
}

template <class T, class Op>
void cn_vector_unary(const char* name, int n, T* y, const T* x, Op op) {
  run_elementwise(
      name, Family::kArithmetic, y, n, [&] { unary(y, x, n, op); }, x);
}
template <class T, class Op>
void cn_vector_binary(const char* name, int n, T* z, const T* x, const T* y,
                      Op op) {
  run_elementwise(
      name, Family::kArithmetic, z, n, [&] { binary(z, x, y, n, op); }, x, y);
}

}  // namespace detail
}  // namespace xbang

// Scalar functions.
inline float __cn_scalar_sin_f32(float x) { return std::sin(x); }
inline float __cn_scalar_cos_f32(float x) { return std::cos(x); }
inline half __cn_scalar_sin_f16(half x) { return half(std::sin(float(x))); }
inline half __cn_scalar_cos_f16(half x) { return half(std::cos(float(x))); }
inline float __cn_scalar_hypot_f32(float x, float y) {
  return std::hypot(x, y);
}
inline float __cn_scalar_div_f32_rn(float x, float y) { return x / y; }
inline int32_t __cn_scalar_div_s32(int32_t x, int32_t y) {
  return xbang::detail::integer_quotient(x, y);
}
inline uint32_t __cn_scalar_div_u32(uint32_t x, uint32_t y) {
  return xbang::detail::integer_quotient(x, y);
}

// Vector functions.
inline void __cn_vector_sin_f32(int n, float* y, const float* x) {
  xbang::detail::cn_vector_unary("__cn_vector_sin_f32", n, y, x,
                                 xbang::functors::Sin{});
}

inline void __cn_vector_cos_f32(int n, float* y, const float* x) {
  xbang::detail::cn_vector_unary("__cn_vector_cos_f32", n, y, x,
                                 xbang::functors::Cos{});
}

inline void __cn_vector_sin_f16(int n, half* y, const half* x) {
  xbang::detail::cn_vector_unary("__cn_vector_sin_f16", n, y, x,
                                 xbang::functors::Sin{});
}

inline void __cn_vector_cos_f16(int n, half* y, const half* x) {
  xbang::detail::cn_vector_unary("__cn_vector_cos_f16", n, y, x,
                                 xbang::functors::Cos{});
}

inline void __cn_vector_div_f32_rn(int n, float* z, const float* x,
                                   const float* y) {
  xbang::detail::cn_vector_binary("__cn_vector_div_f32_rn", n, z, x, y,
                                  xbang::functors::Div{});
}

inline void __cn_vector_div_f16_rn(int n, half* z, const half* x,
                                   const half* y) {
  xbang::detail::cn_vector_binary("__cn_vector_div_f16_rn", n, z, x, y,
                                  xbang::functors::Div{});
}

inline void __cn_vector_div_s32(int n, int32_t* z, const int32_t* x,
                                const int32_t* y) {
  xbang::detail::cn_vector_binary("__cn_vector_div_s32", n, z, x, y,
                                  xbang::detail::IntegerQuotient{});
}

inline void __cn_vector_div_u32(int n, uint32_t* z, const uint32_t* x,
                                const uint32_t* y) {
  xbang::detail::cn_vector_binary("__cn_vector_div_u32", n, z, x, y,
                                  xbang::detail::IntegerQuotient{});
}

inline void __cn_vector_hypot_f32(int n, float* z, const float* x,
                                  const float* y) {
  xbang::detail::cn_vector_binary("__cn_vector_hypot_f32", n, z, x, y,
                                  xbang::detail::Hypot{});
}

inline void __cn_vector_hypot_f16(int n, half* z, const half* x,
                                  const half* y) {
  xbang::detail::cn_vector_binary("__cn_vector_hypot_f16", n, z, x, y,
                                  xbang::detail::Hypot{});
}

inline void __cn_vector_cast_f32_to_s32(int n, int32_t* y, const float* x) {
  using namespace xbang::detail;
  run_elementwise(
      "__cn_vector_cast_f32_to_s32", xbang::Family::kArithmetic, y, n,
      [&] {
        constexpr long kStep = long(xsimd::batch<float>::size);
        long i = 0;
        for (; i + kStep <= n; i += kStep) {
          cast_f32_to_s32_tz(xsimd::batch<float>::load_unaligned(x + i))
              .store_unaligned(y + i);
        }
        if (i < n) {
          alignas(64) float in[kStep] = {};
          alignas(64) int32_t out[kStep];
          std::memcpy(in, x + i, size_t(n - i) * sizeof(float));
          cast_f32_to_s32_tz(xsimd::batch<float>::load_aligned(in))
              .store_aligned(out);
          std::memcpy(y + i, out, size_t(n - i) * sizeof(int32_t));
        }
      },
      x);
}

// z[i] = x[i] % y for 64-bit unsigned elements.
inline void __cn_vector_mod_scalar_u64(int n, uint64_t* z, const uint64_t* x,
                                       uint64_t y) {
  using namespace xbang::detail;
  run_elementwise(
      "__cn_vector_mod_scalar_u64", xbang::Family::kArithmetic, z, n,
      [&] {
        for (int i = 0; i < n; ++i) z[i] = integer_remainder(x[i], y);
      },
      x);
}
