// indice_convolution_forward (spconv / mmcv SparseConv3d): the forward sparse
// convolution on a rule book. features_out is zeroed, then for every kernel
// offset k and every l < indice_num[k]:
//   features_out[indice_pairs[k, 1, l], :] +=
//       features[indice_pairs[k, 0, l], :] x W_k
// where W_k is the Ci x Co slice of the filters at spatial offset k
// (k = kd * H * W + kh * W + kw).
//
// Described in docs/ops/indice_convolution_forward.md. Behaviour the design
// leaves open or gets wrong, as decided here:
//  - Row 0 of each pair is the INPUT index and row 1 the OUTPUT index, as in
//    mmcv and spconv (the formula in docs/ops/indice_convolution_forward.md
//    (what it computes) swaps them).
//  - filters: NDHWC is [Co, D, H, W, Ci], NCDHW is [Co, Ci, D, H, W], and
//    ARRAY is taken as NDHWC. (The real mlu-ops reads ARRAY as
//    [D, H, W, Ci, Co]; this library does not.)
//  - half accumulates in float: the products and the sums over offsets are
//    float, features_out is rounded to half once at the end.
//  - A pair whose input index is outside [0, numActIn) or whose output index
//    is outside [0, num_act_out) is skipped (its product is never formed, so
//    an Inf in the filters cannot turn it into NaN).
//  - sub_m changes no result. With sub_m set, the centre offset takes a
//    faster path (contiguous copies, one atomic add per tile) for the tiles
//    whose pairs are the identity run l -> l; other tiles use the general
//    path.
//  - Sums over offsets use atomic adds from many cores, so float results may
//    differ in the last bits between runs
//    (docs/ops/indice_convolution_forward.md (accuracy) tolerances).
//
// Checks, in this order (each returns the status and logs one line naming
// it), as in docs/ops/indice_convolution_forward.md (parameters and checks).
// The design lists the zero-element and workspace rules before the dtype,
// layout, shape and inverse rules; here they come after them, because they
// need the shapes to be valid:
//  1. handle, a descriptor, indice_num (or workspace_size for the size
//     function) is null                                   -> BAD_PARAM
//  2. device of the 200 series (arch < 372)               -> ARCH_MISMATCH
//  3. dtypes: features, filters and features_out not all half or all float,
//     indice_pairs not int32                              -> BAD_PARAM
//  4. layouts: features, indice_pairs and features_out not ARRAY, filters
//     not NDHWC / NCDHW / ARRAY                           -> BAD_PARAM
//  5. dims: features [numActIn, Ci], filters 5-D (3-D convolution only),
//     indice_pairs [K, 2, numActIn] with K = D * H * W, features_out
//     [numActOut, Co], Ci and Co agreeing with the filters -> BAD_PARAM
//  6. num_act_out != features_out dims[0]               -> BAD_PARAM
//  7. some indice_num[k] outside [0, numActIn]            -> BAD_PARAM
//  8. a tensor of 2^31 elements or more                   -> NOT_SUPPORTED
//  9. inverse != 0                                        -> NOT_SUPPORTED
// 10. filters with zero elements                          -> BAD_PARAM
// 11. any other tensor with zero elements                 -> SUCCESS, with
//     features_out (if it has elements) zeroed
// 12. a data pointer of a non-empty tensor is null, or workspace is null
//     while workspace_size > 0                            -> BAD_PARAM
// 13. workspace_size smaller than
//     mluOpGetIndiceConvolutionForwardWorkspaceSize says  -> BAD_PARAM
#pragma once

#include "xbang/ops/mlu_op_base.h"

#if defined(__cplusplus)
extern "C" {
#endif

// Workspace bytes mluOpIndiceConvolutionForward needs for these arguments:
// the filters transposed to [K, Ci, Co] and, for half, a float accumulator
// of features_out (the gathered rows and matmul results stay on chip:
// docs/ops/indice_convolution_forward.md (kernels and NRAM)). The design
// declares the result `const size_t`; it is returned through
// `workspace_size`. Runs checks 1 to 10 above and gives 0 for a
// zero-element problem (check 11).
mluOpStatus_t MLUOP_WIN_API mluOpGetIndiceConvolutionForwardWorkspaceSize(
    mluOpHandle_t handle, const mluOpTensorDescriptor_t features_desc,
    const mluOpTensorDescriptor_t filters_desc,
    const mluOpTensorDescriptor_t indice_pairs_desc,
    const mluOpTensorDescriptor_t features_out_desc, const int64_t indice_num[],
    const int64_t num_act_out, const int64_t inverse, const int64_t sub_m,
    size_t *workspace_size);

// features: [numActIn, Ci]; filters: see above; indice_pairs: int32
// [K, 2, numActIn], row 0 input and row 1 output indices; indice_num: host
// array of K counts; features_out: [num_act_out, Co]. All device pointers are
// GDRAM; features_out must not alias the inputs.
mluOpStatus_t MLUOP_WIN_API mluOpIndiceConvolutionForward(
    mluOpHandle_t handle, const mluOpTensorDescriptor_t features_desc,
    const void *features, const mluOpTensorDescriptor_t filters_desc,
    const void *filters, const mluOpTensorDescriptor_t indice_pairs_desc,
    const void *indice_pairs, const int64_t indice_num[],
    const int64_t num_act_out, const int64_t inverse, const int64_t sub_m,
    void *workspace, const size_t workspace_size,
    const mluOpTensorDescriptor_t features_out_desc, void *features_out);

#if defined(__cplusplus)
}
#endif
