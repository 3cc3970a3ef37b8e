// CNNL (Cambricon's neural-network library) as far as BANG sources call it
// on the host: names, numeric values and signatures of CNNL. The handle,
// tensor descriptors, cnnlFill_v3, cnnlCopy, cnnlTranspose_v2, cnnlOpTensor,
// cnnlMatMul and the tensor functions below them (copy, pad, slice, concat,
// gather/scatter, reduce, batched products, top-k, unique), the vision
// blocks, and the casts, logic, element-wise math, random numbers,
// convolution, pooling, activation and softmax at the end run on the emulated
// device (the host); they work on the queue set in the handle and have finished
// when they return, like every CNRT queue operation of xbang.
// docs/host-toolkit.md lists the data types and forms each one takes; anything
// else returns CNNL_STATUS_NOT_SUPPORTED with a log line naming the function.
#ifndef XBANG_CNNL_H_
#define XBANG_CNNL_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cnrt.h"

#define CNNL_DIM_MAX 8

#if defined(__cplusplus)
extern "C" {
#endif

typedef enum {
  CNNL_STATUS_SUCCESS = 0,
  CNNL_STATUS_NOT_INITIALIZED = 1,
  CNNL_STATUS_ALLOC_FAILED = 2,
  CNNL_STATUS_BAD_PARAM = 3,
  CNNL_STATUS_INTERNAL_ERROR = 4,
  CNNL_STATUS_ARCH_MISMATCH = 5,
  CNNL_STATUS_EXECUTION_FAILED = 6,
  CNNL_STATUS_NOT_SUPPORTED = 7,
  CNNL_STATUS_NUMERICAL_OVERFLOW = 8,
} cnnlStatus_t;

typedef enum {
  CNNL_LAYOUT_NCHW = 0,
  CNNL_LAYOUT_NHWC = 1,
  CNNL_LAYOUT_HWCN = 2,
  CNNL_LAYOUT_NDHWC = 3,
  CNNL_LAYOUT_ARRAY = 4,
  CNNL_LAYOUT_NCDHW = 5,
  CNNL_LAYOUT_TNC = 6,
  CNNL_LAYOUT_NTC = 7,
  CNNL_LAYOUT_NC = 8,
  CNNL_LAYOUT_NLC = 9,
  CNNL_LAYOUT_NCL = 10,
} cnnlTensorLayout_t;

// The values mlu-ops' mluOpDataType_t shares (it converts by value).
typedef enum {
  CNNL_DTYPE_INVALID = 0,
  CNNL_DTYPE_HALF = 1,
  CNNL_DTYPE_FLOAT = 2,
  CNNL_DTYPE_INT8 = 3,
  CNNL_DTYPE_INT16 = 4,
  CNNL_DTYPE_INT31 = 5,
  CNNL_DTYPE_INT32 = 6,
  CNNL_DTYPE_UINT8 = 7,
  CNNL_DTYPE_BOOL = 8,
  CNNL_DTYPE_INT64 = 9,
  CNNL_DTYPE_UINT32 = 11,
  CNNL_DTYPE_UINT64 = 12,
  CNNL_DTYPE_UINT16 = 13,
  CNNL_DTYPE_DOUBLE = 14,
  CNNL_DTYPE_COMPLEX_HALF = 15,
  CNNL_DTYPE_COMPLEX_FLOAT = 16,
  CNNL_DTYPE_BFLOAT16 = 17,
} cnnlDataType_t;

typedef enum {
  CNNL_POINTER_MODE_HOST = 0,
  CNNL_POINTER_MODE_DEVICE = 1,
} cnnlPointerMode_t;

typedef enum {
  CNNL_NOT_PROPAGATE_NAN = 0,
  CNNL_PROPAGATE_NAN = 1,
} cnnlNanPropagation_t;

typedef enum {
  CNNL_COMPUTATION_FAST = 0,
  CNNL_COMPUTATION_HIGH_PRECISION = 1,
} cnnlComputationPreference_t;

typedef enum {
  CNNL_OP_TENSOR_ADD = 0,
  CNNL_OP_TENSOR_MUL = 1,
  CNNL_OP_TENSOR_SUB = 2,
} cnnlOpTensorDesc_t;

typedef enum {
  CNNL_MATMUL_DESC_COMPUTE_TYPE = 0,
  CNNL_MATMUL_DESC_SCALE_TYPE = 1,
  CNNL_MATMUL_DESC_POINTER_MODE = 2,
  CNNL_MATMUL_DESC_TRANSA = 3,
  CNNL_MATMUL_DESC_TRANSB = 4,
  CNNL_MATMUL_DESC_TRANSC = 5,
  CNNL_MATMUL_DESC_EPILOGUE = 6,
  CNNL_MATMUL_DESC_BIAS_POINTER = 7,
  CNNL_MATMUL_USE_BETA = 8,
  CNNL_MATMUL_CAST_MODE = 9,
  CNNL_MATMUL_USE_STRIDE = 10,
  CNNL_MATMUL_ALLOW_TF32 = 11,
} cnnlMatMulDescAttribute_t;

typedef struct cnnlContext* cnnlHandle_t;
typedef struct cnnlTensorStruct* cnnlTensorDescriptor_t;
typedef struct cnnlOpTensorStruct* cnnlOpTensorDescriptor_t;
typedef struct cnnlTransposeStruct* cnnlTransposeDescriptor_t;
typedef struct cnnlMatMulStruct* cnnlMatMulDescriptor_t;
typedef struct cnnlMatMulAlgoStruct* cnnlMatMulAlgo_t;
typedef struct cnnlMatMulHeuristicResultStruct* cnnlMatMulHeuristicResult_t;
typedef struct cnnlMatMulPreferStruct* cnnlMatMulPrefer_t;

// Handle.
cnnlStatus_t cnnlCreate(cnnlHandle_t* handle);
cnnlStatus_t cnnlDestroy(cnnlHandle_t handle);
cnnlStatus_t cnnlSetQueue(cnnlHandle_t handle, cnrtQueue_t queue);
cnnlStatus_t cnnlGetQueue(cnnlHandle_t handle, cnrtQueue_t* queue);
const char* cnnlGetErrorString(cnnlStatus_t status);

// Tensor descriptors: up to CNNL_DIM_MAX dimensions, dimSize[0] the
// outermost; without strides the tensor is dense.
cnnlStatus_t cnnlCreateTensorDescriptor(cnnlTensorDescriptor_t* desc);
cnnlStatus_t cnnlDestroyTensorDescriptor(cnnlTensorDescriptor_t desc);
cnnlStatus_t cnnlSetTensorDescriptor(cnnlTensorDescriptor_t desc,
                                     cnnlTensorLayout_t layout,
                                     cnnlDataType_t dtype, int dimNb,
                                     const int dimSize[]);
cnnlStatus_t cnnlSetTensorDescriptor_v2(cnnlTensorDescriptor_t desc,
                                        cnnlTensorLayout_t layout,
                                        cnnlDataType_t dtype, int dimNb,
                                        const int64_t dimSize[]);
cnnlStatus_t cnnlSetTensorDescriptorEx(cnnlTensorDescriptor_t desc,
                                       cnnlTensorLayout_t layout,
                                       cnnlDataType_t dtype, int dimNb,
                                       const int dimSize[],
                                       const int dimStride[]);
cnnlStatus_t cnnlSetTensorDescriptorEx_v2(cnnlTensorDescriptor_t desc,
                                          cnnlTensorLayout_t layout,
                                          cnnlDataType_t dtype, int dimNb,
                                          const int64_t dimSize[],
                                          const int64_t dimStride[]);
cnnlStatus_t cnnlSetTensorDescriptorOnchipDataType(cnnlTensorDescriptor_t desc,
                                                   cnnlDataType_t onchip_dtype);
// Fixed-point tensors: value = stored x 2^position / scale. Kept and
// reported by the getters; a computation given a tensor whose position is
// not 0 or whose scale is not 1 answers CNNL_STATUS_NOT_SUPPORTED (no
// fixed-point arithmetic here; the vision blocks do not read them). Setting
// a tensor descriptor resets them.
cnnlStatus_t cnnlSetTensorDescriptorPosition(cnnlTensorDescriptor_t desc,
                                             int position);
cnnlStatus_t cnnlSetTensorDescriptorPositionAndScale(
    cnnlTensorDescriptor_t desc, int position, float scale);
cnnlStatus_t cnnlGetTensorDescriptorPosition(cnnlTensorDescriptor_t desc,
                                             int* position);
cnnlStatus_t cnnlGetTensorDescriptorPositionAndScale(
    cnnlTensorDescriptor_t desc, int* position, float* scale);
// Where a scalar tensor's value lives (host or device memory); both are
// host memory here, so every function reads it the same way.
cnnlStatus_t cnnlSetTensorDescriptorPointerMode(cnnlTensorDescriptor_t desc,
                                                cnnlPointerMode_t pointer_mode);
cnnlStatus_t cnnlGetTensorDescriptorPointerMode(
    cnnlTensorDescriptor_t desc, cnnlPointerMode_t* pointer_mode);
cnnlStatus_t cnnlGetTensorDescriptor(cnnlTensorDescriptor_t desc,
                                     cnnlTensorLayout_t* layout,
                                     cnnlDataType_t* dtype, int* dimNb,
                                     int dimSize[]);
cnnlStatus_t cnnlGetTensorDescriptorEx(cnnlTensorDescriptor_t desc,
                                       cnnlTensorLayout_t* layout,
                                       cnnlDataType_t* dtype, int* dimNb,
                                       int dimSize[], int dimStride[]);
size_t cnnlGetTensorElementNum(cnnlTensorDescriptor_t desc);
// The bytes of one element of data_type (0 and CNNL_STATUS_BAD_PARAM for
// an unknown type).
cnnlStatus_t cnnlGetSizeOfDataType(cnnlDataType_t data_type, size_t* size);

// output = *value, every element; `value` points to one element of the
// output's data type (host or device memory as pointer_mode says).
cnnlStatus_t cnnlFill_v3(cnnlHandle_t handle, cnnlPointerMode_t pointer_mode,
                         const void* value,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output);

// output = input, element by element through both descriptors' strides.
cnnlStatus_t cnnlCopy(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output);

// y = x with its dimensions permuted: y's dimension i is x's permute[i].
cnnlStatus_t cnnlCreateTransposeDescriptor(cnnlTransposeDescriptor_t* desc);
cnnlStatus_t cnnlDestroyTransposeDescriptor(cnnlTransposeDescriptor_t desc);
cnnlStatus_t cnnlSetTransposeDescriptor(cnnlTransposeDescriptor_t desc,
                                        const int dims, const int permute[]);
cnnlStatus_t cnnlGetTransposeWorkspaceSize(cnnlHandle_t handle,
                                           const cnnlTensorDescriptor_t x_desc,
                                           const cnnlTransposeDescriptor_t desc,
                                           size_t* size);
cnnlStatus_t cnnlTranspose_v2(cnnlHandle_t handle,
                              const cnnlTransposeDescriptor_t desc,
                              const cnnlTensorDescriptor_t x_desc,
                              const void* x,
                              const cnnlTensorDescriptor_t y_desc, void* y,
                              void* workspace, size_t workspace_size);
cnnlStatus_t cnnlTranspose(cnnlHandle_t handle,
                           const cnnlTransposeDescriptor_t desc,
                           const cnnlTensorDescriptor_t x_desc, const void* x,
                           const cnnlTensorDescriptor_t y_desc, void* y);

// c = op(alpha1 * a, alpha2 * b) + beta * c, b broadcast to c's shape along
// its dimensions of size 1; alpha1, alpha2 and beta point to host floats
// (int32 tensors: host ints).
cnnlStatus_t cnnlCreateOpTensorDescriptor(cnnlOpTensorDescriptor_t* desc);
cnnlStatus_t cnnlDestroyOpTensorDescriptor(cnnlOpTensorDescriptor_t desc);
cnnlStatus_t cnnlSetOpTensorDescriptor(cnnlOpTensorDescriptor_t desc,
                                       cnnlOpTensorDesc_t op_type,
                                       cnnlDataType_t op_tensor_comp_type,
                                       cnnlNanPropagation_t op_tensor_nan_opt);
cnnlStatus_t cnnlGetOpTensorWorkspaceSize(cnnlHandle_t handle,
                                          const cnnlTensorDescriptor_t a_desc,
                                          const cnnlTensorDescriptor_t b_desc,
                                          const cnnlTensorDescriptor_t c_desc,
                                          size_t* size);
// The same query given the whole call (0: OpTensor needs no workspace).
cnnlStatus_t cnnlGetOpTensorWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlOpTensorDescriptor_t op_desc,
    const void* alpha1, const cnnlTensorDescriptor_t a_desc, const void* a,
    const void* alpha2, const cnnlTensorDescriptor_t b_desc, const void* b,
    const void* beta, const cnnlTensorDescriptor_t c_desc, const void* c,
    size_t* workspace_size);
cnnlStatus_t cnnlOpTensor(
    cnnlHandle_t handle, const cnnlOpTensorDescriptor_t op_tensor_desc,
    const void* alpha1, const cnnlTensorDescriptor_t a_desc, const void* a,
    const void* alpha2, const cnnlTensorDescriptor_t b_desc, const void* b,
    void* workspace, size_t workspace_size, const void* beta,
    const cnnlTensorDescriptor_t c_desc, void* c);

// d = alpha * op(a) op(b) + beta * c for 2-D float or half tensors, op the
// transposition the descriptor's TRANSA / TRANSB attributes ask for,
// computed in float with Eigen; alpha and beta point to host floats. Algorithms
// and heuristic results are accepted and carry no choice: there is one way to
// compute on the host.
cnnlStatus_t cnnlMatMulDescCreate(cnnlMatMulDescriptor_t* desc);
cnnlStatus_t cnnlMatMulDescDestroy(cnnlMatMulDescriptor_t desc);
cnnlStatus_t cnnlCreateMatMulDescriptor(cnnlMatMulDescriptor_t* desc);
cnnlStatus_t cnnlDestroyMatMulDescriptor(cnnlMatMulDescriptor_t desc);
cnnlStatus_t cnnlSetMatMulDescAttr(cnnlMatMulDescriptor_t desc,
                                   cnnlMatMulDescAttribute_t attr,
                                   const void* buf, size_t size_in_bytes);
cnnlStatus_t cnnlMatMulAlgoCreate(cnnlMatMulAlgo_t* algo);
cnnlStatus_t cnnlMatMulAlgoDestroy(cnnlMatMulAlgo_t algo);
cnnlStatus_t cnnlCreateMatMulAlgo(cnnlMatMulAlgo_t* algo);
cnnlStatus_t cnnlDestroyMatMulAlgo(cnnlMatMulAlgo_t algo);
cnnlStatus_t cnnlCreateMatMulHeuristicResult(
    cnnlMatMulHeuristicResult_t* result);
cnnlStatus_t cnnlDestroyMatMulHeuristicResult(
    cnnlMatMulHeuristicResult_t result);
cnnlStatus_t cnnlGetMatMulAlgoHeuristic(
    cnnlHandle_t handle, cnnlMatMulDescriptor_t matmul_desc,
    cnnlTensorDescriptor_t a_desc, cnnlTensorDescriptor_t b_desc,
    cnnlTensorDescriptor_t c_desc, cnnlTensorDescriptor_t d_desc,
    cnnlMatMulPrefer_t preference, int requested_algo_count,
    cnnlMatMulHeuristicResult_t result_array[], int* return_algo_count);
cnnlStatus_t cnnlGetMatMulHeuristicResult(cnnlMatMulHeuristicResult_t result,
                                          cnnlMatMulAlgo_t algo,
                                          size_t* workspace_size);
cnnlStatus_t cnnlMatMul_v2(cnnlHandle_t handle,
                           const cnnlMatMulDescriptor_t matmul_desc,
                           const cnnlMatMulAlgo_t algo, const void* alpha,
                           const cnnlTensorDescriptor_t a_desc, const void* a,
                           const cnnlTensorDescriptor_t b_desc, const void* b,
                           const void* beta,
                           const cnnlTensorDescriptor_t c_desc, void* c,
                           void* workspace, size_t workspace_size,
                           const cnnlTensorDescriptor_t d_desc, void* d);

// ---- Copy_v2, Pad, Transform_v2, StridedSlice_v2, Concat, AddN_v2 ----
// Each runs on the host like the calls above; their workspaces are never
// used (every size query answers 0), so any workspace, NULL included, is
// accepted.

// output = input through both descriptors' strides (cnnlCopy with a
// workspace).
cnnlStatus_t cnnlGetCopyWorkspaceSize(cnnlHandle_t handle,
                                      const cnnlTensorDescriptor_t input_desc,
                                      const cnnlTensorDescriptor_t output_desc,
                                      size_t* workspace_size);
cnnlStatus_t cnnlCopy_v2(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input_desc,
                         const void* input,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         void* workspace, size_t workspace_size);

// output = input surrounded by *padding_value: `paddings` points to
// 2 * rank host int32 values, {before, after} for each dimension from the
// outermost; output's dimension i is input's plus both paddings of i.
// `padding_value` points to one host element of the tensors' data type.
cnnlStatus_t cnnlPad(cnnlHandle_t handle,
                     const cnnlTensorDescriptor_t input_desc, const void* input,
                     const void* paddings, const void* padding_value,
                     const cnnlTensorDescriptor_t output_desc, void* output);

// output = alpha * input + beta, element by element; alpha and beta point
// to one value of the scale type: a float for half and float tensors, an
// int for int32, a {real, imaginary} float pair for complex tensors (host or
// device memory as pointer_mode says; both are host memory here).
cnnlStatus_t cnnlTransform_v2(cnnlHandle_t handle,
                              const cnnlPointerMode_t pointer_mode,
                              const void* alpha,
                              const cnnlTensorDescriptor_t input_desc,
                              const void* input, const void* beta,
                              const cnnlTensorDescriptor_t output_desc,
                              void* output);

// output[i...] = input[begin + i * stride ...] per dimension, Python-style:
// a negative begin or end counts from the dimension's end, end is
// exclusive, a negative stride walks backwards; begin and end are clamped
// to the dimension. output's shape must be the slice's shape.
cnnlStatus_t cnnlStridedSlice_v2(cnnlHandle_t handle,
                                 const cnnlTensorDescriptor_t input_desc,
                                 const void* input, const int64_t begin[],
                                 const int64_t end[], const int64_t stride[],
                                 const cnnlTensorDescriptor_t output_desc,
                                 void* output);

// output = the concat_num inputs joined along `axis` (negative: counted
// from the last dimension); every other dimension and the data type agree.
cnnlStatus_t cnnlGetConcatWorkspaceSize(cnnlHandle_t handle,
                                        const int concat_num, size_t* size);
cnnlStatus_t cnnlConcat(cnnlHandle_t handle, const int concat_num,
                        const int axis,
                        const cnnlTensorDescriptor_t inputs_desc[],
                        const void* const inputs[], void* workspace,
                        size_t workspace_size,
                        const cnnlTensorDescriptor_t output_desc, void* output);

// output = inputs[0] + ... + inputs[input_num - 1]; an input broadcasts to
// output's shape along its dimensions of size 1; output may be an input.
cnnlStatus_t cnnlGetAddNWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_descs[],
    const uint32_t input_num, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlAddN_v2(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input_descs[],
                         const void* const inputs[], const uint32_t input_num,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         void* workspace, size_t workspace_size);
// output = 0 with output[begin:end:stride] = input (int32 arrays, the
// slice as cnnlStridedSlice_v2 takes it over output's shape): the gradient
// of cnnlStridedSlice.
cnnlStatus_t cnnlStridedSliceBackward(cnnlHandle_t handle, const int begin[],
                                      const int end[], const int stride[],
                                      const cnnlTensorDescriptor_t input_desc,
                                      const void* input,
                                      const cnnlTensorDescriptor_t output_desc,
                                      void* output);
// The inverse of cnnlConcat: outputs[n] is the next outputs_desc[n]-sized
// piece of input along axis (negative from the last); every data type.
cnnlStatus_t cnnlGetSplitWorkspaceSize(cnnlHandle_t handle, const int split_num,
                                       size_t* size);
cnnlStatus_t cnnlSplit(cnnlHandle_t handle, const int split_num, const int axis,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input, void* workspace,
                       size_t workspace_size,
                       const cnnlTensorDescriptor_t outputs_desc[],
                       void* outputs[]);
// The gradient of as_strided: output (the base, its elements in row-major
// order) = 0, then each element of input (the view's gradient) added at
// offset + sum(index x strides) of it (overlaps sum); real types. Workspace
// size 0.
cnnlStatus_t cnnlGetAsStridedBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlAsStridedBackward(cnnlHandle_t handle,
                                   const cnnlTensorDescriptor_t input_desc,
                                   const void* input,
                                   const cnnlTensorDescriptor_t output_desc,
                                   void* output, const uint32_t strides[],
                                   const uint32_t offset, void* workspace,
                                   size_t workspace_size);
// cnnlAddN_v2 without a workspace.
cnnlStatus_t cnnlAddN(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_descs[],
                      const void* const inputs[], const uint32_t input_num,
                      const cnnlTensorDescriptor_t output_desc, void* output);

// ---- GatherNd_v2, ScatterNd_v2 ----
// indices (int32 or int64) have shape [..., K]: each row of K numbers names
// a slice params[i0, ..., iK-1, ...] after batch_dims leading dimensions
// that params, indices and output share (TensorFlow's gather_nd).
// output's shape is indices.shape[:-1] + params.shape[batch_dims + K:].
// A row outside params reads zeros.
cnnlStatus_t cnnlGatherNd_v2(cnnlHandle_t handle, const int batch_dims,
                             const cnnlTensorDescriptor_t params_desc,
                             const void* params,
                             const cnnlTensorDescriptor_t indices_desc,
                             const void* indices,
                             const cnnlTensorDescriptor_t output_desc,
                             void* output);
cnnlStatus_t cnnlGatherNd(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t params_desc,
                          const void* params,
                          const cnnlTensorDescriptor_t indices_desc,
                          const void* indices,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output);

// The numbers are xbang's; use the names.
typedef enum {
  CNNL_SCATTERND_ADD = 0,
  CNNL_SCATTERND_SUB = 1,
  CNNL_SCATTERND_MUL = 2,
  CNNL_SCATTERND_UPDATE = 3,
} cnnlScatterNdMode_t;

// output = input, then each slice of updates combined (mode) into the
// output slice its index row names: output[indices[j]] op= updates[j].
// Rows outside output are skipped. input NULL (with input_desc NULL):
// output's own contents are the start.
cnnlStatus_t cnnlScatterNd_v2(
    cnnlHandle_t handle, cnnlScatterNdMode_t mode,
    const cnnlTensorDescriptor_t indices_desc, const void* indices,
    const cnnlTensorDescriptor_t updates_desc, const void* updates,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t output_desc, void* output);

// ---- Reduce_v2 ----
// The numbers are xbang's, except the indices enums, whose values mlu-ops'
// mluOpReduceIndices_t and mluOpIndicesType_t share.
typedef enum {
  CNNL_REDUCE_ADD = 0,
  CNNL_REDUCE_AND = 1,
  CNNL_REDUCE_OR = 2,
  CNNL_REDUCE_MUL = 3,
  CNNL_REDUCE_MAX = 4,
  CNNL_REDUCE_MIN = 5,
  CNNL_REDUCE_AVG = 6,
  CNNL_REDUCE_NORM1 = 7,
  CNNL_REDUCE_NORM2 = 8,
  CNNL_REDUCE_MAX_LAST_INDEX = 9,
  CNNL_REDUCE_MIN_LAST_INDEX = 10,
  CNNL_REDUCE_NORMP = 11,
  CNNL_REDUCE_ASUM = 12,
  CNNL_REDUCE_SUMSQ = 13,
} cnnlReduceOp_t;

typedef enum {
  CNNL_REDUCE_NO_INDICES = 0,
  CNNL_REDUCE_FLATTENED_INDICES = 1,
  CNNL_REDUCE_ONLY_INDICES = 2,
} cnnlReduceIndices_t;

typedef enum {
  CNNL_32BIT_INDICES = 0,
  CNNL_16BIT_INDICES = 1,
} cnnlIndicesType_t;

typedef struct cnnlReduceStruct* cnnlReduceDescriptor_t;

cnnlStatus_t cnnlCreateReduceDescriptor(cnnlReduceDescriptor_t* desc);
cnnlStatus_t cnnlDestroyReduceDescriptor(cnnlReduceDescriptor_t desc);
// axis: the axis_num dimensions reduced (negative: counted from the last;
// {-1} with axis_num 1 on a tensor of rank > 1 still means the last). p is
// the norm of CNNL_REDUCE_NORMP.
cnnlStatus_t cnnlSetReduceDescriptor_v2(
    cnnlReduceDescriptor_t reduce_desc, int axis[], int axis_num,
    cnnlReduceOp_t reduce_op, cnnlDataType_t tensor_type,
    cnnlNanPropagation_t nan_propagation, cnnlReduceIndices_t tensor_indices,
    cnnlIndicesType_t indices_type, float p);
// The first form: cnnlSetReduceDescriptor_v2 without p (NORMP needs the
// _v2 form).
cnnlStatus_t cnnlSetReduceDescriptor(cnnlReduceDescriptor_t reduce_desc,
                                     int axis[], int axis_num,
                                     cnnlReduceOp_t reduce_op,
                                     cnnlDataType_t tensor_type,
                                     cnnlNanPropagation_t nan_propagation,
                                     cnnlReduceIndices_t tensor_indices,
                                     cnnlIndicesType_t indices_type);
cnnlStatus_t cnnlGetReduceOpWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t output_desc,
    const cnnlTensorDescriptor_t indices_desc,
    const cnnlReduceDescriptor_t reduce_desc, size_t* workspace_size_inbytes);
// output = alpha * reduce(input) + beta * output, output's reduced
// dimensions of size 1; alpha and beta point to host floats, NULL meaning
// 1 and 0.
cnnlStatus_t cnnlReduce_v2(
    cnnlHandle_t handle, const cnnlReduceDescriptor_t reduce_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const void* alpha, const void* beta, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t indices_desc, void* indices);

// The BatchMatMul and BatchMatMulBCast descriptors and algorithms of
// CNNL's first batched-product interface (the quantized products take
// them): create, set and read back TRANSA, TRANSB (int32 0 or 1) and
// COMPUTE_TYPE (a cnnlDataType_t as int32). No public header gives the
// attributes' values; these are xbang's.
typedef enum {
  CNNL_BMM_DESC_COMPUTE_TYPE = 0,
  CNNL_BMM_DESC_TRANSA = 1,
  CNNL_BMM_DESC_TRANSB = 2,
} cnnlBatchMatMulDescAttribute_t;
typedef enum {
  CNNL_BMM_BCAST_DESC_COMPUTE_TYPE = 0,
  CNNL_BMM_BCAST_DESC_TRANSA = 1,
  CNNL_BMM_BCAST_DESC_TRANSB = 2,
} cnnlBatchMatMulBCastDescAttribute_t;
typedef struct cnnlBatchMatMulStruct* cnnlBatchMatMulDescriptor_t;
typedef struct cnnlBatchMatMulAlgoStruct* cnnlBatchMatMulAlgo_t;
typedef struct cnnlBatchMatMulBCastStruct* cnnlBatchMatMulBCastDescriptor_t;
typedef struct cnnlBatchMatMulBCastAlgoStruct* cnnlBatchMatMulBCastAlgo_t;
cnnlStatus_t cnnlBatchMatMulDescCreate(cnnlBatchMatMulDescriptor_t* bmm_desc);
cnnlStatus_t cnnlBatchMatMulDescDestroy(cnnlBatchMatMulDescriptor_t bmm_desc);
cnnlStatus_t cnnlSetBatchMatMulDescAttr(cnnlBatchMatMulDescriptor_t bmm_desc,
                                        cnnlBatchMatMulDescAttribute_t attr,
                                        const void* buf, size_t size_in_bytes);
// size_written (may be NULL) receives 4.
cnnlStatus_t cnnlGetBatchMatMulDescAttr(
    const cnnlBatchMatMulDescriptor_t bmm_desc,
    cnnlBatchMatMulDescAttribute_t attr, void* buf, size_t size_in_bytes,
    size_t* size_written);
cnnlStatus_t cnnlBatchMatMulAlgoCreate(cnnlBatchMatMulAlgo_t* algo);
cnnlStatus_t cnnlBatchMatMulAlgoDestroy(cnnlBatchMatMulAlgo_t algo);
cnnlStatus_t cnnlBatchMatMulBCastDescCreate(
    cnnlBatchMatMulBCastDescriptor_t* bmm_bcast_desc);
cnnlStatus_t cnnlBatchMatMulBCastDescDestroy(
    cnnlBatchMatMulBCastDescriptor_t bmm_bcast_desc);
cnnlStatus_t cnnlSetBatchMatMulBCastDescAttr(
    cnnlBatchMatMulBCastDescriptor_t bmm_bcast_desc,
    cnnlBatchMatMulBCastDescAttribute_t attr, const void* buf,
    size_t size_in_bytes);
cnnlStatus_t cnnlGetBatchMatMulBCastDescAttr(
    const cnnlBatchMatMulBCastDescriptor_t bmm_bcast_desc,
    cnnlBatchMatMulBCastDescAttribute_t attr, void* buf, size_t size_in_bytes,
    size_t* size_written);
cnnlStatus_t cnnlBatchMatMulBCastAlgoCreate(cnnlBatchMatMulBCastAlgo_t* algo);
cnnlStatus_t cnnlBatchMatMulBCastAlgoDestroy(cnnlBatchMatMulBCastAlgo_t algo);

// ---- BatchMatMulEx ----
// c = alpha * op(a) op(b) + beta * c over a batch: a and b are [..., m, k]
// and [..., k, n] (op: the descriptor's TRANSA / TRANSB), their batch
// dimensions broadcast to c's [..., m, n] (a missing or size-1 batch
// dimension repeats). float and half, computed in float with Eigen; alpha
// and beta point to host floats. One algorithm, workspace 0.
cnnlStatus_t cnnlGetBatchMatMulExAlgoHeuristic(
    cnnlHandle_t handle, cnnlMatMulDescriptor_t bmm_desc,
    cnnlTensorDescriptor_t a_desc, cnnlTensorDescriptor_t b_desc,
    cnnlTensorDescriptor_t c_desc, cnnlMatMulPrefer_t preference,
    int requested_algo_count, cnnlMatMulHeuristicResult_t result_array[],
    int* return_algo_count);
cnnlStatus_t cnnlGetBatchMatMulExHeuristicResult(
    cnnlMatMulHeuristicResult_t result, cnnlMatMulAlgo_t algo,
    size_t* workspace_size);
cnnlStatus_t cnnlBatchMatMulEx(cnnlHandle_t handle,
                               const cnnlMatMulDescriptor_t bmm_desc,
                               cnnlMatMulAlgo_t algo, const void* alpha,
                               const cnnlTensorDescriptor_t a_desc,
                               const void* a,
                               const cnnlTensorDescriptor_t b_desc,
                               const void* b, const void* beta,
                               const cnnlTensorDescriptor_t c_desc, void* c,
                               void* workspace, size_t workspace_size);
// The same product and queries under the names of CNNL's BatchMatMulBCast_v2
// family.
cnnlStatus_t cnnlGetBatchMatMulAlgoHeuristic(
    cnnlHandle_t handle, cnnlMatMulDescriptor_t bmm_desc,
    cnnlTensorDescriptor_t a_desc, cnnlTensorDescriptor_t b_desc,
    cnnlTensorDescriptor_t c_desc, cnnlMatMulPrefer_t preference,
    int requested_algo_count, cnnlMatMulHeuristicResult_t result_array[],
    int* return_algo_count);
cnnlStatus_t cnnlGetBatchMatMulHeuristicResult(
    cnnlMatMulHeuristicResult_t result, cnnlMatMulAlgo_t algo,
    size_t* workspace_size);
cnnlStatus_t cnnlBatchMatMulBCast_v2(
    cnnlHandle_t handle, const cnnlMatMulDescriptor_t bmm_desc,
    cnnlMatMulAlgo_t algo, const void* alpha,
    const cnnlTensorDescriptor_t a_desc, const void* a,
    const cnnlTensorDescriptor_t b_desc, const void* b, const void* beta,
    const cnnlTensorDescriptor_t c_desc, void* c, void* workspace,
    size_t workspace_size);

// ---- TopKTensor_v3, Unique_v2 ----
// The k largest (or smallest) of input along dim (negative: from the last),
// with their int32 indices along dim. sorted: in order, largest first when
// largest; otherwise in input order. Equal values keep the lower index
// first when lower_index_first. NaN ranks above +inf (a negative NaN below
// -inf).
cnnlStatus_t cnnlGetTopKTensorWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc, int k,
    int dim, bool largest, const cnnlTensorDescriptor_t output_desc,
    const cnnlTensorDescriptor_t index_desc, size_t* workspace_size);
cnnlStatus_t cnnlTopKTensor_v3(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, int k, int dim, bool largest, bool sorted,
    bool lower_index_first, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t index_desc, void* index);

// The numbers are xbang's; use the names.
typedef enum {
  CNNL_UNSORT_FORWARD = 0,
  CNNL_SORT_ASCEND = 1,
  CNNL_UNSORT_REVERSE = 2,
} cnnlUniqueSort_t;

typedef struct cnnlUniqueStruct* cnnlUniqueDescriptor_t;

cnnlStatus_t cnnlCreateUniqueDescriptor(cnnlUniqueDescriptor_t* desc);
cnnlStatus_t cnnlDestroyUniqueDescriptor(cnnlUniqueDescriptor_t desc);
// dim: the dimension whose slices are compared (unique rows of a 2-D
// tensor with dim 0); -1: the flattened tensor.
cnnlStatus_t cnnlSetUniqueDescriptor(cnnlUniqueDescriptor_t unique_desc,
                                     cnnlUniqueSort_t mode, int dim,
                                     bool return_indices, bool return_counts);
cnnlStatus_t cnnlGetUniqueWorkspaceSize(
    cnnlHandle_t handle, const cnnlUniqueDescriptor_t unique_desc,
    const cnnlTensorDescriptor_t input_desc, size_t* workspace_size);
// output = the distinct slices of input (SORT_ASCEND: ascending;
// UNSORT_FORWARD: in order of first appearance; UNSORT_REVERSE: in reverse
// order of last appearance), *output_num their number (int32, device
// memory); indices[i] (int32) = position in output of input's slice i;
// counts[j] (int32) = occurrences of output slice j. indices and counts
// (with their descriptors) may be NULL.
cnnlStatus_t cnnlUnique_v2(
    cnnlHandle_t handle, const cnnlUniqueDescriptor_t unique_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input, void* workspace,
    const size_t workspace_size, int* output_num,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t indices_desc, void* indices,
    const cnnlTensorDescriptor_t counts_desc, void* counts);
// --- SyncBatchNorm (vision block) ------------------------------------------
// C code gets bool, which the vision blocks take, from stdbool.h.
#if !defined(__cplusplus)
#include <stdbool.h>
#endif
// Batch normalisation over several devices, as PyTorch's SyncBatchNorm
// computes it: x is channels-last (NHWC, NDHWC, NLC or NC), C its last
// dimension, statistics per channel over every other dimension. x, y, dz,
// diff_y and diff_x are float or half; mean, invstd, filter, bias and the
// sums are float. The workspaces are empty (size 0).
cnnlStatus_t cnnlGetSyncBatchNormStatsWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size);
// mean = the mean of x per channel; invstd = 1 / sqrt(biased variance + eps).
cnnlStatus_t cnnlSyncBatchNormStats_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    void* workspace, size_t workspace_size, const float eps,
    const cnnlTensorDescriptor_t mean_desc, void* mean,
    const cnnlTensorDescriptor_t invstd_desc, void* invstd);
// Combines the [devices, C] statistics of devices that saw count_all[i]
// elements per channel into the global mean and invstd; the moving
// statistics (both given or both NULL) become
// (1 - momentum) * moving + momentum * batch (the variance unbiased).
cnnlStatus_t cnnlSyncBatchNormGatherStatsWithCounts(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t mean_all_desc,
    const void* mean_all, const cnnlTensorDescriptor_t invstd_all_desc,
    const void* invstd_all, const cnnlTensorDescriptor_t moving_mean_desc,
    void* moving_mean, const cnnlTensorDescriptor_t moving_var_desc,
    void* moving_var, float momentum, float eps,
    const cnnlTensorDescriptor_t count_all_desc, const void* count_all,
    const cnnlTensorDescriptor_t mean_desc, void* mean,
    const cnnlTensorDescriptor_t invstd_desc, void* invstd);
// y = (x - mean) * invstd * filter + bias; filter and bias may both be NULL
// (1 and 0).
cnnlStatus_t cnnlSyncBatchNormElemt(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t mean_desc, const void* mean,
    const cnnlTensorDescriptor_t invstd_desc, const void* invstd,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t bias_desc, const void* bias,
    const cnnlTensorDescriptor_t y_desc, void* y);
cnnlStatus_t cnnlGetSyncBatchnormBackwardReduceWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size);
// Per channel: sum_dy = sum(dz), sum_dy_xmu = sum(dz * (x - mean))
// (needs_input_grad0), dfilter = sum_dy_xmu * invstd (needs_input_grad1),
// dbias = sum_dy (needs_input_grad2); outputs not asked for may be NULL.
cnnlStatus_t cnnlSyncBatchnormBackwardReduce_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t desc_dz, const void* dz,
    const cnnlTensorDescriptor_t desc_x, const void* x,
    const cnnlTensorDescriptor_t desc_mean, const void* mean,
    const cnnlTensorDescriptor_t desc_invstd, const void* invstd,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t desc_dfilter, void* dfilter,
    const cnnlTensorDescriptor_t desc_dbias, void* dbias,
    const cnnlTensorDescriptor_t desc_sum_dy, void* sum_dy,
    const cnnlTensorDescriptor_t desc_sum_dy_xmu, void* sum_dy_xmu,
    const bool needs_input_grad0, const bool needs_input_grad1,
    const bool needs_input_grad2);
// diff_x = (diff_y - mean_dy - (x - mean) * invstd^2 * mean_dy_xmu)
//          * invstd * filter (filter NULL: 1).
cnnlStatus_t cnnlSyncBatchNormBackwardElemt(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t diff_y_desc,
    const void* diff_y, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t mean_desc, const void* mean,
    const cnnlTensorDescriptor_t invstd_desc, const void* invstd,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t mean_dy_desc, const void* mean_dy,
    const cnnlTensorDescriptor_t mean_dy_xmu_desc, const void* mean_dy_xmu,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x);
// As cnnlSyncBatchNormBackwardElemt with mean_dy = sum_dy / N and
// mean_dy_xmu = sum_dy_xmu / N, N the sum of the int32 counts.
cnnlStatus_t cnnlSyncBatchNormBackwardElemtV2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t diff_y_desc,
    const void* diff_y, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t mean_desc, const void* mean,
    const cnnlTensorDescriptor_t invstd_desc, const void* invstd,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t sum_dy_desc, const void* sum_dy,
    const cnnlTensorDescriptor_t sum_dy_xmu_desc, const void* sum_dy_xmu,
    const cnnlTensorDescriptor_t count_desc, const void* count,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x);

// --- RoiAlign and RoiPooling (vision block) --------------------------------
// As mmcv's roi_align and torchvision's roi_pool compute them, on NHWC
// images [N, H, W, C]; a box or roi row is (batch index, x1, y1, x2, y2) in
// image coordinates, scaled by spatial_scale; outputs are
// [rois, pooled_height, pooled_width, C]. Float or half, boxes of the
// image's data type.
typedef struct cnnlRoiAlignStruct* cnnlRoiAlignDescriptor_t;
cnnlStatus_t cnnlCreateRoiAlignDescriptor(cnnlRoiAlignDescriptor_t* desc);
cnnlStatus_t cnnlDestroyRoiAlignDescriptor(cnnlRoiAlignDescriptor_t desc);
// pool_mode 1 averages the bilinear samples of a bin, 0 takes their
// maximum; sampling_ratio > 0 samples per bin edge, 0 adapts to the bin
// size; aligned shifts box coordinates by -0.5 pixel.
cnnlStatus_t cnnlSetRoiAlignDescriptor_v2(
    cnnlRoiAlignDescriptor_t desc, const int pooled_height,
    const int pooled_width, const int sampling_ratio, const float spatial_scale,
    const int pool_mode, const bool aligned);
// Max mode writes the winning sample's coordinates to argmax_x / argmax_y
// (output-shaped, -1 where no sample was taken); they may be NULL in
// average mode.
cnnlStatus_t cnnlRoiAlign_v2(
    cnnlHandle_t handle, const cnnlRoiAlignDescriptor_t roialign_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t boxes_desc, const void* boxes,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t argmax_x_desc, void* argmax_x,
    const cnnlTensorDescriptor_t argmax_y_desc, void* argmax_y);
// grads_image = the gradient of cnnlRoiAlign_v2's output with respect to
// its image (overwritten); max mode (pool_mode 0) reads the argmax tensors.
cnnlStatus_t cnnlRoiAlignBackward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t grads_desc,
    const void* grads, const cnnlTensorDescriptor_t boxes_desc,
    const void* boxes, const cnnlTensorDescriptor_t argmax_x_desc,
    const void* argmax_x, const cnnlTensorDescriptor_t argmax_y_desc,
    const void* argmax_y, const float spatial_scale, const int sampling_ratio,
    const bool aligned, const int pool_mode,
    const cnnlTensorDescriptor_t grads_image_desc, void* grads_image);

typedef enum {
  CNNL_POOLING_MAX = 0,
  CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING = 1,
  CNNL_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING = 2,
  CNNL_POOLING_FIXED = 3,
} cnnlPoolingMode_t;
// CNNL_POOLING_MAX only: the maximum of each bin, argmax (int32,
// output-shaped, may be NULL) its position h * W + w in the image, -1 for
// an empty bin (whose output is 0).
cnnlStatus_t cnnlRoiPoolingForward(cnnlHandle_t handle,
                                   cnnlPoolingMode_t pooling_mode,
                                   const cnnlTensorDescriptor_t input_desc,
                                   const void* input,
                                   const cnnlTensorDescriptor_t rois_desc,
                                   const void* rois, float spatial_scale,
                                   const cnnlTensorDescriptor_t output_desc,
                                   void* output, int* argmax);
// grads_image (overwritten) gathers each output gradient at its argmax.
cnnlStatus_t cnnlRoiPoolingBackward(
    cnnlHandle_t handle, cnnlPoolingMode_t pooling_mode,
    const cnnlTensorDescriptor_t grads_desc, const void* grads,
    const cnnlTensorDescriptor_t rois_desc, const void* rois,
    const cnnlTensorDescriptor_t argmax_desc, const int* argmax,
    const float spatial_scale, const cnnlTensorDescriptor_t grads_image_desc,
    void* grads_image);

// --- Nms (vision block) -----------------------------------------------------
// Greedy non-maximum suppression of 2-D boxes ([boxes, 4], or [4, boxes]
// with input layout 1) by a 1-D confidence: the most confident remaining
// box above the confidence threshold is kept, every box whose IoU with it
// exceeds the IoU threshold is dropped, until max_output_size boxes are
// kept. Batched boxes [batches, boxes, 4] ([batches, 4, boxes]) with a
// [batches, classes, boxes] confidence are selected per batch and class
// (output mode BATCH_AND_CLASS; the other modes take one batch and one
// class). 3-D boxes ([boxes, 7] / [7, boxes]: x, y, z, dx, dy, dz, heading)
// come sorted and without confidence: in input order, with the
// bird's-eye-view IoU of the rotated boxes, every box index kept is written
// (output: int32 room for every box). The attribute numbers are xbang's;
// the mode values are CNNL's.
typedef struct cnnlNmsStruct* cnnlNmsDescriptor_t;
typedef enum {
  CNNL_NMS_BOX_DIAGONAL = 0,  // x1, y1, x2, y2
  CNNL_NMS_BOX_CENTER = 1,    // centre x, centre y, width, height
} cnnlNmsBoxPointMode_t;
typedef enum {
  // int32 / uint32 indices of the kept boxes, [max_output_size].
  CNNL_NMS_OUTPUT_TARGET_INDICES = 0,
  // [max_output_size, 5]: confidence, x1, y1, x2, y2 per kept box.
  CNNL_NMS_OUTPUT_TARGET_CONFIDENCE_AND_POS_1 = 1,
  // [5, max_output_size]: all confidences, then each coordinate.
  CNNL_NMS_OUTPUT_TARGET_CONFIDENCE_AND_POS_2 = 2,
  // int32 [max_output_size, 3]: batch 0, class 0, index per kept box.
  CNNL_NMS_OUTPUT_TARGET_BATCH_AND_CLASS = 3,
} cnnlNmsOutputMode_t;
typedef enum {
  CNNL_NMS_DESC_BOX_MODE = 0,                // cnnlNmsBoxPointMode_t
  CNNL_NMS_DESC_OUTPUT_MODE = 1,             // cnnlNmsOutputMode_t
  CNNL_NMS_DESC_IOU_THRESHOLD = 2,           // float
  CNNL_NMS_DESC_MAX_OUTPUT_SIZE = 3,         // int, >= 0
  CNNL_NMS_DESC_CONFIDENCE_THRESHOLD = 4,    // float
  CNNL_NMS_DESC_OFFSET = 5,                  // float, 0 or 1: added to widths
  CNNL_NMS_DESC_INPUT_LAYOUT = 6,            // int, 0 or 1
  CNNL_NMS_DESC_PAD_TO_MAX_OUTPUT_SIZE = 7,  // bool: zero the unused rows
} cnnlNmsDescAttribute_t;
cnnlStatus_t cnnlCreateNmsDescriptor(cnnlNmsDescriptor_t* desc);
cnnlStatus_t cnnlDestroyNmsDescriptor(cnnlNmsDescriptor_t desc);
// `size_in_bytes` must be the size of the attribute's type.
cnnlStatus_t cnnlSetNmsDescAttr(cnnlNmsDescriptor_t desc,
                                cnnlNmsDescAttribute_t attr, const void* buf,
                                size_t size_in_bytes);
// The positional setters: _v2 sets the output mode, thresholds, maximum
// and input layout; _v5 every attribute, with algo INCLUDE_BOUNDARY
// meaning offset 1 and only CNNL_NMS_HARD_NMS implemented (soft NMS:
// CNNL_STATUS_NOT_SUPPORTED). A refused argument leaves the descriptor as
// it was. No public header gives the values of cnnlNmsAlgo_t and
// cnnlNmsMethodMode_t; these are xbang's.
typedef enum {
  CNNL_NMS_ALGO_EXCLUDE_BOUNDARY = 0,
  CNNL_NMS_ALGO_INCLUDE_BOUNDARY = 1,
} cnnlNmsAlgo_t;
typedef enum {
  CNNL_NMS_HARD_NMS = 0,
  CNNL_NMS_SOFT_NMS_LINEAR = 1,
  CNNL_NMS_SOFT_NMS_GAUSSIAN = 2,
} cnnlNmsMethodMode_t;
cnnlStatus_t cnnlSetNmsDescriptor_v2(cnnlNmsDescriptor_t desc,
                                     const cnnlNmsOutputMode_t mode,
                                     const float iou_threshold,
                                     const int max_output_size,
                                     const float confidence_threshold,
                                     const int input_layout);
cnnlStatus_t cnnlSetNmsDescriptor_v5(
    cnnlNmsDescriptor_t desc, const cnnlNmsBoxPointMode_t box_mode,
    const cnnlNmsOutputMode_t output_mode, const cnnlNmsAlgo_t algo,
    const cnnlNmsMethodMode_t method_mode, const float iou_threshold,
    const float soft_nms_sigma, const int max_output_size,
    const float confidence_threshold, const float offset,
    const int input_layout, const bool pad_to_max_output_size);
// Earlier forms of the workspace query (0 bytes).
cnnlStatus_t cnnlGetNmsWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t confidence_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlGetNmsWorkspaceSize_v3(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t boxes_desc,
    const cnnlTensorDescriptor_t confidence_desc, size_t* workspace_size);
cnnlStatus_t cnnlGetNmsWorkspaceSize_v4(
    cnnlHandle_t handle, const cnnlNmsDescriptor_t nms_desc,
    const cnnlTensorDescriptor_t boxes_desc,
    const cnnlTensorDescriptor_t confidence_desc, size_t* workspace_size);
// Boxes and confidence float or half; *output_size (int32) the number kept.
cnnlStatus_t cnnlNms_v2(cnnlHandle_t handle, const cnnlNmsDescriptor_t nms_desc,
                        const cnnlTensorDescriptor_t boxes_desc,
                        const void* boxes,
                        const cnnlTensorDescriptor_t confidence_desc,
                        const void* confidence, void* workspace,
                        size_t workspace_size,
                        const cnnlTensorDescriptor_t output_desc, void* output,
                        void* output_size);

// --- DCN (vision block) -----------------------------------------------------
// Modulated deformable convolution (DCNv2, as mmcv's
// modulated_deform_conv computes it) on NHWC tensors: input [N, Hi, Wi, Ci],
// offset [N, Ho, Wo, dg * kh * kw * 2] ((dy, dx) per deformable group and
// kernel point), mask [N, Ho, Wo, dg * kh * kw] or NULL (1), filter
// [Co, kh, kw, Ci / conv_group], bias [Co] or NULL, output [N, Ho, Wo, Co].
// Float or half, one data type for all; sums in double; workspaces empty.
typedef struct cnnlDCNStruct* cnnlDCNDescriptor_t;
cnnlStatus_t cnnlCreateDCNDescriptor(cnnlDCNDescriptor_t* dcn_desc);
cnnlStatus_t cnnlDestroyDCNDescriptor(cnnlDCNDescriptor_t dcn_desc);
// dimNb 4; pad {top, bottom, left, right}, stride and dilation {h, w};
// im2col_step only bounds how many images the hardware processes at once
// (it must divide N); compute_type float.
cnnlStatus_t cnnlSetDCNDescriptor(cnnlDCNDescriptor_t dcn_desc, int dimNb,
                                  const int pad[], const int stride[],
                                  const int dilation[], int deformable_group,
                                  int conv_group, int im2col_step,
                                  const cnnlDataType_t compute_type);
cnnlStatus_t cnnlGetDCNForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t offset_desc,
    const cnnlTensorDescriptor_t mask_desc,
    const cnnlTensorDescriptor_t filter_desc,
    const cnnlTensorDescriptor_t bias_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* size);
cnnlStatus_t cnnlDCNForward(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t offset_desc, const void* offset,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t bias_desc, const void* bias, void* workspace,
    size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output);
// CNNL spells this query "Bakcward".
cnnlStatus_t cnnlGetDCNBakcwardDataWorkspaceSize(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t offset_desc,
    const cnnlTensorDescriptor_t mask_desc,
    const cnnlTensorDescriptor_t filter_desc,
    const cnnlTensorDescriptor_t grad_output_desc,
    const cnnlTensorDescriptor_t grad_input_desc,
    const cnnlTensorDescriptor_t grad_offset_desc,
    const cnnlTensorDescriptor_t grad_mask_desc, size_t* workspace_size);
// The gradients of the output with respect to input, offset and mask
// (grad_mask NULL when mask is); each is overwritten.
cnnlStatus_t cnnlDCNBackwardData(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t offset_desc, const void* offset,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t grad_output_desc, const void* grad_output,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t grad_input_desc, void* grad_input,
    const cnnlTensorDescriptor_t grad_offset_desc, void* grad_offset,
    const cnnlTensorDescriptor_t grad_mask_desc, void* grad_mask);
cnnlStatus_t cnnlGetDCNBackwardWeightWorkspaceSize(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t offset_desc,
    const cnnlTensorDescriptor_t mask_desc,
    const cnnlTensorDescriptor_t grad_output_desc,
    const cnnlTensorDescriptor_t grad_filter_desc,
    const cnnlTensorDescriptor_t grad_bias_desc, size_t* size);
// The gradients with respect to filter and bias (grad_bias may be NULL);
// overwritten.
cnnlStatus_t cnnlDCNBackwardWeight(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t offset_desc, const void* offset,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t grad_output_desc, const void* grad_output,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t grad_filter_desc, void* grad_filter,
    const cnnlTensorDescriptor_t grad_bias_desc, void* grad_bias);

// ---- CastDataType, Expand, LogicOp, Reduce ----
// Enum values marked "xbang's" are xbang's numbering: use the names.

// output = input converted to the cast's destination type, element by
// element through both descriptors' strides; input and output have the
// cast's source and destination types and one shape. Floating point to
// integer truncates toward zero and saturates (NaN gives 0); to bool tests
// for non-zero; to half / bfloat16 rounds to nearest even. Casts from or to
// complex types answer CNNL_STATUS_NOT_SUPPORTED. Values are xbang's.
typedef enum {
  CNNL_CAST_BFLOAT16_TO_BOOL = 0,
  CNNL_CAST_BFLOAT16_TO_COMPLEX_FLOAT = 1,
  CNNL_CAST_BFLOAT16_TO_COMPLEX_HALF = 2,
  CNNL_CAST_BFLOAT16_TO_FLOAT = 3,
  CNNL_CAST_BOOL_TO_BFLOAT16 = 4,
  CNNL_CAST_BOOL_TO_COMPLEX_FLOAT = 5,
  CNNL_CAST_BOOL_TO_COMPLEX_HALF = 6,
  CNNL_CAST_BOOL_TO_FLOAT = 7,
  CNNL_CAST_BOOL_TO_HALF = 8,
  CNNL_CAST_BOOL_TO_INT32 = 9,
  CNNL_CAST_COMPLEX_DOUBLE_TO_COMPLEX_FLOAT = 10,
  CNNL_CAST_COMPLEX_FLOAT_TO_BFLOAT16 = 11,
  CNNL_CAST_COMPLEX_FLOAT_TO_BOOL = 12,
  CNNL_CAST_COMPLEX_FLOAT_TO_COMPLEX_DOUBLE = 13,
  CNNL_CAST_COMPLEX_FLOAT_TO_COMPLEX_HALF = 14,
  CNNL_CAST_COMPLEX_FLOAT_TO_FLOAT = 15,
  CNNL_CAST_COMPLEX_FLOAT_TO_HALF = 16,
  CNNL_CAST_COMPLEX_FLOAT_TO_INT16 = 17,
  CNNL_CAST_COMPLEX_FLOAT_TO_INT32 = 18,
  CNNL_CAST_COMPLEX_FLOAT_TO_INT64 = 19,
  CNNL_CAST_COMPLEX_FLOAT_TO_INT8 = 20,
  CNNL_CAST_COMPLEX_FLOAT_TO_UINT8 = 21,
  CNNL_CAST_COMPLEX_HALF_TO_COMPLEX_FLOAT = 22,
  CNNL_CAST_COMPLEX_HALF_TO_INT16 = 23,
  CNNL_CAST_COMPLEX_HALF_TO_INT8 = 24,
  CNNL_CAST_COMPLEX_HALF_TO_UINT8 = 25,
  CNNL_CAST_DOUBLE_TO_COMPLEX_FLOAT = 26,
  CNNL_CAST_DOUBLE_TO_FLOAT = 27,
  CNNL_CAST_FLOAT_TO_BFLOAT16 = 28,
  CNNL_CAST_FLOAT_TO_BOOL = 29,
  CNNL_CAST_FLOAT_TO_COMPLEX_FLOAT = 30,
  CNNL_CAST_FLOAT_TO_COMPLEX_HALF = 31,
  CNNL_CAST_FLOAT_TO_DOUBLE = 32,
  CNNL_CAST_FLOAT_TO_HALF = 33,
  CNNL_CAST_FLOAT_TO_INT16 = 34,
  CNNL_CAST_FLOAT_TO_INT32 = 35,
  CNNL_CAST_FLOAT_TO_INT64 = 36,
  CNNL_CAST_FLOAT_TO_INT8 = 37,
  CNNL_CAST_FLOAT_TO_UINT8 = 38,
  CNNL_CAST_HALF_TO_BOOL = 39,
  CNNL_CAST_HALF_TO_COMPLEX_FLOAT = 40,
  CNNL_CAST_HALF_TO_COMPLEX_HALF = 41,
  CNNL_CAST_HALF_TO_FLOAT = 42,
  CNNL_CAST_HALF_TO_INT16 = 43,
  CNNL_CAST_HALF_TO_INT32 = 44,
  CNNL_CAST_HALF_TO_INT64 = 45,
  CNNL_CAST_HALF_TO_INT8 = 46,
  CNNL_CAST_HALF_TO_UINT8 = 47,
  CNNL_CAST_INT16_TO_COMPLEX_FLOAT = 48,
  CNNL_CAST_INT16_TO_COMPLEX_HALF = 49,
  CNNL_CAST_INT16_TO_FLOAT = 50,
  CNNL_CAST_INT16_TO_HALF = 51,
  CNNL_CAST_INT16_TO_INT32 = 52,
  CNNL_CAST_INT32_TO_BFLOAT16 = 53,
  CNNL_CAST_INT32_TO_BOOL = 54,
  CNNL_CAST_INT32_TO_COMPLEX_FLOAT = 55,
  CNNL_CAST_INT32_TO_COMPLEX_HALF = 56,
  CNNL_CAST_INT32_TO_FLOAT = 57,
  CNNL_CAST_INT32_TO_HALF = 58,
  CNNL_CAST_INT32_TO_INT16 = 59,
  CNNL_CAST_INT32_TO_INT64 = 60,
  CNNL_CAST_INT32_TO_INT8 = 61,
  CNNL_CAST_INT32_TO_UINT8 = 62,
  CNNL_CAST_INT64_TO_COMPLEX_FLOAT = 63,
  CNNL_CAST_INT64_TO_COMPLEX_HALF = 64,
  CNNL_CAST_INT64_TO_FLOAT = 65,
  CNNL_CAST_INT64_TO_HALF = 66,
  CNNL_CAST_INT64_TO_INT32 = 67,
  CNNL_CAST_INT8_TO_COMPLEX_FLOAT = 68,
  CNNL_CAST_INT8_TO_COMPLEX_HALF = 69,
  CNNL_CAST_INT8_TO_FLOAT = 70,
  CNNL_CAST_INT8_TO_HALF = 71,
  CNNL_CAST_INT8_TO_INT16 = 72,
  CNNL_CAST_INT8_TO_INT32 = 73,
  CNNL_CAST_UINT8_TO_COMPLEX_FLOAT = 74,
  CNNL_CAST_UINT8_TO_COMPLEX_HALF = 75,
  CNNL_CAST_UINT8_TO_FLOAT = 76,
  CNNL_CAST_UINT8_TO_HALF = 77,
  CNNL_CAST_UINT8_TO_INT32 = 78,
  CNNL_CAST_UINT8_TO_INT64 = 79,
} cnnlCastDataType_t;
cnnlStatus_t cnnlCastDataType(cnnlHandle_t handle,
                              const cnnlTensorDescriptor_t input_desc,
                              const void* input,
                              const cnnlCastDataType_t cast_type,
                              const cnnlTensorDescriptor_t output_desc,
                              void* output);

// output = input broadcast to output's shape (NumPy rules: dimensions
// aligned from the last; input's missing or size-1 dimensions repeat). Any
// data type; both of one type.
cnnlStatus_t cnnlExpand(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);

// output = input1 op input2, element by element, both inputs broadcast to
// output's shape (NumPy rules); 1 for true, 0 for false, stored in output's
// type (bool or any real type). AND, OR, XOR and NOT read non-zero as true;
// NOT reads input1 only. Inputs of one real type. Workspace size 0.
// Values are xbang's.
typedef enum {
  CNNL_LOGIC_OP_EQ = 0,
  CNNL_LOGIC_OP_NE = 1,
  CNNL_LOGIC_OP_LT = 2,
  CNNL_LOGIC_OP_LE = 3,
  CNNL_LOGIC_OP_GT = 4,
  CNNL_LOGIC_OP_GE = 5,
  CNNL_LOGIC_OP_AND = 6,
  CNNL_LOGIC_OP_OR = 7,
  CNNL_LOGIC_OP_XOR = 8,
  CNNL_LOGIC_OP_NOT = 9,
} cnnlLogicOp_t;
cnnlStatus_t cnnlGetLogicOpWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const cnnlTensorDescriptor_t input2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlLogicOp(cnnlHandle_t handle, const cnnlLogicOp_t logic_op,
                         const cnnlTensorDescriptor_t input1_desc,
                         const void* input1,
                         const cnnlTensorDescriptor_t input2_desc,
                         const void* input2, void* workspace,
                         size_t workspace_size,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output);

// cnnlReduce_v2 in the argument order of CNNL's first form; the indices of
// MAX / MIN are not written (indices_size_inbytes and indices are
// accepted and left alone).
cnnlStatus_t cnnlGetReduceOpWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t output_desc,
    const cnnlReduceDescriptor_t reduce_op, size_t* workspace_size_inbytes);
cnnlStatus_t cnnlReduce(cnnlHandle_t handle,
                        const cnnlReduceDescriptor_t reduce_desc,
                        void* workspace, size_t workspace_size,
                        const void* alpha,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input, const size_t indices_size_inbytes,
                        void* indices, const void* beta,
                        const cnnlTensorDescriptor_t output_desc, void* output);

// cnnlStridedSlice_v2 with int32 begin, end and stride.
cnnlStatus_t cnnlStridedSlice(cnnlHandle_t handle,
                              const cnnlTensorDescriptor_t input_desc,
                              const void* input, const int begin[],
                              const int end[], const int stride[],
                              const cnnlTensorDescriptor_t output_desc,
                              void* output);

// output = input's slices along dim (negative: from the last) at the int32
// or int64 indices of a 1-D index (negative: from the end), as PyTorch's
// index_select; output is input's shape with dim the index count. Any data
// type. An index outside dim is a bad parameter (nothing written).
cnnlStatus_t cnnlIndexSelect(
    cnnlHandle_t handle, int dim, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, const cnnlTensorDescriptor_t output_desc, void* output);

// ---- Convolution, pooling, activation, softmax (oneDNN) ----
// Computed by oneDNN in float: half and bfloat16 tensors are converted to
// float and back. Image tensors are 4-D, NCHW or NHWC as their descriptor's
// layout says (each descriptor its own), with any strides. alpha and beta
// point to host floats or are NULL (1 and 0): y = alpha * f(x) + beta * y.

// 2-D convolution: x [N, C, H, W] (NCHW) or [N, H, W, C] (NHWC); filter
// [Co, C / group, kh, kw] (NCHW) or [Co, kh, kw, C / group] (NHWC, HWCN
// not accepted); y [N, Co, Ho, Wo] / [N, Ho, Wo, Co] with
// Ho = (H + pad_top + pad_bottom - dilation_h * (kh - 1) - 1) / stride_h + 1;
// bias NULL or Co elements. Workspace size 0.
typedef struct cnnlConvolutionStruct* cnnlConvolutionDescriptor_t;
// Values are xbang's.
typedef enum {
  CNNL_CONVOLUTION_FWD_ALGO_DIRECT = 0,
  CNNL_CONVOLUTION_FWD_ALGO_GEMM = 1,
} cnnlConvolutionForwardAlgo_t;
typedef enum {
  CNNL_CONVOLUTION_FWD_FASTEST = 0,
} cnnlConvolutionFwdPreference_t;
cnnlStatus_t cnnlCreateConvolutionDescriptor(
    cnnlConvolutionDescriptor_t* conv_desc);
cnnlStatus_t cnnlDestroyConvolutionDescriptor(
    cnnlConvolutionDescriptor_t conv_desc);
// dimNb 4 (2-D convolution; 5, 3-D, answers CNNL_STATUS_NOT_SUPPORTED):
// pad {top, bottom, left, right}, stride and dilation {h, w}, all
// non-negative (stride and dilation positive); compute_type float, half
// or bfloat16 (the sums are float either way).
cnnlStatus_t cnnlSetConvolutionDescriptor(cnnlConvolutionDescriptor_t conv_desc,
                                          int dimNb, const int pad[],
                                          const int stride[],
                                          const int dilation[], int group_count,
                                          cnnlDataType_t compute_type);
// PyTorch's fold: the columns col [N, C x kh x kw, oh x ow] summed back
// into y (NCHW [N, C, H, W], zeroed first), the window kh x kw from
// w_desc's last two dimensions, padding, stride and dilation from
// conv_desc. Float types; workspace size 0.
cnnlStatus_t cnnlGetCol2ImWorkspaceSize(cnnlHandle_t handle,
                                        const cnnlTensorDescriptor_t col_desc,
                                        const cnnlTensorDescriptor_t w_desc,
                                        const cnnlTensorDescriptor_t y_desc,
                                        size_t* workspace_size);
cnnlStatus_t cnnlCol2Im(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t col_desc, const void* col,
                        const cnnlTensorDescriptor_t w_desc,
                        const cnnlConvolutionDescriptor_t conv_desc,
                        void* workspace, size_t workspace_size,
                        const cnnlTensorDescriptor_t y_desc, void* y);
// allow_tf32 0 or 1: whether float products may round through TF32. The
// products here are float throughout, which TF32 permission allows.
cnnlStatus_t cnnlSetConvolutionDescriptorAllowTF32(
    cnnlConvolutionDescriptor_t conv_desc, int allow_tf32);
cnnlStatus_t cnnlGetConvolutionForwardAlgorithm(
    cnnlHandle_t handle, const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlTensorDescriptor_t x_desc, const cnnlTensorDescriptor_t w_desc,
    const cnnlTensorDescriptor_t y_desc,
    const cnnlConvolutionFwdPreference_t preference,
    cnnlConvolutionForwardAlgo_t* algo);
cnnlStatus_t cnnlGetConvolutionForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t w_desc, const cnnlTensorDescriptor_t y_desc,
    const cnnlTensorDescriptor_t bias_desc,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionForwardAlgo_t algo, size_t* workspace_size);
// y = alpha * (conv(x, w) + bias) + beta * y.
cnnlStatus_t cnnlConvolutionForward(
    cnnlHandle_t handle, const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionForwardAlgo_t algo, const void* alpha,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t w_desc, const void* w,
    const cnnlTensorDescriptor_t bias_desc, const void* bias, void* workspace,
    size_t workspace_size, const void* beta,
    const cnnlTensorDescriptor_t y_desc, void* y);

// The gradients of y = conv(x, w) (bias left out): diff_x = alpha *
// d(sum diff_y * y)/dx + beta * diff_x, and diff_w likewise; the shapes,
// layouts and types of the forward call. Workspace size 0. Values are
// xbang's.
typedef enum {
  CNNL_CONVOLUTION_BWD_DATA_ALGO_DIRECT = 0,
} cnnlConvolutionBwdDataAlgo_t;
typedef enum {
  CNNL_CONVOLUTION_BWD_DATA_FASTEST = 0,
} cnnlConvolutionBwdDataPreference_t;
typedef enum {
  CNNL_CONVOLUTION_BWD_FILTER_ALGO_DIRECT = 0,
} cnnlConvolutionBwdFilterAlgo_t;
typedef enum {
  CNNL_CONVOLUTION_BWD_FILTER_FASTEST = 0,
} cnnlConvolutionBwdFilterPreference_t;
cnnlStatus_t cnnlGetConvolutionBackwardDataAlgorithm(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t w_desc,
    const cnnlTensorDescriptor_t diff_y_desc,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlTensorDescriptor_t diff_x_desc,
    const cnnlConvolutionBwdDataPreference_t preference,
    cnnlConvolutionBwdDataAlgo_t* algo);
cnnlStatus_t cnnlGetConvolutionBackwardDataWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t w_desc,
    const cnnlTensorDescriptor_t diff_y_desc,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlTensorDescriptor_t diff_x_desc,
    const cnnlConvolutionBwdDataAlgo_t algo, size_t* workspace_size);
cnnlStatus_t cnnlConvolutionBackwardData(
    cnnlHandle_t handle, const void* alpha, const cnnlTensorDescriptor_t w_desc,
    const void* w, const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionBwdDataAlgo_t algo, void* workspace,
    size_t workspace_size, const void* beta,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x);
cnnlStatus_t cnnlGetConvolutionBackwardFilterAlgorithm(
    cnnlHandle_t handle, const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t diff_y_desc,
    const cnnlTensorDescriptor_t diff_w_desc,
    const cnnlConvolutionBwdFilterPreference_t preference,
    cnnlConvolutionBwdFilterAlgo_t* algo);
cnnlStatus_t cnnlGetConvolutionBackwardFilterWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t diff_y_desc,
    const cnnlTensorDescriptor_t diff_w_desc,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionBwdFilterAlgo_t algo, size_t* workspace_size);
cnnlStatus_t cnnlConvolutionBackwardFilter(
    cnnlHandle_t handle, const void* alpha, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionBwdFilterAlgo_t algo, void* workspace,
    size_t workspace_size, const void* beta,
    const cnnlTensorDescriptor_t diff_w_desc, void* diff_w);

// 2-D pooling of x [N, C, H, W] / [N, H, W, C] into y: MAX (padding never
// wins) or the averages counting (INCLUDE_PADDING) or not counting
// (EXCLUDE_PADDING) padded cells. Ho = (H + pad_top + pad_bottom -
// dilation_h * (kh - 1) - 1) / stride_h + 1, rounded up with ceil_mode (the
// cells beyond the bottom / right edge count as padding). Workspace size 0.
typedef struct cnnlPoolingStruct* cnnlPoolingDescriptor_t;
cnnlStatus_t cnnlCreatePoolingDescriptor(cnnlPoolingDescriptor_t* desc);
cnnlStatus_t cnnlDestroyPoolingDescriptor(cnnlPoolingDescriptor_t desc);
cnnlStatus_t cnnlSetPooling2dDescriptor(
    cnnlPoolingDescriptor_t pooling_desc, cnnlPoolingMode_t mode,
    cnnlNanPropagation_t maxpooling_nan_opt, int window_height,
    int window_width, int top_padding, int bottom_padding, int left_padding,
    int right_padding, int vertical_stride, int horizon_stride);
cnnlStatus_t cnnlSetPooling2dDescriptor_v2(
    cnnlPoolingDescriptor_t pooling_desc, cnnlPoolingMode_t mode,
    cnnlNanPropagation_t maxpooling_nan_opt, int window_height,
    int window_width, int top_padding, int bottom_padding, int left_padding,
    int right_padding, int vertical_stride, int horizon_stride,
    int vertical_dilation, int horizon_dilation, bool ceil_mode);
cnnlStatus_t cnnlGetPoolingWorkspaceSize(cnnlHandle_t handle,
                                         cnnlPoolingMode_t mode, int output_w,
                                         int output_h, size_t* workspace_size);
cnnlStatus_t cnnlPoolingForward(cnnlHandle_t handle,
                                const cnnlPoolingDescriptor_t pooling_desc,
                                const void* alpha,
                                const cnnlTensorDescriptor_t x_desc,
                                const void* x, const void* beta,
                                const cnnlTensorDescriptor_t y_desc, void* y,
                                void* workspace, size_t workspace_size);
// diff_x = alpha * the gradient of the pooling of x given diff_y + beta *
// diff_x (max: each diff_y to its window's first maximum; averages: spread
// over the window's counted cells). diff_x has x's shape, layout and type;
// y (the forward output or an index tensor) is not read and may be NULL.
cnnlStatus_t cnnlPoolingBackward(
    cnnlHandle_t handle, const cnnlPoolingDescriptor_t pooling_desc,
    const void* alpha, const cnnlTensorDescriptor_t y_desc, const void* y,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t x_desc, const void* x, const void* beta,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x);

// y = alpha * f(x) + beta * y element by element, x and y of one shape and
// type (float, half, bfloat16). f: RELU max(x, 0); LEAKYRELU x or coef * x;
// RELU6 min(max(x, 0), 6); SIGMOID; TANH; ELU coef * (exp(x) - 1) below 0;
// SELU scale * (x or gamma * (exp(x) - 1)); GELU x * Phi(x) (approximate:
// the tanh form); SILU x * sigmoid(x); HARDSWISH x * relu6(x + 3) / 6;
// HARDSIGMOID max(0, min(1, gamma * x + scale)); IDENTITY. The other modes
// answer CNNL_STATUS_NOT_SUPPORTED. Values are xbang's.
typedef enum {
  CNNL_ACTIVATION_SIGMOID = 0,
  CNNL_ACTIVATION_RELU = 1,
  CNNL_ACTIVATION_TANH = 2,
  CNNL_ACTIVATION_CLIPPED_RELU = 3,
  CNNL_ACTIVATION_ELU = 4,
  CNNL_ACTIVATION_IDENTITY = 5,
  CNNL_ACTIVATION_SELU = 6,
  CNNL_ACTIVATION_GELU = 7,
  CNNL_ACTIVATION_LEAKYRELU = 8,
  CNNL_ACTIVATION_TF_LEAKYRELU = 9,
  CNNL_ACTIVATION_CAFFE_RELU6 = 10,
  CNNL_ACTIVATION_GLU = 11,
  CNNL_ACTIVATION_HARDSIGMOID = 12,
  CNNL_ACTIVATION_HARDSWISH = 13,
  CNNL_ACTIVATION_HARDSHRINK = 14,
  CNNL_ACTIVATION_SOFTSHRINK = 15,
  CNNL_ACTIVATION_LOGSIGMOID = 16,
  CNNL_ACTIVATION_ELU_V2 = 17,
  CNNL_ACTIVATION_RELU6 = 18,
  CNNL_ACTIVATION_SILU = 19,
  CNNL_ACTIVATION_ERFC = 20,
} cnnlActivationMode_t;
typedef enum {
  CNNL_ACTIVATION_FAST = 0,
  CNNL_ACTIVATION_HIGH_PRECISION = 1,
} cnnlActivationPreference_t;
typedef struct cnnlActivationStruct* cnnlActivationDescriptor_t;
cnnlStatus_t cnnlCreateActivationDescriptor(
    cnnlActivationDescriptor_t* activation_desc);
cnnlStatus_t cnnlDestroyActivationDescriptor(
    cnnlActivationDescriptor_t activation_desc);
// The first form: high-precision preference, no slicing, gamma and scale
// SELU's standard alpha and lambda, not from the result.
cnnlStatus_t cnnlSetActivationDescriptor(
    cnnlActivationDescriptor_t activation_desc, cnnlActivationMode_t mode,
    cnnlNanPropagation_t nan_prop, float coef);
cnnlStatus_t cnnlSetActivationDescriptor_v5(
    cnnlActivationDescriptor_t activation_desc, cnnlActivationMode_t mode,
    cnnlActivationPreference_t prefer, cnnlNanPropagation_t nan_prop,
    float coef, int sliced_dim, float gamma, float scale, bool is_result);
cnnlStatus_t cnnlSetActivationDescriptor_v6(
    cnnlActivationDescriptor_t activation_desc, cnnlActivationMode_t mode,
    cnnlActivationPreference_t prefer, cnnlNanPropagation_t nan_prop,
    float coef, int sliced_dim, float gamma, float scale, bool is_result,
    bool approximate);
cnnlStatus_t cnnlActivationForward(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const void* alpha, const cnnlTensorDescriptor_t x_desc, const void* x,
    const void* beta, const cnnlTensorDescriptor_t y_desc, void* y);
// diff_x = alpha * f'(x) * diff_y + beta * diff_x. x may be NULL (with
// x_desc) for RELU, LEAKYRELU (coef >= 0), SIGMOID, TANH and ELU, whose
// derivative is then taken from the forward output y; the other modes
// read x. RELU, LEAKYRELU, RELU6, SIGMOID, TANH, ELU, GELU, SILU,
// HARDSWISH; the others answer CNNL_STATUS_NOT_SUPPORTED.
cnnlStatus_t cnnlActivationBackward(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const void* alpha, const cnnlTensorDescriptor_t y_desc, const void* y,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t x_desc, const void* x, const void* beta,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x);

// Softmax of a 3-D tensor [N, H, W] along W (LOW_DIMENSION), H (MEDIUM) or
// N (HIGH); other ranks: along the last, the second-to-last and the first
// dimension. ACCURATE and FAST subtract the maximum; LOG gives
// log(softmax). Values are xbang's.
typedef enum {
  CNNL_SOFTMAX_FAST = 0,
  CNNL_SOFTMAX_ACCURATE = 1,
  CNNL_SOFTMAX_LOG = 2,
} cnnlSoftmaxAlgorithm_t;
typedef enum {
  CNNL_SOFTMAX_MODE_HIGH_DIMENSION = 0,
  CNNL_SOFTMAX_MODE_MEDIUM_DIMENSION = 1,
  CNNL_SOFTMAX_MODE_LOW_DIMENSION = 2,
} cnnlSoftmaxMode_t;
cnnlStatus_t cnnlSoftmaxForward(cnnlHandle_t handle,
                                cnnlSoftmaxAlgorithm_t algorithm,
                                cnnlSoftmaxMode_t mode, const void* alpha,
                                const cnnlTensorDescriptor_t x_desc,
                                const void* x, const void* beta,
                                const cnnlTensorDescriptor_t y_desc, void* y);
cnnlStatus_t cnnlSoftmaxForward_v2(
    cnnlHandle_t handle, cnnlSoftmaxAlgorithm_t algorithm,
    cnnlSoftmaxMode_t mode, cnnlComputationPreference_t prefer,
    const void* alpha, const cnnlTensorDescriptor_t x_desc, const void* x,
    const void* beta, const cnnlTensorDescriptor_t y_desc, void* y);
// diff_x = alpha * the gradient of the softmax given its output y and
// diff_y + beta * diff_x: y * (diff_y - sum(diff_y * y)) along the mode's
// dimension, or for LOG diff_y - exp(y) * sum(diff_y).
cnnlStatus_t cnnlSoftmaxBackward(
    cnnlHandle_t handle, cnnlSoftmaxAlgorithm_t algorithm,
    cnnlSoftmaxMode_t mode, const void* alpha,
    const cnnlTensorDescriptor_t y_desc, const void* y,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const void* beta, const cnnlTensorDescriptor_t diff_x_desc, void* diff_x);

// ---- Element-wise math ----
// Each value computed in double and stored once in the output's type; any
// strides; output may be an input. Unary: input and output of one type and
// shape; Neg, Abs and Sign also take signed integer types, the others half,
// bfloat16, float and double. Sign keeps NaN and zero. `prefer` is accepted.
cnnlStatus_t cnnlNegTensor(cnnlHandle_t handle,
                           const cnnlTensorDescriptor_t input_desc,
                           const void* input,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output);
cnnlStatus_t cnnlAbs(cnnlHandle_t handle,
                     const cnnlTensorDescriptor_t input_desc, const void* input,
                     const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlSign(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlReciprocal(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t input_desc,
                            const void* input,
                            const cnnlTensorDescriptor_t output_desc,
                            void* output);
cnnlStatus_t cnnlCeil(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlExp_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t prefer,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlSqrt_v2(cnnlHandle_t handle,
                         const cnnlComputationPreference_t prefer,
                         const cnnlTensorDescriptor_t input_desc,
                         const void* input,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output);
cnnlStatus_t cnnlRsqrt_v2(cnnlHandle_t handle,
                          const cnnlComputationPreference_t prefer,
                          const cnnlTensorDescriptor_t input_desc,
                          const void* input,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output);
cnnlStatus_t cnnlCos_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t prefer,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);
// Binary: z = x / y, x ** y (float types), maximum and minimum (any real
// type; NaN wins), inputs of the output's type broadcast to its shape
// (NumPy rules). Workspace size 0.
cnnlStatus_t cnnlGetDivWorkspaceSize(cnnlHandle_t handle,
                                     const cnnlTensorDescriptor_t x_desc,
                                     const cnnlTensorDescriptor_t y_desc,
                                     const cnnlTensorDescriptor_t z_desc,
                                     size_t* workspace_size);
cnnlStatus_t cnnlDiv_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t prefer,
                        const cnnlTensorDescriptor_t x_desc, const void* x,
                        const cnnlTensorDescriptor_t y_desc, const void* y,
                        void* workspace, size_t workspace_size,
                        const cnnlTensorDescriptor_t z_desc, void* z);
cnnlStatus_t cnnlGetPowWorkspaceSize(cnnlHandle_t handle,
                                     const cnnlTensorDescriptor_t x_desc,
                                     const cnnlTensorDescriptor_t y_desc,
                                     const cnnlTensorDescriptor_t z_desc,
                                     size_t* workspace_size);
cnnlStatus_t cnnlPow(cnnlHandle_t handle,
                     const cnnlComputationPreference_t prefer,
                     const cnnlTensorDescriptor_t x_desc, const void* x,
                     const cnnlTensorDescriptor_t y_desc, const void* y,
                     void* workspace, size_t workspace_size,
                     const cnnlTensorDescriptor_t z_desc, void* z);
cnnlStatus_t cnnlGetMaximumWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlMaximum(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input1_desc,
                         const void* input1,
                         const cnnlTensorDescriptor_t input2_desc,
                         const void* input2,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         void* workspace, size_t workspace_size);
cnnlStatus_t cnnlGetMinimumWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlMinimum(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input1_desc,
                         const void* input1,
                         const cnnlTensorDescriptor_t input2_desc,
                         const void* input2,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         void* workspace, size_t workspace_size);

// More unary functions (float types): erf, its inverse (|x| > 1 is NaN),
// floor, round (halves to even), trunc, log in base e, 2 or 10, log1p, sin.
typedef enum {
  CNNL_LOG_E = 0,
  CNNL_LOG_2 = 1,
  CNNL_LOG_10 = 2,
} cnnlLogBase_t;
cnnlStatus_t cnnlErf_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t prefer,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlErfinv(cnnlHandle_t handle,
                        const cnnlComputationPreference_t prefer,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlFloor(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlRound(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlTrunc(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlLog_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t prefer,
                        const cnnlLogBase_t base,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlLog1p(cnnlHandle_t handle,
                       const cnnlComputationPreference_t prefer,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlSin_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t prefer,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);
// NaN tests: a float input, a bool output of its shape.
cnnlStatus_t cnnlIsNan(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlIsFinite(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t input_desc,
                          const void* input,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output);
// NaN, +infinity and -infinity replaced by nan, posinf and neginf.
cnnlStatus_t cnnlNanToNum(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t input_desc,
                          const void* input, const float nan,
                          const float posinf, const float neginf,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output);
// Trigonometric and hyperbolic functions chosen by a descriptor.
typedef enum {
  CNNL_TRIGON_SIN = 0,
  CNNL_TRIGON_COS = 1,
  CNNL_TRIGON_TAN = 2,
  CNNL_TRIGON_ASIN = 3,
  CNNL_TRIGON_ACOS = 4,
  CNNL_TRIGON_ATAN = 5,
  CNNL_TRIGON_SINH = 6,
  CNNL_TRIGON_COSH = 7,
  CNNL_TRIGON_TANH = 8,
  CNNL_TRIGON_ASINH = 9,
  CNNL_TRIGON_ACOSH = 10,
  CNNL_TRIGON_ATANH = 11,
} cnnlTrigonFunctionMode_t;
typedef struct cnnlTrigonStruct* cnnlTrigonDescriptor_t;
cnnlStatus_t cnnlCreateTrigonDescriptor(cnnlTrigonDescriptor_t* desc);
cnnlStatus_t cnnlDestroyTrigonDescriptor(cnnlTrigonDescriptor_t desc);
cnnlStatus_t cnnlSetTrigonDescriptor(cnnlTrigonDescriptor_t desc,
                                     cnnlTrigonFunctionMode_t mode);
cnnlStatus_t cnnlSetTrigonDescriptor_v2(cnnlTrigonDescriptor_t desc,
                                        cnnlTrigonFunctionMode_t mode,
                                        cnnlComputationPreference_t prefer);
cnnlStatus_t cnnlTrigonForward(cnnlHandle_t handle,
                               const cnnlTrigonDescriptor_t trigon_desc,
                               const cnnlTensorDescriptor_t input_desc,
                               const void* input,
                               const cnnlTensorDescriptor_t output_desc,
                               void* output);
// Division and modulo of real types, broadcast: FloorDiv floor(x / y),
// FloorDivTrunc trunc(x / y), FloorMod the remainder with y's sign (Python),
// FloorModTrunc the remainder with x's sign (C fmod). Atan2 of float types.
// Workspace size 0.
cnnlStatus_t cnnlGetFloorModWorkspaceSize(cnnlHandle_t handle,
                                          const cnnlTensorDescriptor_t x_desc,
                                          const cnnlTensorDescriptor_t y_desc,
                                          const cnnlTensorDescriptor_t z_desc,
                                          size_t* workspace_size);
cnnlStatus_t cnnlFloorMod(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t x_desc, const void* x,
                          const cnnlTensorDescriptor_t y_desc, const void* y,
                          const cnnlTensorDescriptor_t z_desc, void* z,
                          void* workspace, size_t workspace_size);
cnnlStatus_t cnnlGetFloorModTruncWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t y_desc, const cnnlTensorDescriptor_t z_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlFloorModTrunc(cnnlHandle_t handle,
                               const cnnlTensorDescriptor_t x_desc,
                               const void* x,
                               const cnnlTensorDescriptor_t y_desc,
                               const void* y,
                               const cnnlTensorDescriptor_t z_desc, void* z,
                               void* workspace, size_t workspace_size);
cnnlStatus_t cnnlGetFloorDivWorkspaceSize(cnnlHandle_t handle,
                                          const cnnlTensorDescriptor_t x_desc,
                                          const cnnlTensorDescriptor_t y_desc,
                                          const cnnlTensorDescriptor_t z_desc,
                                          size_t* workspace_size);
cnnlStatus_t cnnlFloorDiv_v2(cnnlHandle_t handle,
                             const cnnlComputationPreference_t prefer,
                             const cnnlTensorDescriptor_t x_desc, const void* x,
                             const cnnlTensorDescriptor_t y_desc, const void* y,
                             const cnnlTensorDescriptor_t z_desc, void* z,
                             void* workspace, size_t workspace_size);
cnnlStatus_t cnnlGetFloorDivTruncWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t y_desc, const cnnlTensorDescriptor_t z_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlFloorDivTrunc(cnnlHandle_t handle,
                               const cnnlComputationPreference_t prefer,
                               const cnnlTensorDescriptor_t x_desc,
                               const void* x,
                               const cnnlTensorDescriptor_t y_desc,
                               const void* y,
                               const cnnlTensorDescriptor_t z_desc, void* z,
                               void* workspace, size_t workspace_size);
cnnlStatus_t cnnlGetAtan2WorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t x_desc,
                                       const cnnlTensorDescriptor_t y_desc,
                                       const cnnlTensorDescriptor_t z_desc,
                                       size_t* workspace_size);
cnnlStatus_t cnnlAtan2(cnnlHandle_t handle,
                       const cnnlComputationPreference_t prefer,
                       const cnnlTensorDescriptor_t input1_desc,
                       const void* input1,
                       const cnnlTensorDescriptor_t input2_desc,
                       const void* input2, void* workspace,
                       size_t workspace_size,
                       const cnnlTensorDescriptor_t output_desc, void* output);
// Three inputs, broadcast, float types: Lerp input + weight (end - input),
// Addcdiv input + *alpha tensor1 / tensor2, Addcmul input + *alpha tensor1
// tensor2 (alpha a host float). MulN: the product of input_num inputs of
// any real type. Workspace size 0.
cnnlStatus_t cnnlGetLerpWorkspaceSize(cnnlHandle_t handle,
                                      const cnnlTensorDescriptor_t input_desc,
                                      const cnnlTensorDescriptor_t end_desc,
                                      const cnnlTensorDescriptor_t weight_desc,
                                      const cnnlTensorDescriptor_t output_desc,
                                      size_t* workspace_size);
cnnlStatus_t cnnlLerp(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input, const cnnlTensorDescriptor_t end_desc,
                      const void* end, const cnnlTensorDescriptor_t weight_desc,
                      const void* weight, void* workspace,
                      size_t workspace_size,
                      const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlGetAddcdivWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t tensor1_desc,
    const cnnlTensorDescriptor_t tensor2_desc, size_t* workspace_size);
cnnlStatus_t cnnlGetAddcdivWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t tensor1_desc,
    const cnnlTensorDescriptor_t tensor2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlAddcdiv(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const void* alpha,
    const cnnlTensorDescriptor_t tensor1_desc, const void* tensor1,
    const cnnlTensorDescriptor_t tensor2_desc, const void* tensor2,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlGetAddcmulWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t tensor1_desc,
    const cnnlTensorDescriptor_t tensor2_desc, size_t* workspace_size);
cnnlStatus_t cnnlGetAddcmulWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t tensor1_desc,
    const cnnlTensorDescriptor_t tensor2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlAddcmul(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const void* alpha,
    const cnnlTensorDescriptor_t tensor1_desc, const void* tensor1,
    const cnnlTensorDescriptor_t tensor2_desc, const void* tensor2,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlMulN(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t inputs_desc[],
                      const void* const inputs[], int input_num,
                      const cnnlTensorDescriptor_t output_desc, void* output);
// Bit operations on integer types and bool, broadcast: AND, OR, XOR of two
// inputs; NOT of input1 (input2 unused; logical for bool). Workspace 0.
typedef enum {
  CNNL_CYCLE_BAND_OP = 0,
  CNNL_CYCLE_BOR_OP = 1,
  CNNL_CYCLE_BXOR_OP = 2,
  CNNL_BNOT_OP = 3,
} cnnlBitComputeOp_t;
cnnlStatus_t cnnlGetBitComputeWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const cnnlTensorDescriptor_t input2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlBitCompute_v2(
    cnnlHandle_t handle, const cnnlBitComputeOp_t optype,
    const cnnlTensorDescriptor_t input1_desc, const void* input1,
    const cnnlTensorDescriptor_t input2_desc, const void* input2,
    const cnnlTensorDescriptor_t output_desc, void* output, void* workspace,
    size_t workspace_size);
// Activation backward passes, x, diff_y and diff_x of one float type and
// shape: Hardtanh passes diff_y where min_val < x < max_val; Softplus
// (log(1 + exp(beta x)) / beta, linear where beta x > threshold) scales it
// by sigmoid(beta x); Threshold passes it where x > *threshold (a host
// float).
cnnlStatus_t cnnlHardtanhBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const float max_val, const float min_val,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x);
cnnlStatus_t cnnlSoftplusBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x, const int beta,
    const int threshold);
cnnlStatus_t cnnlThresholdBackward(cnnlHandle_t handle,
                                   const cnnlTensorDescriptor_t x_desc,
                                   const void* x,
                                   const cnnlTensorDescriptor_t diff_y_desc,
                                   const void* diff_y, const void* threshold,
                                   const cnnlTensorDescriptor_t diff_x_desc,
                                   void* diff_x);
// Activation forward passes, input and output of one shape and type:
// Hardtanh clamps to [min_val, max_val] (float types); Softplus is
// log(1 + exp(beta x)) / beta, x itself where beta x > threshold (float
// types); Threshold keeps x where x > *threshold and writes *value
// elsewhere, both host scalars of input's type (every real type).
cnnlStatus_t cnnlHardtanh(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t input_desc,
                          const void* input, const float max_val,
                          const float min_val,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output);
cnnlStatus_t cnnlSoftplusForward(cnnlHandle_t handle,
                                 const cnnlTensorDescriptor_t x_desc,
                                 const void* x,
                                 const cnnlTensorDescriptor_t y_desc, void* y,
                                 const int beta, const int threshold);
cnnlStatus_t cnnlThreshold(cnnlHandle_t handle,
                           const cnnlTensorDescriptor_t input_desc,
                           const void* input, const void* threshold,
                           const void* value,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output);
// Further unary functions (float types): log in a cnnlLogBase_t base,
// x * x (also signed integers), exp(x) - 1.
cnnlStatus_t cnnlLog(cnnlHandle_t handle, const cnnlLogBase_t base,
                     const cnnlTensorDescriptor_t input_desc, const void* input,
                     const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlSquare(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlExpm1(cnnlHandle_t handle,
                       const cnnlComputationPreference_t prefer,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output);
// Gradients through y = sqrt(x) and y = 1 / sqrt(x) from y itself: diff_x
// = diff_y / (2 y) and -diff_y y^3 / 2. y, diff_y and diff_x share y_desc
// (float types).
cnnlStatus_t cnnlSqrtBackward(cnnlHandle_t handle,
                              const cnnlTensorDescriptor_t y_desc,
                              const void* y, const void* diff_y, void* diff_x);
cnnlStatus_t cnnlRsqrtBackward(cnnlHandle_t handle,
                               const cnnlTensorDescriptor_t y_desc,
                               const void* y, const void* diff_y, void* diff_x);
// Functions of two inputs broadcast to output's shape (NumPy rules), one
// type: (a - b)^2 (every real type); log(exp(a) + exp(b)) and
// log2(2^a + 2^b), and a / b with 0 where b is 0 (float types). Workspace
// size 0.
cnnlStatus_t cnnlGetSquaredDifferenceWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const cnnlTensorDescriptor_t input2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlSquaredDifference(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const void* input1, const cnnlTensorDescriptor_t input2_desc,
    const void* input2, const cnnlTensorDescriptor_t output_desc, void* output,
    void* workspace, size_t workspace_size);
cnnlStatus_t cnnlGetLogAddExpWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t other_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlLogAddExp(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t other_desc,
    const void* other, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlGetLogAddExp2WorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t other_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlLogAddExp2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t other_desc,
    const void* other, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlGetDivNoNanWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const cnnlTensorDescriptor_t input2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlDivNoNan_v2(
    cnnlHandle_t handle, const cnnlComputationPreference_t prefer,
    const cnnlTensorDescriptor_t input1_desc, const void* input1,
    const cnnlTensorDescriptor_t input2_desc, const void* input2,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output);
// y = x clamped to [min, max], min and max tensors of x's type broadcast to
// y's shape (a NULL descriptor: no bound); NaN stays NaN. Every real type.
// Workspace size 0.
cnnlStatus_t cnnlGetClipWorkspaceSize(cnnlHandle_t handle,
                                      const cnnlTensorDescriptor_t x_desc,
                                      const cnnlTensorDescriptor_t min_desc,
                                      const cnnlTensorDescriptor_t max_desc,
                                      size_t* workspace_size);
cnnlStatus_t cnnlClip_v3(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t x_desc, const void* x,
                         const cnnlTensorDescriptor_t min_desc, const void* min,
                         const cnnlTensorDescriptor_t max_desc, const void* max,
                         void* workspace, size_t workspace_size,
                         const cnnlTensorDescriptor_t y_desc, void* y);
// output = abs (cos angle + i sin angle): abs and angle float (half)
// broadcast to output's shape (NumPy rules), output complex float (complex
// half). Workspace size 0.
cnnlStatus_t cnnlGetPolarWorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t abs_desc,
                                       const cnnlTensorDescriptor_t angle_desc,
                                       const cnnlTensorDescriptor_t output_desc,
                                       size_t* workspace_size);
cnnlStatus_t cnnlPolar(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t abs_desc, const void* abs,
                       const cnnlTensorDescriptor_t angle_desc,
                       const void* angle,
                       const cnnlTensorDescriptor_t output_desc, void* output,
                       void* workspace, size_t workspace_size);
// In place on y: AssignAdd y = *alpha x + *beta y, AssignSub y = *beta y -
// *alpha x; alpha and beta host floats, x broadcast to y's shape (NumPy
// rules), one real type. Workspace size 0.
cnnlStatus_t cnnlGetAssignAddWorkspaceSize(cnnlHandle_t handle,
                                           const cnnlTensorDescriptor_t x_desc,
                                           const cnnlTensorDescriptor_t y_desc,
                                           size_t* workspace_size);
cnnlStatus_t cnnlAssignAdd(cnnlHandle_t handle, const void* alpha,
                           const cnnlTensorDescriptor_t x_desc, const void* x,
                           void* workspace, size_t workspace_size,
                           const void* beta,
                           const cnnlTensorDescriptor_t y_desc, void* y);
cnnlStatus_t cnnlGetAssignSubWorkspaceSize(cnnlHandle_t handle,
                                           const cnnlTensorDescriptor_t x_desc,
                                           const cnnlTensorDescriptor_t y_desc,
                                           size_t* workspace_size);
cnnlStatus_t cnnlAssignSub(cnnlHandle_t handle, const void* alpha,
                           const cnnlTensorDescriptor_t x_desc, const void* x,
                           void* workspace, size_t workspace_size,
                           const void* beta,
                           const cnnlTensorDescriptor_t y_desc, void* y);
// output = *alpha bias + *beta output (host floats), bias 1-D [C] along
// output's channel dimension: dimension 1 in the NCHW, NCDHW and NCL
// layouts, the last in the others; float types. Workspace size 0.
cnnlStatus_t cnnlGetBiasAddWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t bias_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlBiasAdd(cnnlHandle_t handle, const void* alpha,
                         const cnnlTensorDescriptor_t bias_desc,
                         const void* bias, void* workspace,
                         size_t workspace_size, const void* beta,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output);
// The bias gradient: output[c] = the sum of input over every dimension but
// `axis` (negative: from the last); output holds input's dimension axis, of
// its float type. Workspace size 0.
cnnlStatus_t cnnlGetBiasAddBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t output_desc, int axis, size_t* workspace_size);
cnnlStatus_t cnnlBiasAddBackward(cnnlHandle_t handle,
                                 const cnnlTensorDescriptor_t input_desc,
                                 const void* input, int axis,
                                 const cnnlTensorDescriptor_t output_desc,
                                 void* output);
cnnlStatus_t cnnlBiasAddBackward_v2(cnnlHandle_t handle,
                                    const cnnlTensorDescriptor_t input_desc,
                                    const void* input, int axis,
                                    const cnnlTensorDescriptor_t output_desc,
                                    void* output, void* workspace,
                                    size_t workspace_size);
// Standard deviation, variance and mean over the descriptor's axes (each
// once; negative from the last), unbiased (n - 1) or not, of a float type;
// each output the mode asks for (std, var, mean in that argument order)
// holds one value per group of the other dimensions in row-major order
// (kept or dropped reduced dimensions alike); the others may be NULL. The
// cnnlStdVarMeanOp_t numbers are xbang's. Workspace size 0.
typedef enum {
  CNNL_STD = 0,
  CNNL_VAR = 1,
  CNNL_MEAN = 2,
  CNNL_STD_MEAN = 3,
  CNNL_VAR_MEAN = 4,
} cnnlStdVarMeanOp_t;
typedef struct cnnlStdVarMeanStruct* cnnlStdVarMeanDescriptor_t;
cnnlStatus_t cnnlCreateStdVarMeanDescriptor(cnnlStdVarMeanDescriptor_t* desc);
cnnlStatus_t cnnlDestroyStdVarMeanDescriptor(cnnlStdVarMeanDescriptor_t desc);
cnnlStatus_t cnnlSetStdVarMeanDescriptor(cnnlStdVarMeanDescriptor_t desc,
                                         cnnlStdVarMeanOp_t mode, int axis_num,
                                         const int axis[], bool unbiased);
cnnlStatus_t cnnlGetStdVarMeanWorkspaceSize(
    cnnlHandle_t handle, const cnnlStdVarMeanDescriptor_t desc,
    const cnnlTensorDescriptor_t input_desc, size_t* workspace_size);
cnnlStatus_t cnnlStdVarMean(cnnlHandle_t handle,
                            const cnnlStdVarMeanDescriptor_t desc,
                            const cnnlTensorDescriptor_t input_desc,
                            const void* input, void* workspace,
                            size_t workspace_size,
                            const cnnlTensorDescriptor_t std_desc, void* std,
                            const cnnlTensorDescriptor_t var_desc, void* var,
                            const cnnlTensorDescriptor_t mean_desc, void* mean);
// y = x clamped to [*min, *max], min and max one value of x's type each
// (host or device memory as pointer_mode says; both are host memory here),
// either NULL for no bound; NaN stays NaN. Float and signed integer types.
cnnlStatus_t cnnlClip_v2(cnnlHandle_t handle,
                         const cnnlPointerMode_t pointer_mode,
                         const cnnlTensorDescriptor_t x_desc, const void* x,
                         const void* min, const void* max,
                         const cnnlTensorDescriptor_t y_desc, void* y);
// output[i] = *start + i * *step in row-major order of output's shape;
// start and step point to host floats (float, half, bfloat16, double
// outputs) or host int32 values (int32 outputs).
cnnlStatus_t cnnlArange_v2(cnnlHandle_t handle,
                           const cnnlComputationPreference_t prefer,
                           const void* start, const void* step,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output);
// output = input reversed along the dimension_len dimensions listed
// (negative: from the last); any data type; output may be input.
cnnlStatus_t cnnlFlip(cnnlHandle_t handle, const int dimension[],
                      const int dimension_len,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output);

// ---- FlashAttention ----
// Pack mode: a batch's sequences laid end to end. query [total_q, heads,
// head_dim], key and value [total_kv, kv_heads, head_dim / value_dim] (kv_heads
// divides heads; each group of heads / kv_heads query heads shares a key
// and value head), cu_seqlens_q / cu_seqlens_kv int32 [batch + 1] (the start
// of each sequence, from 0), output [total_q, heads, value_dim] of query's
// type (half, bfloat16, float), softmax_lse float [heads, total_q] (the
// natural log of each row's sum of exponentials; +inf and an output of 0
// for a row that sees no key). Scores are query . key x softmax_scale,
// masked by the causal mask and the sliding window, both aligned to the
// bottom-right corner of each sequence pair (query row i sees key columns
// j with i + sk - sq - left <= j <= i + sk - sq + right; -1 is unbounded;
// causal sets right to 0). Computed in float (compute_dtype must be
// CNNL_DTYPE_FLOAT). The backward pass recomputes the probabilities from
// softmax_lse and returns the gradients of query, key and value. Workspace
// size 0; rng_state is not read. Not supported (NOT_SUPPORTED): dropout_p
// above 0, returning the softmax / a dropout mask / softmax_d, non-pack
// mode, dilation other than 1, ALiBi slopes, attention biases, and the
// third optional input of the _v2 forward (no public documentation names
// it). The enum numbers of cnnlAttentionMaskMode_t are xbang's.
typedef enum {
  CNNL_ATTN_MASK_NONE = 0,
  CNNL_ATTN_MASK_CAUSAL = 1,
} cnnlAttentionMaskMode_t;
typedef struct cnnlFlashAttentionStruct* cnnlFlashAttentionDescriptor_t;
cnnlStatus_t cnnlCreateFlashAttentionDescriptor(
    cnnlFlashAttentionDescriptor_t* desc);
cnnlStatus_t cnnlDestroyFlashAttentionDescriptor(
    cnnlFlashAttentionDescriptor_t desc);
cnnlStatus_t cnnlSetFlashAttentionDescriptor(
    cnnlFlashAttentionDescriptor_t desc, cnnlDataType_t compute_dtype,
    cnnlActivationPreference_t prefer, cnnlAttentionMaskMode_t mask_mode,
    bool is_pack_mode, bool is_out_zero, bool return_softmax, int max_seq_q,
    int max_seq_kv, float dropout_p, float softmax_scale);
cnnlStatus_t cnnlSetFlashAttentionBackwardDescriptor(
    cnnlFlashAttentionDescriptor_t desc, cnnlDataType_t compute_dtype,
    cnnlActivationPreference_t prefer, cnnlAttentionMaskMode_t mask_mode,
    bool is_pack_mode, bool is_out_zero, bool is_store_softmax_d, int max_seq_q,
    int max_seq_kv, float dropout_p, float softmax_scale);
cnnlStatus_t cnnlSetFlashAttentionSlidingWindowSize(
    cnnlFlashAttentionDescriptor_t desc, int window_size_left,
    int window_size_right, int dilation);
// batch x heads x max_seq_q x max_seq_kv: the numbers a dropout draws.
cnnlStatus_t cnnlGetFlashAttentionGeneratedRandomNumbers(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc,
    const cnnlTensorDescriptor_t value_desc,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, size_t* number);
cnnlStatus_t cnnlGetFlashAttentionForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc,
    const cnnlTensorDescriptor_t key_desc,
    const cnnlTensorDescriptor_t value_desc, size_t* workspace_size);
cnnlStatus_t cnnlGetFlashAttentionForwardWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc,
    const cnnlTensorDescriptor_t key_desc,
    const cnnlTensorDescriptor_t value_desc,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc,
    const cnnlTensorDescriptor_t cu_seqlens_kv_desc,
    const cnnlTensorDescriptor_t alibi_slopes_desc,
    const cnnlTensorDescriptor_t attn_bias_desc,
    const cnnlTensorDescriptor_t undocumented_desc,
    const cnnlTensorDescriptor_t softmax_lse_desc, size_t* workspace_size);
cnnlStatus_t cnnlGetFlashAttentionBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc,
    const cnnlTensorDescriptor_t key_desc,
    const cnnlTensorDescriptor_t value_desc, size_t* workspace_size);
cnnlStatus_t cnnlGetFlashAttentionBackwardWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc,
    const cnnlTensorDescriptor_t key_desc,
    const cnnlTensorDescriptor_t value_desc,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, size_t* workspace_size);
cnnlStatus_t cnnlFlashAttentionForward(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc, const void* query,
    const cnnlTensorDescriptor_t key_desc, const void* key,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, const void* cu_seqlens_q,
    const cnnlTensorDescriptor_t cu_seqlens_kv_desc, const void* cu_seqlens_kv,
    const size_t* rng_state, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t dropout_mask_desc, void* dropout_mask,
    const cnnlTensorDescriptor_t softmax_lse_desc, void* softmax_lse,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlFlashAttentionForward_v2(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc, const void* query,
    const cnnlTensorDescriptor_t key_desc, const void* key,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, const void* cu_seqlens_q,
    const cnnlTensorDescriptor_t cu_seqlens_kv_desc, const void* cu_seqlens_kv,
    const cnnlTensorDescriptor_t alibi_slopes_desc, const void* alibi_slopes,
    const cnnlTensorDescriptor_t attn_bias_desc, const void* attn_bias,
    const cnnlTensorDescriptor_t undocumented_desc, const void* undocumented,
    const size_t* rng_state, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t dropout_mask_desc, void* dropout_mask,
    const cnnlTensorDescriptor_t softmax_lse_desc, void* softmax_lse,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlFlashAttentionBackward(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t diff_out_desc, const void* diff_out,
    const cnnlTensorDescriptor_t query_desc, const void* query,
    const cnnlTensorDescriptor_t key_desc, const void* key,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const cnnlTensorDescriptor_t fwd_out_desc, const void* fwd_out,
    const cnnlTensorDescriptor_t softmax_lse_desc, const void* softmax_lse,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, const void* cu_seqlens_q,
    const cnnlTensorDescriptor_t cu_seqlens_kv_desc, const void* cu_seqlens_kv,
    const size_t* rng_state, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t diff_query_desc, void* diff_query,
    const cnnlTensorDescriptor_t diff_key_desc, void* diff_key,
    const cnnlTensorDescriptor_t diff_value_desc, void* diff_value,
    const cnnlTensorDescriptor_t dropout_mask_desc, const void* dropout_mask,
    const cnnlTensorDescriptor_t softmax_d_desc, void* softmax_d);
cnnlStatus_t cnnlFlashAttentionBackward_v2(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t diff_out_desc, const void* diff_out,
    const cnnlTensorDescriptor_t query_desc, const void* query,
    const cnnlTensorDescriptor_t key_desc, const void* key,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const cnnlTensorDescriptor_t fwd_out_desc, const void* fwd_out,
    const cnnlTensorDescriptor_t softmax_lse_desc, const void* softmax_lse,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, const void* cu_seqlens_q,
    const cnnlTensorDescriptor_t cu_seqlens_kv_desc, const void* cu_seqlens_kv,
    const cnnlTensorDescriptor_t alibi_slopes_desc, const void* alibi_slopes,
    const cnnlTensorDescriptor_t attn_bias_desc, const void* attn_bias,
    const size_t* rng_state, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t diff_query_desc, void* diff_query,
    const cnnlTensorDescriptor_t diff_key_desc, void* diff_key,
    const cnnlTensorDescriptor_t diff_value_desc, void* diff_value,
    const cnnlTensorDescriptor_t dropout_mask_desc, const void* dropout_mask,
    const cnnlTensorDescriptor_t softmax_d_desc, void* softmax_d);

// ---- Random numbers ----
// A generator is a seeded 64-bit Mersenne Twister whose stream continues
// from call to call, whatever its type (the numbers are not the device's).
// A `state` made by cnnlRandMakeMTGP32KernelState (a buffer of
// cnnlRandGetMTGP32StateSize bytes, 8-byte aligned) holds its own seeded
// twister, which the draws given that state use and advance; any other
// `state` (NULL included) leaves the generator's in use. float, half or
// bfloat16 output of `num` elements. Values are xbang's.
typedef enum {
  CNNL_RAND_RNG_FAST = 0,
  CNNL_RAND_RNG_MTGP32 = 1,
  CNNL_RAND_RNG_PHILOX = 2,
} cnnlRandRngType_t;
typedef struct cnnlRandGeneratorStruct* cnnlRandGenerator_t;
cnnlStatus_t cnnlRandCreateGenerator(cnnlRandGenerator_t* generator,
                                     cnnlRandRngType_t rng_type);
cnnlStatus_t cnnlRandDestroyGenerator(cnnlRandGenerator_t generator);
cnnlStatus_t cnnlRandSetPseudoRandomGeneratorSeed(cnnlRandGenerator_t generator,
                                                  unsigned long long seed);
// The number of threads whose streams a Philox offset advances over: 1.
cnnlStatus_t cnnlRandGetSimulateThreadNum(cnnlHandle_t handle, int* thread_num);
// Uniform in [min, max).
cnnlStatus_t cnnlRandGenerateUniform(cnnlHandle_t handle,
                                     const cnnlRandGenerator_t generator,
                                     const cnnlDataType_t data_type,
                                     void* state, const size_t num,
                                     const float min, const float max,
                                     void* output);
cnnlStatus_t cnnlRandGenerateNormal(cnnlHandle_t handle,
                                    const cnnlRandGenerator_t generator,
                                    const cnnlDataType_t data_type, void* state,
                                    const size_t num, const float mean,
                                    const float stddev, void* output);
cnnlStatus_t cnnlRandGetMTGP32StateSize(cnnlRandGenerator_t generator,
                                        size_t* size);
cnnlStatus_t cnnlRandMakeMTGP32KernelState(cnnlHandle_t handle, void* state,
                                           const void* mtgp32_params,
                                           const void* kernel_params,
                                           const unsigned long long seed);
// Dropout: each element kept with probability 1 - p and scaled by
// 1 / (1 - p), else 0; mask (uint8 or bool, input's shape) 1 where kept.
// Float types.
cnnlStatus_t cnnlFusedDropout_v2(
    cnnlHandle_t handle, const cnnlRandGenerator_t generator,
    const cnnlTensorDescriptor_t input_desc, const void* input, const float p,
    void* state, const cnnlTensorDescriptor_t mask_desc, void* mask,
    const cnnlTensorDescriptor_t output_desc, void* output);
// Samples category indices (int32 or int64 output [samples] or [rows,
// samples]) from the weights of each row of input ([categories] or [rows,
// categories], float types; logits when is_logits), with or without
// replacement. Workspace size 0.
cnnlStatus_t cnnlGetRandGenerateMultinomialWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlRandGenerateMultinomial_v2(
    cnnlHandle_t handle, const cnnlRandGenerator_t generator,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const bool is_replacement, const bool is_logits, void* state,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output);
// The counter-based draws PyTorch's Philox state drives: each call draws
// from a twister seeded with (seed, offset + offset_intragraph), both read
// from seed_ptr and offset_ptr (host memory here) when from_pointers, so
// equal seeds and offsets give equal numbers (not the device's). Outputs
// through their descriptors, any strides: uniform in [min, max), normal,
// exponential (lambda a host scalar of output's type) of float types;
// base + a uniform integer in [0, range) of real non-bool types;
// multinomial samples as cnnlRandGenerateMultinomial_v2; dropout keeping
// each element with keep_probability, as cnnlFusedDropout_v2.
cnnlStatus_t cnnlGenerateRandUniform(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const float min, const float max,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlGenerateRandNormal(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const float mean, const float stddev,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlGenerateRandExponential(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type, const void* lambda,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const cnnlTensorDescriptor_t output_desc,
    void* output);
cnnlStatus_t cnnlGenerateRandDiscreteUniform(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const int64_t range, const int64_t base,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlGenerateRandMultinomial(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const bool is_replacement,
    const bool is_logits, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlFusedDropout_v3(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const float keep_probability,
    const cnnlTensorDescriptor_t mask_desc, void* mask,
    const cnnlTensorDescriptor_t output_desc, void* output);

// Small linear-algebra and vector functions, in double:
// Trace sums a 2-D input's diagonal into one element (real types); Diag
// puts a vector on diagonal k of a square matrix of zeros ([n + |k|]^2) or
// takes diagonal k of a matrix (every type); Cross is a x b along dim (of
// extent 3), a and b broadcast to c (real types); CdistForward gives the
// p-norm distances [..., P, R] between the rows of x1 [..., P, M] and x2
// [..., R, M] (p 0 counts differences, infinity takes the largest) and
// CdistBackward the gradient for x1 from them (PyTorch's, 0 where a
// distance is 0; float types); Prelu is x where x > 0, weight x elsewhere,
// weight broadcast to input or 1-D along dimension 1, and PreluBackward
// gives both gradients (float types); MatMul is alpha op(a) op(b) + beta c
// of 2-D float or half matrices (host float alpha and beta); ComplexAbs and
// Conj take complex float or half (Conj copies a real tensor). Workspace
// size 0.
cnnlStatus_t cnnlGetTraceWorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t input_desc,
                                       size_t* workspace_size);
cnnlStatus_t cnnlTrace(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input, void* workspace,
                       size_t workspace_size,
                       const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlDiag(cnnlHandle_t handle, const int k,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlGetCrossWorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t a_desc,
                                       const cnnlTensorDescriptor_t b_desc,
                                       const cnnlTensorDescriptor_t c_desc,
                                       const int dim, size_t* workspace_size);
cnnlStatus_t cnnlCross(cnnlHandle_t handle, const cnnlTensorDescriptor_t a_desc,
                       const void* a, const cnnlTensorDescriptor_t b_desc,
                       const void* b, const cnnlTensorDescriptor_t c_desc,
                       void* c, void* workspace, size_t workspace_size,
                       const int dim);
cnnlStatus_t cnnlCdistForward(cnnlHandle_t handle,
                              const cnnlTensorDescriptor_t x1_desc,
                              const void* x1,
                              const cnnlTensorDescriptor_t x2_desc,
                              const void* x2, const float p,
                              const cnnlTensorDescriptor_t y_desc, void* y);
cnnlStatus_t cnnlCdistBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x1_desc, const void* x1,
    const cnnlTensorDescriptor_t x2_desc, const void* x2,
    const cnnlTensorDescriptor_t cdist_desc, const void* cdist,
    const cnnlTensorDescriptor_t grad_desc, const void* grad, const float p,
    const cnnlTensorDescriptor_t grad_x1_desc, void* grad_x1);
cnnlStatus_t cnnlPrelu(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t weight_desc,
                       const void* weight,
                       const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlGetPreluBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t weight_grad_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlPreluBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t grad_desc, const void* grad,
    const cnnlTensorDescriptor_t weight_desc, const void* weight,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t input_grad_desc, void* input_grad,
    const cnnlTensorDescriptor_t weight_grad_desc, void* weight_grad);
cnnlStatus_t cnnlMatMul(cnnlHandle_t handle, const bool is_trans_a,
                        const bool is_trans_b, const void* alpha,
                        const cnnlTensorDescriptor_t a_desc, const void* a,
                        const cnnlTensorDescriptor_t b_desc, const void* b,
                        const void* beta, const cnnlTensorDescriptor_t c_desc,
                        void* c);
cnnlStatus_t cnnlComplexAbs(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t input_desc,
                            const void* input,
                            const cnnlTensorDescriptor_t output_desc,
                            void* output);
cnnlStatus_t cnnlConj(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output);

#if defined(__cplusplus)
}
#endif

// The families with a header of their own.
#include "cnnl_loss.h"
#include "cnnl_normalization.h"
#include "cnnl_pooling.h"
#include "cnnl_selection.h"

#endif  // XBANG_CNNL_H_
