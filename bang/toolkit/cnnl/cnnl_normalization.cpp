// Batch and layer normalisation (cnnl_normalization.h): argument checks in
// the order mlu-ops' ParamCheck functions make them, numerics by oneDNN's
// batch and layer normalisation primitives in float. x is seen as a dense
// [rows, C] float matrix: channels last for batch normalisation (C the last
// dimension), the normalised dimensions flattened for layer normalisation.
#include <cmath>
#include <dnnl.hpp>
#include <vector>

#include "cnnl_internal.h"
#include "cnnl_onednn.h"

using namespace xbang::cnnl_detail;
using namespace xbang::cnnl_onednn;

namespace {

using dnnl::memory;
using dnnl::normalization_flags;

bool query_ok(const char* api, cnnlHandle_t handle,
              cnnlTensorDescriptor_t x_desc, const size_t* size,
              cnnlStatus_t* status) {
  if (!handle_ok(api, handle, status)) return false;
  if (x_desc == nullptr || !x_desc->set) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "x_desc is NULL or never set");
    return false;
  }
  if (size == nullptr) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "workspace_size is NULL");
    return false;
  }
  return true;
}

// The float copy of an optional vector (NULL data reads `otherwise`).
std::vector<float> read_vector(const cnnlTensorStruct& t, const void* data,
                               int64_t n, float otherwise) {
  std::vector<float> v(size_t(n), otherwise);
  if (data == nullptr) return v;
  size_t i = 0;
  for_each_offset(t.dims, t.strides, [&](int64_t o) {
    v[i++] = float(load_real(t.dtype, data, o));
  });
  return v;
}

// Writes alpha * v + beta * t into an optional vector.
void write_vector(const cnnlTensorStruct& t, void* data,
                  const std::vector<float>& v, float alpha = 1.0f,
                  float beta = 0.0f) {
  if (data == nullptr) return;
  size_t i = 0;
  for_each_offset(t.dims, t.strides, [&](int64_t o) {
    double r = double(alpha) * v[i++];
    if (beta != 0.0f) r += double(beta) * load_real(t.dtype, data, o);
    store_real(t.dtype, data, o, r);
  });
}

memory f32(const memory::dims& dims, const void* data) {
  const memory::desc md(
      dims, memory::data_type::f32,
      dims.size() == 1 ? memory::format_tag::a : memory::format_tag::ab);
  return memory(md, cpu_engine(), const_cast<void*>(data));
}

// ---- Batch normalisation ----

// x channels last: rows x C. Checks x's layout and rank, its data type,
// and that `other` (y or a gradient) matches it.
bool channels_last(const char* api, const cnnlTensorStruct& x,
                   const cnnlTensorStruct& other, const char* other_name,
                   int64_t* rows, int64_t* c, cnnlStatus_t* status) {
  const size_t rank = x.dims.size();
  const bool layout_ok = (x.layout == CNNL_LAYOUT_NHWC && rank == 4) ||
                         (x.layout == CNNL_LAYOUT_NDHWC && rank == 5) ||
                         (x.layout == CNNL_LAYOUT_NLC && rank == 3) ||
                         (x.layout == CNNL_LAYOUT_NC && rank == 2);
  char why[128];
  cnnlStatus_t code = CNNL_STATUS_BAD_PARAM;
  if (!layout_ok) {
    std::snprintf(why, sizeof(why),
                  "x is not NHWC (rank 4), NDHWC (5), NLC (3) or NC (2)");
  } else if (!is_dnn_type(x.dtype)) {
    std::snprintf(why, sizeof(why), "x is not float, half or bfloat16");
    code = CNNL_STATUS_NOT_SUPPORTED;
  } else if (other.dims != x.dims || other.dtype != x.dtype) {
    std::snprintf(why, sizeof(why), "%s differs from x in shape or data type",
                  other_name);
  } else {
    *c = x.dims.back();
    *rows = *c == 0 ? 0 : element_count(x) / *c;
    return true;
  }
  *status = fail(api, code, why);
  return false;
}

bool per_channel(const char* api, cnnlTensorDescriptor_t desc, int64_t c,
                 cnnlStatus_t* status) {
  const char* why = nullptr;
  if (desc == nullptr || !desc->set) {
    why = "filter_bias_mean_var_desc is NULL or never set";
  } else if (desc->dims.size() != 1 || desc->dims[0] != c) {
    why = "filter_bias_mean_var_desc is not one vector of x's channels";
  } else if (!is_dnn_type(desc->dtype)) {
    why = "filter_bias_mean_var_desc is not float, half or bfloat16";
  } else {
    return true;
  }
  *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return false;
}

// The mode and ops, and for the ops with an activation its descriptor:
// RELU or IDENTITY. *relu says which.
bool bn_ops_ok(const char* api, cnnlBatchNormMode_t mode,
               cnnlBatchNormOps_t ops, cnnlActivationDescriptor_t act,
               bool backward, bool* relu, cnnlStatus_t* status) {
  *relu = false;
  if (mode != CNNL_BATCHNORM_SPATIAL) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "unknown mode");
    return false;
  }
  if (int(ops) < CNNL_BATCHNORM_OPS_BN ||
      int(ops) > CNNL_BATCHNORM_OPS_BN_ADD_ACTIVATION) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "unknown bnOps");
    return false;
  }
  if (ops == CNNL_BATCHNORM_OPS_BN) return true;
  if (backward) {
    *status = fail(api, CNNL_STATUS_NOT_SUPPORTED,
                   "the backward pass is implemented for bnOps BN only");
    return false;
  }
  if (act == nullptr || !act->set) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "activation_desc is NULL or never set with an activation "
                   "in bnOps");
    return false;
  }
  if (act->mode != CNNL_ACTIVATION_RELU &&
      act->mode != CNNL_ACTIVATION_IDENTITY) {
    *status = fail(api, CNNL_STATUS_NOT_SUPPORTED,
                   "the activation is not RELU or IDENTITY");
    return false;
  }
  *relu = act->mode == CNNL_ACTIVATION_RELU;
  return true;
}

bool eps_ok(const char* api, float eps, cnnlStatus_t* status) {
  if (eps >= 0.0f && std::isfinite(eps)) return true;
  *status = fail(api, CNNL_STATUS_BAD_PARAM, "eps is negative or not finite");
  return false;
}

// Forward training (running statistics in moving_*, batch statistics into
// saved_*) or inference (statistics read from moving_*).
cnnlStatus_t batch_norm_forward(
    const char* api, bool training, cnnlHandle_t handle,
    cnnlActivationDescriptor_t act, cnnlBatchNormMode_t mode,
    cnnlBatchNormOps_t ops, const void* alpha, const void* beta,
    cnnlTensorDescriptor_t x_desc, const void* x, cnnlTensorDescriptor_t z_desc,
    const void* z, cnnlTensorDescriptor_t w_desc, const void* filter,
    const void* bias, void* moving_mean, void* moving_var, float eps,
    float momentum, cnnlTensorDescriptor_t y_desc, void* y, void* saved_mean,
    void* saved_invstd, void* workspace, size_t workspace_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  bool relu = false;
  int64_t rows = 0, c = 0;
  if (!handle_ok(api, handle, &status) ||
      !bn_ops_ok(api, mode, ops, act, false, &relu, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, y_desc, y, "y", &status) ||
      !channels_last(api, *x_desc, *y_desc, "y", &rows, &c, &status) ||
      !per_channel(api, w_desc, c, &status) || !eps_ok(api, eps, &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  const bool add = ops == CNNL_BATCHNORM_OPS_BN_ADD_ACTIVATION;
  if (add && (!usable(api, z_desc, z, "z", &status) ||
              !channels_last(api, *x_desc, *z_desc, "z", &rows, &c, &status))) {
    return status;
  }
  if (!training && (moving_mean == nullptr || moving_var == nullptr)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "moving_mean or moving_var is NULL in inference");
  }
  if (training && !(momentum >= 0.0f && momentum <= 1.0f)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "momentum is not in [0, 1]");
  }
  if (rows == 0 || c == 0) return CNNL_STATUS_SUCCESS;

  const cnnlTensorStruct& wd = *w_desc;
  std::vector<float> scale = read_vector(wd, filter, c, 1.0f);
  std::vector<float> shift = read_vector(wd, bias, c, 0.0f);
  std::vector<float> mean = training ? std::vector<float>(size_t(c))
                                     : read_vector(wd, moving_mean, c, 0.0f);
  std::vector<float> var = training ? std::vector<float>(size_t(c))
                                    : read_vector(wd, moving_var, c, 1.0f);
  FloatView xv(*x_desc, x);
  FloatOut yo(*y_desc, y, host_scalar(alpha, 1.0f), host_scalar(beta, 0.0f));
  try {
    const memory src = f32({rows, c}, xv.data());
    const memory dst = f32({rows, c}, yo.data());
    normalization_flags flags =
        normalization_flags::use_scale | normalization_flags::use_shift;
    if (!training) flags = flags | normalization_flags::use_global_stats;
    dnnl::batch_normalization_forward::desc desc(
        training ? dnnl::prop_kind::forward_training
                 : dnnl::prop_kind::forward_inference,
        src.get_desc(), eps, flags);
    dnnl::batch_normalization_forward::primitive_desc pd(desc, cpu_engine());
    dnnl::batch_normalization_forward(pd).execute(
        cpu_stream(), {{DNNL_ARG_SRC, src},
                       {DNNL_ARG_DST, dst},
                       {DNNL_ARG_SCALE, f32({c}, scale.data())},
                       {DNNL_ARG_SHIFT, f32({c}, shift.data())},
                       {DNNL_ARG_MEAN, f32({c}, mean.data())},
                       {DNNL_ARG_VARIANCE, f32({c}, var.data())}});
    cpu_stream().wait();
  } catch (const dnnl::error& e) {
    dnn_failed(api, e, &status);
    return status;
  }
  if (ops != CNNL_BATCHNORM_OPS_BN) {
    float* out = yo.data();
    const int64_t n = rows * c;
    if (add) {
      FloatView zv(*z_desc, z);
      for (int64_t i = 0; i < n; ++i) out[i] += zv.data()[i];
    }
    if (relu) {
      for (int64_t i = 0; i < n; ++i) out[i] = std::max(out[i], 0.0f);
    }
  }
  yo.finish();
  if (training) {
    std::vector<float> invstd(static_cast<size_t>(c));
    std::vector<float> run_mean = read_vector(wd, moving_mean, c, 0.0f);
    std::vector<float> run_var = read_vector(wd, moving_var, c, 0.0f);
    // The running variance is unbiased, as PyTorch keeps it.
    const double unbias = rows > 1 ? double(rows) / double(rows - 1) : 1.0;
    for (size_t i = 0; i < size_t(c); ++i) {
      invstd[i] = float(1.0 / std::sqrt(double(var[i]) + double(eps)));
      run_mean[i] = float((1.0 - momentum) * run_mean[i] + momentum * mean[i]);
      run_var[i] =
          float((1.0 - momentum) * run_var[i] + momentum * var[i] * unbias);
    }
    write_vector(wd, saved_mean, mean);
    write_vector(wd, saved_invstd, invstd);
    write_vector(wd, moving_mean, run_mean);
    write_vector(wd, moving_var, run_var);
  }
  return CNNL_STATUS_SUCCESS;
}

// The backward pass of training (frozen false: mean and 1 / sqrt(var + eps)
// saved by the forward pass) or inference (frozen: population mean and
// variance).
cnnlStatus_t batch_norm_backward(
    const char* api, bool frozen, cnnlHandle_t handle,
    cnnlActivationDescriptor_t act, cnnlBatchNormMode_t mode,
    cnnlBatchNormOps_t ops, const void* alpha_data, const void* beta_data,
    const void* alpha_param, const void* beta_param,
    cnnlTensorDescriptor_t x_desc, const void* x,
    cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    cnnlTensorDescriptor_t w_desc, const void* filter, const void* mean_in,
    const void* spread_in, float eps, cnnlTensorDescriptor_t diff_x_desc,
    void* diff_x, void* diff_filter, void* diff_bias, void* workspace,
    size_t workspace_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  bool relu = false;
  int64_t rows = 0, c = 0;
  if (!handle_ok(api, handle, &status) ||
      !bn_ops_ok(api, mode, ops, act, true, &relu, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, diff_y_desc, diff_y, "diff_y", &status) ||
      !usable(api, diff_x_desc, diff_x, "diff_x", &status) ||
      !channels_last(api, *x_desc, *diff_y_desc, "diff_y", &rows, &c,
                     &status) ||
      !channels_last(api, *x_desc, *diff_x_desc, "diff_x", &rows, &c,
                     &status) ||
      !per_channel(api, w_desc, c, &status) || !eps_ok(api, eps, &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (mean_in == nullptr || spread_in == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                frozen ? "pop_mean or pop_var is NULL"
                       : "saved_mean or saved_invstd is NULL");
  }
  if (c == 0) return CNNL_STATUS_SUCCESS;
  const cnnlTensorStruct& wd = *w_desc;
  std::vector<float> scale = read_vector(wd, filter, c, 1.0f);
  std::vector<float> mean = read_vector(wd, mean_in, c, 0.0f);
  std::vector<float> var = read_vector(wd, spread_in, c, 1.0f);
  float dnn_eps = eps;
  if (!frozen) {
    // oneDNN takes the variance: 1 / invstd^2 with eps 0 gives back the
    // saved invstd exactly.
    for (float& v : var) v = 1.0f / (v * v);
    dnn_eps = 0.0f;
  }
  // oneDNN 2.6 asks for the shift (unread) when it computes its gradient.
  std::vector<float> diff_scale(size_t(c), 0.0f), diff_shift(size_t(c), 0.0f);
  FloatOut dxo(*diff_x_desc, diff_x, host_scalar(alpha_data, 1.0f),
               host_scalar(beta_data, 0.0f));
  if (rows == 0) {
    std::fill_n(dxo.data(), element_count(*diff_x_desc), 0.0f);
  } else {
    FloatView xv(*x_desc, x), dyv(*diff_y_desc, diff_y);
    try {
      const memory src = f32({rows, c}, xv.data());
      const memory::desc& md = src.get_desc();
      normalization_flags flags =
          normalization_flags::use_scale | normalization_flags::use_shift;
      if (frozen) flags = flags | normalization_flags::use_global_stats;
      dnnl::batch_normalization_forward::primitive_desc hint(
          dnnl::batch_normalization_forward::desc(
              dnnl::prop_kind::forward_training, md, dnn_eps, flags),
          cpu_engine());
      dnnl::batch_normalization_backward::primitive_desc pd(
          dnnl::batch_normalization_backward::desc(dnnl::prop_kind::backward,
                                                   md, md, dnn_eps, flags),
          cpu_engine(), hint);
      dnnl::batch_normalization_backward(pd).execute(
          cpu_stream(), {{DNNL_ARG_SRC, src},
                         {DNNL_ARG_DIFF_DST, f32({rows, c}, dyv.data())},
                         {DNNL_ARG_MEAN, f32({c}, mean.data())},
                         {DNNL_ARG_VARIANCE, f32({c}, var.data())},
                         {DNNL_ARG_SCALE, f32({c}, scale.data())},
                         {DNNL_ARG_SHIFT, f32({c}, diff_shift.data())},
                         {DNNL_ARG_DIFF_SRC, f32({rows, c}, dxo.data())},
                         {DNNL_ARG_DIFF_SCALE, f32({c}, diff_scale.data())},
                         {DNNL_ARG_DIFF_SHIFT, f32({c}, diff_shift.data())}});
      cpu_stream().wait();
    } catch (const dnnl::error& e) {
      dnn_failed(api, e, &status);
      return status;
    }
  }
  dxo.finish();
  const float ap = host_scalar(alpha_param, 1.0f);
  const float bp = host_scalar(beta_param, 0.0f);
  write_vector(wd, diff_filter, diff_scale, ap, bp);
  write_vector(wd, diff_bias, diff_shift, ap, bp);
  return CNNL_STATUS_SUCCESS;
}

// ---- Layer normalisation ----

// x split at axis into rows x cols; checks axis, the data type, `other`
// (y or a gradient) against x, and the optional weight / bias and
// mean / rstd descriptors.
bool layer_geometry(const char* api, const cnnlTensorStruct& x, int axis,
                    const cnnlTensorStruct& other, const char* other_name,
                    cnnlTensorDescriptor_t wb_desc,
                    cnnlTensorDescriptor_t stats_desc, int64_t* rows,
                    int64_t* cols, cnnlStatus_t* status) {
  const int rank = int(x.dims.size());
  char why[128] = "";
  cnnlStatus_t code = CNNL_STATUS_BAD_PARAM;
  *rows = 1;
  *cols = 1;
  for (int i = 0; i < rank; ++i)
    (i < axis ? *rows : *cols) *= x.dims[size_t(i)];
  if (axis < 0 || axis >= rank) {
    std::snprintf(why, sizeof(why), "axis is not in [0, rank of x)");
  } else if (!is_dnn_type(x.dtype)) {
    std::snprintf(why, sizeof(why), "x is not float, half or bfloat16");
    code = CNNL_STATUS_NOT_SUPPORTED;
  } else if (other.dims != x.dims || other.dtype != x.dtype) {
    std::snprintf(why, sizeof(why), "%s differs from x in shape or data type",
                  other_name);
  } else if (wb_desc != nullptr &&
             (!wb_desc->set || !is_dnn_type(wb_desc->dtype) ||
              wb_desc->dims !=
                  std::vector<int64_t>(x.dims.begin() + axis, x.dims.end()))) {
    std::snprintf(why, sizeof(why),
                  "weight_bias_desc is not x's dimensions from axis on");
  } else if (stats_desc != nullptr &&
             (!stats_desc->set || !is_dnn_type(stats_desc->dtype) ||
              element_count(*stats_desc) != *rows)) {
    std::snprintf(why, sizeof(why),
                  "mean_rstd_desc does not hold one value per row of x");
  } else {
    return true;
  }
  *status = fail(api, code, why);
  return false;
}

memory::desc rows_md(int64_t rows, int64_t cols) {
  return memory::desc({rows, cols}, memory::data_type::f32,
                      memory::format_tag::ab);
}
memory::desc stat_md(int64_t rows) {
  return memory::desc({rows}, memory::data_type::f32, memory::format_tag::a);
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetBatchNormForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!query_ok("cnnlGetBatchNormForwardWorkspaceSize", handle, x_desc,
                workspace_size, &status)) {
    return status;
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetBatchNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!query_ok("cnnlGetBatchNormBackwardWorkspaceSize", handle, x_desc,
                workspace_size, &status)) {
    return status;
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetFrozenBatchNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!query_ok("cnnlGetFrozenBatchNormBackwardWorkspaceSize", handle, x_desc,
                workspace_size, &status)) {
    return status;
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlBatchNormForwardTraining_v2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const void* alpha, const void* beta, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t z_desc, const void* z,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* bias, void* moving_mean, void* moving_var, const float eps,
    const float momentum, const cnnlTensorDescriptor_t y_desc, void* y,
    void* saved_mean, void* saved_invstd, void* workspace,
    size_t workspace_size, void* /*reservespace*/,
    size_t /*reservespace_size*/) {
  return batch_norm_forward(
      "cnnlBatchNormForwardTraining_v2", true, handle, activation_desc, mode,
      bnOps, alpha, beta, x_desc, x, z_desc, z, filter_bias_mean_var_desc,
      filter, bias, moving_mean, moving_var, eps, momentum, y_desc, y,
      saved_mean, saved_invstd, workspace, workspace_size);
}
cnnlStatus_t cnnlBatchNormForwardTrainingV2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const void* alpha, const void* beta, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t z_desc, const void* z,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* bias, void* moving_mean, void* moving_var, const float eps,
    const float momentum, const cnnlTensorDescriptor_t y_desc, void* y,
    void* saved_mean, void* saved_invstd, void* workspace,
    size_t workspace_size, void* /*reservespace*/,
    size_t /*reservespace_size*/) {
  return batch_norm_forward(
      "cnnlBatchNormForwardTrainingV2", true, handle, activation_desc, mode,
      bnOps, alpha, beta, x_desc, x, z_desc, z, filter_bias_mean_var_desc,
      filter, bias, moving_mean, moving_var, eps, momentum, y_desc, y,
      saved_mean, saved_invstd, workspace, workspace_size);
}
cnnlStatus_t cnnlBatchNormForwardInference(
    cnnlHandle_t handle, const void* alpha, const void* beta,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* bias, const void* moving_mean, const void* moving_var,
    const float eps, const cnnlTensorDescriptor_t z_desc, void* z) {
  return batch_norm_forward(
      "cnnlBatchNormForwardInference", false, handle, nullptr,
      CNNL_BATCHNORM_SPATIAL, CNNL_BATCHNORM_OPS_BN, alpha, beta, x_desc, x,
      nullptr, nullptr, filter_bias_mean_var_desc, filter, bias,
      const_cast<void*>(moving_mean), const_cast<void*>(moving_var), eps, 0.0f,
      z_desc, z, nullptr, nullptr, nullptr, 0);
}
cnnlStatus_t cnnlBatchNormForwardInferenceV2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const void* alpha, const void* beta, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t filter_bias_mean_var_desc,
    const void* filter, const void* bias, const cnnlTensorDescriptor_t z_desc,
    const void* z, const void* moving_mean, const void* moving_var,
    const float eps, const cnnlTensorDescriptor_t y_desc, void* y) {
  return batch_norm_forward("cnnlBatchNormForwardInferenceV2", false, handle,
                            activation_desc, mode, bnOps, alpha, beta, x_desc,
                            x, z_desc, z, filter_bias_mean_var_desc, filter,
                            bias, const_cast<void*>(moving_mean),
                            const_cast<void*>(moving_var), eps, 0.0f, y_desc, y,
                            nullptr, nullptr, nullptr, 0);
}

cnnlStatus_t cnnlBatchNormBackward_v2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const void* alpha_data_diff, const void* beta_data_diff,
    const void* alpha_param_diff, const void* beta_param_diff,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t /*y_desc*/, const void* /*y*/,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* /*bias*/, const void* saved_mean, const void* saved_invstd,
    const float eps, const cnnlTensorDescriptor_t /*diff_z_desc*/,
    void* /*diff_z*/, const cnnlTensorDescriptor_t diff_x_desc, void* diff_x,
    void* diff_filter, void* diff_bias, void* workspace, size_t workspace_size,
    void* /*reservespace*/, size_t /*reservespace_size*/) {
  return batch_norm_backward(
      "cnnlBatchNormBackward_v2", false, handle, activation_desc, mode, bnOps,
      alpha_data_diff, beta_data_diff, alpha_param_diff, beta_param_diff,
      x_desc, x, diff_y_desc, diff_y, filter_bias_mean_var_desc, filter,
      saved_mean, saved_invstd, eps, diff_x_desc, diff_x, diff_filter,
      diff_bias, workspace, workspace_size);
}
cnnlStatus_t cnnlFrozenBatchNormBackward_v2(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const cnnlBatchNormMode_t mode, const cnnlBatchNormOps_t bnOps,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t /*y_desc*/, const void* /*y*/,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t filter_bias_mean_var_desc, const void* filter,
    const void* /*bias*/, const void* pop_mean, const void* pop_var,
    const float eps, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t /*diff_z_desc*/, void* /*diff_z*/,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x, void* diff_filter,
    void* diff_bias) {
  return batch_norm_backward(
      "cnnlFrozenBatchNormBackward_v2", true, handle, activation_desc, mode,
      bnOps, nullptr, nullptr, nullptr, nullptr, x_desc, x, diff_y_desc, diff_y,
      filter_bias_mean_var_desc, filter, pop_mean, pop_var, eps, diff_x_desc,
      diff_x, diff_filter, diff_bias, workspace, workspace_size);
}

cnnlStatus_t cnnlGetLayerNormOpWorkspaceSize(
    cnnlHandle_t handle, int axis, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  const char* api = "cnnlGetLayerNormOpWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!query_ok(api, handle, x_desc, workspace_size, &status)) return status;
  if (axis < 0 || axis >= int(x_desc->dims.size())) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "axis is not in [0, rank of x)");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetLayerNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, int axis,
    size_t* workspace_size) {
  const char* api = "cnnlGetLayerNormBackwardWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!query_ok(api, handle, x_desc, workspace_size, &status)) return status;
  if (axis < 0 || axis >= int(x_desc->dims.size())) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "axis is not in [0, rank of x)");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlLayerNormForward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    int axis, const cnnlTensorDescriptor_t weight_bias_desc, const void* weight,
    const void* bias, float eps, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t y_desc, void* y,
    const cnnlTensorDescriptor_t mean_rstd_desc, void* saved_mean,
    void* saved_rstd) {
  const char* api = "cnnlLayerNormForward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  int64_t rows = 0, cols = 0;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, y_desc, y, "y", &status) ||
      !layer_geometry(api, *x_desc, axis, *y_desc, "y", weight_bias_desc,
                      mean_rstd_desc, &rows, &cols, &status) ||
      !eps_ok(api, eps, &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if ((saved_mean != nullptr || saved_rstd != nullptr) &&
      mean_rstd_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "saved_mean or saved_rstd without mean_rstd_desc");
  }
  if (rows == 0 || cols == 0) return CNNL_STATUS_SUCCESS;
  std::vector<float> scale(size_t(cols), 1.0f), shift(size_t(cols), 0.0f);
  if (weight_bias_desc != nullptr) {
    scale = read_vector(*weight_bias_desc, weight, cols, 1.0f);
    shift = read_vector(*weight_bias_desc, bias, cols, 0.0f);
  }
  std::vector<float> mean(static_cast<size_t>(rows));
  std::vector<float> var(static_cast<size_t>(rows));
  FloatView xv(*x_desc, x);
  FloatOut yo(*y_desc, y, 1.0f, 0.0f);
  try {
    const normalization_flags flags =
        normalization_flags::use_scale | normalization_flags::use_shift;
    dnnl::layer_normalization_forward::primitive_desc pd(
        dnnl::layer_normalization_forward::desc(
            dnnl::prop_kind::forward_training, rows_md(rows, cols),
            stat_md(rows), eps, flags),
        cpu_engine());
    dnnl::layer_normalization_forward(pd).execute(
        cpu_stream(), {{DNNL_ARG_SRC, f32({rows, cols}, xv.data())},
                       {DNNL_ARG_DST, f32({rows, cols}, yo.data())},
                       {DNNL_ARG_SCALE, f32({cols}, scale.data())},
                       {DNNL_ARG_SHIFT, f32({cols}, shift.data())},
                       {DNNL_ARG_MEAN, f32({rows}, mean.data())},
                       {DNNL_ARG_VARIANCE, f32({rows}, var.data())}});
    cpu_stream().wait();
  } catch (const dnnl::error& e) {
    dnn_failed(api, e, &status);
    return status;
  }
  yo.finish();
  if (mean_rstd_desc != nullptr) {
    for (float& v : var) v = float(1.0 / std::sqrt(double(v) + double(eps)));
    write_vector(*mean_rstd_desc, saved_mean, mean);
    write_vector(*mean_rstd_desc, saved_rstd, var);
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlLayerNormBackward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    int axis, const cnnlTensorDescriptor_t diff_z_desc, const void* diff_z,
    const cnnlTensorDescriptor_t weight_bias_desc, const void* weight,
    const cnnlTensorDescriptor_t mean_rstd_desc, const void* saved_mean,
    const void* saved_rstd, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x, void* diff_weight,
    void* diff_bias) {
  const char* api = "cnnlLayerNormBackward_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  int64_t rows = 0, cols = 0;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, diff_z_desc, diff_z, "diff_z", &status) ||
      !usable(api, diff_x_desc, diff_x, "diff_x", &status) ||
      !usable(api, mean_rstd_desc, saved_mean, "saved_mean", &status) ||
      !usable(api, mean_rstd_desc, saved_rstd, "saved_rstd", &status) ||
      !layer_geometry(api, *x_desc, axis, *diff_z_desc, "diff_z",
                      weight_bias_desc, mean_rstd_desc, &rows, &cols,
                      &status) ||
      !layer_geometry(api, *x_desc, axis, *diff_x_desc, "diff_x",
                      weight_bias_desc, mean_rstd_desc, &rows, &cols,
                      &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if ((diff_weight != nullptr || diff_bias != nullptr) &&
      weight_bias_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "diff_weight or diff_bias without weight_bias_desc");
  }
  if (cols == 0) return CNNL_STATUS_SUCCESS;
  std::vector<float> scale(size_t(cols), 1.0f);
  if (weight_bias_desc != nullptr) {
    scale = read_vector(*weight_bias_desc, weight, cols, 1.0f);
  }
  std::vector<float> diff_scale(size_t(cols), 0.0f),
      diff_shift(size_t(cols), 0.0f);
  if (rows > 0) {
    std::vector<float> mean = read_vector(*mean_rstd_desc, saved_mean, rows, 0);
    // oneDNN takes the variance: 1 / rstd^2 with eps 0 gives back rstd.
    std::vector<float> var = read_vector(*mean_rstd_desc, saved_rstd, rows, 1);
    for (float& v : var) v = 1.0f / (v * v);
    FloatView xv(*x_desc, x), dzv(*diff_z_desc, diff_z);
    FloatOut dxo(*diff_x_desc, diff_x, 1.0f, 0.0f);
    try {
      const normalization_flags flags =
          normalization_flags::use_scale | normalization_flags::use_shift;
      const memory::desc md = rows_md(rows, cols), sd = stat_md(rows);
      dnnl::layer_normalization_forward::primitive_desc hint(
          dnnl::layer_normalization_forward::desc(
              dnnl::prop_kind::forward_training, md, sd, 0.0f, flags),
          cpu_engine());
      dnnl::layer_normalization_backward::primitive_desc pd(
          dnnl::layer_normalization_backward::desc(dnnl::prop_kind::backward,
                                                   md, md, sd, 0.0f, flags),
          cpu_engine(), hint);
      dnnl::layer_normalization_backward(pd).execute(
          cpu_stream(),
          {{DNNL_ARG_SRC, f32({rows, cols}, xv.data())},
           {DNNL_ARG_DIFF_DST, f32({rows, cols}, dzv.data())},
           {DNNL_ARG_MEAN, f32({rows}, mean.data())},
           {DNNL_ARG_VARIANCE, f32({rows}, var.data())},
           {DNNL_ARG_SCALE, f32({cols}, scale.data())},
           {DNNL_ARG_SHIFT, f32({cols}, diff_shift.data())},
           {DNNL_ARG_DIFF_SRC, f32({rows, cols}, dxo.data())},
           {DNNL_ARG_DIFF_SCALE, f32({cols}, diff_scale.data())},
           {DNNL_ARG_DIFF_SHIFT, f32({cols}, diff_shift.data())}});
      cpu_stream().wait();
    } catch (const dnnl::error& e) {
      dnn_failed(api, e, &status);
      return status;
    }
    dxo.finish();
  }
  if (weight_bias_desc != nullptr) {
    write_vector(*weight_bias_desc, diff_weight, diff_scale);
    write_vector(*weight_bias_desc, diff_bias, diff_shift);
  }
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
