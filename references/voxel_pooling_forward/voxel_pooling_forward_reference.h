// The design's CPU code, kept as the design writes it: the scalar
// reference voxel_pooling_forward is judged against.
#pragma once

namespace voxel_pooling_test {

// pos_memo is only written for points inside the grid: callers fill it with
// -1 first, as BEVDepth does and as docs/ops/voxel_pooling_forward.md
// (parameters and checks) asks.
inline void voxel_pooling_forward_reference(
    int batch_size, int num_points, int num_channels, int num_voxel_x,
    int num_voxel_y, int num_voxel_z, const int *geom_xyz,
    const float *input_features, float *output_features, int *pos_memo) {
  for (int batch_idx = 0; batch_idx < batch_size; ++batch_idx) {
    for (int pt_idx = 0; pt_idx < num_points; ++pt_idx) {
      int x = geom_xyz[batch_idx * num_points * 3 + pt_idx * 3];
      int y = geom_xyz[batch_idx * num_points * 3 + pt_idx * 3 + 1];
      int z = geom_xyz[batch_idx * num_points * 3 + pt_idx * 3 + 2];
      // if coord of current voxel is out of boundary, return.
      if (x < 0 || x >= num_voxel_x || y < 0 || y >= num_voxel_y || z < 0 ||
          z >= num_voxel_z) {
        continue;
      }
      pos_memo[batch_idx * num_points * 3 + pt_idx * 3] = batch_idx;
      pos_memo[batch_idx * num_points * 3 + pt_idx * 3 + 1] = y;
      pos_memo[batch_idx * num_points * 3 + pt_idx * 3 + 2] = x;

      int in_offset = (batch_idx * num_points + pt_idx) * num_channels;
      int out_offset =
          (batch_idx * num_voxel_y * num_voxel_x + y * num_voxel_x + x) *
          num_channels;

      for (int c_idx = 0; c_idx < num_channels; ++c_idx) {
        output_features[out_offset + c_idx] +=
            input_features[in_offset + c_idx];
      }
    }
  }
}

}  // namespace voxel_pooling_test
