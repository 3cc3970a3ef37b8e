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

#include <cstdint>
#include <limits>
#include <xsimd/xsimd.hpp>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"

namespace xbang {
namespace functors {

// Logarithms of float batches written on the xsimd API with float blends
// only: xsimd's own log/log2 use an integer blend that g++ -O0 cannot
// compile on AVX-512. x = 2^e * (1 + f) with 1 + f in [sqrt(1/2), sqrt(2)),
// ln(1 + f) from the Cephes logf polynomial (a few ULP).
struct LogParts {
  xsimd::batch<float> exponent;  // e
  xsimd::batch<float> log1p_f;   // ln(1 + f)
};
inline LogParts log_parts(const xsimd::batch<float>& x) {
  using FB = xsimd::batch<float>;
  using IB = xsimd::batch<int32_t>;
  // Denormals: scaled into the normal range first.
  const auto tiny = x < FB(std::numeric_limits<float>::min());
  const FB scaled = xsimd::select(tiny, x * FB(33554432.0f), x);  // 2^25
  const IB bits = xsimd::bitwise_cast<IB>(scaled);
  FB exponent = xsimd::batch_cast<float>(((bits >> 23) & IB(0xff)) - IB(126)) -
                xsimd::select(tiny, FB(25.0f), FB(0.0f));
  // Mantissa in [0.5, 1), then moved to [sqrt(1/2), sqrt(2)).
  FB m = xsimd::bitwise_cast<FB>((bits & IB(0x807fffff)) | IB(0x3f000000));
  const auto low = m < FB(0.707106781186547524f);
  exponent = exponent - xsimd::select(low, FB(1.0f), FB(0.0f));
  const FB f = xsimd::select(low, m + m, m) - FB(1.0f);
  const FB z = f * f;
  FB y = FB(7.0376836292e-2f);
  for (float c : {-1.1514610310e-1f, 1.1676998740e-1f, -1.2420140846e-1f,
                  1.4249322787e-1f, -1.6668057665e-1f, 2.0000714765e-1f,
                  -2.4999993993e-1f, 3.3333331174e-1f}) {
    y = simd::fma(y, f, FB(c));
  }
  y = y * f * z - FB(0.5f) * z;
  return {exponent, f + y};
}
// The IEEE special cases of a logarithm: x < 0 or NaN -> NaN, +-0 -> -Inf,
// +Inf -> +Inf.
inline xsimd::batch<float> log_special_cases(const xsimd::batch<float>& x,
                                             const xsimd::batch<float>& r) {
  using FB = xsimd::batch<float>;
  const FB inf(std::numeric_limits<float>::infinity());
  FB out = xsimd::select(x == FB(0.0f), -inf, r);
  out = xsimd::select(x == inf, inf, out);
  return xsimd::select((x < FB(0.0f)) | xsimd::isnan(x),
                       FB(std::numeric_limits<float>::quiet_NaN()), out);
}
inline xsimd::batch<float> natural_log(const xsimd::batch<float>& x) {
  const LogParts p = log_parts(x);
  // e * ln 2 in two parts, so that the sum stays accurate.
  const xsimd::batch<float> r =
      p.log1p_f + p.exponent * -2.12194440e-4f + p.exponent * 0.693359375f;
  return log_special_cases(x, r);
}
inline xsimd::batch<float> log_base2(const xsimd::batch<float>& x) {
  const LogParts p = log_parts(x);
  return log_special_cases(
      x, simd::fma(p.log1p_f, xsimd::batch<float>(1.44269504088896341f),
                   p.exponent));
}

// The logarithm base of __bang_log. mlu-ops multiplies its result by ln 2 to
// get a natural logarithm (focal_loss_sigmoid) and feeds it to __bang_pow2
// to raise to a power (yolo_box), so it is base 2.
inline xsimd::batch<float> bang_log(const xsimd::batch<float>& x) {
  return log_base2(x);
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
XBANG_MATH_OP(Log2, log_base2(x))
XBANG_MATH_OP(NaturalLog, natural_log(x))
XBANG_MATH_OP(Exp, xsimd::exp(x))
XBANG_MATH_OP(Sin, xsimd::sin(x))
XBANG_MATH_OP(Cos, xsimd::cos(x))
XBANG_MATH_OP(Tanh, xsimd::tanh(x))
XBANG_MATH_OP(AbsValue, xsimd::abs(x))
XBANG_MATH_OP(Reciprocal, simd::div(lanes_of<B>(1), x))
XBANG_MATH_OP(SquareRoot, simd::sqrt(x))
XBANG_MATH_OP(ReciprocalSqrt, simd::div(lanes_of<B>(1), simd::sqrt(x)))
XBANG_MATH_OP(Sigmoid,
              simd::div(lanes_of<B>(1), lanes_of<B>(1) + xsimd::exp(-x)))
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

}  // namespace functors
}  // namespace xbang

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_pow2(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::Pow2>(
      "__bang_pow2", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_log(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::BangLog>(
      "__bang_log", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_log2(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::Log2>(
      "__bang_log2", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_sin(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::Sin>(
      "__bang_sin", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_cos(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::Cos>(
      "__bang_cos", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_abs(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_abs: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::AbsValue>(
      "__bang_active_abs", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_sign(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_sign: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Sign>(
      "__bang_active_sign", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_relu(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_relu: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Relu>(
      "__bang_active_relu", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_sigmoid(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_sigmoid: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Sigmoid>(
      "__bang_active_sigmoid", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_tanh(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_tanh: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Tanh>(
      "__bang_active_tanh", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_gelu(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_gelu: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Gelu>(
      "__bang_active_gelu", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_gelup(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_gelup: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::GeluPrecise>(
      "__bang_active_gelup", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_exp(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_exp: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Exp>(
      "__bang_active_exp", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_exphp(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_exphp: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Exp>(
      "__bang_active_exphp", ::xbang::Family::kArithmetic, dst, src, n);
}

// Defined for x <= 0 on the hardware; computed for every x here.
template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_exp_less_0(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_exp_less_0: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Exp>(
      "__bang_active_exp_less_0", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_pow2(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_pow2: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Pow2>(
      "__bang_active_pow2", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_log(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_log: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::NaturalLog>(
      "__bang_active_log", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_loghp(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_loghp: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::NaturalLog>(
      "__bang_active_loghp", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_sin(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_sin: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Sin>(
      "__bang_active_sin", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_cos(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_cos: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Cos>(
      "__bang_active_cos", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_recip(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_recip: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Reciprocal>(
      "__bang_active_recip", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_reciphp(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_reciphp: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Reciprocal>(
      "__bang_active_reciphp", ::xbang::Family::kArithmetic, dst, src, n);
}

// Defined for x > 1 on the hardware; computed for every x here.
template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_recip_greater_1(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_recip_greater_1: no bfloat16_t form on this "
                "arch (__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::Reciprocal>(
      "__bang_active_recip_greater_1", ::xbang::Family::kArithmetic, dst, src,
      n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_sqrt(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_sqrt: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::SquareRoot>(
      "__bang_active_sqrt", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_sqrthp(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_sqrthp: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::SquareRoot>(
      "__bang_active_sqrthp", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_rsqrt(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_rsqrt: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::ReciprocalSqrt>(
      "__bang_active_rsqrt", ::xbang::Family::kArithmetic, dst, src, n);
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_float_or_bfloat16_type<T>, int> = 0>
inline void __bang_active_rsqrthp(T* dst, const T* src, int n) {
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_active_rsqrthp: no bfloat16_t form on this arch "
                "(__BANG_ARCH__ < 500; mtp_592 has it)");
  ::xbang::detail::unary_builtin<::xbang::functors::ReciprocalSqrt>(
      "__bang_active_rsqrthp", ::xbang::Family::kArithmetic, dst, src, n);
}

// Spellings of older toolkits that public kernels still call (mmcv's MLU
// kernels): relu and relun on every arithmetic type, and the Taylor-series
// sine and cosine.
namespace xbang {
namespace functors {
// max(x, 0); a NaN gives 0, as __bang_active_relu.
struct Rectify {
  template <class B>
  B operator()(const B& x) const {
    const B zero = lanes_of<B>(0);
    return simd::select(x > zero, x, zero);
  }
};
// min(max(x, 0), limit): relu capped at limit; a NaN x gives 0.
struct RectifyUpTo {
  template <class B>
  B operator()(const B& x, const B& limit) const {
    const B r = Rectify{}(x);
    return simd::select(r > limit, limit, r);
  }
};
}  // namespace functors
}  // namespace xbang

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_relu(T* dst, const T* src, int n) {
  ::xbang::detail::run_elementwise(
      "__bang_relu", ::xbang::Family::kArithmetic, dst, n,
      [&] {
        ::xbang::detail::unary(dst, src, n, ::xbang::functors::Rectify{});
      },
      src);
}

// Choice where uncertain: a threshold below 0 (mmcv skips the call then)
// caps every element at that threshold.
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_relun(T* dst, const T* src, int n,
                         ::xbang::detail::identity_t<T> threshold) {
  ::xbang::detail::run_elementwise(
      "__bang_relun", ::xbang::Family::kArithmetic, dst, n,
      [&] {
        ::xbang::detail::scalar(dst, src, threshold, n,
                                ::xbang::functors::RectifyUpTo{});
      },
      src);
}

namespace xbang {
namespace detail {
// The Taylor forms take two scratch arrays of n elements in NRAM, which
// the hardware overwrites; xbang computes sin and cos as __bang_active_sin
// and __bang_active_cos do and leaves them as they are.
template <class T, class Op>
void taylor_builtin(const char* name, T* dst, const T* src, T* scratch1,
                    T* scratch2, int n) {
  run_builtin(
      name, Tally::elements(Family::kArithmetic, n),
      [&](Contract& c) {
        elementwise_contract(c, dst, n, src);
        const long bytes = long(n) * long(sizeof(T));
        c.operand("scratch1", scratch1, bytes, Space::kNram)
            .operand("scratch2", scratch2, bytes, Space::kNram);
      },
      [&] { unary(dst, src, n, Op{}); });
}
}  // namespace detail
}  // namespace xbang

// Choice where uncertain: the hardware evaluates a four-term Taylor series
// (accurate near 0); xbang returns the sine and cosine themselves, which is
// what the calling kernels use them for.
template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_taylor4_sin(T* dst, const T* src, T* scratch1, T* scratch2,
                               int n) {
  ::xbang::detail::taylor_builtin<T, ::xbang::functors::Sin>(
      "__bang_taylor4_sin", dst, src, scratch1, scratch2, n);
}
template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_taylor4_cos(T* dst, const T* src, T* scratch1, T* scratch2,
                               int n) {
  ::xbang::detail::taylor_builtin<T, ::xbang::functors::Cos>(
      "__bang_taylor4_cos", dst, src, scratch1, scratch2, n);
}
