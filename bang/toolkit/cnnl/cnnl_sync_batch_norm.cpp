// CNNL's SyncBatchNorm family on the emulated device (cnnl.h). The
// semantics are PyTorch's SyncBatchNorm kernels (batch_norm_stats,
// batch_norm_gather_stats_with_counts, batch_norm_elemt,
// batch_norm_backward_reduce, batch_norm_backward_elemt), which these CNNL
// calls implement, with the data types and layouts mlu-ops' documentation of
// its mluOpSyncBatchNorm* wrappers lists. Sums run in double.
#include <cnnl.h>

#include <cmath>
#include <vector>

#include "cnnl_vision_internal.h"

namespace {

using namespace xbang::cnnl_vision;

// x-like tensors: channels last, C the last dimension.
bool channels_last(const char* api, const Tensor& t, const char* name,
                   cnnlStatus_t* status) {
  char why[128];
  const bool layout_ok =
      t.layout == CNNL_LAYOUT_NHWC || t.layout == CNNL_LAYOUT_NDHWC ||
      t.layout == CNNL_LAYOUT_NLC || t.layout == CNNL_LAYOUT_NC;
  if (!layout_ok || t.rank() < 2) {
    std::snprintf(why, sizeof(why),
                  "%s is not an NHWC, NDHWC, NLC or NC tensor of rank >= 2",
                  name);
  } else if (!is_float_or_half(t.dtype)) {
    std::snprintf(why, sizeof(why), "%s is not float or half", name);
  } else {
    return true;
  }
  *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return false;
}

// A per-channel float vector of length c.
bool per_channel(const char* api, const Tensor& t, int64_t c, const char* name,
                 cnnlStatus_t* status) {
  if (t.rank() == 1 && t.dim(0) == c && t.dtype == CNNL_DTYPE_FLOAT) {
    return true;
  }
  char why[128];
  std::snprintf(why, sizeof(why),
                "%s is not a float vector as long as x's last dimension", name);
  *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return false;
}

bool same_shape(const char* api, const Tensor& a, const Tensor& b,
                const char* names, cnnlStatus_t* status) {
  if (a.dims == b.dims) return true;
  char why[128];
  std::snprintf(why, sizeof(why), "%s differ in shape", names);
  *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return false;
}

cnnlStatus_t zero_workspace(const char* api, cnnlHandle_t handle,
                            cnnlTensorDescriptor_t x_desc, size_t* size) {
  if (handle == nullptr || x_desc == nullptr || size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "handle, x_desc or workspace_size is NULL");
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}

// The normalised-gradient formula both backward-elementwise calls share.
cnnlStatus_t backward_elemt(const char* api, cnnlTensorDescriptor_t diff_y_desc,
                            const void* diff_y, cnnlTensorDescriptor_t x_desc,
                            const void* x, cnnlTensorDescriptor_t mean_desc,
                            const void* mean,
                            cnnlTensorDescriptor_t invstd_desc,
                            const void* invstd,
                            cnnlTensorDescriptor_t filter_desc,
                            const void* filter, const std::vector<double>& m_dy,
                            const std::vector<double>& m_dy_xmu,
                            cnnlTensorDescriptor_t diff_x_desc, void* diff_x) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor dy_t, x_t, mean_t, invstd_t, filter_t, dx_t;
  if (!describe(api, diff_y_desc, diff_y, "diff_y", &dy_t, &status) ||
      !describe(api, x_desc, x, "x", &x_t, &status) ||
      !describe(api, mean_desc, mean, "mean", &mean_t, &status) ||
      !describe(api, invstd_desc, invstd, "invstd", &invstd_t, &status) ||
      !describe(api, diff_x_desc, diff_x, "diff_x", &dx_t, &status) ||
      !channels_last(api, x_t, "x", &status) ||
      !channels_last(api, dy_t, "diff_y", &status) ||
      !channels_last(api, dx_t, "diff_x", &status) ||
      !same_shape(api, x_t, dy_t, "x and diff_y", &status) ||
      !same_shape(api, x_t, dx_t, "x and diff_x", &status)) {
    return status;
  }
  const int64_t c = x_t.dim(x_t.rank() - 1);
  if (!per_channel(api, mean_t, c, "mean", &status) ||
      !per_channel(api, invstd_t, c, "invstd", &status)) {
    return status;
  }
  if ((filter_desc == nullptr) != (filter == nullptr)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "filter_desc and filter are not both given or both NULL");
  }
  std::vector<double> w(size_t(c), 1.0);
  if (filter != nullptr) {
    if (!describe(api, filter_desc, filter, "filter", &filter_t, &status) ||
        !per_channel(api, filter_t, c, "filter", &status)) {
      return status;
    }
    w = read(filter_t, filter);
  }
  const std::vector<double> dy = read(dy_t, diff_y), xs = read(x_t, x),
                            mu = read(mean_t, mean),
                            inv = read(invstd_t, invstd);
  std::vector<double> dx(xs.size());
  for (size_t i = 0; i < xs.size(); ++i) {
    const size_t k = i % size_t(c);
    dx[i] =
        (dy[i] - m_dy[k] - (xs[i] - mu[k]) * inv[k] * inv[k] * m_dy_xmu[k]) *
        inv[k] * w[k];
  }
  write(dx_t, diff_x, dx);
  return CNNL_STATUS_SUCCESS;
}

// A per-channel float input read in full (for the elemt calls' means).
bool read_per_channel(const char* api, cnnlTensorDescriptor_t desc,
                      const void* data, const char* name, int64_t c,
                      std::vector<double>* values, cnnlStatus_t* status) {
  Tensor t;
  if (!describe(api, desc, data, name, &t, status) ||
      !per_channel(api, t, c, name, status)) {
    return false;
  }
  *values = read(t, data);
  return true;
}

// The channel count of an x-like descriptor, or -1 (the callee reports).
int64_t channels_of(cnnlTensorDescriptor_t x_desc) {
  int dims[CNNL_DIM_MAX] = {}, rank = 0;
  if (x_desc == nullptr ||
      cnnlGetTensorDescriptor(x_desc, nullptr, nullptr, &rank, dims) !=
          CNNL_STATUS_SUCCESS ||
      rank < 1) {
    return -1;
  }
  return dims[rank - 1];
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetSyncBatchNormStatsWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  return zero_workspace("cnnlGetSyncBatchNormStatsWorkspaceSize", handle,
                        x_desc, workspace_size);
}

cnnlStatus_t cnnlGetSyncBatchnormBackwardReduceWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    size_t* workspace_size) {
  return zero_workspace("cnnlGetSyncBatchnormBackwardReduceWorkspaceSize",
                        handle, x_desc, workspace_size);
}

cnnlStatus_t cnnlSyncBatchNormStats_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    void* /*workspace*/, size_t /*workspace_size*/, const float eps,
    const cnnlTensorDescriptor_t mean_desc, void* mean,
    const cnnlTensorDescriptor_t invstd_desc, void* invstd) {
  const char* api = "cnnlSyncBatchNormStats_v2";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor x_t, mean_t, invstd_t;
  if (!describe(api, x_desc, x, "x", &x_t, &status) ||
      !describe(api, mean_desc, mean, "mean", &mean_t, &status) ||
      !describe(api, invstd_desc, invstd, "invstd", &invstd_t, &status) ||
      !channels_last(api, x_t, "x", &status)) {
    return status;
  }
  const int64_t c = x_t.dim(x_t.rank() - 1);
  if (!per_channel(api, mean_t, c, "mean", &status) ||
      !per_channel(api, invstd_t, c, "invstd", &status)) {
    return status;
  }
  if (!(eps >= 0.0f) || !std::isfinite(eps)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "eps is negative or not finite");
  }
  const std::vector<double> xs = read(x_t, x);
  const int64_t m = c > 0 ? int64_t(xs.size()) / c : 0;
  if (m == 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "x has no element per channel to average");
  }
  std::vector<double> mu(size_t(c), 0.0), var(size_t(c), 0.0);
  for (size_t i = 0; i < xs.size(); ++i) mu[i % size_t(c)] += xs[i];
  for (double& v : mu) v /= double(m);
  for (size_t i = 0; i < xs.size(); ++i) {
    const double d = xs[i] - mu[i % size_t(c)];
    var[i % size_t(c)] += d * d;
  }
  std::vector<double> inv(static_cast<size_t>(c));
  for (size_t k = 0; k < size_t(c); ++k) {
    inv[k] = 1.0 / std::sqrt(var[k] / double(m) + double(eps));
  }
  write(mean_t, mean, mu);
  write(invstd_t, invstd, inv);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSyncBatchNormGatherStatsWithCounts(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t mean_all_desc,
    const void* mean_all, const cnnlTensorDescriptor_t invstd_all_desc,
    const void* invstd_all, const cnnlTensorDescriptor_t moving_mean_desc,
    void* moving_mean, const cnnlTensorDescriptor_t moving_var_desc,
    void* moving_var, float momentum, float eps,
    const cnnlTensorDescriptor_t count_all_desc, const void* count_all,
    const cnnlTensorDescriptor_t mean_desc, void* mean,
    const cnnlTensorDescriptor_t invstd_desc, void* invstd) {
  const char* api = "cnnlSyncBatchNormGatherStatsWithCounts";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor mean_all_t, invstd_all_t, count_t, mean_t, invstd_t;
  if (!describe(api, mean_all_desc, mean_all, "mean_all", &mean_all_t,
                &status) ||
      !describe(api, invstd_all_desc, invstd_all, "invstd_all", &invstd_all_t,
                &status) ||
      !describe(api, count_all_desc, count_all, "count_all", &count_t,
                &status) ||
      !describe(api, mean_desc, mean, "mean", &mean_t, &status) ||
      !describe(api, invstd_desc, invstd, "invstd", &invstd_t, &status)) {
    return status;
  }
  if (mean_all_t.rank() != 2 || mean_all_t.dtype != CNNL_DTYPE_FLOAT ||
      invstd_all_t.dims != mean_all_t.dims ||
      invstd_all_t.dtype != CNNL_DTYPE_FLOAT) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "mean_all and invstd_all are not float [devices, C] tensors "
                "of one shape");
  }
  const int64_t devices = mean_all_t.dim(0), c = mean_all_t.dim(1);
  if (count_t.rank() != 1 || count_t.dim(0) != devices ||
      !is_float_or_half(count_t.dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "count_all is not a float or half vector of one count per "
                "device");
  }
  if (!per_channel(api, mean_t, c, "mean", &status) ||
      !per_channel(api, invstd_t, c, "invstd", &status)) {
    return status;
  }
  if ((moving_mean_desc == nullptr) != (moving_var_desc == nullptr) ||
      (moving_mean == nullptr) != (moving_var == nullptr) ||
      (moving_mean_desc == nullptr) != (moving_mean == nullptr)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "moving_mean and moving_var are not both given or both NULL");
  }
  Tensor moving_mean_t, moving_var_t;
  const bool moving = moving_mean != nullptr;
  if (moving) {
    if (!describe(api, moving_mean_desc, moving_mean, "moving_mean",
                  &moving_mean_t, &status) ||
        !describe(api, moving_var_desc, moving_var, "moving_var", &moving_var_t,
                  &status)) {
      return status;
    }
    if (moving_mean_t.rank() != 1 || moving_mean_t.dim(0) != c ||
        moving_var_t.dims != moving_mean_t.dims ||
        !is_float_or_half(moving_mean_t.dtype) ||
        moving_var_t.dtype != moving_mean_t.dtype) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "moving_mean and moving_var are not float or half vectors "
                  "of length C and one data type");
    }
  }
  const std::vector<double> mu_all = read(mean_all_t, mean_all),
                            inv_all = read(invstd_all_t, invstd_all),
                            counts = read(count_t, count_all);
  std::vector<double> avg(size_t(c), 0.0), var_n(size_t(c), 0.0),
      n_total(size_t(c), 0.0);
  // Chan et al.'s pairwise update: device by device, as PyTorch combines.
  for (int64_t d = 0; d < devices; ++d) {
    const double count = counts[size_t(d)];
    for (int64_t k = 0; k < c; ++k) {
      const size_t at = size_t(d * c + k);
      double& a = avg[size_t(k)];
      double& n = n_total[size_t(k)];
      const double m = mu_all[at];
      const double sd = 1.0 / inv_all[at];
      const double v = (sd * sd - double(eps)) * count;
      const double total = n + count;
      if (total == 0) continue;
      var_n[size_t(k)] += v + (a - m) * (a - m) * n * count / total;
      a = (n * a + count * m) / total;
      n = total;
    }
  }
  std::vector<double> inv(static_cast<size_t>(c));
  for (size_t k = 0; k < size_t(c); ++k) {
    inv[k] = n_total[k] > 0
                 ? 1.0 / std::sqrt(var_n[k] / n_total[k] + double(eps))
                 : 0.0;
  }
  if (moving) {
    std::vector<double> mm = read(moving_mean_t, moving_mean);
    std::vector<double> mv = read(moving_var_t, moving_var);
    for (size_t k = 0; k < size_t(c); ++k) {
      const double unbiased =
          n_total[k] > 1 ? var_n[k] / (n_total[k] - 1) : var_n[k];
      mm[k] = (1.0 - momentum) * mm[k] + momentum * avg[k];
      mv[k] = (1.0 - momentum) * mv[k] + momentum * unbiased;
    }
    write(moving_mean_t, moving_mean, mm);
    write(moving_var_t, moving_var, mv);
  }
  write(mean_t, mean, avg);
  write(invstd_t, invstd, inv);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSyncBatchNormElemt(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t mean_desc, const void* mean,
    const cnnlTensorDescriptor_t invstd_desc, const void* invstd,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t bias_desc, const void* bias,
    const cnnlTensorDescriptor_t y_desc, void* y) {
  const char* api = "cnnlSyncBatchNormElemt";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor x_t, y_t;
  if (!describe(api, x_desc, x, "x", &x_t, &status) ||
      !describe(api, y_desc, y, "y", &y_t, &status) ||
      !channels_last(api, x_t, "x", &status) ||
      !channels_last(api, y_t, "y", &status) ||
      !same_shape(api, x_t, y_t, "x and y", &status)) {
    return status;
  }
  const int64_t c = x_t.dim(x_t.rank() - 1);
  std::vector<double> mu, inv;
  if (!read_per_channel(api, mean_desc, mean, "mean", c, &mu, &status) ||
      !read_per_channel(api, invstd_desc, invstd, "invstd", c, &inv, &status)) {
    return status;
  }
  const bool affine = filter != nullptr || bias != nullptr ||
                      filter_desc != nullptr || bias_desc != nullptr;
  std::vector<double> w(size_t(c), 1.0), b(size_t(c), 0.0);
  if (affine) {
    if (filter == nullptr || bias == nullptr || filter_desc == nullptr ||
        bias_desc == nullptr) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "filter and bias are not both given or both NULL");
    }
    if (!read_per_channel(api, filter_desc, filter, "filter", c, &w, &status) ||
        !read_per_channel(api, bias_desc, bias, "bias", c, &b, &status)) {
      return status;
    }
  }
  const std::vector<double> xs = read(x_t, x);
  std::vector<double> ys(xs.size());
  for (size_t i = 0; i < xs.size(); ++i) {
    const size_t k = i % size_t(c);
    ys[i] = (xs[i] - mu[k]) * inv[k] * w[k] + b[k];
  }
  write(y_t, y, ys);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSyncBatchnormBackwardReduce_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t desc_dz, const void* dz,
    const cnnlTensorDescriptor_t desc_x, const void* x,
    const cnnlTensorDescriptor_t desc_mean, const void* mean,
    const cnnlTensorDescriptor_t desc_invstd, const void* invstd,
    void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t desc_dfilter, void* dfilter,
    const cnnlTensorDescriptor_t desc_dbias, void* dbias,
    const cnnlTensorDescriptor_t desc_sum_dy, void* sum_dy,
    const cnnlTensorDescriptor_t desc_sum_dy_xmu, void* sum_dy_xmu,
    const bool needs_input_grad0, const bool needs_input_grad1,
    const bool needs_input_grad2) {
  const char* api = "cnnlSyncBatchnormBackwardReduce_v2";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor dz_t, x_t;
  if (!describe(api, desc_dz, dz, "dz", &dz_t, &status) ||
      !describe(api, desc_x, x, "x", &x_t, &status) ||
      !channels_last(api, x_t, "x", &status) ||
      !channels_last(api, dz_t, "dz", &status) ||
      !same_shape(api, x_t, dz_t, "x and dz", &status)) {
    return status;
  }
  const int64_t c = x_t.dim(x_t.rank() - 1);
  std::vector<double> mu, inv;
  if (!read_per_channel(api, desc_mean, mean, "mean", c, &mu, &status) ||
      !read_per_channel(api, desc_invstd, invstd, "invstd", c, &inv, &status)) {
    return status;
  }
  // Each output asked for must be a float vector of length C.
  Tensor sum_dy_t, sum_dy_xmu_t, dfilter_t, dbias_t;
  if (needs_input_grad0 &&
      (!describe(api, desc_sum_dy, sum_dy, "sum_dy", &sum_dy_t, &status) ||
       !describe(api, desc_sum_dy_xmu, sum_dy_xmu, "sum_dy_xmu", &sum_dy_xmu_t,
                 &status) ||
       !per_channel(api, sum_dy_t, c, "sum_dy", &status) ||
       !per_channel(api, sum_dy_xmu_t, c, "sum_dy_xmu", &status))) {
    return status;
  }
  if (needs_input_grad1 &&
      (!describe(api, desc_dfilter, dfilter, "dfilter", &dfilter_t, &status) ||
       !per_channel(api, dfilter_t, c, "dfilter", &status))) {
    return status;
  }
  if (needs_input_grad2 &&
      (!describe(api, desc_dbias, dbias, "dbias", &dbias_t, &status) ||
       !per_channel(api, dbias_t, c, "dbias", &status))) {
    return status;
  }
  if ((needs_input_grad0 && (sum_dy == nullptr || sum_dy_xmu == nullptr)) ||
      (needs_input_grad1 && dfilter == nullptr) ||
      (needs_input_grad2 && dbias == nullptr)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "an output asked for by needs_input_grad is NULL");
  }
  const std::vector<double> dzs = read(dz_t, dz), xs = read(x_t, x);
  std::vector<double> s_dy(size_t(c), 0.0), s_dy_xmu(size_t(c), 0.0);
  for (size_t i = 0; i < xs.size(); ++i) {
    const size_t k = i % size_t(c);
    s_dy[k] += dzs[i];
    s_dy_xmu[k] += dzs[i] * (xs[i] - mu[k]);
  }
  if (needs_input_grad0) {
    write(sum_dy_t, sum_dy, s_dy);
    write(sum_dy_xmu_t, sum_dy_xmu, s_dy_xmu);
  }
  if (needs_input_grad1) {
    std::vector<double> dw(static_cast<size_t>(c));
    for (size_t k = 0; k < size_t(c); ++k) dw[k] = s_dy_xmu[k] * inv[k];
    write(dfilter_t, dfilter, dw);
  }
  if (needs_input_grad2) write(dbias_t, dbias, s_dy);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSyncBatchNormBackwardElemt(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t diff_y_desc,
    const void* diff_y, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t mean_desc, const void* mean,
    const cnnlTensorDescriptor_t invstd_desc, const void* invstd,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t mean_dy_desc, const void* mean_dy,
    const cnnlTensorDescriptor_t mean_dy_xmu_desc, const void* mean_dy_xmu,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x) {
  const char* api = "cnnlSyncBatchNormBackwardElemt";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  const int64_t c = channels_of(x_desc);
  std::vector<double> m_dy, m_dy_xmu;
  if (c >= 0 && (!read_per_channel(api, mean_dy_desc, mean_dy, "mean_dy", c,
                                   &m_dy, &status) ||
                 !read_per_channel(api, mean_dy_xmu_desc, mean_dy_xmu,
                                   "mean_dy_xmu", c, &m_dy_xmu, &status))) {
    return status;
  }
  return backward_elemt(api, diff_y_desc, diff_y, x_desc, x, mean_desc, mean,
                        invstd_desc, invstd, filter_desc, filter, m_dy,
                        m_dy_xmu, diff_x_desc, diff_x);
}

cnnlStatus_t cnnlSyncBatchNormBackwardElemtV2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t diff_y_desc,
    const void* diff_y, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t mean_desc, const void* mean,
    const cnnlTensorDescriptor_t invstd_desc, const void* invstd,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t sum_dy_desc, const void* sum_dy,
    const cnnlTensorDescriptor_t sum_dy_xmu_desc, const void* sum_dy_xmu,
    const cnnlTensorDescriptor_t count_desc, const void* count,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x) {
  const char* api = "cnnlSyncBatchNormBackwardElemtV2";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  const int64_t c = channels_of(x_desc);
  std::vector<double> m_dy, m_dy_xmu;
  Tensor count_t;
  if (c >= 0) {
    if (!read_per_channel(api, sum_dy_desc, sum_dy, "sum_dy", c, &m_dy,
                          &status) ||
        !read_per_channel(api, sum_dy_xmu_desc, sum_dy_xmu, "sum_dy_xmu", c,
                          &m_dy_xmu, &status) ||
        !describe(api, count_desc, count, "count", &count_t, &status)) {
      return status;
    }
    if (count_t.rank() != 1 || count_t.dtype != CNNL_DTYPE_INT32) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "count is not an int32 vector");
    }
    double total = 0;
    for (const double n : read(count_t, count)) total += n;
    if (total <= 0) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "the counts sum to 0 or less");
    }
    for (double& v : m_dy) v /= total;
    for (double& v : m_dy_xmu) v /= total;
  }
  return backward_elemt(api, diff_y_desc, diff_y, x_desc, x, mean_desc, mean,
                        invstd_desc, invstd, filter_desc, filter, m_dy,
                        m_dy_xmu, diff_x_desc, diff_x);
}

}  // extern "C"
