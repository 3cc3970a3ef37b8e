// CNNL's loss family, with PyTorch's semantics: binary cross entropy (on
// probabilities and on logits), negative log likelihood, smooth L1 and mean
// squared error, forward and backward, with their workspace queries.
// Included by cnnl.h. Input, target and gradients are float, half or
// bfloat16 of one type and shape, read through their strides and computed
// in double. With reduction NONE the output has input's shape; with MEAN or
// SUM it is one element, and the backward passes read one-element
// gradients. Every workspace query answers 0; a workspace_size above 0 with
// a NULL workspace is a bad parameter. The enum values are xbang's (use the
// names).
#ifndef XBANG_CNNL_LOSS_H_
#define XBANG_CNNL_LOSS_H_

#if defined(__cplusplus)
extern "C" {
#endif

typedef enum {
  CNNL_BCE_LOSS_NONE = 0,
  CNNL_BCE_LOSS_MEAN = 1,
  CNNL_BCE_LOSS_SUM = 2,
} cnnlBceLossReduction_t;
typedef enum {
  CNNL_BCE_WITH_LOGITS_NONE = 0,
  CNNL_BCE_WITH_LOGITS_MEAN = 1,
  CNNL_BCE_WITH_LOGITS_SUM = 2,
} cnnlBceWithLogitsReduction_t;
typedef enum {
  CNNL_REDUCTION_NONE = 0,
  CNNL_REDUCTION_SUM = 1,
  CNNL_REDUCTION_MEAN = 2,
} cnnlNlllossAlgorithm_t;
typedef enum {
  CNNL_SMOOTHL1LOSS_REDUCTION_NONE = 0,
  CNNL_SMOOTHL1LOSS_REDUCTION_MEAN = 1,
  CNNL_SMOOTHL1LOSS_REDUCTION_SUM = 2,
} cnnlSmoothL1LossAlgorithm_t;
typedef enum {
  CNNL_MSE_LOSS_NONE = 0,
  CNNL_MSE_LOSS_SUM = 1,
  CNNL_MSE_LOSS_MEAN = 2,
} cnnlMSELossReduction_t;

// l = -w (t log x + (1 - t) log(1 - x)), each log clamped at -100; weight
// NULL or broadcast to input (NumPy rules).
cnnlStatus_t cnnlGetBceLossWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t weight_desc, size_t* workspace_size);
cnnlStatus_t cnnlBceLoss(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t target_desc,
    const void* target, const cnnlTensorDescriptor_t weight_desc,
    const void* weight, const cnnlBceLossReduction_t reduction, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output);
// grad_input = grad w (x - t) / max(x (1 - x), 1e-12).
cnnlStatus_t cnnlGetBceLossBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t target_desc,
    const cnnlTensorDescriptor_t weight_desc, size_t* workspace_size);
cnnlStatus_t cnnlBceLossBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t grad_desc,
    const void* grad, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t target_desc,
    const void* target, const cnnlTensorDescriptor_t weight_desc,
    const void* weight, const cnnlBceLossReduction_t reduction, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t grad_input_desc,
    void* grad_input);

// l = w ((1 - t) x + (1 + (pw - 1) t) log(1 + exp(-x))), computed stably;
// weight and pos_weight NULL or broadcast to input.
cnnlStatus_t cnnlGetBceWithLogitsWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t weight_desc,
    const cnnlTensorDescriptor_t pos_weight_desc, size_t* workspace_size);
cnnlStatus_t cnnlBceWithLogits_v2(
    cnnlHandle_t handle, const cnnlComputationPreference_t prefer,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t target_desc, const void* target,
    const cnnlTensorDescriptor_t weight_desc, const void* weight,
    const cnnlTensorDescriptor_t pos_weight_desc, const void* pos_weight,
    const cnnlBceWithLogitsReduction_t reduction, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output);
// grad_input = grad w ((1 + (pw - 1) t) sigmoid(x) - pw t).
cnnlStatus_t cnnlGetBceWithLogitsBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t target_desc,
    const cnnlTensorDescriptor_t weight_desc,
    const cnnlTensorDescriptor_t pos_weight_desc, size_t* workspace_size);
cnnlStatus_t cnnlBceWithLogitsBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t grad_desc,
    const void* grad, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t target_desc,
    const void* target, const cnnlTensorDescriptor_t weight_desc,
    const void* weight, const cnnlTensorDescriptor_t pos_weight_desc,
    const void* pos_weight, const cnnlBceWithLogitsReduction_t reduction,
    void* workspace, const size_t workspace_size,
    const cnnlTensorDescriptor_t grad_input_desc, void* grad_input);

// x [N, C] log-probabilities, target [N] int32 or int64 class indices (an
// index outside [0, C) other than ignore_index is a bad parameter), filter
// NULL or [C] class weights. y_i = -w[t_i] x[i, t_i] (0 where t_i is
// ignore_index); total_filter (one element, may be NULL) receives the sum of
// the w[t_i] counted; MEAN divides the sum by it.
cnnlStatus_t cnnlGetNlllossWorkspaceSize(cnnlHandle_t handle,
                                         const cnnlTensorDescriptor_t x_desc,
                                         size_t* workspace_size);
cnnlStatus_t cnnlNlllossForward(
    cnnlHandle_t handle, const cnnlNlllossAlgorithm_t algorithm,
    void* workspace, size_t workspace_size, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t t_desc, const void* target,
    const int ignore_index, const cnnlTensorDescriptor_t w_desc,
    const void* filter, const cnnlTensorDescriptor_t tf_desc,
    void* total_filter, const cnnlTensorDescriptor_t y_desc, void* y);
cnnlStatus_t cnnlNlllossForward_v2(
    cnnlHandle_t handle, const cnnlNlllossAlgorithm_t algorithm,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t t_desc, const void* target,
    const int ignore_index, const cnnlTensorDescriptor_t w_desc,
    const void* filter, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t tf_desc, void* total_filter,
    const cnnlTensorDescriptor_t y_desc, void* y);
// diff_x [N, C]: -w[t_i] g_i at (i, t_i), 0 elsewhere; g_i is diff_y[i]
// (NONE), diff_y (SUM) or diff_y / total_filter (MEAN).
cnnlStatus_t cnnlNlllossBackward_v2(
    cnnlHandle_t handle, const cnnlNlllossAlgorithm_t algorithm,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t t_desc, const void* target,
    const int ignore_index, const cnnlTensorDescriptor_t w_desc,
    const void* filter, const cnnlTensorDescriptor_t tf_desc,
    const void* total_filter, const cnnlTensorDescriptor_t diff_x_desc,
    void* diff_x);

// d = |x - t|: l = 0.5 d^2 / beta below beta, d - 0.5 beta from it (beta 0:
// d).
cnnlStatus_t cnnlGetSmoothL1LossForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlSmoothL1LossAlgorithm_t algorithm, size_t* workspace_size);
cnnlStatus_t cnnlSmoothL1LossForward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t t_desc, const void* target, const float beta,
    const cnnlSmoothL1LossAlgorithm_t algorithm, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t y_desc, void* y);
cnnlStatus_t cnnlGetSmoothL1LossBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlSmoothL1LossAlgorithm_t algorithm, size_t* workspace_size);
cnnlStatus_t cnnlSmoothL1LossBackward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t target_desc, const void* target,
    const cnnlTensorDescriptor_t dy_desc, const void* dy, const float beta,
    const cnnlSmoothL1LossAlgorithm_t algorithm, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t dx_desc,
    void* dx);

// l = (x - t)^2.
cnnlStatus_t cnnlGetMSELossWorkspaceSize(cnnlHandle_t handle,
                                         const cnnlTensorDescriptor_t x_desc,
                                         size_t* workspace_size);
cnnlStatus_t cnnlMSELoss_v2(cnnlHandle_t handle,
                            const cnnlMSELossReduction_t reduction,
                            const cnnlTensorDescriptor_t x_desc, const void* x,
                            const cnnlTensorDescriptor_t t_desc,
                            const void* target, void* workspace,
                            size_t workspace_size,
                            const cnnlTensorDescriptor_t y_desc, void* y);
cnnlStatus_t cnnlMSELossBackward(
    cnnlHandle_t handle, const cnnlMSELossReduction_t reduction,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t t_desc, const void* target,
    const cnnlTensorDescriptor_t dy_desc, const void* dy,
    const cnnlTensorDescriptor_t dx_desc, void* dx);

// The CTC loss descriptor: how the probabilities are normalised, how the
// losses reduce, whether infinite losses become 0, the blank label and the
// longest input and label, kept and read back (cnnlCTCLoss itself is not
// implemented). max_input_length and max_label_length are at least 0,
// blank at least 0.
typedef enum {
  CNNL_NONE_NORMALIZATION = 0,
  CNNL_SOFTMAX_NORMALIZATION = 1,
  CNNL_LOG_SOFTMAX_NORMALIZATION = 2,
} cnnlCTCLossNormalizationMode_t;
typedef enum {
  CNNL_REDUCE_MODE_NONE = 0,
  CNNL_REDUCE_MODE_SUM = 1,
  CNNL_REDUCE_MODE_MEAN_BY_LABEL_LENGTH_AND_BATCH = 2,
} cnnlCTCLossReduceMode_t;
typedef enum {
  CNNL_NONE_ZERO_INFINITY = 0,
  CNNL_ZERO_INFINITY = 1,
} cnnlCTCLossZeroInfinityMode_t;
typedef struct cnnlCTCLossStruct* cnnlCTCLossDescriptor_t;
cnnlStatus_t cnnlCreateCTCLossDescriptor(
    cnnlCTCLossDescriptor_t* ctc_loss_desc);
cnnlStatus_t cnnlDestroyCTCLossDescriptor(
    cnnlCTCLossDescriptor_t ctc_loss_desc);
cnnlStatus_t cnnlSetCTCLossDescriptor(
    cnnlCTCLossDescriptor_t ctc_loss_desc,
    const cnnlCTCLossNormalizationMode_t norm_mode,
    const cnnlCTCLossReduceMode_t reduce_mode,
    const cnnlCTCLossZeroInfinityMode_t zero_infinity, const int blank,
    const int max_input_length, const int max_label_length);
cnnlStatus_t cnnlGetCTCLossDescriptor(
    const cnnlCTCLossDescriptor_t ctc_loss_desc,
    cnnlCTCLossNormalizationMode_t* norm_mode,
    cnnlCTCLossReduceMode_t* reduce_mode,
    cnnlCTCLossZeroInfinityMode_t* zero_infinity, int* blank,
    int* max_input_length, int* max_label_length);

#if defined(__cplusplus)
}
#endif

#endif  // XBANG_CNNL_LOSS_H_
