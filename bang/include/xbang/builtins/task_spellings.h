// Other spellings of the task model's synchronisation, locks and printing:
//   __sync_all_ipu_within_cluster()  the cluster barrier
//   __bang_lock(id0, id1) / __bang_unlock(id0, id1)  a lock shared by every
//                                    core of the launch, named by (id0, id1)
//   __bang_printf(format, ...)       printf from a kernel
//
// Choices where the meaning is uncertain:
// - __sync_all_ipu_within_cluster is the cluster barrier, in which the
//   cluster's memory core also takes part; kernels that call it return from
//   the memory core first (a returned core counts as arrived).
// - The lock pair names one of kKernelLocks locks (id0 * 17 + id1, modulo
//   the table); a lock spins with yields, so a core holding it while it
//   waits at a barrier would stall the others, as it would on hardware.
// - __bang_printf writes through std::printf, one call per line as given;
//   lines of cores running at once may interleave.
#pragma once

#include <cstdio>
#include <type_traits>
#include <utility>

#include "xbang/builtins/atomics.h"
#include "xbang/core/half.h"
#include "xbang/runtime/task.h"

inline void __sync_all_ipu_within_cluster() { __sync_cluster(); }

namespace xbang {
namespace detail {

inline constexpr int kKernelLocks = 64;

inline SpinLock& kernel_lock(int id0, int id1) {
  static SpinLock table[kKernelLocks];
  const unsigned slot = (unsigned(id0) * 17u + unsigned(id1)) % kKernelLocks;
  return table[slot];
}

// What a variadic argument becomes: half is passed as double, as C passes
// a float.
template <class A>
decltype(auto) printf_argument(A&& a) {
  if constexpr (std::is_same_v<std::decay_t<A>, half>) {
    return double(float(a));
  } else {
    return std::forward<A>(a);
  }
}

}  // namespace detail
}  // namespace xbang

inline void __bang_lock(int id0, int id1) {
  xbang::detail::kernel_lock(id0, id1).lock();
}
inline void __bang_unlock(int id0, int id1) {
  xbang::detail::kernel_lock(id0, id1).unlock();
}

template <class... Args>
inline int __bang_printf(const char* format, Args&&... args) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-security"
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  return std::printf(
      format, xbang::detail::printf_argument(std::forward<Args>(args))...);
#pragma GCC diagnostic pop
}
