// Layout built-ins (docs/builtins.md): transpose, rotations and mirror of a
// row-major height x width matrix of 1, 2 or 4-byte elements.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "xbang/builtins/detail/elementwise.h"

namespace xbang {
namespace detail {

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

// Cache-blocked transpose; whole 8x8 blocks go through the 8x8 transpose of
// xbang/isa/.
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
      for (; i + 8 <= i1; i += 8) {
        long j = j0;
        for (; j + 8 <= j1; j += 8) {
          simd::Transpose8x8<U>::run(dst + j * h + i, h, src + i * w + j, w);
        }
        for (long ii = i; ii < i + 8; ++ii) {
          for (long jj = j; jj < j1; ++jj) dst[jj * h + ii] = src[ii * w + jj];
        }
      }
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

// A height x width matrix in, its transform out; dst and src disjoint.
template <class T, class Transform>
void run_layout(const char* name, T* dst, const T* src, long h, long w,
                const Transform& transform) {
  run_builtin(
      name, Tally::elements(Family::kLayout, h > 0 && w > 0 ? h * w : 0),
      [&](Contract& c) {
        const long bytes = h * w * long(sizeof(T));
        c.count(h).count(w).dst(dst, bytes).disjoint_src("src", src, bytes);
      },
      [&] {
        if (h > 0 && w > 0) transform(raw(dst), raw(src));
      });
}

template <class T>
inline constexpr bool is_layout_type = sizeof(T) == 1 || sizeof(T) == 2 ||
                                       sizeof(T) == 4;

}  // namespace detail
}  // namespace xbang

template <class T,
          std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0>
inline void __bang_transpose(T* dst, const T* src, int height, int width) {
  xbang::detail::run_layout("__bang_transpose", dst, src, height, width,
                            [&](auto* to, const auto* from) {
                              xbang::detail::transpose(to, from, height, width);
                            });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0>
inline void __bang_rotate90(T* dst, const T* src, int height, int width) {
  ::xbang::detail::run_layout("__bang_rotate90", dst, src, height, width,
                              [&](auto* to, const auto* from) {
                                ::xbang::detail::turn(
                                    to, from, height, width,
                                    ::xbang::detail::Turn::kRotate90);
                              });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0>
inline void __bang_rotate180(T* dst, const T* src, int height, int width) {
  ::xbang::detail::run_layout("__bang_rotate180", dst, src, height, width,
                              [&](auto* to, const auto* from) {
                                ::xbang::detail::turn(
                                    to, from, height, width,
                                    ::xbang::detail::Turn::kRotate180);
                              });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0>
inline void __bang_rotate270(T* dst, const T* src, int height, int width) {
  ::xbang::detail::run_layout("__bang_rotate270", dst, src, height, width,
                              [&](auto* to, const auto* from) {
                                ::xbang::detail::turn(
                                    to, from, height, width,
                                    ::xbang::detail::Turn::kRotate270);
                              });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0>
inline void __bang_mirror(T* dst, const T* src, int height, int width) {
  ::xbang::detail::run_layout("__bang_mirror", dst, src, height, width,
                              [&](auto* to, const auto* from) {
                                ::xbang::detail::turn(
                                    to, from, height, width,
                                    ::xbang::detail::Turn::kMirror);
                              });
}
