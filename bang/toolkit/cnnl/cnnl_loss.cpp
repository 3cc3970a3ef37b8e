// Losses (cnnl_loss.h) on the host: the element-wise losses share one
// forward and one backward skeleton (checks, broadcast weights, reduction)
// around their formula; the negative log likelihood has its own. Values are
// read into doubles through cnnl_internal.h and written back rounded once.
#include <algorithm>
#include <cmath>
#include <vector>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

enum class Reduce { kNone, kMean, kSum };

// An optional per-element factor (weight, pos_weight) broadcast to x: its
// values in x's row-major order, or `otherwise` everywhere without one.
bool read_factor(const char* api, cnnlTensorDescriptor_t desc, const void* data,
                 const char* name, const cnnlTensorStruct& x, double otherwise,
                 std::vector<double>* out, cnnlStatus_t* status) {
  const size_t n = size_t(element_count(x));
  if (desc == nullptr) {
    out->assign(n, otherwise);
    return true;
  }
  if (!usable(api, desc, data, name, status)) return false;
  std::vector<int64_t> strides;
  char why[96];
  if (desc->dtype != x.dtype) {
    std::snprintf(why, sizeof(why), "%s and input differ in data type", name);
  } else if (!numpy_strides(*desc, x, &strides)) {
    std::snprintf(why, sizeof(why), "%s does not broadcast to input", name);
  } else {
    out->clear();
    out->reserve(n);
    for_each_offset(x.dims, strides, [&](int64_t at) {
      out->push_back(load_real(desc->dtype, data, at));
    });
    return true;
  }
  *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return false;
}

// The checks of every element-wise loss: handle, reduction, x and target
// of one floating type and shape, the optional factors, the workspace.
bool loss_inputs(const char* api, cnnlHandle_t handle, int reduction,
                 cnnlTensorDescriptor_t x_desc, const void* x,
                 cnnlTensorDescriptor_t t_desc, const void* t,
                 cnnlTensorDescriptor_t w_desc, const void* w,
                 cnnlTensorDescriptor_t pw_desc, const void* pw,
                 const void* workspace, size_t workspace_size,
                 std::vector<double>* weight, std::vector<double>* pos_weight,
                 cnnlStatus_t* status) {
  if (!handle_ok(api, handle, status)) return false;
  if (reduction < 0 || reduction > 2) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "unknown reduction");
    return false;
  }
  if (!usable(api, x_desc, x, "input", status) ||
      !usable(api, t_desc, t, "target", status) ||
      !workspace_ok(api, workspace, workspace_size, status)) {
    return false;
  }
  if (!is_float_type(x_desc->dtype)) {
    *status = fail(api, CNNL_STATUS_NOT_SUPPORTED,
                   "input is not half, bfloat16, float or double");
    return false;
  }
  if (t_desc->dtype != x_desc->dtype || t_desc->dims != x_desc->dims) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "target differs from input in data type or shape");
    return false;
  }
  return read_factor(api, w_desc, w, "weight", *x_desc, 1.0, weight, status) &&
         read_factor(api, pw_desc, pw, "pos_weight", *x_desc, 1.0, pos_weight,
                     status);
}

// A loss output or incoming gradient: x's shape without reduction, one
// element with it; x's type.
bool reduced_like(const char* api, cnnlTensorDescriptor_t desc,
                  const void* data, const char* name, const cnnlTensorStruct& x,
                  Reduce reduce, cnnlStatus_t* status) {
  if (!usable(api, desc, data, name, status)) return false;
  const bool shape_ok = reduce == Reduce::kNone ? desc->dims == x.dims
                                                : element_count(*desc) == 1;
  if (desc->dtype == x.dtype && shape_ok) return true;
  char why[128];
  std::snprintf(why, sizeof(why),
                "%s is not input's type, or not input's shape (NONE) / one "
                "element (MEAN, SUM)",
                name);
  *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return false;
}

// l_i = f(x_i, t_i, w_i, pw_i), reduced.
template <class F>
cnnlStatus_t loss_forward(const char* api, cnnlHandle_t handle, int reduction,
                          cnnlTensorDescriptor_t x_desc, const void* x,
                          cnnlTensorDescriptor_t t_desc, const void* t,
                          cnnlTensorDescriptor_t w_desc, const void* w,
                          cnnlTensorDescriptor_t pw_desc, const void* pw,
                          const void* workspace, size_t workspace_size,
                          cnnlTensorDescriptor_t y_desc, void* y, F f) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  std::vector<double> weight, pos_weight;
  if (!loss_inputs(api, handle, reduction, x_desc, x, t_desc, t, w_desc, w,
                   pw_desc, pw, workspace, workspace_size, &weight, &pos_weight,
                   &status)) {
    return status;
  }
  const Reduce reduce = Reduce(reduction);
  if (!reduced_like(api, y_desc, y, "output", *x_desc, reduce, &status)) {
    return status;
  }
  const std::vector<double> xv = read_reals(*x_desc, x);
  const std::vector<double> tv = read_reals(*t_desc, t);
  std::vector<double> loss(xv.size());
  for (size_t i = 0; i < xv.size(); ++i) {
    loss[i] = f(xv[i], tv[i], weight[i], pos_weight[i]);
  }
  if (reduce != Reduce::kNone) {
    double sum = 0.0;
    for (const double l : loss) sum += l;
    // The mean of nothing is NaN, as PyTorch's.
    loss.assign(1, reduce == Reduce::kSum ? sum : sum / double(loss.size()));
  }
  write_reals(*y_desc, y, loss);
  return CNNL_STATUS_SUCCESS;
}

// dx_i = g(x_i, t_i, w_i, pw_i) times dy_i (NONE), dy (SUM) or dy / N
// (MEAN).
template <class G>
cnnlStatus_t loss_backward(const char* api, cnnlHandle_t handle, int reduction,
                           cnnlTensorDescriptor_t dy_desc, const void* dy,
                           cnnlTensorDescriptor_t x_desc, const void* x,
                           cnnlTensorDescriptor_t t_desc, const void* t,
                           cnnlTensorDescriptor_t w_desc, const void* w,
                           cnnlTensorDescriptor_t pw_desc, const void* pw,
                           const void* workspace, size_t workspace_size,
                           cnnlTensorDescriptor_t dx_desc, void* dx, G g) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  std::vector<double> weight, pos_weight;
  if (!loss_inputs(api, handle, reduction, x_desc, x, t_desc, t, w_desc, w,
                   pw_desc, pw, workspace, workspace_size, &weight, &pos_weight,
                   &status)) {
    return status;
  }
  const Reduce reduce = Reduce(reduction);
  if (!reduced_like(api, dy_desc, dy, "grad", *x_desc, reduce, &status) ||
      !reduced_like(api, dx_desc, dx, "grad_input", *x_desc, Reduce::kNone,
                    &status)) {
    return status;
  }
  const std::vector<double> xv = read_reals(*x_desc, x);
  const std::vector<double> tv = read_reals(*t_desc, t);
  const std::vector<double> dyv = read_reals(*dy_desc, dy);
  const double scale = reduce == Reduce::kMean ? 1.0 / double(xv.size()) : 1.0;
  std::vector<double> grad(xv.size());
  for (size_t i = 0; i < xv.size(); ++i) {
    const double incoming = reduce == Reduce::kNone ? dyv[i] : dyv[0] * scale;
    grad[i] = g(xv[i], tv[i], weight[i], pos_weight[i]) * incoming;
  }
  write_reals(*dx_desc, dx, grad);
  return CNNL_STATUS_SUCCESS;
}

double bce(double x, double t, double w, double) {
  const double log_x = std::max(std::log(x), -100.0);
  const double log_1mx = std::max(std::log1p(-x), -100.0);
  return -w * (t * log_x + (1.0 - t) * log_1mx);
}
double bce_grad(double x, double t, double w, double) {
  return w * (x - t) / std::max(x * (1.0 - x), 1e-12);
}
double bce_logits(double x, double t, double w, double pw) {
  const double log_weight = 1.0 + (pw - 1.0) * t;
  // log(1 + exp(-x)) without overflow.
  const double softplus_neg =
      std::log1p(std::exp(-std::fabs(x))) + std::max(-x, 0.0);
  return w * ((1.0 - t) * x + log_weight * softplus_neg);
}
double bce_logits_grad(double x, double t, double w, double pw) {
  const double sigmoid = 1.0 / (1.0 + std::exp(-x));
  return w * ((1.0 + (pw - 1.0) * t) * sigmoid - pw * t);
}

// The CNNL reductions as Reduce's order (NONE, MEAN, SUM).
int nll_reduction(cnnlNlllossAlgorithm_t a) {
  return a == CNNL_REDUCTION_NONE   ? 0
         : a == CNNL_REDUCTION_MEAN ? 1
         : a == CNNL_REDUCTION_SUM  ? 2
                                    : -1;
}
int mse_reduction(cnnlMSELossReduction_t r) {
  return r == CNNL_MSE_LOSS_NONE   ? 0
         : r == CNNL_MSE_LOSS_MEAN ? 1
         : r == CNNL_MSE_LOSS_SUM  ? 2
                                   : -1;
}

// The checks the NLL calls share: the [N, C] matrix (x or diff_x) of a
// floating type, the algorithm, target [N] of class indices in [0, C) or
// ignore_index, weight NULL or [C] of the matrix's type, and the per-row
// tensor (y or diff_y: N elements, or one with a reduction).
struct NllInputs {
  int64_t n = 0, c = 0;
  Reduce reduce = Reduce::kNone;
  std::vector<int64_t> classes;
  std::vector<double> weight;
};
bool nll_inputs(const char* api, cnnlNlllossAlgorithm_t algorithm,
                cnnlTensorDescriptor_t matrix_desc, const char* matrix_name,
                cnnlTensorDescriptor_t t_desc, const void* target,
                int ignore_index, cnnlTensorDescriptor_t w_desc,
                const void* filter, cnnlTensorDescriptor_t rows_desc,
                const void* rows, const char* rows_name, NllInputs* in,
                cnnlStatus_t* status) {
  char why[96];
  if (!is_float_type(matrix_desc->dtype)) {
    std::snprintf(why, sizeof(why), "%s is not half, bfloat16, float or double",
                  matrix_name);
    *status = fail(api, CNNL_STATUS_NOT_SUPPORTED, why);
    return false;
  }
  if (matrix_desc->dims.size() != 2) {
    std::snprintf(why, sizeof(why), "%s is not [N, C]", matrix_name);
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  }
  in->n = matrix_desc->dims[0];
  in->c = matrix_desc->dims[1];
  const int reduction = nll_reduction(algorithm);
  if (reduction < 0) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "unknown algorithm");
    return false;
  }
  in->reduce = Reduce(reduction);
  if (!usable(api, t_desc, target, "target", status)) return false;
  if (!is_index_type(t_desc->dtype) || t_desc->dims.size() != 1 ||
      t_desc->dims[0] != in->n) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "target is not N int32 or int64 class indices");
    return false;
  }
  in->weight.assign(size_t(in->c), 1.0);
  if (w_desc != nullptr && filter != nullptr) {
    if (!usable(api, w_desc, filter, "filter", status)) return false;
    if (w_desc->dtype != matrix_desc->dtype ||
        element_count(*w_desc) != in->c) {
      *status = fail(api, CNNL_STATUS_BAD_PARAM,
                     "filter is not C elements of x's type");
      return false;
    }
    in->weight = read_reals(*w_desc, filter);
  }
  const cnnlTensorStruct per_row{true,
                                 CNNL_LAYOUT_ARRAY,
                                 matrix_desc->dtype,
                                 CNNL_DTYPE_INVALID,
                                 std::vector<int64_t>{in->n},
                                 std::vector<int64_t>{1}};
  if (!reduced_like(api, rows_desc, rows, rows_name, per_row, in->reduce,
                    status)) {
    return false;
  }
  in->classes.clear();
  bool in_range = true;
  for_each_offset(t_desc->dims, t_desc->strides, [&](int64_t at) {
    const int64_t k = load_index(t_desc->dtype, target, at);
    if (k != ignore_index && (k < 0 || k >= in->c)) in_range = false;
    in->classes.push_back(k);
  });
  if (in_range) return true;
  *status = fail(api, CNNL_STATUS_BAD_PARAM,
                 "a target lies outside [0, C) and is not ignore_index");
  return false;
}

cnnlStatus_t nll_forward(const char* api, cnnlHandle_t handle,
                         cnnlNlllossAlgorithm_t algorithm,
                         cnnlTensorDescriptor_t x_desc, const void* x,
                         cnnlTensorDescriptor_t t_desc, const void* target,
                         int ignore_index, cnnlTensorDescriptor_t w_desc,
                         const void* filter, const void* workspace,
                         size_t workspace_size, cnnlTensorDescriptor_t tf_desc,
                         void* total_filter, cnnlTensorDescriptor_t y_desc,
                         void* y) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  NllInputs in;
  if (!nll_inputs(api, algorithm, x_desc, "x", t_desc, target, ignore_index,
                  w_desc, filter, y_desc, y, "y", &in, &status)) {
    return status;
  }
  const int64_t n = in.n, c = in.c;
  const Reduce reduce = in.reduce;
  const std::vector<int64_t>& classes = in.classes;
  const std::vector<double>& weight = in.weight;
  if (total_filter != nullptr &&
      (tf_desc == nullptr || !tf_desc->set || element_count(*tf_desc) != 1 ||
       !is_float_type(tf_desc->dtype))) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "tf_desc is not one floating element");
  }
  const std::vector<double> xv = read_reals(*x_desc, x);
  std::vector<double> loss(size_t(n), 0.0);
  double total = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t k = classes[size_t(i)];
    if (k == ignore_index) continue;
    loss[size_t(i)] = -weight[size_t(k)] * xv[size_t(i * c + k)];
    total += weight[size_t(k)];
  }
  if (reduce != Reduce::kNone) {
    double sum = 0.0;
    for (const double l : loss) sum += l;
    loss.assign(1, reduce == Reduce::kSum ? sum : sum / total);
  }
  write_reals(*y_desc, y, loss);
  if (total_filter != nullptr) write_reals(*tf_desc, total_filter, {total});
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetBceLossWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t, size_t* workspace_size) {
  return zero_workspace_query("cnnlGetBceLossWorkspaceSize", handle, input_desc,
                              workspace_size);
}
cnnlStatus_t cnnlBceLoss(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t target_desc,
    const void* target, const cnnlTensorDescriptor_t weight_desc,
    const void* weight, const cnnlBceLossReduction_t reduction, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output) {
  return loss_forward("cnnlBceLoss", handle, int(reduction), input_desc, input,
                      target_desc, target, weight_desc, weight, nullptr,
                      nullptr, workspace, workspace_size, output_desc, output,
                      bce);
}
cnnlStatus_t cnnlGetBceLossBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t target_desc,
    const cnnlTensorDescriptor_t, size_t* workspace_size) {
  return zero_workspace_query("cnnlGetBceLossBackwardWorkspaceSize", handle,
                              target_desc, workspace_size);
}
cnnlStatus_t cnnlBceLossBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t grad_desc,
    const void* grad, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t target_desc,
    const void* target, const cnnlTensorDescriptor_t weight_desc,
    const void* weight, const cnnlBceLossReduction_t reduction, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t grad_input_desc,
    void* grad_input) {
  return loss_backward("cnnlBceLossBackward", handle, int(reduction), grad_desc,
                       grad, input_desc, input, target_desc, target,
                       weight_desc, weight, nullptr, nullptr, workspace,
                       workspace_size, grad_input_desc, grad_input, bce_grad);
}

cnnlStatus_t cnnlGetBceWithLogitsWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetBceWithLogitsWorkspaceSize", handle,
                              input_desc, workspace_size);
}
cnnlStatus_t cnnlBceWithLogits_v2(
    cnnlHandle_t handle, const cnnlComputationPreference_t prefer,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t target_desc, const void* target,
    const cnnlTensorDescriptor_t weight_desc, const void* weight,
    const cnnlTensorDescriptor_t pos_weight_desc, const void* pos_weight,
    const cnnlBceWithLogitsReduction_t reduction, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output) {
  const char* api = "cnnlBceWithLogits_v2";
  if (prefer != CNNL_COMPUTATION_FAST &&
      prefer != CNNL_COMPUTATION_HIGH_PRECISION) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown prefer");
  }
  return loss_forward(api, handle, int(reduction), input_desc, input,
                      target_desc, target, weight_desc, weight, pos_weight_desc,
                      pos_weight, workspace, workspace_size, output_desc,
                      output, bce_logits);
}
cnnlStatus_t cnnlGetBceWithLogitsBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t target_desc,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetBceWithLogitsBackwardWorkspaceSize",
                              handle, target_desc, workspace_size);
}
cnnlStatus_t cnnlBceWithLogitsBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t grad_desc,
    const void* grad, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t target_desc,
    const void* target, const cnnlTensorDescriptor_t weight_desc,
    const void* weight, const cnnlTensorDescriptor_t pos_weight_desc,
    const void* pos_weight, const cnnlBceWithLogitsReduction_t reduction,
    void* workspace, const size_t workspace_size,
    const cnnlTensorDescriptor_t grad_input_desc, void* grad_input) {
  return loss_backward("cnnlBceWithLogitsBackward", handle, int(reduction),
                       grad_desc, grad, input_desc, input, target_desc, target,
                       weight_desc, weight, pos_weight_desc, pos_weight,
                       workspace, workspace_size, grad_input_desc, grad_input,
                       bce_logits_grad);
}

cnnlStatus_t cnnlGetNlllossWorkspaceSize(cnnlHandle_t handle,
                                         const cnnlTensorDescriptor_t x_desc,
                                         size_t* workspace_size) {
  return zero_workspace_query("cnnlGetNlllossWorkspaceSize", handle, x_desc,
                              workspace_size);
}
cnnlStatus_t cnnlNlllossForward(
    cnnlHandle_t handle, const cnnlNlllossAlgorithm_t algorithm,
    void* workspace, size_t workspace_size, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t t_desc, const void* target,
    const int ignore_index, const cnnlTensorDescriptor_t w_desc,
    const void* filter, const cnnlTensorDescriptor_t tf_desc,
    void* total_filter, const cnnlTensorDescriptor_t y_desc, void* y) {
  return nll_forward("cnnlNlllossForward", handle, algorithm, x_desc, x, t_desc,
                     target, ignore_index, w_desc, filter, workspace,
                     workspace_size, tf_desc, total_filter, y_desc, y);
}
cnnlStatus_t cnnlNlllossForward_v2(
    cnnlHandle_t handle, const cnnlNlllossAlgorithm_t algorithm,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t t_desc, const void* target,
    const int ignore_index, const cnnlTensorDescriptor_t w_desc,
    const void* filter, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t tf_desc, void* total_filter,
    const cnnlTensorDescriptor_t y_desc, void* y) {
  return nll_forward("cnnlNlllossForward_v2", handle, algorithm, x_desc, x,
                     t_desc, target, ignore_index, w_desc, filter, workspace,
                     workspace_size, tf_desc, total_filter, y_desc, y);
}
cnnlStatus_t cnnlNlllossBackward_v2(
    cnnlHandle_t handle, const cnnlNlllossAlgorithm_t algorithm,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t t_desc, const void* target,
    const int ignore_index, const cnnlTensorDescriptor_t w_desc,
    const void* filter, const cnnlTensorDescriptor_t tf_desc,
    const void* total_filter, const cnnlTensorDescriptor_t diff_x_desc,
    void* diff_x) {
  const char* api = "cnnlNlllossBackward_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, diff_x_desc, diff_x, "diff_x", &status) ||
      !usable(api, diff_y_desc, diff_y, "diff_y", &status)) {
    return status;
  }
  NllInputs in;
  if (!nll_inputs(api, algorithm, diff_x_desc, "diff_x", t_desc, target,
                  ignore_index, w_desc, filter, diff_y_desc, diff_y, "diff_y",
                  &in, &status)) {
    return status;
  }
  const int64_t n = in.n, c = in.c;
  const Reduce reduce = in.reduce;
  const std::vector<int64_t>& classes = in.classes;
  const std::vector<double>& weight = in.weight;
  if (reduce == Reduce::kMean &&
      (total_filter == nullptr || tf_desc == nullptr || !tf_desc->set ||
       element_count(*tf_desc) != 1 || !is_float_type(tf_desc->dtype))) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "MEAN needs total_filter, one floating element");
  }
  const std::vector<double> dy = read_reals(*diff_y_desc, diff_y);
  const double total =
      reduce == Reduce::kMean ? read_reals(*tf_desc, total_filter)[0] : 1.0;
  std::vector<double> dx(size_t(n * c), 0.0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t k = classes[size_t(i)];
    if (k == ignore_index) continue;
    const double g = reduce == Reduce::kNone ? dy[size_t(i)] : dy[0] / total;
    dx[size_t(i * c + k)] = -weight[size_t(k)] * g;
  }
  write_reals(*diff_x_desc, diff_x, dx);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetSmoothL1LossForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlSmoothL1LossAlgorithm_t, size_t* workspace_size) {
  return zero_workspace_query("cnnlGetSmoothL1LossForwardWorkspaceSize", handle,
                              x_desc, workspace_size);
}
cnnlStatus_t cnnlSmoothL1LossForward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t t_desc, const void* target, const float beta,
    const cnnlSmoothL1LossAlgorithm_t algorithm, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t y_desc, void* y) {
  const char* api = "cnnlSmoothL1LossForward_v2";
  if (!(beta >= 0.0f)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "beta is negative");
  }
  const double b = beta;
  return loss_forward(api, handle, int(algorithm), x_desc, x, t_desc, target,
                      nullptr, nullptr, nullptr, nullptr, workspace,
                      workspace_size, y_desc, y,
                      [b](double xi, double ti, double, double) {
                        const double d = std::fabs(xi - ti);
                        return d < b ? 0.5 * d * d / b : d - 0.5 * b;
                      });
}
cnnlStatus_t cnnlGetSmoothL1LossBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlSmoothL1LossAlgorithm_t, size_t* workspace_size) {
  return zero_workspace_query("cnnlGetSmoothL1LossBackwardWorkspaceSize",
                              handle, x_desc, workspace_size);
}
cnnlStatus_t cnnlSmoothL1LossBackward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t target_desc, const void* target,
    const cnnlTensorDescriptor_t dy_desc, const void* dy, const float beta,
    const cnnlSmoothL1LossAlgorithm_t algorithm, void* workspace,
    const size_t workspace_size, const cnnlTensorDescriptor_t dx_desc,
    void* dx) {
  const char* api = "cnnlSmoothL1LossBackward_v2";
  if (!(beta >= 0.0f)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "beta is negative");
  }
  const double b = beta;
  return loss_backward(api, handle, int(algorithm), dy_desc, dy, x_desc, x,
                       target_desc, target, nullptr, nullptr, nullptr, nullptr,
                       workspace, workspace_size, dx_desc, dx,
                       [b](double xi, double ti, double, double) {
                         const double d = xi - ti;
                         if (std::fabs(d) < b) return d / b;
                         return d > 0 ? 1.0 : d < 0 ? -1.0 : 0.0;
                       });
}

cnnlStatus_t cnnlGetMSELossWorkspaceSize(cnnlHandle_t handle,
                                         const cnnlTensorDescriptor_t x_desc,
                                         size_t* workspace_size) {
  return zero_workspace_query("cnnlGetMSELossWorkspaceSize", handle, x_desc,
                              workspace_size);
}
cnnlStatus_t cnnlMSELoss_v2(cnnlHandle_t handle,
                            const cnnlMSELossReduction_t reduction,
                            const cnnlTensorDescriptor_t x_desc, const void* x,
                            const cnnlTensorDescriptor_t t_desc,
                            const void* target, void* workspace,
                            size_t workspace_size,
                            const cnnlTensorDescriptor_t y_desc, void* y) {
  return loss_forward("cnnlMSELoss_v2", handle, mse_reduction(reduction),
                      x_desc, x, t_desc, target, nullptr, nullptr, nullptr,
                      nullptr, workspace, workspace_size, y_desc, y,
                      [](double xi, double ti, double, double) {
                        return (xi - ti) * (xi - ti);
                      });
}
cnnlStatus_t cnnlMSELossBackward(
    cnnlHandle_t handle, const cnnlMSELossReduction_t reduction,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t t_desc, const void* target,
    const cnnlTensorDescriptor_t dy_desc, const void* dy,
    const cnnlTensorDescriptor_t dx_desc, void* dx) {
  return loss_backward(
      "cnnlMSELossBackward", handle, mse_reduction(reduction), dy_desc, dy,
      x_desc, x, t_desc, target, nullptr, nullptr, nullptr, nullptr, nullptr, 0,
      dx_desc, dx,
      [](double xi, double ti, double, double) { return 2.0 * (xi - ti); });
}

}  // extern "C"

struct cnnlCTCLossStruct {
  bool set = false;
  cnnlCTCLossNormalizationMode_t norm_mode = CNNL_NONE_NORMALIZATION;
  cnnlCTCLossReduceMode_t reduce_mode = CNNL_REDUCE_MODE_NONE;
  cnnlCTCLossZeroInfinityMode_t zero_infinity = CNNL_NONE_ZERO_INFINITY;
  int blank = 0;
  int max_input_length = 0;
  int max_label_length = 0;
};

extern "C" {

cnnlStatus_t cnnlCreateCTCLossDescriptor(
    cnnlCTCLossDescriptor_t* ctc_loss_desc) {
  return create("cnnlCreateCTCLossDescriptor", ctc_loss_desc);
}
cnnlStatus_t cnnlDestroyCTCLossDescriptor(
    cnnlCTCLossDescriptor_t ctc_loss_desc) {
  return destroy("cnnlDestroyCTCLossDescriptor", ctc_loss_desc);
}
cnnlStatus_t cnnlSetCTCLossDescriptor(
    cnnlCTCLossDescriptor_t ctc_loss_desc,
    const cnnlCTCLossNormalizationMode_t norm_mode,
    const cnnlCTCLossReduceMode_t reduce_mode,
    const cnnlCTCLossZeroInfinityMode_t zero_infinity, const int blank,
    const int max_input_length, const int max_label_length) {
  const char* api = "cnnlSetCTCLossDescriptor";
  if (ctc_loss_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "ctc_loss_desc is NULL");
  }
  if (int(norm_mode) < CNNL_NONE_NORMALIZATION ||
      int(norm_mode) > CNNL_LOG_SOFTMAX_NORMALIZATION ||
      int(reduce_mode) < CNNL_REDUCE_MODE_NONE ||
      int(reduce_mode) > CNNL_REDUCE_MODE_MEAN_BY_LABEL_LENGTH_AND_BATCH ||
      (zero_infinity != CNNL_NONE_ZERO_INFINITY &&
       zero_infinity != CNNL_ZERO_INFINITY)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "unknown normalization, reduce or zero-infinity mode");
  }
  if (blank < 0 || max_input_length < 0 || max_label_length < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "blank, max_input_length or max_label_length is negative");
  }
  *ctc_loss_desc =
      cnnlCTCLossStruct{true,  norm_mode,        reduce_mode,     zero_infinity,
                        blank, max_input_length, max_label_length};
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetCTCLossDescriptor(
    const cnnlCTCLossDescriptor_t ctc_loss_desc,
    cnnlCTCLossNormalizationMode_t* norm_mode,
    cnnlCTCLossReduceMode_t* reduce_mode,
    cnnlCTCLossZeroInfinityMode_t* zero_infinity, int* blank,
    int* max_input_length, int* max_label_length) {
  const char* api = "cnnlGetCTCLossDescriptor";
  if (ctc_loss_desc == nullptr || norm_mode == nullptr ||
      reduce_mode == nullptr || zero_infinity == nullptr || blank == nullptr ||
      max_input_length == nullptr || max_label_length == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a NULL argument");
  }
  if (!ctc_loss_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "ctc_loss_desc was never set");
  }
  *norm_mode = ctc_loss_desc->norm_mode;
  *reduce_mode = ctc_loss_desc->reduce_mode;
  *zero_infinity = ctc_loss_desc->zero_infinity;
  *blank = ctc_loss_desc->blank;
  *max_input_length = ctc_loss_desc->max_input_length;
  *max_label_length = ctc_loss_desc->max_label_length;
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
