// Internals shared by the toolkit libraries' sources (not installed API):
// the device API they forward to and how a failed call reports itself.
#pragma once

#include <cn_api.h>
#include <cnrt.h>

#include "device_api.h"
#include "xbang/runtime/checked.h"

namespace xbang {
namespace detail {

// Logs "[xbang] <api>: <why>" to stderr, remembers `code` as this thread's
// last CNRT error and returns it (libcnrt).
cnrtRet_t cnrt_fail(const char* api, cnrtRet_t code, const char* why);
// Logs "[xbang] <api>: <why>" to stderr and returns `code` (libcndrv).
CNresult cndrv_fail(const char* api, CNresult code, const char* why);

// Runs `work` (cnrtRet_t()) now, after everything before it on `queue`, or
// records it as a `type` node when the queue captures; the replay runs it
// again, so `work` checks what may have changed since (live allocations).
template <class Work>
cnrtRet_t enqueue(cnrtQueue_t queue, int type, const char* label, Work work) {
  if (capture_work(queue,
                   {type, label, [work](cnrtQueue_t) { return work(); }})) {
    return cnrtSuccess;
  }
  return work();
}

}  // namespace detail
}  // namespace xbang
