// Host wrapper of the voxel_pooling_forward Union1 kernel
// (voxel_pooling_forward_union1.mlu), called by the host API and by tests.
#pragma once

#include <cnrt.h>

// Launches MLUKernelVoxelPoolingForward on `queue` with `k_dim` tasks of type
// `k_type` and returns the launch's result. Pointers are GDRAM.
cnrtRet_t KernelVoxelPoolingForward(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    const int batch_size, const int num_points, const int num_channels,
    const int num_voxel_x, const int num_voxel_y, const int num_voxel_z,
    const int *geom_xyz, const float *input_features, float *output_features,
    int *pos_memo);

// The kernel's NRAM tiling (docs/ops/voxel_pooling_forward.md (kernel) step 0),
// for tests that must exceed it: points per NRAM load and channels per feature
// load.
int VoxelPoolingForwardNramLimitPtNum();
int VoxelPoolingForwardNramLimitChannels();
