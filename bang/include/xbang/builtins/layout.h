// Layout built-ins (spec section 4): transpose, rotations and mirror of a
// row-major height x width matrix of 1, 2 or 4-byte elements.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "xbang/builtins/detail/elementwise.h"

#if defined(__AVX__)
#include <immintrin.h>
#endif

namespace xbang {
namespace detail {

#if defined(__AVX__)
// 8x8 block of 4-byte elements.
inline void transpose8x8_32(uint32_t* dst, long dst_stride, const uint32_t* src,
                            long src_stride) {
  __m256 r[8], t[8];
  for (int i = 0; i < 8; ++i) {
    r[i] =
        _mm256_loadu_ps(reinterpret_cast<const float*>(src + i * src_stride));
  }
  t[0] = _mm256_unpacklo_ps(r[0], r[1]);
  t[1] = _mm256_unpackhi_ps(r[0], r[1]);
  t[2] = _mm256_unpacklo_ps(r[2], r[3]);
  t[3] = _mm256_unpackhi_ps(r[2], r[3]);
  t[4] = _mm256_unpacklo_ps(r[4], r[5]);
  t[5] = _mm256_unpackhi_ps(r[4], r[5]);
  t[6] = _mm256_unpacklo_ps(r[6], r[7]);
  t[7] = _mm256_unpackhi_ps(r[6], r[7]);
  r[0] = _mm256_shuffle_ps(t[0], t[2], 0x44);
  r[1] = _mm256_shuffle_ps(t[0], t[2], 0xEE);
  r[2] = _mm256_shuffle_ps(t[1], t[3], 0x44);
  r[3] = _mm256_shuffle_ps(t[1], t[3], 0xEE);
  r[4] = _mm256_shuffle_ps(t[4], t[6], 0x44);
  r[5] = _mm256_shuffle_ps(t[4], t[6], 0xEE);
  r[6] = _mm256_shuffle_ps(t[5], t[7], 0x44);
  r[7] = _mm256_shuffle_ps(t[5], t[7], 0xEE);
  t[0] = _mm256_permute2f128_ps(r[0], r[4], 0x20);
  t[1] = _mm256_permute2f128_ps(r[1], r[5], 0x20);
  t[2] = _mm256_permute2f128_ps(r[2], r[6], 0x20);
  t[3] = _mm256_permute2f128_ps(r[3], r[7], 0x20);
  t[4] = _mm256_permute2f128_ps(r[0], r[4], 0x31);
  t[5] = _mm256_permute2f128_ps(r[1], r[5], 0x31);
  t[6] = _mm256_permute2f128_ps(r[2], r[6], 0x31);
  t[7] = _mm256_permute2f128_ps(r[3], r[7], 0x31);
  for (int i = 0; i < 8; ++i) {
    _mm256_storeu_ps(reinterpret_cast<float*>(dst + i * dst_stride), t[i]);
  }
}

// 8x8 block of 2-byte elements.
inline void transpose8x8_16(uint16_t* dst, long dst_stride, const uint16_t* src,
                            long src_stride) {
  __m128i r[8], a[8], b[8];
  for (int i = 0; i < 8; ++i) {
    r[i] =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i * src_stride));
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
  for (int i = 0; i < 4; ++i) {
    r[2 * i] = _mm_unpacklo_epi64(b[i], b[i + 4]);
    r[2 * i + 1] = _mm_unpackhi_epi64(b[i], b[i + 4]);
  }
  for (int i = 0; i < 8; ++i) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i * dst_stride), r[i]);
  }
}
#endif

// A matrix of H (a few) long rows, such as the [3, n] coordinates point
// cloud kernels turn back into [n, 3]: no 8x8 block fits, and with H known
// at compile time the compiler interleaves whole vectors of the H rows.
template <int H, class U>
void transpose_few_rows(U* __restrict dst, const U* __restrict src, long w) {
  for (long j = 0; j < w; ++j) {
    for (int i = 0; i < H; ++i) dst[j * H + i] = src[i * w + j];
  }
}

// The other way round: h rows of W (a few) columns, such as [n, 3]
// coordinates loaded from GDRAM, to W rows of h.
template <int W, class U>
void transpose_few_columns(U* __restrict dst, const U* __restrict src, long h) {
  for (long i = 0; i < h; ++i) {
    for (int j = 0; j < W; ++j) dst[j * h + i] = src[i * W + j];
  }
}

// Calls few(std::integral_constant<int, n>) when n is 2, 3 or 4; returns
// whether it did.
template <class Few>
bool with_few(long n, Few few) {
  switch (n) {
    case 2:
      few(std::integral_constant<int, 2>{});
      return true;
    case 3:
      few(std::integral_constant<int, 3>{});
      return true;
    case 4:
      few(std::integral_constant<int, 4>{});
      return true;
  }
  return false;
}

// Cache-blocked transpose; whole 8x8 blocks go through the SIMD kernels.
template <class U>
void transpose(U* dst, const U* src, long h, long w) {
  if (with_few(h,
               [&](auto rows) { transpose_few_rows<rows()>(dst, src, w); }) ||
      with_few(w, [&](auto columns) {
        transpose_few_columns<columns()>(dst, src, h);
      })) {
    return;
  }
  constexpr long kBlock = 64;
  for (long i0 = 0; i0 < h; i0 += kBlock) {
    const long i1 = std::min(h, i0 + kBlock);
    for (long j0 = 0; j0 < w; j0 += kBlock) {
      const long j1 = std::min(w, j0 + kBlock);
      long i = i0;
#if defined(__AVX__)
      if constexpr (sizeof(U) == 4 || sizeof(U) == 2) {
        for (; i + 8 <= i1; i += 8) {
          long j = j0;
          for (; j + 8 <= j1; j += 8) {
            if constexpr (sizeof(U) == 4) {
              transpose8x8_32(
                  reinterpret_cast<uint32_t*>(dst + j * h + i), h,
                  reinterpret_cast<const uint32_t*>(src + i * w + j), w);
            } else {
              transpose8x8_16(
                  reinterpret_cast<uint16_t*>(dst + j * h + i), h,
                  reinterpret_cast<const uint16_t*>(src + i * w + j), w);
            }
          }
          for (long ii = i; ii < i + 8; ++ii) {
            for (long jj = j; jj < j1; ++jj)
              dst[jj * h + ii] = src[ii * w + jj];
          }
        }
      }
#endif
      for (; i < i1; ++i) {
        for (long j = j0; j < j1; ++j) dst[j * h + i] = src[i * w + j];
      }
    }
  }
}

enum class Turn { kRotate90, kRotate180, kRotate270, kMirror };

// Clockwise rotations; mirror flips each row left to right.
template <class U>
void turn(U* dst, const U* src, long h, long w, Turn how) {
  for (long i = 0; i < h; ++i) {
    for (long j = 0; j < w; ++j) {
      const U v = src[i * w + j];
      switch (how) {
        case Turn::kRotate90:
          dst[j * h + (h - 1 - i)] = v;
          break;
        case Turn::kRotate180:
          dst[(h - 1 - i) * w + (w - 1 - j)] = v;
          break;
        case Turn::kRotate270:
          dst[(w - 1 - j) * h + i] = v;
          break;
        case Turn::kMirror:
          dst[i * w + (w - 1 - j)] = v;
          break;
      }
    }
  }
}

template <class T>
XBANG_CHECK_PATH bool layout_ok(const char* name, const T* dst, const T* src,
                                long h, long w) {
  if (!check_count(name, h) || !check_count(name, w)) return false;
  const long bytes = h * w * long(sizeof(T));
  return check_space(name, "dst", dst, bytes, Space::kNram) &&
         check_space(name, "src", src, bytes, Space::kNram) &&
         check_disjoint(name, dst, bytes, src, bytes) &&
         check_not_pending(name, src, bytes);
}

template <class T>
inline constexpr bool is_layout_type = sizeof(T) == 1 || sizeof(T) == 2 ||
                                       sizeof(T) == 4;

}  // namespace detail
}  // namespace xbang

template <class T,
          std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0>
inline void __bang_transpose(T* dst, const T* src, int height, int width) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() &&
      !layout_ok("__bang_transpose", dst, src, height, width))
    return;
  if (height <= 0 || width <= 0) return;
  transpose(raw(dst), raw(src), height, width);
  count_elements(xbang::Family::kLayout, uint64_t(height) * uint64_t(width));
}

#define XBANG_TURN_BUILTIN(NAME, HOW)                                      \
  template <class T,                                                       \
            std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0> \
  inline void NAME(T* dst, const T* src, int height, int width) {          \
    using namespace xbang::detail;                                         \
    if (XBANG_CHECKING() && !layout_ok(#NAME, dst, src, height, width))    \
      return;                                                              \
    if (height <= 0 || width <= 0) return;                                 \
    turn(raw(dst), raw(src), height, width, HOW);                          \
    count_elements(xbang::Family::kLayout,                                 \
                   uint64_t(height) * uint64_t(width));                    \
  }
XBANG_TURN_BUILTIN(__bang_rotate90, Turn::kRotate90)
XBANG_TURN_BUILTIN(__bang_rotate180, Turn::kRotate180)
XBANG_TURN_BUILTIN(__bang_rotate270, Turn::kRotate270)
XBANG_TURN_BUILTIN(__bang_mirror, Turn::kMirror)
#undef XBANG_TURN_BUILTIN
