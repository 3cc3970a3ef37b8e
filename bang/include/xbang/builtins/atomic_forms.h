// Further forms of __bang_atomic_reduce_add:
//   (dst, value, n)     dst[i] += value, atomically per element
//   (dst, src, n, segnum0, segnum1, dst_stride0, dst_stride1, src_stride0,
//    src_stride1)       (segnum0 + 1) * (segnum1 + 1) blocks of n elements:
//                       block (i0, i1) adds src + i0 * src_stride0 +
//                       i1 * src_stride1 into dst + i0 * dst_stride0 +
//                       i1 * dst_stride1 (strides in bytes, any sign)
// Types: half, float, int32. Each block is one 3-argument reduce (its
// checks, locks and counts). Like every atomic, the scalar form is a
// compute-core instruction: on the MPU it does nothing.
//
// Choice where the meaning is uncertain: the pairing of segnum0 with the
// *_stride0 arguments (mlu-ops passes 1, 1, so the four bilinear
// neighbours come out the same either way).
#pragma once

#include "xbang/builtins/atomics.h"

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_add(T* dst,
                                     ::xbang::detail::identity_t<T> value,
                                     int n) {
  xbang::detail::run_atomic(
      "__bang_atomic_reduce_add", dst, static_cast<const T*>(nullptr),
      static_cast<const T*>(nullptr), n, [&](T* piece, long, long count) {
        xbang::detail::scalar(piece, piece, value, count, xbang::ops::Add{});
      });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_add(T* dst, const T* src, int n, int segnum0,
                                     int segnum1, int dst_stride0,
                                     int dst_stride1, int src_stride0,
                                     int src_stride1) {
  if (XBANG_CHECKING() &&
      (!xbang::detail::check_count("__bang_atomic_reduce_add", segnum0) ||
       !xbang::detail::check_count("__bang_atomic_reduce_add", segnum1))) {
    return;
  }
  for (int i1 = 0; i1 <= segnum1; ++i1) {
    for (int i0 = 0; i0 <= segnum0; ++i0) {
      char* d = reinterpret_cast<char*>(dst) + long(i0) * dst_stride0 +
                long(i1) * dst_stride1;
      const char* s = reinterpret_cast<const char*>(src) +
                      long(i0) * src_stride0 + long(i1) * src_stride1;
      __bang_atomic_reduce_add(reinterpret_cast<T*>(d),
                               reinterpret_cast<const T*>(s), n);
    }
  }
}
