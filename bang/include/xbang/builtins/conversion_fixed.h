// Conversions beside conversion.h's table:
//   __bang_float2bfloat16[_mode](dst, src, n)  float to bfloat16_t
//   __bang_bfloat162float(dst, src, n)         bfloat16_t to float (exact)
//   __float2bfloat16[_mode](x), __bfloat162float(x)   scalar forms
//   __bang_<int>2<int>(dst, src, n, dst_position, src_position)
//     fixed-point integer to integer for int32, int16 and int8 pairs: the
//     value src * 2^src_position re-expressed as dst * 2^dst_position.
// Modes as in conversion.h: _rn nearest even (also the unsuffixed form),
// _rd nearest ties away, _dn floor, _up ceil, _tz toward zero, _oz away from
// zero.
//
// Choices where the meaning is uncertain:
// - float to bfloat16 keeps NaN a NaN (quiet bit set) and follows IEEE for
//   overflow: modes that round away from the range give Inf.
// - The position order (dst_position, src_position) is a guess (every real
//   call passes 0, 0); a fixed-point shift that drops bits rounds to nearest
//   even (kFixedPointMode), and the result saturates to the target range.
// - dst == src is allowed (the bfloat16 results are written after each
//   batch is read; the integer forms go through conversion.h's paths).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <xsimd/xsimd.hpp>

#include "xbang/builtins/conversion.h"
#include "xbang/core/bfloat16.h"
#include "xbang/isa/simd.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {
namespace bf16 {

inline constexpr RoundMode kFixedPointMode = RoundMode::kRn;

// 1 where a > b, else 0, for values below 2^31 (the sign bit of b - a).
// Arithmetic instead of select: one formula serves scalars and batches.
template <class U>
U greater(const U& a, const U& b) {
  return (b - a) >> 31;
}

// The bfloat16 bits (in the low 16 bits) of float bits u, rounded by M.
template <RoundMode M, class U>
U round_bits(const U& u) {
  const U one(1u), zero(0u), tie(0x8000u);
  const U low = u & U(0xffffu);
  const U trunc = u >> 16;
  const U negative = u >> 31;
  const U inexact = greater(low, zero);
  U inc = zero;
  if constexpr (M == RoundMode::kRn) {
    const U above = greater(low, tie);
    const U at_tie = one - (above | greater(tie, low));
    inc = above | (at_tie & trunc & one);
  } else if constexpr (M == RoundMode::kRd) {
    inc = one - greater(tie, low);
  } else if constexpr (M == RoundMode::kOz) {
    inc = inexact;
  } else if constexpr (M == RoundMode::kUp) {
    inc = inexact & (one - negative);
  } else if constexpr (M == RoundMode::kDn) {
    inc = inexact & negative;
  }
  const U nan = greater(u & U(0x7fffffffu), U(0x7f800000u));
  return (trunc + inc * (one - nan)) | (nan * U(0x40u));
}

template <RoundMode M>
bfloat16 from_float(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return bfloat16::from_bits(uint16_t(round_bits<M>(u)));
}

// The contract of a conversion of n elements: dst and src in NRAM, exact in
// place only, the pre-372 rule on dst's bytes.
inline void convert_contract(Contract& c, const void* dst, long dst_size,
                             const void* src, long src_size, long n) {
  c.count(n)
      .dst(dst, n * dst_size)
      .vector_bytes(n * dst_size)
      .src("src", src, n * src_size);
}

template <RoundMode M>
void float_to_bfloat16(const char* name, bfloat16* dst, const float* src,
                       long n) {
  run_builtin(
      name, Tally::elements(Family::kConversion, n),
      [=](Contract& c) { convert_contract(c, dst, 2, src, 4, n); },
      [&] {
        using U = xsimd::batch<uint32_t>;
        constexpr long kStep = long(U::size);
        long i = 0;
        for (; i + kStep <= n; i += kStep) {
          simd::StoreLow16<U>::run(
              reinterpret_cast<uint16_t*>(dst + i),
              round_bits<M>(xsimd::bitwise_cast<U>(
                  xsimd::batch<float>::load_unaligned(src + i))));
        }
        for (; i < n; ++i) dst[i] = from_float<M>(src[i]);
      });
}

inline void bfloat16_to_float(float* dst, const bfloat16* src, long n) {
  run_builtin(
      "__bang_bfloat162float", Tally::elements(Family::kConversion, n),
      [=](Contract& c) { convert_contract(c, dst, 4, src, 2, n); },
      [&] {
        // Back to front, so dst == src widens in place.
        for (long i = n - 1; i >= 0; --i) {
          dst[i] = bfloat16_bits_to_float(src[i].bits);
        }
      });
}

}  // namespace bf16

namespace conv {

// x * 2^shift rounded to nearest even and saturated to To, exactly, in
// 64-bit integers: |x| <= 2^31, so a left shift of 32 already saturates
// every nonzero x and a right shift of 40 rounds every x to 0; clamping the
// shift there keeps each step inside int64_t. Branch-free per element, so
// the loop over a row vectorises.
template <class To>
struct FixedPointRescale {
  static_assert(bf16::kFixedPointMode == RoundMode::kRn, "nearest even");
  int left, right;
  explicit FixedPointRescale(int shift)
      : left(std::clamp(shift, 0, 32)), right(std::clamp(-shift, 0, 40)) {}
  To operator()(int64_t x) const {
    const int64_t scaled = x * (int64_t(1) << left);
    const int64_t q = scaled >> right;  // floor
    const int64_t rem = scaled - q * (int64_t(1) << right);
    const int64_t half = (int64_t(1) << right) >> 1;
    const int64_t rounded =
        q + int64_t((rem > half) | ((rem == half) & (right > 0) & (q & 1)));
    constexpr int64_t lo = std::numeric_limits<To>::min();
    constexpr int64_t hi = std::numeric_limits<To>::max();
    return To(rounded < lo ? lo : rounded > hi ? hi : rounded);
  }
};

// Integer to integer with fixed-point positions: equal positions take the
// vector path of conversion.h; others rescale exactly (FixedPointRescale).
template <class From, class To>
void fixed_point_convert(const char* builtin, To* dst, const From* src, int n,
                         int dst_position, int src_position) {
  if (dst_position == src_position) {
    convert_builtin<From, To, RoundMode::kTz>(builtin, dst, src, n, 0);
    return;
  }
  const FixedPointRescale<To> rescale(src_position - dst_position);
  run_builtin(
      builtin, Tally::elements(Family::kConversion, n),
      [=](Contract& c) {
        c.count(n)
            .dst(dst, long(n) * long(sizeof(To)))
            .disjoint_src("src", src, long(n) * long(sizeof(From)));
      },
      [&] {
        if (sizeof(To) > sizeof(From)) {
          for (long i = long(n) - 1; i >= 0; --i) dst[i] = rescale(src[i]);
        } else {
          for (long i = 0; i < n; ++i) dst[i] = rescale(src[i]);
        }
      });
}

}  // namespace conv
}  // namespace detail
}  // namespace xbang

inline void __bang_float2bfloat16(bfloat16_t* dst, const float* src, int n) {
  ::xbang::detail::bf16::float_to_bfloat16<::xbang::RoundMode::kRn>(
      "__bang_float2bfloat16", dst, src, n);
}
inline bfloat16_t __float2bfloat16(float x) {
  return ::xbang::detail::bf16::from_float<::xbang::RoundMode::kRn>(x);
}

inline void __bang_float2bfloat16_rn(bfloat16_t* dst, const float* src, int n) {
  ::xbang::detail::bf16::float_to_bfloat16<::xbang::RoundMode::kRn>(
      "__bang_float2bfloat16_rn", dst, src, n);
}
inline bfloat16_t __float2bfloat16_rn(float x) {
  return ::xbang::detail::bf16::from_float<::xbang::RoundMode::kRn>(x);
}

inline void __bang_float2bfloat16_rd(bfloat16_t* dst, const float* src, int n) {
  ::xbang::detail::bf16::float_to_bfloat16<::xbang::RoundMode::kRd>(
      "__bang_float2bfloat16_rd", dst, src, n);
}
inline bfloat16_t __float2bfloat16_rd(float x) {
  return ::xbang::detail::bf16::from_float<::xbang::RoundMode::kRd>(x);
}

inline void __bang_float2bfloat16_dn(bfloat16_t* dst, const float* src, int n) {
  ::xbang::detail::bf16::float_to_bfloat16<::xbang::RoundMode::kDn>(
      "__bang_float2bfloat16_dn", dst, src, n);
}
inline bfloat16_t __float2bfloat16_dn(float x) {
  return ::xbang::detail::bf16::from_float<::xbang::RoundMode::kDn>(x);
}

inline void __bang_float2bfloat16_up(bfloat16_t* dst, const float* src, int n) {
  ::xbang::detail::bf16::float_to_bfloat16<::xbang::RoundMode::kUp>(
      "__bang_float2bfloat16_up", dst, src, n);
}
inline bfloat16_t __float2bfloat16_up(float x) {
  return ::xbang::detail::bf16::from_float<::xbang::RoundMode::kUp>(x);
}

inline void __bang_float2bfloat16_tz(bfloat16_t* dst, const float* src, int n) {
  ::xbang::detail::bf16::float_to_bfloat16<::xbang::RoundMode::kTz>(
      "__bang_float2bfloat16_tz", dst, src, n);
}
inline bfloat16_t __float2bfloat16_tz(float x) {
  return ::xbang::detail::bf16::from_float<::xbang::RoundMode::kTz>(x);
}

inline void __bang_float2bfloat16_oz(bfloat16_t* dst, const float* src, int n) {
  ::xbang::detail::bf16::float_to_bfloat16<::xbang::RoundMode::kOz>(
      "__bang_float2bfloat16_oz", dst, src, n);
}
inline bfloat16_t __float2bfloat16_oz(float x) {
  return ::xbang::detail::bf16::from_float<::xbang::RoundMode::kOz>(x);
}

inline void __bang_bfloat162float(float* dst, const bfloat16_t* src, int n) {
  xbang::detail::bf16::bfloat16_to_float(dst, src, n);
}
inline float __bfloat162float(bfloat16_t x) { return float(x); }

inline void __bang_int322int16(int16_t* dst, const int32_t* src, int n,
                               int dst_position, int src_position) {
  ::xbang::detail::conv::fixed_point_convert("__bang_int322int16", dst, src, n,
                                             dst_position, src_position);
}

inline void __bang_int322int8(int8_t* dst, const int32_t* src, int n,
                              int dst_position, int src_position) {
  ::xbang::detail::conv::fixed_point_convert("__bang_int322int8", dst, src, n,
                                             dst_position, src_position);
}

inline void __bang_int162int32(int32_t* dst, const int16_t* src, int n,
                               int dst_position, int src_position) {
  ::xbang::detail::conv::fixed_point_convert("__bang_int162int32", dst, src, n,
                                             dst_position, src_position);
}

inline void __bang_int162int8(int8_t* dst, const int16_t* src, int n,
                              int dst_position, int src_position) {
  ::xbang::detail::conv::fixed_point_convert("__bang_int162int8", dst, src, n,
                                             dst_position, src_position);
}

inline void __bang_int82int32(int32_t* dst, const int8_t* src, int n,
                              int dst_position, int src_position) {
  ::xbang::detail::conv::fixed_point_convert("__bang_int82int32", dst, src, n,
                                             dst_position, src_position);
}

inline void __bang_int82int16(int16_t* dst, const int8_t* src, int n,
                              int dst_position, int src_position) {
  ::xbang::detail::conv::fixed_point_convert("__bang_int82int16", dst, src, n,
                                             dst_position, src_position);
}
