// Atomics (docs/builtins.md): GDRAM or SRAM destination, NRAM source, each
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
// it could not overlap. Inlined into the kernel: atomics of a few elements
// sit in kernels' inner loops, where the call alone costs 5-10%.
template <class T, class Update>
inline __attribute__((always_inline)) void for_each_locked_piece(
    T* dst, long n, Update update) {
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

// An atomic built-in: n elements of dst in GDRAM or SRAM, updated from an
// NRAM source (none for the scalar form), old values (if asked) to NRAM;
// `update(piece, offset, count)` runs under each piece's lock.
template <class T, class Update>
void run_atomic(const char* name, T* dst, const T* src, const T* old, long n,
                const Update& update) {
  run_builtin(
      name, Tally::atomic(n),
      [&](Contract& c) {
        const long bytes = n * long(sizeof(T));
        c.compute_core_only().count(n).operand(
            "dst", dst, bytes, Where::kGdramOrSram, Access::kAtomic);
        if (src != nullptr) {
          c.operand("src", src, bytes, Where::kNram).pending(src, bytes);
        }
        if (old != nullptr) c.operand("old", old, bytes, Where::kNram);
      },
      [&] {
        if (n > 0) for_each_locked_piece(dst, n, update);
      });
}

}  // namespace detail
}  // namespace xbang

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_add(T* dst, const T* src, int n) {
  ::xbang::detail::run_atomic(
      "__bang_atomic_reduce_add", dst, src, static_cast<const T*>(nullptr), n,
      [&](T* piece, long offset, long count) {
        ::xbang::detail::binary(piece, piece, src + offset, count,
                                ::xbang::functors::Add{});
      });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_min(T* dst, const T* src, int n) {
  ::xbang::detail::run_atomic(
      "__bang_atomic_reduce_min", dst, src, static_cast<const T*>(nullptr), n,
      [&](T* piece, long offset, long count) {
        ::xbang::detail::binary(piece, piece, src + offset, count,
                                ::xbang::functors::MinEqual{});
      });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_max(T* dst, const T* src, int n) {
  ::xbang::detail::run_atomic(
      "__bang_atomic_reduce_max", dst, src, static_cast<const T*>(nullptr), n,
      [&](T* piece, long offset, long count) {
        ::xbang::detail::binary(piece, piece, src + offset, count,
                                ::xbang::functors::MaxEqual{});
      });
}

// old_nram[i] = dst[i]; dst[i] += src[i], atomically per element.
template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_add(T* old_nram, T* dst, const T* src, int n) {
  xbang::detail::run_atomic("__bang_atomic_add", dst, src, old_nram, n,
                            [&](T* piece, long offset, long count) {
                              std::memcpy(static_cast<void*>(old_nram + offset),
                                          piece, size_t(count) * sizeof(T));
                              xbang::detail::binary(piece, piece, src + offset,
                                                    count,
                                                    xbang::functors::Add{});
                            });
}

// old_nram[i] = dst[i]; dst[i] += value, atomically per element.
template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_add(T* old_nram, T* dst,
                              ::xbang::detail::identity_t<T> value, int n) {
  xbang::detail::run_atomic("__bang_atomic_add", dst,
                            static_cast<const T*>(nullptr), old_nram, n,
                            [&](T* piece, long offset, long count) {
                              std::memcpy(static_cast<void*>(old_nram + offset),
                                          piece, size_t(count) * sizeof(T));
                              xbang::detail::scalar(piece, piece, value, count,
                                                    xbang::functors::Add{});
                            });
}

// The scalar form: *old_nram = *dst; *dst += value, atomically; returns the
// old value. A compute-core instruction: on the MPU it does nothing and
// returns 0.
template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline T __bang_atomic_add(T* old_nram, T* dst,
                           ::xbang::detail::identity_t<T> value) {
  T old{};
  xbang::detail::run_atomic(
      "__bang_atomic_add", dst, static_cast<const T*>(nullptr), old_nram, 1,
      [&](T* piece, long, long) {
        old = *piece;
        *old_nram = old;
        xbang::detail::scalar(piece, piece, value, 1, xbang::functors::Add{});
      });
  return old;
}

// The scalar and the two-level strided forms of __bang_atomic_reduce_add:
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
template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_add(T* dst,
                                     ::xbang::detail::identity_t<T> value,
                                     int n) {
  xbang::detail::run_atomic(
      "__bang_atomic_reduce_add", dst, static_cast<const T*>(nullptr),
      static_cast<const T*>(nullptr), n, [&](T* piece, long, long count) {
        xbang::detail::scalar(piece, piece, value, count,
                              xbang::functors::Add{});
      });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_add(T* dst, const T* src, int n, int segnum0,
                                     int segnum1, int dst_stride0,
                                     int dst_stride1, int src_stride0,
                                     int src_stride1) {
  using namespace xbang::detail;
  // Each block counts itself (its own reduce); this call counts nothing.
  run_builtin(
      "__bang_atomic_reduce_add", Tally::none(),
      [=](Contract& c) { c.count(segnum0).count(segnum1); },
      [&] {
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
      });
}
