// Launching a kernel on the emulated cores (spec sections 1 and 2).
//
//   xbang::launch(dim, type, queue, [=] { Kernel(args...); });
//   xbang::launch(Kernel, dim, type, queue, args...);
//
// `kernel<<<dim, type, queue>>>(args)` in a .mlu file is rewritten into the
// first form by xbang_add_mlu_sources. The call returns when every core has
// finished (queues are synchronous). A bad dim or type fails with a message on
// stderr and cnrtErrorArgsInvalid; a checked-mode report makes it return
// cnrtErrorLaunchFailed.
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

// Host threads the runtime runs cores on at once (default: the host's).
int host_parallelism();

}  // namespace xbang
