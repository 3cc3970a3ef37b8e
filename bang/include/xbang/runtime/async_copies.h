// A core's __memcpy_async copies (docs/builtins.md: an async copy may
// complete at any time before the core's next __sync*).
//
// By default (XBANG_ASYNC=eager) the emulator performs a copy when it is
// issued: kernels that pass on the hardware read a copy's destination before
// their sync (docs/architecture.md has the evidence). With
// XBANG_ASYNC=late it performs them at the latest point the contract allows:
// the core's next sync (or barrier or return, or once kMaxPendingCopies are
// outstanding), in issue order, prefetching their sources when they are
// issued, so that a kernel reading a destination before its sync sees the
// stale bytes.
// In either mode checked mode keeps each copy's ranges until the sync and
// warns about every built-in access to them (checked.h).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstring>

namespace xbang {
namespace detail {

// A strided view: `count` segments of `size` bytes, segment k at
// base + (k % n0) * stride0 + (k / n0) * stride1.
struct Segments {
  long size;
  long stride0, n0;
  long stride1, n1;
  long count() const { return n0 * n1; }
  long offset(long k) const { return (k % n0) * stride0 + (k / n0) * stride1; }
  // Lowest and one-past-highest byte touched, relative to the base.
  void extent(long* lo, long* hi) const {
    const long last0 = (n0 - 1) * stride0, last1 = (n1 - 1) * stride1;
    *lo = std::min(0L, last0) + std::min(0L, last1);
    *hi = std::max(0L, last0) + std::max(0L, last1) + size;
  }
};

// Calls copy(dst segment, src segment) for each pair, where both sides split
// their segments alike.
template <class CopyOne>
void for_each_segment_pair(char* dp, const char* sp, const Segments& d,
                           const Segments& s, const CopyOne& copy) {
  // In locals: stores through char* could otherwise alias them.
  const long n0 = d.n0, n1 = d.n1, d0 = d.stride0, d1 = d.stride1,
             s0 = s.stride0, s1 = s.stride1;
  for (long k1 = 0; k1 < n1; ++k1) {
    char* drow = dp + k1 * d1;
    const char* srow = sp + k1 * s1;
    for (long k0 = 0; k0 < n0; ++k0) copy(drow + k0 * d0, srow + k0 * s0);
  }
}

// A segment of a compile-time size: one load and one store, which is a
// memmove of it (it is read whole before it is written). A type, not a
// function, so that the loop inlines it.
template <long kSize>
struct CopyFixed {
  void operator()(char* to, const char* from) const {
    unsigned char bytes[kSize];
    std::memcpy(bytes, from, kSize);
    std::memcpy(to, bytes, kSize);
  }
};

inline void copy_segments(void* dst, const void* src, const Segments& d,
                          const Segments& s) {
  char* dp = static_cast<char*>(dst);
  const char* sp = static_cast<const char*>(src);
  if (d.count() == 1) {
    std::memmove(dp, sp, std::size_t(d.size));
    return;
  }
  if (d.n0 == s.n0 && d.n1 == s.n1) {
    switch (d.size) {
      case 1:
        return for_each_segment_pair(dp, sp, d, s, CopyFixed<1>{});
      case 2:
        return for_each_segment_pair(dp, sp, d, s, CopyFixed<2>{});
      case 4:
        return for_each_segment_pair(dp, sp, d, s, CopyFixed<4>{});
      case 8:
        return for_each_segment_pair(dp, sp, d, s, CopyFixed<8>{});
      case 16:
        return for_each_segment_pair(dp, sp, d, s, CopyFixed<16>{});
    }
    const std::size_t size = std::size_t(d.size);
    return for_each_segment_pair(
        dp, sp, d, s,
        [size](char* to, const char* from) { std::memmove(to, from, size); });
  }
  // The sides split the segments differently: segment k goes to segment k.
  const long count = d.count();
  for (long k = 0; k < count; ++k) {
    std::memmove(dp + d.offset(k), sp + s.offset(k), std::size_t(d.size));
  }
}

struct PendingCopy {
  void* dst;
  const void* src;
  Segments d, s;

  static constexpr long kPrefetchSegments = 16;
  static constexpr long kPrefetchBytes = 1024;  // per segment

  // The head of each of the first segments (the hardware prefetcher follows
  // a long one).
  void prefetch_source() const {
    const char* sp = static_cast<const char*>(src);
    const long segments = std::min(s.count(), kPrefetchSegments);
    const long bytes = std::min(s.size, kPrefetchBytes);
    for (long k = 0; k < segments; ++k) {
      for (long b = 0; b < bytes; b += 64) {
        __builtin_prefetch(sp + s.offset(k) + b);
      }
    }
  }
  void perform() const { copy_segments(dst, src, d, s); }
};

inline constexpr size_t kMaxPendingCopies = 256;

// XBANG_ASYNC=late (xbang::set_async_copies): copies land at the sync.
extern std::atomic<bool> async_late_flag;
inline bool async_copies_late() {
  return async_late_flag.load(std::memory_order_relaxed);
}

// Checked mode: an async copy not yet synced, the bytes it writes and reads
// and where it was issued (file is null when the compiler gave none). At
// most kMaxPendingCopies per core are followed.
struct UnsyncedCopy {
  const char* dst_lo;
  const char* dst_hi;
  const char* src_lo;
  const char* src_hi;
  const char* builtin;
  const char* file;
  int line;
};

}  // namespace detail
}  // namespace xbang
