// A sync group's barriers (sync_group.h) and the detection of barriers that
// can never complete.
#include <algorithm>

#include "core_state.h"
#include "launch_state.h"
#include "runtime_internal.h"
#include "sram.h"
#include "sync_group.h"
#include "thread_pool.h"

namespace xbang {
namespace detail {
namespace {

std::string core_label(const LaunchState& launch, int index) {
  const CoreSpec spec = launch.core_spec(index);
  return "taskId " + std::to_string(spec.task_id) +
         (spec.is_mpu ? " (MPU)" : "");
}

}  // namespace

SyncGroup::SyncGroup(const LaunchShape& shape, int index,
                     const ModuleList* modules)
    : first_cluster_(index * shape.group_clusters),
      clusters_(std::min(shape.group_clusters,
                         shape.clusters - index * shape.group_clusters)),
      first_core_(first_cluster_ * kLaunchCoresPerCluster),
      end_core_(first_core_ + clusters_ * kLaunchCoresPerCluster),
      modules_(modules),
      cluster_barriers_(clusters_),
      all_{"__sync_all", clusters_ * kLaunchCoresPerCluster},
      all_ipu_{"__sync_all_ipu", clusters_ * kComputeCoresPerCluster},
      all_mpu_{"__sync_all_mpu", clusters_},
      unfinished_(clusters_ * kLaunchCoresPerCluster),
      waiting_at_(clusters_ * kLaunchCoresPerCluster, nullptr),
      resumers_(clusters_ * kLaunchCoresPerCluster, nullptr),
      active_cluster_(first_cluster_),
      live_(clusters_, 0),
      ready_(clusters_, kLaunchCoresPerCluster),
      parked_(clusters_, 0),
      sram_images_(clusters_) {
  for (Barrier& b : cluster_barriers_) {
    b.name = "__sync_cluster";
    b.expected = kLaunchCoresPerCluster;
  }
}

// With `waiters` cores waiting at it, `barrier` completes: they go on.
void SyncGroup::complete(Barrier& barrier, int waiters) {
  waiting_ -= waiters;
  for (size_t i = 0; i < waiting_at_.size(); ++i) {
    if (waiting_at_[i] != &barrier) continue;
    waiting_at_[i] = nullptr;
    rejoin_turns(int(i));
    let_go(i);
  }
  barrier.arrived = 0;
  barrier.release = barrier.latest_arrival;
  barrier.latest_arrival = 0;
  ++barrier.generation;
  cv_.notify_all();
}

void SyncGroup::let_go(size_t slot) {
  if (resumers_[slot] == nullptr) return;
  pool().permits().grant_or_enqueue(*resumers_[slot]);
  resumers_[slot] = nullptr;
}

void SyncGroup::leave(Barrier& barrier) {
  --barrier.expected;
  if (barrier.arrived > 0 && barrier.arrived >= barrier.expected) {
    complete(barrier, barrier.arrived);
  }
}

// A core that has returned counts as arrived at every later barrier of its
// group: it leaves each one (an early `return` on the MPU never deadlocks).
void SyncGroup::leave_barriers(const CoreSpec& spec) {
  leave(cluster_barriers_[slot(spec)]);
  leave(all_);
  leave(spec.is_mpu ? all_mpu_ : all_ipu_);
}

bool SyncGroup::core_finished(LaunchState& launch, const CoreSpec& spec) {
  leave_turns(core_slot(spec));
  leave_barriers(spec);
  if (launch.serial_sram()) sram_core_finished(spec);
  if (--unfinished_ == 0) return true;
  detect_deadlock(launch);
  return false;
}

void SyncGroup::detect_deadlock(LaunchState& launch) {
  if (!deadlock_.empty() || unfinished_ == 0 || waiting_ != unfinished_) {
    return;
  }
  std::string why = "barriers cannot complete: every core of clusters " +
                    std::to_string(first_cluster_) + ".." +
                    std::to_string(first_cluster_ + clusters_ - 1) +
                    " that has not returned waits (";
  int listed = 0, more = 0;
  for (size_t i = 0; i < waiting_at_.size(); ++i) {
    if (waiting_at_[i] == nullptr) continue;
    if (listed == 12) {
      ++more;
      continue;
    }
    why += (listed++ ? ", " : "") + core_label(launch, first_core_ + int(i)) +
           " at " + waiting_at_[i]->name;
  }
  if (more > 0) why += ", and " + std::to_string(more) + " more";
  why += "); the cores took different barriers";
  deadlock_ = why;
  // The launch fails even if the kernel catches what its cores are thrown.
  launch.fail_locked(why);
  for (size_t i = 0; i < resumers_.size(); ++i) let_go(i);
  cv_.notify_all();
}

// The barrier of `scope` that `spec` takes part in; nullptr when it takes
// no part (an MPU at __sync_all_ipu, an IPU at __sync_all_mpu).
SyncGroup::Barrier* SyncGroup::barrier_of(BarrierScope scope,
                                          const CoreSpec& spec) {
  switch (scope) {
    case BarrierScope::kCluster:
      return &cluster_barriers_[slot(spec)];
    case BarrierScope::kAll:
      return &all_;
    case BarrierScope::kAllIpu:
      return spec.is_mpu ? nullptr : &all_ipu_;
    case BarrierScope::kAllMpu:
      return spec.is_mpu ? &all_mpu_ : nullptr;
  }
  return nullptr;
}

void SyncGroup::arrive(LaunchState& launch, const CoreSpec& spec,
                       int core_index, BarrierScope scope,
                       std::unique_lock<std::mutex>& lock, Ticks* time) {
  Barrier* barrier = barrier_of(scope, spec);
  if (barrier == nullptr) return;
  if (launch.deterministic()) {
    throw KernelAbort{
        "reached a barrier in deterministic mode, which runs one "
        "core at a time; run it without set_deterministic(true)"};
  }
  if (!deadlock_.empty()) throw KernelAbort{deadlock_};
  const bool swaps_clusters =
      launch.serial_sram() && scope != BarrierScope::kCluster;
  const uint64_t generation = barrier->generation;
  barrier->latest_arrival = std::max(barrier->latest_arrival, *time);
  if (++barrier->arrived >= barrier->expected) {
    // Every core the barrier waits for is here: the SRAM is still.
    if (XBANG_CHECKED && launch.serial_sram())
      check_sram_padding(launch.modules(), "barrier");
    complete(*barrier, barrier->arrived - 1);
    *time = barrier->release;
    restart_pace(core_index - first_core_);
    if (swaps_clusters) unpark_all();
    return;
  }
  ++waiting_;
  waiting_at_[core_index - first_core_] = barrier;
  leave_turns(core_index - first_core_);
  if (swaps_clusters) park(spec);
  // Unless the barrier swaps clusters (serial SRAM, group-wide scope),
  // nothing but the barrier holds the core back: it sleeps until let go
  // with a permit. Otherwise it also waits for its cluster's turn, on cv_.
  Semaphore::Waiter wake_up(&launch);
  const bool handoff = !swaps_clusters;
  if (handoff) resumers_[core_index - first_core_] = &wake_up;
  detect_deadlock(launch);
  lock.unlock();
  // A thread of this launch that takes the permit starts the next cores
  // itself once its own returns; otherwise a worker must.
  const void* successor = pool().permits().release();
  if (launch.claimed_cores() < end_core_ && successor != &launch) {
    // Cores not started yet may be the ones this barrier waits for.
    pool().request_worker(launch.weak_from_this().lock(), /*must_run=*/true);
  }
  if (handoff) {
    wake_up.wait();
    lock.lock();
  } else {
    lock.lock();
    cv_.wait(lock, [&] {
      return (barrier->generation != generation &&
              (!swaps_clusters || active_cluster_ == spec.cluster)) ||
             !deadlock_.empty();
    });
  }
  const bool released = barrier->generation != generation;
  if (released) *time = barrier->release;
  if (swaps_clusters) {
    if (released) {
      resume(spec);
    } else {
      // Counted as running again while it unwinds.
      --parked_[slot(spec)];
      ++live_[slot(spec)];
    }
  }
  if (!released) {
    --barrier->arrived;
    --waiting_;
    waiting_at_[core_index - first_core_] = nullptr;
  }
  // Once the group has deadlocked, a barrier completing because other cores
  // unwind out of the kernel releases nobody: every waiter fails.
  const std::string deadlock = deadlock_;
  lock.unlock();
  if (!handoff) pool().permits().acquire(&launch);
  if (!deadlock.empty()) throw KernelAbort{deadlock};
}

void barrier(BarrierScope scope) {
  CoreContext* core = tls_core;
  if (core == nullptr) return;  // called on the host: nothing to wait for
  ++core->barriers;
  // Async copies complete by the barrier, so cores meeting there see them.
  core->timeline.sync();
  if (has_unsynced_copies(*core)) flush_pending_copies(*core);
  if (XBANG_CHECKED) check_onchip_padding("barrier");
  LaunchState& launch = *core->launch;
  if (!launch.shape().is_union()) return;  // Block tasks do not synchronise
  Ticks time = core->timeline.now;
  launch.arrive_at_barrier(core->core_index, scope, &time);
  core->timeline.wait_until(time);
  const bool takes_part = !(scope == BarrierScope::kAllIpu && core->is_mpu) &&
                          !(scope == BarrierScope::kAllMpu && !core->is_mpu);
  RaceLog* race_log = private_state(*core).race_log;
  if (race_log != nullptr && takes_part) {
    race_log->passed_barrier(scope);
  }
}

void LaunchState::arrive_at_barrier(int index, BarrierScope scope,
                                    Ticks* time) {
  const CoreSpec spec = core_spec(index);
  std::unique_lock<std::mutex> lock(mutex_);
  SyncGroup& group = group_of(spec);
  group.arrive(*this, spec, index, scope, lock, time);
  // A core the barrier let go runs again once it holds its turn.
  if (!lock.owns_lock()) lock.lock();
  group.take_turn(*this, index, lock);
}

}  // namespace detail
}  // namespace xbang
