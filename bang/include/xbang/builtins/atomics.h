// Atomics (spec section 5): GDRAM or SRAM destination, NRAM source, each
// element updated atomically with respect to every other core.
//
// The destination is cut at 512-byte boundaries; each piece is updated
// vectorised under the spin lock of its 512-byte region (a hashed table of
// locks), so element-wise atomicity holds while whole rows move at SIMD
// speed. A piece never needs two locks, so no lock order can deadlock.
// 512 bytes: bigger regions take fewer locks per row (spconv's scatter-add
// of 512-byte rows ran ~15% faster with 2 KB) but make cores updating
// neighbouring rows wait on each other (voxel pooling ran 1.5x slower).
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <thread>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"
#include "xbang/runtime/spin_wait.h"

namespace xbang {
namespace detail {

// One byte per lock: the whole table stays in L1, and two host threads
// rarely touch neighbouring locks at once.
class SpinLock {
 public:
  void lock() {
    for (int spins = 0; locked_.exchange(true, std::memory_order_acquire);) {
      while (locked_.load(std::memory_order_relaxed)) {
        // More emulated cores than host cores: let the holder run.
        if (++spins < 64) {
          ::xbang::cpu_relax();
        } else {
          std::this_thread::yield();
        }
      }
    }
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> locked_{false};
};

inline constexpr uintptr_t kAtomicRegionBytes = 512;

inline SpinLock& region_lock(uintptr_t address) {
  static SpinLock table[1 << 14];
  const uint64_t region = address / kAtomicRegionBytes;
  return table[(region * 0x9E3779B97F4A7C15ull) >> 50];
}

// Applies `update(dst_piece, src_offset, count)` to each region-sized piece
// of [dst, dst + n) under that region's lock. The destination lines are
// prefetched first: taking a lock is a full fence, so misses started after
// it could not overlap.
template <class T, class Update>
void for_each_locked_piece(T* dst, long n, Update update) {
  const char* first = reinterpret_cast<const char*>(dst);
  for (long offset = 0; offset < n * long(sizeof(T)); offset += 64) {
    __builtin_prefetch(first + offset, 1);
  }
  long i = 0;
  while (i < n) {
    const uintptr_t address = reinterpret_cast<uintptr_t>(dst + i);
    const uintptr_t region_end =
        (address / kAtomicRegionBytes + 1) * kAtomicRegionBytes;
    long count = long((region_end - address + sizeof(T) - 1) / sizeof(T));
    if (count > n - i) count = n - i;
    SpinLock& lock = region_lock(address);
    lock.lock();
    update(dst + i, i, count);
    lock.unlock();
    i += count;
  }
}

template <class T>
inline constexpr bool is_atomic_type = is_one_of<T, half, float, int32_t>;

template <class T>
XBANG_CHECK_PATH bool atomic_ok(const char* name, const T* dst, const void* src,
                                long n, const void* old = nullptr) {
  if (!check_count(name, n)) return false;
  const long bytes = n * long(sizeof(T));
  if (!in_space(dst, bytes, Space::kGdram) &&
      !in_space(dst, bytes, Space::kSram)) {
    return check_space(name, "dst", dst, bytes, Space::kGdram);  // reports
  }
  return (src == nullptr ||
          (check_space(name, "src", src, bytes, Space::kNram) &&
           check_not_pending(name, src, bytes))) &&
         (old == nullptr || check_space(name, "old", old, bytes, Space::kNram));
}

template <class T, class Op>
void atomic_reduce(T* dst, const T* src, long n, Op op) {
  if (n <= 0) return;
  for_each_locked_piece(dst, n, [&](T* piece, long offset, long count) {
    binary(piece, piece, src + offset, count, op);
  });
  count_atomic(uint64_t(n));
  count_elements(Family::kAtomic, uint64_t(n));
}

}  // namespace detail
}  // namespace xbang

#define XBANG_ATOMIC_REDUCE(NAME, OP)                                          \
  template <class T,                                                           \
            std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>     \
  inline void NAME(T* dst, const T* src, int n) {                              \
    if (XBANG_CHECKING() && !::xbang::detail::atomic_ok(#NAME, dst, src, n)) { \
      return;                                                                  \
    }                                                                          \
    ::xbang::detail::atomic_reduce(dst, src, n, OP{});                         \
  }
XBANG_ATOMIC_REDUCE(__bang_atomic_reduce_add, ::xbang::ops::Add)
XBANG_ATOMIC_REDUCE(__bang_atomic_reduce_min, ::xbang::ops::MinEqual)
XBANG_ATOMIC_REDUCE(__bang_atomic_reduce_max, ::xbang::ops::MaxEqual)
#undef XBANG_ATOMIC_REDUCE

// old_nram[i] = dst[i]; dst[i] += src[i], atomically per element.
template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_add(T* old_nram, T* dst, const T* src, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() &&
      !atomic_ok("__bang_atomic_add", dst, src, n, old_nram))
    return;
  if (n <= 0) return;
  for_each_locked_piece(dst, n, [&](T* piece, long offset, long count) {
    std::memcpy(static_cast<void*>(old_nram + offset), piece,
                size_t(count) * sizeof(T));
    binary(piece, piece, src + offset, count, xbang::ops::Add{});
  });
  count_atomic(uint64_t(n));
  count_elements(xbang::Family::kAtomic, uint64_t(n));
}

// old_nram[i] = dst[i]; dst[i] += value, atomically per element.
template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_add(T* old_nram, T* dst,
                              ::xbang::detail::identity_t<T> value, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() &&
      !atomic_ok("__bang_atomic_add", dst, nullptr, n, old_nram))
    return;
  if (n <= 0) return;
  for_each_locked_piece(dst, n, [&](T* piece, long offset, long count) {
    std::memcpy(static_cast<void*>(old_nram + offset), piece,
                size_t(count) * sizeof(T));
    scalar(piece, piece, value, count, xbang::ops::Add{});
  });
  count_atomic(uint64_t(n));
  count_elements(xbang::Family::kAtomic, uint64_t(n));
}
