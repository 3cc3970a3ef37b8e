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

// The workspace query of a call normalising x from `axis` on.
cnnlStatus_t axis_workspace_query(const char* api, cnnlHandle_t handle,
                                  cnnlTensorDescriptor_t x_desc, int axis,
                                  size_t* workspace_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!workspace_query_ok(api, handle, x_desc, workspace_size, &status)) {
    return status;
  }
  if (!x_desc->set || axis < 0 || axis >= int(x_desc->dims.size())) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "axis is not in [0, rank of x)");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

memory::desc rows_md(int64_t rows, int64_t cols) {
  return memory::desc({rows, cols}, memory::data_type::f32,
                      memory::format_tag::ab);
}
memory::desc stat_md(int64_t rows) {
  return memory::desc({rows}, memory::data_type::f32, memory::format_tag::a);
}

// ---- Group normalisation ----

// x as N samples of C channels of S spatial elements, channels first or
// last as its layout says: element (n, c, s) of the dense row-major copy.
struct Groups {
  int64_t n = 0, c = 0, s = 0, groups = 1;
  bool channels_last = false;
  int64_t at(int64_t in, int64_t ic, int64_t is) const {
    return channels_last ? (in * s + is) * c + ic : (in * c + ic) * s + is;
  }
};

bool group_geometry(const char* api, const cnnlTensorStruct& x, int group_num,
                    Groups* g, cnnlStatus_t* status) {
  const char* why = nullptr;
  cnnlStatus_t code = CNNL_STATUS_BAD_PARAM;
  const size_t rank = x.dims.size();
  if (rank < 2) {
    why = "x has fewer than 2 dimensions";
  } else if (!is_dnn_type(x.dtype)) {
    why = "x is not float, half or bfloat16";
    code = CNNL_STATUS_NOT_SUPPORTED;
  } else {
    g->channels_last = x.layout == CNNL_LAYOUT_NHWC ||
                       x.layout == CNNL_LAYOUT_NDHWC ||
                       x.layout == CNNL_LAYOUT_NLC;
    g->n = x.dims[0];
    g->c = g->channels_last ? x.dims.back() : x.dims[1];
    g->s = g->n * g->c == 0 ? 0 : element_count(x) / (g->n * g->c);
    g->groups = group_num;
    if (group_num < 1 || g->c % group_num != 0) {
      why = "group_num is not a positive divisor of the channels";
    } else {
      return true;
    }
  }
  *status = fail(api, code, why);
  return false;
}

// A per-channel vector (NULL descriptor: absent) or per-(sample, group)
// statistics tensor: `count` elements of a floating type.
bool vector_of(const char* api, cnnlTensorDescriptor_t desc, int64_t count,
               const char* name, cnnlStatus_t* status) {
  if (desc == nullptr) return true;
  if (desc->set && is_dnn_type(desc->dtype) && element_count(*desc) == count) {
    return true;
  }
  char why[128];
  std::snprintf(why, sizeof(why),
                "%s is not %lld float, half or bfloat16 elements", name,
                static_cast<long long>(count));
  *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return false;
}

// ---- RMS normalisation ----

// Each row's 1 / sqrt(mean(x^2) + eps).
std::vector<double> inverse_rms(const std::vector<double>& x, int64_t rows,
                                int64_t cols, double eps) {
  std::vector<double> r(static_cast<size_t>(rows));
  for (int64_t i = 0; i < rows; ++i) {
    double sq = 0;
    for (int64_t j = 0; j < cols; ++j) {
      sq += x[size_t(i * cols + j)] * x[size_t(i * cols + j)];
    }
    r[size_t(i)] = 1.0 / std::sqrt(sq / double(cols) + eps);
  }
  return r;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetBatchNormForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetBatchNormForwardWorkspaceSize", handle,
                              x_desc, workspace_size);
}
cnnlStatus_t cnnlGetBatchNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetBatchNormBackwardWorkspaceSize", handle,
                              x_desc, workspace_size);
}
cnnlStatus_t cnnlGetFrozenBatchNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetFrozenBatchNormBackwardWorkspaceSize",
                              handle, x_desc, workspace_size);
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
  return axis_workspace_query("cnnlGetLayerNormOpWorkspaceSize", handle, x_desc,
                              axis, workspace_size);
}
cnnlStatus_t cnnlGetLayerNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, int axis,
    size_t* workspace_size) {
  return axis_workspace_query("cnnlGetLayerNormBackwardWorkspaceSize", handle,
                              x_desc, axis, workspace_size);
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

cnnlStatus_t cnnlGetGroupNormForwardWorkspaceSize(
    cnnlHandle_t handle, int group_num, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  const char* api = "cnnlGetGroupNormForwardWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Groups g;
  if (!workspace_query_ok(api, handle, x_desc, workspace_size, &status) ||
      !group_geometry(api, *x_desc, group_num, &g, &status)) {
    return status;
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGroupNormForward_v3(
    cnnlHandle_t handle, float eps, int group_num,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t weight_bias_desc, const void* weight,
    const void* bias, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t y_desc, void* y,
    const cnnlTensorDescriptor_t mean_rstd_desc, void* saved_mean,
    void* saved_rstd) {
  const char* api = "cnnlGroupNormForward_v3";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Groups g;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, y_desc, y, "y", &status) ||
      !group_geometry(api, *x_desc, group_num, &g, &status) ||
      !eps_ok(api, eps, &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (y_desc->dims != x_desc->dims || y_desc->dtype != x_desc->dtype ||
      y_desc->layout != x_desc->layout) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "y differs from x in shape, layout or data type");
  }
  if (!vector_of(api, weight_bias_desc, g.c, "weight_bias_desc", &status) ||
      !vector_of(api, mean_rstd_desc, g.n * group_num, "mean_rstd_desc",
                 &status)) {
    return status;
  }
  if ((saved_mean != nullptr || saved_rstd != nullptr) &&
      mean_rstd_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "saved_mean or saved_rstd without mean_rstd_desc");
  }
  std::vector<float> scale(static_cast<size_t>(g.c), 1.0f);
  std::vector<float> shift(static_cast<size_t>(g.c), 0.0f);
  if (weight_bias_desc != nullptr) {
    scale = read_vector(*weight_bias_desc, weight, g.c, 1.0f);
    shift = read_vector(*weight_bias_desc, bias, g.c, 0.0f);
  }
  const std::vector<double> xv = read_reals(*x_desc, x);
  std::vector<double> yv(xv.size());
  std::vector<float> mean(size_t(g.n * g.groups)), rstd(mean.size());
  const int64_t per = g.c / g.groups;
  for (int64_t n = 0; n < g.n; ++n) {
    for (int64_t k = 0; k < g.groups; ++k) {
      double sum = 0, sq = 0;
      for (int64_t c = k * per; c < (k + 1) * per; ++c) {
        for (int64_t i = 0; i < g.s; ++i) sum += xv[size_t(g.at(n, c, i))];
      }
      const double count = double(per * g.s), m = count > 0 ? sum / count : 0;
      for (int64_t c = k * per; c < (k + 1) * per; ++c) {
        for (int64_t i = 0; i < g.s; ++i) {
          const double d = xv[size_t(g.at(n, c, i))] - m;
          sq += d * d;
        }
      }
      const double r = 1.0 / std::sqrt((count > 0 ? sq / count : 0) + eps);
      mean[size_t(n * g.groups + k)] = float(m);
      rstd[size_t(n * g.groups + k)] = float(r);
      for (int64_t c = k * per; c < (k + 1) * per; ++c) {
        for (int64_t i = 0; i < g.s; ++i) {
          const size_t o = size_t(g.at(n, c, i));
          yv[o] = (xv[o] - m) * r * scale[size_t(c)] + shift[size_t(c)];
        }
      }
    }
  }
  write_reals(*y_desc, y, yv);
  if (mean_rstd_desc != nullptr) {
    write_vector(*mean_rstd_desc, saved_mean, mean);
    write_vector(*mean_rstd_desc, saved_rstd, rstd);
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetGroupNormBackwardWorkspaceSize(cnnlHandle_t handle,
                                                   size_t /*x_num*/,
                                                   size_t* workspace_size) {
  const char* api = "cnnlGetGroupNormBackwardWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (workspace_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "workspace_size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetGroupNormBackwardWorkspaceSizeV2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, int group_num,
    size_t* workspace_size) {
  const char* api = "cnnlGetGroupNormBackwardWorkspaceSizeV2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Groups g;
  if (!workspace_query_ok(api, handle, x_desc, workspace_size, &status) ||
      !group_geometry(api, *x_desc, group_num, &g, &status)) {
    return status;
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGroupNormBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t diff_z_desc, const void* diff_z,
    const cnnlTensorDescriptor_t gamma_desc, const void* gamma,
    const cnnlTensorDescriptor_t mean_desc, const void* mean,
    const cnnlTensorDescriptor_t rstd_desc, const void* rstd, int group_num,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x,
    const cnnlTensorDescriptor_t diff_scale_desc, void* diff_scale,
    const cnnlTensorDescriptor_t diff_bias_desc, void* diff_bias,
    void* workspace, size_t workspace_size) {
  const char* api = "cnnlGroupNormBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Groups g;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, diff_z_desc, diff_z, "diff_z", &status) ||
      !usable(api, mean_desc, mean, "mean", &status) ||
      !usable(api, rstd_desc, rstd, "rstd", &status) ||
      !usable(api, diff_x_desc, diff_x, "diff_x", &status) ||
      !group_geometry(api, *x_desc, group_num, &g, &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (diff_z_desc->dims != x_desc->dims || diff_x_desc->dims != x_desc->dims ||
      diff_z_desc->dtype != x_desc->dtype ||
      diff_x_desc->dtype != x_desc->dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "diff_z or diff_x differs from x in shape or data type");
  }
  const int64_t stats = g.n * group_num;
  if (!vector_of(api, gamma_desc, g.c, "gamma_desc", &status) ||
      !vector_of(api, mean_desc, stats, "mean_desc", &status) ||
      !vector_of(api, rstd_desc, stats, "rstd_desc", &status) ||
      !vector_of(api, diff_scale_desc, g.c, "diff_scale_desc", &status) ||
      !vector_of(api, diff_bias_desc, g.c, "diff_bias_desc", &status)) {
    return status;
  }
  if ((diff_scale != nullptr && diff_scale_desc == nullptr) ||
      (diff_bias != nullptr && diff_bias_desc == nullptr)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "diff_scale or diff_bias without its descriptor");
  }
  std::vector<float> scale(static_cast<size_t>(g.c), 1.0f);
  if (gamma_desc != nullptr) scale = read_vector(*gamma_desc, gamma, g.c, 1.0f);
  const std::vector<double> m = read_reals(*mean_desc, mean);
  const std::vector<double> r = read_reals(*rstd_desc, rstd);
  const std::vector<double> xv = read_reals(*x_desc, x);
  const std::vector<double> dz = read_reals(*diff_z_desc, diff_z);
  std::vector<double> dx(xv.size());
  std::vector<float> dscale(static_cast<size_t>(g.c), 0.0f);
  std::vector<float> dbias(static_cast<size_t>(g.c), 0.0f);
  std::vector<double> dscale_sum(size_t(g.c), 0.0), dbias_sum(size_t(g.c), 0.0);
  const int64_t per = g.c / g.groups;
  const double count = double(per * g.s);
  for (int64_t n = 0; n < g.n; ++n) {
    for (int64_t k = 0; k < g.groups; ++k) {
      const double mk = m[size_t(n * g.groups + k)];
      const double rk = r[size_t(n * g.groups + k)];
      double mean_g = 0, mean_gx = 0;
      for (int64_t c = k * per; c < (k + 1) * per; ++c) {
        for (int64_t i = 0; i < g.s; ++i) {
          const size_t o = size_t(g.at(n, c, i));
          const double xhat = (xv[o] - mk) * rk;
          const double gy = dz[o] * scale[size_t(c)];
          mean_g += gy;
          mean_gx += gy * xhat;
          dscale_sum[size_t(c)] += dz[o] * xhat;
          dbias_sum[size_t(c)] += dz[o];
        }
      }
      if (count > 0) {
        mean_g /= count;
        mean_gx /= count;
      }
      for (int64_t c = k * per; c < (k + 1) * per; ++c) {
        for (int64_t i = 0; i < g.s; ++i) {
          const size_t o = size_t(g.at(n, c, i));
          const double xhat = (xv[o] - mk) * rk;
          dx[o] = rk * (dz[o] * scale[size_t(c)] - mean_g - xhat * mean_gx);
        }
      }
    }
  }
  write_reals(*diff_x_desc, diff_x, dx);
  for (size_t c = 0; c < size_t(g.c); ++c) {
    dscale[c] = float(dscale_sum[c]);
    dbias[c] = float(dbias_sum[c]);
  }
  if (diff_scale_desc != nullptr) {
    write_vector(*diff_scale_desc, diff_scale, dscale);
  }
  if (diff_bias_desc != nullptr)
    write_vector(*diff_bias_desc, diff_bias, dbias);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetRmsNormOpWorkspaceSize(cnnlHandle_t handle, int axis,
                                           const cnnlTensorDescriptor_t x_desc,
                                           size_t* workspace_size) {
  return axis_workspace_query("cnnlGetRmsNormOpWorkspaceSize", handle, x_desc,
                              axis, workspace_size);
}
cnnlStatus_t cnnlGetRmsNormBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, int axis,
    size_t* workspace_size) {
  return axis_workspace_query("cnnlGetRmsNormBackwardWorkspaceSize", handle,
                              x_desc, axis, workspace_size);
}

cnnlStatus_t cnnlRmsNormForward(
    cnnlHandle_t handle, int axis, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t scale_bias_desc,
    const void* scale, const void* bias, float eps, void* workspace,
    size_t workspace_size, const cnnlTensorDescriptor_t y_desc, void* y,
    const cnnlTensorDescriptor_t rms_desc, void* saved_rms) {
  const char* api = "cnnlRmsNormForward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  int64_t rows = 0, cols = 0;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, y_desc, y, "y", &status) ||
      !layer_geometry(api, *x_desc, axis, *y_desc, "y", scale_bias_desc,
                      rms_desc, &rows, &cols, &status) ||
      !eps_ok(api, eps, &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (saved_rms != nullptr && rms_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "saved_rms without rms_desc");
  }
  std::vector<float> w(static_cast<size_t>(cols), 1.0f);
  std::vector<float> b(static_cast<size_t>(cols), 0.0f);
  if (scale_bias_desc != nullptr) {
    w = read_vector(*scale_bias_desc, scale, cols, 1.0f);
    b = read_vector(*scale_bias_desc, bias, cols, 0.0f);
  }
  const std::vector<double> xv = read_reals(*x_desc, x);
  const std::vector<double> r = inverse_rms(xv, rows, cols, eps);
  std::vector<double> yv(xv.size());
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      const size_t o = size_t(i * cols + j);
      yv[o] = xv[o] * r[size_t(i)] * w[size_t(j)] + b[size_t(j)];
    }
  }
  write_reals(*y_desc, y, yv);
  if (rms_desc != nullptr && saved_rms != nullptr) {
    write_reals(*rms_desc, saved_rms, r);
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRmsNormBackward(
    cnnlHandle_t handle, int axis, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t diff_z_desc, const void* diff_z,
    const cnnlTensorDescriptor_t scale_desc, const void* scale,
    const cnnlTensorDescriptor_t rms_desc, const void* saved_rms,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x,
    const cnnlTensorDescriptor_t diff_scale_bias_desc, void* diff_scale,
    void* diff_bias) {
  const char* api = "cnnlRmsNormBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  int64_t rows = 0, cols = 0;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, diff_z_desc, diff_z, "diff_z", &status) ||
      !usable(api, diff_x_desc, diff_x, "diff_x", &status) ||
      !usable(api, rms_desc, saved_rms, "saved_rms", &status) ||
      !layer_geometry(api, *x_desc, axis, *diff_z_desc, "diff_z", scale_desc,
                      rms_desc, &rows, &cols, &status) ||
      !layer_geometry(api, *x_desc, axis, *diff_x_desc, "diff_x",
                      diff_scale_bias_desc, rms_desc, &rows, &cols, &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if ((diff_scale != nullptr || diff_bias != nullptr) &&
      diff_scale_bias_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "diff_scale or diff_bias without diff_scale_bias_desc");
  }
  std::vector<float> w(static_cast<size_t>(cols), 1.0f);
  if (scale_desc != nullptr) w = read_vector(*scale_desc, scale, cols, 1.0f);
  const std::vector<double> xv = read_reals(*x_desc, x);
  const std::vector<double> dz = read_reals(*diff_z_desc, diff_z);
  const std::vector<double> r = read_reals(*rms_desc, saved_rms);
  std::vector<double> dx(xv.size()), dw(size_t(cols), 0.0), db(size_t(cols), 0);
  for (int64_t i = 0; i < rows; ++i) {
    double mean_gx = 0;
    for (int64_t j = 0; j < cols; ++j) {
      const size_t o = size_t(i * cols + j);
      const double xhat = xv[o] * r[size_t(i)];
      mean_gx += dz[o] * w[size_t(j)] * xhat;
      dw[size_t(j)] += dz[o] * xhat;
      db[size_t(j)] += dz[o];
    }
    mean_gx /= double(cols);
    for (int64_t j = 0; j < cols; ++j) {
      const size_t o = size_t(i * cols + j);
      const double xhat = xv[o] * r[size_t(i)];
      dx[o] = r[size_t(i)] * (dz[o] * w[size_t(j)] - xhat * mean_gx);
    }
  }
  write_reals(*diff_x_desc, diff_x, dx);
  if (diff_scale_bias_desc != nullptr) {
    if (diff_scale != nullptr) {
      write_reals(*diff_scale_bias_desc, diff_scale, dw);
    }
    if (diff_bias != nullptr) write_reals(*diff_scale_bias_desc, diff_bias, db);
  }
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
