// The emulated device as the host side sees it: one device whose cores
// follow the compile-time profile (xbang/core/arch.h) and whose cluster
// count is read once from XBANG_CLUSTERS (default 8). CNRT, CNDrv and the
// mluOp handle all report this count.
#pragma once

namespace xbang {

inline constexpr int kDefaultClusterCount = 8;
// XBANG_CLUSTERS above this is clamped to it (with a log line): the
// emulation's task counts stay far from int overflow.
inline constexpr int kMaxClusterCount = 1 << 16;

// Clusters of the emulated device: XBANG_CLUSTERS when it is an integer in
// [1, kMaxClusterCount], else kDefaultClusterCount (with a log line).
int device_cluster_count();

}  // namespace xbang
