// The state of one launch, shared by the scheduler (launch.cpp), the barriers
// (barriers.cpp) and the SRAM handling (sram.cpp). Runtime-private.
//
// A launch's cores are numbered in a fixed order: Block, one core per task;
// Union, per cluster its memory core first, then its four compute cores. A
// Union launch is cut into sync groups (see launch_shape.h): consecutive
// clusters that run at the same time and that __sync_all spans. A group
// starts only once the thread pool has reserved a host thread for each of
// its cores, so every core of a group can wait at a barrier at once.
#pragma once

#include <cnrt.h>

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
#include "xbang/runtime/counters.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

// A kernel that cannot go on (a barrier in deterministic mode, a deadlock).
struct KernelAbort {
  std::string why;
};

struct Barrier {
  const char* name = "";
  int expected = 0;  // participants that have not left the kernel
  int arrived = 0;
  uint64_t generation = 0;
};

struct CoreSpec {
  int task_id;
  bool is_mpu;
  int cluster;  // Union: cluster index; Block: -1
  int group;    // Union: sync group index; Block: -1
};

// One sync group of a Union launch, alive from its admission to the end of
// its last core. Guarded by LaunchState::mutex.
struct SyncGroup {
  // Its cores wait on it (barriers, SRAM turns): a barrier wakes only its
  // own group.
  std::condition_variable cv;
  int first_cluster = 0;
  int clusters = 0;
  int first_core = 0;
  int end_core = 0;
  std::vector<Barrier> cluster_barriers;  // by cluster - first_cluster
  Barrier all, all_ipu, all_mpu;
  int unfinished = 0;  // cores that have not returned (started or not)
  int waiting = 0;     // cores waiting at a barrier that has not completed
  std::vector<const Barrier*> waiting_at;  // by core - first_core
  std::string deadlock;                    // why its barriers cannot complete
  // SRAM: one cluster of the group runs at a time (sram.cpp).
  int active_cluster = 0;
  std::vector<int> live;    // by cluster: cores running now
  std::vector<int> ready;   // by cluster: cores not started or released
  std::vector<int> parked;  // by cluster: cores at a group-wide barrier
  std::vector<std::vector<char>> sram_images;
  const ModuleList* modules = nullptr;  // the launch's
};

struct LaunchState {
  std::weak_ptr<LaunchState> self;
  std::function<void()> body;
  std::string name;
  LaunchShape shape;
  int total_cores = 0;
  bool deterministic = false;
  // The modules registered when the launch started: their on-chip sections
  // are the cores' (checked.cpp, sram.cpp).
  ModuleList modules;
  bool serial_sram = false;  // holds the process's SRAM (sram.cpp)

  // Cores below admitted_end may start; next is the next one to start.
  std::atomic<int> next{0};
  std::atomic<int> admitted_end{0};
  std::atomic<int> finished{0};      // changed under the mutex, polled without
  std::atomic<uint64_t> reports{0};  // checked-mode findings of this launch

  std::mutex mutex;  // guards everything below
  std::condition_variable cv;
  std::atomic<int> groups_admitted{0};  // read without the mutex
  int groups_in_flight = 0;
  bool waiting_for_threads = false;  // registered with Pool::try_reserve
  std::vector<std::unique_ptr<SyncGroup>> groups;  // admitted, not finished
  Counters counters;
  std::string failure;

  CoreSpec core_spec(int index) const;
  SyncGroup& group_of(const CoreSpec& spec) { return *groups[spec.group]; }
};

}  // namespace detail
}  // namespace xbang
