// What a launch's dim and type mean, checked before anything runs: every rule
// about legal task dimensions and function types lives here.
#pragma once

#include <string>

#include "xbang/core/arch.h"
#include "xbang/runtime/cnrt_types.h"

namespace xbang {
namespace detail {

// A cluster of the profile (xbang/core/arch.h): its compute cores and one
// memory core (MPU), which a Union launch runs as well.
inline constexpr int kComputeCoresPerCluster = kCoresPerCluster;
inline constexpr int kLaunchCoresPerCluster = kComputeCoresPerCluster + 1;

// The most tasks one launch may have (the largest taskDim a CNRT launch
// accepts on the emulated profiles).
inline constexpr long kMaxTaskDim = long(1) << 20;

// Clusters of the largest union job, Union16.
inline constexpr int kMaxUnionClusters = 16;

// The most clusters that run at once: a device has at most 16, and Union16,
// the largest union job, takes all of them. A Union launch with more
// clusters runs in waves of this many (rounded down to whole UnionN jobs),
// and __sync_all / __sync_all_ipu / __sync_all_mpu span one wave, the sync
// group; a smaller launch is one group.
inline constexpr int kMaxGroupClusters = kMaxUnionClusters;
// Cores of the largest sync group.
inline constexpr int kMaxGroupCores =
    kMaxGroupClusters * kLaunchCoresPerCluster;

struct LaunchShape {
  unsigned dim_x = 1, dim_y = 1, dim_z = 1;
  int union_n = 0;  // 0 for Block
  int task_dim = 0;
  int clusters = 0;  // Union: task_dim / kComputeCoresPerCluster; Block: 0
  int group_clusters = 0;  // Union: clusters per sync group
  int groups = 0;          // Union: number of sync groups; Block: 0
  bool is_union() const { return union_n > 0; }
  int total_cores() const {
    return is_union() ? clusters * kLaunchCoresPerCluster : task_dim;
  }
  int group_cores() const { return group_clusters * kLaunchCoresPerCluster; }
};

// Fills `shape` and returns an empty string, or returns why the launch is
// illegal (zero, overflowing or too large dimensions, an unknown type, a
// Union taskDim that is not a multiple of
// kComputeCoresPerCluster * N).
std::string plan_launch(cnrtDim3_t dim, cnrtFunctionType_t type,
                        LaunchShape* shape);

}  // namespace detail
}  // namespace xbang
