// The state of one launch, shared by the scheduler (launch.cpp) and its sync
// groups (sync_group.h). Runtime-private.
//
// A launch's cores are numbered in a fixed order: Block, one core per task;
// Union, per cluster its memory core first, then its compute cores. A Union
// launch is cut into sync groups (see launch_shape.h): consecutive clusters
// that run at the same time and that __sync_all spans. A group starts only
// once the thread pool has reserved a host thread for each of its cores, so
// every core of a group can wait at a barrier at once.
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
#include "sync_group.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

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
