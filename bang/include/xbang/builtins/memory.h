// Data movement built-ins (spec section 3): __memcpy in every direction and
// form, the async forms and their syncs, fills and __bang_move.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "xbang/runtime/checked.h"
#include "xbang/runtime/task.h"

typedef enum {
  GDRAM2NRAM = 0,
  NRAM2GDRAM,
  GDRAM2SRAM,
  SRAM2GDRAM,
  SRAM2NRAM,
  NRAM2SRAM,
  NRAM2NRAM,
  NRAM2WRAM,
  WRAM2NRAM,
  GDRAM2WRAM,
  SRAM2WRAM,
  SRAM2SRAM,
  GDRAM2GDRAM,
} mluMemcpyDirection_t;

namespace xbang {
namespace detail {

struct DirectionSpaces {
  Space dst;
  Space src;
};

inline DirectionSpaces spaces_of(mluMemcpyDirection_t dir) {
  constexpr Space N = Space::kNram, W = Space::kWram, S = Space::kSram,
                  G = Space::kGdram;
  static constexpr DirectionSpaces kTable[] = {
      {N, G}, {G, N}, {S, G}, {G, S}, {N, S}, {S, N}, {N, N},
      {W, N}, {N, W}, {W, G}, {W, S}, {S, S}, {G, G}};
  return kTable[dir];
}

XBANG_CHECK_PATH inline bool copy_ok(const char* name, void* dst,
                                     const void* src, mluMemcpyDirection_t dir,
                                     const Segments& d, const Segments& s) {
  if (int(dir) < 0 || int(dir) >= kNumDirections) {
    report(name, "unknown direction " + std::to_string(int(dir)));
    return false;
  }
  if (!check_count(name, d.size) || !check_count(name, d.n0 - 1) ||
      !check_count(name, d.n1 - 1) || !check_count(name, s.n0 - 1) ||
      !check_count(name, s.n1 - 1)) {
    return false;
  }
  if (d.count() != s.count()) {
    report(name, "dst has " + std::to_string(d.count()) +
                     " segments but src has " + std::to_string(s.count()));
    return false;
  }
  if (d.size == 0) return true;
  const DirectionSpaces spaces = spaces_of(dir);
  long dlo, dhi, slo, shi;
  d.extent(&dlo, &dhi);
  s.extent(&slo, &shi);
  char* dbase = static_cast<char*>(dst) + dlo;
  const char* sbase = static_cast<const char*>(src) + slo;
  return check_space(name, "dst", dbase, dhi - dlo, spaces.dst) &&
         check_space(name, "src", sbase, shi - slo, spaces.src) &&
         check_not_pending(name, sbase, shi - slo);
}

// Every __memcpy form ends here. Async copies are delayed until the core's
// next sync (see xbang/runtime/async_copies.h), so an early read sees stale
// data, as it could on hardware; checked mode reports it.
inline void copy(const char* name, void* dst, const void* src,
                 mluMemcpyDirection_t dir, const Segments& d, const Segments& s,
                 bool async) {
  const bool checking = XBANG_CHECKING();
  if (checking && !copy_ok(name, dst, src, dir, d, s)) return;
  if (d.size <= 0) return;
  CoreContext* core = current_core();
  if (async && core != nullptr) {
    if (checking) {
      long lo, hi;
      d.extent(&lo, &hi);
      core->pending_ranges.emplace_back(static_cast<char*>(dst) + lo,
                                        static_cast<char*>(dst) + hi);
    }
    core->pending_copies.push_back({dst, src, d, s});
    core->pending_copies.back().prefetch_source();
    if (core->pending_copies.size() > kMaxPendingCopies) {
      flush_pending_copies(*core);
    }
  } else {
    copy_segments(dst, src, d, s);
  }
  count_copy(dir, uint64_t(d.size) * uint64_t(d.count()));
}

inline Segments contiguous(long size) { return {size, 0, 1, 0, 1}; }
inline Segments strided(long size, long stride, long segnum) {
  return {size, stride, segnum + 1, 0, 1};
}

void sync_pending_copies();  // runtime: the core's __sync*

}  // namespace detail
}  // namespace xbang

// __memcpy(dst, src, size, dir). Unchecked, the one-segment form is a plain
// memmove here: kernels call it per row, and the general path's set-up cost
// more than a short row's copy.
inline void __memcpy(void* dst, const void* src, int size,
                     mluMemcpyDirection_t dir) {
  using namespace xbang::detail;
  if (!XBANG_CHECKING() && size > 0 &&
      unsigned(dir) < unsigned(xbang::kNumDirections)) {
    std::memmove(dst, src, size_t(size));
    count_copy(dir, uint64_t(size));
    return;
  }
  copy("__memcpy", dst, src, dir, contiguous(size), contiguous(size), false);
}
// __memcpy(dst, src, size, dir, dst_stride, src_stride, segnum): segnum + 1
// segments.
inline void __memcpy(void* dst, const void* src, int size,
                     mluMemcpyDirection_t dir, int dst_stride, int src_stride,
                     int segnum) {
  using namespace xbang::detail;
  copy("__memcpy", dst, src, dir, strided(size, dst_stride, segnum),
       strided(size, src_stride, segnum), false);
}
// The 3D form: (segnum0 + 1) * (segnum1 + 1) segments on each side.
inline void __memcpy(void* dst, const void* src, int size,
                     mluMemcpyDirection_t dir, int dst_stride0, int dst_segnum0,
                     int dst_stride1, int dst_segnum1, int src_stride0,
                     int src_segnum0, int src_stride1, int src_segnum1) {
  using namespace xbang::detail;
  copy("__memcpy", dst, src, dir,
       {size, dst_stride0, dst_segnum0 + 1L, dst_stride1, dst_segnum1 + 1L},
       {size, src_stride0, src_segnum0 + 1L, src_stride1, src_segnum1 + 1L},
       false);
}

inline void __memcpy_async(void* dst, const void* src, int size,
                           mluMemcpyDirection_t dir) {
  using namespace xbang::detail;
  copy("__memcpy_async", dst, src, dir, contiguous(size), contiguous(size),
       true);
}
inline void __memcpy_async(void* dst, const void* src, int size,
                           mluMemcpyDirection_t dir, int dst_stride,
                           int src_stride, int segnum) {
  using namespace xbang::detail;
  copy("__memcpy_async", dst, src, dir, strided(size, dst_stride, segnum),
       strided(size, src_stride, segnum), true);
}
inline void __memcpy_async(void* dst, const void* src, int size,
                           mluMemcpyDirection_t dir, int dst_stride0,
                           int dst_segnum0, int dst_stride1, int dst_segnum1,
                           int src_stride0, int src_segnum0, int src_stride1,
                           int src_segnum1) {
  using namespace xbang::detail;
  copy("__memcpy_async", dst, src, dir,
       {size, dst_stride0, dst_segnum0 + 1L, dst_stride1, dst_segnum1 + 1L},
       {size, src_stride0, src_segnum0 + 1L, src_stride1, src_segnum1 + 1L},
       true);
}

// Syncs: every outstanding async copy of this core completes.
inline void __sync_io() { xbang::detail::sync_pending_copies(); }
inline void __sync_move() { xbang::detail::sync_pending_copies(); }
inline void __sync_compute() { xbang::detail::sync_pending_copies(); }
inline void __sync() { xbang::detail::sync_pending_copies(); }
inline void __sync_io_move_compute() { xbang::detail::sync_pending_copies(); }

namespace xbang {
namespace detail {
template <class T>
void fill(const char* name, T* dst, int count, T value) {
  if (XBANG_CHECKING() &&
      (!check_count(name, count) ||
       !check_space(name, "dst", dst, count * long(sizeof(T)), Space::kNram))) {
    return;
  }
  if (count <= 0) return;
  std::fill(dst, dst + count, value);
  count_elements(Family::kArithmetic, uint64_t(count));
}
}  // namespace detail
}  // namespace xbang

// Fill `elem_count` elements of the pointee type with `value`.
template <class T, class V>
inline void __bang_write_value(T* dst, int elem_count, V value) {
  using Elem = std::conditional_t<std::is_void_v<T>, V, T>;
  xbang::detail::fill("__bang_write_value", reinterpret_cast<Elem*>(dst),
                      elem_count, static_cast<Elem>(value));
}
template <class T, class V>
inline void __memset_nram(T* dst, int elem_count, V value) {
  using Elem = std::conditional_t<std::is_void_v<T>, V, T>;
  xbang::detail::fill("__memset_nram", reinterpret_cast<Elem*>(dst), elem_count,
                      static_cast<Elem>(value));
}

// Byte copy within NRAM.
inline void __bang_move(void* dst, const void* src, int size) {
  using namespace xbang::detail;
  copy("__bang_move", dst, src, NRAM2NRAM, contiguous(size), contiguous(size),
       false);
}
