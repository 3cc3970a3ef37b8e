// CNNL's adaptive pooling, max pooling with indices, the second forms of
// pooling and its descriptors, reflection and replication padding. Included by
// cnnl.h. Images are 4-D, NCHW or NHWC as each descriptor's layout says, any
// strides; float, half or bfloat16. An index is PyTorch's: h * W + w in the
// input plane, int32 or int64. Every workspace query answers 0; a
// workspace_size above 0 with a NULL workspace is a bad parameter.
#ifndef XBANG_CNNL_POOLING_H_
#define XBANG_CNNL_POOLING_H_

#if defined(__cplusplus)
extern "C" {
#endif

// Adaptive pooling: output cell (i, j) of an Ho x Wo output covers rows
// [floor(i H / Ho), ceil((i + 1) H / Ho)) and the same for columns. mode
// AVERAGE_COUNT_INCLUDE_PADDING / _EXCLUDE_PADDING (the mean; no padding)
// or MAX, whose index (index_desc output's shape; may be NULL) receives
// the first maximum's position.
cnnlStatus_t cnnlGetAdaptivePoolingForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlPoolingMode_t mode, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlAdaptivePoolingForward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlPoolingMode_t mode, void* workspace,
    size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output, const cnnlTensorDescriptor_t index_desc, void* index);
cnnlStatus_t cnnlAdaptivePoolingForward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlPoolingMode_t mode,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t index_desc, void* index);
// The gradient: each y (the output's gradient) spread evenly over its
// window (averages) or added at its index (MAX, index required).
cnnlStatus_t cnnlAdaptivePoolingBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t y_desc, const void* y,
    const cnnlTensorDescriptor_t index_desc, const void* index,
    const cnnlPoolingMode_t mode, const cnnlTensorDescriptor_t diff_x_desc,
    void* diff_x);

// Max pooling (the descriptor's mode MAX) with the first maximum's index
// of each window (index_desc y's shape): y = alpha * max + beta * y.
cnnlStatus_t cnnlGetPoolingWithIndexWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t y_desc, size_t* workspace_size);
cnnlStatus_t cnnlGetPoolingWithIndexWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t y_desc,
    const cnnlTensorDescriptor_t index_desc, size_t* workspace_size);
cnnlStatus_t cnnlPoolingForwardWithIndex(
    cnnlHandle_t handle, const cnnlPoolingDescriptor_t pooling_desc,
    const void* alpha, const cnnlTensorDescriptor_t x_desc, const void* x,
    const void* beta, const cnnlTensorDescriptor_t y_desc, void* y,
    const cnnlTensorDescriptor_t index_desc, void* index, void* workspace,
    size_t workspace_size);

// cnnlPoolingForward; extra_input (the table cnnlInitPoolingExtraInput
// fills) is not needed on the host and may be NULL.
cnnlStatus_t cnnlGetPoolingWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlPoolingDescriptor_t pooling_desc,
    const cnnlTensorDescriptor_t x_desc, const cnnlTensorDescriptor_t y_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlPoolingForward_v2(cnnlHandle_t handle,
                                   const cnnlPoolingDescriptor_t pooling_desc,
                                   const void* alpha,
                                   const cnnlTensorDescriptor_t x_desc,
                                   const void* x, const void* beta,
                                   const void* extra_input,
                                   const cnnlTensorDescriptor_t y_desc, void* y,
                                   void* workspace, size_t workspace_size);
// The extra input's size is 0 bytes: the host computes without it, and
// cnnlInitPoolingExtraInput writes nothing.
cnnlStatus_t cnnlGetPoolingExtraInputSize(cnnlHandle_t handle,
                                          cnnlPoolingMode_t mode, int output_w,
                                          int output_h, size_t* size);
cnnlStatus_t cnnlInitPoolingExtraInput(
    cnnlHandle_t handle, const cnnlPoolingDescriptor_t pooling_desc,
    const cnnlTensorDescriptor_t x_desc, const cnnlTensorDescriptor_t y_desc,
    void* extra_host_input);

// The N-dimensional setters: dims is the tensor's rank, 4 (2-D pooling:
// window {h, w}, padding {top, bottom, left, right}, stride and dilation
// {h, w}); 5 (3-D) answers CNNL_STATUS_NOT_SUPPORTED.
cnnlStatus_t cnnlSetPoolingNdDescriptor(cnnlPoolingDescriptor_t pooling_desc,
                                        const cnnlPoolingMode_t mode,
                                        const cnnlNanPropagation_t nan_prop,
                                        int dims, const int window[],
                                        const int padding[],
                                        const int stride[]);
cnnlStatus_t cnnlSetPoolingNdDescriptor_v2(
    cnnlPoolingDescriptor_t pooling_desc, const cnnlPoolingMode_t mode,
    const cnnlNanPropagation_t nan_prop, int dims, const int window[],
    const int padding[], const int stride[], const int dilation[],
    bool ceil_mode);

// PyTorch's reflection and replication padding: x 4-D (NCHW or NHWC)
// padded by pad {left, right, top, bottom}, or 3-D (NCL or NLC) padded by
// {left, right} (the first two entries); y the padded shape, of x's type
// (every type the pad copies; the backward passes: real-number types).
// Reflection mirrors about the edge element (each pad below the
// dimension), replication repeats it. The backward passes add each
// output gradient to the input element it came from.
cnnlStatus_t cnnlReflectionPad2d(cnnlHandle_t handle,
                                 const cnnlTensorDescriptor_t x_desc,
                                 const void* x, const int pad[],
                                 const cnnlTensorDescriptor_t y_desc, void* y);
cnnlStatus_t cnnlReplicationPad2d(cnnlHandle_t handle,
                                  const cnnlTensorDescriptor_t x_desc,
                                  const void* x, const int pad[],
                                  const cnnlTensorDescriptor_t y_desc, void* y);
cnnlStatus_t cnnlReflectionPadBackward(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t dy_desc,
                                       const void* dy, const int pad[],
                                       const cnnlTensorDescriptor_t dx_desc,
                                       void* dx);
cnnlStatus_t cnnlReplicationPadBackward(cnnlHandle_t handle,
                                        const cnnlTensorDescriptor_t dy_desc,
                                        const void* dy, const int pad[],
                                        const cnnlTensorDescriptor_t dx_desc,
                                        void* dx);

#if defined(__cplusplus)
}
#endif

#endif  // XBANG_CNNL_POOLING_H_
