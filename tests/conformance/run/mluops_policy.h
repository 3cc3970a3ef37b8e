// Launch arithmetic shared by mlu-ops' policy functions, from the capacity
// its handle holds (harness.h: device_capacity).
#pragma once

#include <cnrt.h>

#include <algorithm>
#include <cstdint>

#include "harness.h"

namespace xbang_conformance {

// The NRAM budget of handle->nram_size (mluop::runtime::getNramSizeInBytes):
// the core's NRAM less the 128 KB mlu-ops reserves for the compiler's stack.
inline int64_t handle_nram_bytes() {
  constexpr int64_t kStackReserve = 128 * 1024;
  int device = 0;
  int nram = 0;
  cnrtGetDevice(&device);
  cnrtDeviceGetAttribute(&nram, cnrtAttrNramSizePerMcore, device);
  return int64_t(nram) - kStackReserve;
}

// The common Union1 policy: whole clusters, one core per task, as many
// clusters as `tasks` fills and the device has (at least one).
inline cnrtDim3_t union1_dim_over(uint64_t tasks) {
  const DeviceCapacity capacity = device_capacity();
  const uint64_t per_cluster = uint64_t(capacity.cores_per_cluster);
  const uint64_t clusters = (tasks + per_cluster - 1) / per_cluster;
  cnrtDim3_t dim;
  dim.x = uint32_t(per_cluster);
  dim.y = uint32_t(std::clamp<uint64_t>(clusters, 1, capacity.clusters));
  dim.z = 1;
  return dim;
}

// A launch run twice, with checked mode off and on: the body launches,
// synchronises and compares; on, checked mode must report nothing.
template <class Body>
void run_in_both_checked_modes(Body body) {
  for (bool checked : kCheckedModes) {
    SCOPED_TRACE(checked ? "checked mode on" : "checked mode off");
    CheckedScope scope(checked);
    body();
    EXPECT_EQ(scope.reports(), "");
  }
}

}  // namespace xbang_conformance
