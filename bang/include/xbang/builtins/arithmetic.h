// Arithmetic built-ins (docs/builtins.md): elementwise, scalar and cycle forms
// for half, float, int16_t and int32_t (add, sub and mul also for int8_t,
// uint8_t, uint16_t and uint32_t, wrapping; div, sqrt, recip, floor and the
// NaN max/min for half and float), then the further arithmetic:
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

#define XBANG_ARITH ::xbang::Family::kArithmetic

template <class T, std::enable_if_t<
                       ::xbang::detail::is_wrapping_arith_or_bfloat16_type<T> ||
                           std::is_same_v<T, int64_t>,
                       int> = 0>
inline void __bang_add(T* dst, const T* a, const T* b, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_add: no bfloat16_t form on this arch (__BANG_ARCH__ < "
                "500; mtp_592 has it)");
  ::xbang::detail::binary_builtin<::xbang::functors::Add>(
      "__bang_add", XBANG_ARITH, dst, a, b, n);
}

template <class T,
          std::enable_if_t<
              ::xbang::detail::is_wrapping_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_sub(T* dst, const T* a, const T* b, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_sub: no bfloat16_t form on this arch (__BANG_ARCH__ < "
                "500; mtp_592 has it)");
  ::xbang::detail::binary_builtin<::xbang::functors::Sub>(
      "__bang_sub", XBANG_ARITH, dst, a, b, n);
}

template <class T,
          std::enable_if_t<
              ::xbang::detail::is_wrapping_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_mul(T* dst, const T* a, const T* b, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_mul: no bfloat16_t form on this arch (__BANG_ARCH__ < "
                "500; mtp_592 has it)");
  ::xbang::detail::binary_builtin<::xbang::functors::Mul>(
      "__bang_mul", XBANG_ARITH, dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_div(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::Div>(
      "__bang_div", XBANG_ARITH, dst, a, b, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_maxequal(T* dst, const T* a, const T* b, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_maxequal: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::binary_builtin<::xbang::functors::MaxEqual>(
      "__bang_maxequal", XBANG_ARITH, dst, a, b, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_maximum(T* dst, const T* a, const T* b, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_maximum: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::binary_builtin<::xbang::functors::MaxEqual>(
      "__bang_maximum", XBANG_ARITH, dst, a, b, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_minequal(T* dst, const T* a, const T* b, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_minequal: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::binary_builtin<::xbang::functors::MinEqual>(
      "__bang_minequal", XBANG_ARITH, dst, a, b, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_minimum(T* dst, const T* a, const T* b, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_minimum: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::binary_builtin<::xbang::functors::MinEqual>(
      "__bang_minimum", XBANG_ARITH, dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_nan_maximum(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::NanMax>(
      "__bang_nan_maximum", XBANG_ARITH, dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_nan_minimum(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::NanMin>(
      "__bang_nan_minimum", XBANG_ARITH, dst, a, b, n);
}

template <class T,
          std::enable_if_t<
              ::xbang::detail::is_wrapping_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_add_scalar(T* dst, const T* src,
                              ::xbang::detail::identity_t<T> value, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_add_scalar: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::scalar_builtin<::xbang::functors::Add>(
      "__bang_add_scalar", XBANG_ARITH, dst, src, value, n);
}

template <class T,
          std::enable_if_t<
              ::xbang::detail::is_wrapping_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_sub_scalar(T* dst, const T* src,
                              ::xbang::detail::identity_t<T> value, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_sub_scalar: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::scalar_builtin<::xbang::functors::Sub>(
      "__bang_sub_scalar", XBANG_ARITH, dst, src, value, n);
}

template <class T,
          std::enable_if_t<
              ::xbang::detail::is_wrapping_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_mul_scalar(T* dst, const T* src,
                              ::xbang::detail::identity_t<T> value, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_mul_scalar: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::scalar_builtin<::xbang::functors::Mul>(
      "__bang_mul_scalar", XBANG_ARITH, dst, src, value, n);
}

// The scalar forms as older toolkits spell them (mmcv's MLU kernels call
// them): the same operation as the _scalar form of each.
template <class T,
          std::enable_if_t<::xbang::detail::is_wrapping_arith_type<T>, int> = 0>
inline void __bang_add_const(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::run_elementwise(
      "__bang_add_const", XBANG_ARITH, dst, n,
      [&] {
        ::xbang::detail::scalar(dst, src, value, n, ::xbang::functors::Add{});
      },
      src);
}
template <class T,
          std::enable_if_t<::xbang::detail::is_wrapping_arith_type<T>, int> = 0>
inline void __bang_sub_const(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::run_elementwise(
      "__bang_sub_const", XBANG_ARITH, dst, n,
      [&] {
        ::xbang::detail::scalar(dst, src, value, n, ::xbang::functors::Sub{});
      },
      src);
}
template <class T,
          std::enable_if_t<::xbang::detail::is_wrapping_arith_type<T>, int> = 0>
inline void __bang_mul_const(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::run_elementwise(
      "__bang_mul_const", XBANG_ARITH, dst, n,
      [&] {
        ::xbang::detail::scalar(dst, src, value, n, ::xbang::functors::Mul{});
      },
      src);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_abs(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_abs: no bfloat16_t form on this arch (__BANG_ARCH__ < "
                "500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Abs>(
      "__bang_abs", XBANG_ARITH, dst, src, n);
}

// dst[i] = -src[i] (integers wrap: the most negative value stays).
template <class T, std::enable_if_t<
                       ::xbang::detail::is_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_neg(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_neg: no bfloat16_t form on this arch (__BANG_ARCH__ < "
                "500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Neg>(
      "__bang_neg", XBANG_ARITH, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_square(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_square: no bfloat16_t form on this arch (__BANG_ARCH__ "
                "< 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Square>(
      "__bang_square", XBANG_ARITH, dst, src, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_sqrt(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::Sqrt>(
      "__bang_sqrt", XBANG_ARITH, dst, src, n);
}

// bfloat16 (the 592 profile): the float square root rounded to nearest even.
template <class T,
          std::enable_if_t<::xbang::detail::is_bfloat16_type<T>, int> = 0>
inline void __bang_sqrt(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::Sqrt>(
      "__bang_sqrt", XBANG_ARITH, dst, src, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_recip(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::Recip>(
      "__bang_recip", XBANG_ARITH, dst, src, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_floor(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::Floor>(
      "__bang_floor", XBANG_ARITH, dst, src, n);
}

template <class T,
          std::enable_if_t<::xbang::detail::is_wrapping_arith_type<T>, int> = 0>
inline void __bang_cycle_add(T* dst, const T* src, const T* seg, int src_n,
                             int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Add>(
      "__bang_cycle_add", XBANG_ARITH, dst, src, seg, src_n, seg_n);
}

template <class T,
          std::enable_if_t<::xbang::detail::is_wrapping_arith_type<T>, int> = 0>
inline void __bang_cycle_sub(T* dst, const T* src, const T* seg, int src_n,
                             int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Sub>(
      "__bang_cycle_sub", XBANG_ARITH, dst, src, seg, src_n, seg_n);
}

template <class T,
          std::enable_if_t<::xbang::detail::is_wrapping_arith_type<T>, int> = 0>
inline void __bang_cycle_mul(T* dst, const T* src, const T* seg, int src_n,
                             int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Mul>(
      "__bang_cycle_mul", XBANG_ARITH, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_maxequal(T* dst, const T* src, const T* seg, int src_n,
                                  int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::MaxEqual>(
      "__bang_cycle_maxequal", XBANG_ARITH, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_minequal(T* dst, const T* src, const T* seg, int src_n,
                                  int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::MinEqual>(
      "__bang_cycle_minequal", XBANG_ARITH, dst, src, seg, src_n, seg_n);
}

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

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_maxeq_scalar(T* dst, const T* src,
                                ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::functors::MaxEqual>(
      "__bang_maxeq_scalar", ::xbang::Family::kArithmetic, dst, src, value, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_mineq_scalar(T* dst, const T* src,
                                ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::functors::MinEqual>(
      "__bang_mineq_scalar", ::xbang::Family::kArithmetic, dst, src, value, n);
}

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

template <class T,
          std::enable_if_t<::xbang::detail::is_integer_div_type<T>, int> = 0>
inline void __bang_div(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::detail::IntegerQuotient>(
      "__bang_div", ::xbang::Family::kArithmetic, dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_div(T* dst, const T* src,
                       ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::functors::Div>(
      "__bang_div", ::xbang::Family::kArithmetic, dst, src, value, n);
}

template <class T,
          std::enable_if_t<::xbang::detail::is_integer_div_type<T>, int> = 0>
inline void __bang_div(T* dst, const T* src,
                       ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::detail::IntegerQuotient>(
      "__bang_div", ::xbang::Family::kArithmetic, dst, src, value, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_only<T>, int> = 0>
inline void __bang_add_tz(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::detail::AddTowardZero>(
      "__bang_add_tz", ::xbang::Family::kArithmetic, dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_only<T>, int> = 0>
inline void __bang_cycle_add_tz(T* dst, const T* src, const T* seg, int src_n,
                                int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::detail::AddTowardZero>(
      "__bang_cycle_add_tz", ::xbang::Family::kArithmetic, dst, src, seg, src_n,
      seg_n);
}

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

#undef XBANG_ARITH
