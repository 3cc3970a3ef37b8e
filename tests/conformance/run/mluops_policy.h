// Launch arithmetic several of mlu-ops' policy functions share, beside the
// harness's (harness.h, elementwise_policy.h).
#pragma once

#include <cnrt.h>

#include "harness.h"

namespace xbang_conformance {

// Union1 over every core of every cluster the handle may use (three_nn,
// focal_loss_sigmoid, border_align, moe_dispatch_forward's Block task is
// the same shape).
inline cnrtDim3_t every_cluster_dim() {
  const DeviceCapacity capacity = device_capacity();
  return {uint32_t(capacity.cores_per_cluster), uint32_t(capacity.clusters), 1};
}

}  // namespace xbang_conformance
