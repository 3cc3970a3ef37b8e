// Pooling built-ins on NRAM images laid out [height][width][channel]
// (channel innermost), one output pixel per window:
//   __bang_sumpool / __bang_avgpool / __bang_maxpool / __bang_minpool
//     (dst, src, channel, height, width, kernel_height, kernel_width
//      [, stride_x, stride_y])
//   __bang_maxpool_index / __bang_minpool_index (same arguments, dst is the
//     index array)
//   __bang_maxpool_value_index / __bang_minpool_value_index (same arguments
//     plus index_offset_bytes: values at dst, indices at dst + that offset)
// The 7-argument forms stride by the kernel size. dst is
// [(height - kernel_height) / stride_y + 1][(width - kernel_width) /
// stride_x + 1][channel]. stride_x steps along the width, stride_y along the
// height (mlu-ops' recursive sum pool passes (1, kernel_limit) to pool
// kernel_limit rows).
//
// Choices where the meaning is uncertain (each one constant or functor):
// - Window order: row by row, left to right; an index is ky * kernel_width +
//   kx, written as the unsigned integer of T's width (uint16 for half,
//   uint32 for float, as the index forms' declarations take them).
// - max/min: the first extreme wins ties; NaNs are skipped, as the max and
//   min units skip them in __bang_maxequal and __bang_argmax (an all-NaN
//   window gives its first element), see PoolMax / PoolMin. mlu-ops'
//   box_iou_rotated relies on it: its convex hull sorts angles with
//   __bang_maxpool_value_index over rows where the unused points are 0/0.
// - sum/avg: accumulated in float lanes (half is widened) and rounded to T
//   once; in window order, except that a one-channel window spanning whole
//   rows (a plain vector sum) is added lane-parallel, so a float sum's
//   rounding differs from a sequential loop's by the order of additions.
//   avg divides the float sum by the window size before rounding.
// - dst may equal src or start below it (each output pixel is written only
//   after every input pixel at or before it was read); a dst that overlaps
//   src from above goes through a scratch copy.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"

namespace xbang {
namespace detail {

// Better(x, v) on float lanes: whether a candidate x replaces the kept
// extreme v: strictly more extreme, or a number where a NaN is kept. A NaN
// never replaces a number, so a window's NaNs are skipped and an all-NaN
// window keeps its first element.
struct PoolMaxBetter {
  template <class B>
  auto operator()(const B& x, const B& v) const {
    return (x > v) | (xsimd::isnan(v) & ~xsimd::isnan(x));
  }
};
struct PoolMinBetter {
  template <class B>
  auto operator()(const B& x, const B& v) const {
    return (x < v) | (xsimd::isnan(v) & ~xsimd::isnan(x));
  }
};
// The extreme of (kept, candidate) as a binary op for the shape templates.
template <class Better>
struct PoolExtreme {
  template <class B>
  B operator()(const B& kept, const B& candidate) const {
    return xsimd::select(Better{}(candidate, kept), candidate, kept);
  }
};
using PoolMax = PoolExtreme<PoolMaxBetter>;
using PoolMin = PoolExtreme<PoolMinBetter>;

template <class T>
inline constexpr bool is_pool_type = is_one_of<T, half, float>;

struct PoolShape {
  long channel, height, width, kernel_h, kernel_w, stride_x, stride_y;
  long out_h() const { return (height - kernel_h) / stride_y + 1; }
  long out_w() const { return (width - kernel_w) / stride_x + 1; }
  long in_elems() const { return height * width * channel; }
  long out_elems() const { return out_h() * out_w() * channel; }
  // Whether there is anything to compute (checked mode reports the rest).
  bool computes() const {
    return channel > 0 && kernel_h > 0 && kernel_w > 0 && stride_x > 0 &&
           stride_y > 0 && height >= kernel_h && width >= kernel_w;
  }
  // First element of input pixel (y, x).
  long at(long y, long x) const { return (y * width + x) * channel; }
};

// The contract of the pool family: sizes, strides, spaces, and no read of
// a pending copy. index_bytes > 0 adds the index array. dst may equal src or
// start below it, so it is checked for its space only.
template <class T>
void pool_contract(Contract& c, const T* dst, const T* src, const PoolShape& s,
                   const void* index = nullptr, long index_bytes = 0) {
  c.count(s.channel).count(s.height).count(s.width);
  const bool positive =
      s.kernel_h > 0 && s.kernel_w > 0 && s.stride_x > 0 && s.stride_y > 0;
  c.require(positive, [&] {
    return "kernel " + std::to_string(s.kernel_h) + "x" +
           std::to_string(s.kernel_w) + " and strides " +
           std::to_string(s.stride_x) + "," + std::to_string(s.stride_y) +
           " must be positive";
  });
  c.require(s.height >= s.kernel_h && s.width >= s.kernel_w, [&] {
    return "kernel " + std::to_string(s.kernel_h) + "x" +
           std::to_string(s.kernel_w) + " is larger than the " +
           std::to_string(s.height) + "x" + std::to_string(s.width) + " image";
  });
  const long in_bytes = s.in_elems() * long(sizeof(T));
  const long out_bytes = s.computes() ? s.out_elems() * long(sizeof(T)) : 0;
  c.operand("src", src, in_bytes, Space::kNram).pending(src, in_bytes);
  if (dst != nullptr) c.operand("dst", dst, out_bytes, Space::kNram);
  if (index != nullptr) c.operand("index", index, index_bytes, Space::kNram);
}

// Window reads of a pool built-in, counted in the arithmetic family.
inline Tally pool_tally(const PoolShape& s) {
  return Tally::elements(
      Family::kArithmetic,
      s.computes() ? s.out_elems() * s.kernel_h * s.kernel_w : 0);
}

// A scratch buffer per host thread and use (one emulated core at a time
// runs on a host thread).
enum class Scratch { kOutput, kKept, kWindow, kResults };
template <class T, Scratch use>
T* pool_scratch(long n) {
  thread_local std::vector<T> buffer;
  if (long(buffer.size()) < n) buffer.resize(size_t(n));
  return buffer.data();
}

// Element offsets of the window's pixels from its first pixel, in window
// order.
inline const long* window_offsets(const PoolShape& s) {
  const long window = s.kernel_h * s.kernel_w;
  long* offsets = pool_scratch<long, Scratch::kWindow>(window);
  for (long k = 0; k < window; ++k) {
    offsets[k] = s.at(k / s.kernel_w, k % s.kernel_w);
  }
  return offsets;
}

// Calls chunk(window_base, out, first, count) for every output pixel and
// every run of up to one batch of its channels. Output pixels are produced
// in order, each after its whole window was read, so dst may equal src or
// start below it; a dst overlapping src from above is written to scratch
// first.
template <class T, class Chunk>
void for_each_output_chunk(T* dst, const T* src, const PoolShape& s,
                           Chunk chunk) {
  const long c = s.channel, oh = s.out_h(), ow = s.out_w();
  const long step = long(Lanes<T>::size);
  const bool overlaps_from_above =
      dst > src && dst < src + s.in_elems() && s.out_elems() > 0;
  T* out = overlaps_from_above
               ? pool_scratch<T, Scratch::kOutput>(s.out_elems())
               : dst;
  for (long y = 0; y < oh; ++y) {
    for (long x = 0; x < ow; ++x) {
      const T* base = src + s.at(y * s.stride_y, x * s.stride_x);
      const long first = (y * ow + x) * c;
      for (long j = 0; j < c; j += step) {
        chunk(base + j, out + first + j, first + j,
              c - j < step ? c - j : step);
      }
    }
  }
  if (out != dst) {
    std::memcpy(static_cast<void*>(dst), out,
                size_t(s.out_elems()) * sizeof(T));
  }
}

// One batch of channels, or fewer through the tail path.
template <class T>
typename Lanes<T>::batch load_lanes(const T* p, long count) {
  return count == long(Lanes<T>::size) ? Lanes<T>::load(p)
                                       : Tail<T>::load(p, count);
}
template <class T>
void store_lanes(T* p, const typename Lanes<T>::batch& b, long count) {
  if (count == long(Lanes<T>::size)) {
    Lanes<T>::store(p, b);
  } else {
    Tail<T>::store(p, b, count);
  }
}

// A window of one channel spanning whole rows is one contiguous run:
// folded a batch at a time, then across the lanes and the remainder.
template <class T, class Op, class Finish>
void pool_reduce_contiguous(T* dst, const T* src, const PoolShape& s, Op op,
                            Finish finish) {
  using L = Lanes<T>;
  using B = typename L::batch;
  using V = typename L::value;
  const long window = s.kernel_h * s.kernel_w;
  const long step = long(L::size);
  const long oh = s.out_h();
  // Results wait in scratch: a window can reach past its own output.
  V* results = pool_scratch<V, Scratch::kResults>(oh);
  for (long y = 0; y < oh; ++y) {
    const T* run = src + s.at(y * s.stride_y, 0);
    long i = 1;
    V folded = V(run[0]);
    if (window >= step) {
      B acc = L::load(run);
      for (i = step; i + step <= window; i += step) {
        acc = op(acc, L::load(run + i));
      }
      alignas(64) V lanes[L::size];
      acc.store_aligned(lanes);
      folded = lanes[0];
      for (long k = 1; k < step; ++k) {
        folded = op(B(folded), B(lanes[k])).get(0);
      }
    }
    for (; i < window; ++i) folded = op(B(folded), B(V(run[i]))).get(0);
    results[y] = finish(B(folded)).get(0);
  }
  for (long y = 0; y < oh; ++y) dst[y] = T(results[y]);
}

// Reduces each window into dst with `op`: per output pixel, a batch of
// channels is folded over the window in registers, finished (avg divides)
// and stored once.
template <class T, class Op, class Finish>
void pool_reduce(T* dst, const T* src, const PoolShape& s, Op op,
                 Finish finish) {
  if (s.channel == 1 && s.kernel_w == s.width) {
    pool_reduce_contiguous(dst, src, s, op, finish);
    return;
  }
  const long window = s.kernel_h * s.kernel_w;
  const long* offsets = window_offsets(s);
  for_each_output_chunk(dst, src, s,
                        [&](const T* base, T* out, long, long count) {
                          auto acc = load_lanes(base, count);
                          for (long k = 1; k < window; ++k) {
                            acc = op(acc, load_lanes(base + offsets[k], count));
                          }
                          store_lanes(out, finish(acc), count);
                        });
}

// Values and window indices of each window's extreme. Indices are tracked
// in float lanes beside the values (exact below 2^24) and stored as Index.
template <class T, class Index, class Better>
void pool_extreme_index(T* values, Index* index, const T* src,
                        const PoolShape& s) {
  using B = typename Lanes<T>::batch;  // float lanes for half and float
  using V = typename Lanes<T>::value;
  const long window = s.kernel_h * s.kernel_w;
  const long* offsets = window_offsets(s);
  // Values go to scratch when the caller wants only the indices.
  T* kept = values != nullptr ? values
                              : pool_scratch<T, Scratch::kKept>(s.out_elems());
  for_each_output_chunk(
      kept, src, s, [&](const T* base, T* out, long first, long count) {
        B value = load_lanes(base, count);
        B where(V(0));
        for (long k = 1; k < window; ++k) {
          const B candidate = load_lanes(base + offsets[k], count);
          const auto take = Better{}(candidate, value);
          value = xsimd::select(take, candidate, value);
          where = xsimd::select(take, B(V(k)), where);
        }
        store_lanes(out, value, count);
        alignas(64) V lanes[Lanes<T>::size];
        where.store_aligned(lanes);
        for (long i = 0; i < count; ++i) index[first + i] = Index(lanes[i]);
      });
}

struct PoolKeep {
  template <class B>
  B operator()(const B& a) const {
    return a;
  }
};
// avg = sum / window size, divided in the compute lanes before rounding.
struct PoolDivide {
  float window;
  template <class B>
  B operator()(const B& a) const {
    return simd::div(a, B(typename B::value_type(window)));
  }
};

template <class T, class Op, class Finish = PoolKeep>
void pool_builtin(const char* name, T* dst, const T* src, const PoolShape& s,
                  Op op, Finish finish = {}) {
  run_builtin(
      name, pool_tally(s), [=](Contract& c) { pool_contract(c, dst, src, s); },
      [&] {
        if (s.computes()) pool_reduce(dst, src, s, op, finish);
      });
}

template <class T>
using pool_index_t = raw_bits_t<T>;

template <class T, class Better>
void pool_index_builtin(const char* name, T* values, pool_index_t<T>* index,
                        const T* src, const PoolShape& s) {
  const long index_bytes =
      s.computes() ? s.out_elems() * long(sizeof(pool_index_t<T>)) : 0;
  run_builtin(
      name, pool_tally(s),
      [=](Contract& c) {
        pool_contract(c, values, src, s, index, index_bytes);
      },
      [&] {
        if (s.computes()) {
          pool_extreme_index<T, pool_index_t<T>, Better>(values, index, src, s);
        }
      });
}

// The backward max pool of older toolkits (mmcv's roi_pool backward):
// dst, [height][width][channel], receives each window's gradient at the
// position its index (ky * kernel_width + kx, as __bang_maxpool_index
// writes) names; every dst element is written, 0 where no window points.
// Choices where uncertain: overlapping windows (a stride below the kernel)
// add their gradients in window order, rounding to T after each addition;
// an index outside the window adds nothing.
template <class T, class Index>
inline constexpr bool is_pool_bp_index = std::is_integral_v<Index> &&
                                         sizeof(Index) == sizeof(T);

template <class T, class Index>
void pool_backward_builtin(const char* name, T* dst, const T* grad,
                           const Index* index, const PoolShape& s) {
  const long window = s.kernel_h * s.kernel_w;
  const long out_elems = s.computes() ? s.out_elems() : 0;
  run_builtin(
      name, pool_tally(s),
      [&](Contract& c) {
        c.count(s.channel).count(s.height).count(s.width);
        c.require(s.kernel_h > 0 && s.kernel_w > 0 && s.stride_x > 0 &&
                      s.stride_y > 0 && s.height >= s.kernel_h &&
                      s.width >= s.kernel_w,
                  [&] {
                    return "kernel " + std::to_string(s.kernel_h) + "x" +
                           std::to_string(s.kernel_w) + " with strides " +
                           std::to_string(s.stride_x) + "," +
                           std::to_string(s.stride_y) + " does not fit the " +
                           std::to_string(s.height) + "x" +
                           std::to_string(s.width) + " image";
                  });
        c.dst(dst, s.in_elems() * long(sizeof(T)))
            .disjoint_src("grad", grad, out_elems * long(sizeof(T)))
            .disjoint_src("index", index, out_elems * long(sizeof(Index)));
      },
      [&] {
        if (!s.computes()) return;
        std::fill(dst, dst + s.in_elems(), T(0));
        const long out_w = s.out_w();
        for (long oy = 0; oy < s.out_h(); ++oy) {
          for (long ox = 0; ox < out_w; ++ox) {
            const long at = (oy * out_w + ox) * s.channel;
            for (long ch = 0; ch < s.channel; ++ch) {
              const long k = long(index[at + ch]);
              if (k < 0 || k >= window) continue;
              T& d = dst[s.at(oy * s.stride_y + k / s.kernel_w,
                              ox * s.stride_x + k % s.kernel_w) +
                         ch];
              d = T(float(d) + float(grad[at + ch]));
            }
          }
        }
      });
}

}  // namespace detail
}  // namespace xbang

template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_sumpool(T* dst, const T* src, int channel, int height,
                           int width, int kernel_height, int kernel_width,
                           int stride_x, int stride_y) {
  ::xbang::detail::pool_builtin(
      "__bang_sumpool", dst, src,
      {channel, height, width, kernel_height, kernel_width, stride_x, stride_y},
      ::xbang::functors::Add{});
}
template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_sumpool(T* dst, const T* src, int channel, int height,
                           int width, int kernel_height, int kernel_width) {
  __bang_sumpool(dst, src, channel, height, width, kernel_height, kernel_width,
                 kernel_width, kernel_height);
}

template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_maxpool(T* dst, const T* src, int channel, int height,
                           int width, int kernel_height, int kernel_width,
                           int stride_x, int stride_y) {
  ::xbang::detail::pool_builtin(
      "__bang_maxpool", dst, src,
      {channel, height, width, kernel_height, kernel_width, stride_x, stride_y},
      ::xbang::detail::PoolMax{});
}
template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_maxpool(T* dst, const T* src, int channel, int height,
                           int width, int kernel_height, int kernel_width) {
  __bang_maxpool(dst, src, channel, height, width, kernel_height, kernel_width,
                 kernel_width, kernel_height);
}

template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_minpool(T* dst, const T* src, int channel, int height,
                           int width, int kernel_height, int kernel_width,
                           int stride_x, int stride_y) {
  ::xbang::detail::pool_builtin(
      "__bang_minpool", dst, src,
      {channel, height, width, kernel_height, kernel_width, stride_x, stride_y},
      ::xbang::detail::PoolMin{});
}
template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_minpool(T* dst, const T* src, int channel, int height,
                           int width, int kernel_height, int kernel_width) {
  __bang_minpool(dst, src, channel, height, width, kernel_height, kernel_width,
                 kernel_width, kernel_height);
}

template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_avgpool(T* dst, const T* src, int channel, int height,
                           int width, int kernel_height, int kernel_width,
                           int stride_x, int stride_y) {
  using namespace xbang::detail;
  const PoolShape s{channel,      height,   width,   kernel_height,
                    kernel_width, stride_x, stride_y};
  pool_builtin("__bang_avgpool", dst, src, s, xbang::functors::Add{},
               PoolDivide{float(kernel_height) * float(kernel_width)});
}
template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_avgpool(T* dst, const T* src, int channel, int height,
                           int width, int kernel_height, int kernel_width) {
  __bang_avgpool(dst, src, channel, height, width, kernel_height, kernel_width,
                 kernel_width, kernel_height);
}

template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_maxpool_index(::xbang::detail::pool_index_t<T>* dst,
                                 const T* src, int channel, int height,
                                 int width, int kernel_height, int kernel_width,
                                 int stride_x, int stride_y) {
  ::xbang::detail::pool_index_builtin<T, ::xbang::detail::PoolMaxBetter>(
      "__bang_maxpool_index", nullptr, dst, src,
      {channel, height, width, kernel_height, kernel_width, stride_x,
       stride_y});
}
template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_maxpool_index(::xbang::detail::pool_index_t<T>* dst,
                                 const T* src, int channel, int height,
                                 int width, int kernel_height,
                                 int kernel_width) {
  __bang_maxpool_index(dst, src, channel, height, width, kernel_height,
                       kernel_width, kernel_width, kernel_height);
}

template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_minpool_index(::xbang::detail::pool_index_t<T>* dst,
                                 const T* src, int channel, int height,
                                 int width, int kernel_height, int kernel_width,
                                 int stride_x, int stride_y) {
  ::xbang::detail::pool_index_builtin<T, ::xbang::detail::PoolMinBetter>(
      "__bang_minpool_index", nullptr, dst, src,
      {channel, height, width, kernel_height, kernel_width, stride_x,
       stride_y});
}
template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_minpool_index(::xbang::detail::pool_index_t<T>* dst,
                                 const T* src, int channel, int height,
                                 int width, int kernel_height,
                                 int kernel_width) {
  __bang_minpool_index(dst, src, channel, height, width, kernel_height,
                       kernel_width, kernel_width, kernel_height);
}

template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_maxpool_value_index(T* dst, const T* src, int channel,
                                       int height, int width, int kernel_height,
                                       int kernel_width, int stride_x,
                                       int stride_y, int index_offset_bytes) {
  ::xbang::detail::pool_index_builtin<T, ::xbang::detail::PoolMaxBetter>(
      "__bang_maxpool_value_index", dst,
      reinterpret_cast<::xbang::detail::pool_index_t<T>*>(
          reinterpret_cast<char*>(dst) + index_offset_bytes),
      src,
      {channel, height, width, kernel_height, kernel_width, stride_x,
       stride_y});
}

template <class T, std::enable_if_t<::xbang::detail::is_pool_type<T>, int> = 0>
inline void __bang_minpool_value_index(T* dst, const T* src, int channel,
                                       int height, int width, int kernel_height,
                                       int kernel_width, int stride_x,
                                       int stride_y, int index_offset_bytes) {
  ::xbang::detail::pool_index_builtin<T, ::xbang::detail::PoolMinBetter>(
      "__bang_minpool_value_index", dst,
      reinterpret_cast<::xbang::detail::pool_index_t<T>*>(
          reinterpret_cast<char*>(dst) + index_offset_bytes),
      src,
      {channel, height, width, kernel_height, kernel_width, stride_x,
       stride_y});
}

// Backward max pool (pool_backward_builtin): both spellings older toolkits
// have. The 8-argument forms stride by the kernel size.
template <class T, class Index,
          std::enable_if_t<::xbang::detail::is_pool_type<
                               T>&& ::xbang::detail::is_pool_bp_index<T, Index>,
                           int> = 0>
inline void __bang_maxpool_bp(T* dst, const T* grad, const Index* index,
                              int channel, int height, int width,
                              int kernel_height, int kernel_width, int stride_x,
                              int stride_y) {
  ::xbang::detail::pool_backward_builtin("__bang_maxpool_bp", dst, grad, index,
                                         {channel, height, width, kernel_height,
                                          kernel_width, stride_x, stride_y});
}
template <class T, class Index,
          std::enable_if_t<::xbang::detail::is_pool_type<
                               T>&& ::xbang::detail::is_pool_bp_index<T, Index>,
                           int> = 0>
inline void __bang_maxpool_bp(T* dst, const T* grad, const Index* index,
                              int channel, int height, int width,
                              int kernel_height, int kernel_width) {
  __bang_maxpool_bp(dst, grad, index, channel, height, width, kernel_height,
                    kernel_width, kernel_width, kernel_height);
}
template <class T, class Index,
          std::enable_if_t<::xbang::detail::is_pool_type<
                               T>&& ::xbang::detail::is_pool_bp_index<T, Index>,
                           int> = 0>
inline void __bang_max_pool_bp(T* dst, const T* grad, const Index* index,
                               int channel, int height, int width,
                               int kernel_height, int kernel_width,
                               int stride_x, int stride_y) {
  ::xbang::detail::pool_backward_builtin("__bang_max_pool_bp", dst, grad, index,
                                         {channel, height, width, kernel_height,
                                          kernel_width, stride_x, stride_y});
}
template <class T, class Index,
          std::enable_if_t<::xbang::detail::is_pool_type<
                               T>&& ::xbang::detail::is_pool_bp_index<T, Index>,
                           int> = 0>
inline void __bang_max_pool_bp(T* dst, const T* grad, const Index* index,
                               int channel, int height, int width,
                               int kernel_height, int kernel_width) {
  __bang_max_pool_bp(dst, grad, index, channel, height, width, kernel_height,
                     kernel_width, kernel_width, kernel_height);
}
