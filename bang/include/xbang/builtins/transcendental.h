// Transcendental and activation built-ins: __bang_pow2, __bang_log,
// __bang_log2, __bang_sin, __bang_cos and the __bang_active_* family, for
// half and float. Every one is vectorised on xsimd's batch functions (exp2,
// log2, sin, ...); half computes in float lanes and rounds once on store.
//
// Accuracy: xbang evaluates every form, fast (`active_exp`) or high
// precision (`active_exphp`), with xsimd's float functions (within a few
// ULP of the exact result). The hardware's fast forms are coarser
// approximations; kernels that depend on their error are not reproduced.
#pragma once

#include <xsimd/xsimd.hpp>

#include "xbang/builtins/detail/elementwise.h"

namespace xbang {
namespace ops {

// The logarithm base of __bang_log. mlu-ops multiplies its result by ln 2 to
// get a natural logarithm (focal_loss_sigmoid) and feeds it to __bang_pow2
// to raise to a power (yolo_box), so it is base 2.
template <class B>
B bang_log(const B& x) {
  return xsimd::log2(x);
}

// A constant broadcast to every lane of B.
template <class B>
B lanes_of(double v) {
  return B(static_cast<typename B::value_type>(v));
}

#define XBANG_MATH_OP(NAME, EXPR)    \
  struct NAME {                      \
    template <class B>               \
    B operator()(const B& x) const { \
      return EXPR;                   \
    }                                \
  };

XBANG_MATH_OP(Pow2, xsimd::exp2(x))
XBANG_MATH_OP(BangLog, bang_log(x))
XBANG_MATH_OP(Log2, xsimd::log2(x))
XBANG_MATH_OP(NaturalLog, xsimd::log(x))
XBANG_MATH_OP(Exp, xsimd::exp(x))
XBANG_MATH_OP(Sin, xsimd::sin(x))
XBANG_MATH_OP(Cos, xsimd::cos(x))
XBANG_MATH_OP(Tanh, xsimd::tanh(x))
XBANG_MATH_OP(AbsValue, xsimd::abs(x))
XBANG_MATH_OP(Reciprocal, lanes_of<B>(1) / x)
XBANG_MATH_OP(SquareRoot, xsimd::sqrt(x))
XBANG_MATH_OP(ReciprocalSqrt, lanes_of<B>(1) / xsimd::sqrt(x))
XBANG_MATH_OP(Sigmoid, lanes_of<B>(1) / (lanes_of<B>(1) + xsimd::exp(-x)))
// relu: a NaN input gives 0 (a max against 0 that prefers the number).
XBANG_MATH_OP(Relu, xsimd::select(x > lanes_of<B>(0), x, lanes_of<B>(0)))
// sign: -1, 0 or +1 (both zeros give +0); a NaN stays NaN.
XBANG_MATH_OP(Sign,
              xsimd::select(x > lanes_of<B>(0), lanes_of<B>(1),
                            xsimd::select(x < lanes_of<B>(0), lanes_of<B>(-1),
                                          xsimd::select(xsimd::isnan(x), x,
                                                        lanes_of<B>(0)))))
// gelu: the tanh approximation; gelup: the exact erf form.
XBANG_MATH_OP(Gelu, lanes_of<B>(0.5) * x *
                        (lanes_of<B>(1) +
                         xsimd::tanh(lanes_of<B>(0.7978845608028654) *
                                     (x + lanes_of<B>(0.044715) * x * x * x))))
XBANG_MATH_OP(GeluPrecise,
              lanes_of<B>(0.5) * x *
                  (lanes_of<B>(1) +
                   xsimd::erf(x * lanes_of<B>(0.7071067811865476))))

#undef XBANG_MATH_OP

}  // namespace ops
}  // namespace xbang

#define XBANG_TRANSCENDENTAL(NAME, OP)                       \
  XBANG_UNARY_BUILTIN(NAME, ::xbang::ops::OP, is_float_type, \
                      ::xbang::Family::kArithmetic)

XBANG_TRANSCENDENTAL(__bang_pow2, Pow2)
XBANG_TRANSCENDENTAL(__bang_log, BangLog)
XBANG_TRANSCENDENTAL(__bang_log2, Log2)
XBANG_TRANSCENDENTAL(__bang_sin, Sin)
XBANG_TRANSCENDENTAL(__bang_cos, Cos)

XBANG_TRANSCENDENTAL(__bang_active_abs, AbsValue)
XBANG_TRANSCENDENTAL(__bang_active_sign, Sign)
XBANG_TRANSCENDENTAL(__bang_active_relu, Relu)
XBANG_TRANSCENDENTAL(__bang_active_sigmoid, Sigmoid)
XBANG_TRANSCENDENTAL(__bang_active_tanh, Tanh)
XBANG_TRANSCENDENTAL(__bang_active_gelu, Gelu)
XBANG_TRANSCENDENTAL(__bang_active_gelup, GeluPrecise)
XBANG_TRANSCENDENTAL(__bang_active_exp, Exp)
XBANG_TRANSCENDENTAL(__bang_active_exphp, Exp)
// Defined for x <= 0 on the hardware; computed for every x here.
XBANG_TRANSCENDENTAL(__bang_active_exp_less_0, Exp)
XBANG_TRANSCENDENTAL(__bang_active_pow2, Pow2)
XBANG_TRANSCENDENTAL(__bang_active_log, NaturalLog)
XBANG_TRANSCENDENTAL(__bang_active_loghp, NaturalLog)
XBANG_TRANSCENDENTAL(__bang_active_sin, Sin)
XBANG_TRANSCENDENTAL(__bang_active_cos, Cos)
XBANG_TRANSCENDENTAL(__bang_active_recip, Reciprocal)
XBANG_TRANSCENDENTAL(__bang_active_reciphp, Reciprocal)
// Defined for x > 1 on the hardware; computed for every x here.
XBANG_TRANSCENDENTAL(__bang_active_recip_greater_1, Reciprocal)
XBANG_TRANSCENDENTAL(__bang_active_sqrt, SquareRoot)
XBANG_TRANSCENDENTAL(__bang_active_sqrthp, SquareRoot)
XBANG_TRANSCENDENTAL(__bang_active_rsqrt, ReciprocalSqrt)
XBANG_TRANSCENDENTAL(__bang_active_rsqrthp, ReciprocalSqrt)

#undef XBANG_TRANSCENDENTAL
