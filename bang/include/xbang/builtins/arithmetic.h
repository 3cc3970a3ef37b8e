// Arithmetic built-ins (docs/builtins.md): elementwise, scalar and cycle forms
// for half, float, int16_t and int32_t (add, sub and mul also for int8_t,
// uint8_t, uint16_t and uint32_t, wrapping; div, sqrt, recip, floor and the
// NaN max/min for half and float; the integer and scalar-divisor forms of
// div are in arithmetic_forms.h).
#pragma once

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"

#define XBANG_ARITH ::xbang::Family::kArithmetic

XBANG_BINARY_BUILTIN(__bang_add, ::xbang::ops::Add, is_wrapping_arith_type,
                     XBANG_ARITH)
XBANG_BINARY_BUILTIN(__bang_sub, ::xbang::ops::Sub, is_wrapping_arith_type,
                     XBANG_ARITH)
XBANG_BINARY_BUILTIN(__bang_mul, ::xbang::ops::Mul, is_wrapping_arith_type,
                     XBANG_ARITH)
XBANG_BINARY_BUILTIN(__bang_div, ::xbang::ops::Div, is_float_type, XBANG_ARITH)
XBANG_BINARY_BUILTIN(__bang_maxequal, ::xbang::ops::MaxEqual, is_arith_type,
                     XBANG_ARITH)
XBANG_BINARY_BUILTIN(__bang_maximum, ::xbang::ops::MaxEqual, is_arith_type,
                     XBANG_ARITH)
XBANG_BINARY_BUILTIN(__bang_minequal, ::xbang::ops::MinEqual, is_arith_type,
                     XBANG_ARITH)
XBANG_BINARY_BUILTIN(__bang_minimum, ::xbang::ops::MinEqual, is_arith_type,
                     XBANG_ARITH)
XBANG_BINARY_BUILTIN(__bang_nan_maximum, ::xbang::ops::NanMax, is_float_type,
                     XBANG_ARITH)
XBANG_BINARY_BUILTIN(__bang_nan_minimum, ::xbang::ops::NanMin, is_float_type,
                     XBANG_ARITH)

XBANG_SCALAR_BUILTIN(__bang_add_scalar, ::xbang::ops::Add,
                     is_wrapping_arith_type, XBANG_ARITH)
XBANG_SCALAR_BUILTIN(__bang_sub_scalar, ::xbang::ops::Sub,
                     is_wrapping_arith_type, XBANG_ARITH)
XBANG_SCALAR_BUILTIN(__bang_mul_scalar, ::xbang::ops::Mul,
                     is_wrapping_arith_type, XBANG_ARITH)

// The scalar forms as older toolkits spell them (mmcv's MLU kernels call
// them): the same operation as the _scalar form of each.
template <class T, std::enable_if_t< ::xbang::detail::is_wrapping_arith_type<T>,
                                     int> = 0>
inline void __bang_add_const(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::run_elementwise(
      "__bang_add_const", XBANG_ARITH, dst, n,
      [&] { ::xbang::detail::scalar(dst, src, value, n, ::xbang::ops::Add{}); },
      src);
}
template <class T, std::enable_if_t< ::xbang::detail::is_wrapping_arith_type<T>,
                                     int> = 0>
inline void __bang_sub_const(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::run_elementwise(
      "__bang_sub_const", XBANG_ARITH, dst, n,
      [&] { ::xbang::detail::scalar(dst, src, value, n, ::xbang::ops::Sub{}); },
      src);
}
template <class T, std::enable_if_t< ::xbang::detail::is_wrapping_arith_type<T>,
                                     int> = 0>
inline void __bang_mul_const(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::run_elementwise(
      "__bang_mul_const", XBANG_ARITH, dst, n,
      [&] { ::xbang::detail::scalar(dst, src, value, n, ::xbang::ops::Mul{}); },
      src);
}

XBANG_UNARY_BUILTIN(__bang_abs, ::xbang::ops::Abs, is_arith_type, XBANG_ARITH)
XBANG_UNARY_BUILTIN(__bang_square, ::xbang::ops::Square, is_arith_type,
                    XBANG_ARITH)
XBANG_UNARY_BUILTIN(__bang_sqrt, ::xbang::ops::Sqrt, is_float_type, XBANG_ARITH)
// bfloat16 (the 592 profile): the float square root rounded to nearest even.
XBANG_UNARY_BUILTIN(__bang_sqrt, ::xbang::ops::Sqrt, is_bfloat16_type,
                    XBANG_ARITH)
XBANG_UNARY_BUILTIN(__bang_recip, ::xbang::ops::Recip, is_float_type,
                    XBANG_ARITH)
XBANG_UNARY_BUILTIN(__bang_floor, ::xbang::ops::Floor, is_float_type,
                    XBANG_ARITH)

XBANG_CYCLE_BUILTIN(__bang_cycle_add, ::xbang::ops::Add, is_wrapping_arith_type,
                    XBANG_ARITH)
XBANG_CYCLE_BUILTIN(__bang_cycle_sub, ::xbang::ops::Sub, is_wrapping_arith_type,
                    XBANG_ARITH)
XBANG_CYCLE_BUILTIN(__bang_cycle_mul, ::xbang::ops::Mul, is_wrapping_arith_type,
                    XBANG_ARITH)
XBANG_CYCLE_BUILTIN(__bang_cycle_maxequal, ::xbang::ops::MaxEqual,
                    is_arith_type, XBANG_ARITH)
XBANG_CYCLE_BUILTIN(__bang_cycle_minequal, ::xbang::ops::MinEqual,
                    is_arith_type, XBANG_ARITH)

#undef XBANG_ARITH
