// The CPU reference of dynamic_scatter_backward: mmcv's semantics
// (DynamicPointToVoxelBackward: add_reduce_traceback_grad_kernel,
// max_reduce_traceback_scatter_idx_kernel, max_reduce_scatter_grad_kernel in
// docs/ops/dynamic_scatter_backward.md (kernel)), one scalar loop each, kept
// deliberately simple. Extended as the operator documents it: voxel_num clamps
// the voxels used, and a map value outside [0, voxel_num - 1] (not only -1)
// gives a zero gradient.
#pragma once

#include <xbang/ops/mlu_op.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace dsb_test {

// grad_feats [N, C] from grad_voxel_feats, feats, voxel_feats [M, C] rows,
// point2voxel_map [N], voxel_points_count [M] and voxel_num.
inline void dynamic_scatter_backward_reference(
    mluOpReduceMode_t reduce_type, int64_t num_points, int64_t num_voxel_rows,
    int64_t num_channels, int32_t voxel_num, const float* grad_voxel_feats,
    const float* feats, const float* voxel_feats,
    const int32_t* point2voxel_map, const int32_t* voxel_points_count,
    float* grad_feats) {
  const int64_t N = num_points, C = num_channels;
  const int64_t M =
      std::min<int64_t>(std::max<int32_t>(voxel_num, 0), num_voxel_rows);
  std::fill(grad_feats, grad_feats + N * C, 0.0f);
  if (N == 0 || M == 0) return;
  auto valid = [M](int32_t voxel) { return voxel >= 0 && voxel < M; };

  if (reduce_type == MLUOP_REDUCEMODE_SUM ||
      reduce_type == MLUOP_REDUCEMODE_MEAN) {
    for (int64_t x = 0; x < N; ++x) {
      const int32_t reduce_to = point2voxel_map[x];
      if (!valid(reduce_to)) continue;
      for (int64_t i = 0; i < C; ++i) {
        const float grad = grad_voxel_feats[reduce_to * C + i];
        grad_feats[x * C + i] =
            reduce_type == MLUOP_REDUCEMODE_SUM
                ? grad
                : grad / static_cast<float>(voxel_points_count[reduce_to]);
      }
    }
    return;
  }

  // Max: the smallest point index per (voxel, channel) equal to the max...
  std::vector<int32_t> reduce_from(M * C, static_cast<int32_t>(N));
  for (int64_t x = 0; x < N; ++x) {
    const int32_t reduce_to = point2voxel_map[x];
    if (!valid(reduce_to)) continue;
    for (int64_t i = 0; i < C; ++i) {
      if (feats[x * C + i] == voxel_feats[reduce_to * C + i]) {
        int32_t& from = reduce_from[reduce_to * C + i];
        from = std::min(from, static_cast<int32_t>(x));
      }
    }
  }
  // ...takes the voxel's gradient (an unmatched element writes nothing).
  for (int64_t v = 0; v < M; ++v) {
    for (int64_t i = 0; i < C; ++i) {
      const int32_t from = reduce_from[v * C + i];
      if (from < N) grad_feats[from * C + i] = grad_voxel_feats[v * C + i];
    }
  }
}

}  // namespace dsb_test
