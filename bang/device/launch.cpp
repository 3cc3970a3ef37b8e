// The scheduler: runs a launch's cores on the thread pool. Defines the
// members of LaunchState (launch_state.h), except arrive_at_barrier
// (barriers.cpp).
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

#include <cnrt.h>
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

#include "core_state.h"
#include "device_api.h"
#include "environment.h"
#include "launch_state.h"
#include "runtime_internal.h"
#include "sram.h"
#include "thread_pool.h"
#include "xbang/core/arch.h"
#include "xbang/runtime/device.h"
#include "xbang/runtime/spin_wait.h"

XBANG_TASK_VARIABLE int32_t taskDim = 1, taskDimX = 1, taskDimY = 1,
                            taskDimZ = 1;
XBANG_TASK_VARIABLE int32_t taskId = 0, taskIdX = 0, taskIdY = 0, taskIdZ = 0;
XBANG_TASK_VARIABLE int32_t coreDim = 1, coreId = 0, clusterDim = 0,
                            clusterId = 0;

namespace xbang {
namespace detail {

__thread CoreContext* tls_core __attribute__((tls_model("initial-exec"))) =
    nullptr;

LaunchState::LaunchState(std::string name, const LaunchShape& shape,
                         std::function<void()> body, bool deterministic,
                         ModuleList modules, const ArchProfile& profile,
                         Schedule schedule)
    : name_(std::move(name)),
      profile_(profile),
      shape_(shape),
      total_cores_(shape.total_cores()),
      deterministic_(deterministic),
      modules_(std::move(modules)),
      serial_sram_(shape.is_union() && any_module_has_sram(modules_)),
      body_(std::move(body)),
      race_check_(checked_flag.load()
                      ? std::make_unique<RaceCheck>(total_cores_)
                      : nullptr),
      schedule_(schedule),
      turns_(!shape.is_union() || deterministic ? Turns::kNone
             : schedule.kind != Schedule::kFree ? Turns::kEveryBuiltin
             : serial_sram_                     ? Turns::kSramBuiltins
                                                : Turns::kNone),
      groups_(shape.groups),
      timing_(profile, shape, device_cluster_count()) {
  // Checked mode reads the SRAM variables' table before a core runs: reading
  // it clears the padding between them, which its checks watch.
  if (checked_flag.load()) {
    for (const auto& module : modules_) {
      if (module->has_sram()) module->tables();
    }
  }
}

CoreSpec LaunchState::core_spec(int index) const {
  if (!shape_.is_union()) return {index, false, -1, -1};
  const int cluster = index / kLaunchCoresPerCluster;
  const int slot = index % kLaunchCoresPerCluster;
  // Each cluster: its memory core first, then its compute cores.
  return {cluster * kComputeCoresPerCluster + (slot == 0 ? 0 : slot - 1),
          slot == 0, cluster, cluster / shape_.group_clusters};
}

// XBANG_ASYNC: eager (the default) or late.
std::atomic<bool> async_late_flag{
    environment::choice("XBANG_ASYNC", {"eager", "late"}, 0) == 1};

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

}  // namespace

int LaunchState::admit_first_cores() {
  if (serial_sram_) acquire_sram();
  if (!shape_.is_union()) {
    admitted_end_.store(total_cores_);
    return total_cores_;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  return admit_groups_locked();
}

int LaunchState::admit_groups_locked() {
  int admitted = 0;
  while (groups_admitted_ < shape_.groups &&
         !(serial_sram_ && groups_in_flight_ > 0)) {
    const int index = groups_admitted_;
    auto group = std::make_unique<SyncGroup>(shape_, index, &modules_);
    if (turns_ != Turns::kNone) {
      group->start_turns(turns_ == Turns::kSramBuiltins, serial_sram_,
                         schedule_.kind == Schedule::kSeeded, schedule_.seed);
    }
    const int cores = group->cores();
    std::shared_ptr<LaunchState> waiter;
    if (!waiting_for_threads_) waiter = weak_from_this().lock();
    if (!pool().try_reserve(cores, waiter)) {
      if (waiter) waiting_for_threads_ = true;
      break;
    }
    admitted_end_.store(group->end_core(), std::memory_order_release);
    groups_[index] = std::move(group);
    ++groups_admitted_;
    ++groups_in_flight_;
    admitted += cores;
  }
  return admitted;
}

void LaunchState::threads_released() {
  std::lock_guard<std::mutex> lock(mutex_);
  waiting_for_threads_ = false;
  cv_.notify_all();
}

int LaunchState::claim_core(int* admitted) {
  *admitted = 0;
  for (;;) {
    int index = next_.load(std::memory_order_relaxed);
    if (index >= admitted_end_.load(std::memory_order_acquire)) {
      if (index >= total_cores_) return -1;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (admitted_end_.load(std::memory_order_relaxed) <= index) {
          *admitted = admit_groups_locked();
          return -1;
        }
      }
      continue;
    }
    if (next_.compare_exchange_weak(index, index + 1,
                                    std::memory_order_relaxed)) {
      return index;
    }
  }
}

void LaunchState::wait_for_cluster_turn(int index) {
  const CoreSpec spec = core_spec(index);
  std::unique_lock<std::mutex> lock(mutex_);
  group_of(spec).wait_to_start(spec, lock);
}

void LaunchState::finish_core(const CoreSpec& spec, const CoreContext& core,
                              const std::string& failure) {
  int released_threads = 0;
  bool last = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Counters& c = counters_;
    for (int d = 0; d < kNumDirections; ++d) {
      c.copy_bytes[d] += core.copy_bytes[d];
    }
    for (int f = 0; f < kNumFamilies; ++f) c.elements[f] += core.elements[f];
    c.atomic_updates += core.atomic_updates;
    c.barriers += core.barriers;
    timing_.add_core(core.core_index, spec, core.timeline);
    if (!failure.empty()) {
      fail_locked(failure + " (taskId " + std::to_string(spec.task_id) +
                  (spec.is_mpu ? ", MPU)" : ")"));
    }
    if (shape_.is_union()) {
      SyncGroup& group = group_of(spec);
      if (group.core_finished(*this, spec)) {
        released_threads = group.cores();
        groups_[spec.group].reset();
        --groups_in_flight_;
      }
    }
    last = finished_.load(std::memory_order_relaxed) + 1 == total_cores_;
    finished_.fetch_add(1, std::memory_order_release);
    if (last || released_threads > 0) cv_.notify_all();
  }
  if (released_threads > 0) pool().release(released_threads);
  if (last && serial_sram_) release_sram();
}

int LaunchState::wait_for_cores() {
  if (groups_admitted_ == shape_.groups || !shape_.is_union()) {
    poll_until(
        [&] {
          return finished_.load(std::memory_order_acquire) == total_cores_;
        },
        pool().poll_budget());
  }
  int admitted = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait(lock, [&] {
    if (finished_.load() == total_cores_) return true;
    if (next_.load() < admitted_end_.load()) return true;
    if (groups_admitted_ < shape_.groups) admitted = admit_groups_locked();
    return admitted > 0;
  });
  return admitted;
}

void LaunchState::drop_body() {
  std::lock_guard<std::mutex> lock(mutex_);
  body_ = nullptr;
}

void LaunchState::take_results(Counters* counters, std::string* failure) {
  std::lock_guard<std::mutex> lock(mutex_);
  *counters = counters_;
  counters->modelled = timing_.result();
  *failure = failure_;
}

namespace {

// Helpers for `cores` newly runnable cores, the calling thread being one.
void request_helpers(const std::shared_ptr<LaunchState>& launch, int cores) {
  if (launch->deterministic()) return;
  const int helpers = std::min(cores, pool().parallelism()) - 1;
  for (int i = 0; i < helpers; ++i) pool().request_worker(launch, false);
}

// The index of a core to start, or -1 when none can start now.
int claim_core(const std::shared_ptr<LaunchState>& launch) {
  for (;;) {
    int admitted;
    const int index = launch->claim_core(&admitted);
    if (admitted == 0) return index;
    request_helpers(launch, admitted);
  }
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
  PrivateCoreState state;
  CoreContext core;
  core.private_state = &state;
  core.launch = launch.get();
  core.core_index = index;
  core.kernel = launch->name().c_str();
  core.is_mpu = spec.is_mpu;
  core.timeline.costs = *launch->costs(spec.is_mpu);
  bind_onchip_windows(core);
  set_task_variables(launch->shape(), spec);
  if (RaceCheck* races = launch->race_check()) {
    state.race_log = races->log_of(index, spec);
    core.checked.notes_shared_accesses = true;
  }
  bind_scalar_access(core);
  core.turns = launch->turns();
  tls_core = &core;
  tls_turn_due = false;
  std::string failure;
  try {
    KernelCancellation cancellable;
    if (core.turns != Turns::kNone) launch->take_turn(index);
    launch->run_body();
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
    launch->finish_core(spec, core,
                        "the kernel ended its host thread (pthread_exit or "
                        "cancellation)");
    if (launch->claimed_cores() < launch->total_cores()) {
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
  core.timeline.sync();
  if (has_unsynced_copies(core)) flush_pending_copies(core);
  if (XBANG_CHECKED) check_onchip_padding("end of kernel");
  if (RaceCheck* races = launch->race_check()) {
    core.checked.notes_shared_accesses = false;
    state.race_log = nullptr;
    races->release_if_unused(index);
  }
  // Still this core while finishing: a report at the cluster's end (SRAM)
  // names it.
  launch->finish_core(spec, core, failure);
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

}  // namespace

cnrtRet_t refuse_launch(const std::string& name, const std::string& why,
                        cnrtRet_t status) {
  std::fprintf(stderr, "[xbang] launch of %s failed: %s\n", name.c_str(),
               why.c_str());
  set_last_error(status);
  return status;
}

void run_cores(const std::shared_ptr<LaunchState>& launch) {
  // One permit for all the cores this thread runs in a row: a thread that
  // goes on to the next core switches to no other. Cores released from a
  // barrier get the permit of the next core that waits at one.
  struct Permit {
    explicit Permit(const void* owner) { pool().permits().acquire(owner); }
    ~Permit() { pool().permits().release(); }
  } permit(launch.get());
  for (;;) {
    const int index = claim_core(launch);
    if (index < 0) return;
    if (launch->serial_sram()) launch->wait_for_cluster_turn(index);
    run_core(launch, index);
  }
}

}  // namespace detail

using detail::LaunchState;

namespace detail {

cnrtRet_t run_launch(const ArchProfile& profile, cnrtDim3_t dim,
                     cnrtFunctionType_t type, cnrtQueue_t queue,
                     std::function<void()> body, const std::string& name) {
  if (const detail::CoreContext* core = detail::tls_core) {
    return detail::refuse_launch(
        name, std::string("launched from inside kernel ") + core->kernel +
                  " (taskId " + std::to_string(taskId) +
                  "); a kernel cannot launch another");
  }
  if (!detail::queue_is_live(queue)) {
    return detail::refuse_launch(
        name, "the queue is not live (cnrtErrorInvalidResourceHandle)",
        cnrtErrorInvalidResourceHandle);
  }
  detail::LaunchShape shape;
  const std::string illegal = detail::plan_launch(dim, type, &shape);
  if (!illegal.empty()) return detail::refuse_launch(name, illegal);
  if (!body) return detail::refuse_launch(name, "empty kernel body");
  // A capturing queue records the launch; replaying it launches the same
  // body (a copy of the kernel's arguments) on the replaying queue.
  const ArchProfile* const recorded_profile = &profile;
  if (detail::capture_work(
          queue, {cnrtTaskTopoNodeTypeKernel, name,
                  [recorded_profile, dim, type, body, name](cnrtQueue_t q) {
                    return run_launch(*recorded_profile, dim, type, q, body,
                                      name);
                  }})) {
    return cnrtSuccess;
  }

  // A Block launch under a schedule runs one task at a time, in order.
  const Schedule order = xbang::schedule();
  auto state = std::make_shared<LaunchState>(
      name, shape, std::move(body),
      deterministic() || (order.kind != Schedule::kFree && !shape.is_union()),
      detail::registered_modules(), profile, order);
  const auto t0 = std::chrono::steady_clock::now();
  detail::request_helpers(state, state->admit_first_cores());
  for (;;) {
    detail::run_cores(state);
    const int admitted = state->wait_for_cores();
    if (state->all_finished()) break;
    if (admitted > 0) detail::request_helpers(state, admitted);
  }
  // The kernel's code may be in a library the caller unloads (dlclose) as
  // soon as this returns, while pool threads still hold the launch state:
  // the body, whose destructor is that library's code, goes now.
  state->drop_body();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();

  if (RaceCheck* races = state->race_check()) {
    races->report(name, shape.is_union());
    races->recycle();
  }
  Counters counters;
  std::string failure;
  state->take_results(&counters, &failure);
  counters.launches = 1;
  counters.seconds = seconds;
  counters.kernels[name] = {1, seconds};
  detail::record_launch_counters(counters);
  detail::advance_queue_clock(queue, counters.modelled.seconds);

  if (!failure.empty() || state->reports() != 0) {
    return detail::end_failed_launch(queue, name, failure);
  }
  return cnrtSuccess;
}

}  // namespace detail

void set_deterministic(bool on) { detail::deterministic_flag.store(on); }
bool deterministic() { return detail::deterministic_flag.load(); }

void set_async_copies(AsyncCopies mode) {
  detail::async_late_flag.store(mode == AsyncCopies::kLate);
}
AsyncCopies async_copies() {
  return detail::async_late_flag.load() ? AsyncCopies::kLate
                                        : AsyncCopies::kEager;
}
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
