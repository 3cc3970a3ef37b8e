// Reshaping built-ins on NRAM:
//   __bang_pad(dst, src, channel, height, width, pad_top, pad_bottom,
//              pad_left, pad_right)
//   __bang_pad(dst, src, channel, height, width, pad_height, pad_width)
//     dst is the [height + pads][width + pads][channel] image with src in
//     it and zeros (all-zero bits) around; the 7-argument form pads
//     pad_height rows above and below and pad_width columns left and right.
//   __bang_reshape_filter(dst, src, n, h, w, c)
//     an [n][h][w][c] filter into the layout __bang_matmul reads as its
//     WRAM operand: row-major [h * w * c][n] (the filter transposed).
// Types: any 1-, 2- or 4-byte element type. dst and src must not overlap.
//
// Choice where the meaning is uncertain: the hardware's WRAM filter layout
// is not public; reshape_filter produces the layout the emulator's
// __bang_matmul takes (rhs [k x n]), which is what kernels that reshape
// before a matmul need (mlu-ops' FFT butterflies).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "xbang/builtins/detail/lanes.h"
#include "xbang/builtins/layout.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

// The one operand check of the reshape family.
template <class T>
XBANG_CHECK_PATH bool reshape_ok(const char* name, const T* dst, long dst_elems,
                                 const T* src, long src_elems,
                                 std::initializer_list<long> sizes) {
  for (long size : sizes) {
    if (!check_count(name, size)) return false;
  }
  const long dst_bytes = dst_elems * long(sizeof(T));
  const long src_bytes = src_elems * long(sizeof(T));
  return check_space(name, "dst", dst, dst_bytes, Space::kNram) &&
         check_space(name, "src", src, src_bytes, Space::kNram) &&
         check_disjoint(name, dst, dst_bytes, src, src_bytes) &&
         check_not_pending(name, src, src_bytes);
}

template <class T>
void pad_image(T* dst, const T* src, long c, long h, long w, long top,
               long bottom, long left, long right) {
  const long out_w = left + w + right;
  const size_t row_bytes = size_t(out_w * c) * sizeof(T);
  const size_t left_bytes = size_t(left * c) * sizeof(T);
  const size_t src_row_bytes = size_t(w * c) * sizeof(T);
  const size_t right_bytes = size_t(right * c) * sizeof(T);
  char* out = reinterpret_cast<char*>(dst);
  std::memset(out, 0, size_t(top) * row_bytes);
  out += size_t(top) * row_bytes;
  const char* in = reinterpret_cast<const char*>(src);
  for (long y = 0; y < h; ++y, out += row_bytes, in += src_row_bytes) {
    std::memset(out, 0, left_bytes);
    std::memcpy(out + left_bytes, in, src_row_bytes);
    std::memset(out + left_bytes + src_row_bytes, 0, right_bytes);
  }
  std::memset(out, 0, size_t(bottom) * row_bytes);
}

}  // namespace detail
}  // namespace xbang

template <class T,
          std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0>
inline void __bang_pad(T* dst, const T* src, int channel, int height, int width,
                       int pad_top, int pad_bottom, int pad_left,
                       int pad_right) {
  using namespace xbang::detail;
  const long out_elems = long(pad_top + height + pad_bottom) *
                         long(pad_left + width + pad_right) * long(channel);
  const long in_elems = long(height) * long(width) * long(channel);
  if (XBANG_CHECKING() &&
      !reshape_ok(
          "__bang_pad", dst, out_elems, src, in_elems,
          {channel, height, width, pad_top, pad_bottom, pad_left, pad_right})) {
    return;
  }
  if (channel <= 0 || height < 0 || width < 0 || pad_top < 0 ||
      pad_bottom < 0 || pad_left < 0 || pad_right < 0) {
    return;
  }
  pad_image(dst, src, channel, height, width, pad_top, pad_bottom, pad_left,
            pad_right);
  count_elements(xbang::Family::kLayout, uint64_t(out_elems));
}
template <class T,
          std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0>
inline void __bang_pad(T* dst, const T* src, int channel, int height, int width,
                       int pad_height, int pad_width) {
  __bang_pad(dst, src, channel, height, width, pad_height, pad_height,
             pad_width, pad_width);
}

template <class T,
          std::enable_if_t<::xbang::detail::is_layout_type<T>, int> = 0>
inline void __bang_reshape_filter(T* dst, const T* src, int n, int h, int w,
                                  int c) {
  using namespace xbang::detail;
  const long depth = long(h) * long(w) * long(c);
  const long elems = depth * long(n);
  if (XBANG_CHECKING() && !reshape_ok("__bang_reshape_filter", dst, elems, src,
                                      elems, {n, h, w, c})) {
    return;
  }
  if (n <= 0 || h <= 0 || w <= 0 || c <= 0) return;
  transpose(raw(dst), raw(src), n, depth);
  count_elements(xbang::Family::kLayout, uint64_t(elems));
}
