// Host wrappers of the indice_convolution_forward device kernels
// (indice_convolution_forward_union1.mlu). The host API runs fill, filter
// transpose, then per kernel offset the fused gather-matmul-scatter kernel
// (and for half the cast); the separate gather, matmul and scatter-add
// kernels are the decomposition through the workspace that
// docs/ops/indice_convolution_forward.md (kernels and NRAM) describes, run by
// the tests and timed step by step by the benchmark.
#pragma once

#include <cnrt.h>
#include <xbang/ops/mlu_op.h>

#include <cstddef>
#include <cstdint>

// Step 1 (fill): zeroes `bytes` bytes of GDRAM at `dst`.
cnrtRet_t KernelIndiceConvFill(cnrtDim3_t k_dim, cnrtFunctionType_t k_type,
                               cnrtQueue_t queue, void *dst, size_t bytes);

// Step 2 (transpose): filters of `dtype` (half or float) laid out
// [co, kernel_volume, ci] (NDHWC) or [co, ci, kernel_volume] (NCDHW) into
// [kernel_volume, ci, co] of the same dtype at `filters_transposed`.
cnrtRet_t KernelIndiceConvFilterTranspose(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    mluOpDataType_t dtype, const void *filters, bool filters_ncdhw, int co,
    int kernel_volume, int ci, void *filters_transposed);

// Step 3 (gather), one kernel offset: gathered[l, :] =
// features[input_indices[l], :] for l < pair_num, rows of `ci` elements of
// `dtype`. Rows whose index is outside [0, num_act_in) are skipped (left
// as they were). `contiguous_hint` lets tiles whose indices are one run
// (the sub_m centre offset) use one contiguous copy. `row_copies` copies row
// by row instead of with __gather; the host sets it when the features span
// 2 GiB or more, which the uint32 byte offsets of __gather cannot address.
cnrtRet_t KernelIndiceConvGather(cnrtDim3_t k_dim, cnrtFunctionType_t k_type,
                                 cnrtQueue_t queue, mluOpDataType_t dtype,
                                 const void *features, int num_act_in, int ci,
                                 const int32_t *input_indices, int pair_num,
                                 bool contiguous_hint, bool row_copies,
                                 void *gathered);

// Step 4 (matmul), one kernel offset: matmul_result[pair_num, co] (float) =
// gathered[pair_num, ci] x filter_k[ci, co] (both `dtype`), accumulated in
// float.
cnrtRet_t KernelIndiceConvMatmul(cnrtDim3_t k_dim, cnrtFunctionType_t k_type,
                                 cnrtQueue_t queue, mluOpDataType_t dtype,
                                 const void *gathered, const void *filter_k,
                                 int pair_num, int ci, int co,
                                 float *matmul_result);

// Step 5 (scatter-add), one kernel offset: for l < pair_num whose input
// index is in [0, num_act_in) and output index in [0, num_act_out),
// atomically adds matmul_result[l, :] to output[output_indices[l], :]
// (float, rows of `co`). `contiguous_hint` as for the gather.
cnrtRet_t KernelIndiceConvScatterAdd(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    const float *matmul_result, const int32_t *input_indices,
    const int32_t *output_indices, int pair_num, int num_act_in,
    int num_act_out, int co, bool contiguous_hint, float *output);

// Steps 3 to 5 fused, one kernel offset: gather, matmul and scatter-add of
// each tile of pairs in NRAM (same arguments and skipping rules as the three
// kernels above), without the workspace round trips.
cnrtRet_t KernelIndiceConvGatherMatmulScatter(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    mluOpDataType_t dtype, const void *features, int num_act_in, int ci,
    const void *filter_k, const int32_t *input_indices,
    const int32_t *output_indices, int pair_num, int num_act_out, int co,
    bool contiguous_hint, bool row_copies, float *output);

// Steps 3 to 5 fused for every offset in one launch: the loop over k runs
// in the kernel, each task taking its range of each offset's pairs.
// `indice_pairs` is the whole [K, 2, num_act_in] array, `indice_num` the K
// pair counts in GDRAM; offset `contiguous_offset` (-1: none) gets the
// sub_m centre hint.
cnrtRet_t KernelIndiceConvGatherMatmulScatterAllOffsets(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    mluOpDataType_t dtype, const void *features, int num_act_in, int ci,
    const void *filters_transposed, const int32_t *indice_pairs,
    const int32_t *indice_num, int kernel_volume, int num_act_out, int co,
    int contiguous_offset, bool row_copies, float *output);

// Step 6 (half only): features_out = half(accumulator), round to nearest
// even, `element_num` elements.
cnrtRet_t KernelIndiceConvCastToHalf(cnrtDim3_t k_dim,
                                     cnrtFunctionType_t k_type,
                                     cnrtQueue_t queue,
                                     const float *accumulator,
                                     int64_t element_num, void *features_out);

// The kernels' tiling, for tests that must exceed it: rows per NRAM load of
// the gather kernel for rows of `row_elements` and of the fused kernel, and
// the Ci and Co tiles of the matmul (separate and fused).
int IndiceConvGatherRowsPerLoad(int row_elements, int dtype_bytes);
int IndiceConvFusedRowsPerLoad(int ci, int co, int dtype_bytes);
int IndiceConvMatmulCiTile(int ci, int co);
int IndiceConvMatmulCoTile(int co);
