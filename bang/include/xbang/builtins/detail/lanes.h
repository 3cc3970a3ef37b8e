// Lanes<T>: how an array of T is loaded into and stored from compute
// batches. Native types compute in their own batch; `half` computes in float
// batches (F16C where available), so every elementwise template serves half
// without knowing about it (the per-type specialisation sits below them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <xsimd/xsimd.hpp>

#include "xbang/core/half.h"

#if defined(__AVX2__) || (defined(__F16C__) && defined(__AVX__))
#include <immintrin.h>
#endif

#if defined(__F16C__) && defined(__AVX__)
#define XBANG_F16C_BATCH 1
#else
#define XBANG_F16C_BATCH 0
#endif

namespace xbang {
namespace detail {

template <class T>
struct Lanes {
  using value = T;
  using batch = xsimd::batch<T>;
  static constexpr std::size_t size = batch::size;
  static batch load(const T* p) { return batch::load_unaligned(p); }
  static void store(T* p, const batch& b) { b.store_unaligned(p); }
};

template <>
struct Lanes<half> {
  using value = float;
  using batch = xsimd::batch<float>;
  static constexpr std::size_t size = batch::size;
  static batch load(const half* p) {
#if defined(__AVX512F__)
    static_assert(size == 16, "AVX-512 float batch");
    return batch(_mm512_cvtph_ps(
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))));
#elif XBANG_F16C_BATCH
    static_assert(size == 8, "AVX float batch");
    return batch(
        _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
#else
    alignas(64) float tmp[size];
    for (std::size_t i = 0; i < size; ++i) tmp[i] = float(p[i]);
    return batch::load_aligned(tmp);
#endif
  }
  static void store(half* p, const batch& b) {
#if defined(__AVX512F__)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p),
                        _mm512_cvtps_ph(b, _MM_FROUND_TO_NEAREST_INT));
#elif XBANG_F16C_BATCH
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm256_cvtps_ph(b, _MM_FROUND_TO_NEAREST_INT));
#else
    alignas(64) float tmp[size];
    b.store_aligned(tmp);
    for (std::size_t i = 0; i < size; ++i) p[i] = half(tmp[i]);
#endif
  }
};

// Same-size unsigned integer, for built-ins that work on raw bits.
template <class T>
using raw_bits_t = std::conditional_t<
    sizeof(T) == 1, uint8_t,
    std::conditional_t<sizeof(T) == 2, uint16_t,
                       std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;

// Bitwise built-ins run the shape templates on the same-size unsigned type.
template <class T>
raw_bits_t<T>* raw(T* p) {
  return reinterpret_cast<raw_bits_t<T>*>(p);
}
template <class T>
const raw_bits_t<T>* raw(const T* p) {
  return reinterpret_cast<const raw_bits_t<T>*>(p);
}

// Runs `body(offset)` over whole batches and then once over a padded copy of
// the tail, so an operation needs only its batch form. `In` arrays are read
// through `tails` copies of `Lanes::size` elements.
template <class T>
struct TailBuffer {
  alignas(64)
      T data[64 / sizeof(T) > Lanes<T>::size ? 64 / sizeof(T) : Lanes<T>::size];
  const T* fill(const T* src, std::size_t count) {
    std::memset(static_cast<void*>(data), 0, sizeof data);
    std::memcpy(static_cast<void*>(data), src, count * sizeof(T));
    return data;
  }
};

// The first `count` (< Lanes<T>::size) elements of an array tail as a batch,
// and back. Generic: through a zeroed TailBuffer (costs a store-forwarding
// stall, ~20 ns per call, which dominated built-ins on short rows). AVX2
// 4-byte types: masked loads and stores (masked-off lanes read as 0 and are
// never written).
template <class T>
struct Tail {
  using L = Lanes<T>;
  static typename L::batch load(const T* p, long count) {
    TailBuffer<T> buffer;
    return L::load(buffer.fill(p, std::size_t(count)));
  }
  static void store(T* p, const typename L::batch& x, long count) {
    TailBuffer<T> buffer;
    L::store(buffer.data, x);
    std::memcpy(static_cast<void*>(p), buffer.data,
                std::size_t(count) * sizeof(T));
  }
};

#if defined(__AVX2__) && !defined(__AVX512F__)
inline __m256i tail_mask(long count) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(int(count)),
                            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

template <>
struct Tail<float> {
  static xsimd::batch<float> load(const float* p, long count) {
    return _mm256_maskload_ps(p, tail_mask(count));
  }
  static void store(float* p, const xsimd::batch<float>& x, long count) {
    _mm256_maskstore_ps(p, tail_mask(count), x);
  }
};

template <class T>
struct Tail32 {
  static xsimd::batch<T> load(const T* p, long count) {
    return _mm256_maskload_epi32(reinterpret_cast<const int*>(p),
                                 tail_mask(count));
  }
  static void store(T* p, const xsimd::batch<T>& x, long count) {
    _mm256_maskstore_epi32(reinterpret_cast<int*>(p), tail_mask(count), x);
  }
};
template <>
struct Tail<int32_t> : Tail32<int32_t> {};
template <>
struct Tail<uint32_t> : Tail32<uint32_t> {};
#endif

}  // namespace detail
}  // namespace xbang
