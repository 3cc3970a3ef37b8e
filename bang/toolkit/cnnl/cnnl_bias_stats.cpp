// CNNL's bias gradient and standard deviation / variance / mean: reductions
// over some dimensions of a tensor, in double, stored once in the output's
// type. (BiasAdd itself is element-wise: cnnl_elementwise.cpp.)
#include <cmath>
#include <vector>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

struct cnnlStdVarMeanStruct {
  bool set = false;
  cnnlStdVarMeanOp_t mode = CNNL_STD;
  std::vector<int> axes;
  bool unbiased = true;
};

namespace {

// Sums of `input` grouped by the index formed from the dimensions `kept`
// marks, in row-major order of those dimensions: the reduction of the other
// dimensions. `square_about` (when given) sums (x - square_about[g])^2.
std::vector<double> grouped_sums(const cnnlTensorStruct& t, const void* data,
                                 const std::vector<bool>& kept,
                                 const std::vector<double>* square_about) {
  int64_t groups = 1;
  for (size_t d = 0; d < t.dims.size(); ++d) {
    if (kept[d]) groups *= t.dims[d];
  }
  std::vector<double> sums(size_t(groups), 0.0);
  std::vector<int64_t> index(t.dims.size(), 0);
  for_each_offset(t.dims, t.strides, [&](int64_t o) {
    int64_t g = 0;
    for (size_t d = 0; d < t.dims.size(); ++d) {
      if (kept[d]) g = g * t.dims[d] + index[d];
    }
    const double x = load_real(t.dtype, data, o);
    const double v = square_about ? (x - (*square_about)[size_t(g)]) *
                                        (x - (*square_about)[size_t(g)])
                                  : x;
    sums[size_t(g)] += v;
    for (size_t d = t.dims.size(); d-- > 0;) {  // row-major successor
      if (++index[d] < t.dims[d]) break;
      index[d] = 0;
    }
  });
  return sums;
}

// Stores `values` in row-major order of `out`, which must hold as many.
void store_all(const cnnlTensorStruct& out, void* data,
               const std::vector<double>& values) {
  size_t i = 0;
  for_each_offset(out.dims, out.strides, [&](int64_t o) {
    store_real(out.dtype, data, o, values[i++]);
  });
}

cnnlStatus_t bias_backward(const char* api, cnnlHandle_t handle,
                           const cnnlTensorDescriptor_t dy_desc, const void* dy,
                           int axis, const cnnlTensorDescriptor_t db_desc,
                           void* db) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, dy_desc, dy, "input", &status) ||
      !usable(api, db_desc, db, "output", &status)) {
    return status;
  }
  if (!is_float_type(dy_desc->dtype) || db_desc->dtype != dy_desc->dtype) {
    return fail(api,
                is_float_type(dy_desc->dtype) ? CNNL_STATUS_BAD_PARAM
                                              : CNNL_STATUS_NOT_SUPPORTED,
                "input must be a float type and output of its type");
  }
  const int rank = int(dy_desc->dims.size());
  axis = axis_within(axis, rank);
  if (axis < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "axis is outside input's rank");
  }
  if (element_count(*db_desc) != dy_desc->dims[size_t(axis)]) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "mismatched dims: output must hold input's dimension axis");
  }
  std::vector<bool> kept(size_t(rank), false);
  kept[size_t(axis)] = true;
  store_all(*db_desc, db, grouped_sums(*dy_desc, dy, kept, nullptr));
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetBiasAddBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t output_desc, int /*axis*/,
    size_t* workspace_size) {
  const char* api = "cnnlGetBiasAddBackwardWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (input_desc == nullptr || output_desc == nullptr ||
      workspace_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a descriptor or size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlBiasAddBackward(cnnlHandle_t handle,
                                 const cnnlTensorDescriptor_t input_desc,
                                 const void* input, int axis,
                                 const cnnlTensorDescriptor_t output_desc,
                                 void* output) {
  return bias_backward("cnnlBiasAddBackward", handle, input_desc, input, axis,
                       output_desc, output);
}
cnnlStatus_t cnnlBiasAddBackward_v2(cnnlHandle_t handle,
                                    const cnnlTensorDescriptor_t input_desc,
                                    const void* input, int axis,
                                    const cnnlTensorDescriptor_t output_desc,
                                    void* output, void* /*workspace*/,
                                    size_t /*workspace_size*/) {
  return bias_backward("cnnlBiasAddBackward_v2", handle, input_desc, input,
                       axis, output_desc, output);
}

cnnlStatus_t cnnlCreateStdVarMeanDescriptor(cnnlStdVarMeanDescriptor_t* desc) {
  return create("cnnlCreateStdVarMeanDescriptor", desc);
}
cnnlStatus_t cnnlDestroyStdVarMeanDescriptor(cnnlStdVarMeanDescriptor_t desc) {
  return destroy("cnnlDestroyStdVarMeanDescriptor", desc);
}
cnnlStatus_t cnnlSetStdVarMeanDescriptor(cnnlStdVarMeanDescriptor_t desc,
                                         cnnlStdVarMeanOp_t mode, int axis_num,
                                         const int axis[], bool unbiased) {
  const char* api = "cnnlSetStdVarMeanDescriptor";
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (int(mode) < CNNL_STD || int(mode) > CNNL_VAR_MEAN) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "mode is not a cnnlStdVarMeanOp_t");
  }
  if (axis_num < 1 || axis_num > CNNL_DIM_MAX || axis == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "axis is NULL or axis_num is not in [1, CNNL_DIM_MAX]");
  }
  desc->set = true;
  desc->mode = mode;
  desc->axes.assign(axis, axis + axis_num);
  desc->unbiased = unbiased;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetStdVarMeanWorkspaceSize(
    cnnlHandle_t handle, const cnnlStdVarMeanDescriptor_t desc,
    const cnnlTensorDescriptor_t input_desc, size_t* workspace_size) {
  const char* api = "cnnlGetStdVarMeanWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (desc == nullptr || input_desc == nullptr || workspace_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "desc, input_desc or size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlStdVarMean(
    cnnlHandle_t handle, const cnnlStdVarMeanDescriptor_t desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t std_desc, void* std_data,
    const cnnlTensorDescriptor_t var_desc, void* var,
    const cnnlTensorDescriptor_t mean_desc, void* mean) {
  const char* api = "cnnlStdVarMean";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (desc == nullptr || !desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL or was never set");
  }
  if (!usable(api, input_desc, input, "input", &status)) return status;
  const cnnlDataType_t dtype = input_desc->dtype;
  if (!is_float_type(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "input is not half, bfloat16, float or double");
  }
  const bool want_std = desc->mode == CNNL_STD || desc->mode == CNNL_STD_MEAN;
  const bool want_var = desc->mode == CNNL_VAR || desc->mode == CNNL_VAR_MEAN;
  const bool want_mean = desc->mode == CNNL_MEAN ||
                         desc->mode == CNNL_STD_MEAN ||
                         desc->mode == CNNL_VAR_MEAN;
  const int rank = int(input_desc->dims.size());
  std::vector<bool> kept(size_t(rank), true);
  int64_t reduced = 1;
  for (int a : desc->axes) {
    if (a < 0) a += rank;
    if (a < 0 || a >= rank || !kept[size_t(a)]) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "an axis is outside input's rank or repeated");
    }
    kept[size_t(a)] = false;
    reduced *= input_desc->dims[size_t(a)];
  }
  const int64_t groups =
      reduced == 0 ? 0 : element_count(*input_desc) / reduced;
  struct Output {
    bool wanted;
    cnnlTensorDescriptor_t desc;
    void* data;
    const char* name;
  } outputs[] = {{want_std, std_desc, std_data, "std"},
                 {want_var, var_desc, var, "var"},
                 {want_mean, mean_desc, mean, "mean"}};
  for (const Output& o : outputs) {
    if (!o.wanted) continue;
    if (!usable(api, o.desc, o.data, o.name, &status)) return status;
    if (o.desc->dtype != dtype || element_count(*o.desc) != groups) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "an output differs from input in data type or does not "
                  "hold one value per group of the reduced dimensions");
    }
  }
  std::vector<double> mu = grouped_sums(*input_desc, input, kept, nullptr);
  for (double& m : mu) m /= double(reduced);
  std::vector<double> sq = grouped_sums(*input_desc, input, kept, &mu);
  // Unbiased: divided by n - 1 (NaN for a single element, as PyTorch).
  const double divisor = desc->unbiased ? double(reduced - 1) : double(reduced);
  for (double& s : sq) s = divisor > 0 ? s / divisor : NAN;
  if (want_mean) store_all(*mean_desc, mean, mu);
  if (want_var) store_all(*var_desc, var, sq);
  if (want_std) {
    for (double& s : sq) s = std::sqrt(s);
    store_all(*std_desc, std_data, sq);
  }
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
