// A dynamic_scatter_backward case on the device: its GDRAM buffers and
// descriptors, and runs through the public API or through the kernel
// wrappers with a chosen launch. Shared by the tests, the benchmark and the
// main job.
#pragma once

#include <xbang/ops/mlu_op.h>

#include <cstdint>
#include <vector>

#include "dynamic_scatter_backward/dynamic_scatter_backward.h"
#include "dynamic_scatter_backward_data.h"
#include "dynamic_scatter_backward_reference.h"
#include "mluop_objects.h"

namespace dsb_test {

// Rows of grad_feats before a run: garbage, so that a missing zero shows.
inline constexpr float kStaleGrad = 12345.0f;

class DeviceCase {
 public:
  explicit DeviceCase(const Case& c)
      : N_(static_cast<int>(c.num_points)),
        M_(static_cast<int>(c.num_voxel_rows)),
        C_(static_cast<int>(c.num_channels)),
        grad_voxel_feats_(c.grad_voxel_feats),
        feats_(c.feats),
        voxel_feats_(c.voxel_feats),
        point2voxel_map_(c.point2voxel_map),
        voxel_points_count_(c.voxel_points_count),
        voxel_num_(std::vector<int32_t>{c.voxel_num}),
        grad_feats_(std::vector<float>(c.feats.size(), kStaleGrad)),
        workspace_(c.feats.size() * sizeof(int32_t)),
        grad_voxel_feats_desc_(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {M_, C_}),
        feats_desc_(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {N_, C_}),
        voxel_feats_desc_(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {M_, C_}),
        point2voxel_map_desc_(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32, {N_}),
        voxel_points_count_desc_(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32, {M_}),
        voxel_num_desc_(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32, {1}),
        grad_feats_desc_(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {N_, C_}) {}

  // The public API, with the workspace it asks for.
  mluOpStatus_t run_api(mluOpHandle_t handle, mluOpReduceMode_t mode) {
    size_t workspace_size = 0;
    const mluOpStatus_t status = mluOpGetDynamicScatterBackwardWorkspaceSize(
        handle, mode, feats_desc_, &workspace_size);
    if (status != MLUOP_STATUS_SUCCESS) return status;
    return mluOpDynamicScatterBackward(
        handle, mode, grad_voxel_feats_desc_, grad_voxel_feats_.get(),
        feats_desc_, feats_.get(), voxel_feats_desc_, voxel_feats_.get(),
        point2voxel_map_desc_, point2voxel_map_.get(), voxel_points_count_desc_,
        voxel_points_count_.get(), voxel_num_desc_, voxel_num_.get(),
        workspace_.get(), workspace_size, grad_feats_desc_, grad_feats_.get());
  }

  // The kernels through their wrappers, every one with the same launch
  // (what the host does, with another task split). Returns the first failed
  // launch's result.
  cnrtRet_t run_kernels(cnrtDim3_t dim, cnrtFunctionType_t type,
                        cnrtQueue_t queue, mluOpReduceMode_t mode,
                        bool use_vaa) {
    auto* grad_feats = static_cast<float*>(grad_feats_.get());
    auto* grad_voxel_feats = static_cast<const float*>(grad_voxel_feats_.get());
    auto* map = static_cast<const int32_t*>(point2voxel_map_.get());
    auto* voxel_num = static_cast<const int32_t*>(voxel_num_.get());
    if (mode != MLUOP_REDUCEMODE_MAX) {
      return KernelDynamicScatterBackwardSumMean(
          dim, type, queue, grad_feats, grad_voxel_feats, map,
          static_cast<const int32_t*>(voxel_points_count_.get()), voxel_num, N_,
          M_, C_, mode == MLUOP_REDUCEMODE_MEAN, use_vaa);
    }
    auto* reduce_from = static_cast<int32_t*>(workspace_.get());
    cnrtRet_t ret = KernelDynamicScatterBackwardFill(
        dim, type, queue, nullptr, 0, reduce_from, int64_t(M_) * C_, N_);
    if (ret != cnrtSuccess) return ret;
    // Kernel 1 zeroes grad_feats too.
    ret = KernelDynamicScatterBackwardMaxIndex(
        dim, type, queue, grad_feats, static_cast<const float*>(feats_.get()),
        static_cast<const float*>(voxel_feats_.get()), reduce_from, map,
        voxel_num, N_, M_, C_, use_vaa);
    if (ret != cnrtSuccess) return ret;
    return KernelDynamicScatterBackwardMaxScatter(
        dim, type, queue, grad_feats, grad_voxel_feats, reduce_from, voxel_num,
        N_, M_, C_, use_vaa);
  }

  std::vector<float> grad_feats() const { return grad_feats_.to_host<float>(); }
  void reset_grad_feats() {
    grad_feats_.from_host(std::vector<float>(size_t(N_) * C_, kStaleGrad));
  }

 private:
  int N_, M_, C_;
  xbang_test::DeviceBuffer grad_voxel_feats_, feats_, voxel_feats_,
      point2voxel_map_, voxel_points_count_, voxel_num_, grad_feats_,
      workspace_;
  xbang_test::TensorDesc grad_voxel_feats_desc_, feats_desc_, voxel_feats_desc_,
      point2voxel_map_desc_, voxel_points_count_desc_, voxel_num_desc_,
      grad_feats_desc_;
};

// The reference's grad_feats for a case.
inline std::vector<float> reference_grad_feats(const Case& c,
                                               mluOpReduceMode_t mode) {
  std::vector<float> out(c.feats.size());
  dynamic_scatter_backward_reference(
      mode, c.num_points, c.num_voxel_rows, c.num_channels, c.voxel_num,
      c.grad_voxel_feats.data(), c.feats.data(), c.voxel_feats.data(),
      c.point2voxel_map.data(), c.voxel_points_count.data(), out.data());
  return out;
}

// Bytes the operator must move at the least: the tensors it reads (voxel rows
// counted once each) and grad_feats it writes; the workspace is not counted.
inline size_t essential_bytes(const Case& c, mluOpReduceMode_t mode) {
  const size_t N = size_t(c.num_points), M = size_t(c.num_voxel_rows),
               C = size_t(c.num_channels);
  size_t bytes = M * C * sizeof(float)     // grad_voxel_feats
                 + N * sizeof(int32_t)     // point2voxel_map
                 + sizeof(int32_t)         // voxel_num
                 + N * C * sizeof(float);  // grad_feats
  if (mode == MLUOP_REDUCEMODE_MAX) {
    bytes +=
        N * C * sizeof(float) + M * C * sizeof(float);  // feats, voxel_feats
  } else if (mode == MLUOP_REDUCEMODE_MEAN) {
    bytes += M * sizeof(int32_t);  // voxel_points_count
  }
  return bytes;
}

inline const char* mode_name(mluOpReduceMode_t mode) {
  switch (mode) {
    case MLUOP_REDUCEMODE_MAX:
      return "max";
    case MLUOP_REDUCEMODE_SUM:
      return "sum";
    case MLUOP_REDUCEMODE_MEAN:
      return "mean";
  }
  return "?";
}

}  // namespace dsb_test
