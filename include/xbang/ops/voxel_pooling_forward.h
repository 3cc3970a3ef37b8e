// voxel_pooling_forward (BEVDepth): sums the features of the points that fall
// into the same (x, y) voxel into a bird's-eye-view feature map.
//
// Described in docs/ops/voxel_pooling_forward.md. Behaviour the design leaves
// open:
//  - A point is inside the grid when 0 <= x < num_voxel_x, 0 <= y <
//    num_voxel_y and 0 <= z < num_voxel_z (coordinate 0 is inside; the design's
//    CPU code wins over the "x > 0" of its formula).
//  - pos_memo is written for every point: (b, y, x) for a point inside the
//    grid, -1 in all three slots for a point outside. Its previous content
//    does not matter (the design asks callers to fill it with a negative value;
//    doing so is harmless).
//  - output_features is accumulated into: the kernel adds each inside point's
//    features to output_features[b, y, x, :] and never clears it. Callers
//    zero it first, as BEVDepth does.
//  - Features that are NaN or Inf propagate to their own voxel only.
//  - Sums over several points of one voxel use atomic adds from many cores,
//    so their rounding depends on the order (docs/ops/voxel_pooling_forward.md
//    (accuracy): diff1, diff2 <= 3e-3).
#pragma once

#include "xbang/ops/mlu_op_base.h"

#if defined(__cplusplus)
extern "C" {
#endif

// geom_xyz: int32 [batch_size, num_points, 3] holding (x, y, z) voxel
// coordinates; input_features: float [batch_size, num_points, num_channels];
// output_features: float [batch_size, num_voxel_y, num_voxel_x, num_channels];
// pos_memo: int32 [batch_size, num_points, 3] receiving (b, y, x). Every
// descriptor has layout MLUOP_LAYOUT_ARRAY.
//
// Checks, in this order (each logs one line naming it):
//  1. handle is null                                    -> BAD_PARAM
//  2. device arch of the 200 series (MLU290)             -> ARCH_MISMATCH
//  3. a descriptor or a data pointer is null             -> BAD_PARAM
//  4. dtypes other than int32 / float / float / int32    -> BAD_PARAM
//  5. a layout other than ARRAY                          -> BAD_PARAM
//  6. dims: 3, 3, 4, 3; geom_xyz and pos_memo [B, N, 3], input_features
//     [B, N, C], output_features [B, H, W, C], shared B, N and C agreeing
//                                                        -> BAD_PARAM
//  7. a tensor of 2^31 elements or more                  -> NOT_SUPPORTED
//  8. scalars disagreeing with the dims (batch_size, num_points,
//     num_channels, num_voxel_y = H, num_voxel_x = W)    -> BAD_PARAM
//  9. any scalar (num_voxel_z included) <= 0, i.e. a zero-element problem
//                                                        -> BAD_PARAM
mluOpStatus_t MLUOP_WIN_API mluOpVoxelPoolingForward(
    mluOpHandle_t handle, const int batch_size, const int num_points,
    const int num_channels, const int num_voxel_x, const int num_voxel_y,
    const int num_voxel_z, const mluOpTensorDescriptor_t geom_xyz_desc,
    const void *geom_xyz, const mluOpTensorDescriptor_t input_features_desc,
    const void *input_features,
    const mluOpTensorDescriptor_t output_features_desc, void *output_features,
    const mluOpTensorDescriptor_t pos_memo_desc, void *pos_memo);

#if defined(__cplusplus)
}
#endif
