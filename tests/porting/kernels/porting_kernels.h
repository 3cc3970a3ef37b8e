// Host wrappers of the porting kernels, declared as mlu-ops declares its
// Kernel* wrappers: dims, function type and queue first, then the tensors.
#pragma once

#include <cnrt.h>
#include <xbang/ops/mlu_op.h>

#include <cstdint>

// y[i] = x[i] * alpha + beta (arithmetic in `data_type`: FLOAT or HALF).
cnrtRet_t KernelScaleShift(cnrtDim3_t k_dim, cnrtFunctionType_t k_type,
                           cnrtQueue_t queue, mluOpDataType_t data_type,
                           const void *x, void *y, int32_t n, float alpha,
                           float beta);

// histogram[c] += weights[c] for every labels[i] == c in [0, num_classes);
// other labels are skipped. A Union kernel: the memory core of each cluster
// stages `weights` in SRAM. num_classes <= kMaxHistogramClasses.
constexpr int32_t kMaxHistogramClasses = 4096;
cnrtRet_t KernelClassHistogram(cnrtDim3_t k_dim, cnrtFunctionType_t k_type,
                               cnrtQueue_t queue, const int32_t *labels,
                               int32_t n, const int32_t *weights,
                               int32_t num_classes, int32_t *histogram);

// output[r][j] = (input[r][col_begin + j] + bias[j]) * 4 for r < rows and
// j < width; input rows are `row_stride_bytes` apart (FLOAT or HALF).
cnrtRet_t KernelCropBias(cnrtDim3_t k_dim, cnrtFunctionType_t k_type,
                         cnrtQueue_t queue, mluOpDataType_t data_type,
                         const void *input, int32_t rows,
                         int64_t row_stride_bytes, int32_t col_begin,
                         int32_t width, const void *bias, void *output);
