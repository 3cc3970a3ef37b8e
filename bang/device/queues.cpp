// The device's queues: which handles are live and the kernel failures each
// has not reported yet. Work on a queue has finished when the enqueuing call
// returns, so a queue's state is nothing but these.
#include <atomic>
#include <cstdint>
#include <mutex>

#include "device_api.h"
#include "handle_registry.h"

struct CNqueue_st {
  uint64_t id;
  cnrtRet_t failure;            // of a kernel since the last cnrtQueueSync
  double modelled_seconds = 0;  // the timing model's clock
  uint64_t capture = 0;         // the running capture's number, 0 when none
  std::vector<xbang::detail::CapturedWork> captured{};
};

namespace xbang {
namespace detail {
namespace {

// Never destroyed: calls made while the process exits find them intact,
// and the handles they hold stay reachable.
HandleRegistry<CNqueue_st>& queues() {
  static auto* registry = new HandleRegistry<CNqueue_st>;
  return *registry;
}
std::atomic<uint64_t> next_queue_id{0};
// The implicit queues' timing-model clock.
std::mutex implicit_clock_mutex;
double implicit_clock_seconds = 0;
std::atomic<uint64_t> next_capture_id{0};
// Kernel failures not yet reported: on the implicit queues, on the device.
std::atomic<cnrtRet_t> implicit_queue_failure{cnrtSuccess};
std::atomic<cnrtRet_t> device_failure_code{cnrtSuccess};

bool implicit_queue(cnrtQueue_t queue) {
  return queue == nullptr || queue == cnrtQueuePerThread ||
         queue == cnrtQueueLegacy;
}

}  // namespace

cnrtQueue_t create_queue() {
  return queues().create(++next_queue_id, cnrtSuccess, 0.0);
}

bool destroy_queue(cnrtQueue_t queue) { return queues().destroy(queue); }

bool queue_is_live(cnrtQueue_t queue) {
  return implicit_queue(queue) || queues().live(queue);
}

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

cnrtRet_t device_failure(bool take) {
  return take ? device_failure_code.exchange(cnrtSuccess)
              : device_failure_code.load();
}

double queue_modelled_seconds(cnrtQueue_t queue) {
  if (implicit_queue(queue)) {
    std::lock_guard<std::mutex> lock(implicit_clock_mutex);
    return implicit_clock_seconds;
  }
  double seconds = 0;
  queues().with(queue, [&](CNqueue_st& q) { seconds = q.modelled_seconds; });
  return seconds;
}

void advance_queue_clock(cnrtQueue_t queue, double seconds) {
  if (implicit_queue(queue)) {
    std::lock_guard<std::mutex> lock(implicit_clock_mutex);
    implicit_clock_seconds += seconds;
    return;
  }
  queues().with(queue, [&](CNqueue_st& q) { q.modelled_seconds += seconds; });
}

void record_queue_failure(cnrtQueue_t queue, cnrtRet_t code) {
  device_failure_code.store(code);
  if (implicit_queue(queue)) {
    implicit_queue_failure.store(code);
  } else {
    queues().with(queue, [&](CNqueue_st& q) { q.failure = code; });
  }
}

bool begin_capture(cnrtQueue_t queue) {
  bool begun = false;
  queues().with(queue, [&](CNqueue_st& q) {
    if (q.capture != 0) return;
    q.capture = ++next_capture_id;
    q.captured.clear();
    begun = true;
  });
  return begun;
}

bool queue_capturing(cnrtQueue_t queue) { return capture_id(queue) != 0; }

uint64_t capture_id(cnrtQueue_t queue) {
  if (implicit_queue(queue)) return 0;
  uint64_t id = 0;
  queues().with(queue, [&](CNqueue_st& q) { id = q.capture; });
  return id;
}

bool capture_work(cnrtQueue_t queue, CapturedWork work) {
  if (implicit_queue(queue)) return false;
  bool recorded = false;
  queues().with(queue, [&](CNqueue_st& q) {
    if (q.capture == 0) return;
    q.captured.push_back(std::move(work));
    recorded = true;
  });
  return recorded;
}

bool end_capture(cnrtQueue_t queue, std::vector<CapturedWork>* work) {
  bool ended = false;
  queues().with(queue, [&](CNqueue_st& q) {
    if (q.capture == 0) return;
    q.capture = 0;
    *work = std::move(q.captured);
    q.captured.clear();
    ended = true;
  });
  return ended;
}

}  // namespace detail
}  // namespace xbang
