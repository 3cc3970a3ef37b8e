// mluOpDynamicScatterBackward: the host side. dynamicScatterBackwardParamCheck
// is the check list of docs/ops/dynamic_scatter_backward.md; the API then
// picks the task split and launches the kernels of
// dynamic_scatter_backward_union1.mlu.
#include "dynamic_scatter_backward/dynamic_scatter_backward.h"

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

size_t max_mode_workspace_bytes(const mluOpTensorDescriptor_t feats_desc) {
  return static_cast<size_t>(feats_desc->total_element_num) * sizeof(int32_t);
}

// What both APIs check of feats and the mode.
mluOpStatus_t featsAndModeCheck(const char* api,
                                const mluOpReduceMode_t reduce_type,
                                const mluOpTensorDescriptor_t feats_desc) {
  XBANG_HOST_CHECK_DTYPE(api, feats_desc, MLUOP_DTYPE_FLOAT);
  XBANG_HOST_CHECK_DIM(api, feats_desc, 2, "[N, C]");
  // Tensors of 2^31 elements or more (M <= N, so feats bounds them all).
  XBANG_HOST_CHECK_LARGE_TENSOR(api, feats_desc);
  XBANG_HOST_CHECK(api, is_supported_mode(reduce_type), MLUOP_STATUS_BAD_PARAM,
                   "reduce_type must be MAX, SUM or MEAN, got " +
                       std::to_string(static_cast<int>(reduce_type)));
  return MLUOP_STATUS_SUCCESS;
}

// The 防呆 list: null handle and descriptors, platform, dtypes, shapes, large
// tensors, mode, zero elements (sets *zero_element: nothing to compute),
// null pointers, workspace.
mluOpStatus_t dynamicScatterBackwardParamCheck(
    const mluOpHandle_t handle, const mluOpReduceMode_t reduce_type,
    const mluOpTensorDescriptor_t grad_voxel_feats_desc,
    const void* grad_voxel_feats, const mluOpTensorDescriptor_t feats_desc,
    const void* feats, const mluOpTensorDescriptor_t voxel_feats_desc,
    const void* voxel_feats, const mluOpTensorDescriptor_t point2voxel_map_desc,
    const void* point2voxel_map,
    const mluOpTensorDescriptor_t voxel_points_count_desc,
    const void* voxel_points_count,
    const mluOpTensorDescriptor_t voxel_num_desc, const void* voxel_num,
    const void* workspace, const size_t workspace_size,
    const mluOpTensorDescriptor_t grad_feats_desc, const void* grad_feats,
    bool* zero_element) {
  XBANG_HOST_CHECK_NULL(kApi, handle);
  XBANG_HOST_CHECK_NULL(kApi, grad_voxel_feats_desc);
  XBANG_HOST_CHECK_NULL(kApi, feats_desc);
  XBANG_HOST_CHECK_NULL(kApi, voxel_feats_desc);
  XBANG_HOST_CHECK_NULL(kApi, point2voxel_map_desc);
  XBANG_HOST_CHECK_NULL(kApi, voxel_points_count_desc);
  XBANG_HOST_CHECK_NULL(kApi, voxel_num_desc);
  XBANG_HOST_CHECK_NULL(kApi, grad_feats_desc);
  // The kernels use vector lengths of any size (C, points), which only arch
  // 372 and later allow (no 200 series, as in mlu-ops).
  XBANG_HOST_CHECK(
      kApi, handle->arch >= 372, MLUOP_STATUS_ARCH_MISMATCH,
      "needs an MLU370 or later, got arch " + std::to_string(handle->arch));

  // Features and gradients float, indices int32.
  XBANG_HOST_CHECK_DTYPE(kApi, grad_voxel_feats_desc, MLUOP_DTYPE_FLOAT);
  XBANG_HOST_CHECK_DTYPE(kApi, voxel_feats_desc, MLUOP_DTYPE_FLOAT);
  XBANG_HOST_CHECK_DTYPE(kApi, point2voxel_map_desc, MLUOP_DTYPE_INT32);
  XBANG_HOST_CHECK_DTYPE(kApi, voxel_points_count_desc, MLUOP_DTYPE_INT32);
  XBANG_HOST_CHECK_DTYPE(kApi, voxel_num_desc, MLUOP_DTYPE_INT32);
  XBANG_HOST_CHECK_DTYPE(kApi, grad_feats_desc, MLUOP_DTYPE_FLOAT);

  // Shapes [M, C], [N, C], [M, C], [N], [M], [1], [N, C].
  XBANG_HOST_CHECK_DIM(kApi, grad_voxel_feats_desc, 2, "[M, C]");
  XBANG_HOST_CHECK_DIM(kApi, voxel_feats_desc, 2, "[M, C]");
  XBANG_HOST_CHECK_DIM(kApi, point2voxel_map_desc, 1, "[N]");
  XBANG_HOST_CHECK_DIM(kApi, voxel_points_count_desc, 1, "[M]");
  XBANG_HOST_CHECK_DIM(kApi, voxel_num_desc, 1, "[1]");
  XBANG_HOST_CHECK_DIM(kApi, grad_feats_desc, 2, "[N, C]");
  const mluOpStatus_t feats_status =
      featsAndModeCheck(kApi, reduce_type, feats_desc);
  if (feats_status != MLUOP_STATUS_SUCCESS) return feats_status;
  const int64_t N = feats_desc->dims[0];
  const int64_t C = feats_desc->dims[1];
  const int64_t M = voxel_feats_desc->dims[0];
  const std::string shapes = " (feats " + mluop::shape_text(feats_desc) +
                             ", voxel_feats " +
                             mluop::shape_text(voxel_feats_desc) + ")";
  XBANG_HOST_CHECK(
      kApi, grad_feats_desc->dims[0] == N && grad_feats_desc->dims[1] == C,
      MLUOP_STATUS_BAD_PARAM,
      "grad_feats must have the shape of feats" + shapes);
  XBANG_HOST_CHECK(kApi, voxel_feats_desc->dims[1] == C, MLUOP_STATUS_BAD_PARAM,
                   "voxel_feats and feats must have the same C" + shapes);
  XBANG_HOST_CHECK(
      kApi,
      grad_voxel_feats_desc->dims[0] == M &&
          grad_voxel_feats_desc->dims[1] == C,
      MLUOP_STATUS_BAD_PARAM,
      "grad_voxel_feats must have the shape of voxel_feats" + shapes);
  XBANG_HOST_CHECK(kApi, point2voxel_map_desc->dims[0] == N,
                   MLUOP_STATUS_BAD_PARAM,
                   "point2voxel_map must be [N]" + shapes);
  XBANG_HOST_CHECK(kApi, voxel_points_count_desc->dims[0] == M,
                   MLUOP_STATUS_BAD_PARAM,
                   "voxel_points_count must be [M]" + shapes);
  XBANG_HOST_CHECK(
      kApi, voxel_num_desc->dims[0] == 1, MLUOP_STATUS_BAD_PARAM,
      "voxel_num must be [1], got " + mluop::shape_text(voxel_num_desc));
  XBANG_HOST_CHECK(
      kApi, M <= N, MLUOP_STATUS_BAD_PARAM,
      "voxel_feats must not have more rows than feats (M <= N)" + shapes);

  // Zero elements: an empty grad_feats means nothing to do.
  *zero_element = N == 0 || C == 0;
  if (*zero_element) return MLUOP_STATUS_SUCCESS;

  // Null pointers, for the tensors that have elements.
  XBANG_HOST_CHECK_NULL(kApi, feats);
  XBANG_HOST_CHECK_NULL(kApi, point2voxel_map);
  XBANG_HOST_CHECK_NULL(kApi, voxel_num);
  XBANG_HOST_CHECK_NULL(kApi, grad_feats);
  if (M > 0) {
    XBANG_HOST_CHECK_NULL(kApi, grad_voxel_feats);
    XBANG_HOST_CHECK_NULL(kApi, voxel_feats);
    XBANG_HOST_CHECK_NULL(kApi, voxel_points_count);
  }
  if (reduce_type == MLUOP_REDUCEMODE_MAX) {
    const size_t needed = max_mode_workspace_bytes(feats_desc);
    XBANG_HOST_CHECK(
        kApi, workspace_size >= needed, MLUOP_STATUS_BAD_PARAM,
        "workspace_size " + std::to_string(workspace_size) +
            " is smaller than the " + std::to_string(needed) +
            " bytes mluOpGetDynamicScatterBackwardWorkspaceSize asks");
    XBANG_HOST_CHECK_NULL(kApi, workspace);
  }
  return MLUOP_STATUS_SUCCESS;
}

}  // namespace

mluOpStatus_t MLUOP_WIN_API mluOpGetDynamicScatterBackwardWorkspaceSize(
    const mluOpHandle_t handle, const mluOpReduceMode_t reduce_type,
    const mluOpTensorDescriptor_t feats_desc, size_t* workspace_size) {
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, handle);
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, feats_desc);
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, workspace_size);
  const mluOpStatus_t status =
      featsAndModeCheck(kWorkspaceApi, reduce_type, feats_desc);
  if (status != MLUOP_STATUS_SUCCESS) return status;
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
  bool zero_element = false;
  const mluOpStatus_t status = dynamicScatterBackwardParamCheck(
      handle, reduce_type, grad_voxel_feats_desc, grad_voxel_feats, feats_desc,
      feats, voxel_feats_desc, voxel_feats, point2voxel_map_desc,
      point2voxel_map, voxel_points_count_desc, voxel_points_count,
      voxel_num_desc, voxel_num, workspace, workspace_size, grad_feats_desc,
      grad_feats, &zero_element);
  if (status != MLUOP_STATUS_SUCCESS) return status;
  XBANG_HOST_RETURN_IF_ZERO_ELEMENT(zero_element);

  const int64_t N = feats_desc->dims[0];
  const int64_t C = feats_desc->dims[1];
  const int64_t M = voxel_feats_desc->dims[0];
  const bool is_max = reduce_type == MLUOP_REDUCEMODE_MAX;
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
    mluop::policyUnion1(handle, N * C, 1, &k_dim, &k_type);
    XBANG_HOST_KERNEL_CHECK(kApi, KernelDynamicScatterBackwardFill(
                                      k_dim, k_type, queue, grad_feats_ptr,
                                      N * C, nullptr, 0, n32));
    return MLUOP_STATUS_SUCCESS;
  }

  if (!is_max) {
    // The VAA gather takes uint32 byte offsets into grad_voxel_feats.
    const bool use_vaa_gather = M * C * int64_t(sizeof(float)) <= INT32_MAX;
    mluop::policyUnion1(handle, N, 1, &k_dim, &k_type);
    XBANG_HOST_KERNEL_CHECK(
        kApi,
        KernelDynamicScatterBackwardSumMean(
            k_dim, k_type, queue, grad_feats_ptr, grad_voxel_feats_ptr, map_ptr,
            static_cast<const int32_t*>(voxel_points_count), voxel_num_ptr, n32,
            m32, c32, reduce_type == MLUOP_REDUCEMODE_MEAN, use_vaa_gather));
    return MLUOP_STATUS_SUCCESS;
  }

  // Max: fill of reduce_from, kernel 1 (points split; it also zeroes
  // grad_feats), kernel 2 (voxels split). The VAA gather of kernel 1 and
  // scatter of kernel 2 take uint32 byte offsets into voxel_feats and
  // grad_feats, up to (N * C + C - 1) * 4 for an unmatched (index N) element;
  // M <= N, so one bound covers both.
  const bool use_vaa = (N + 1) * C * int64_t(sizeof(float)) <= INT32_MAX;
  auto* reduce_from = static_cast<int32_t*>(workspace);
  mluop::policyUnion1(handle, M * C, 1, &k_dim, &k_type);
  XBANG_HOST_KERNEL_CHECK(
      kApi, KernelDynamicScatterBackwardFill(k_dim, k_type, queue, nullptr, 0,
                                             reduce_from, M * C, n32));
  mluop::policyUnion1(handle, N, 1, &k_dim, &k_type);
  XBANG_HOST_KERNEL_CHECK(
      kApi, KernelDynamicScatterBackwardMaxIndex(
                k_dim, k_type, queue, grad_feats_ptr,
                static_cast<const float*>(feats),
                static_cast<const float*>(voxel_feats), reduce_from, map_ptr,
                voxel_num_ptr, n32, m32, c32, use_vaa));
  mluop::policyUnion1(handle, M, 1, &k_dim, &k_type);
  XBANG_HOST_KERNEL_CHECK(
      kApi, KernelDynamicScatterBackwardMaxScatter(
                k_dim, k_type, queue, grad_feats_ptr, grad_voxel_feats_ptr,
                reduce_from, voxel_num_ptr, n32, m32, c32, use_vaa));
  return MLUOP_STATUS_SUCCESS;
}
