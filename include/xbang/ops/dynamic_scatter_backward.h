// dynamic_scatter_backward: the backward of mmcv's dynamic_point_to_voxel
// (dynamic scatter), as in mvxnet. Described in
// docs/ops/dynamic_scatter_backward.md.
//
// Tensors (float features, int32 indices):
//   grad_voxel_feats [M, C], feats [N, C], voxel_feats [M, C],
//   point2voxel_map [N], voxel_points_count [M], voxel_num [1],
//   grad_feats [N, C] (output).
// voxel_num is a device tensor holding the number of valid voxels; the kernels
// read it and use min(max(voxel_num, 0), M) of the M rows.
//
// grad_feats is zeroed first, then
//   MLUOP_REDUCEMODE_MAX: for each valid voxel v and channel c, the gradient
//     grad_voxel_feats[v, c] goes to the smallest point index i with
//     point2voxel_map[i] == v and feats[i, c] == voxel_feats[v, c] (so ties go
//     to the smallest index, and a NaN never matches); if no point matches,
//     nothing is written for (v, c).
//   MLUOP_REDUCEMODE_SUM:  grad_feats[i] = grad_voxel_feats[map[i]].
//   MLUOP_REDUCEMODE_MEAN: grad_feats[i] = grad_voxel_feats[map[i]] /
//     (float)voxel_points_count[map[i]] (a count of 0 gives Inf/NaN, as mmcv).
// A point whose map value is outside [0, voxel_num - 1] (-1 as mmcv, or any
// other out-of-range value) gets a zero gradient and is never used to address
// memory.
//
// Behaviour the design leaves open, chosen here:
//   - sum and mean are supported (mmcv has them; the design lists max only).
//   - M (rows of voxel_feats) must not exceed N, so that the max-mode
//     workspace, sized from feats alone, holds the [M, C] index table.
//   - Zero elements: N == 0 or C == 0 returns SUCCESS at once (grad_feats is
//     empty). M == 0 with N, C > 0 zeroes grad_feats and returns SUCCESS (as
//     mmcv's fill_(0) before its early return).
//   - Layouts are not checked (the design constrains none).
//   - A handle standing for an arch below 372 gets ARCH_MISMATCH: the kernels
//     use vector lengths that older MLUs do not allow.
#pragma once

#include "xbang/ops/mlu_op_base.h"

#if defined(__cplusplus)
extern "C" {
#endif

// Workspace the call needs: N * C * sizeof(int32_t) bytes for
// MLUOP_REDUCEMODE_MAX (the [M, C] index table, M <= N), 0 for sum and mean.
mluOpStatus_t MLUOP_WIN_API mluOpGetDynamicScatterBackwardWorkspaceSize(
    const mluOpHandle_t handle, const mluOpReduceMode_t reduce_type,
    const mluOpTensorDescriptor_t feats_desc, size_t *workspace_size);

// The gradient of dynamic_scatter with respect to feats (see above).
// workspace must hold at least what the workspace-size function returns.
mluOpStatus_t MLUOP_WIN_API mluOpDynamicScatterBackward(
    const mluOpHandle_t handle, const mluOpReduceMode_t reduce_type,
    const mluOpTensorDescriptor_t grad_voxel_feats_desc,
    const void *grad_voxel_feats, const mluOpTensorDescriptor_t feats_desc,
    const void *feats, const mluOpTensorDescriptor_t voxel_feats_desc,
    const void *voxel_feats, const mluOpTensorDescriptor_t point2voxel_map_desc,
    const void *point2voxel_map,
    const mluOpTensorDescriptor_t voxel_points_count_desc,
    const void *voxel_points_count,
    const mluOpTensorDescriptor_t voxel_num_desc, void *voxel_num,
    void *workspace, const size_t workspace_size,
    const mluOpTensorDescriptor_t grad_feats_desc, void *grad_feats);

#if defined(__cplusplus)
}
#endif
