// x86 specialisations of simd_generic.h's operations, each where it measurably
// wins over the portable version (bench/bang): F16C half lanes, AVX2 masked
// tails, movemask/mask-register bit packing, the 8x8 shuffle transposes and
// the AVX2 lane I/O of the convert shape, the AVX2 32-to-16-bit narrowing
// store (on AVX-512 the compiler vectorises the generic one as well). The
// AVX-512 integer blend is here for correctness: xsimd's own select does not
// compile at -O0 with GCC; so is the AVX-512 fma (xsimd 8 has none).
#pragma once

#include <immintrin.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace xbang {
namespace simd {

#if defined(__AVX512F__) && defined(__F16C__)
template <>
struct HalfLanes<Isa::kAvx512> {
  using batch = xsimd::batch<float, ComputeTarget>;
  static_assert(batch::size == 16, "AVX-512 float batch");
  static batch load(const half* p) {
    return batch(_mm512_cvtph_ps(
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))));
  }
  static void store(half* p, const batch& b) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p),
                        _mm512_cvtps_ph(b, _MM_FROUND_TO_NEAREST_INT));
  }
};

// xsimd 8 has no AVX-512 fma kernel (its generic one rounds twice).
template <class B>
struct FusedMultiplyAdd<B, Isa::kAvx512> {
  using T = typename B::value_type;
  static B run(const B& a, const B& b, const B& c) {
    if constexpr (std::is_same_v<T, float> && B::size == 16) {
      return B(_mm512_fmadd_ps(a, b, c));
    } else if constexpr (std::is_same_v<T, double> && B::size == 8) {
      return B(_mm512_fmadd_pd(a, b, c));
    } else {
      return FusedMultiplyAdd<B, Isa::kGeneric>::run(a, b, c);
    }
  }
};

// Integer blends through the mask register, sized with if constexpr.
template <class B>
struct Blend<B, Isa::kAvx512> {
  using T = typename B::value_type;
  static B run(const typename B::batch_bool_type& cond, const B& a,
               const B& b) {
    if constexpr (!std::is_integral_v<T> || B::size * sizeof(T) != 64) {
      return xsimd::select(cond, a, b);
    } else {
      using Mask = typename B::batch_bool_type::register_type;
      const Mask m = static_cast<Mask>(cond);
      const __m512i x = a, y = b;
      if constexpr (sizeof(T) == 4) {
        return B(_mm512_mask_blend_epi32(m, y, x));
      } else if constexpr (sizeof(T) == 8) {
        return B(_mm512_mask_blend_epi64(m, y, x));
#if defined(__AVX512BW__)
      } else if constexpr (sizeof(T) == 2) {
        return B(_mm512_mask_blend_epi16(m, y, x));
      } else {
        return B(_mm512_mask_blend_epi8(m, y, x));
#else
      } else {
        return xsimd::select(cond, a, b);
#endif
      }
    }
  }
};

// 16 four-byte lanes: the comparison's mask register is the bits.
template <class B>
struct PackBits<B, Isa::kAvx512> {
  static void run(const B& flags, uint8_t* out) {
    using V = typename B::value_type;
    if constexpr (sizeof(V) == 4 && B::size == 16) {
      using Int32B = xsimd::batch<int32_t, typename B::arch_type>;
      const __m512i lanes = xsimd::bitwise_cast<Int32B>(flags);
      const uint16_t bits =
          uint16_t(_mm512_cmpneq_epi32_mask(lanes, _mm512_setzero_si512()));
      std::memcpy(out, &bits, 2);
    } else {
      PackBits<B, Isa::kGeneric>::run(flags, out);
    }
  }
};
#endif

#if defined(__AVX2__) && defined(__F16C__)
template <>
struct HalfLanes<Isa::kAvx2> {
  using batch = xsimd::batch<float, TunedTarget>;
  static_assert(batch::size == 8, "AVX float batch");
  static batch load(const half* p) {
    return batch(
        _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
  }
  static void store(half* p, const batch& b) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm256_cvtps_ph(b, _MM_FROUND_TO_NEAREST_INT));
  }
};

// Masked loads and stores of 4-byte lanes: no buffer round trip.
inline __m256i tail_mask(long count) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(int(count)),
                            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
template <class T, class L>
struct TailLanes<T, L, Isa::kAvx2> {
  static constexpr bool kMasked =
      sizeof(T) == 4 && std::is_same_v<typename L::value, T> && L::size == 8;
  static typename L::batch load(const T* p, long count) {
    if constexpr (std::is_same_v<T, float> && kMasked) {
      return _mm256_maskload_ps(p, tail_mask(count));
    } else if constexpr (kMasked) {
      return _mm256_maskload_epi32(reinterpret_cast<const int*>(p),
                                   tail_mask(count));
    } else {
      return TailLanes<T, L, Isa::kGeneric>::load(p, count);
    }
  }
  static void store(T* p, const typename L::batch& x, long count) {
    if constexpr (std::is_same_v<T, float> && kMasked) {
      _mm256_maskstore_ps(p, tail_mask(count), x);
    } else if constexpr (kMasked) {
      _mm256_maskstore_epi32(reinterpret_cast<int*>(p), tail_mask(count), x);
    } else {
      TailLanes<T, L, Isa::kGeneric>::store(p, x, count);
    }
  }
};

// Eight four-byte lanes: one movemask.
template <class B>
struct PackBits<B, Isa::kAvx2> {
  static void run(const B& flags, uint8_t* out) {
    using V = typename B::value_type;
    if constexpr (sizeof(V) == 4 && B::size == 8) {
      using Int32B = xsimd::batch<int32_t, typename B::arch_type>;
      const __m256i bits = xsimd::bitwise_cast<Int32B>(flags);
      const __m256i zero_lanes =
          _mm256_cmpeq_epi32(bits, _mm256_setzero_si256());
      *out = uint8_t(~_mm256_movemask_ps(_mm256_castsi256_ps(zero_lanes)));
    } else {
      PackBits<B, Isa::kGeneric>::run(flags, out);
    }
  }
};

// 8 lanes: packus keeps each 128-bit half's four lanes; the permute joins
// the halves.
template <class B>
struct StoreLow16<B, Isa::kAvx2> {
  static void run(uint16_t* p, const B& lanes) {
    if constexpr (B::size == 8) {
      const __m256i packed =
          _mm256_permute4x64_epi64(_mm256_packus_epi32(lanes, lanes), 0x08);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                       _mm256_castsi256_si128(packed));
    } else {
      StoreLow16<B, Isa::kGeneric>::run(p, lanes);
    }
  }
};
#endif

#if defined(__AVX__)
// Unpack/shuffle networks: 4-byte elements in AVX registers, 2-byte in SSE2.
template <class U>
struct Transpose8x8<U, Isa::kAvx2> {
  static void run(U* dst, long dst_stride, const U* src, long src_stride) {
    if constexpr (sizeof(U) == 4) {
      run32(reinterpret_cast<float*>(dst), dst_stride,
            reinterpret_cast<const float*>(src), src_stride);
    } else if constexpr (sizeof(U) == 2) {
      run16(reinterpret_cast<__m128i*>(dst), dst_stride,
            reinterpret_cast<const char*>(src), src_stride);
    } else {
      Transpose8x8<U, Isa::kGeneric>::run(dst, dst_stride, src, src_stride);
    }
  }

 private:
  static void run32(float* dst, long dst_stride, const float* src,
                    long src_stride) {
    __m256 r[8], t[8];
    for (int i = 0; i < 8; ++i) r[i] = _mm256_loadu_ps(src + i * src_stride);
    for (int i = 0; i < 4; ++i) {
      t[2 * i] = _mm256_unpacklo_ps(r[2 * i], r[2 * i + 1]);
      t[2 * i + 1] = _mm256_unpackhi_ps(r[2 * i], r[2 * i + 1]);
    }
    r[0] = _mm256_shuffle_ps(t[0], t[2], 0x44);
    r[1] = _mm256_shuffle_ps(t[0], t[2], 0xEE);
    r[2] = _mm256_shuffle_ps(t[1], t[3], 0x44);
    r[3] = _mm256_shuffle_ps(t[1], t[3], 0xEE);
    r[4] = _mm256_shuffle_ps(t[4], t[6], 0x44);
    r[5] = _mm256_shuffle_ps(t[4], t[6], 0xEE);
    r[6] = _mm256_shuffle_ps(t[5], t[7], 0x44);
    r[7] = _mm256_shuffle_ps(t[5], t[7], 0xEE);
    for (int i = 0; i < 4; ++i) {
      t[i] = _mm256_permute2f128_ps(r[i], r[i + 4], 0x20);
      t[i + 4] = _mm256_permute2f128_ps(r[i], r[i + 4], 0x31);
    }
    for (int i = 0; i < 8; ++i) _mm256_storeu_ps(dst + i * dst_stride, t[i]);
  }
  // Strides in 2-byte elements.
  static void run16(__m128i* dst, long dst_stride, const char* src,
                    long src_stride) {
    __m128i r[8], a[8], b[8];
    for (int i = 0; i < 8; ++i) {
      r[i] = _mm_loadu_si128(
          reinterpret_cast<const __m128i*>(src + 2 * i * src_stride));
    }
    for (int i = 0; i < 4; ++i) {
      a[2 * i] = _mm_unpacklo_epi16(r[2 * i], r[2 * i + 1]);
      a[2 * i + 1] = _mm_unpackhi_epi16(r[2 * i], r[2 * i + 1]);
    }
    b[0] = _mm_unpacklo_epi32(a[0], a[2]);
    b[1] = _mm_unpackhi_epi32(a[0], a[2]);
    b[2] = _mm_unpacklo_epi32(a[1], a[3]);
    b[3] = _mm_unpackhi_epi32(a[1], a[3]);
    b[4] = _mm_unpacklo_epi32(a[4], a[6]);
    b[5] = _mm_unpackhi_epi32(a[4], a[6]);
    b[6] = _mm_unpacklo_epi32(a[5], a[7]);
    b[7] = _mm_unpackhi_epi32(a[5], a[7]);
    char* out = reinterpret_cast<char*>(dst);
    for (int i = 0; i < 4; ++i) {
      _mm_storeu_si128(
          reinterpret_cast<__m128i*>(out + 2 * (2 * i) * dst_stride),
          _mm_unpacklo_epi64(b[i], b[i + 4]));
      _mm_storeu_si128(
          reinterpret_cast<__m128i*>(out + 2 * (2 * i + 1) * dst_stride),
          _mm_unpackhi_epi64(b[i], b[i + 4]));
    }
  }
};
template <class U>
struct Transpose8x8<U, Isa::kAvx512> : Transpose8x8<U, Isa::kAvx2> {};
#endif

#if defined(__AVX2__) && defined(__F16C__)
// The convert shape's lane I/O on 8 lanes: widening loads, saturating packs,
// F16C stores with the rounding in the immediate.
template <>
struct ConvertLanes<Isa::kAvx2> : ConvertLanes<Isa::kGeneric> {
  using Generic = ConvertLanes<Isa::kGeneric>;
  static_assert(kLanes == 8, "AVX2 convert lanes");

  template <class T>
  static FloatV load_float(const T* p) {
    if constexpr (std::is_same_v<T, float>) {
      return FloatV::load_unaligned(p);
    } else if constexpr (std::is_same_v<T, half>) {
      return _mm256_cvtph_ps(
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    } else if constexpr (std::is_same_v<T, int8_t> ||
                         std::is_same_v<T, int16_t> ||
                         std::is_same_v<T, int32_t>) {
      return _mm256_cvtepi32_ps(load_int32(p));
    } else {
      return Generic::load_float(p);
    }
  }
  template <class T>
  static Int32V load_int32(const T* p) {
    if constexpr (std::is_same_v<T, int8_t>) {
      return _mm256_cvtepi8_epi32(
          _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
    } else if constexpr (std::is_same_v<T, int16_t>) {
      return _mm256_cvtepi16_epi32(
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    } else {
      return Int32V::load_unaligned(p);
    }
  }
  static void load_double(const int32_t* p, DoubleV& lo, DoubleV& hi) {
    lo = _mm256_cvtepi32_pd(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    hi = _mm256_cvtepi32_pd(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 4)));
  }
  static FloatV narrow_to_float(const DoubleV& lo, const DoubleV& hi) {
    return _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo));
  }
  template <class T>
  static void store_int(T* p, const Int32V& v) {
    if constexpr (std::is_same_v<T, int32_t>) {
      v.store_unaligned(p);
    } else {
      const __m256i bits = v;
      const __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(bits),
                                            _mm256_extracti128_si256(bits, 1));
      if constexpr (std::is_same_v<T, int16_t>) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p), words);
      } else {
        _mm_storel_epi64(reinterpret_cast<__m128i*>(p),
                         _mm_packs_epi16(words, words));
      }
    }
  }
  // F16C's immediates cover every HalfRound.
  template <HalfRound R>
  static constexpr bool kHalfStoreRounds = true;
  template <HalfRound R>
  static void store_half(half* p, const FloatV& v) {
    constexpr int kImmediate =
        R == HalfRound::kDown ? (_MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
        : R == HalfRound::kUp ? (_MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
        : R == HalfRound::kTowardZero
            ? (_MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
            : (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm256_cvtps_ph(v, kImmediate));
  }
};
#endif

}  // namespace simd
}  // namespace xbang
