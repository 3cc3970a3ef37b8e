// three_interpolate_backward (PointNet++): the backward pass of
// three_interpolate, as mmcv's three_interpolate_backward.
//
//   grad_features[b, c, indices[b, n, k]] += grad_output[b, c, n] *
//                                            weights[b, n, k]
//   over n in [0, N) and k in {0, 1, 2}.
//
// Tensors (layout ARRAY, no strides, no broadcast, not in place):
//   grad_output   [B, C, N]  half or float
//   indices       [B, N, 3]  int32
//   weights       [B, N, 3]  same dtype as grad_output
//   grad_features [B, C, M]  same dtype as grad_output (output)
//
// Behaviour the design leaves open, as implemented:
// - grad_features is an output, not an accumulator: every element is
//   written (the operator starts it from zero, as mmcv's example does).
// - half: products and sums are computed in float and rounded to half once.
// - An index outside [0, M-1] (negative or too large) contributes nothing;
//   it never touches memory outside the tensors. Repeated indices within
//   one n add up.
// - NaN and Inf in grad_output or weights propagate as in IEEE arithmetic
//   (mmcv's CUDA kernel returns normally with them too).
//
// Statuses, checks in the design's 防呆 order:
// 1. null handle, descriptor or data pointer           -> BAD_PARAM
// 2. any tensor with zero elements (any of B, C, M, N is 0: the design's
//    rule in docs/ops/three_interpolate_backward.md (parameters and
//    checks), stricter than mmcv, which accepts M = 0)  -> BAD_PARAM
// 3. dtypes, then layouts, then dims/shapes that do not agree -> BAD_PARAM
// 4. a tensor of 2^31 elements or more                  -> NOT_SUPPORTED
#pragma once

#include "xbang/ops/mlu_op_base.h"

#if defined(__cplusplus)
extern "C" {
#endif

mluOpStatus_t MLUOP_WIN_API mluOpThreeInterpolateBackward(
    mluOpHandle_t handle, const mluOpTensorDescriptor_t grad_output_desc,
    const void *grad_output, const mluOpTensorDescriptor_t indices_desc,
    const void *indices, const mluOpTensorDescriptor_t weights_desc,
    const void *weights, const mluOpTensorDescriptor_t grad_features_desc,
    void *grad_features);

#if defined(__cplusplus)
}
#endif
