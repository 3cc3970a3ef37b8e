// CNRT queues and notifiers. Work enqueued on a queue (launches, async
// copies and sets) has finished when the enqueuing call returns, so every
// queue is always idle, its order always holds, and placing a notifier
// records the moment all work before it on its queue was done.
#include <atomic>
#include <chrono>
#include <deque>
#include <mutex>
#include <unordered_set>
#include <utility>

#include "runtime_internal.h"
#include "toolkit_internal.h"

struct CNqueue_st {
  uint64_t id;
  cnrtRet_t failure;  // of a kernel since the last cnrtQueueSync
};

struct CNnotifier_st {
  unsigned int flags;
  bool placed;
  std::chrono::steady_clock::time_point time;
};

namespace xbang {
namespace detail {
namespace {

// Handles created and destroyed by the API. A destroyed handle's memory is
// kept for the next kQuarantine destructions, so a call given a recently
// destroyed handle reports it instead of finding a new object at the same
// address.
template <class Object>
class HandleRegistry {
 public:
  template <class... Args>
  Object* create(Args&&... args) {
    auto* object = new Object{std::forward<Args>(args)...};
    std::lock_guard<std::mutex> lock(mutex_);
    live_.insert(object);
    return object;
  }
  bool destroy(Object* object) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (live_.erase(object) == 0) return false;
    quarantine_.push_back(object);
    if (quarantine_.size() > kQuarantine) {
      delete quarantine_.front();
      quarantine_.pop_front();
    }
    return true;
  }
  bool live(Object* object) {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.count(object) != 0;
  }
  // Runs use(*object) under the registry's lock; false if not live.
  template <class Use>
  bool with(Object* object, Use use) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (live_.count(object) == 0) return false;
    use(*object);
    return true;
  }

 private:
  static constexpr size_t kQuarantine = 4096;
  std::mutex mutex_;
  std::unordered_set<Object*> live_;
  std::deque<Object*> quarantine_;
};

// Never destroyed: calls made while the process exits find them intact,
// and the handles they hold stay reachable.
HandleRegistry<CNqueue_st>& queues() {
  static auto* registry = new HandleRegistry<CNqueue_st>;
  return *registry;
}
std::atomic<uint64_t> next_queue_id{0};
// Kernel failures not yet reported: on the implicit queues, on the device.
std::atomic<cnrtRet_t> implicit_queue_failure{cnrtSuccess};
std::atomic<cnrtRet_t> device_failure{cnrtSuccess};
HandleRegistry<CNnotifier_st>& notifiers() {
  static auto* registry = new HandleRegistry<CNnotifier_st>;
  return *registry;
}

constexpr unsigned kNotifierFlags = CNRT_NOTIFIER_DISABLE_TIMING_SW |
                                    CNRT_NOTIFIER_DISABLE_TIMING_ALL |
                                    CNRT_NOTIFIER_INTERPROCESS;

bool implicit_queue(cnrtQueue_t queue) {
  return queue == nullptr || queue == cnrtQueuePerThread ||
         queue == cnrtQueueLegacy;
}

// The queue's unreported kernel failure (cleared when `take`), or
// cnrtSuccess.
cnrtRet_t queue_failure(cnrtQueue_t queue, bool take) {
  if (implicit_queue(queue)) {
    return take ? implicit_queue_failure.exchange(cnrtSuccess)
                : implicit_queue_failure.load();
  }
  cnrtRet_t failure = cnrtSuccess;
  queues().with(queue, [&](CNqueue_st& q) {
    failure = q.failure;
    if (take) q.failure = cnrtSuccess;
  });
  return failure;
}

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
  std::chrono::steady_clock::time_point t0, t1;
  for (const auto& entry : {std::pair{start, &t0}, std::pair{end, &t1}}) {
    // Named variables, not a structured binding: C++17 lambdas cannot
    // capture those (Clang refuses).
    std::chrono::steady_clock::time_point* const time = entry.second;
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
          *time = n.time;
          return cnrtSuccess;
        });
    if (ret != cnrtSuccess) return ret;
  }
  *out = float(std::chrono::duration<double>(t1 - t0).count() * scale);
  return cnrtSuccess;
}

}  // namespace

bool queue_is_live(cnrtQueue_t queue) {
  return implicit_queue(queue) || queues().live(queue);
}

void record_queue_failure(cnrtQueue_t queue, cnrtRet_t code) {
  device_failure.store(code);
  if (implicit_queue(queue)) {
    implicit_queue_failure.store(code);
  } else {
    queues().with(queue, [&](CNqueue_st& q) { q.failure = code; });
  }
}

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
  *queue = xbang::detail::queues().create(++xbang::detail::next_queue_id,
                                          cnrtSuccess);
  xbang::detail::bind_device_context();
  return cnrtSuccess;
}

cnrtRet_t cnrtQueueDestroy(cnrtQueue_t queue) {
  if (queue == nullptr) {
    return cnrt_fail("cnrtQueueDestroy", cnrtErrorArgsInvalid, "queue is NULL");
  }
  if (!xbang::detail::queues().destroy(queue)) {
    return cnrt_fail("cnrtQueueDestroy", cnrtErrorInvalidResourceHandle,
                     "the queue was not created by cnrtQueueCreate or is "
                     "already destroyed");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtQueueSync(cnrtQueue_t queue) {
  const cnrtRet_t ret = check_queue("cnrtQueueSync", queue);
  if (ret != cnrtSuccess) return ret;
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
  return xbang::detail::report_failure(
      "cnrtSyncDevice", xbang::detail::device_failure.exchange(cnrtSuccess));
}

cnrtRet_t cnrtQueueWaitNotifier(cnrtNotifier_t notifier, cnrtQueue_t queue,
                                unsigned int flag) {
  constexpr const char* kApi = "cnrtQueueWaitNotifier";
  if (flag != 0) return cnrt_fail(kApi, cnrtErrorArgsInvalid, "flag must be 0");
  const cnrtRet_t ret = check_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  // The work the notifier marks is done: the queue need not wait.
  return with_notifier(kApi, notifier,
                       [](CNnotifier_st&) { return cnrtSuccess; });
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
      flags, false, std::chrono::steady_clock::time_point{});
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

cnrtRet_t cnrtPlaceNotifier(cnrtNotifier_t notifier, cnrtQueue_t queue) {
  const cnrtRet_t ret = check_queue("cnrtPlaceNotifier", queue);
  if (ret != cnrtSuccess) return ret;
  return with_notifier("cnrtPlaceNotifier", notifier, [](CNnotifier_st& n) {
    n.placed = true;
    n.time = std::chrono::steady_clock::now();
    return cnrtSuccess;
  });
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

}  // extern "C"
