#include "barriers.h"

#include "runtime_internal.h"
#include "sram.h"
#include "thread_pool.h"

namespace xbang {
namespace detail {
namespace {

// With `waiters` cores waiting at it, `barrier` completes: they go on.
void complete(SyncGroup& group, Barrier& barrier, int waiters) {
  group.waiting -= waiters;
  for (auto& at : group.waiting_at) {
    if (at == &barrier) at = nullptr;
  }
  barrier.arrived = 0;
  ++barrier.generation;
  group.cv.notify_all();
}

void leave(SyncGroup& group, Barrier& barrier) {
  --barrier.expected;
  if (barrier.arrived > 0 && barrier.arrived >= barrier.expected) {
    complete(group, barrier, barrier.arrived);
  }
}

std::string core_label(const LaunchState& launch, int index) {
  const CoreSpec spec = launch.core_spec(index);
  return "taskId " + std::to_string(spec.task_id) +
         (spec.is_mpu ? " (MPU)" : "");
}

}  // namespace

void leave_barriers(SyncGroup& group, const CoreSpec& spec) {
  leave(group, group.cluster_barriers[spec.cluster - group.first_cluster]);
  leave(group, group.all);
  leave(group, spec.is_mpu ? group.all_mpu : group.all_ipu);
}

void detect_deadlock(LaunchState& launch, SyncGroup& group) {
  if (!group.deadlock.empty() || group.unfinished == 0 ||
      group.waiting != group.unfinished) {
    return;
  }
  std::string why = "barriers cannot complete: every core of clusters " +
                    std::to_string(group.first_cluster) + ".." +
                    std::to_string(group.first_cluster + group.clusters - 1) +
                    " that has not returned waits (";
  int listed = 0, more = 0;
  for (size_t i = 0; i < group.waiting_at.size(); ++i) {
    if (group.waiting_at[i] == nullptr) continue;
    if (listed == 12) {
      ++more;
      continue;
    }
    why += (listed++ ? ", " : "") +
           core_label(launch, group.first_core + int(i)) + " at " +
           group.waiting_at[i]->name;
  }
  if (more > 0) why += ", and " + std::to_string(more) + " more";
  why += "); the cores took different barriers";
  group.deadlock = why;
  // The launch fails even if the kernel catches what its cores are thrown.
  if (launch.failure.empty()) launch.failure = why;
  group.cv.notify_all();
}

void barrier(BarrierScope scope) {
  CoreContext* core = tls_core;
  if (core == nullptr) return;  // called on the host: nothing to wait for
  ++core->barriers;
  // Async copies complete by the barrier, so cores meeting there see them.
  if (!core->pending_copies.empty()) flush_pending_copies(*core);
  if (XBANG_CHECKED) check_onchip_padding("barrier");
  LaunchState& launch = *core->launch;
  if (!launch.shape.is_union()) return;  // Block tasks do not synchronise
  const CoreSpec spec = launch.core_spec(core->core_index);
  std::unique_lock<std::mutex> lock(launch.mutex);
  SyncGroup& group = launch.group_of(spec);
  Barrier* barrier = nullptr;
  switch (scope) {
    case BarrierScope::kCluster:
      barrier = &group.cluster_barriers[spec.cluster - group.first_cluster];
      break;
    case BarrierScope::kAll:
      barrier = &group.all;
      break;
    case BarrierScope::kAllIpu:
      if (spec.is_mpu) return;
      barrier = &group.all_ipu;
      break;
    case BarrierScope::kAllMpu:
      if (!spec.is_mpu) return;
      barrier = &group.all_mpu;
      break;
  }
  if (launch.deterministic) {
    throw KernelAbort{
        "reached a barrier in deterministic mode, which runs one "
        "core at a time; run it without set_deterministic(true)"};
  }
  if (!group.deadlock.empty()) throw KernelAbort{group.deadlock};
  const bool swaps_clusters =
      launch.serial_sram && scope != BarrierScope::kCluster;
  const uint64_t generation = barrier->generation;
  if (++barrier->arrived >= barrier->expected) {
    // Every core the barrier waits for is here: the SRAM is still.
    if (XBANG_CHECKED && launch.serial_sram)
      check_sram_padding(launch.modules, "barrier");
    complete(group, *barrier, barrier->arrived - 1);
    if (swaps_clusters) sram_unpark_all(group);
    return;
  }
  ++group.waiting;
  group.waiting_at[core->core_index - group.first_core] = barrier;
  if (swaps_clusters) sram_park(group, spec);
  detect_deadlock(launch, group);
  lock.unlock();
  pool().permits().release();
  if (launch.next.load() < group.end_core) {
    // Cores not started yet may be the ones this barrier waits for.
    pool().request_worker(launch.self.lock(), /*must_run=*/true);
  }
  lock.lock();
  group.cv.wait(lock, [&] {
    return (barrier->generation != generation &&
            (!swaps_clusters || group.active_cluster == spec.cluster)) ||
           !group.deadlock.empty();
  });
  const bool released = barrier->generation != generation;
  if (swaps_clusters) {
    if (released) {
      sram_resume(group, spec);
    } else {
      // Counted as running again while it unwinds.
      const int c = spec.cluster - group.first_cluster;
      --group.parked[c];
      ++group.live[c];
    }
  }
  if (!released) {
    --barrier->arrived;
    --group.waiting;
    group.waiting_at[core->core_index - group.first_core] = nullptr;
  }
  // Once the group has deadlocked, a barrier completing because other cores
  // unwind out of the kernel releases nobody: every waiter fails.
  const std::string deadlock = group.deadlock;
  lock.unlock();
  pool().permits().acquire();
  if (!deadlock.empty()) throw KernelAbort{deadlock};
}

}  // namespace detail
}  // namespace xbang
