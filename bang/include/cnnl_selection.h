// CNNL's selection and indexing family: masked fill / select / scatter /
// scale, non-zero coordinates (Where), element-wise choice (SelectV2), and
// PyTorch's gather, scatter, index_add and repeat (Tile), embedding, roll,
// cumsum, linspace, triu / tril, one-hot and index_fill. Included by
// cnnl.h. Index tensors are int32 or int64; an index outside its dimension
// is a bad parameter and nothing is written. Every workspace query answers
// 0; a workspace_size above 0 with a NULL workspace is a bad parameter.
// The enum values are xbang's (use the names).
#ifndef XBANG_CNNL_SELECTION_H_
#define XBANG_CNNL_SELECTION_H_

#if defined(__cplusplus)
extern "C" {
#endif

// The mask is bool, uint8 or int8 (non-zero: set) and broadcasts to input
// (NumPy rules).
// FILL: output = mask ? value[0] : input (value a one-element tensor of
//   input's type);
// FILL_HOST: the same with the value a host element of input's type
//   (`scale`; int32 for int64 input, float for double, as callers convert
//   64-bit scalars);
// SELECT: output (1-D) receives the input elements whose mask is set, in
//   order;
// SCATTER: output = input with the masked elements replaced, in order, by
//   value's first elements;
// SCALE: output = input * mask * scale (`scale` a host float; dropout).
// `number` (host uint32, may be NULL) receives the count of set mask
// elements.
typedef enum {
  CNNL_MASKED_FILL = 0,
  CNNL_MASKED_SELECT = 1,
  CNNL_MASKED_SCATTER = 2,
  CNNL_MASKED_FILL_HOST = 3,
  CNNL_MASKED_SCALE = 4,
} cnnlMaskedOp_t;
cnnlStatus_t cnnlGetMaskedWorkspaceSize(
    cnnlHandle_t handle, cnnlMaskedOp_t masked_op,
    const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t mask_desc,
    const cnnlTensorDescriptor_t value_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size);
cnnlStatus_t cnnlMasked_v4(
    cnnlHandle_t handle, cnnlMaskedOp_t masked_op,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const void* scale, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output, uint32_t* number);
// cnnlMasked_v4 without the host scalar (FILL_HOST and SCALE not accepted).
cnnlStatus_t cnnlMasked_v3(
    cnnlHandle_t handle, cnnlMaskedOp_t masked_op,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t value_desc, const void* value, void* workspace,
    size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output, uint32_t* number);

// The coordinates of x's non-zero elements in row-major order, as int32:
// y is [num_true, rank of x], or [rank of x, num_true] with as_tuple.
// num_true (one int32, as cnnlNumTrue computes it) must be x's count.
cnnlStatus_t cnnlGetWhereWorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t num_desc,
                                       size_t* workspace_size);
cnnlStatus_t cnnlWhere_v2(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t x_desc, const void* x,
                          const cnnlTensorDescriptor_t num_desc,
                          const void* num_true, const bool as_tuple,
                          void* workspace, size_t workspace_size,
                          const cnnlTensorDescriptor_t y_desc, void* y);

// output = condition ? then : else, all three broadcast to output (NumPy
// rules); condition bool, uint8 or int8; then, else and output one type.
cnnlStatus_t cnnlGetSelectV2WorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t condition_desc,
    const cnnlTensorDescriptor_t then_desc,
    const cnnlTensorDescriptor_t else_desc, size_t* workspace_size);
cnnlStatus_t cnnlSelectV2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t condition_desc,
    const void* condition, const cnnlTensorDescriptor_t then_desc,
    const void* then_data, const cnnlTensorDescriptor_t else_desc,
    const void* else_data, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output);

// torch.gather: output (index's shape) at p = input at p with dimension
// `dim` replaced by index[p]. Every data type.
cnnlStatus_t cnnlGather(cnnlHandle_t handle, int dim,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t index_desc,
                        const void* index,
                        const cnnlTensorDescriptor_t output_desc, void* output);

// torch.scatter: output = input, then for every p of index, output at p
// with dimension `dim` replaced by index[p] receives src[p] (SCATTER, any
// data type), or adds it (ADD), or keeps the larger (MAX) or smaller (MIN)
// (real-number types). index's dimensions are at most src's and (but for
// dim) input's.
typedef enum {
  CNNL_SCATTER = 0,
  CNNL_SCATTER_ADD = 1,
  CNNL_SCATTER_MAX = 2,
  CNNL_SCATTER_MIN = 3,
} cnnlScatterMode_t;
cnnlStatus_t cnnlScatter(cnnlHandle_t handle, int dim,
                         const cnnlTensorDescriptor_t input_desc,
                         const void* input,
                         const cnnlTensorDescriptor_t index_desc,
                         const void* index,
                         const cnnlTensorDescriptor_t src_desc, const void* src,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         cnnlScatterMode_t mode);
cnnlStatus_t cnnlScatter_v2(
    cnnlHandle_t handle, int dim, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, const cnnlTensorDescriptor_t src_desc, const void* src,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output,
    cnnlScatterMode_t mode);

// torch.index_add: output = input, then slice index[i] along dim adds
// source's slice i (index 1-D; source input's shape with dim the index
// count). Real-number types.
cnnlStatus_t cnnlIndexAdd(
    cnnlHandle_t handle, int dim, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, const cnnlTensorDescriptor_t source_desc,
    const void* source, const cnnlTensorDescriptor_t output_desc, void* output);

// Repeats input along each dimension: output's dimensions are whole
// multiples of input's (same rank). Every data type.
cnnlStatus_t cnnlTile(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output);

// torch.nn.functional.embedding: output (indices' shape + [D]) row k of
// weight [num, D] for every index k (int32 or int64, in [0, num)).
// padding_idx does not change the forward pass; max_norm and norm_type must
// be NULL (renormalising weight in place answers
// CNNL_STATUS_NOT_SUPPORTED).
cnnlStatus_t cnnlEmbeddingForward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t weight_desc,
    const void* weight, const cnnlTensorDescriptor_t indices_desc,
    const void* indices, int padding_idx, const void* max_norm,
    const void* norm_type, const cnnlTensorDescriptor_t output_desc,
    void* output);
// The weight's gradient: output [num, D] starts at 0 and row k adds diff's
// rows of every index k other than padding_idx, each divided by k's count
// with scale_grad_by_freq. Real-number types.
cnnlStatus_t cnnlGetEmbeddingBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t diff_desc,
    const cnnlTensorDescriptor_t output_desc, bool scale_grad_by_freq,
    size_t* workspace_size);
cnnlStatus_t cnnlEmbeddingBackward(
    cnnlHandle_t handle, int padding_idx, bool scale_grad_by_freq,
    const cnnlTensorDescriptor_t indices_desc, const void* indices,
    const cnnlTensorDescriptor_t diff_desc, const void* diff, void* workspace,
    size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output);

// torch.roll: along each dims[i] by shifts[i] (an element at j moves to
// j + shift, wrapping; negative dimensions count from the last); dims NULL
// or dims_num 0 rolls the flattened tensor by shifts[0]. Every data type.
cnnlStatus_t cnnlGetRollWorkspaceSize(cnnlHandle_t handle,
                                      const cnnlTensorDescriptor_t input_desc,
                                      size_t* workspace_size);
cnnlStatus_t cnnlRoll(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input, const int shifts[], int shifts_num,
                      const int dims[], int dims_num, void* workspace,
                      size_t workspace_size,
                      const cnnlTensorDescriptor_t output_desc, void* output);

// Cumulative sum along axis (negative counts from the last): exclusive
// leaves each element out of its own sum, reverse sums from the end.
// Real-number types, summed in double (NaN propagates either way).
cnnlStatus_t cnnlCumsum(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input, const int axis, const bool exclusive,
                        const bool reverse,
                        const cnnlNanPropagation_t nan_propagation,
                        const cnnlTensorDescriptor_t output_desc, void* output);

// torch.linspace over output's elements (row-major): start + i * step for
// the first half, end - (n - 1 - i) * step for the rest, step =
// (end - start) / (n - 1). Real-number types.
cnnlStatus_t cnnlLinspace(cnnlHandle_t handle, const float start,
                          const float end,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output);

// torch.triu (tri_up_mode) or torch.tril over the last two dimensions:
// elements with j - i below (triu) or above (tril) diagonal become 0.
// Every real-number type.
cnnlStatus_t cnnlTri(cnnlHandle_t handle, int diagonal, bool tri_up_mode,
                     const cnnlTensorDescriptor_t input_desc, const void* input,
                     const cnnlTensorDescriptor_t output_desc, void* output);

// TensorFlow's one_hot: output (dense, output_data_type) is indices' shape
// with a dimension of `depth` inserted at axis (-1: last); on_value where
// the position equals the index, off_value elsewhere (an index outside
// [0, depth) gives a row of off_value). on_value and off_value point to
// one element of output_data_type.
cnnlStatus_t cnnlOneHot(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t indices_desc,
                        const void* indices, const int depth,
                        const void* on_value, const void* off_value,
                        const int axis, cnnlDataType_t output_data_type,
                        void* output);

// torch.index_fill: output = input with the slices index[i] along dim set
// to *value (one element of input's type, host or device memory as
// pointer_mode says; both are host memory here). Every data type.
cnnlStatus_t cnnlIndexFill_v2(
    cnnlHandle_t handle, int dim, cnnlPointerMode_t pointer_mode,
    const void* value, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, const cnnlTensorDescriptor_t output_desc, void* output);

// Later forms of the functions above. Their workspaces are never used
// (every size query answers 0). Gather_v2, Cumsum_v2 and Tri_v2 compute as
// Gather, Cumsum and Tri; Roll_v2 as Roll with int64 shifts and dims;
// IndexFill as IndexFill_v2 with a host float value converted to input's
// type (real types).
cnnlStatus_t cnnlGetGatherWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t index_desc,
    const cnnlTensorDescriptor_t output_desc, int dim, size_t* workspace_size);
cnnlStatus_t cnnlGather_v2(
    cnnlHandle_t handle, int dim, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output);
// The workspace of the scatter functions (cnnlScatter, cnnlScatter_v2).
cnnlStatus_t cnnlGetScatterWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t index_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlRoll_v2(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input_desc,
                         const void* input, const int64_t shifts[],
                         int64_t shifts_num, const int64_t dims[],
                         int64_t dims_num, void* workspace,
                         size_t workspace_size,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output);
cnnlStatus_t cnnlGetCumsumWorkspaceSize(cnnlHandle_t handle,
                                        const cnnlTensorDescriptor_t input_desc,
                                        const int axis, size_t* workspace_size);
cnnlStatus_t cnnlCumsum_v2(cnnlHandle_t handle,
                           const cnnlTensorDescriptor_t input_desc,
                           const void* input, const int axis,
                           const bool exclusive, const bool reverse,
                           const cnnlNanPropagation_t nan_propagation,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output, void* workspace,
                           size_t workspace_size);
cnnlStatus_t cnnlTri_v2(cnnlHandle_t handle, int diagonal, bool tri_up_mode,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);
cnnlStatus_t cnnlIndexFill(cnnlHandle_t handle, int dim, float value,
                           const cnnlTensorDescriptor_t input_desc,
                           const void* input,
                           const cnnlTensorDescriptor_t index_desc,
                           const void* index,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output);

// PyTorch's index_put_: output = input with output[indices] = value, or +=
// value when accumulate (summing repeated positions; real types). indices
// lists indices_num (1 to CNNL_DIM_MAX) entries from input's first
// dimension on: a NULL descriptor takes a whole dimension, an int32 or
// int64 tensor picks along one (negative values count from its end; a
// value outside the dimension is CNNL_STATUS_BAD_PARAM), a bool or uint8
// mask covers as many dimensions as it has and picks its nonzero
// positions. The picking tensors broadcast together; their dimensions
// replace the indexed ones in input[indices] where those are adjacent and
// lead it otherwise, and value broadcasts to that shape. Without
// accumulate, the last of repeated positions wins. check_index_range is
// accepted either way (ranges are always checked here). output may be
// input; workspace size 0.
cnnlStatus_t cnnlGetIndexPutWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t indices_desc[], const int indices_num,
    const cnnlTensorDescriptor_t value_desc, const bool accumulate,
    size_t* workspace_size);
cnnlStatus_t cnnlIndexPut(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t indices_desc[],
    const void* const indices[], const int indices_num,
    const cnnlTensorDescriptor_t value_desc, const void* value, void* workspace,
    size_t workspace_size, const bool accumulate, const bool check_index_range,
    const cnnlTensorDescriptor_t output_desc, void* output);

// PyTorch's advanced indexing: output = input[indices], the index entries
// as for cnnlIndexPut, indices_desc and indices CNNL_DIM_MAX entries long
// (NULL past the last index). output must have the shape of
// input[indices]; the OutputDim queries give it (rank and dimensions, int32
// or int64) from the descriptors, so not for a mask
// (CNNL_STATUS_NOT_SUPPORTED: its size depends on its data). AdvancedIndex
// also writes the rank (int32) and dimensions (int64) to output_dim and
// output_dims when they are not NULL; _v2 in the types of their
// descriptors (int32 and int64 when unset). Every data type; workspace
// size 0.
cnnlStatus_t cnnlGetAdvancedIndexWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t indices_desc[], size_t* workspace_size);
cnnlStatus_t cnnlGetAdvancedIndexOutputDim(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t indices_desc[], int* output_dim,
    int output_dims[]);
cnnlStatus_t cnnlGetAdvancedIndexOutputDim_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t indices_desc[], int* output_dim,
    int64_t output_dims[]);
cnnlStatus_t cnnlAdvancedIndex(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t indices_desc[],
    const void* const indices[], void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output, void* output_dims,
    void* output_dim);
cnnlStatus_t cnnlAdvancedIndex_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t indices_desc[],
    const void* const indices[], void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t output_dim_desc, void* output_dim,
    const cnnlTensorDescriptor_t output_dims_desc, void* output_dims);

// The number of non-zero elements of x (any real type, bool included)
// into num_true, one int32 or int64 element (NaN counts as non-zero).
// Workspace size 0.
cnnlStatus_t cnnlGetNumTrueWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t num_true_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlNumTrue_v3(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t x_desc, const void* x,
                            void* workspace, size_t workspace_size,
                            const cnnlTensorDescriptor_t num_true_desc,
                            void* num_true);
cnnlStatus_t cnnlNumTrue_v2(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t x_desc, const void* x,
                            const cnnlTensorDescriptor_t num_true_desc,
                            void* num_true);

// torch.Tensor.unfold: output is input with dimension `dimension`
// (negative from the last) replaced by its (extent - size) / step + 1
// windows and a last dimension of the size elements of each. Every data
// type.
cnnlStatus_t cnnlUnfold(cnnlHandle_t handle, const int dimension,
                        const int size, const int step,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc, void* output);

// Cumulative products along axis (exclusive, reverse as for cnnlCumsum;
// real types, in double), and torch.cummax / torch.cummin along dim: the
// running extreme and the index (int32 or int64) where it was last reached;
// a NaN, once seen, stays with its index. Workspace size 0.
cnnlStatus_t cnnlGetCumprodWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const int axis, size_t* workspace_size);
cnnlStatus_t cnnlCumprod_v2(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t input_desc,
                            const void* input, const int axis,
                            const bool exclusive, const bool reverse,
                            const cnnlTensorDescriptor_t output_desc,
                            void* output, void* workspace,
                            size_t workspace_size);
cnnlStatus_t cnnlCummax(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input, const int dim,
                        const cnnlTensorDescriptor_t values_desc, void* values,
                        const cnnlTensorDescriptor_t indices_desc,
                        void* indices);
cnnlStatus_t cnnlCummin(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input, const int dim,
                        const cnnlTensorDescriptor_t values_desc, void* values,
                        const cnnlTensorDescriptor_t indices_desc,
                        void* indices);

#if defined(__cplusplus)
}
#endif

#endif  // XBANG_CNNL_SELECTION_H_
