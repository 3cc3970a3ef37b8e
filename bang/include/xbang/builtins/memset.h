// Fills of any memory space, by element:
//   __gdramset / __sramset / __nramset / __wramset / __ldramset
//     (dst, elem_count, value)                      one run
//     (dst, elem_count, value, dst_stride, segnum)  segnum + 1 runs, each
//                                                   dst_stride bytes apart
//   __gdramset_async / __sramset_async / __nramset_async / __wramset_async
//     the same two forms, asynchronous
// The value's own type decides the element written (detail/fill_value.h). LDRAM
// is the core-local part of off-chip memory: the emulator keeps it in GDRAM.
//
// Choices where the meaning is uncertain: an async fill is performed at
// once (a fill that finishes early is one the hardware may produce; the sync
// that follows it has nothing left to do), and a fill counts its elements in
// the arithmetic family, as __bang_write_value does.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "xbang/builtins/detail/entry.h"
#include "xbang/builtins/detail/fill_value.h"

namespace xbang {
namespace detail {

// The contract of the fill family: counts, stride, and every run inside
// `where`.
template <class T>
void set_contract(Contract& c, const T* dst, long count, long stride_bytes,
                  long segnum, Space where) {
  const long run_bytes = count * long(sizeof(T));
  c.count(count).count(segnum).require(
      segnum <= 0 || stride_bytes >= run_bytes, [&] {
        return "dst_stride " + std::to_string(stride_bytes) +
               " is shorter than a run of " + std::to_string(run_bytes) +
               " bytes";
      });
  if (segnum > 0 && (where == Space::kSram || where == Space::kGdram)) {
    // Only the runs are written: the race check sees the gaps free.
    const Segments runs{run_bytes, stride_bytes, segnum + 1, 0, 1};
    c.operand("dst", dst, segnum * stride_bytes + run_bytes, where,
              Access::kWrite, dst, &runs);
    return;
  }
  c.dst(dst, segnum * stride_bytes + run_bytes, where);
}

template <class T>
void set_runs(const char* name, T* dst, long count, T value, long stride_bytes,
              long segnum, Space where) {
  run_builtin(
      name,
      Tally::elements(Family::kArithmetic,
                      count > 0 && segnum >= 0 ? count * (segnum + 1) : 0),
      [=](Contract& c) {
        set_contract(c, dst, count, stride_bytes, segnum, where);
      },
      [&] {
        if (count <= 0 || segnum < 0) return;
        char* run = reinterpret_cast<char*>(dst);
        for (long s = 0; s <= segnum; ++s, run += stride_bytes) {
          std::fill_n(reinterpret_cast<T*>(run), count, value);
        }
      });
}

// A fill built-in: value converted to the element type the pair (T, V)
// selects, written elem_count times per segment in `where`.
template <Space where, class T, class V>
XBANG_ENTRY_INLINE void set_builtin(const char* name, T* dst, int elem_count,
                                    V value, int dst_stride, int segnum) {
  using Elem = fill_elem_t<T, V>;
  set_runs(name, reinterpret_cast<Elem*>(dst), elem_count,
           static_cast<Elem>(value), dst_stride, segnum, where);
}

}  // namespace detail
}  // namespace xbang

template <class T, class V>
inline void __gdramset(T* dst, int elem_count, V value) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kGdram>(
      "__gdramset", dst, elem_count, value, 0, 0);
}
template <class T, class V>
inline void __gdramset(T* dst, int elem_count, V value, int dst_stride,
                       int segnum) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kGdram>(
      "__gdramset", dst, elem_count, value, dst_stride, segnum);
}
template <class T, class V>
inline void __ldramset(T* dst, int elem_count, V value) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kGdram>(
      "__ldramset", dst, elem_count, value, 0, 0);
}
template <class T, class V>
inline void __ldramset(T* dst, int elem_count, V value, int dst_stride,
                       int segnum) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kGdram>(
      "__ldramset", dst, elem_count, value, dst_stride, segnum);
}
template <class T, class V>
inline void __sramset(T* dst, int elem_count, V value) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kSram>(
      "__sramset", dst, elem_count, value, 0, 0);
}
template <class T, class V>
inline void __sramset(T* dst, int elem_count, V value, int dst_stride,
                      int segnum) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kSram>(
      "__sramset", dst, elem_count, value, dst_stride, segnum);
}
template <class T, class V>
inline void __nramset(T* dst, int elem_count, V value) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kNram>(
      "__nramset", dst, elem_count, value, 0, 0);
}
template <class T, class V>
inline void __nramset(T* dst, int elem_count, V value, int dst_stride,
                      int segnum) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kNram>(
      "__nramset", dst, elem_count, value, dst_stride, segnum);
}
template <class T, class V>
inline void __wramset(T* dst, int elem_count, V value) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kWram>(
      "__wramset", dst, elem_count, value, 0, 0);
}
template <class T, class V>
inline void __wramset(T* dst, int elem_count, V value, int dst_stride,
                      int segnum) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kWram>(
      "__wramset", dst, elem_count, value, dst_stride, segnum);
}
template <class T, class V>
inline void __gdramset_async(T* dst, int elem_count, V value) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kGdram>(
      "__gdramset_async", dst, elem_count, value, 0, 0);
}
template <class T, class V>
inline void __gdramset_async(T* dst, int elem_count, V value, int dst_stride,
                             int segnum) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kGdram>(
      "__gdramset_async", dst, elem_count, value, dst_stride, segnum);
}
template <class T, class V>
inline void __sramset_async(T* dst, int elem_count, V value) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kSram>(
      "__sramset_async", dst, elem_count, value, 0, 0);
}
template <class T, class V>
inline void __sramset_async(T* dst, int elem_count, V value, int dst_stride,
                            int segnum) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kSram>(
      "__sramset_async", dst, elem_count, value, dst_stride, segnum);
}
template <class T, class V>
inline void __nramset_async(T* dst, int elem_count, V value) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kNram>(
      "__nramset_async", dst, elem_count, value, 0, 0);
}
template <class T, class V>
inline void __nramset_async(T* dst, int elem_count, V value, int dst_stride,
                            int segnum) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kNram>(
      "__nramset_async", dst, elem_count, value, dst_stride, segnum);
}
template <class T, class V>
inline void __wramset_async(T* dst, int elem_count, V value) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kWram>(
      "__wramset_async", dst, elem_count, value, 0, 0);
}
template <class T, class V>
inline void __wramset_async(T* dst, int elem_count, V value, int dst_stride,
                            int segnum) {
  ::xbang::detail::set_builtin<::xbang::detail::Space::kWram>(
      "__wramset_async", dst, elem_count, value, dst_stride, segnum);
}
