// Launching a kernel on the emulated cores (docs/architecture.md).
//
//   xbang::launch(dim, type, queue, [=] { Kernel(args...); });
//   xbang::launch(Kernel, dim, type, queue, args...);
//
// `kernel<<<dim, type, queue>>>(args)` in a .mlu file is rewritten into the
// first form by xbang_add_mlu_sources. The call returns when every core has
// finished (queues are synchronous). Launches from several host threads run
// concurrently and independently (each has its own barriers, SRAM, counters
// and failure state); Union launches of a program that declares
// __mlu_shared__ variables take the program's one SRAM copy in turn.
//
// A launch runs the code built for the architecture of the calling thread's
// device (cnrtSetDevice; XBANG_DEVICE): this translation unit's, or a fat
// binary's variant. Errors, each with a line on stderr saying which check
// failed:
// - cnrtErrorNoKernel: no code of the kernel was built for the device's
//   architecture (the line names the kernel, the architectures it was built
//   for and the device's);
// - cnrtErrorArgsInvalid: an unknown type, a dim of 0, a taskDim over 2^20
//   (the product is checked before it can wrap), a Union taskDim that is not
//   a multiple of 4*N, an empty body, or a launch from inside a kernel;
// - cnrtErrorLaunchFailed: the kernel threw, ended its host thread
//   (pthread_exit, cancellation), took barriers that can never complete
//   (the message lists which cores waited where), or made a checked-mode
//   report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include "xbang/core/arch.h"
#include "xbang/runtime/cnrt_types.h"

namespace xbang {
namespace detail {

// A launch site's code for one architecture: `invoke` runs the site's
// closure (the [=] lambda around the kernel call). Every site registers, at
// load, under the closure type's name, so that a fat binary's variants
// (cncc, docs/cncc.md) are found by the site that launches them, and so that
// the device knows which architectures the loaded kernels were built for.
using SiteInvoker = void (*)(const void* closure);
void register_launch_site(const char* key, std::size_t closure_bytes, int arch,
                          SiteInvoker invoke);
void unregister_launch_site(const char* key, std::size_t closure_bytes,
                            int arch, SiteInvoker invoke);

// Runs `body`, compiled for `arch`, on the calling thread's device when its
// architecture is `arch`; else the variant of site `key` built for the
// device's architecture (from `closure`, the site's own closure object);
// else fails with cnrtErrorNoKernel. `key` null: the site has no variants.
cnrtRet_t launch_site(int arch, const char* key, std::size_t closure_bytes,
                      const void* closure, cnrtDim3_t dim,
                      cnrtFunctionType_t type, cnrtQueue_t queue,
                      std::function<void()> body, const char* kernel_name);

template <class Body>
struct LaunchSite {
  static void invoke(const void* closure) {
    (*static_cast<const Body*>(closure))();
  }
  struct Registration {
    Registration() {
      register_launch_site(typeid(Body).name(), sizeof(Body), __BANG_ARCH__,
                           &invoke);
    }
    ~Registration() {
      unregister_launch_site(typeid(Body).name(), sizeof(Body), __BANG_ARCH__,
                             &invoke);
    }
  };
  static inline Registration registration;
};

}  // namespace detail

// Internal linkage: each translation unit's launches carry the architecture
// it was compiled for.
namespace {

template <class Body,
          class = std::enable_if_t<std::is_invocable_v<const Body&>>>
cnrtRet_t launch(cnrtDim3_t dim, cnrtFunctionType_t type, cnrtQueue_t queue,
                 Body body, const char* kernel_name = nullptr) {
  // Instantiating the registration registers the site when the module loads.
  (void)&detail::LaunchSite<Body>::registration;
  return detail::launch_site(__BANG_ARCH__, typeid(Body).name(), sizeof(Body),
                             &body, dim, type, queue, body, kernel_name);
}

// A body that is a std::function (or null): no variants.
inline cnrtRet_t launch(cnrtDim3_t dim, cnrtFunctionType_t type,
                        cnrtQueue_t queue, std::function<void()> body,
                        const char* kernel_name = nullptr) {
  return detail::launch_site(__BANG_ARCH__, nullptr, 0, nullptr, dim, type,
                             queue, std::move(body), kernel_name);
}

// The kernel is a pointer: its variants cannot be told apart by the site.
template <class... Params, class... Args>
cnrtRet_t launch(void (*kernel)(Params...), cnrtDim3_t dim,
                 cnrtFunctionType_t type, cnrtQueue_t queue, Args&&... args) {
  auto body = [=] { kernel(args...); };
  (void)&detail::LaunchSite<decltype(body)>::registration;
  return detail::launch_site(__BANG_ARCH__, nullptr, 0, nullptr, dim, type,
                             queue, body, nullptr);
}

}  // namespace

// Deterministic mode: one core at a time in taskId order (Union: each
// cluster's memory core first), so float atomics give the same result on
// every run. A kernel that reaches a barrier in this mode fails its launch.
void set_deterministic(bool on);
bool deterministic();

// When a __memcpy_async lands (docs/environment.md, XBANG_ASYNC): kEager at
// issue, as the hardware does in practice (the default); kLate at the core's
// next __sync*, barrier or return, the latest point BANG allows, so that a
// kernel reading a copy's destination before its sync gets stale data.
// Checked mode warns about such reads in both.
enum class AsyncCopies { kEager, kLate };
void set_async_copies(AsyncCopies mode);
AsyncCopies async_copies();

// How the cores of a Union launch's cluster take turns (docs/environment.md,
// XBANG_SCHEDULE). kFree: they run at once, except that a launch with SRAM
// runs them in lockstep at each built-in with an SRAM operand, as the
// hardware's cores keep pace (docs/architecture.md). kRoundRobin and kSeeded:
// one core at a time, each running up to and including one built-in before
// the next takes over, in core order or in an order drawn from `seed`, so
// that a cross-core race gives the same result on every run. A Block launch
// then runs one task at a time in taskId order.
struct Schedule {
  enum Kind { kFree, kRoundRobin, kSeeded };
  Kind kind = kFree;
  uint64_t seed = 0;
};
void set_schedule(Schedule schedule);
Schedule schedule();

// Host threads the runtime runs cores on at once (default: the host's
// cores; XBANG_THREADS in the environment).
int host_parallelism();

// The ceiling on the runtime's own host threads (default 256; at least 96,
// which fits the largest sync group of 16 clusters x 5 cores; the
// environment's XBANG_MAX_THREADS sets it at start-up). A Union launch runs
// its waves of up to 16 clusters as the ceiling admits them, so any legal
// launch completes within it; threads idle for 2 s exit.
int max_host_threads();
// cnrtErrorArgsInvalid (and the ceiling unchanged) outside [96, 16384].
cnrtRet_t set_max_host_threads(int threads);

struct HostThreads {
  int alive = 0;    // runtime threads now
  int peak = 0;     // most runtime threads alive at once so far
  int ceiling = 0;  // max_host_threads()
};
HostThreads host_threads();

// Idle runtime threads stop polling for the next launch and block until it
// comes (they otherwise poll for about 1 ms): call it before timing or
// running host code that needs every host core.
void park_idle_workers();

}  // namespace xbang
