// The launch policies mlu-ops' element-wise operators share
// (kernels/unary_op/unary_op_host.cpp, kernels/binary_op/binary_op_host.cpp),
// computed from the device capacity and the tensor's size in bytes.
#pragma once

#include <algorithm>
#include <cstdint>

#include "harness.h"

namespace xbang_conformance {

struct ElementwiseLaunch {
  cnrtDim3_t dims;
  cnrtFunctionType_t type;
};

// unaryOpPolicyFuncBlock: one Block task per 4096 bytes, at most one per
// core of the device.
inline ElementwiseLaunch unary_block_policy(uint64_t bytes) {
  const uint64_t tasks =
      std::min<uint64_t>((bytes + 4095) / 4096, device_capacity().cores());
  return {{1, uint32_t(tasks), 1}, cnrtFuncTypeBlock};
}

// binaryOpPolicyFunc: Union1, the tensor in `pad`-byte blocks (128 in
// mlu-ops' main; the operator's own size in v1.0.0) rounded up to whole
// clusters, at most every cluster.
inline ElementwiseLaunch binary_union_policy(uint64_t bytes, uint64_t pad) {
  const DeviceCapacity capacity = device_capacity();
  const uint64_t cores_per_cluster = capacity.cores_per_cluster;
  const uint64_t blocks = (bytes + pad - 1) / pad;
  const uint64_t partitions =
      (blocks + cores_per_cluster - 1) / cores_per_cluster * cores_per_cluster;
  const uint64_t clusters = partitions < uint64_t(capacity.cores())
                                ? partitions / cores_per_cluster
                                : uint64_t(capacity.clusters);
  return {{uint32_t(cores_per_cluster), uint32_t(clusters), 1},
          cnrtFuncTypeUnion1};
}

// unaryOpPolicyFunc: binaryOpPolicyFunc's arithmetic with 128-byte blocks.
inline ElementwiseLaunch unary_union_policy(uint64_t bytes) {
  return binary_union_policy(bytes, 128);
}

}  // namespace xbang_conformance
