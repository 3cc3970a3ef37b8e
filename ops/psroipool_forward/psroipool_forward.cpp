// mluOpPsRoiPoolForward: psRoiPoolForwardParamCheck (the check list of
// docs/ops/psroipool_forward.md, in its order), the task split and the
// launch of the Block kernel.
#include "psroipool_forward/psroipool_forward.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "common/host.h"

namespace {

constexpr const char *kApi = "[mluOpPsRoiPoolForward]";

// The 防呆 list of docs/ops/psroipool_forward.md, in its order: pointers,
// zero elements (sets *zero_element: nothing to compute), parameters 1 to 17,
// the output tensors' layout and shape, large tensors.
mluOpStatus_t psRoiPoolForwardParamCheck(
    mluOpHandle_t handle, const int pooled_height, const int pooled_width,
    const float spatial_scale, const int group_size, const int output_dim,
    const mluOpTensorDescriptor_t input_desc, const void *input,
    const mluOpTensorDescriptor_t rois_desc, const void *rois,
    const mluOpTensorDescriptor_t output_desc, const void *output,
    const mluOpTensorDescriptor_t mapping_channel_desc,
    const void *mapping_channel, bool *zero_element) {
  // Pointers.
  XBANG_HOST_CHECK_NULL(kApi, handle);
  XBANG_HOST_CHECK_NULL(kApi, input_desc);
  XBANG_HOST_CHECK_NULL(kApi, input);
  XBANG_HOST_CHECK_NULL(kApi, rois_desc);
  XBANG_HOST_CHECK_NULL(kApi, rois);
  XBANG_HOST_CHECK_NULL(kApi, output_desc);
  XBANG_HOST_CHECK_NULL(kApi, output);
  XBANG_HOST_CHECK_NULL(kApi, mapping_channel_desc);
  XBANG_HOST_CHECK_NULL(kApi, mapping_channel);

  // Zero elements.
  *zero_element = input_desc->total_element_num == 0;
  if (*zero_element) return MLUOP_STATUS_SUCCESS;
  XBANG_HOST_CHECK(kApi, rois_desc->total_element_num != 0,
                   MLUOP_STATUS_BAD_PARAM,
                   "zero element: rois has no elements");

  // Parameters 1 to 17.
  XBANG_HOST_CHECK(kApi, group_size == pooled_height, MLUOP_STATUS_BAD_PARAM,
                   "param 1: group_size must equal pooled_height");
  XBANG_HOST_CHECK(kApi, pooled_width == pooled_height, MLUOP_STATUS_BAD_PARAM,
                   "param 2: pooled_width must equal pooled_height");
  XBANG_HOST_CHECK(kApi, input_desc->layout == MLUOP_LAYOUT_NHWC,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("param 3: input layout must be NHWC, got ") +
                       mluop::layout_name(input_desc->layout));
  XBANG_HOST_CHECK(kApi, group_size >= 1, MLUOP_STATUS_BAD_PARAM,
                   "param 4: group_size must be at least 1");
  XBANG_HOST_CHECK(kApi, output_dim >= 1, MLUOP_STATUS_BAD_PARAM,
                   "param 5: output_dim must be at least 1");
  XBANG_HOST_CHECK(kApi, spatial_scale > 0, MLUOP_STATUS_BAD_PARAM,
                   "param 6: spatial_scale must be positive");
  XBANG_HOST_CHECK(kApi, rois_desc->dims[1] == 5, MLUOP_STATUS_BAD_PARAM,
                   "param 7: rois_offset (rois dims[1]) must be 5");
  XBANG_HOST_CHECK(kApi, mapping_channel_desc->layout == MLUOP_LAYOUT_NHWC,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("param 8: mapping_channel layout must be NHWC, "
                               "got ") +
                       mluop::layout_name(mapping_channel_desc->layout));
  XBANG_HOST_CHECK(kApi, input_desc->dtype == MLUOP_DTYPE_FLOAT,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("param 9: input dtype must be FLOAT, got ") +
                       mluop::dtype_name(input_desc->dtype));
  XBANG_HOST_CHECK(kApi, rois_desc->dtype == MLUOP_DTYPE_FLOAT,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("param 10: rois dtype must be FLOAT, got ") +
                       mluop::dtype_name(rois_desc->dtype));
  XBANG_HOST_CHECK(kApi, output_desc->dtype == MLUOP_DTYPE_FLOAT,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("param 11: output dtype must be FLOAT, got ") +
                       mluop::dtype_name(output_desc->dtype));
  XBANG_HOST_CHECK(kApi, mapping_channel_desc->dtype == MLUOP_DTYPE_INT32,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("param 12: mapping_channel dtype must be INT32, "
                               "got ") +
                       mluop::dtype_name(mapping_channel_desc->dtype));
  // dims[] past a descriptor's dim are 0, so this is safe before check 14.
  // A product past int64 equals no channel count.
  int64_t channels = 0;
  const bool channels_fit = !__builtin_mul_overflow(
      int64_t(pooled_height) * pooled_width, int64_t(output_dim), &channels);
  XBANG_HOST_CHECK(kApi, channels_fit && input_desc->dims[3] == channels,
                   MLUOP_STATUS_BAD_PARAM,
                   "param 13: input channels must equal pooled_height * "
                   "pooled_width * output_dim");
  XBANG_HOST_CHECK(kApi, input_desc->dim == 4, MLUOP_STATUS_BAD_PARAM,
                   "param 14: input must have 4 dims");
  XBANG_HOST_CHECK(kApi, rois_desc->dim == 2, MLUOP_STATUS_BAD_PARAM,
                   "param 15: rois must have 2 dims");
  XBANG_HOST_CHECK(kApi, output_desc->dim == 4, MLUOP_STATUS_BAD_PARAM,
                   "param 16: output must have 4 dims");
  XBANG_HOST_CHECK(kApi, mapping_channel_desc->dim == 4, MLUOP_STATUS_BAD_PARAM,
                   "param 17: mapping_channel must have 4 dims");

  // The output tensors' layout and shape.
  XBANG_HOST_CHECK(kApi, output_desc->layout == MLUOP_LAYOUT_NHWC,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("output layout must be NHWC, got ") +
                       mluop::layout_name(output_desc->layout));
  const int64_t rois_num = rois_desc->dims[0];
  const int64_t expected_dims[4] = {rois_num, pooled_height, pooled_width,
                                    output_dim};
  const auto has_output_shape = [&](const mluOpTensorDescriptor_t desc) {
    return std::equal(expected_dims, expected_dims + 4, desc->dims);
  };
  XBANG_HOST_CHECK(
      kApi, has_output_shape(output_desc), MLUOP_STATUS_BAD_PARAM,
      "output dims must be [rois_num, pooled_height, pooled_width, "
      "output_dim]");
  XBANG_HOST_CHECK(kApi, has_output_shape(mapping_channel_desc),
                   MLUOP_STATUS_BAD_PARAM,
                   "mapping_channel dims must be [rois_num, pooled_height, "
                   "pooled_width, output_dim]");

  // Large tensors.
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, input_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, rois_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, output_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, mapping_channel_desc);

  return MLUOP_STATUS_SUCCESS;
}

}  // namespace

extern "C" mluOpStatus_t MLUOP_WIN_API mluOpPsRoiPoolForward(
    mluOpHandle_t handle, const int pooled_height, const int pooled_width,
    const float spatial_scale, const int group_size, const int output_dim,
    const mluOpTensorDescriptor_t input_desc, const void *input,
    const mluOpTensorDescriptor_t rois_desc, const void *rois, void *workspace,
    const size_t workspace_size, const mluOpTensorDescriptor_t output_desc,
    void *output, const mluOpTensorDescriptor_t mapping_channel_desc,
    void *mapping_channel) {
  // The kernel needs no workspace (see the header).
  (void)workspace;
  (void)workspace_size;

  bool zero_element = false;
  const mluOpStatus_t status = psRoiPoolForwardParamCheck(
      handle, pooled_height, pooled_width, spatial_scale, group_size,
      output_dim, input_desc, input, rois_desc, rois, output_desc, output,
      mapping_channel_desc, mapping_channel, &zero_element);
  if (status != MLUOP_STATUS_SUCCESS) return status;
  XBANG_HOST_RETURN_IF_ZERO_ELEMENT(zero_element);

  const int64_t rois_num = rois_desc->dims[0];
  cnrtDim3_t k_dim;
  cnrtFunctionType_t k_type;
  mluop::policyBlock(handle, rois_num, &k_dim, &k_type);
  XBANG_HOST_KERNEL_CHECK(
      kApi,
      KernelPsRoiPoolForward(
          k_dim, k_type, handle->queue, (const float *)input,
          (const float *)rois, (float *)output, (int *)mapping_channel,
          int(input_desc->dims[0]), int(input_desc->dims[1]),
          int(input_desc->dims[2]), int(input_desc->dims[3]), pooled_height,
          pooled_width, output_dim, group_size, int(rois_num),
          int(rois_desc->dims[1]), spatial_scale, kPsRoiPoolDefaultGatherPath));
  return MLUOP_STATUS_SUCCESS;
}
