// One sync group of a Union launch (launch_shape.h): consecutive clusters
// that run at the same time, with their barriers (__sync_cluster, __sync_all
// and its IPU / MPU forms) and, when the launch holds the SRAM, whose cluster
// runs now (sram.h). A core a completed barrier lets go queues for a permit
// and wakes once, holding it (thread_pool.h). Barriers are in barriers.cpp, the
// SRAM turns in sram.cpp.
//
// A group lives from its admission to the end of its last core. Every member
// runs with the launch's mutex held (launch_state.h); the `lock` a member
// takes is that mutex's, which it may release while it waits.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "launch_shape.h"
#include "modules.h"
#include "thread_pool.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

class LaunchState;

// A kernel that cannot go on (a barrier in deterministic mode, a deadlock).
struct KernelAbort {
  std::string why;
};

// One core of a launch: Block, one core per task; Union, per cluster its
// memory core first, then its compute cores.
struct CoreSpec {
  int task_id;
  bool is_mpu;
  int cluster;  // Union: cluster index; Block: -1
  int group;    // Union: sync group index; Block: -1
};

class SyncGroup {
 public:
  // Group `index` of a Union launch of `shape`, whose cluster SRAM images
  // hold `modules`' SRAM sections.
  SyncGroup(const LaunchShape& shape, int index, const ModuleList* modules);
  SyncGroup(const SyncGroup&) = delete;
  SyncGroup& operator=(const SyncGroup&) = delete;

  int first_core() const { return first_core_; }
  int end_core() const { return end_core_; }
  int cores() const { return end_core_ - first_core_; }

  // The core `spec`, number `core_index` of the launch, at the barrier of
  // `scope`: returns once the barrier completes (at once when the scope
  // does not take this core); throws KernelAbort in deterministic mode or
  // once the group's barriers can never complete.
  // `*time`: the core's modelled time at arrival, then at its release (the
  // latest arrival: the timing model's barrier waits for the slowest core).
  void arrive(LaunchState& launch, const CoreSpec& spec, int core_index,
              BarrierScope scope, std::unique_lock<std::mutex>& lock,
              Ticks* time);

  // The core `spec` returned: it leaves every later barrier and, when the
  // launch holds the SRAM, hands its cluster's turn on. True when it was the
  // group's last core.
  bool core_finished(LaunchState& launch, const CoreSpec& spec);

  // When the launch holds the SRAM, a core about to start: waits (permit
  // given back) until its cluster is the active one, then counts as live.
  void wait_to_start(const CoreSpec& spec, std::unique_lock<std::mutex>& lock);

  // When the launch holds the SRAM: `bytes` from src (the active cluster's
  // SRAM) to dst's place in the SRAM of `cluster`, its image when it is not
  // the active one. Returns why not, empty once done.
  std::string write_cluster_sram(int cluster, void* dst, const void* src,
                                 long bytes);
  // Turns (schedule.cpp): its cores take turns in domains, each cluster
  // (`per_cluster`, a launch holding the SRAM, whose clusters run one at a
  // time) or the whole group, in core order or in an order drawn from
  // `seed` (`seeded`).
  void start_turns(bool lockstep, bool per_cluster, bool seeded, uint64_t seed);
  // Waits, permit given back, until core `core_index` holds its domain's
  // turn (a schedule; at once in lockstep, where no core holds one).
  void take_turn(LaunchState& launch, int core_index,
                 std::unique_lock<std::mutex>& lock);
  // The core holding the turn hands it on, then waits for its next one.
  void pass_turn(LaunchState& launch, int core_index,
                 std::unique_lock<std::mutex>& lock);
  // Lockstep: waits, permit given back, until no other core of the domain
  // in the rotation has run fewer SRAM built-ins since the last barrier;
  // then counts one more for this core once it has run it (paced).
  void keep_pace(LaunchState& launch, int core_index,
                 std::unique_lock<std::mutex>& lock);
  void paced(int core_index);
  // The core completing a barrier starts counting afresh.
  void restart_pace(int slot);

 private:
  struct Barrier {
    const char* name = "";
    int expected = 0;  // participants that have not left the kernel
    int arrived = 0;
    uint64_t generation = 0;
    // The timing model: the latest arrival of this generation, and the time
    // the last completion released its cores at.
    Ticks latest_arrival = 0;
    Ticks release = 0;
  };

  int slot(const CoreSpec& spec) const { return spec.cluster - first_cluster_; }
  // The core's place in the group's core order (core index - first_core_).
  int core_slot(const CoreSpec& spec) const {
    return slot(spec) * kLaunchCoresPerCluster +
           (spec.is_mpu ? 0 : 1 + spec.task_id % kComputeCoresPerCluster);
  }
  Barrier* barrier_of(BarrierScope scope, const CoreSpec& spec);

  // barriers.cpp
  void complete(Barrier& barrier, int waiters);
  // The waiter of core `slot` (core - first_core_) goes on once it holds a
  // permit; none when it waits on cv_ (a barrier that swaps clusters) or
  // was already let go.
  void let_go(size_t slot);
  void leave(Barrier& barrier);
  void leave_barriers(const CoreSpec& spec);
  // When every core that has not returned waits at a barrier, none can
  // complete: records why in deadlock_ (and the launch's failure) and wakes
  // the waiters, which then fail.
  void detect_deadlock(LaunchState& launch);

  // schedule.cpp
  struct TurnDomain {
    int first_slot;
    int slots;
    int holder;  // the slot holding the turn, -1 while every core is out
    int last_holder;
    uint64_t rng;
  };
  bool takes_turns() const { return !turn_domains_.empty() && !lockstep_; }
  bool keeps_pace() const { return !turn_domains_.empty() && lockstep_; }
  // Waits, permit given back, until `done()` or a deadlock; after
  // kTurnPatience returns false.
  template <class Done>
  bool wait_for_turns(LaunchState& launch, int waited_for, const Done& done,
                      std::unique_lock<std::mutex>& lock);
  TurnDomain& domain_of(int slot);
  // The next holder after `from`: -1 when every core of the domain is out.
  int next_holder(TurnDomain& domain, int from);
  // A core arrived at a barrier or returned: out of its domain's rotation,
  // its turn (if it held it) handed on.
  void leave_turns(int slot);
  // A completed barrier lets `slot` go: back in the rotation.
  void rejoin_turns(int slot);

  // sram.cpp
  void park(const CoreSpec& spec);
  void unpark_all();
  void resume(const CoreSpec& spec);
  void sram_core_finished(const CoreSpec& spec);
  void maybe_switch_cluster();

  // Its cores wait on it (barriers, SRAM turns): a barrier wakes only its
  // own group.
  std::condition_variable cv_;
  const int first_cluster_;
  const int clusters_;
  const int first_core_;
  const int end_core_;
  const ModuleList* const modules_;  // the launch's

  std::vector<Barrier> cluster_barriers_;  // by cluster - first_cluster_
  Barrier all_, all_ipu_, all_mpu_;
  int unfinished_;   // cores that have not returned (started or not)
  int waiting_ = 0;  // cores waiting at a barrier that has not completed
  std::vector<const Barrier*> waiting_at_;  // by core - first_core_
  // By core - first_core_: the permit waiter of a core waiting at a barrier
  // that swaps no clusters (the others wait on cv_ for their turn too).
  std::vector<Semaphore::Waiter*> resumers_;
  std::string deadlock_;  // why its barriers cannot complete

  // SRAM: one cluster of the group runs at a time.
  int active_cluster_;
  std::vector<int> live_;    // by cluster: cores running now
  std::vector<int> ready_;   // by cluster: cores not started or released
  std::vector<int> parked_;  // by cluster: cores at a group-wide barrier
  std::vector<std::vector<char>> sram_images_;

  // Turns: by domain, and by slot whether the core is out of the rotation.
  std::vector<TurnDomain> turn_domains_;
  std::vector<char> out_of_turns_;
  std::vector<uint64_t> pace_;  // lockstep: by slot, SRAM built-ins run
  bool seeded_turns_ = false;
  bool lockstep_ = false;
};

}  // namespace detail
}  // namespace xbang
