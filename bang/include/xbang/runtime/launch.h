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
// Errors, each with a line on stderr saying which check failed:
// - cnrtErrorArgsInvalid: an unknown type, a dim of 0, a taskDim over 2^20
//   (the product is checked before it can wrap), a Union taskDim that is not
//   a multiple of 4*N, an empty body, or a launch from inside a kernel;
// - cnrtErrorLaunchFailed: the kernel threw, ended its host thread
//   (pthread_exit, cancellation), took barriers that can never complete
//   (the message lists which cores waited where), or made a checked-mode
//   report.
#pragma once

#include <cnrt.h>

#include <functional>
#include <utility>

namespace xbang {

cnrtRet_t launch(cnrtDim3_t dim, cnrtFunctionType_t type, cnrtQueue_t queue,
                 std::function<void()> body, const char* kernel_name = nullptr);

template <class... Params, class... Args>
cnrtRet_t launch(void (*kernel)(Params...), cnrtDim3_t dim,
                 cnrtFunctionType_t type, cnrtQueue_t queue, Args&&... args) {
  return launch(
      dim, type, queue, [=] { kernel(args...); }, nullptr);
}

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
