// The scheduler: runs a launch's cores on the thread pool.
//
// Each emulated core runs on a host thread of its own while it is alive, so
// that its __nram__/__wram__ variables (thread_local) are private. The
// launching thread runs cores too, pool threads join it (thread_pool.h), and
// a core waiting at a barrier asks for another thread while cores of its
// group have not started (barriers.cpp). A Union launch runs its sync groups
// as the thread ceiling admits them (launch_shape.h); SRAM is handled in
// sram.cpp. The caller waiting for a launch's last core polls for up to the
// pool's poll budget before it blocks (spin_wait.h).
#include "xbang/runtime/launch.h"

#include <cxxabi.h>
#include <pthread.h>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "device_api.h"
#include "environment.h"
#include "launch_state.h"
#include "runtime_internal.h"
#include "sram.h"
#include "thread_pool.h"
#include "xbang/core/arch.h"
#include "xbang/runtime/spin_wait.h"

__thread int32_t taskDim = 1, taskDimX = 1, taskDimY = 1, taskDimZ = 1;
__thread int32_t taskId = 0, taskIdX = 0, taskIdY = 0, taskIdZ = 0;
__thread int32_t coreDim = 1, coreId = 0, clusterDim = 0, clusterId = 0;

namespace xbang {
namespace detail {

__thread CoreContext* tls_core = nullptr;

CoreSpec LaunchState::core_spec(int index) const {
  if (!shape.is_union()) return {index, false, -1, -1};
  const int cluster = index / kLaunchCoresPerCluster;
  const int slot = index % kLaunchCoresPerCluster;
  // Each cluster: its memory core first, then its compute cores.
  return {cluster * kComputeCoresPerCluster + (slot == 0 ? 0 : slot - 1),
          slot == 0, cluster, cluster / shape.group_clusters};
}

namespace {

std::atomic<bool> deterministic_flag{
    environment::flag("XBANG_DETERMINISTIC", false)};

void set_task_variables(const LaunchShape& shape, const CoreSpec& spec) {
  const int t = spec.task_id;
  taskDimX = int32_t(shape.dim_x);
  taskDimY = int32_t(shape.dim_y);
  taskDimZ = int32_t(shape.dim_z);
  taskDim = shape.task_dim;
  taskId = t;
  taskIdX = t % taskDimX;
  taskIdY = (t / taskDimX) % taskDimY;
  taskIdZ = t / (taskDimX * taskDimY);
  if (shape.is_union()) {
    coreDim = kComputeCoresPerCluster;
    clusterDim = shape.clusters;
    clusterId = spec.cluster;
    coreId = spec.is_mpu ? kMpuCoreId : t % kComputeCoresPerCluster;
  } else {
    coreDim = 1;
    coreId = 0;
    clusterDim = 0;
    clusterId = 0;
  }
}

// With launch.mutex held: admits the next sync groups the thread ceiling
// has room for (one at a time while the launch holds SRAM). Returns the
// cores admitted.
int admit_groups_locked(LaunchState& launch) {
  int admitted = 0;
  while (launch.groups_admitted < launch.shape.groups &&
         !(launch.serial_sram && launch.groups_in_flight > 0)) {
    const int index = launch.groups_admitted;
    auto group =
        std::make_unique<SyncGroup>(launch.shape, index, &launch.modules);
    const int cores = group->cores();
    std::shared_ptr<LaunchState> waiter;
    if (!launch.waiting_for_threads) waiter = launch.self.lock();
    if (!pool().try_reserve(cores, waiter)) {
      if (waiter) launch.waiting_for_threads = true;
      break;
    }
    launch.admitted_end.store(group->end_core(), std::memory_order_release);
    launch.groups[index] = std::move(group);
    ++launch.groups_admitted;
    ++launch.groups_in_flight;
    admitted += cores;
  }
  return admitted;
}

// Helpers for `cores` newly runnable cores, the calling thread being one.
void request_helpers(const std::shared_ptr<LaunchState>& launch, int cores) {
  if (launch->deterministic) return;
  const int helpers = std::min(cores, pool().parallelism()) - 1;
  for (int i = 0; i < helpers; ++i) pool().request_worker(launch, false);
}

// The index of a core to start, or -1 when none can start now.
int claim_core(const std::shared_ptr<LaunchState>& launch) {
  LaunchState& l = *launch;
  for (;;) {
    int index = l.next.load(std::memory_order_relaxed);
    if (index >= l.admitted_end.load(std::memory_order_acquire)) {
      if (index >= l.total_cores) return -1;
      int admitted = 0;
      {
        std::lock_guard<std::mutex> lock(l.mutex);
        if (l.admitted_end.load(std::memory_order_relaxed) <= index) {
          admitted = admit_groups_locked(l);
          if (admitted == 0) return -1;
        }
      }
      if (admitted > 0) request_helpers(launch, admitted);
      continue;
    }
    if (l.next.compare_exchange_weak(index, index + 1,
                                     std::memory_order_relaxed)) {
      return index;
    }
  }
}

// Merges a core's counts and outcome into the launch; the last core of a
// group gives its threads back, the last of the launch its SRAM.
void finish_core(LaunchState& launch, const CoreSpec& spec,
                 const CoreContext& core, const std::string& failure) {
  int released_threads = 0;
  bool last = false;
  {
    std::lock_guard<std::mutex> lock(launch.mutex);
    Counters& c = launch.counters;
    for (int d = 0; d < kNumDirections; ++d) {
      c.copy_bytes[d] += core.copy_bytes[d];
    }
    for (int f = 0; f < kNumFamilies; ++f) c.elements[f] += core.elements[f];
    c.atomic_updates += core.atomic_updates;
    c.barriers += core.barriers;
    if (!failure.empty() && launch.failure.empty()) {
      launch.failure = failure + " (taskId " + std::to_string(spec.task_id) +
                       (spec.is_mpu ? ", MPU)" : ")");
    }
    if (launch.shape.is_union()) {
      SyncGroup& group = launch.group_of(spec);
      if (group.core_finished(launch, spec)) {
        released_threads = group.cores();
        launch.groups[spec.group].reset();
        --launch.groups_in_flight;
      }
    }
    last = launch.finished.load(std::memory_order_relaxed) + 1 ==
           launch.total_cores;
    launch.finished.fetch_add(1, std::memory_order_release);
    if (last || released_threads > 0) launch.cv.notify_all();
  }
  if (released_threads > 0) pool().release(released_threads);
  if (last && launch.serial_sram) release_sram();
}

// Lets a pending cancellation act only inside the kernel's own code.
struct KernelCancellation {
  int previous = PTHREAD_CANCEL_DISABLE;
  KernelCancellation() {
    pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &previous);
  }
  ~KernelCancellation() { pthread_setcancelstate(previous, nullptr); }
};

// The unwind of pthread_exit / cancellation carries no C++ object, so
// binding it to the catch's reference is a null reference to UBSan.
__attribute__((no_sanitize("null"))) void run_core(
    const std::shared_ptr<LaunchState>& launch, int index) {
  const CoreSpec spec = launch->core_spec(index);
  CoreContext core;
  core.launch = launch.get();
  core.core_index = index;
  core.kernel = launch->name.c_str();
  core.is_mpu = spec.is_mpu;
  bind_onchip_windows(core);
  set_task_variables(launch->shape, spec);
  tls_core = &core;
  std::string failure;
  try {
    KernelCancellation cancellable;
    launch->body();
  } catch (const abi::__forced_unwind&) {
    // pthread_exit or cancellation: the thread ends, the launch fails and
    // goes on without it.
#if defined(__SANITIZE_ADDRESS__)
    // This unwind bypasses __cxa_throw, which clears the poison of the
    // frames it leaves; the handler's calls reuse that stack. The kernel's
    // frames were below this one, within the thread's 8 MB of stack.
    constexpr size_t kUnwoundBytes = size_t(256) << 10;
    char* frame = static_cast<char*>(__builtin_frame_address(0));
    __asan_unpoison_memory_region(frame - kUnwoundBytes, kUnwoundBytes);
#endif
    tls_core = nullptr;
    finish_core(*launch, spec, core,
                "the kernel ended its host thread (pthread_exit or "
                "cancellation)");
    if (launch->next.load() < launch->total_cores) {
      pool().request_worker(launch, /*must_run=*/true);
    }
    throw;
  } catch (const KernelAbort& abort) {
    failure = abort.why;
  } catch (const std::exception& e) {
    failure = std::string("kernel threw: ") + e.what();
  } catch (...) {
    failure = "kernel threw an unknown exception";
  }
  // The end of a kernel waits for its outstanding async copies.
  if (!core.pending_copies.empty()) flush_pending_copies(core);
  if (XBANG_CHECKED) check_onchip_padding("end of kernel");
  // Still this core while finishing: a report at the cluster's end (SRAM)
  // names it.
  finish_core(*launch, spec, core, failure);
  tls_core = nullptr;
}

// A launch that ran and failed: a kernel failure (`why`, printed) or
// checked-mode findings (already printed).
cnrtRet_t end_failed_launch(cnrtQueue_t queue, const std::string& name,
                            const std::string& why) {
  if (!why.empty()) {
    std::fprintf(stderr, "[xbang] kernel %s failed: %s\n", name.c_str(),
                 why.c_str());
  }
  set_last_error(cnrtErrorLaunchFailed);
  record_queue_failure(queue, cnrtErrorLaunchFailed);
  return cnrtErrorLaunchFailed;
}

cnrtRet_t fail_launch(const std::string& name, const std::string& why) {
  std::fprintf(stderr, "[xbang] launch of %s failed: %s\n", name.c_str(),
               why.c_str());
  set_last_error(cnrtErrorArgsInvalid);
  return cnrtErrorArgsInvalid;
}

}  // namespace

void run_cores(const std::shared_ptr<LaunchState>& launch) {
  Semaphore& permits = pool().permits();
  struct Permit {
    Semaphore& permits;
    explicit Permit(Semaphore& s) : permits(s) { permits.acquire(); }
    ~Permit() { permits.release(); }
  };
  for (;;) {
    Permit permit(permits);
    const int index = claim_core(launch);
    if (index < 0) return;
    if (launch->serial_sram) {
      const CoreSpec spec = launch->core_spec(index);
      std::unique_lock<std::mutex> lock(launch->mutex);
      launch->group_of(spec).wait_to_start(spec, lock);
    }
    run_core(launch, index);
  }
}

}  // namespace detail

using detail::LaunchState;

cnrtRet_t launch(cnrtDim3_t dim, cnrtFunctionType_t type, cnrtQueue_t queue,
                 std::function<void()> body, const char* kernel_name) {
  const std::string name = kernel_name != nullptr ? kernel_name : "<kernel>";
  if (const detail::CoreContext* core = detail::tls_core) {
    return detail::fail_launch(
        name, std::string("launched from inside kernel ") + core->kernel +
                  " (taskId " + std::to_string(taskId) +
                  "); a kernel cannot launch another");
  }
  if (!detail::queue_is_live(queue)) {
    std::fprintf(stderr,
                 "[xbang] %s: launched on a queue that is not live "
                 "(cnrtErrorInvalidResourceHandle)\n",
                 name.c_str());
    detail::set_last_error(cnrtErrorInvalidResourceHandle);
    return cnrtErrorInvalidResourceHandle;
  }
  detail::LaunchShape shape;
  const std::string illegal = detail::plan_launch(dim, type, &shape);
  if (!illegal.empty()) return detail::fail_launch(name, illegal);
  if (!body) return detail::fail_launch(name, "empty kernel body");

  auto state = std::make_shared<LaunchState>();
  state->self = state;
  state->body = std::move(body);
  state->name = name;
  state->shape = shape;
  state->total_cores = shape.total_cores();
  state->deterministic = deterministic();
  state->modules = detail::registered_modules();
  state->serial_sram =
      shape.is_union() && detail::any_module_has_sram(state->modules);
  state->groups.resize(shape.groups);

  const auto t0 = std::chrono::steady_clock::now();
  if (state->serial_sram) detail::acquire_sram();
  int runnable = state->total_cores;
  if (shape.is_union()) {
    std::lock_guard<std::mutex> lock(state->mutex);
    runnable = detail::admit_groups_locked(*state);
  } else {
    state->admitted_end.store(state->total_cores);
  }
  detail::request_helpers(state, runnable);
  const int total = state->total_cores;
  for (;;) {
    detail::run_cores(state);
    if (state->groups_admitted == shape.groups || !shape.is_union()) {
      poll_until(
          [&] {
            return state->finished.load(std::memory_order_acquire) == total;
          },
          detail::pool().poll_budget());
    }
    int admitted = 0;
    {
      std::unique_lock<std::mutex> lock(state->mutex);
      state->cv.wait(lock, [&] {
        if (state->finished.load() == total) return true;
        if (state->next.load() < state->admitted_end.load()) return true;
        if (state->groups_admitted < shape.groups) {
          admitted = detail::admit_groups_locked(*state);
        }
        return admitted > 0;
      });
    }
    if (state->finished.load() == total) break;
    if (admitted > 0) detail::request_helpers(state, admitted);
  }
  // The kernel's code may be in a library the caller unloads (dlclose) as
  // soon as this returns, while pool threads still hold the launch state:
  // the body, whose destructor is that library's code, goes now.
  {
    std::lock_guard<std::mutex> lock(state->mutex);
    state->body = nullptr;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();

  Counters counters;
  std::string failure;
  {
    std::lock_guard<std::mutex> lock(state->mutex);
    counters = state->counters;
    failure = state->failure;
  }
  counters.launches = 1;
  counters.seconds = seconds;
  counters.kernels[name] = {1, seconds};
  detail::record_launch_counters(counters);

  if (!failure.empty() || state->reports.load() != 0) {
    return detail::end_failed_launch(queue, name, failure);
  }
  return cnrtSuccess;
}

void set_deterministic(bool on) { detail::deterministic_flag.store(on); }
bool deterministic() { return detail::deterministic_flag.load(); }
int host_parallelism() { return detail::pool().parallelism(); }

int max_host_threads() { return detail::pool().max_threads(); }

cnrtRet_t set_max_host_threads(int threads) {
  if (detail::pool().set_max_threads(threads)) return cnrtSuccess;
  std::fprintf(stderr,
               "[xbang] set_max_host_threads(%d) failed: the ceiling must be "
               "in [%d, %d]\n",
               threads, detail::kMinMaxHostThreads, detail::kMaxMaxHostThreads);
  detail::set_last_error(cnrtErrorArgsInvalid);
  return cnrtErrorArgsInvalid;
}

HostThreads host_threads() {
  HostThreads t;
  detail::pool().stats(&t.alive, &t.peak);
  t.ceiling = detail::pool().max_threads();
  return t;
}

void park_idle_workers() { detail::pool().park_idle_workers(); }

}  // namespace xbang
