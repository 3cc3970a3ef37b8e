// CNRT queues and notifiers. Work enqueued on a queue (launches, async
// copies and sets) has finished when the enqueuing call returns, so every
// queue is always idle, its order always holds, and placing a notifier
// records the moment all work before it on its queue was done.
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <utility>

#include "handle_registry.h"
#include "toolkit_internal.h"
#include "xbang/runtime/counters.h"

struct CNnotifier_st {
  unsigned int flags;
  bool placed;
  std::chrono::steady_clock::time_point time;
  double modelled_seconds;  // the queue's timing-model clock when placed
};

namespace xbang {
namespace detail {
namespace {

// Never destroyed: calls made while the process exits find it intact.
HandleRegistry<CNnotifier_st>& notifiers() {
  static auto* registry = new HandleRegistry<CNnotifier_st>;
  return *registry;
}

constexpr unsigned kNotifierFlags = CNRT_NOTIFIER_DISABLE_TIMING_SW |
                                    CNRT_NOTIFIER_DISABLE_TIMING_ALL |
                                    CNRT_NOTIFIER_INTERPROCESS;

cnrtRet_t report_failure(const char* api, cnrtRet_t failure) {
  if (failure == cnrtSuccess) return cnrtSuccess;
  return cnrt_fail(api, failure,
                   "a kernel failed (see the checked-mode report above)");
}

cnrtRet_t check_queue(const char* api, cnrtQueue_t queue) {
  if (queue_is_live(queue)) return cnrtSuccess;
  return cnrt_fail(api, cnrtErrorInvalidResourceHandle,
                   "the queue was not created by cnrtQueueCreate or is "
                   "already destroyed");
}

// Runs `use` on the notifier, or fails when it is not live.
template <class Use>
cnrtRet_t with_notifier(const char* api, cnrtNotifier_t notifier, Use use) {
  cnrtRet_t ret = cnrtSuccess;
  if (!notifiers().with(notifier, [&](CNnotifier_st& n) { ret = use(n); })) {
    return cnrt_fail(api, cnrtErrorInvalidResourceHandle,
                     "the notifier was not created by cnrtNotifierCreate or "
                     "is already destroyed");
  }
  return ret;
}

cnrtRet_t elapsed_seconds(const char* api, cnrtNotifier_t start,
                          cnrtNotifier_t end, float* out, double scale) {
  if (out == nullptr) return cnrt_fail(api, cnrtErrorArgsInvalid, "NULL out");
  announce_time_source();
  CNnotifier_st t0{}, t1{};
  for (const auto& entry : {std::pair{start, &t0}, std::pair{end, &t1}}) {
    // Named variables, not a structured binding: C++17 lambdas cannot
    // capture those (Clang refuses).
    CNnotifier_st* const time = entry.second;
    const cnrtRet_t ret =
        with_notifier(api, entry.first, [&](CNnotifier_st& n) {
          if (n.flags & (CNRT_NOTIFIER_DISABLE_TIMING_SW |
                         CNRT_NOTIFIER_DISABLE_TIMING_ALL)) {
            return cnrt_fail(api, cnrtErrorIllegalState,
                             "the notifier was created without timing");
          }
          if (!n.placed) {
            return cnrt_fail(api, cnrtErrorIllegalState,
                             "the notifier was never placed on a queue");
          }
          *time = n;
          return cnrtSuccess;
        });
    if (ret != cnrtSuccess) return ret;
  }
  const double seconds =
      time_source() == TimeSource::kModel
          ? t1.modelled_seconds - t0.modelled_seconds
          : std::chrono::duration<double>(t1.time - t0.time).count();
  *out = float(seconds * scale);
  return cnrtSuccess;
}

}  // namespace

}  // namespace detail
}  // namespace xbang

using xbang::detail::check_queue;
using xbang::detail::cnrt_fail;
using xbang::detail::with_notifier;

extern "C" {

cnrtRet_t cnrtQueueCreate(cnrtQueue_t* queue) {
  if (queue == nullptr) {
    return cnrt_fail("cnrtQueueCreate", cnrtErrorArgsInvalid, "queue is NULL");
  }
  *queue = xbang::detail::create_queue();
  xbang::detail::bind_device_context();
  return cnrtSuccess;
}

cnrtRet_t cnrtQueueDestroy(cnrtQueue_t queue) {
  if (queue == nullptr) {
    return cnrt_fail("cnrtQueueDestroy", cnrtErrorArgsInvalid, "queue is NULL");
  }
  if (!xbang::detail::destroy_queue(queue)) {
    return cnrt_fail("cnrtQueueDestroy", cnrtErrorInvalidResourceHandle,
                     "the queue was not created by cnrtQueueCreate or is "
                     "already destroyed");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtQueueSync(cnrtQueue_t queue) {
  const cnrtRet_t ret = check_queue("cnrtQueueSync", queue);
  if (ret != cnrtSuccess) return ret;
  if (xbang::detail::queue_capturing(queue)) {
    return cnrt_fail("cnrtQueueSync", cnrtErrorQueueCaptureUnsupported,
                     "the queue is capturing");
  }
  return xbang::detail::report_failure(
      "cnrtQueueSync", xbang::detail::queue_failure(queue, true));
}

cnrtRet_t cnrtQueueQuery(cnrtQueue_t queue) {
  const cnrtRet_t ret = check_queue("cnrtQueueQuery", queue);
  if (ret != cnrtSuccess) return ret;
  return xbang::detail::report_failure(
      "cnrtQueueQuery", xbang::detail::queue_failure(queue, false));
}

cnrtRet_t cnrtSyncDevice(void) {
  return xbang::detail::report_failure("cnrtSyncDevice",
                                       xbang::detail::device_failure(true));
}

cnrtRet_t cnrtQueueWaitNotifier(cnrtNotifier_t notifier, cnrtQueue_t queue,
                                unsigned int flag) {
  constexpr const char* kApi = "cnrtQueueWaitNotifier";
  if (flag != CNRT_NOTIFIER_WAIT_DEFAULT) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "flag must be CNRT_NOTIFIER_WAIT_DEFAULT outside a queue "
                     "capture");
  }
  const cnrtRet_t ret = check_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  // The work the notifier marks is done: the queue need not wait (captured:
  // the node checks the notifier is still live when replayed).
  return xbang::detail::enqueue(
      queue, cnrtTaskTopoNodeTypeNotifierWait, kApi, [=] {
        return with_notifier(kApi, notifier,
                             [](CNnotifier_st&) { return cnrtSuccess; });
      });
}

cnrtRet_t cnrtNotifierCreateWithFlags(cnrtNotifier_t* notifier,
                                      unsigned int flags) {
  constexpr const char* kApi = "cnrtNotifierCreate";
  if (notifier == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "notifier is NULL");
  }
  if ((flags & ~xbang::detail::kNotifierFlags) != 0) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "unknown notifier flags");
  }
  *notifier = xbang::detail::notifiers().create(
      flags, false, std::chrono::steady_clock::time_point{}, 0.0);
  xbang::detail::bind_device_context();
  return cnrtSuccess;
}

cnrtRet_t cnrtNotifierCreate(cnrtNotifier_t* notifier) {
  return cnrtNotifierCreateWithFlags(notifier, CNRT_NOTIFIER_DEFAULT);
}

cnrtRet_t cnrtNotifierDestroy(cnrtNotifier_t notifier) {
  if (!xbang::detail::notifiers().destroy(notifier)) {
    return cnrt_fail("cnrtNotifierDestroy", cnrtErrorInvalidResourceHandle,
                     "the notifier was not created by cnrtNotifierCreate or "
                     "is already destroyed");
  }
  return cnrtSuccess;
}

namespace {
cnrtRet_t place_notifier(const char* api, cnrtNotifier_t notifier,
                         cnrtQueue_t queue) {
  const cnrtRet_t ret = check_queue(api, queue);
  if (ret != cnrtSuccess) return ret;
  return xbang::detail::enqueue(
      queue, cnrtTaskTopoNodeTypeNotifierPlace, api, [=] {
        const double modelled = xbang::detail::queue_modelled_seconds(queue);
        return with_notifier(api, notifier, [&](CNnotifier_st& n) {
          n.placed = true;
          n.time = std::chrono::steady_clock::now();
          n.modelled_seconds = modelled;
          return cnrtSuccess;
        });
      });
}
}  // namespace

cnrtRet_t cnrtPlaceNotifier(cnrtNotifier_t notifier, cnrtQueue_t queue) {
  return place_notifier("cnrtPlaceNotifier", notifier, queue);
}

cnrtRet_t cnrtPlaceNotifierWithFlags(cnrtNotifier_t notifier, cnrtQueue_t queue,
                                     unsigned int flags) {
  constexpr const char* kApi = "cnrtPlaceNotifierWithFlags";
  if (flags != CNRT_NOTIFIER_PLACE_DEFAULT) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "flags must be CNRT_NOTIFIER_PLACE_DEFAULT outside a "
                     "queue capture");
  }
  return place_notifier(kApi, notifier, queue);
}

cnrtRet_t cnrtWaitNotifier(cnrtNotifier_t notifier) {
  return with_notifier("cnrtWaitNotifier", notifier,
                       [](CNnotifier_st&) { return cnrtSuccess; });
}

cnrtRet_t cnrtQueryNotifier(cnrtNotifier_t notifier) {
  return with_notifier("cnrtQueryNotifier", notifier,
                       [](CNnotifier_st&) { return cnrtSuccess; });
}

cnrtRet_t cnrtNotifierDuration(cnrtNotifier_t start, cnrtNotifier_t end,
                               float* us) {
  return xbang::detail::elapsed_seconds("cnrtNotifierDuration", start, end, us,
                                        1e6);
}

cnrtRet_t cnrtNotifierElapsedTime(cnrtNotifier_t start, cnrtNotifier_t end,
                                  float* ms) {
  return xbang::detail::elapsed_seconds("cnrtNotifierElapsedTime", start, end,
                                        ms, 1e3);
}

// An inter-process notifier handle names the notifier and the process
// that made it. The emulated device lives in one process: a handle opens
// only there, as a new notifier marking the same work, which has finished
// (every queue is idle), so waits and queries on it succeed at once.
namespace {
constexpr uint64_t kIpcNotifierMagic = 0x78626e6769706331ull;  // "xbngipc1"
}  // namespace

cnrtRet_t cnrtIpcGetNotifierHandle(cnrtIpcNotifierHandle* handle,
                                   cnrtNotifier_t notifier) {
  constexpr const char* kApi = "cnrtIpcGetNotifierHandle";
  if (handle == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "handle is NULL");
  }
  return with_notifier(kApi, notifier, [&](CNnotifier_st& n) {
    if ((n.flags & CNRT_NOTIFIER_INTERPROCESS) == 0) {
      return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                       "the notifier was not created with "
                       "CNRT_NOTIFIER_INTERPROCESS");
    }
    std::memset(handle, 0, sizeof(*handle));
    handle->res[0] = kIpcNotifierMagic;
    handle->res[1] = static_cast<uint64_t>(getpid());
    handle->res[2] = reinterpret_cast<uintptr_t>(notifier);
    return cnrtSuccess;
  });
}

cnrtRet_t cnrtIpcOpenNotifierHandle(cnrtNotifier_t* notifier,
                                    cnrtIpcNotifierHandle handle) {
  constexpr const char* kApi = "cnrtIpcOpenNotifierHandle";
  if (notifier == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "notifier is NULL");
  }
  if (handle.res[0] != kIpcNotifierMagic) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "not a handle from cnrtIpcGetNotifierHandle");
  }
  if (handle.res[1] != static_cast<uint64_t>(getpid())) {
    return cnrt_fail(kApi, cnrtErrorNotSupport,
                     "the handle comes from another process (the emulated "
                     "device lives in one process)");
  }
  const auto source =
      reinterpret_cast<cnrtNotifier_t>(static_cast<uintptr_t>(handle.res[2]));
  unsigned int flags = 0;
  const cnrtRet_t ret = with_notifier(kApi, source, [&](CNnotifier_st& n) {
    flags = n.flags;
    return cnrtSuccess;
  });
  if (ret != cnrtSuccess) return ret;
  return cnrtNotifierCreateWithFlags(notifier, flags);
}

cnrtRet_t cnrtQueueCreateWithPriority(cnrtQueue_t* pQueue, unsigned int flags,
                                      int priority) {
  if (flags != 0) {
    return cnrt_fail("cnrtQueueCreateWithPriority", cnrtErrorArgsInvalid,
                     "flags must be 0");
  }
  (void)priority;  // clamped to the range [0, 0]
  if (pQueue == nullptr) {
    return cnrt_fail("cnrtQueueCreateWithPriority", cnrtErrorArgsInvalid,
                     "pQueue is NULL");
  }
  return cnrtQueueCreate(pQueue);
}

cnrtRet_t cnrtQueueGetPriority(cnrtQueue_t queue, int* priority) {
  constexpr const char* kApi = "cnrtQueueGetPriority";
  if (priority == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "priority is NULL");
  }
  const cnrtRet_t ret = check_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  *priority = 0;
  return cnrtSuccess;
}

cnrtRet_t cnrtQueueCopyAttributes(cnrtQueue_t dst, cnrtQueue_t src) {
  constexpr const char* kApi = "cnrtQueueCopyAttributes";
  cnrtRet_t ret = check_queue(kApi, dst);
  if (ret == cnrtSuccess) ret = check_queue(kApi, src);
  return ret;  // a queue here has no attributes to copy
}

cnrtRet_t cnrtInvokeHostFunc(cnrtQueue_t queue, cnrtHostFn_t fn,
                             void* userData) {
  constexpr const char* kApi = "cnrtInvokeHostFunc";
  if (fn == nullptr) return cnrt_fail(kApi, cnrtErrorArgsInvalid, "fn is NULL");
  const cnrtRet_t ret = check_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  // Everything before it on the queue has finished: running it now keeps
  // the queue's order.
  return xbang::detail::enqueue(queue, cnrtTaskTopoNodeTypeHost, kApi, [=] {
    fn(userData);
    return cnrtSuccess;
  });
}

cnrtRet_t cnrtThreadExchangeQueueCaptureMode(cnrtQueueCaptureMode_t* mode) {
  constexpr const char* kApi = "cnrtThreadExchangeQueueCaptureMode";
  if (mode == nullptr)
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "NULL mode");
  if (*mode != cnrtQueueCaptureModeGlobal &&
      *mode != cnrtQueueCaptureModeThreadLocal &&
      *mode != cnrtQueueCaptureModeRelaxed) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "*mode is not a cnrtQueueCaptureMode_t");
  }
  static thread_local cnrtQueueCaptureMode_t thread_mode =
      cnrtQueueCaptureModeGlobal;
  const cnrtQueueCaptureMode_t previous = thread_mode;
  thread_mode = *mode;
  *mode = previous;
  return cnrtSuccess;
}

}  // extern "C"
