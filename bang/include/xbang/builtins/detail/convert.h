// The engine of the conversion built-ins (the names: ../conversion.h;
// docs/builtins.md, Conversions):
//   __bang_<from>2<to>[_mode](dst, src, n[, position])   NRAM vectors
//   __<from>2<to>[_mode](x)                                scalars
// for every ordered pair of float, half, int32, int16 and int8, modes
// _rn (nearest, ties to even), _rd (nearest, ties away from zero), _dn
// (floor), _up (ceil), _tz (toward zero), _oz (away from zero); no suffix is
// _tz for float/half to int and _rn otherwise.
//
// Semantics (choices where the spec is silent are marked "emulator"):
// - float/half to int: x * 2^-position rounded by the mode, saturated to the
//   target range; NaN gives 0, +-Inf the range ends.
// - int to float/half: x * 2^position rounded by the mode to the target.
// - float to half (and int to half/float) follows IEEE 754: NaN stays NaN,
//   Inf stays Inf, a finite value beyond the range overflows to Inf where the
//   mode rounds away from the range (_rn, _rd, _oz; _up above, _dn below) and
//   to the largest finite value where it rounds toward it (_tz; _dn above,
//   _up below). Subnormal halves are produced and read exactly.
// - int to int (emulator): the value is kept and saturated to the target
//   range; the mode changes nothing. Pairs whose conversion is exact
//   (half to float, int8 to half...) accept every mode for uniformity.
// - position exists only where one side is an integer and the other float or
//   half (as on hardware); it defaults to 0. Any int works; |position| <= 64
//   takes the vector path, larger ones the scalar path (same results).
// - dst == src exactly is allowed for every pair: narrowing and same-size
//   pairs run front to back, widening pairs back to front.
// - On arch < 372 the alignment rule is checked on n * sizeof(dst type).
//
// Implementation: one convert shape. BatchConvert<From, To, Mode> loads a
// batch of source lanes into a working batch (float, double for int32 to
// float/half, int32 for int to int), scales it by the position, rounds it by
// the mode, saturates and narrows/stores. convert_scalar() rounds the exact
// double value of the source to the target with any mode; it handles the
// tail, the scalar forms and positions outside the vector range.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <xsimd/xsimd.hpp>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/core/half.h"
#include "xbang/isa/simd.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/task.h"

namespace xbang {

enum class RoundMode { kRn, kRd, kDn, kUp, kTz, kOz };

namespace detail {
namespace conv {

template <class T>
inline constexpr bool kIsInt = std::is_integral_v<T>;
template <class T>
inline constexpr bool kIsFloating =
    std::is_same_v<T, float> || std::is_same_v<T, half>;

// A fixed-point position applies between an integer and a floating type:
// +1 scales by 2^position (int to float), -1 by 2^-position (float to int).
template <class From, class To>
inline constexpr int kPositionSign = kIsFloating<From>&& kIsInt<To>   ? -1
                                     : kIsInt<From>&& kIsFloating<To> ? 1
                                                                      : 0;

template <class From, class To>
inline constexpr RoundMode kDefaultMode =
    kIsFloating<From>&& kIsInt<To> ? RoundMode::kTz : RoundMode::kRn;

// Binary floating formats a conversion rounds to.
template <class T>
struct FloatFormat;
template <>
struct FloatFormat<float> {
  static constexpr int kPrecision = 24;  // significand bits
  static constexpr int kMinExponent = -126;
  static constexpr double kMax = 3.4028234663852886e38;
};
template <>
struct FloatFormat<half> {
  static constexpr int kPrecision = 11;
  static constexpr int kMinExponent = -14;
  static constexpr double kMax = 65504.0;
};

// ---------------------------------------------------------------------------
// Scalar generic path: exact double value -> target, any mode.

// Rounds to an integral value; keeps the sign of zero, Inf and NaN.
inline double round_integral(double x, RoundMode mode) {
  if (!std::isfinite(x)) return x;
  double r;
  switch (mode) {
    case RoundMode::kRn: {
      const double f = std::floor(x);
      const double d = x - f;  // exact
      r = d > 0.5 ? f + 1 : d < 0.5 ? f : std::fmod(f, 2.0) == 0 ? f : f + 1;
      break;
    }
    case RoundMode::kRd: {
      const double t = std::trunc(x);
      r = std::fabs(x - t) >= 0.5 ? t + std::copysign(1.0, x) : t;
      break;
    }
    case RoundMode::kDn:
      r = std::floor(x);
      break;
    case RoundMode::kUp:
      r = std::ceil(x);
      break;
    case RoundMode::kTz:
      r = std::trunc(x);
      break;
    default: {  // kOz
      const double t = std::trunc(x);
      r = t != x ? t + std::copysign(1.0, x) : t;
      break;
    }
  }
  // Rounding never flips the sign, but f + 1 can turn -0.3 into +0.
  return std::copysign(r, x);
}

// What a finite value beyond a format's range becomes (IEEE 754 overflow).
inline double overflow_value(double v, RoundMode mode, double max_finite) {
  const double inf = std::numeric_limits<double>::infinity();
  const bool positive = v > 0;
  switch (mode) {
    case RoundMode::kTz:
      return positive ? max_finite : -max_finite;
    case RoundMode::kDn:
      return positive ? max_finite : -inf;
    case RoundMode::kUp:
      return positive ? inf : -max_finite;
    default:  // kRn, kRd, kOz round away from the range
      return positive ? inf : -inf;
  }
}

// v rounded to a value of format T (returned exactly as a double), or the
// overflow result. NaN, Inf and zeros pass through.
template <class T>
double round_to_format(double v, RoundMode mode) {
  using Format = FloatFormat<T>;
  if (!std::isfinite(v) || v == 0) return v;
  int exponent;
  std::frexp(v, &exponent);  // |v| in [2^(exponent-1), 2^exponent)
  const int quantum_exponent =
      std::max(exponent - 1, Format::kMinExponent) - (Format::kPrecision - 1);
  const double r = std::ldexp(
      round_integral(std::ldexp(v, -quantum_exponent), mode), quantum_exponent);
  return std::fabs(r) > Format::kMax ? overflow_value(v, mode, Format::kMax)
                                     : r;
}

// The bits of the half holding exactly the float f (or +-Inf, NaN quieted
// as F16C does). f must be a half value: nothing is rounded.
inline uint16_t exact_half_bits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint16_t sign = uint16_t((x >> 16) & 0x8000u);
  const uint32_t abs = x & 0x7fffffffu;
  if (abs >= 0x7f800000u) {
    return sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u | (abs >> 13) : 0u);
  }
  if (abs >= 0x38800000u) {  // normal: rebias the exponent from 127 to 15
    return sign | uint16_t((abs - 0x38000000u) >> 13);
  }
  return sign | uint16_t(std::ldexp(std::fabs(f), 24));  // m * 2^-24
}

template <class T>
double exact_value(T x) {
  if constexpr (std::is_same_v<T, half>) {
    return half_bits_to_float(half_bits(x));
  } else {
    return double(x);
  }
}

template <class To>
To from_double(double v, RoundMode mode) {
  if constexpr (kIsInt<To>) {
    if (std::isnan(v)) return 0;
    const double r = round_integral(v, mode);
    if (r >= double(std::numeric_limits<To>::max())) {
      return std::numeric_limits<To>::max();
    }
    if (r <= double(std::numeric_limits<To>::min())) {
      return std::numeric_limits<To>::min();
    }
    return To(r);
  } else if constexpr (std::is_same_v<To, float>) {
    return float(round_to_format<float>(v, mode));  // exact (NaN stays NaN)
  } else {
    return half_from_bits(
        exact_half_bits(float(round_to_format<half>(v, mode))));
  }
}

// Whether every From value is exactly a To value (no rounding, no range).
template <class From, class To>
inline constexpr bool kExactWidening =
    (std::is_same_v<From, half> && std::is_same_v<To, float>) ||
    (std::is_same_v<From, int8_t> && (kIsFloating<To> || sizeof(To) > 1)) ||
    (std::is_same_v<From, int16_t> &&
     (std::is_same_v<To, float> || std::is_same_v<To, int32_t>));

// The reference conversion: exact value, scaled, rounded once.
template <class From, class To>
To convert_scalar(From x, RoundMode mode, int position) {
  constexpr int kSign = kPositionSign<From, To>;
  if constexpr (kExactWidening<From, To>) {
    if (kSign == 0 || position == 0) {
      if constexpr (std::is_same_v<To, half>) {
        return half_from_bits(exact_half_bits(float(x)));
      } else {
        return To(exact_value(x));
      }
    }
  }
  double v = exact_value(x);
  if (kSign != 0 && position != 0) {
    // Past +-400 every nonzero scaled value is already beyond every target's
    // range or below half its smallest step, so clamping changes no result
    // and keeps v from under/overflowing the double.
    v = std::ldexp(v, kSign * std::clamp(position, -400, 400));
  }
  return from_double<To>(v, mode);
}

// ---------------------------------------------------------------------------
// Vector path.

using Io = simd::ConvertLanes<>;
using FloatV = Io::FloatV;
using DoubleV = Io::DoubleV;
using Int32V = Io::Int32V;
using Int64V = xsimd::batch<int64_t, simd::TunedTarget>;
inline constexpr int kLanes = int(FloatV::size);
static_assert(Int32V::size == FloatV::size && 2 * DoubleV::size == kLanes,
              "one batch of lanes is one float/int32 register or two double");

// The vector path keeps every scaled value exact and normal for these.
inline constexpr int kMaxVectorPosition = 64;

// The half store's rounding for mode M, where it has one.
template <RoundMode M>
inline constexpr simd::HalfRound kHalfRound =
    M == RoundMode::kDn   ? simd::HalfRound::kDown
    : M == RoundMode::kUp ? simd::HalfRound::kUp
    : M == RoundMode::kTz ? simd::HalfRound::kTowardZero
                          : simd::HalfRound::kNearest;

// Stores float lanes as float or half; for half the store rounds by M.
template <RoundMode M, class T>
void store_floating(T* p, FloatV v) {
  if constexpr (std::is_same_v<T, float>) {
    v.store_unaligned(p);
  } else {
    Io::store_half<kHalfRound<M>>(p, v);
  }
}

// Whether a float batch can go straight to the half store for mode M (the
// others arrive already representable).
template <RoundMode M>
inline constexpr bool kHalfStoreRounds =
    M != RoundMode::kRd&& M !=
    RoundMode::kOz&& Io::kHalfStoreRounds<kHalfRound<M>>;

// --- rounding on batches (float or double lanes).

template <RoundMode M, class V>
V round_integral(V x) {
  if constexpr (M == RoundMode::kRn) {
    return xsimd::nearbyint(x);
  } else if constexpr (M == RoundMode::kDn) {
    return xsimd::floor(x);
  } else if constexpr (M == RoundMode::kUp) {
    return xsimd::ceil(x);
  } else if constexpr (M == RoundMode::kTz) {
    return xsimd::trunc(x);
  } else {
    using T = typename V::value_type;
    const V t = xsimd::trunc(x);
    const V away = t + xsimd::copysign(V(T(1)), x);
    if constexpr (M == RoundMode::kRd) {
      // x - t is exact; for Inf it is NaN and the comparison is false.
      return xsimd::select(xsimd::abs(x - t) >= V(T(0.5)), away, t);
    } else {  // kOz; NaN compares unequal and stays NaN
      return xsimd::select(t != x, away, t);
    }
  }
}

template <class V>
struct BitsOf;
template <>
struct BitsOf<FloatV> {
  using Int = Int32V;
  static constexpr int kMantissa = 23;
  static constexpr int kBias = 127;
};
template <>
struct BitsOf<DoubleV> {
  using Int = Int64V;
  static constexpr int kMantissa = 52;
  static constexpr int kBias = 1023;
};

// Rounds every lane to format T with mode M, including subnormal results and
// IEEE overflow; the result lanes hold values of T exactly (or +-Inf, NaN).
// The lane's quantum q (a power of two) is built from its exponent bits, so
// x / q and r * q are exact.
template <RoundMode M, class T, class V>
V round_to_format(V x) {
  using Format = FloatFormat<T>;
  using Bits = BitsOf<V>;
  using IntV = typename Bits::Int;
  using I = typename IntV::value_type;
  using S = typename V::value_type;
  constexpr I kExponentMask =
      ((I(1) << (sizeof(I) * 8 - 1 - Bits::kMantissa)) - 1) << Bits::kMantissa;
  constexpr I kPrecisionShift = I(Format::kPrecision - 1) << Bits::kMantissa;
  constexpr I kMinQuantum =
      I(Format::kMinExponent - (Format::kPrecision - 1) + Bits::kBias)
      << Bits::kMantissa;
  constexpr I kTwiceBias = I(2 * Bits::kBias) << Bits::kMantissa;

  const IntV exponent_bits = xsimd::bitwise_cast<IntV>(x) & IntV(kExponentMask);
  const IntV quantum_bits =
      xsimd::max(exponent_bits - IntV(kPrecisionShift), IntV(kMinQuantum));
  const V quantum = xsimd::bitwise_cast<V>(quantum_bits);
  const V inverse = xsimd::bitwise_cast<V>(IntV(kTwiceBias) - quantum_bits);
  // copysign: without SSE4.1, xsimd's trunc/ceil may turn -0.3 into +0.
  const V r = xsimd::copysign(round_integral<M>(x * inverse) * quantum, x);

  const V inf(std::numeric_limits<S>::infinity());
  const V max_finite = V(S(Format::kMax));
  const auto overflow = (xsimd::abs(r) > max_finite) & (xsimd::abs(x) < inf);
  V replacement;
  if constexpr (M == RoundMode::kTz) {
    replacement = max_finite;
  } else if constexpr (M == RoundMode::kDn) {
    replacement = xsimd::select(x > V(S(0)), max_finite, inf);
  } else if constexpr (M == RoundMode::kUp) {
    replacement = xsimd::select(x > V(S(0)), inf, max_finite);
  } else {
    replacement = inf;
  }
  return xsimd::select(overflow, xsimd::copysign(replacement, x), r);
}

// Integral (or +-Inf/NaN) float lanes -> int32 lanes inside T's range.
template <class T>
Int32V saturate_to_int(FloatV r) {
  constexpr float kLow = float(std::numeric_limits<T>::min());
  // 2^31 is the first float above int32's range; smaller types' max is exact.
  constexpr float kHigh = std::is_same_v<T, int32_t>
                              ? 2147483648.0f
                              : float(std::numeric_limits<T>::max());
  r = xsimd::select(xsimd::isnan(r), FloatV(0.f), r);
  r = xsimd::min(xsimd::max(r, FloatV(kLow)), FloatV(kHigh));
  Int32V i = xsimd::to_int(r);
  if constexpr (std::is_same_v<T, int32_t>) {
    // cvtt gives INT32_MIN for 2^31; those lanes mean INT32_MAX.
    i = xsimd::select(xsimd::bool_cast(r >= FloatV(kHigh)),
                      Int32V(std::numeric_limits<int32_t>::max()), i);
  }
  return i;
}

// The convert shape: source lanes -> working batch -> scale -> round by
// mode -> saturate -> narrow/store, for one batch of kLanes elements.
template <class From, class To, RoundMode M>
class BatchConvert {
 public:
  explicit BatchConvert(int position)
      : float_scale_(std::ldexp(1.0f, kPositionSign<From, To> * position)),
        double_scale_(std::ldexp(1.0, kPositionSign<From, To> * position)),
        scaled_(kPositionSign<From, To> != 0 && position != 0),
        may_underflow_(kPositionSign<From, To> < 0 && position > 0) {}

  void operator()(To* dst, const From* src) const {
    if constexpr (kIsInt<From> && kIsInt<To>) {
      const Int32V v = Io::load_int32(src);
      Io::store_int(
          dst,
          xsimd::min(
              xsimd::max(v, Int32V(int32_t(std::numeric_limits<To>::min()))),
              Int32V(int32_t(std::numeric_limits<To>::max()))));
    } else if constexpr (kIsInt<To>) {  // float/half to int
      FloatV x = Io::load_float(src);
      if (scaled_) x = scale_down(x);
      Io::store_int(dst, saturate_to_int<To>(round_integral<M>(x)));
    } else if constexpr (std::is_same_v<From, int32_t> &&
                         !(std::is_same_v<To, float> && M == RoundMode::kRn)) {
      // int32 exceeds a float significand: round once, from exact doubles.
      DoubleV lo, hi;
      Io::load_double(src, lo, hi);
      if (scaled_) {
        lo *= DoubleV(double_scale_);
        hi *= DoubleV(double_scale_);
      }
      store_floating<RoundMode::kRn>(
          dst, Io::narrow_to_float(round_to_format<M, To>(lo),
                                   round_to_format<M, To>(hi)));
    } else {  // exact float lanes (int32 rounded to nearest) to float/half
      FloatV x = Io::load_float(src);
      if (scaled_) x *= FloatV(float_scale_);  // exact: int * 2^|pos<=64|
      if constexpr (std::is_same_v<To, float> || kHalfStoreRounds<M>) {
        store_floating<M>(dst, x);
      } else {
        store_floating<RoundMode::kRn>(dst, round_to_format<M, To>(x));
      }
    }
  }

 private:
  // x * 2^-position; a nonzero product that underflows to zero becomes the
  // smallest subnormal of its sign so that _up/_dn/_oz still round it to +-1.
  FloatV scale_down(FloatV x) const {
    const FloatV y = x * FloatV(float_scale_);
    if constexpr (M == RoundMode::kDn || M == RoundMode::kUp ||
                  M == RoundMode::kOz) {
      if (may_underflow_) {
        const FloatV tiny(std::numeric_limits<float>::denorm_min());
        return xsimd::select((y == FloatV(0.f)) & (x != FloatV(0.f)),
                             xsimd::copysign(tiny, x), y);
      }
    }
    return y;
  }

  float float_scale_;
  double double_scale_;
  bool scaled_;
  bool may_underflow_;
};

// Conversions stream: a widening one back to front when dst starts at or
// after src (exact in place), otherwise front to back, which also serves
// mlu-ops' "bit-up" layout (the wide dst ends where the narrow src ends,
// dst = (float*)((half*)src - n)) and any narrowing with dst at or before
// src.
template <class From, class To>
bool converts_back_to_front(const To* dst, const From* src) {
  return sizeof(To) > sizeof(From) && reinterpret_cast<const char*>(dst) >=
                                          reinterpret_cast<const char*>(src);
}

// Whether that streaming order never overwrites a source element it has not
// read yet, for overlapping operands.
template <class From, class To>
bool overlap_streams_safely(const To* dst, const From* src, long n) {
  const char* d = reinterpret_cast<const char*>(dst);
  const char* s = reinterpret_cast<const char*>(src);
  if (d == s) return true;
  if (sizeof(To) > sizeof(From)) {
    return d < s && d + n * long(sizeof(To)) <= s + n * long(sizeof(From));
  }
  return d <= s;
}

template <class From, class To, RoundMode M>
void convert_array(To* dst, const From* src, long n, int position) {
  if (n <= 0) return;
  const bool back_to_front = converts_back_to_front(dst, src);
  if (position > kMaxVectorPosition || position < -kMaxVectorPosition) {
    if (back_to_front) {
      for (long i = n - 1; i >= 0; --i)
        dst[i] = convert_scalar<From, To>(src[i], M, position);
    } else {
      for (long i = 0; i < n; ++i)
        dst[i] = convert_scalar<From, To>(src[i], M, position);
    }
    return;
  }
  const BatchConvert<From, To, M> convert(position);
  const long full = n / kLanes * kLanes;
  if (back_to_front) {
    for (long i = n - 1; i >= full; --i) {
      dst[i] = convert_scalar<From, To>(src[i], M, position);
    }
    for (long i = full - kLanes; i >= 0; i -= kLanes) convert(dst + i, src + i);
  } else {
    for (long i = 0; i < full; i += kLanes) convert(dst + i, src + i);
    for (long i = full; i < n; ++i) {
      dst[i] = convert_scalar<From, To>(src[i], M, position);
    }
  }
}

// The elementwise contract, except that src may overlap dst wherever the
// streaming order reads each source element before overwriting it.
template <class From, class To, RoundMode M>
void convert_builtin(const char* builtin, To* dst, const From* src, int n,
                     int position) {
  run_builtin(
      builtin, Tally::elements(Family::kConversion, n),
      [&](Contract& c) {
        const std::ptrdiff_t dst_bytes = n * std::ptrdiff_t(sizeof(To));
        const std::ptrdiff_t src_bytes = n * std::ptrdiff_t(sizeof(From));
        c.count(n).dst(dst, dst_bytes).vector_bytes(dst_bytes);
        if (overlap_streams_safely(dst, src, n)) {
          c.operand("src", src, src_bytes, Space::kNram)
              .pending(src, src_bytes);
        } else {
          c.src("src", src, src_bytes);
        }
      },
      [&] { convert_array<From, To, M>(dst, src, n, position); });
}

// The mode a name's suffix selects; no suffix: the pair's default.
enum class Suffix { kNone, kRn, kRd, kDn, kUp, kTz, kOz };
template <class From, class To, Suffix S>
inline constexpr RoundMode kModeOf = S == Suffix::kNone ? kDefaultMode<From, To>
                                                        : RoundMode(int(S) - 1);
static_assert(kModeOf<float, half, Suffix::kOz> == RoundMode::kOz &&
                  kModeOf<float, half, Suffix::kRn> == RoundMode::kRn,
              "Suffix follows RoundMode's order");

// The named array conversion: From and To from the operands.
template <Suffix S, class From, class To>
inline void convert_named(const char* builtin, To* dst, const From* src, int n,
                          int position) {
  convert_builtin<From, To, kModeOf<From, To, S>>(builtin, dst, src, n,
                                                  position);
}

// The named value conversion: To is the type the enclosing function returns
// (the conversion's target type deduced by the return).
template <class From, Suffix S>
struct ValueConversion {
  From x;
  template <class To>
  operator To() const {  // NOLINT: converts to the declared return type
    return convert_scalar<From, To>(x, kModeOf<From, To, S>, 0);
  }
};

}  // namespace conv
}  // namespace detail
}  // namespace xbang
