// VAA gather and scatter (docs/builtins.md): segments addressed by a uint32_t
// byte-offset array in NRAM, optionally masked by a bit per segment; and
// __extension, elements repeated by a uint8_t count each.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "xbang/builtins/memory.h"
#include "xbang/builtins/scalar_access.h"

namespace xbang {
namespace detail {

inline constexpr long kGatherLookahead = 8;
inline constexpr long kGatherPrefetchBytes = 1024;

inline bool segment_enabled(const uint8_t* mask, long i) {
  return mask == nullptr || ((mask[i / 8] >> (i % 8)) & 1u) != 0;
}

// Whether the range holding every strided segment and the one holding every
// offset segment each pass the space check as a whole: then each segment
// does.
template <bool kScatter>
bool segment_ranges_pass(const char* d, const char* s, const uint32_t* offset,
                         long transfer_size, const DirectionSpaces& spaces,
                         long stride, long data_num) {
  if (data_num <= 0 || transfer_size <= 0) return true;
  const auto [low, high] = std::minmax_element(offset, offset + data_num);
  const long last = (data_num - 1) * stride;
  const char* strided = (kScatter ? s : d) + std::min(0L, last);
  const long strided_bytes = std::abs(last) + transfer_size;
  const char* offsets = (kScatter ? d : s) + *low;
  const long offset_bytes = long(*high) - long(*low) + transfer_size;
  const Space strided_space = kScatter ? spaces.src : spaces.dst;
  const Space offset_space = kScatter ? spaces.dst : spaces.src;
  return space_check_passes(strided, strided_bytes, strided_space) &&
         space_check_passes(offsets, offset_bytes, offset_space);
}

// The segments of a gather or scatter; returns the bytes moved. In checked
// mode each segment is checked against its space, and a bad one is reported
// and skipped. Inlined into its one caller: kernels call gathers of a few
// segments in their inner loops, where a second call frame costs 10%.
template <bool kScatter>
inline __attribute__((always_inline)) uint64_t move_segments(
    const char* name, void* dst, const void* src, const uint32_t* offset,
    const uint8_t* mask, long transfer_size, mluMemcpyDirection_t dir,
    long stride, long data_num) {
  const DirectionSpaces spaces = spaces_of(dir);
  char* d = static_cast<char*>(dst);
  const char* s = static_cast<const char*>(src);
  // Checked mode checks the ranges that hold every segment once; only when
  // one of them fails the check does it check (and report) each segment.
  const bool checking = checked_mode_on() && !segment_ranges_pass<kScatter>(
                                                 d, s, offset, transfer_size,
                                                 spaces, stride, data_num);
  // Rows of a cache line or more are prefetched kGatherLookahead segments
  // ahead (up to kGatherPrefetchBytes of each), so that the misses of random
  // rows overlap as the VAA unit's requests do instead of coming one after
  // the other; 4-byte element gathers from cached tables would only pay
  // for the hints.
  const long prefetch_bytes =
      transfer_size >= 64 ? std::min(transfer_size, kGatherPrefetchBytes) : 0;
  auto prefetch = [&](long i) {
    const char* p = kScatter ? d + offset[i] : s + offset[i];
    for (long b = 0; b < prefetch_bytes; b += 64) {
      __builtin_prefetch(p + b, kScatter ? 1 : 0);
    }
  };
  // One loop per row copy, chosen once per call (a size test per segment
  // halved the speed of 4-byte gathers).
  auto for_each_segment = [&](auto copy_row) {
    if (prefetch_bytes > 0) {
      for (long i = 0; i < std::min(data_num, kGatherLookahead); ++i) {
        prefetch(i);
      }
    }
    uint64_t moved = 0;
    for (long i = 0; i < data_num; ++i) {
      if (prefetch_bytes > 0 && i + kGatherLookahead < data_num) {
        prefetch(i + kGatherLookahead);
      }
      if (!segment_enabled(mask, i)) continue;
      char* to = kScatter ? d + offset[i] : d + i * stride;
      const char* from = kScatter ? s + i * stride : s + offset[i];
      if (checking &&
          (!check_space(name, "dst", to, transfer_size, spaces.dst) ||
           !check_space(name, "src", from, transfer_size, spaces.src))) {
        continue;
      }
      copy_row(to, from);
      moved += uint64_t(transfer_size);
    }
    return moved;
  };
  uint64_t moved;
  if (transfer_size == 4) {
    moved = for_each_segment(
        [](char* to, const char* from) { std::memcpy(to, from, 4); });
  } else if (transfer_size % 32 == 0 && transfer_size <= 2048) {
    // Rows of whole 32-byte vectors, inline (no library call per row)
    // unless a row overlaps its own destination.
    moved = for_each_segment([transfer_size](char* to, const char* from) {
      if (to + transfer_size <= from || from + transfer_size <= to) {
        for (long b = 0; b < transfer_size; b += 32) {
          std::memcpy(to + b, from + b, 32);
        }
      } else {
        std::memmove(to, from, std::size_t(transfer_size));
      }
    });
  } else {
    moved = for_each_segment([transfer_size](char* to, const char* from) {
      std::memmove(to, from, std::size_t(transfer_size));
    });
  }
  return moved;
}

// Gather: segment i from (char*)src + offset[i] to (char*)dst + i*dst_stride.
// Scatter: segment i from (char*)src + i*src_stride to (char*)dst + offset[i].
template <bool kScatter>
void gather_scatter(const char* name, void* dst, const void* src,
                    const uint32_t* offset, const uint8_t* mask,
                    long transfer_size, mluMemcpyDirection_t dir, long stride,
                    long data_num) {
  run_builtin(
      name,
      Tally::elements(Family::kGatherScatter, transfer_size > 0 ? data_num : 0),
      [&](Contract& c) {
        c.require(
             valid_direction(dir),
             [&] { return "unknown direction " + std::to_string(int(dir)); })
            .count(transfer_size)
            .count(data_num)
            .operand("offset", offset, data_num * 4L, Space::kNram);
        if (mask != nullptr) {
          c.operand("mask", mask, (data_num + 7) / 8, Space::kNram);
        }
      },
      [&] {
        if (transfer_size > 0 && data_num > 0 && valid_direction(dir)) {
          const long moved =
              move_segments<kScatter>(name, dst, src, offset, mask,
                                      transfer_size, dir, stride, data_num);
          add_copy(dir, transfer_size, moved / transfer_size);
        }
      });
}

// __extension: element i of src (size bytes) written repeats[i] times in a
// row, the elements in order, so dst receives sum(repeats) * size bytes.
inline void extension(void* dst, const void* src, const uint8_t* repeats,
                      long size, mluMemcpyDirection_t dir, long count) {
  const auto written_bytes = [&] {
    long elements = 0;
    for (long i = 0; i < count; ++i) elements += repeats[i];
    return elements * size;
  };
  run_builtin(
      "__extension", Tally::elements(Family::kGatherScatter, count),
      [&](Contract& c) {
        c.require(
             valid_direction(dir),
             [&] { return "unknown direction " + std::to_string(int(dir)); })
            .count(size)
            .count(count)
            .operand("repeats", repeats, count, Space::kNram);
        if (!c.ok() || !valid_direction(dir) || size == 0 || count == 0) {
          return;
        }
        const DirectionSpaces spaces = spaces_of(dir);
        c.operand("dst", dst, written_bytes(), spaces.dst, Access::kWrite)
            .operand("src", src, count * size, spaces.src);
      },
      [&] {
        if (size <= 0 || count <= 0 || !valid_direction(dir)) return;
        const long bytes = written_bytes();
        land_pending_before(dst, src, contiguous(bytes),
                            contiguous(count * size));
        auto* out = static_cast<char*>(dst);
        const auto* in = static_cast<const char*>(src);
        for (long i = 0; i < count; ++i, in += size) {
          for (int r = 0; r < repeats[i]; ++r, out += size) {
            std::memmove(out, in, size_t(size));
          }
        }
        add_copy(dir, size, bytes / size);
      });
}

}  // namespace detail
}  // namespace xbang

inline void __extension(void* dst, const void* src, const uint8_t* repeats,
                        int size, mluMemcpyDirection_t dir, int count) {
  xbang::detail::extension(dst, src, repeats, size, dir, count);
}
inline void __gather(void* dst, const void* src, const uint32_t* offset,
                     int transfer_size, mluMemcpyDirection_t dir,
                     int dst_stride, int data_num) {
  xbang::detail::gather_scatter<false>("__gather", dst, src, offset, nullptr,
                                       transfer_size, dir, dst_stride,
                                       data_num);
}
inline void __gather(void* dst, const void* src, const uint32_t* offset,
                     const void* mask, int transfer_size,
                     mluMemcpyDirection_t dir, int dst_stride, int data_num) {
  xbang::detail::gather_scatter<false>(
      "__gather", dst, src, offset, static_cast<const uint8_t*>(mask),
      transfer_size, dir, dst_stride, data_num);
}
inline void __scatter(void* dst, const void* src, const uint32_t* offset,
                      int transfer_size, mluMemcpyDirection_t dir,
                      int src_stride, int data_num) {
  xbang::detail::gather_scatter<true>("__scatter", dst, src, offset, nullptr,
                                      transfer_size, dir, src_stride, data_num);
}
inline void __scatter(void* dst, const void* src, const uint32_t* offset,
                      const void* mask, int transfer_size,
                      mluMemcpyDirection_t dir, int src_stride, int data_num) {
  xbang::detail::gather_scatter<true>("__scatter", dst, src, offset,
                                      static_cast<const uint8_t*>(mask),
                                      transfer_size, dir, src_stride, data_num);
}

// The async forms complete by the next sync; the emulator completes them at
// once (the VAA unit's order is not observable without a sync).
template <class... Args>
inline void __gather_async(Args... args) {
  __gather(args...);
}
template <class... Args>
inline void __scatter_async(Args... args) {
  __scatter(args...);
}

// The VAA gathers __bang_gather / __bang_gather_async(dst, src, offset,
// [mask,] transfer_size, dst_stride, data_num): __gather into NRAM from
// GDRAM, or from SRAM when src lies there (the direction is taken from where
// src lies); the async form completes at once, as __gather_async does.
namespace xbang {
namespace detail {
inline mluMemcpyDirection_t gather_direction(const void* src) {
  return __is_sram(src) ? SRAM2NRAM : GDRAM2NRAM;
}
}  // namespace detail
}  // namespace xbang

inline void __bang_gather(void* dst, const void* src, const uint32_t* offset,
                          int transfer_size, int dst_stride, int data_num) {
  xbang::detail::gather_scatter<false>(
      "__bang_gather", dst, src, offset, nullptr, transfer_size,
      xbang::detail::gather_direction(src), dst_stride, data_num);
}
inline void __bang_gather(void* dst, const void* src, const uint32_t* offset,
                          const void* mask, int transfer_size, int dst_stride,
                          int data_num) {
  xbang::detail::gather_scatter<false>(
      "__bang_gather", dst, src, offset, static_cast<const uint8_t*>(mask),
      transfer_size, xbang::detail::gather_direction(src), dst_stride,
      data_num);
}

inline void __bang_gather_async(void* dst, const void* src,
                                const uint32_t* offset, int transfer_size,
                                int dst_stride, int data_num) {
  xbang::detail::gather_scatter<false>(
      "__bang_gather_async", dst, src, offset, nullptr, transfer_size,
      xbang::detail::gather_direction(src), dst_stride, data_num);
}
inline void __bang_gather_async(void* dst, const void* src,
                                const uint32_t* offset, const void* mask,
                                int transfer_size, int dst_stride,
                                int data_num) {
  xbang::detail::gather_scatter<false>(
      "__bang_gather_async", dst, src, offset,
      static_cast<const uint8_t*>(mask), transfer_size,
      xbang::detail::gather_direction(src), dst_stride, data_num);
}
