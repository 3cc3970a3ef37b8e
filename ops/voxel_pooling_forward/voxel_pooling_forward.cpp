// mluOpVoxelPoolingForward: voxelPoolingForwardParamCheck (the check list of
// docs/ops/voxel_pooling_forward.md), the task split and the Union1 launch.
#include "voxel_pooling_forward/voxel_pooling_forward.h"

#include <string>

#include "common/host.h"

namespace {

constexpr const char *kApi = "[mluOpVoxelPoolingForward]";

// The 防呆 list of docs/ops/voxel_pooling_forward.md, in its order: platform,
// descriptors and pointers, dtypes, layouts, shapes, large tensors, the
// scalars against the tensors, zero elements.
mluOpStatus_t voxelPoolingForwardParamCheck(
    mluOpHandle_t handle, const int batch_size, const int num_points,
    const int num_channels, const int num_voxel_x, const int num_voxel_y,
    const int num_voxel_z, const mluOpTensorDescriptor_t geom_xyz_desc,
    const void *geom_xyz, const mluOpTensorDescriptor_t input_features_desc,
    const void *input_features,
    const mluOpTensorDescriptor_t output_features_desc,
    const void *output_features, const mluOpTensorDescriptor_t pos_memo_desc,
    const void *pos_memo) {
  // Checks 1-7 of docs/ops/voxel_pooling_forward.md (parameters and checks).
  // 1. The 200 series is not supported.
  XBANG_HOST_CHECK_NULL(kApi, handle);
  XBANG_HOST_CHECK(kApi, handle->arch >= 300, MLUOP_STATUS_ARCH_MISMATCH,
                   "arch " + std::to_string(handle->arch) +
                       ": the 200 series (MLU290) is not supported");

  // 2. Descriptors and pointers.
  XBANG_HOST_CHECK_NULL(kApi, geom_xyz_desc);
  XBANG_HOST_CHECK_NULL(kApi, input_features_desc);
  XBANG_HOST_CHECK_NULL(kApi, output_features_desc);
  XBANG_HOST_CHECK_NULL(kApi, pos_memo_desc);
  XBANG_HOST_CHECK_NULL(kApi, geom_xyz);
  XBANG_HOST_CHECK_NULL(kApi, input_features);
  XBANG_HOST_CHECK_NULL(kApi, output_features);
  XBANG_HOST_CHECK_NULL(kApi, pos_memo);

  // 3-4. Dtypes, layouts, shapes.
  XBANG_HOST_CHECK_DTYPE(kApi, geom_xyz_desc, MLUOP_DTYPE_INT32);
  XBANG_HOST_CHECK_DTYPE(kApi, input_features_desc, MLUOP_DTYPE_FLOAT);
  XBANG_HOST_CHECK_DTYPE(kApi, output_features_desc, MLUOP_DTYPE_FLOAT);
  XBANG_HOST_CHECK_DTYPE(kApi, pos_memo_desc, MLUOP_DTYPE_INT32);

  XBANG_HOST_CHECK_LAYOUT(kApi, geom_xyz_desc, MLUOP_LAYOUT_ARRAY);
  XBANG_HOST_CHECK_LAYOUT(kApi, input_features_desc, MLUOP_LAYOUT_ARRAY);
  XBANG_HOST_CHECK_LAYOUT(kApi, output_features_desc, MLUOP_LAYOUT_ARRAY);
  XBANG_HOST_CHECK_LAYOUT(kApi, pos_memo_desc, MLUOP_LAYOUT_ARRAY);

  XBANG_HOST_CHECK(
      kApi, geom_xyz_desc->dim == 3, MLUOP_STATUS_BAD_PARAM,
      "geom_xyz must be [B, N, 3], got " + mluop::shape_text(geom_xyz_desc));
  XBANG_HOST_CHECK(kApi, input_features_desc->dim == 3, MLUOP_STATUS_BAD_PARAM,
                   "input_features must be [B, N, C], got " +
                       mluop::shape_text(input_features_desc));
  XBANG_HOST_CHECK(kApi, output_features_desc->dim == 4, MLUOP_STATUS_BAD_PARAM,
                   "output_features must be [B, H, W, C], got " +
                       mluop::shape_text(output_features_desc));
  XBANG_HOST_CHECK(
      kApi, pos_memo_desc->dim == 3, MLUOP_STATUS_BAD_PARAM,
      "pos_memo must be [B, N, 3], got " + mluop::shape_text(pos_memo_desc));
  XBANG_HOST_CHECK(
      kApi, geom_xyz_desc->dims[2] == 3, MLUOP_STATUS_BAD_PARAM,
      "geom_xyz must be [B, N, 3], got " + mluop::shape_text(geom_xyz_desc));
  XBANG_HOST_CHECK(
      kApi, pos_memo_desc->dims[2] == 3, MLUOP_STATUS_BAD_PARAM,
      "pos_memo must be [B, N, 3], got " + mluop::shape_text(pos_memo_desc));
  XBANG_HOST_CHECK(kApi,
                   input_features_desc->dims[0] == geom_xyz_desc->dims[0] &&
                       input_features_desc->dims[1] == geom_xyz_desc->dims[1],
                   MLUOP_STATUS_BAD_PARAM,
                   "input_features " + mluop::shape_text(input_features_desc) +
                       " and geom_xyz " + mluop::shape_text(geom_xyz_desc) +
                       " must share B and N");
  XBANG_HOST_CHECK(kApi,
                   pos_memo_desc->dims[0] == geom_xyz_desc->dims[0] &&
                       pos_memo_desc->dims[1] == geom_xyz_desc->dims[1],
                   MLUOP_STATUS_BAD_PARAM,
                   "pos_memo " + mluop::shape_text(pos_memo_desc) +
                       " and geom_xyz " + mluop::shape_text(geom_xyz_desc) +
                       " must share B and N");
  XBANG_HOST_CHECK(
      kApi,
      output_features_desc->dims[0] == input_features_desc->dims[0] &&
          output_features_desc->dims[3] == input_features_desc->dims[2],
      MLUOP_STATUS_BAD_PARAM,
      "output_features " + mluop::shape_text(output_features_desc) +
          " and input_features " + mluop::shape_text(input_features_desc) +
          " must share B and C");

  // 5. Large tensors.
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, geom_xyz_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, input_features_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, output_features_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, pos_memo_desc);

  // 6. The scalars must mean what the tensors say.
  XBANG_HOST_CHECK(kApi,
                   geom_xyz_desc->dims[0] == batch_size &&
                       geom_xyz_desc->dims[1] == num_points,
                   MLUOP_STATUS_BAD_PARAM,
                   "batch_size " + std::to_string(batch_size) +
                       " and num_points " + std::to_string(num_points) +
                       " disagree with geom_xyz " +
                       mluop::shape_text(geom_xyz_desc));
  XBANG_HOST_CHECK(kApi, input_features_desc->dims[2] == num_channels,
                   MLUOP_STATUS_BAD_PARAM,
                   "num_channels " + std::to_string(num_channels) +
                       " disagrees with input_features " +
                       mluop::shape_text(input_features_desc));
  XBANG_HOST_CHECK(kApi,
                   output_features_desc->dims[1] == num_voxel_y &&
                       output_features_desc->dims[2] == num_voxel_x,
                   MLUOP_STATUS_BAD_PARAM,
                   "num_voxel_y " + std::to_string(num_voxel_y) +
                       " and num_voxel_x " + std::to_string(num_voxel_x) +
                       " disagree with output_features [B, H, W, C] " +
                       mluop::shape_text(output_features_desc));

  // 7. Zero elements (or a non-positive scalar) is BAD_PARAM.
  XBANG_HOST_CHECK(
      kApi,
      batch_size > 0 && num_points > 0 && num_channels > 0 && num_voxel_x > 0 &&
          num_voxel_y > 0 && num_voxel_z > 0,
      MLUOP_STATUS_BAD_PARAM,
      "zero-element or non-positive sizes are not accepted (B=" +
          std::to_string(batch_size) + " N=" + std::to_string(num_points) +
          " C=" + std::to_string(num_channels) + " voxels=" +
          std::to_string(num_voxel_x) + "x" + std::to_string(num_voxel_y) +
          "x" + std::to_string(num_voxel_z) + ")");

  return MLUOP_STATUS_SUCCESS;
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
  const mluOpStatus_t status = voxelPoolingForwardParamCheck(
      handle, batch_size, num_points, num_channels, num_voxel_x, num_voxel_y,
      num_voxel_z, geom_xyz_desc, geom_xyz, input_features_desc, input_features,
      output_features_desc, output_features, pos_memo_desc, pos_memo);
  if (status != MLUOP_STATUS_SUCCESS) return status;

  cnrtDim3_t k_dim;
  cnrtFunctionType_t k_type;
  // The kernel splits the batch_size * num_points points over the tasks.
  mluop::policyUnion1(handle, int64_t(batch_size) * num_points, 1, &k_dim,
                      &k_type);
  XBANG_HOST_KERNEL_CHECK(
      kApi,
      KernelVoxelPoolingForward(
          k_dim, k_type, handle->queue, batch_size, num_points, num_channels,
          num_voxel_x, num_voxel_y, num_voxel_z,
          static_cast<const int *>(geom_xyz),
          static_cast<const float *>(input_features),
          static_cast<float *>(output_features), static_cast<int *>(pos_memo)));
  return MLUOP_STATUS_SUCCESS;
}
