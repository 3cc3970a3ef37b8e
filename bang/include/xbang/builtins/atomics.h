// Atomics (docs/builtins.md): GDRAM or SRAM destination, NRAM source, each
// element updated atomically with respect to every other core. The
// fetch-and-op family (add, max, min, exch, and, or, xor, inc, dec) shares
// one engine, atomic_fetch; cas is its one-element compare form.
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

// The fetch-and-op atomics (__bang_atomic_add, _max, _min, _exch: the
// arithmetic types, bfloat16_t on 5xx; _and, _or, _xor, _inc, _dec, _cas:
// the integer types).
template <class T>
inline constexpr bool is_atomic_fetch_type =
    is_one_of<T, half, float, int16_t, uint16_t, int32_t, uint32_t, bfloat16>;
template <class T>
inline constexpr bool is_atomic_integer_type =
    is_one_of<T, int16_t, uint16_t, int32_t, uint32_t>;
template <class T>
using if_atomic_fetch_type = std::enable_if_t<is_atomic_fetch_type<T>, int>;
template <class T>
using if_atomic_integer_type = std::enable_if_t<is_atomic_integer_type<T>, int>;

// The kernel's line that calls an atomic, for checked mode's reports.
struct CallSite {
  const char* file;
  int line;
};

// An atomic built-in: n elements of dst in GDRAM or SRAM, updated from an
// NRAM source (none for the scalar form), old values (if asked) to NRAM;
// `update(piece, offset, count)` runs under each piece's lock.
template <class T, class Update>
void run_atomic(const char* name, const CallSite& site, T* dst, const T* src,
                const T* old, long n, const Update& update) {
  run_builtin(
      name, Tally::atomic(n),
      [&](Contract& c) {
        const long bytes = n * long(sizeof(T));
        c.at(site.file, site.line)
            .compute_core_only()
            .count(n)
            .operand("dst", dst, bytes, Space::kGdramOrSram, Access::kAtomic);
        if (src != nullptr) {
          c.operand("src", src, bytes, Space::kNram).pending(src, bytes);
        }
        if (old != nullptr) c.operand("old", old, bytes, Space::kNram);
      },
      [&] {
        if (n > 0) for_each_locked_piece(dst, n, update);
      });
}

// The fetch-and-op shape: old_nram[i] = dst[i], then dst[i] = op(dst[i],
// operand i), atomically per element; `operand` is an NRAM array or, with
// src == nullptr, the scalar `value`. The source piece is staged first when
// it overlaps old_nram: kernels pass the same NRAM word as both
// (`__bang_atomic_max(&m, global, &m, 1)`), and the source is read before the
// old value lands, as the hardware reads its operands first.
template <class T, class Op>
void atomic_fetch(const char* name, const CallSite& site, T* old_nram, T* dst,
                  const T* src, T value, long n, Op op) {
  run_atomic(
      name, site, dst, src, old_nram, n,
      [&](T* piece, long offset, long count) {
        const size_t bytes = size_t(count) * sizeof(T);
        if (src == nullptr) {
          std::memcpy(static_cast<void*>(old_nram + offset), piece, bytes);
          scalar(piece, piece, value, count, op);
          return;
        }
        const T* operand = src + offset;
        alignas(64) T staged[kAtomicRegionBytes / sizeof(T) + 1];
        const char* old_lo = reinterpret_cast<const char*>(old_nram + offset);
        const char* src_lo = reinterpret_cast<const char*>(operand);
        if (old_lo < src_lo + bytes && src_lo < old_lo + bytes) {
          std::memcpy(static_cast<void*>(staged), operand, bytes);
          operand = staged;
        }
        std::memcpy(static_cast<void*>(old_nram + offset), piece, bytes);
        binary(piece, piece, operand, count, op);
      });
}

// The one-element form: returns the old value (0 on the MPU, where the
// compute-core instruction does nothing).
template <class T, class Op>
T atomic_fetch_one(const char* name, const CallSite& site, T* old_nram, T* dst,
                   T value, Op op) {
  T old{};
  run_atomic(name, site, dst, static_cast<const T*>(nullptr), old_nram, 1,
             [&](T* piece, long, long) {
               old = *piece;
               *old_nram = old;
               scalar(piece, piece, value, 1, op);
             });
  return old;
}

// The updates of the fetch-and-op atomics: dst = op(dst, operand).
namespace atomic_update {
using ::xbang::functors::Add;
using ::xbang::functors::BitAnd;
using ::xbang::functors::BitOr;
using ::xbang::functors::BitXor;
using ::xbang::functors::MaxEqual;
using ::xbang::functors::MinEqual;
// The exchange, the wrapping increment and decrement (CUDA's atomicInc and
// atomicDec: count up to the limit b, then 0; count down from b).
struct Exchange {
  template <class B>
  B operator()(const B&, const B& b) const {
    return b;
  }
};
struct WrappingIncrement {
  template <class B>
  B operator()(const B& a, const B& b) const {
    using V = typename B::value_type;
    return simd::select(a >= b, B(V(0)), a + B(V(1)));
  }
};
struct WrappingDecrement {
  template <class B>
  B operator()(const B& a, const B& b) const {
    using V = typename B::value_type;
    return simd::select((a == B(V(0))) | (a > b), b, a - B(V(1)));
  }
};

}  // namespace atomic_update

}  // namespace detail
}  // namespace xbang

// The fetch-and-op atomics, three forms each:
//   (T* old_nram, T* dst, const T* src, int n)  dst[i] = op(dst[i], src[i])
//   (T* old_nram, T* dst, T value, int n)       dst[i] = op(dst[i], value)
//   T (T* old_nram, T* dst, T value)            one element, returns the old
// old_nram receives the old values; dst is GDRAM or SRAM. The body macros
// name the built-in (for its messages) and the update (a functor of
// xbang::detail::atomic_update). A bfloat16_t form exists on 5xx only:
// elsewhere the static_assert names the built-in, the type and the arch.
#define XBANG_ATOMIC_CALL_SITE \
  const char *file = __builtin_FILE(), int line = __builtin_LINE()
#define XBANG_ATOMIC_ARCH_CHECK(NAME)                               \
  static_assert(::xbang::detail::form_on_arch<T>, #NAME             \
                ": no bfloat16_t form on this arch (__BANG_ARCH__ " \
                "< 500; mtp_592 has it)")
#define XBANG_ATOMIC_ARRAY(NAME, OP)                                       \
  {                                                                        \
    XBANG_ATOMIC_ARCH_CHECK(NAME);                                         \
    ::xbang::detail::atomic_fetch(#NAME, {file, line}, old_nram, dst, src, \
                                  T{}, n,                                  \
                                  ::xbang::detail::atomic_update::OP{});   \
  }
#define XBANG_ATOMIC_VALUES(NAME, OP)                                       \
  {                                                                         \
    XBANG_ATOMIC_ARCH_CHECK(NAME);                                          \
    ::xbang::detail::atomic_fetch(#NAME, {file, line}, old_nram, dst,       \
                                  static_cast<const T*>(nullptr), value, n, \
                                  ::xbang::detail::atomic_update::OP{});    \
  }
#define XBANG_ATOMIC_ONE(NAME, OP)                 \
  {                                                \
    XBANG_ATOMIC_ARCH_CHECK(NAME);                 \
    return ::xbang::detail::atomic_fetch_one(      \
        #NAME, {file, line}, old_nram, dst, value, \
        ::xbang::detail::atomic_update::OP{});     \
  }

// clang-format off
// add
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline void __bang_atomic_add(T* old_nram, T* dst, const T* src, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ARRAY(__bang_atomic_add, Add)
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline void __bang_atomic_add(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_VALUES(__bang_atomic_add, Add)
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline T __bang_atomic_add(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ONE(__bang_atomic_add, Add)
// max
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline void __bang_atomic_max(T* old_nram, T* dst, const T* src, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ARRAY(__bang_atomic_max, MaxEqual)
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline void __bang_atomic_max(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_VALUES(__bang_atomic_max, MaxEqual)
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline T __bang_atomic_max(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ONE(__bang_atomic_max, MaxEqual)
// min
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline void __bang_atomic_min(T* old_nram, T* dst, const T* src, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ARRAY(__bang_atomic_min, MinEqual)
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline void __bang_atomic_min(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_VALUES(__bang_atomic_min, MinEqual)
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline T __bang_atomic_min(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ONE(__bang_atomic_min, MinEqual)
// exch
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline void __bang_atomic_exch(T* old_nram, T* dst, const T* src, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ARRAY(__bang_atomic_exch, Exchange)
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline void __bang_atomic_exch(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_VALUES(__bang_atomic_exch, Exchange)
template <class T, ::xbang::detail::if_atomic_fetch_type<T> = 0>
inline T __bang_atomic_exch(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ONE(__bang_atomic_exch, Exchange)
// and
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_and(T* old_nram, T* dst, const T* src, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ARRAY(__bang_atomic_and, BitAnd)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_and(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_VALUES(__bang_atomic_and, BitAnd)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline T __bang_atomic_and(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ONE(__bang_atomic_and, BitAnd)
// or
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_or(T* old_nram, T* dst, const T* src, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ARRAY(__bang_atomic_or, BitOr)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_or(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_VALUES(__bang_atomic_or, BitOr)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline T __bang_atomic_or(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ONE(__bang_atomic_or, BitOr)
// xor
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_xor(T* old_nram, T* dst, const T* src, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ARRAY(__bang_atomic_xor, BitXor)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_xor(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_VALUES(__bang_atomic_xor, BitXor)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline T __bang_atomic_xor(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ONE(__bang_atomic_xor, BitXor)
// inc
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_inc(T* old_nram, T* dst, const T* src, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ARRAY(__bang_atomic_inc, WrappingIncrement)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_inc(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_VALUES(__bang_atomic_inc, WrappingIncrement)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline T __bang_atomic_inc(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ONE(__bang_atomic_inc, WrappingIncrement)
// dec
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_dec(T* old_nram, T* dst, const T* src, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ARRAY(__bang_atomic_dec, WrappingDecrement)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline void __bang_atomic_dec(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, int n, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_VALUES(__bang_atomic_dec, WrappingDecrement)
template <class T, ::xbang::detail::if_atomic_integer_type<T> = 0>
inline T __bang_atomic_dec(T* old_nram, T* dst, ::xbang::detail::identity_t<T> value, XBANG_ATOMIC_CALL_SITE)
    XBANG_ATOMIC_ONE(__bang_atomic_dec, WrappingDecrement)
// clang-format on
#undef XBANG_ATOMIC_ARCH_CHECK
#undef XBANG_ATOMIC_ARRAY
#undef XBANG_ATOMIC_VALUES
#undef XBANG_ATOMIC_ONE

    // Compare and swap, one element: *old_nram = *dst; if it equals `compare`,
    // *dst = value; atomically; returns the old value.
    template <class T, std::enable_if_t<
                           ::xbang::detail::is_atomic_integer_type<T>, int> = 0>
    inline T __bang_atomic_cas(T* old_nram, T* dst,
                               ::xbang::detail::identity_t<T> compare,
                               ::xbang::detail::identity_t<T> value,
                               XBANG_ATOMIC_CALL_SITE) {
  T old{};
  xbang::detail::run_atomic("__bang_atomic_cas", {file, line}, dst,
                            static_cast<const T*>(nullptr), old_nram, 1,
                            [&](T* piece, long, long) {
                              old = *piece;
                              *old_nram = old;
                              if (old == compare) *piece = value;
                            });
  return old;
}

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_add(T* dst, const T* src, int n,
                                     XBANG_ATOMIC_CALL_SITE) {
  ::xbang::detail::run_atomic("__bang_atomic_reduce_add", {file, line}, dst,
                              src, static_cast<const T*>(nullptr), n,
                              [&](T* piece, long offset, long count) {
                                ::xbang::detail::binary(
                                    piece, piece, src + offset, count,
                                    ::xbang::functors::Add{});
                              });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_min(T* dst, const T* src, int n,
                                     XBANG_ATOMIC_CALL_SITE) {
  ::xbang::detail::run_atomic("__bang_atomic_reduce_min", {file, line}, dst,
                              src, static_cast<const T*>(nullptr), n,
                              [&](T* piece, long offset, long count) {
                                ::xbang::detail::binary(
                                    piece, piece, src + offset, count,
                                    ::xbang::functors::MinEqual{});
                              });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_max(T* dst, const T* src, int n,
                                     XBANG_ATOMIC_CALL_SITE) {
  ::xbang::detail::run_atomic("__bang_atomic_reduce_max", {file, line}, dst,
                              src, static_cast<const T*>(nullptr), n,
                              [&](T* piece, long offset, long count) {
                                ::xbang::detail::binary(
                                    piece, piece, src + offset, count,
                                    ::xbang::functors::MaxEqual{});
                              });
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
                                     int n, XBANG_ATOMIC_CALL_SITE) {
  xbang::detail::run_atomic("__bang_atomic_reduce_add", {file, line}, dst,
                            static_cast<const T*>(nullptr),
                            static_cast<const T*>(nullptr), n,
                            [&](T* piece, long, long count) {
                              xbang::detail::scalar(piece, piece, value, count,
                                                    xbang::functors::Add{});
                            });
}

template <class T,
          std::enable_if_t<::xbang::detail::is_atomic_type<T>, int> = 0>
inline void __bang_atomic_reduce_add(T* dst, const T* src, int n, int segnum0,
                                     int segnum1, int dst_stride0,
                                     int dst_stride1, int src_stride0,
                                     int src_stride1, XBANG_ATOMIC_CALL_SITE) {
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
                                     reinterpret_cast<const T*>(s), n, file,
                                     line);
          }
        }
      });
}
#undef XBANG_ATOMIC_CALL_SITE
