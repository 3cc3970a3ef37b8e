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
#include <initializer_list>

#include "xbang/builtins/detail/entry.h"
#include "xbang/builtins/detail/lanes.h"
#include "xbang/builtins/layout.h"

namespace xbang {
namespace detail {

// The contract of the reshape family: every size not negative, dst and src
// in NRAM and disjoint.
template <class T>
void reshape_contract(Contract& c, const T* dst, long dst_elems, const T* src,
                      long src_elems, std::initializer_list<long> sizes) {
  for (long size : sizes) c.count(size);
  c.dst(dst, dst_elems * long(sizeof(T)))
      .disjoint_src("src", src, src_elems * long(sizeof(T)));
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
  const bool computes = channel > 0 && height >= 0 && width >= 0 &&
                        pad_top >= 0 && pad_bottom >= 0 && pad_left >= 0 &&
                        pad_right >= 0;
  run_builtin(
      "__bang_pad",
      Tally::elements(xbang::Family::kLayout, computes ? out_elems : 0),
      [=](Contract& c) {
        reshape_contract(
            c, dst, out_elems, src, in_elems,
            {channel, height, width, pad_top, pad_bottom, pad_left, pad_right});
      },
      [&] {
        if (computes) {
          pad_image(dst, src, channel, height, width, pad_top, pad_bottom,
                    pad_left, pad_right);
        }
      });
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
  const bool computes = n > 0 && h > 0 && w > 0 && c > 0;
  run_builtin(
      "__bang_reshape_filter",
      Tally::elements(xbang::Family::kLayout, computes ? elems : 0),
      [=](Contract& contract) {
        reshape_contract(contract, dst, elems, src, elems, {n, h, w, c});
      },
      [&] {
        if (computes) transpose(raw(dst), raw(src), n, depth);
      });
}
