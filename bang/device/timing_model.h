// The timing model's launch part (docs/timing-model.md): the costs each core
// of a launch charges its timeline with (xbang/runtime/timeline.h), and the
// launch's modelled time from its cores' timelines.
//
// Cores run on the device's physical cores in a fixed way: Block task t on
// core t mod (clusters x 4), Union cluster c on physical cluster
// c mod clusters. A physical core's time is the sum of what runs on it; the
// launch's is its slowest physical core's plus the launch overhead. Times
// are summed as integer ticks, so the order cores finish in does not change
// the result.
#pragma once

#include <cstdint>
#include <vector>

#include "launch_shape.h"
#include "sync_group.h"
#include "xbang/core/profiles.h"
#include "xbang/core/timing.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/timeline.h"

namespace xbang {
namespace detail {

class LaunchTiming {
 public:
  // A launch of `shape` on a device of `profile` with `device_clusters`.
  LaunchTiming(const ArchProfile& profile, const LaunchShape& shape,
               int device_clusters);

  // The costs a core of the launch charges.
  const StreamCosts* costs(bool is_mpu) const {
    return is_mpu ? &mpu_costs_ : &ipu_costs_;
  }
  // Adds the finished core number `index` (`spec`) with its timeline.
  // Called under the launch's mutex.
  void add_core(int index, const CoreSpec& spec, const CoreTimeline& timeline);
  // The launch's modelled time from the cores added.
  ModelledTime result() const;

 private:
  struct PhysicalCore {
    Ticks end = 0;
    Ticks stream[kNumStreams] = {};
    Ticks barrier = 0;
  };
  int physical_core(int index, const CoreSpec& spec) const;

  const ArchTiming& timing_;
  const LaunchShape shape_;
  const int device_clusters_;
  StreamCosts ipu_costs_;
  StreamCosts mpu_costs_;
  std::vector<PhysicalCore> physical_;
};

}  // namespace detail
}  // namespace xbang
