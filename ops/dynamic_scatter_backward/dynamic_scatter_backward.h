// Host wrappers of the dynamic_scatter_backward kernels
// (dynamic_scatter_backward_union1.mlu). Each launches one kernel with
// <<<k_dim, k_type, queue>>> and returns the launch's result. Tests call them
// directly to run the kernels with other task splits.
#pragma once

#include <cnrt.h>
#include <xbang/ops/mlu_op.h>

#include <cstdint>

// Initialisation before the max-mode kernels (mlu-ops fills these two tensors
// on the host side with mluOpFill): grad_feats[0, grad_feats_num) = 0 and
// reduce_from[0, reduce_from_num) = fill_index (N, "no point"). Elements are
// split evenly over the tasks.
cnrtRet_t KernelDynamicScatterBackwardFill(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    float *grad_feats, int64_t grad_feats_num, int32_t *reduce_from,
    int64_t reduce_from_num, int32_t fill_index);

// Max mode, kernel 1 (stages one and two, the first scheme): points split over
// tasks. For each valid point i and channel c with feats[i, c] ==
// voxel_feats[map[i], c], atomically reduce_from[map[i], c] =
// min(reduce_from[map[i], c], i). reduce_from must hold N for the voxels used
// (see the fill kernel). Also zeroes grad_feats (every point's row), which
// kernel 2 then writes into. With use_vaa_gather the voxels' rows come
// through the VAA __gather (byte offsets in uint32; the caller enables it only
// when M * C * 4 < 2^31), otherwise through one __memcpy each.
cnrtRet_t KernelDynamicScatterBackwardMaxIndex(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    float *grad_feats, const float *feats, const float *voxel_feats,
    int32_t *reduce_from, const int32_t *point2voxel_map,
    const int32_t *voxel_num, int32_t num_points, int32_t num_voxel_rows,
    int32_t num_channels, bool use_vaa_gather);

// Max mode, kernel 2: voxels split over tasks. grad_feats[reduce_from[v, c], c]
// = grad_voxel_feats[v, c] wherever reduce_from[v, c] < N. With
// use_vaa_scatter the stores go through the VAA __scatter (byte offsets in
// uint32; the caller enables it only when (N + 1) * C * 4 < 2^31), otherwise
// one __memcpy per row or element.
cnrtRet_t KernelDynamicScatterBackwardMaxScatter(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    float *grad_feats, const float *grad_voxel_feats,
    const int32_t *reduce_from, const int32_t *voxel_num, int32_t num_points,
    int32_t num_voxel_rows, int32_t num_channels, bool use_vaa_scatter);

// Sum and mean: points split over tasks. grad_feats[i] =
// grad_voxel_feats[map[i]] (/ voxel_points_count[map[i]] for mean), 0 for an
// invalid map value. Every row of grad_feats is written. With use_vaa_gather
// the mapped rows come through the VAA __gather (the caller enables it only
// when M * C * 4 < 2^31), otherwise through one __memcpy per row.
cnrtRet_t KernelDynamicScatterBackwardSumMean(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    float *grad_feats, const float *grad_voxel_feats,
    const int32_t *point2voxel_map, const int32_t *voxel_points_count,
    const int32_t *voxel_num, int32_t num_points, int32_t num_voxel_rows,
    int32_t num_channels, bool is_mean, bool use_vaa_gather);
