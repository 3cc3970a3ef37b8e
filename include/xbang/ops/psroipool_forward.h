// psroipool_forward (R-FCN): position-sensitive average pooling. Each roi is
// cut into pooled_height x pooled_width bins; bin (ph, pw) averages, for every
// output channel ctop, the input channel c = (ctop * group_size + ph) *
// group_size + pw over the pixels the bin covers, with the semantics of the
// PyTorch CUDA reference psroi_pooling_forward_cuda.
//
// Described in docs/ops/psroipool_forward.md. Behaviour the design leaves open:
//  - Each roi is [batch_id, x1, y1, x2, y2]: the roi layout of the design's
//    parameter table wins over the h-before-w order of its pseudo-code. start =
//    round(x1) * spatial_scale, end = (round(x2) + 1) * spatial_scale (round:
//    half away from zero), the roi size is at least 0.1, a bin is [floor(p *
//    bin + start), ceil((p + 1) * bin + start)) clipped to [0, H] (resp. [0,
//    W]).
//  - The bin bounds are computed in float with every operation rounded on
//    its own (no fused multiply-add), so they can differ from a GPU build of
//    the reference (which fuses) when a bound falls within one ulp of an
//    integer.
//  - batch_id is truncated toward zero, as the reference's int conversion.
//    A roi whose batch_id is outside [0, batch - 1] after truncation, or
//    whose batch_id or coordinates are NaN or Inf, is never read from or
//    written past: its output is all zeros. Its mapping_channel is written
//    as for any roi (it depends on the position only).
//  - An empty bin (after clipping) gives 0; mapping_channel is still c.
//  - NaN or Inf in the input propagate to exactly the bins that read them.
//  - The average is the sum times 1 / bin area (the kernel multiplies by the
//    reciprocal), so outputs match the reference within the criterion of
//    docs/ops/psroipool_forward.md (accuracy) (diff1, diff2 <= 3e-3),
//    not bit for bit; mapping_channel is exact.
//  - The kernel needs no workspace: workspace may be NULL and workspace_size
//    0; both are accepted and ignored.
#pragma once

#include "xbang/ops/mlu_op_base.h"

#if defined(__cplusplus)
extern "C" {
#endif

// input: float [batch, height, width, channels], NHWC;
// rois: float [rois_num, 5], each [batch_id, x1, y1, x2, y2];
// output: float [rois_num, pooled_height, pooled_width, output_dim], NHWC;
// mapping_channel: int32 [rois_num, pooled_height, pooled_width, output_dim],
// NHWC, receiving the input channel each output element averaged.
//
// Checks, in docs/ops/psroipool_forward.md (parameters and checks) order (each
// logs one line naming it):
//  pointers: handle, input_desc, input, rois_desc, rois, output_desc, output,
//    mapping_channel_desc, mapping_channel are not NULL   -> BAD_PARAM
//  zero elements: input with 0 elements                    -> SUCCESS, nothing
//                                                             written
//                 rois with 0 elements                     -> BAD_PARAM
//  parameters (1 to 17)                                    -> BAD_PARAM:
//    1. group_size == pooled_height    2. pooled_width == pooled_height
//    3. input layout NHWC              4. group_size >= 1
//    5. output_dim >= 1                6. spatial_scale > 0
//    7. rois dims[1] == 5              8. mapping_channel layout NHWC
//    9. input float   10. rois float   11. output float
//   12. mapping_channel int32
//   13. input channels == pooled_height * pooled_width * output_dim
//   14. input dim 4   15. rois dim 2   16. output dim 4
//   17. mapping_channel dim 4
//  then output layout NHWC; output and mapping_channel dims
//    [rois_num, pooled_height, pooled_width, output_dim] with rois_num =
//    rois dims[0]                                          -> BAD_PARAM
//  then a tensor of 2^31 elements or more                  -> NOT_SUPPORTED
mluOpStatus_t MLUOP_WIN_API mluOpPsRoiPoolForward(
    mluOpHandle_t handle, const int pooled_height, const int pooled_width,
    const float spatial_scale, const int group_size, const int output_dim,
    const mluOpTensorDescriptor_t input_desc, const void *input,
    const mluOpTensorDescriptor_t rois_desc, const void *rois, void *workspace,
    const size_t workspace_size, const mluOpTensorDescriptor_t output_desc,
    void *output, const mluOpTensorDescriptor_t mapping_channel_desc,
    void *mapping_channel);

#if defined(__cplusplus)
}
#endif
