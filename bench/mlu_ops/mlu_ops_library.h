// mlu-ops main's own operators (psroipool forward, three_interpolate backward,
// voxel_pooling forward, dynamic_point_to_voxel backward), built from its
// sources into a library of their own and loaded with dlopen: that library
// exports the same mluOp* names as xbang's operators. The calls take plain
// tensors (layout, dtype, dims, GDRAM pointer), so that no file sees both
// mlu-ops' mlu_op.h and xbang's.
#pragma once

#include <string>
#include <vector>

namespace mlu_ops_library {

enum class DType { kFloat, kHalf, kInt32 };
enum class Layout { kArray, kNhwc };

struct Tensor {
  Layout layout;
  DType dtype;
  std::vector<int> dims;
  void *data;
};

enum class ReduceMode { kSum, kMean, kMax };

// Each call returns the mluOpStatus_t value the operator returned (0:
// success), with one handle on its own queue; launches are synchronous.
class Library {
 public:
  // The library, loaded at the first call; nullptr, with the reason in
  // *error, when it cannot be loaded.
  static const Library *get(std::string *error);

  int psroipool_forward(int pooled_height, int pooled_width,
                        float spatial_scale, int group_size, int output_dim,
                        const Tensor &input, const Tensor &rois,
                        const Tensor &output,
                        const Tensor &mapping_channel) const;
  int three_interpolate_backward(const Tensor &grad_output,
                                 const Tensor &indices, const Tensor &weights,
                                 const Tensor &grad_features) const;
  int voxel_pooling_forward(int batch_size, int num_points, int num_channels,
                            int num_voxel_x, int num_voxel_y, int num_voxel_z,
                            const Tensor &geom_xyz,
                            const Tensor &input_features,
                            const Tensor &output_features,
                            const Tensor &pos_memo) const;
  // With the workspace the operator asks for, kept between calls.
  int dynamic_point_to_voxel_backward(
      ReduceMode mode, const Tensor &grad_voxel_feats, const Tensor &feats,
      const Tensor &voxel_feats, const Tensor &point2voxel_map,
      const Tensor &voxel_points_count, const Tensor &voxel_num,
      const Tensor &grad_feats) const;
  std::string error_string(int status) const;

  struct Api;  // the loaded entry points (mlu_ops_library.cpp)

 private:
  explicit Library(const Api *api) : api_(api) {}
  const Api *api_;
};

}  // namespace mlu_ops_library
