#include "launch_shape.h"

#include <algorithm>
#include <cstdint>

namespace xbang {
namespace detail {
namespace {

// UnionN clusters per job, 0 for Block, -1 for a value outside the enum.
// Switching on the underlying integer keeps an out-of-range value defined.
int union_clusters(cnrtFunctionType_t type) {
  switch (static_cast<int>(type)) {
    case cnrtFuncTypeBlock:
      return 0;
    case cnrtFuncTypeUnion1:
      return 1;
    case cnrtFuncTypeUnion2:
      return 2;
    case cnrtFuncTypeUnion4:
      return 4;
    case cnrtFuncTypeUnion8:
      return 8;
    case cnrtFuncTypeUnion16:
      return 16;
  }
  return -1;
}

std::string dim_text(cnrtDim3_t dim) {
  return "{" + std::to_string(dim.x) + ", " + std::to_string(dim.y) + ", " +
         std::to_string(dim.z) + "}";
}

}  // namespace

std::string plan_launch(cnrtDim3_t dim, cnrtFunctionType_t type,
                        LaunchShape* shape) {
  const int union_n = union_clusters(type);
  if (union_n < 0) {
    return "unknown cnrtFunctionType_t " +
           std::to_string(static_cast<int>(type));
  }
  if (dim.x == 0 || dim.y == 0 || dim.z == 0) {
    return "every dim must be at least 1 (got " + dim_text(dim) + ")";
  }
  // Each factor is checked before the product, so it cannot wrap: a value
  // that was negative as an int arrives here as one above 2^31.
  uint64_t task_dim = 1;
  for (unsigned factor : {dim.x, dim.y, dim.z}) {
    if (factor > uint64_t(kMaxTaskDim) ||
        task_dim * factor > uint64_t(kMaxTaskDim)) {
      return "taskDim of " + dim_text(dim) + " is over 2^20 (" +
             std::to_string(kMaxTaskDim) + ")";
    }
    task_dim *= factor;
  }
  const int union_tasks = kComputeCoresPerCluster * union_n;
  if (union_n > 0 && task_dim % uint64_t(union_tasks) != 0) {
    return "a Union" + std::to_string(union_n) +
           " launch needs taskDim to be a multiple of " +
           std::to_string(union_tasks) + " (got " + std::to_string(task_dim) +
           ")";
  }
  LaunchShape s;
  s.dim_x = dim.x;
  s.dim_y = dim.y;
  s.dim_z = dim.z;
  s.union_n = union_n;
  s.task_dim = int(task_dim);
  if (union_n > 0) {
    s.clusters = s.task_dim / kComputeCoresPerCluster;
    // Whole UnionN jobs per wave; union_n divides kMaxGroupClusters.
    s.group_clusters = std::min(s.clusters, kMaxGroupClusters);
    s.groups = (s.clusters + s.group_clusters - 1) / s.group_clusters;
  }
  *shape = s;
  return "";
}

}  // namespace detail
}  // namespace xbang
