// mluOpDynamicScatterBackward: the host side (design doc 2.2, 3.3, 3.8).
// Checks the arguments, picks the task split and launches the kernels of
// dynamic_scatter_backward_union1.mlu.
#include "dynamic_scatter_backward/dynamic_scatter_backward.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>

#include "common/host.h"

namespace {

constexpr const char* kApi = "[mluOpDynamicScatterBackward]";
constexpr const char* kWorkspaceApi =
    "[mluOpGetDynamicScatterBackwardWorkspaceSize]";

bool is_supported_mode(mluOpReduceMode_t mode) {
  return mode == MLUOP_REDUCEMODE_MAX || mode == MLUOP_REDUCEMODE_SUM ||
         mode == MLUOP_REDUCEMODE_MEAN;
}

std::string dims_text(const mluOpTensorDescriptor_t desc) {
  std::string s = "[";
  for (int i = 0; i < desc->dim; ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(desc->dims[i]);
  }
  return s + "]";
}

// 3.3: Union1 over the device's clusters, no more clusters than there are
// work items for (each core takes at least one).
void policyFunc(const mluOpHandle_t handle, int64_t work_items,
                cnrtDim3_t* k_dim, cnrtFunctionType_t* k_type) {
  const int64_t cores_per_cluster = handle->core_num_per_cluster;
  const int64_t clusters_needed = std::max<int64_t>(
      1, (work_items + cores_per_cluster - 1) / cores_per_cluster);
  *k_type = cnrtFuncTypeUnion1;
  k_dim->x = static_cast<unsigned>(cores_per_cluster);
  k_dim->y = static_cast<unsigned>(
      std::min<int64_t>(std::max(1, handle->cluster_num), clusters_needed));
  k_dim->z = 1;
}

size_t max_mode_workspace_bytes(const mluOpTensorDescriptor_t feats_desc) {
  return static_cast<size_t>(feats_desc->total_element_num) * sizeof(int32_t);
}

}  // namespace

mluOpStatus_t MLUOP_WIN_API mluOpGetDynamicScatterBackwardWorkspaceSize(
    const mluOpHandle_t handle, const mluOpReduceMode_t reduce_type,
    const mluOpTensorDescriptor_t feats_desc, size_t* workspace_size) {
  MLUOP_CHECK_NULL(kWorkspaceApi, handle);
  MLUOP_CHECK_NULL(kWorkspaceApi, feats_desc);
  MLUOP_CHECK_NULL(kWorkspaceApi, workspace_size);
  MLUOP_CHECK(kWorkspaceApi, feats_desc->dtype == MLUOP_DTYPE_FLOAT,
              MLUOP_STATUS_BAD_PARAM,
              std::string("feats dtype must be float, got ") +
                  mluop::dtype_name(feats_desc->dtype));
  MLUOP_CHECK(kWorkspaceApi, feats_desc->dim == 2, MLUOP_STATUS_BAD_PARAM,
              "feats must be [N, C], got " + dims_text(feats_desc));
  MLUOP_CHECK(kWorkspaceApi,
              feats_desc->total_element_num < mluop::kLargeTensorElements,
              MLUOP_STATUS_NOT_SUPPORTED, "feats has 2^31 elements or more");
  MLUOP_CHECK(kWorkspaceApi, is_supported_mode(reduce_type),
              MLUOP_STATUS_BAD_PARAM,
              "reduce_type must be MAX, SUM or MEAN, got " +
                  std::to_string(static_cast<int>(reduce_type)));
  *workspace_size = reduce_type == MLUOP_REDUCEMODE_MAX
                        ? max_mode_workspace_bytes(feats_desc)
                        : 0;
  return MLUOP_STATUS_SUCCESS;
}

mluOpStatus_t MLUOP_WIN_API mluOpDynamicScatterBackward(
    const mluOpHandle_t handle, const mluOpReduceMode_t reduce_type,
    const mluOpTensorDescriptor_t grad_voxel_feats_desc,
    const void* grad_voxel_feats, const mluOpTensorDescriptor_t feats_desc,
    const void* feats, const mluOpTensorDescriptor_t voxel_feats_desc,
    const void* voxel_feats, const mluOpTensorDescriptor_t point2voxel_map_desc,
    const void* point2voxel_map,
    const mluOpTensorDescriptor_t voxel_points_count_desc,
    const void* voxel_points_count,
    const mluOpTensorDescriptor_t voxel_num_desc, void* voxel_num,
    void* workspace, const size_t workspace_size,
    const mluOpTensorDescriptor_t grad_feats_desc, void* grad_feats) {
  // 3.8 (1): null handle and descriptors.
  MLUOP_CHECK_NULL(kApi, handle);
  MLUOP_CHECK_NULL(kApi, grad_voxel_feats_desc);
  MLUOP_CHECK_NULL(kApi, feats_desc);
  MLUOP_CHECK_NULL(kApi, voxel_feats_desc);
  MLUOP_CHECK_NULL(kApi, point2voxel_map_desc);
  MLUOP_CHECK_NULL(kApi, voxel_points_count_desc);
  MLUOP_CHECK_NULL(kApi, voxel_num_desc);
  MLUOP_CHECK_NULL(kApi, grad_feats_desc);
  // The kernels use vector lengths of any size (C, points), which only arch
  // 372 and later allow (no 200 series, as in mlu-ops).
  MLUOP_CHECK(
      kApi, handle->arch >= 372, MLUOP_STATUS_ARCH_MISMATCH,
      "needs an MLU370 or later, got arch " + std::to_string(handle->arch));

  // 3.8 (3), 1.4: dtypes. Features and gradients float, indices int32.
  auto dtype_is = [](const mluOpTensorDescriptor_t desc,
                     mluOpDataType_t dtype) { return desc->dtype == dtype; };
  auto got = [](const mluOpTensorDescriptor_t desc) {
    return std::string(", got ") + mluop::dtype_name(desc->dtype);
  };
  MLUOP_CHECK(
      kApi, dtype_is(grad_voxel_feats_desc, MLUOP_DTYPE_FLOAT),
      MLUOP_STATUS_BAD_PARAM,
      "grad_voxel_feats dtype must be float" + got(grad_voxel_feats_desc));
  MLUOP_CHECK(kApi, dtype_is(feats_desc, MLUOP_DTYPE_FLOAT),
              MLUOP_STATUS_BAD_PARAM,
              "feats dtype must be float" + got(feats_desc));
  MLUOP_CHECK(kApi, dtype_is(voxel_feats_desc, MLUOP_DTYPE_FLOAT),
              MLUOP_STATUS_BAD_PARAM,
              "voxel_feats dtype must be float" + got(voxel_feats_desc));
  MLUOP_CHECK(
      kApi, dtype_is(point2voxel_map_desc, MLUOP_DTYPE_INT32),
      MLUOP_STATUS_BAD_PARAM,
      "point2voxel_map dtype must be int32" + got(point2voxel_map_desc));
  MLUOP_CHECK(
      kApi, dtype_is(voxel_points_count_desc, MLUOP_DTYPE_INT32),
      MLUOP_STATUS_BAD_PARAM,
      "voxel_points_count dtype must be int32" + got(voxel_points_count_desc));
  MLUOP_CHECK(kApi, dtype_is(voxel_num_desc, MLUOP_DTYPE_INT32),
              MLUOP_STATUS_BAD_PARAM,
              "voxel_num dtype must be int32" + got(voxel_num_desc));
  MLUOP_CHECK(kApi, dtype_is(grad_feats_desc, MLUOP_DTYPE_FLOAT),
              MLUOP_STATUS_BAD_PARAM,
              "grad_feats dtype must be float" + got(grad_feats_desc));

  // 3.8 (3), 1.3: shapes [M, C], [N, C], [M, C], [N], [M], [1], [N, C].
  MLUOP_CHECK(kApi, grad_voxel_feats_desc->dim == 2, MLUOP_STATUS_BAD_PARAM,
              "grad_voxel_feats must be [M, C], got " +
                  dims_text(grad_voxel_feats_desc));
  MLUOP_CHECK(kApi, feats_desc->dim == 2, MLUOP_STATUS_BAD_PARAM,
              "feats must be [N, C], got " + dims_text(feats_desc));
  MLUOP_CHECK(kApi, voxel_feats_desc->dim == 2, MLUOP_STATUS_BAD_PARAM,
              "voxel_feats must be [M, C], got " + dims_text(voxel_feats_desc));
  MLUOP_CHECK(
      kApi, point2voxel_map_desc->dim == 1, MLUOP_STATUS_BAD_PARAM,
      "point2voxel_map must be [N], got " + dims_text(point2voxel_map_desc));
  MLUOP_CHECK(kApi, voxel_points_count_desc->dim == 1, MLUOP_STATUS_BAD_PARAM,
              "voxel_points_count must be [M], got " +
                  dims_text(voxel_points_count_desc));
  MLUOP_CHECK(kApi, voxel_num_desc->dim == 1, MLUOP_STATUS_BAD_PARAM,
              "voxel_num must be [1], got " + dims_text(voxel_num_desc));
  MLUOP_CHECK(kApi, grad_feats_desc->dim == 2, MLUOP_STATUS_BAD_PARAM,
              "grad_feats must be [N, C], got " + dims_text(grad_feats_desc));
  const int64_t N = feats_desc->dims[0];
  const int64_t C = feats_desc->dims[1];
  const int64_t M = voxel_feats_desc->dims[0];
  const std::string shapes = " (feats " + dims_text(feats_desc) +
                             ", voxel_feats " + dims_text(voxel_feats_desc) +
                             ")";
  MLUOP_CHECK(kApi,
              grad_feats_desc->dims[0] == N && grad_feats_desc->dims[1] == C,
              MLUOP_STATUS_BAD_PARAM,
              "grad_feats " + dims_text(grad_feats_desc) +
                  " must have the shape of feats" + shapes);
  MLUOP_CHECK(kApi, voxel_feats_desc->dims[1] == C, MLUOP_STATUS_BAD_PARAM,
              "voxel_feats and feats must have the same C" + shapes);
  MLUOP_CHECK(kApi,
              grad_voxel_feats_desc->dims[0] == M &&
                  grad_voxel_feats_desc->dims[1] == C,
              MLUOP_STATUS_BAD_PARAM,
              "grad_voxel_feats " + dims_text(grad_voxel_feats_desc) +
                  " must have the shape of voxel_feats" + shapes);
  MLUOP_CHECK(kApi, point2voxel_map_desc->dims[0] == N, MLUOP_STATUS_BAD_PARAM,
              "point2voxel_map " + dims_text(point2voxel_map_desc) +
                  " must be [N]" + shapes);
  MLUOP_CHECK(kApi, voxel_points_count_desc->dims[0] == M,
              MLUOP_STATUS_BAD_PARAM,
              "voxel_points_count " + dims_text(voxel_points_count_desc) +
                  " must be [M]" + shapes);
  MLUOP_CHECK(kApi, voxel_num_desc->dims[0] == 1, MLUOP_STATUS_BAD_PARAM,
              "voxel_num must be [1], got " + dims_text(voxel_num_desc));
  MLUOP_CHECK(
      kApi, M <= N, MLUOP_STATUS_BAD_PARAM,
      "voxel_feats must not have more rows than feats (M <= N)" + shapes);

  // Tensors of 2^31 elements or more (M <= N, so feats bounds them all).
  MLUOP_CHECK(kApi, feats_desc->total_element_num < mluop::kLargeTensorElements,
              MLUOP_STATUS_NOT_SUPPORTED,
              "feats has 2^31 elements or more" + shapes);

  // 3.8 (4), 1.4: reduce mode.
  MLUOP_CHECK(kApi, is_supported_mode(reduce_type), MLUOP_STATUS_BAD_PARAM,
              "reduce_type must be MAX, SUM or MEAN, got " +
                  std::to_string(static_cast<int>(reduce_type)));

  // 3.8 (2): zero elements. An empty grad_feats means nothing to do.
  if (N == 0 || C == 0) return MLUOP_STATUS_SUCCESS;

  // 3.8 (1): null pointers, for the tensors that have elements.
  MLUOP_CHECK_NULL(kApi, feats);
  MLUOP_CHECK_NULL(kApi, point2voxel_map);
  MLUOP_CHECK_NULL(kApi, voxel_num);
  MLUOP_CHECK_NULL(kApi, grad_feats);
  if (M > 0) {
    MLUOP_CHECK_NULL(kApi, grad_voxel_feats);
    MLUOP_CHECK_NULL(kApi, voxel_feats);
    MLUOP_CHECK_NULL(kApi, voxel_points_count);
  }
  const bool is_max = reduce_type == MLUOP_REDUCEMODE_MAX;
  if (is_max) {
    const size_t needed = max_mode_workspace_bytes(feats_desc);
    MLUOP_CHECK(kApi, workspace_size >= needed, MLUOP_STATUS_BAD_PARAM,
                "workspace_size " + std::to_string(workspace_size) +
                    " is smaller than the " + std::to_string(needed) +
                    " bytes mluOpGetDynamicScatterBackwardWorkspaceSize asks");
    MLUOP_CHECK_NULL(kApi, workspace);
  }

  const cnrtQueue_t queue = handle->queue;
  auto* grad_feats_ptr = static_cast<float*>(grad_feats);
  const auto* grad_voxel_feats_ptr =
      static_cast<const float*>(grad_voxel_feats);
  const auto* map_ptr = static_cast<const int32_t*>(point2voxel_map);
  const auto* voxel_num_ptr = static_cast<const int32_t*>(voxel_num);
  const auto n32 = static_cast<int32_t>(N);
  const auto m32 = static_cast<int32_t>(M);
  const auto c32 = static_cast<int32_t>(C);
  cnrtDim3_t k_dim;
  cnrtFunctionType_t k_type;

  // No voxels: grad_feats is all zeros (mmcv fills it before returning).
  if (M == 0) {
    policyFunc(handle, N * C, &k_dim, &k_type);
    MLUOP_KERNEL_CHECK(kApi, KernelDynamicScatterBackwardFill(
                                 k_dim, k_type, queue, grad_feats_ptr, N * C,
                                 nullptr, 0, n32));
    return MLUOP_STATUS_SUCCESS;
  }

  if (!is_max) {
    // The VAA gather takes uint32 byte offsets into grad_voxel_feats.
    const bool use_vaa_gather = M * C * int64_t(sizeof(float)) <= INT32_MAX;
    policyFunc(handle, N, &k_dim, &k_type);
    MLUOP_KERNEL_CHECK(
        kApi,
        KernelDynamicScatterBackwardSumMean(
            k_dim, k_type, queue, grad_feats_ptr, grad_voxel_feats_ptr, map_ptr,
            static_cast<const int32_t*>(voxel_points_count), voxel_num_ptr, n32,
            m32, c32, reduce_type == MLUOP_REDUCEMODE_MEAN, use_vaa_gather));
    return MLUOP_STATUS_SUCCESS;
  }

  // Max: fill of reduce_from, kernel 1 (points split; it also zeroes
  // grad_feats), kernel 2 (voxels split).
  auto* reduce_from = static_cast<int32_t*>(workspace);
  policyFunc(handle, M * C, &k_dim, &k_type);
  MLUOP_KERNEL_CHECK(
      kApi, KernelDynamicScatterBackwardFill(k_dim, k_type, queue, nullptr, 0,
                                             reduce_from, M * C, n32));
  policyFunc(handle, N, &k_dim, &k_type);
  MLUOP_KERNEL_CHECK(
      kApi, KernelDynamicScatterBackwardMaxIndex(
                k_dim, k_type, queue, grad_feats_ptr,
                static_cast<const float*>(feats),
                static_cast<const float*>(voxel_feats), reduce_from, map_ptr,
                voxel_num_ptr, n32, m32, c32));
  // The VAA scatter takes uint32 byte offsets into grad_feats, up to
  // (N * C + C - 1) * 4 for an unmatched (index N) element.
  const bool use_vaa_scatter =
      (N + 1) * C * int64_t(sizeof(float)) <= INT32_MAX;
  policyFunc(handle, M, &k_dim, &k_type);
  MLUOP_KERNEL_CHECK(
      kApi, KernelDynamicScatterBackwardMaxScatter(
                k_dim, k_type, queue, grad_feats_ptr, grad_voxel_feats_ptr,
                reduce_from, voxel_num_ptr, n32, m32, c32, use_vaa_scatter));
  return MLUOP_STATUS_SUCCESS;
}
