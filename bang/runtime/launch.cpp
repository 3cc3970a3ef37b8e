// The launch runtime: emulated cores on host threads.
//
// Each emulated core runs on a host thread of its own while it is alive, so
// that its __nram__/__wram__ variables (thread_local) are private. At most
// host_parallelism() cores compute at once (a counting semaphore of
// "permits"); a core waiting at a barrier gives its permit back and, while
// cores of the launch have not started yet, asks the pool for another
// thread, so every barrier's participants eventually arrive. A core that has
// returned leaves every barrier it belongs to (std::barrier's
// arrive_and_drop), so an early `return` on the MPU never deadlocks. An idle
// worker, and the caller waiting for a launch's last core, poll for up to
// kPollBeforeBlocking before they block (spin_wait.h): a blocked thread takes
// ~0.1 ms to wake on a VM, which made the second thread join short launches
// late or not at all.
#include "xbang/runtime/launch.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "runtime_internal.h"
#include "toolkit_internal.h"
#include "xbang/core/arch.h"
#include "xbang/runtime/spin_wait.h"

__thread int32_t taskDim = 1, taskDimX = 1, taskDimY = 1, taskDimZ = 1;
__thread int32_t taskId = 0, taskIdX = 0, taskIdY = 0, taskIdZ = 0;
__thread int32_t coreDim = 1, coreId = 0, clusterDim = 0, clusterId = 0;

namespace xbang {
namespace detail {

__thread CoreContext* tls_core = nullptr;

namespace {

// A kernel that cannot go on (e.g. a barrier in deterministic mode).
struct KernelAbort {
  std::string why;
};

class Semaphore {
 public:
  explicit Semaphore(int count) : count_(count) {}
  void acquire() {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [&] { return count_ > 0; });
    --count_;
  }
  void release() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      ++count_;
    }
    cv_.notify_one();
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  int count_;
};

struct Barrier {
  int expected = 0;
  int arrived = 0;
  uint64_t generation = 0;
};

struct CoreSpec {
  int task_id;
  bool is_mpu;
  int cluster;  // Union: cluster index; Block: -1
};

}  // namespace

struct LaunchState {
  std::weak_ptr<LaunchState> self;
  std::function<void()> body;
  std::string name;
  cnrtDim3_t dim{};
  bool is_union = false;
  int task_dim = 0;
  int clusters = 0;
  std::vector<CoreSpec> cores;
  std::atomic<int> next{0};

  std::mutex mutex;  // guards everything below
  std::condition_variable cv;
  std::vector<Barrier> cluster_barriers;
  Barrier all, all_ipu, all_mpu;
  std::atomic<int> finished{0};  // changed under the mutex, polled without
  // While the program has SRAM variables (one static copy stands for every
  // cluster's SRAM), one cluster runs at a time: the active one. When all of
  // its cores have finished or wait at a launch-wide barrier, its SRAM is
  // saved and the next cluster with cores ready to run is switched in.
  bool serial_clusters = false;
  int active_cluster = 0;
  std::vector<int> live;    // per cluster: cores running now
  std::vector<int> ready;   // per cluster: cores not started or woken
  std::vector<int> parked;  // per cluster: cores at a launch-wide barrier
  std::vector<std::vector<char>> sram_images;
  bool deterministic = false;
  Counters counters;
  std::string failure;
};

namespace {

int parallelism_from_env() {
  if (const char* env = std::getenv("XBANG_THREADS")) {
    const int n = std::atoi(env);
    if (n > 0) return n;
  }
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : int(hw);
}

std::atomic<bool> deterministic_flag{[] {
  const char* env = std::getenv("XBANG_DETERMINISTIC");
  return env != nullptr && env[0] == '1';
}()};

class Pool {
 public:
  Pool()
      : parallelism_(parallelism_from_env()),
        permits_(parallelism_),
        poll_budget_(poll_budget_for(parallelism_)) {}

  int parallelism() const { return parallelism_; }
  // How long a thread with nothing to do polls before blocking.
  std::chrono::microseconds poll_budget() const { return poll_budget_; }
  Semaphore& permits() { return permits_; }

  // One more host thread for `launch`: an idle one, or a new one if none is
  // idle and either `must_run` (the launch cannot progress without it: its
  // caller is itself a core, or a barrier waits for cores not started yet)
  // or the pool is below its base size. Otherwise the request waits for the
  // next worker to come back, within microseconds: spawning a thread each
  // time the previous launch's worker had not quite returned grew the pool
  // to dozens of threads.
  void request_worker(const std::shared_ptr<LaunchState>& launch,
                      bool must_run) {
    std::unique_lock<std::mutex> lock(mutex_);
    requests_.push_back(launch);
    queued_.store(int(requests_.size()), std::memory_order_release);
    if (int(requests_.size()) > idle_ &&
        (must_run || workers_ < parallelism_ - 1)) {
      ++workers_;
      lock.unlock();
      spawn();
    } else if (int(requests_.size()) > pollers_) {
      // Pollers see the request themselves; wake a blocked worker only for
      // the requests they cannot take.
      cv_.notify_one();
    }
  }

 private:
  void spawn() {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    // Room for the program's static TLS (every kernel's __nram__ arrays live
    // there) plus a generous stack; pages are only committed when touched.
    pthread_attr_setstacksize(&attr, size_t(256) << 20);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    const int rc = pthread_create(
        &thread, &attr,
        [](void* self) -> void* {
          static_cast<Pool*>(self)->worker_main();
          return nullptr;
        },
        this);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
      std::fprintf(stderr, "[xbang] cannot create a worker thread (error %d)\n",
                   rc);
      std::abort();
    }
  }

  void worker_main();

  const int parallelism_;
  Semaphore permits_;
  const std::chrono::microseconds poll_budget_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::shared_ptr<LaunchState>> requests_;
  std::atomic<int> queued_{0};  // requests_.size(), read without the mutex
  int workers_ = 0;             // threads spawned
  int idle_ = 0;     // workers polling or blocked, waiting for a request
  int pollers_ = 0;  // of those, the ones polling
};

Pool& pool() {
  static Pool* instance = new Pool;  // never destroyed: workers outlive main
  return *instance;
}

void set_task_variables(const LaunchState& launch, const CoreSpec& spec) {
  const int t = spec.task_id;
  taskDimX = int32_t(launch.dim.x);
  taskDimY = int32_t(launch.dim.y);
  taskDimZ = int32_t(launch.dim.z);
  taskDim = launch.task_dim;
  taskId = t;
  taskIdX = t % taskDimX;
  taskIdY = (t / taskDimX) % taskDimY;
  taskIdZ = t / (taskDimX * taskDimY);
  if (launch.is_union) {
    coreDim = kCoresPerCluster;
    clusterDim = launch.clusters;
    clusterId = spec.cluster;
    coreId = spec.is_mpu ? kMpuCoreId : t % kCoresPerCluster;
  } else {
    coreDim = 1;
    coreId = 0;
    clusterDim = 0;
    clusterId = 0;
  }
}

// Called with launch.mutex held.
void leave_barrier(LaunchState& launch, Barrier& barrier) {
  --barrier.expected;
  if (barrier.arrived > 0 && barrier.arrived >= barrier.expected) {
    barrier.arrived = 0;
    ++barrier.generation;
    launch.cv.notify_all();
  }
}

// With launch.mutex held: once the active cluster has no running core and
// none ready, save its SRAM and switch in the next cluster that has work.
void maybe_switch_cluster(LaunchState& launch) {
  const int current = launch.active_cluster;
  if (launch.live[current] > 0 || launch.ready[current] > 0) return;
  const char* begin = sram_begin();
  const size_t bytes = size_t(sram_end() - begin);
  for (int step = 1; step <= launch.clusters; ++step) {
    const int next = (current + step) % launch.clusters;
    if (launch.ready[next] == 0) continue;
    if (next != current) {
      launch.sram_images[current].assign(begin, begin + bytes);
      auto& image = launch.sram_images[next];
      if (!image.empty())
        std::memcpy(const_cast<char*>(begin), image.data(), bytes);
      launch.active_cluster = next;
      launch.cv.notify_all();
    }
    return;
  }
}

void run_core(const std::shared_ptr<LaunchState>& launch, int index) {
  const CoreSpec spec = launch->cores[index];
  CoreContext core;
  core.launch = launch.get();
  core.kernel = launch->name.c_str();
  core.is_mpu = spec.is_mpu;
  bind_onchip_windows(core);
  set_task_variables(*launch, spec);
  tls_core = &core;
  std::string failure;
  try {
    launch->body();
  } catch (const KernelAbort& abort) {
    failure = abort.why;
  } catch (const std::exception& e) {
    failure = std::string("kernel threw: ") + e.what();
  } catch (...) {
    failure = "kernel threw an unknown exception";
  }
  // The end of a kernel waits for its outstanding async copies.
  if (!core.pending_copies.empty()) flush_pending_copies(core);
  tls_core = nullptr;

  std::lock_guard<std::mutex> lock(launch->mutex);
  Counters& c = launch->counters;
  for (int d = 0; d < kNumDirections; ++d)
    c.copy_bytes[d] += core.copy_bytes[d];
  for (int f = 0; f < kNumFamilies; ++f) c.elements[f] += core.elements[f];
  c.atomic_updates += core.atomic_updates;
  c.barriers += core.barriers;
  if (!failure.empty() && launch->failure.empty()) {
    launch->failure = failure + " (taskId " + std::to_string(spec.task_id) +
                      (spec.is_mpu ? ", MPU)" : ")");
  }
  if (launch->is_union) {
    leave_barrier(*launch, launch->cluster_barriers[spec.cluster]);
    leave_barrier(*launch, launch->all);
    leave_barrier(*launch, spec.is_mpu ? launch->all_mpu : launch->all_ipu);
    if (launch->serial_clusters) {
      --launch->live[spec.cluster];
      maybe_switch_cluster(*launch);
    }
  }
  ++launch->finished;
  launch->cv.notify_all();
}

void run_cores(const std::shared_ptr<LaunchState>& launch) {
  Semaphore& permits = pool().permits();
  const int total = int(launch->cores.size());
  for (;;) {
    permits.acquire();
    const int index = launch->next.fetch_add(1);
    if (index >= total) {
      permits.release();
      return;
    }
    const int cluster = launch->cores[index].cluster;
    if (launch->serial_clusters) {
      std::unique_lock<std::mutex> lock(launch->mutex);
      if (launch->active_cluster != cluster) {
        lock.unlock();
        permits.release();
        lock.lock();
        launch->cv.wait(lock,
                        [&] { return launch->active_cluster == cluster; });
        lock.unlock();
        permits.acquire();
        lock.lock();
      }
      --launch->ready[cluster];
      ++launch->live[cluster];
    }
    run_core(launch, index);
    permits.release();
  }
}

void Pool::worker_main() {
  for (;;) {
    std::shared_ptr<LaunchState> launch;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ++idle_;
      // The next launch of an operator usually follows within microseconds.
      // At most parallelism - 1 workers poll (with the caller, one per host
      // core): more would take cores from the threads computing.
      if (poll_budget_.count() > 0 && pollers_ < parallelism_ - 1) {
        ++pollers_;
        lock.unlock();
        poll_until([&] { return queued_.load(std::memory_order_acquire) > 0; },
                   poll_budget_);
        lock.lock();
        --pollers_;
      }
      cv_.wait(lock, [&] { return !requests_.empty(); });
      --idle_;
      launch = std::move(requests_.front());
      requests_.pop_front();
      queued_.store(int(requests_.size()), std::memory_order_release);
    }
    run_cores(launch);
  }
}

bool valid_type(cnrtFunctionType_t type, int* union_n) {
  switch (type) {
    case cnrtFuncTypeBlock:
      *union_n = 0;
      return true;
    case cnrtFuncTypeUnion1:
      *union_n = 1;
      return true;
    case cnrtFuncTypeUnion2:
      *union_n = 2;
      return true;
    case cnrtFuncTypeUnion4:
      *union_n = 4;
      return true;
    case cnrtFuncTypeUnion8:
      *union_n = 8;
      return true;
    case cnrtFuncTypeUnion16:
      *union_n = 16;
      return true;
  }
  return false;
}

cnrtRet_t fail_launch(const std::string& name, const std::string& why) {
  std::fprintf(stderr, "[xbang] launch of %s failed: %s\n", name.c_str(),
               why.c_str());
  set_last_error(cnrtErrorArgsInvalid);
  return cnrtErrorArgsInvalid;
}

}  // namespace

void barrier(BarrierScope scope) {
  CoreContext* core = tls_core;
  if (core == nullptr) return;  // called on the host: nothing to wait for
  ++core->barriers;
  // Async copies complete by the barrier, so cores meeting there see them.
  if (!core->pending_copies.empty()) flush_pending_copies(*core);
  LaunchState& launch = *core->launch;
  if (!launch.is_union) return;  // Block tasks do not synchronise
  Barrier* barrier = nullptr;
  switch (scope) {
    case BarrierScope::kCluster:
      barrier = &launch.cluster_barriers[clusterId];
      break;
    case BarrierScope::kAll:
      barrier = &launch.all;
      break;
    case BarrierScope::kAllIpu:
      if (core->is_mpu) return;
      barrier = &launch.all_ipu;
      break;
    case BarrierScope::kAllMpu:
      if (!core->is_mpu) return;
      barrier = &launch.all_mpu;
      break;
  }
  if (launch.deterministic) {
    throw KernelAbort{
        "reached a barrier in deterministic mode, which runs one "
        "core at a time; run it without set_deterministic(true)"};
  }
  const bool swaps_clusters =
      launch.serial_clusters && scope != BarrierScope::kCluster;
  const int cluster = clusterId;
  std::unique_lock<std::mutex> lock(launch.mutex);
  const uint64_t generation = barrier->generation;
  if (++barrier->arrived >= barrier->expected) {
    barrier->arrived = 0;
    ++barrier->generation;
    if (swaps_clusters) {
      for (int c = 0; c < launch.clusters; ++c) {
        launch.ready[c] += launch.parked[c];
        launch.parked[c] = 0;
      }
    }
    launch.cv.notify_all();
    return;
  }
  if (swaps_clusters) {
    --launch.live[cluster];
    ++launch.parked[cluster];
    maybe_switch_cluster(launch);
  }
  lock.unlock();
  pool().permits().release();
  if (launch.next.load() < int(launch.cores.size())) {
    // Cores not started yet may be the ones this barrier waits for.
    pool().request_worker(launch.self.lock(), /*must_run=*/true);
  }
  lock.lock();
  launch.cv.wait(lock, [&] {
    return barrier->generation != generation &&
           (!swaps_clusters || launch.active_cluster == cluster);
  });
  if (swaps_clusters) {
    --launch.ready[cluster];
    ++launch.live[cluster];
  }
  lock.unlock();
  pool().permits().acquire();
}

}  // namespace detail

using detail::LaunchState;

cnrtRet_t launch(cnrtDim3_t dim, cnrtFunctionType_t type, cnrtQueue_t queue,
                 std::function<void()> body, const char* kernel_name) {
  const std::string name = kernel_name != nullptr ? kernel_name : "<kernel>";
  if (!detail::queue_is_live(queue)) {
    return detail::cnrt_fail(name.c_str(), cnrtErrorInvalidResourceHandle,
                             "launched on a queue that is not live");
  }
  int union_n = 0;
  if (!detail::valid_type(type, &union_n)) {
    return detail::fail_launch(
        name, "unknown cnrtFunctionType_t " + std::to_string(int(type)));
  }
  if (dim.x == 0 || dim.y == 0 || dim.z == 0) {
    return detail::fail_launch(name, "every dim must be at least 1 (got {" +
                                         std::to_string(dim.x) + ", " +
                                         std::to_string(dim.y) + ", " +
                                         std::to_string(dim.z) + "})");
  }
  const uint64_t task_dim = uint64_t(dim.x) * dim.y * dim.z;
  if (task_dim > (uint64_t(1) << 20)) {
    return detail::fail_launch(
        name, "taskDim " + std::to_string(task_dim) + " is over 2^20");
  }
  if (union_n > 0 && task_dim % uint64_t(kCoresPerCluster * union_n) != 0) {
    return detail::fail_launch(
        name, "a Union" + std::to_string(union_n) +
                  " launch needs taskDim to be a multiple of " +
                  std::to_string(kCoresPerCluster * union_n) + " (got " +
                  std::to_string(task_dim) + ")");
  }
  if (!body) return detail::fail_launch(name, "empty kernel body");

  auto state = std::make_shared<LaunchState>();
  state->self = state;
  state->body = std::move(body);
  state->name = name;
  state->dim = dim;
  state->is_union = union_n > 0;
  state->task_dim = int(task_dim);
  state->deterministic = deterministic();
  if (state->is_union) {
    state->clusters = int(task_dim) / kCoresPerCluster;
    state->cluster_barriers.resize(state->clusters);
    for (int c = 0; c < state->clusters; ++c) {
      // Each cluster: its memory core first, then its compute cores.
      state->cores.push_back({c * kCoresPerCluster, true, c});
      for (int i = 0; i < kCoresPerCluster; ++i) {
        state->cores.push_back({c * kCoresPerCluster + i, false, c});
      }
      state->cluster_barriers[c].expected = kCoresPerCluster + 1;
    }
    state->all.expected = int(state->cores.size());
    state->all_ipu.expected = int(task_dim);
    state->all_mpu.expected = state->clusters;
    state->serial_clusters =
        detail::sram_begin() != detail::sram_end() && state->clusters > 1;
    state->live.assign(state->clusters, 0);
    state->ready.assign(state->clusters, kCoresPerCluster + 1);
    state->parked.assign(state->clusters, 0);
    state->sram_images.resize(state->clusters);
  } else {
    for (int t = 0; t < int(task_dim); ++t)
      state->cores.push_back({t, false, -1});
  }

  const size_t reports_before = detail::report_count();
  const auto t0 = std::chrono::steady_clock::now();
  const int workers = state->deterministic
                          ? 1
                          : std::min<int>(int(state->cores.size()),
                                          detail::pool().parallelism());
  // The calling thread runs cores too (one wake-up fewer per launch), unless
  // it is itself an emulated core.
  const bool caller_helps = detail::tls_core == nullptr;
  for (int w = caller_helps ? 1 : 0; w < workers; ++w) {
    detail::pool().request_worker(state, /*must_run=*/!caller_helps);
  }
  if (caller_helps) detail::run_cores(state);
  const int total_cores = int(state->cores.size());
  poll_until(
      [&] {
        return state->finished.load(std::memory_order_acquire) == total_cores;
      },
      detail::pool().poll_budget());
  {
    std::unique_lock<std::mutex> lock(state->mutex);
    state->cv.wait(lock,
                   [&] { return state->finished == int(state->cores.size()); });
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();

  Counters counters = state->counters;
  counters.launches = 1;
  counters.seconds = seconds;
  counters.kernels[name] = {1, seconds};
  detail::record_launch_counters(counters);

  if (!state->failure.empty()) {
    std::fprintf(stderr, "[xbang] kernel %s failed: %s\n", name.c_str(),
                 state->failure.c_str());
    detail::set_last_error(cnrtErrorLaunchFailed);
    detail::record_queue_failure(queue, cnrtErrorLaunchFailed);
    return cnrtErrorLaunchFailed;
  }
  if (detail::report_count() != reports_before) {
    detail::set_last_error(cnrtErrorLaunchFailed);
    detail::record_queue_failure(queue, cnrtErrorLaunchFailed);
    return cnrtErrorLaunchFailed;
  }
  return cnrtSuccess;
}

void set_deterministic(bool on) { detail::deterministic_flag.store(on); }
bool deterministic() { return detail::deterministic_flag.load(); }
int host_parallelism() { return detail::pool().parallelism(); }

}  // namespace xbang
