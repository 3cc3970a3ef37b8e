// Running voxel_pooling_forward on a VoxelPoolingProblem: through the host API
// or the kernel wrapper, and through the design's reference. Shared by tests,
// the benchmark and the main job.
#pragma once

#include <xbang/ops/mlu_op.h>

#include <vector>

#include "mluop_objects.h"
#include "voxel_pooling_forward/voxel_pooling_forward.h"
#include "voxel_pooling_forward_data.h"
#include "voxel_pooling_forward_reference.h"

namespace voxel_pooling_test {

// What pos_memo holds before a run, so that a slot the kernel forgets to
// write shows up.
inline constexpr int kPosMemoPoison = 0x5eed5eed;

struct VoxelPoolingResult {
  std::vector<float> output_features;
  std::vector<int> pos_memo;
};

// The problem's tensors in GDRAM, with their descriptors.
struct DeviceProblem {
  explicit DeviceProblem(const VoxelPoolingProblem &p)
      : geom_xyz(p.geom_xyz),
        input_features(p.input_features),
        output_features(p.output_init),
        pos_memo(p.point_count() * 3 * sizeof(int)),
        geom_xyz_desc(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                      {p.batch_size, p.num_points, 3}),
        input_features_desc(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                            {p.batch_size, p.num_points, p.num_channels}),
        output_features_desc(
            MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
            {p.batch_size, p.num_voxel_y, p.num_voxel_x, p.num_channels}),
        pos_memo_desc(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                      {p.batch_size, p.num_points, 3}) {
    reset(p);
  }
  // Output back to the problem's initial value, pos_memo poisoned.
  void reset(const VoxelPoolingProblem &p) {
    output_features.from_host(p.output_init);
    pos_memo.from_host(std::vector<int>(p.point_count() * 3, kPosMemoPoison));
  }
  VoxelPoolingResult result() const {
    return {output_features.to_host<float>(), pos_memo.to_host<int>()};
  }

  xbang_test::DeviceBuffer geom_xyz, input_features, output_features, pos_memo;
  xbang_test::TensorDesc geom_xyz_desc, input_features_desc,
      output_features_desc, pos_memo_desc;
};

inline mluOpStatus_t run_api(mluOpHandle_t handle, const VoxelPoolingProblem &p,
                             DeviceProblem &d) {
  return mluOpVoxelPoolingForward(
      handle, p.batch_size, p.num_points, p.num_channels, p.num_voxel_x,
      p.num_voxel_y, p.num_voxel_z, d.geom_xyz_desc, d.geom_xyz.get(),
      d.input_features_desc, d.input_features.get(), d.output_features_desc,
      d.output_features.get(), d.pos_memo_desc, d.pos_memo.get());
}

inline cnrtRet_t run_kernel(cnrtDim3_t k_dim, cnrtFunctionType_t k_type,
                            cnrtQueue_t queue, const VoxelPoolingProblem &p,
                            DeviceProblem &d) {
  return KernelVoxelPoolingForward(
      k_dim, k_type, queue, p.batch_size, p.num_points, p.num_channels,
      p.num_voxel_x, p.num_voxel_y, p.num_voxel_z,
      static_cast<const int *>(d.geom_xyz.get()),
      static_cast<const float *>(d.input_features.get()),
      static_cast<float *>(d.output_features.get()),
      static_cast<int *>(d.pos_memo.get()));
}

// The reference on the problem: output from output_init, pos_memo from -1.
inline VoxelPoolingResult run_reference(const VoxelPoolingProblem &p) {
  VoxelPoolingResult r{p.output_init,
                       std::vector<int>(p.point_count() * 3, -1)};
  voxel_pooling_forward_reference(p.batch_size, p.num_points, p.num_channels,
                                  p.num_voxel_x, p.num_voxel_y, p.num_voxel_z,
                                  p.geom_xyz.data(), p.input_features.data(),
                                  r.output_features.data(), r.pos_memo.data());
  return r;
}

}  // namespace voxel_pooling_test
