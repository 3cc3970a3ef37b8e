// Data movement built-ins (docs/builtins.md): __memcpy in every direction and
// form, the async forms and their syncs, fills and __bang_move.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "xbang/builtins/detail/entry.h"
#include "xbang/builtins/detail/fill_value.h"
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

inline bool valid_direction(int dir) {
  return unsigned(dir) < unsigned(kNumDirections);
}

inline DirectionSpaces spaces_of(mluMemcpyDirection_t dir) {
  constexpr Space N = Space::kNram, W = Space::kWram, S = Space::kSram,
                  G = Space::kGdram;
  static constexpr DirectionSpaces kTable[] = {
      {N, G}, {G, N}, {S, G}, {G, S}, {N, S}, {S, N}, {N, N},
      {W, N}, {N, W}, {W, G}, {W, S}, {S, S}, {G, G}};
  return kTable[dir];
}

// The contract of every __memcpy form. A source still written by a pending
// __memcpy_async is fine: the copies are ordered (see land_pending_before).
inline void copy_contract(Contract& c, void* dst, const void* src,
                          mluMemcpyDirection_t dir, const Segments& d,
                          const Segments& s) {
  c.require(valid_direction(dir),
            [&] { return "unknown direction " + std::to_string(int(dir)); })
      .count(d.size)
      .count(d.n0 - 1)
      .count(d.n1 - 1)
      .count(s.n0 - 1)
      .count(s.n1 - 1)
      .require(d.count() == s.count(), [&] {
        return "dst has " + std::to_string(d.count()) +
               " segments but src has " + std::to_string(s.count());
      });
  if (!valid_direction(dir) || d.size == 0) return;
  const DirectionSpaces spaces = spaces_of(dir);
  long dlo, dhi, slo, shi;
  d.extent(&dlo, &dhi);
  s.extent(&slo, &shi);
  c.operand("dst", static_cast<char*>(dst) + dlo, dhi - dlo, spaces.dst,
            Access::kWrite, dst, &d)
      .operand("src", static_cast<const char*>(src) + slo, shi - slo,
               spaces.src, Access::kRead, src, &s);
}

// A synchronous copy touching memory that an earlier __memcpy_async of the
// core writes or reads: the IO queue performs copies in issue order, so the
// pending copies land first.
inline void land_pending_before(void* dst, const void* src, const Segments& d,
                                const Segments& s) {
  CoreContext* core = current_core();
  if (core == nullptr || core->pending_copies == 0) return;
  land_pending_copies_meeting(*core, dst, src, d, s);
}

// Every __memcpy form ends here. An async copy lands at issue, or with
// XBANG_ASYNC=late at the core's next sync (xbang/runtime/async_copies.h),
// where a built-in reading its destination early sees stale data, as it
// could on hardware; checked mode warns about it in both modes. file and
// line: the call site, for those warnings and for race reports.
inline void copy(const char* name, void* dst, const void* src,
                 mluMemcpyDirection_t dir, const Segments& d, const Segments& s,
                 bool async, const char* file = nullptr, int line = 0) {
  run_builtin(
      name, Tally::copy(dir, d.size, d.count(), async),
      [&](Contract& c) {
        copy_contract(c.at(file, line), dst, src, dir, d, s);
      },
      [&] {
        if (d.size <= 0 || !valid_direction(dir)) return;
        CoreContext* core = current_core();
        if (!async || core == nullptr) {
          land_pending_before(dst, src, d, s);
          copy_segments(dst, src, d, s);
          return;
        }
        if (checked_mode_on()) {
          note_unsynced_copy(*core, name, dst, src, d, s, file, line);
        }
        if (!async_copies_late()) {
          land_pending_before(dst, src, d, s);
          copy_segments(dst, src, d, s);
          return;
        }
        queue_pending_copy(*core, {dst, src, d, s});
      });
}

inline Segments contiguous(long size) { return {size, 0, 1, 0, 1}; }
inline Segments strided(long size, long stride, long segnum) {
  return {size, stride, segnum + 1, 0, 1};
}

void sync_pending_copies();  // runtime: the core's __sync*
// runtime: `bytes` from this cluster's SRAM to dst's place in the SRAM of
// another `cluster` of the launch; returns why not, empty once done.
std::string copy_to_cluster_sram(void* dst, const void* src, long bytes,
                                 int cluster);

}  // namespace detail
}  // namespace xbang

// __memcpy(dst, src, size, dir). The one-segment form is a plain memmove:
// kernels call it per row, and the general path's set-up cost more than a
// short row's copy. Forced inline: kernels call it in their innermost loops.
XBANG_ENTRY_INLINE void __memcpy(void* dst, const void* src, int size,
                                 mluMemcpyDirection_t dir,
                                 const char* file = __builtin_FILE(),
                                 int line = __builtin_LINE()) {
  using namespace xbang::detail;
  run_builtin(
      "__memcpy", Tally::copy(dir, size),
      [&](Contract& c) {
        copy_contract(c.at(file, line), dst, src, dir, contiguous(size),
                      contiguous(size));
      },
      [&] {
        if (size <= 0 || !valid_direction(dir)) return;
        land_pending_before(dst, src, contiguous(size), contiguous(size));
        std::memmove(dst, src, size_t(size));
      });
}
// __memcpy(dst, src, size, dir, dst_stride, src_stride, segnum): segnum + 1
// segments.
inline void __memcpy(void* dst, const void* src, int size,
                     mluMemcpyDirection_t dir, int dst_stride, int src_stride,
                     int segnum, const char* file = __builtin_FILE(),
                     int line = __builtin_LINE()) {
  using namespace xbang::detail;
  copy("__memcpy", dst, src, dir, strided(size, dst_stride, segnum),
       strided(size, src_stride, segnum), false, file, line);
}
// The 3D form: (segnum0 + 1) * (segnum1 + 1) segments on each side.
inline void __memcpy(void* dst, const void* src, int size,
                     mluMemcpyDirection_t dir, int dst_stride0, int dst_segnum0,
                     int dst_stride1, int dst_segnum1, int src_stride0,
                     int src_segnum0, int src_stride1, int src_segnum1,
                     const char* file = __builtin_FILE(),
                     int line = __builtin_LINE()) {
  using namespace xbang::detail;
  copy("__memcpy", dst, src, dir,
       {size, dst_stride0, dst_segnum0 + 1L, dst_stride1, dst_segnum1 + 1L},
       {size, src_stride0, src_segnum0 + 1L, src_stride1, src_segnum1 + 1L},
       false, file, line);
}

// __memcpy(dst, src, size, SRAM2SRAM, cluster_id): dst is the place of the
// same address in the SRAM of cluster `cluster_id` of the launch (this
// cluster's own when it is this one), as the cluster-to-cluster copy of a
// Union launch; the one direction with a cluster argument.
inline void __memcpy(void* dst, const void* src, int size,
                     mluMemcpyDirection_t dir, int cluster_id) {
  using namespace xbang::detail;
  run_builtin(
      "__memcpy", Tally::copy(dir, size),
      [=](Contract& c) {
        c.require(dir == SRAM2SRAM,
                  [&] {
                    return "a cluster id (" + std::to_string(cluster_id) +
                           ") with direction " + std::to_string(int(dir)) +
                           ": only SRAM2SRAM takes one";
                  })
            .require(cluster_id >= 0 && cluster_id < clusterDim,
                     [&] {
                       return "cluster id " + std::to_string(cluster_id) +
                              " outside the launch's " +
                              std::to_string(clusterDim) + " clusters";
                     })
            .count(size);
        c.operand("dst", dst, size, Space::kSram)
            .operand("src", src, size, Space::kSram);
      },
      [&] {
        if (size <= 0 || dir != SRAM2SRAM) return;
        land_pending_before(dst, src, contiguous(size), contiguous(size));
        if (cluster_id == clusterId) {
          std::memmove(dst, src, size_t(size));
          return;
        }
        const std::string why =
            copy_to_cluster_sram(dst, src, size, cluster_id);
        if (!why.empty())
          report("__memcpy", "SRAM2SRAM to cluster " +
                                 std::to_string(cluster_id) + ": " + why);
      });
}

// The async forms, like the others, take their call site (GCC and Clang
// fill in the caller's file and line) for checked mode's warnings.
inline void __memcpy_async(void* dst, const void* src, int size,
                           mluMemcpyDirection_t dir,
                           const char* file = __builtin_FILE(),
                           int line = __builtin_LINE()) {
  using namespace xbang::detail;
  copy("__memcpy_async", dst, src, dir, contiguous(size), contiguous(size),
       true, file, line);
}
inline void __memcpy_async(void* dst, const void* src, int size,
                           mluMemcpyDirection_t dir, int dst_stride,
                           int src_stride, int segnum,
                           const char* file = __builtin_FILE(),
                           int line = __builtin_LINE()) {
  using namespace xbang::detail;
  copy("__memcpy_async", dst, src, dir, strided(size, dst_stride, segnum),
       strided(size, src_stride, segnum), true, file, line);
}
inline void __memcpy_async(void* dst, const void* src, int size,
                           mluMemcpyDirection_t dir, int dst_stride0,
                           int dst_segnum0, int dst_stride1, int dst_segnum1,
                           int src_stride0, int src_segnum0, int src_stride1,
                           int src_segnum1, const char* file = __builtin_FILE(),
                           int line = __builtin_LINE()) {
  using namespace xbang::detail;
  copy("__memcpy_async", dst, src, dir,
       {size, dst_stride0, dst_segnum0 + 1L, dst_stride1, dst_segnum1 + 1L},
       {size, src_stride0, src_segnum0 + 1L, src_stride1, src_segnum1 + 1L},
       true, file, line);
}

// Syncs: every outstanding async copy of this core completes.
inline void __sync_io() { xbang::detail::sync_pending_copies(); }
inline void __sync_move() { xbang::detail::sync_pending_copies(); }
inline void __sync_compute() { xbang::detail::sync_pending_copies(); }
inline void __sync() { xbang::detail::sync_pending_copies(); }
inline void __sync_io_move_compute() { xbang::detail::sync_pending_copies(); }
// The form that names which of the IO, move and compute pipelines wait for
// which (six flags, Cambricon's order). The emulated pipelines are one: every
// form completes all of the core's async copies, which is at least the waits
// asked for.
inline void __sync_io_move_compute(bool, bool, bool, bool, bool, bool) {
  xbang::detail::sync_pending_copies();
}

namespace xbang {
namespace detail {
template <class T>
void fill(const char* name, T* dst, int count, T value) {
  run_builtin(
      name, Tally::elements(Family::kArithmetic, count, sizeof(T)),
      [&](Contract& c) { c.count(count).dst(dst, count * long(sizeof(T))); },
      [&] {
        if (count > 0) std::fill(dst, dst + count, value);
      });
}
}  // namespace detail
}  // namespace xbang

// Fill `elem_count` elements with `value`; the value's type is the element
// (detail/fill_value.h).
template <class T, class V>
inline void __bang_write_value(T* dst, int elem_count, V value) {
  using Elem = xbang::detail::fill_elem_t<T, V>;
  xbang::detail::fill("__bang_write_value", reinterpret_cast<Elem*>(dst),
                      elem_count, static_cast<Elem>(value));
}
template <class T, class V>
inline void __memset_nram(T* dst, int elem_count, V value) {
  using Elem = xbang::detail::fill_elem_t<T, V>;
  xbang::detail::fill("__memset_nram", reinterpret_cast<Elem*>(dst), elem_count,
                      static_cast<Elem>(value));
}

// Byte copy within NRAM.
inline void __bang_move(void* dst, const void* src, int size) {
  using namespace xbang::detail;
  copy("__bang_move", dst, src, NRAM2NRAM, contiguous(size), contiguous(size),
       false);
}

// The strided form: segnum runs of size bytes within NRAM, dst_stride and
// src_stride bytes apart. It copies segnum runs, not segnum + 1 as
// __memcpy's segnum counts: mlu-ops' FFT interleaves pad_col values with
// segnum = pad_col and uses exactly 2 * pad_col results.
inline void __bang_move(void* dst, const void* src, int size, int dst_stride,
                        int src_stride, int segnum) {
  using namespace xbang::detail;
  // Zero runs move nothing; a negative segnum is reported by copy's contract.
  if (segnum == 0) return;
  copy("__bang_move", dst, src, NRAM2NRAM, {size, dst_stride, segnum, 0, 1},
       {size, src_stride, segnum, 0, 1}, false);
}
