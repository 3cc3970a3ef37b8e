// Arithmetic built-ins beyond the core set of arithmetic.h:
//   __bang_write_zero(dst, n)            n zeros (any element type)
//   __bang_incseq(dst, n)                dst[i] = i
//   __bang_maxeq_scalar / __bang_mineq_scalar(dst, src, value, n)
//                                        max/min against a scalar, with the
//                                        NaN rule of __bang_maxequal
//   __bang_rem(dst, src, value, n)       remainder by a scalar (float: C's
//                                        fmod; integers: see cn_math.h)
//   __bang_add_tz(dst, a, b, n), __bang_cycle_add_tz(dst, src, seg, n, seg_n)
//                                        float add rounded toward zero
//   __bang_max / __bang_min(dst, src, n) the extreme value in dst[0] and its
//                                        first index (uint32_t) in the 4
//                                        bytes after it, as __bang_argmax
//   __bang_div(dst, a, b, n)             integer forms: quotient toward zero
//   __bang_div(dst, src, value, n)       by a scalar divisor (half, float:
//                                        IEEE division; integers as above)
// Integer division by zero gives all ones and INT_MIN / -1 gives INT_MIN
// (integer_quotient in cn_math.h, shared with __cn_vector_div_s32).
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <xsimd/xsimd.hpp>

#include "xbang/builtins/cn_math.h"
#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"
#include "xbang/builtins/memory.h"
#include "xbang/builtins/selection.h"

namespace xbang {
namespace detail {

template <class T>
inline constexpr bool is_sequence_type =
    is_one_of<T, half, float, int8_t, uint8_t, int16_t, uint16_t, int32_t,
              uint32_t, int64_t, uint64_t>;
template <class T>
inline constexpr bool is_rem_type =
    is_one_of<T, half, float, int16_t, uint16_t, int32_t, uint32_t>;
template <class T>
inline constexpr bool is_float_only = std::is_same_v<T, float>;

// Float remainder with the sign of the dividend (C's fmod): x - trunc(x/y)*y
// with one rounding, exact while |x/y| < 2^24; a zero result keeps x's sign.
struct FloatRemainder {
  template <class B>
  B operator()(const B& x, const B& y) const {
    const B quotient = xsimd::trunc(simd::div(x, y));
    return xsimd::copysign(simd::fnma(quotient, y, x), x);
  }
};

// a + b rounded toward zero: the round-to-nearest sum is moved one step
// toward zero when its exact error (TwoSum) shows it was rounded away; an
// overflow of finite operands gives the largest finite value.
struct AddTowardZero {
  xsimd::batch<float> operator()(const xsimd::batch<float>& a,
                                 const xsimd::batch<float>& b) const {
    using FB = xsimd::batch<float>;
    using IB = xsimd::batch<int32_t>;
    const FB sum = a + b;
    const FB b_part = sum - a;
    const FB error = (a - (sum - b_part)) + (b - b_part);
    const auto away = ((sum > FB(0.0f)) & (error < FB(0.0f))) |
                      ((sum < FB(0.0f)) & (error > FB(0.0f)));
    const FB toward_zero =
        xsimd::bitwise_cast<FB>(xsimd::bitwise_cast<IB>(sum) - IB(1));
    const FB rounded = xsimd::select(away, toward_zero, sum);
    const auto overflow =
        xsimd::isinf(sum) & xsimd::isfinite(a) & xsimd::isfinite(b);
    const FB largest =
        xsimd::copysign(FB(std::numeric_limits<float>::max()), sum);
    return xsimd::select(overflow, largest, rounded);
  }
};

}  // namespace detail
}  // namespace xbang

template <class T>
inline void __bang_write_zero(T* dst, int n) {
  static_assert(::xbang::detail::is_sequence_type<T>,
                "__bang_write_zero: unsupported element type");
  xbang::detail::fill("__bang_write_zero", dst, n, T{});
}
// Plain char buffers (mlu-ops passes (char*) and (unsigned char*)).
inline void __bang_write_zero(char* dst, int n) {
  __bang_write_zero(reinterpret_cast<int8_t*>(dst), n);
}

template <class T,
          std::enable_if_t<::xbang::detail::is_sequence_type<T>, int> = 0>
inline void __bang_incseq(T* dst, int n) {
  using namespace xbang::detail;
  run_builtin(
      "__bang_incseq", Tally::elements(xbang::Family::kArithmetic, n),
      [&](Contract& c) { c.count(n).dst(dst, n * long(sizeof(T))); },
      [&] {
        for (int i = 0; i < n; ++i) {
          if constexpr (std::is_integral_v<T>) {
            dst[i] = static_cast<T>(i);
          } else {
            dst[i] = static_cast<T>(float(i));
          }
        }
      });
}

XBANG_SCALAR_BUILTIN(__bang_maxeq_scalar, ::xbang::ops::MaxEqual, is_arith_type,
                     ::xbang::Family::kArithmetic)
XBANG_SCALAR_BUILTIN(__bang_mineq_scalar, ::xbang::ops::MinEqual, is_arith_type,
                     ::xbang::Family::kArithmetic)

template <class T, std::enable_if_t<::xbang::detail::is_rem_type<T>, int> = 0>
inline void __bang_rem(T* dst, const T* src,
                       ::xbang::detail::identity_t<T> value, int n) {
  using namespace xbang::detail;
  run_elementwise(
      "__bang_rem", xbang::Family::kArithmetic, dst, n,
      [&] {
        if constexpr (is_float_type<T>) {
          scalar(dst, src, value, n, FloatRemainder{});
        } else {
          scalar(dst, src, value, n, IntegerRemainder{});
        }
      },
      src);
}

XBANG_BINARY_BUILTIN(__bang_div, ::xbang::detail::IntegerQuotient,
                     is_integer_div_type, ::xbang::Family::kArithmetic)
XBANG_SCALAR_BUILTIN(__bang_div, ::xbang::ops::Div, is_float_type,
                     ::xbang::Family::kArithmetic)
XBANG_SCALAR_BUILTIN(__bang_div, ::xbang::detail::IntegerQuotient,
                     is_integer_div_type, ::xbang::Family::kArithmetic)

XBANG_BINARY_BUILTIN(__bang_add_tz, ::xbang::detail::AddTowardZero,
                     is_float_only, ::xbang::Family::kArithmetic)
XBANG_CYCLE_BUILTIN(__bang_cycle_add_tz, ::xbang::detail::AddTowardZero,
                    is_float_only, ::xbang::Family::kArithmetic)

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_max(T* dst, const T* src, int n) {
  xbang::detail::run_arg_extreme("__bang_max", dst, src, n,
                                 [](T a, T b) { return a > b; });
}
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_min(T* dst, const T* src, int n) {
  xbang::detail::run_arg_extreme("__bang_min", dst, src, n,
                                 [](T a, T b) { return a < b; });
}
