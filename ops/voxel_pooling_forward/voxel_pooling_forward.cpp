// mluOpVoxelPoolingForward: checks in the order of the design doc's 3.7 (and
// its 1.4 limits), the task split of 3.3 and the Union1 kernel launch.
#include "voxel_pooling_forward/voxel_pooling_forward.h"

#include <string>

#include "common/host.h"

namespace {

constexpr const char *kApi = "[mluOpVoxelPoolingForward]";

// 3.3: Union1, every core of every cluster; the kernel splits the
// batch_size * num_points points evenly over taskDim.
void policyFunc(const mluOpHandle_t handle, cnrtDim3_t *k_dim,
                cnrtFunctionType_t *k_type) {
  *k_type = cnrtFuncTypeUnion1;
  k_dim->x = handle->core_num_per_cluster;
  k_dim->y = handle->cluster_num;
  k_dim->z = 1;
}

std::string shape_text(const mluOpTensorDescriptor_t desc) {
  std::string s = "[";
  for (int i = 0; i < desc->dim; ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(desc->dims[i]);
  }
  return s + "]";
}

}  // namespace

extern "C" mluOpStatus_t MLUOP_WIN_API mluOpVoxelPoolingForward(
    mluOpHandle_t handle, const int batch_size, const int num_points,
    const int num_channels, const int num_voxel_x, const int num_voxel_y,
    const int num_voxel_z, const mluOpTensorDescriptor_t geom_xyz_desc,
    const void *geom_xyz, const mluOpTensorDescriptor_t input_features_desc,
    const void *input_features,
    const mluOpTensorDescriptor_t output_features_desc, void *output_features,
    const mluOpTensorDescriptor_t pos_memo_desc, void *pos_memo) {
  // 3.7.1: the 200 series is not supported.
  MLUOP_CHECK_NULL(kApi, handle);
  MLUOP_CHECK(kApi, handle->arch >= 300, MLUOP_STATUS_ARCH_MISMATCH,
              "arch " + std::to_string(handle->arch) +
                  ": the 200 series (MLU290) is not supported");

  // 3.7.2: descriptors and pointers.
  MLUOP_CHECK_NULL(kApi, geom_xyz_desc);
  MLUOP_CHECK_NULL(kApi, input_features_desc);
  MLUOP_CHECK_NULL(kApi, output_features_desc);
  MLUOP_CHECK_NULL(kApi, pos_memo_desc);
  MLUOP_CHECK_NULL(kApi, geom_xyz);
  MLUOP_CHECK_NULL(kApi, input_features);
  MLUOP_CHECK_NULL(kApi, output_features);
  MLUOP_CHECK_NULL(kApi, pos_memo);

  // 3.7.3: dtypes, layouts, shapes.
  MLUOP_CHECK(kApi, geom_xyz_desc->dtype == MLUOP_DTYPE_INT32,
              MLUOP_STATUS_BAD_PARAM,
              std::string("geom_xyz must be INT32, got ") +
                  mluop::dtype_name(geom_xyz_desc->dtype));
  MLUOP_CHECK(kApi, input_features_desc->dtype == MLUOP_DTYPE_FLOAT,
              MLUOP_STATUS_BAD_PARAM,
              std::string("input_features must be FLOAT, got ") +
                  mluop::dtype_name(input_features_desc->dtype));
  MLUOP_CHECK(kApi, output_features_desc->dtype == MLUOP_DTYPE_FLOAT,
              MLUOP_STATUS_BAD_PARAM,
              std::string("output_features must be FLOAT, got ") +
                  mluop::dtype_name(output_features_desc->dtype));
  MLUOP_CHECK(kApi, pos_memo_desc->dtype == MLUOP_DTYPE_INT32,
              MLUOP_STATUS_BAD_PARAM,
              std::string("pos_memo must be INT32, got ") +
                  mluop::dtype_name(pos_memo_desc->dtype));

  MLUOP_CHECK(kApi, geom_xyz_desc->layout == MLUOP_LAYOUT_ARRAY,
              MLUOP_STATUS_BAD_PARAM,
              std::string("geom_xyz layout must be ARRAY, got ") +
                  mluop::layout_name(geom_xyz_desc->layout));
  MLUOP_CHECK(kApi, input_features_desc->layout == MLUOP_LAYOUT_ARRAY,
              MLUOP_STATUS_BAD_PARAM,
              std::string("input_features layout must be ARRAY, got ") +
                  mluop::layout_name(input_features_desc->layout));
  MLUOP_CHECK(kApi, output_features_desc->layout == MLUOP_LAYOUT_ARRAY,
              MLUOP_STATUS_BAD_PARAM,
              std::string("output_features layout must be ARRAY, got ") +
                  mluop::layout_name(output_features_desc->layout));
  MLUOP_CHECK(kApi, pos_memo_desc->layout == MLUOP_LAYOUT_ARRAY,
              MLUOP_STATUS_BAD_PARAM,
              std::string("pos_memo layout must be ARRAY, got ") +
                  mluop::layout_name(pos_memo_desc->layout));

  MLUOP_CHECK(kApi, geom_xyz_desc->dim == 3, MLUOP_STATUS_BAD_PARAM,
              "geom_xyz must be [B, N, 3], got " + shape_text(geom_xyz_desc));
  MLUOP_CHECK(kApi, input_features_desc->dim == 3, MLUOP_STATUS_BAD_PARAM,
              "input_features must be [B, N, C], got " +
                  shape_text(input_features_desc));
  MLUOP_CHECK(kApi, output_features_desc->dim == 4, MLUOP_STATUS_BAD_PARAM,
              "output_features must be [B, H, W, C], got " +
                  shape_text(output_features_desc));
  MLUOP_CHECK(kApi, pos_memo_desc->dim == 3, MLUOP_STATUS_BAD_PARAM,
              "pos_memo must be [B, N, 3], got " + shape_text(pos_memo_desc));
  MLUOP_CHECK(kApi, geom_xyz_desc->dims[2] == 3, MLUOP_STATUS_BAD_PARAM,
              "geom_xyz must be [B, N, 3], got " + shape_text(geom_xyz_desc));
  MLUOP_CHECK(kApi, pos_memo_desc->dims[2] == 3, MLUOP_STATUS_BAD_PARAM,
              "pos_memo must be [B, N, 3], got " + shape_text(pos_memo_desc));
  MLUOP_CHECK(kApi,
              input_features_desc->dims[0] == geom_xyz_desc->dims[0] &&
                  input_features_desc->dims[1] == geom_xyz_desc->dims[1],
              MLUOP_STATUS_BAD_PARAM,
              "input_features " + shape_text(input_features_desc) +
                  " and geom_xyz " + shape_text(geom_xyz_desc) +
                  " must share B and N");
  MLUOP_CHECK(kApi,
              pos_memo_desc->dims[0] == geom_xyz_desc->dims[0] &&
                  pos_memo_desc->dims[1] == geom_xyz_desc->dims[1],
              MLUOP_STATUS_BAD_PARAM,
              "pos_memo " + shape_text(pos_memo_desc) + " and geom_xyz " +
                  shape_text(geom_xyz_desc) + " must share B and N");
  MLUOP_CHECK(kApi,
              output_features_desc->dims[0] == input_features_desc->dims[0] &&
                  output_features_desc->dims[3] == input_features_desc->dims[2],
              MLUOP_STATUS_BAD_PARAM,
              "output_features " + shape_text(output_features_desc) +
                  " and input_features " + shape_text(input_features_desc) +
                  " must share B and C");

  // 3.7.4: large tensors.
  MLUOP_CHECK(
      kApi,
      geom_xyz_desc->total_element_num < mluop::kLargeTensorElements &&
          input_features_desc->total_element_num <
              mluop::kLargeTensorElements &&
          output_features_desc->total_element_num <
              mluop::kLargeTensorElements &&
          pos_memo_desc->total_element_num < mluop::kLargeTensorElements,
      MLUOP_STATUS_NOT_SUPPORTED,
      "tensors of 2^31 elements or more are not supported");

  // 3.7.5: the scalars must mean what the tensors say.
  MLUOP_CHECK(kApi,
              geom_xyz_desc->dims[0] == batch_size &&
                  geom_xyz_desc->dims[1] == num_points,
              MLUOP_STATUS_BAD_PARAM,
              "batch_size " + std::to_string(batch_size) + " and num_points " +
                  std::to_string(num_points) + " disagree with geom_xyz " +
                  shape_text(geom_xyz_desc));
  MLUOP_CHECK(kApi, input_features_desc->dims[2] == num_channels,
              MLUOP_STATUS_BAD_PARAM,
              "num_channels " + std::to_string(num_channels) +
                  " disagrees with input_features " +
                  shape_text(input_features_desc));
  MLUOP_CHECK(kApi,
              output_features_desc->dims[1] == num_voxel_y &&
                  output_features_desc->dims[2] == num_voxel_x,
              MLUOP_STATUS_BAD_PARAM,
              "num_voxel_y " + std::to_string(num_voxel_y) +
                  " and num_voxel_x " + std::to_string(num_voxel_x) +
                  " disagree with output_features [B, H, W, C] " +
                  shape_text(output_features_desc));

  // 1.1 / 1.4: zero elements (or a non-positive scalar) is BAD_PARAM.
  MLUOP_CHECK(
      kApi,
      batch_size > 0 && num_points > 0 && num_channels > 0 && num_voxel_x > 0 &&
          num_voxel_y > 0 && num_voxel_z > 0,
      MLUOP_STATUS_BAD_PARAM,
      "zero-element or non-positive sizes are not accepted (B=" +
          std::to_string(batch_size) + " N=" + std::to_string(num_points) +
          " C=" + std::to_string(num_channels) + " voxels=" +
          std::to_string(num_voxel_x) + "x" + std::to_string(num_voxel_y) +
          "x" + std::to_string(num_voxel_z) + ")");

  cnrtDim3_t k_dim;
  cnrtFunctionType_t k_type;
  policyFunc(handle, &k_dim, &k_type);
  MLUOP_KERNEL_CHECK(
      kApi,
      KernelVoxelPoolingForward(
          k_dim, k_type, handle->queue, batch_size, num_points, num_channels,
          num_voxel_x, num_voxel_y, num_voxel_z,
          static_cast<const int *>(geom_xyz),
          static_cast<const float *>(input_features),
          static_cast<float *>(output_features), static_cast<int *>(pos_memo)));
  return MLUOP_STATUS_SUCCESS;
}
