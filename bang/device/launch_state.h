// The state of one launch, shared by the scheduler (launch.cpp), its sync
// groups (sync_group.h, barriers.cpp) and the thread pool (thread_pool.h).
// Runtime-private.
//
// A launch's cores are numbered in a fixed order: Block, one core per task;
// Union, per cluster its memory core first, then its compute cores. A Union
// launch is cut into sync groups (see launch_shape.h): consecutive clusters
// that run at the same time and that __sync_all spans. A group starts only
// once the thread pool has reserved a host thread for each of its cores, so
// every core of a group can wait at a barrier at once.
//
// A launch's life, in the order of the members below:
//   1. admitted: created with its shape, body and modules; admit_first_cores
//      makes the first cores startable (all of a Block launch, the first sync
//      groups of a Union launch).
//   2. groups started: threads claim cores (claim_core), which admits the
//      next groups as the thread ceiling frees room; cores meet at barriers
//      (arrive_at_barrier) and, with SRAM, take turns by cluster.
//   3. cores finished: each core's counts and outcome are merged
//      (finish_core); the last core of a group gives its threads back.
//   4. failure or success: the launching thread, which runs cores too, waits
//      until every core has finished (wait_for_cores), then reads the merged
//      counts and the first failure (take_results, reports).
//
// Locking: one mutex guards the groups, the counts and the failure. A member
// marked "takes the mutex" locks it itself; one ending in _locked needs it
// held; every other member reads what is fixed at creation or an atomic.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "launch_shape.h"
#include "modules.h"
#include "races.h"
#include "sync_group.h"
#include "timing_model.h"
#include "xbang/core/profiles.h"
#include "xbang/runtime/cnrt_types.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/launch.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

class LaunchState : public std::enable_shared_from_this<LaunchState> {
 public:
  // A launch named `name` of `shape`, running `body` on each core, whose
  // cores see `modules`' on-chip sections. Nothing runs yet.
  // `profile` is the device's the launch runs on.
  // `schedule`: how the cores of a Union launch take turns (launch.h).
  LaunchState(std::string name, const LaunchShape& shape,
              std::function<void()> body, bool deterministic,
              ModuleList modules, const ArchProfile& profile,
              Schedule schedule);
  LaunchState(const LaunchState&) = delete;
  LaunchState& operator=(const LaunchState&) = delete;

  // What the launch is: fixed at creation, read without the mutex.

  // The kernel's name, as log lines print it.
  const std::string& name() const { return name_; }
  // The profile of the device it runs on (checked mode's on-chip limits).
  const ArchProfile& profile() const { return profile_; }
  // Its dimensions, type and sync groups.
  const LaunchShape& shape() const { return shape_; }
  // What its cores' built-ins cost (the timing model).
  const StreamCosts* costs(bool is_mpu) const { return timing_.costs(is_mpu); }
  // The cores it runs, memory cores included.
  int total_cores() const { return total_cores_; }
  // Runs one core at a time, with no helper threads.
  bool deterministic() const { return deterministic_; }
  // The modules registered when it started: their on-chip sections are the
  // cores' (checked.cpp, sram.cpp).
  const ModuleList& modules() const { return modules_; }
  // Holds the process's SRAM for its whole run (sram.h).
  bool serial_sram() const { return serial_sram_; }
  // Core `index` in the launch's core order.
  CoreSpec core_spec(int index) const;

  // 1. Admitted (the launching thread).

  // Takes the process's SRAM if the launch needs it, then makes the first
  // cores startable (takes the mutex for a Union launch). Returns how many.
  int admit_first_cores();

  // 2. Groups started (any thread running its cores).

  // The index of a core for the calling thread to start, or -1. Once every
  // admitted core has started, admits the next groups (takes the mutex) and
  // returns -1 with their cores in `*admitted` (otherwise 0), for which the
  // caller asks for helpers before it claims again.
  int claim_core(int* admitted);
  // The cores claimed so far (an atomic).
  int claimed_cores() const { return next_.load(); }
  // With serial SRAM: waits, its permit given back, until core `index`'s
  // cluster has its turn (takes the mutex).
  void wait_for_cluster_turn(int index);
  // Runs the kernel on the calling thread, the core's.
  void run_body() const { body_(); }
  // Core `index` at the barrier of `scope`, arriving at modelled time
  // `*time`: returns once the barrier completes, with `*time` the modelled
  // time it releases the core at (takes the mutex; see SyncGroup::arrive).
  void arrive_at_barrier(int index, BarrierScope scope, Ticks* time);
  // Core `index` copies `bytes` from its SRAM to the same place in the SRAM
  // of `cluster` (takes the mutex). Returns why not, empty once done.
  std::string copy_to_cluster_sram(int index, void* dst, const void* src,
                                   long bytes, int cluster);
  // Turns (schedule.cpp): core `index` waits until it holds its turn;
  // hands its turn on and waits for the next (both take the mutex).
  void take_turn(int index);
  void pass_turn(int index);
  // Lockstep: before a built-in with an SRAM operand (takes the mutex).
  void keep_pace(int index);
  // The pool has threads back: a launch waiting for them may admit a group
  // (takes the mutex).
  void threads_released();

  // 3. Cores finished (the core's thread).

  // Merges a core's counts and `failure` (empty: none) into the launch; the
  // last core of a group gives its threads back, the last of the launch the
  // SRAM (takes the mutex).
  void finish_core(const CoreSpec& spec, const CoreContext& core,
                   const std::string& failure);
  // Counts one checked-mode finding of one of its cores (an atomic).
  void add_report() { reports_.fetch_add(1, std::memory_order_relaxed); }

  // 4. Failure or success (the launching thread, but fail_locked).

  // Records `why` the launch fails (a core's failure, a group's deadlock),
  // unless a failure is recorded already.
  void fail_locked(const std::string& why) {
    if (failure_.empty()) failure_ = why;
  }
  // The launching thread, having run what cores it could: polls, then waits
  // (takes the mutex) until every core has finished or cores can start,
  // admitting groups as threads free up. Returns the cores it admitted.
  int wait_for_cores();
  // Every core has finished (an atomic).
  bool all_finished() const { return finished_.load() == total_cores_; }
  // Destroys the kernel's body, whose code may be in a library the caller
  // unloads once the launch returns (takes the mutex).
  void drop_body();
  // The merged counts of its cores and the first failure, empty if none
  // (takes the mutex).
  void take_results(Counters* counters, std::string* failure);
  // The checked-mode findings of its cores (an atomic).
  uint64_t reports() const { return reports_.load(); }
  // Checked mode's race check over its cores' accesses; null when checked
  // mode was off at its creation.
  RaceCheck* race_check() const { return race_check_.get(); }
  // Which built-ins pass its cores' turns (schedule.cpp).
  Turns turns() const { return turns_; }

 private:
  // Admits the next sync groups the thread ceiling has room for (one at a
  // time while the launch holds SRAM). Returns the cores admitted.
  int admit_groups_locked();
  SyncGroup& group_of(const CoreSpec& spec) { return *groups_[spec.group]; }

  const std::string name_;
  const ArchProfile& profile_;
  const LaunchShape shape_;
  const int total_cores_;
  const bool deterministic_;
  const ModuleList modules_;
  const bool serial_sram_;
  std::function<void()> body_;  // dropped under the mutex once all finished
  const std::unique_ptr<RaceCheck> race_check_;
  const Schedule schedule_;
  const Turns turns_;

  // Cores below admitted_end_ may start; next_ is the next one to start.
  std::atomic<int> next_{0};
  std::atomic<int> admitted_end_{0};
  std::atomic<int> finished_{0};      // changed under the mutex, polled without
  std::atomic<uint64_t> reports_{0};  // checked-mode findings

  std::mutex mutex_;  // guards everything below
  std::condition_variable cv_;
  std::atomic<int> groups_admitted_{0};  // read without the mutex
  int groups_in_flight_ = 0;
  bool waiting_for_threads_ = false;  // registered with Pool::try_reserve
  std::vector<std::unique_ptr<SyncGroup>> groups_;  // admitted, not finished
  Counters counters_;
  LaunchTiming timing_;
  std::string failure_;
};

}  // namespace detail
}  // namespace xbang
