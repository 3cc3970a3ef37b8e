// CNNL's normalisation family: batch, layer, group and RMS normalisation,
// forward and backward, with their workspace queries. Included by cnnl.h
// (it needs the tensor and activation descriptors declared there).
//
// Batch normalisation reads x channels last (NHWC, NDHWC, NLC or NC: C is
// the last dimension) and normalises each channel over all other
// dimensions. The per-channel tensor (filter_bias_mean_var_desc: weight,
// bias, running and saved statistics) is one C-element vector of float,
// half or bfloat16. alpha / beta (host floats or NULL: 1 and 0) blend the
// result into the output: y = alpha * f(x) + beta * y. Every workspace
// query answers 0; a workspace_size above 0 with a NULL workspace is a bad
// parameter. The enum values are xbang's (use the names).
#ifndef XBANG_CNNL_NORMALIZATION_H_
#define XBANG_CNNL_NORMALIZATION_H_

#if defined(__cplusplus)
extern "C" {
#endif

typedef enum {
  CNNL_BATCHNORM_SPATIAL = 0,
} cnnlBatchNormMode_t;
// BN: y = bn(x); BN_ACTIVATION: y = act(bn(x)); BN_ADD_ACTIVATION:
// y = act(bn(x) + z). The activation is RELU or IDENTITY.
typedef enum {
  CNNL_BATCHNORM_OPS_BN = 0,
  CNNL_BATCHNORM_OPS_BN_ACTIVATION = 1,
  CNNL_BATCHNORM_OPS_BN_ADD_ACTIVATION = 2,
} cnnlBatchNormOps_t;

cnnlStatus_t cnnlGetBatchNormForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlGetBatchNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlGetFrozenBatchNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size);

// Training: normalises with the batch statistics; saved_mean and
// saved_invstd (1 / sqrt(var + eps), var biased) receive them, and the
// running statistics move by momentum (PyTorch's convention, unbiased
// variance): running = (1 - momentum) * running + momentum * batch. Each
// statistics pointer may be NULL (not written).
cnnlStatus_t cnnlBatchNormForwardTraining_v2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const void* alpha, const void* beta, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t z_desc, const void* z,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* bias, void* moving_mean, void* moving_var, const float eps,
    const float momentum, const cnnlTensorDescriptor_t y_desc, void* y,
    void* saved_mean, void* saved_invstd, void* workspace,
    size_t workspace_size, void* reservespace, size_t reservespace_size);
// cnnlBatchNormForwardTraining_v2 under its other name.
cnnlStatus_t cnnlBatchNormForwardTrainingV2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const void* alpha, const void* beta, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t z_desc, const void* z,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* bias, void* moving_mean, void* moving_var, const float eps,
    const float momentum, const cnnlTensorDescriptor_t y_desc, void* y,
    void* saved_mean, void* saved_invstd, void* workspace,
    size_t workspace_size, void* reservespace, size_t reservespace_size);
// Inference: normalises with the running statistics.
cnnlStatus_t cnnlBatchNormForwardInference(
    cnnlHandle_t handle, const void* alpha, const void* beta,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* bias, const void* moving_mean, const void* moving_var,
    const float eps, const cnnlTensorDescriptor_t z_desc, void* z);
cnnlStatus_t cnnlBatchNormForwardInferenceV2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const void* alpha, const void* beta, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t filter_bias_mean_var_desc,
    const void* filter, const void* bias, const cnnlTensorDescriptor_t z_desc,
    const void* z, const void* moving_mean, const void* moving_var,
    const float eps, const cnnlTensorDescriptor_t y_desc, void* y);
// The gradients of training-mode normalisation from saved_mean and
// saved_invstd (bnOps BN; y, z and diff_z unused). filter NULL reads 1;
// diff_filter / diff_bias NULL are not written. alpha/beta_data_diff blend
// diff_x, alpha/beta_param_diff the parameter gradients.
cnnlStatus_t cnnlBatchNormBackward_v2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const void* alpha_data_diff, const void* beta_data_diff,
    const void* alpha_param_diff, const void* beta_param_diff,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t y_desc, const void* y,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* bias, const void* saved_mean, const void* saved_invstd,
    const float eps, const cnnlTensorDescriptor_t diff_z_desc, void* diff_z,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x, void* diff_filter,
    void* diff_bias, void* workspace, size_t workspace_size, void* reservespace,
    size_t reservespace_size);
// The gradients of inference-mode normalisation (the statistics are
// constants): diff_x = diff_y * filter / sqrt(pop_var + eps).
cnnlStatus_t cnnlFrozenBatchNormBackward_v2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t y_desc, const void* y,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* bias, const void* pop_mean, const void* pop_var,
    const float eps, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t diff_z_desc, void* diff_z,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x, void* diff_filter,
    void* diff_bias);

// Layer normalisation over the dimensions from `axis` to the last: x of
// any layout, weight and bias (weight_bias_desc, the shape of those
// dimensions; NULL descriptor or pointers: no scale / shift), saved_mean and
// saved_rstd (1 / sqrt(var + eps), var biased) one per row (mean_rstd_desc,
// the shape of the dimensions before axis; NULL: not written).
cnnlStatus_t cnnlGetLayerNormOpWorkspaceSize(
    cnnlHandle_t handle, int axis, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlLayerNormForward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    int axis, const cnnlTensorDescriptor_t weight_bias_desc, const void* weight,
    const void* bias, float eps, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t y_desc, void* y,
    const cnnlTensorDescriptor_t mean_rstd_desc, void* saved_mean,
    void* saved_rstd);
cnnlStatus_t cnnlGetLayerNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, int axis,
    size_t* workspace_size);
// The gradients from the forward pass' saved_mean and saved_rstd: diff_x,
// and (each optional) diff_weight and diff_bias.
cnnlStatus_t cnnlLayerNormBackward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    int axis, const cnnlTensorDescriptor_t diff_z_desc, const void* diff_z,
    const cnnlTensorDescriptor_t weight_bias_desc, const void* weight,
    const cnnlTensorDescriptor_t mean_rstd_desc, const void* saved_mean,
    const void* saved_rstd, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x, void* diff_weight,
    void* diff_bias);

// Group normalisation: x [N, C, ...] (channels at dimension 1), or channels
// last (NHWC, NDHWC, NLC: C the last dimension) as x's layout says; the C
// channels form `group_num` groups of C / group_num, each normalised over
// its channels and the spatial dimensions of one sample. weight and bias
// [C] (NULL pointers: 1 and 0); saved_mean and saved_rstd N x group_num
// values (mean_rstd_desc; NULL pointers: not written). Computed in double
// (oneDNN 2.6 has no group normalisation).
cnnlStatus_t cnnlGetGroupNormForwardWorkspaceSize(
    cnnlHandle_t handle, int group_num, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size);
cnnlStatus_t cnnlGroupNormForward_v3(
    cnnlHandle_t handle, float eps, int group_num,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t weight_bias_desc, const void* weight,
    const void* bias, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t y_desc, void* y,
    const cnnlTensorDescriptor_t mean_rstd_desc, void* saved_mean,
    void* saved_rstd);
// x_num is N * C.
cnnlStatus_t cnnlGetGroupNormBackwardWorkspaceSize(cnnlHandle_t handle,
                                                   size_t x_num,
                                                   size_t* workspace_size);
cnnlStatus_t cnnlGetGroupNormBackwardWorkspaceSizeV2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, int group_num,
    size_t* workspace_size);
// The gradients from the forward pass' mean and rstd: diff_x, and (each
// optional) diff_weight and diff_bias.
cnnlStatus_t cnnlGroupNormBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t diff_z_desc, const void* diff_z,
    const cnnlTensorDescriptor_t gamma_desc, const void* gamma,
    const cnnlTensorDescriptor_t mean_desc, const void* mean,
    const cnnlTensorDescriptor_t rstd_desc, const void* rstd, int group_num,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x,
    const cnnlTensorDescriptor_t diff_scale_desc, void* diff_scale,
    const cnnlTensorDescriptor_t diff_bias_desc, void* diff_bias,
    void* workspace, size_t workspace_size);

// RMS normalisation over the dimensions from `axis` on: y = x * rrms *
// scale + bias with rrms = 1 / sqrt(mean(x^2) + eps) per row; scale and bias
// as layer normalisation's weight and bias (bias may be NULL), saved_rms
// (rms_desc, one per row; may be NULL) receives rrms. Computed in double.
cnnlStatus_t cnnlGetRmsNormOpWorkspaceSize(cnnlHandle_t handle, int axis,
                                           const cnnlTensorDescriptor_t x_desc,
                                           size_t* workspace_size);
cnnlStatus_t cnnlRmsNormForward(
    cnnlHandle_t handle, int axis, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t scale_bias_desc,
    const void* scale, const void* bias, float eps, void* workspace,
    size_t workspace_size, const cnnlTensorDescriptor_t y_desc, void* y,
    const cnnlTensorDescriptor_t rms_desc, void* saved_rms);
cnnlStatus_t cnnlGetRmsNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, int axis,
    size_t* workspace_size);
cnnlStatus_t cnnlRmsNormBackward(
    cnnlHandle_t handle, int axis, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t diff_z_desc, const void* diff_z,
    const cnnlTensorDescriptor_t scale_desc, const void* scale,
    const cnnlTensorDescriptor_t rms_desc, const void* saved_rms,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x,
    const cnnlTensorDescriptor_t diff_scale_bias_desc, void* diff_scale,
    void* diff_bias);

#if defined(__cplusplus)
}
#endif

#endif  // XBANG_CNNL_NORMALIZATION_H_
