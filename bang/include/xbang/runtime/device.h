// The emulated device as the host side sees it: one device whose cores
// follow the compile-time profile (xbang/core/arch.h) and whose cluster
// count is read once from XBANG_CLUSTERS (default 8). CNRT, CNDrv and the
// mluOp handle all report this count.
#pragma once

namespace xbang {

inline constexpr int kDefaultClusterCount = 8;
// The most clusters the device may have: a launch holds at most 2^20 tasks,
// four cores per cluster.
inline constexpr int kMaxClusterCount = 1 << 18;

// A value of XBANG_CLUSTERS read: unset gives kDefaultClusterCount; a whole
// decimal number in [1, kMaxClusterCount] gives that count; anything else
// (empty, signs, trailing text, out of range) is invalid, with count
// kDefaultClusterCount.
struct ClusterSetting {
  int count;
  bool valid;
};

// Reads one value of XBANG_CLUSTERS (nullptr: unset) by the rule above.
ClusterSetting parse_cluster_setting(const char* value);

// XBANG_CLUSTERS of this process, read once. An invalid value is logged once;
// APIs with a status (mluOpCreate) then fail, the device runs with the
// default count.
ClusterSetting device_cluster_setting();

// Clusters of the emulated device: device_cluster_setting().count.
int device_cluster_count();

}  // namespace xbang
