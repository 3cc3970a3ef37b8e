// CNNL's Reduce_v2 and its descriptor on the host (cnnl.h): reductions of
// real-number tensors over a set of axes, computed in double.
#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

struct cnnlReduceStruct {
  bool set = false;
  std::vector<int> axes;
  cnnlReduceOp_t op = CNNL_REDUCE_ADD;
  cnnlNanPropagation_t nan = CNNL_NOT_PROPAGATE_NAN;
  double p = 0;
};

namespace {

struct Accumulator {
  cnnlReduceOp_t op;
  bool propagate_nan;
  double p;
  double value = 0;
  int64_t count = 0;
  bool saw_nan = false;

  void add(double x) {
    if (x != x) {
      saw_nan = true;
      if (op == CNNL_REDUCE_MAX || op == CNNL_REDUCE_MIN) {
        // Without propagation a NaN is skipped by max and min.
        if (!propagate_nan) return;
      }
    }
    switch (op) {
      case CNNL_REDUCE_ADD:
      case CNNL_REDUCE_AVG:
        value = count == 0 ? x : value + x;
        break;
      case CNNL_REDUCE_MUL:
        value = count == 0 ? x : value * x;
        break;
      case CNNL_REDUCE_MAX:
        value = count == 0 || x > value ? x : value;
        break;
      case CNNL_REDUCE_MIN:
        value = count == 0 || x < value ? x : value;
        break;
      case CNNL_REDUCE_NORM1:
      case CNNL_REDUCE_ASUM:
        value += std::fabs(x);
        break;
      case CNNL_REDUCE_NORM2:
      case CNNL_REDUCE_SUMSQ:
        value += x * x;
        break;
      case CNNL_REDUCE_NORMP:
        value += std::pow(std::fabs(x), p);
        break;
      case CNNL_REDUCE_AND:
        value = (count == 0 || value != 0) && x != 0 ? 1 : 0;
        break;
      case CNNL_REDUCE_OR:
        value = (count > 0 && value != 0) || x != 0 ? 1 : 0;
        break;
      default:
        break;
    }
    ++count;
  }
  double result() const {
    const bool minmax = op == CNNL_REDUCE_MAX || op == CNNL_REDUCE_MIN;
    if (minmax && saw_nan && propagate_nan) return std::nan("");
    if (minmax && count == 0) return saw_nan ? std::nan("") : 0.0;
    switch (op) {
      case CNNL_REDUCE_AVG:
        return count == 0 ? std::nan("") : value / double(count);
      case CNNL_REDUCE_NORM2:
        return std::sqrt(value);
      case CNNL_REDUCE_NORMP:
        return std::pow(value, 1.0 / p);
      case CNNL_REDUCE_MUL:
        return count == 0 ? 1.0 : value;
      case CNNL_REDUCE_AND:
        return count == 0 ? 1.0 : value;
      default:
        return value;
    }
  }
};

// The reduced axes of a tensor of `rank` dimensions, or false when an axis
// is outside it.
bool reduced_axes(const std::vector<int>& axes, size_t rank,
                  std::vector<bool>* reduced) {
  reduced->assign(rank, false);
  for (const int a : axes) {
    const int axis = a < 0 ? a + int(rank) : a;
    if (axis < 0 || axis >= int(rank)) return false;
    (*reduced)[size_t(axis)] = true;
  }
  return true;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlCreateReduceDescriptor(cnnlReduceDescriptor_t* desc) {
  return create("cnnlCreateReduceDescriptor", desc);
}
cnnlStatus_t cnnlDestroyReduceDescriptor(cnnlReduceDescriptor_t desc) {
  return destroy("cnnlDestroyReduceDescriptor", desc);
}

cnnlStatus_t cnnlSetReduceDescriptor_v2(
    cnnlReduceDescriptor_t reduce_desc, int axis[], int axis_num,
    cnnlReduceOp_t reduce_op, cnnlDataType_t tensor_type,
    cnnlNanPropagation_t nan_propagation, cnnlReduceIndices_t tensor_indices,
    cnnlIndicesType_t indices_type, float p) {
  const char* api = "cnnlSetReduceDescriptor_v2";
  if (reduce_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "reduce_desc is NULL");
  }
  if (axis_num < 1 || axis_num > CNNL_DIM_MAX || axis == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "axis is NULL or axis_num is not in [1, CNNL_DIM_MAX]");
  }
  if (int(reduce_op) < CNNL_REDUCE_ADD || int(reduce_op) > CNNL_REDUCE_SUMSQ) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown reduce_op");
  }
  if (element_bytes(tensor_type) == 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown tensor_type");
  }
  if (nan_propagation != CNNL_NOT_PROPAGATE_NAN &&
      nan_propagation != CNNL_PROPAGATE_NAN) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown NaN option");
  }
  if (int(tensor_indices) < CNNL_REDUCE_NO_INDICES ||
      int(tensor_indices) > CNNL_REDUCE_ONLY_INDICES ||
      (indices_type != CNNL_32BIT_INDICES &&
       indices_type != CNNL_16BIT_INDICES)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "unknown tensor_indices or indices_type");
  }
  if (reduce_op == CNNL_REDUCE_MAX_LAST_INDEX ||
      reduce_op == CNNL_REDUCE_MIN_LAST_INDEX ||
      tensor_indices != CNNL_REDUCE_NO_INDICES) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "reductions that return indices are not supported");
  }
  if (reduce_op == CNNL_REDUCE_NORMP && !(p > 0)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "NORMP needs p > 0");
  }
  reduce_desc->set = true;
  reduce_desc->axes.assign(axis, axis + axis_num);
  reduce_desc->op = reduce_op;
  reduce_desc->nan = nan_propagation;
  reduce_desc->p = p;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSetReduceDescriptor(cnnlReduceDescriptor_t reduce_desc,
                                     int axis[], int axis_num,
                                     cnnlReduceOp_t reduce_op,
                                     cnnlDataType_t tensor_type,
                                     cnnlNanPropagation_t nan_propagation,
                                     cnnlReduceIndices_t tensor_indices,
                                     cnnlIndicesType_t indices_type) {
  // p = 0: a NORMP reduction through this form is refused (no p to give).
  return cnnlSetReduceDescriptor_v2(reduce_desc, axis, axis_num, reduce_op,
                                    tensor_type, nan_propagation,
                                    tensor_indices, indices_type, 0.0f);
}

cnnlStatus_t cnnlGetReduceOpWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t output_desc,
    const cnnlTensorDescriptor_t /*indices_desc*/,
    const cnnlReduceDescriptor_t reduce_desc, size_t* workspace_size_inbytes) {
  if (handle == nullptr || input_desc == nullptr || output_desc == nullptr ||
      reduce_desc == nullptr || workspace_size_inbytes == nullptr) {
    return fail("cnnlGetReduceOpWorkspaceSize_v2", CNNL_STATUS_BAD_PARAM,
                "handle, input_desc, output_desc, reduce_desc or the size is "
                "NULL");
  }
  *workspace_size_inbytes = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlReduce_v2(
    cnnlHandle_t handle, const cnnlReduceDescriptor_t reduce_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const void* alpha, const void* beta, void* /*workspace*/,
    size_t /*workspace_size*/, const cnnlTensorDescriptor_t output_desc,
    void* output, const cnnlTensorDescriptor_t /*indices_desc*/,
    void* /*indices*/) {
  const char* api = "cnnlReduce_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (reduce_desc == nullptr || !reduce_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "reduce_desc is NULL or was never set");
  }
  if (!usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = input_desc->dtype;
  if (output_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type");
  }
  if (!is_real_number(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "data type is not a real number type");
  }
  const size_t rank = input_desc->dims.size();
  std::vector<bool> reduced;
  if (!reduced_axes(reduce_desc->axes, rank, &reduced)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "an axis is outside input's rank");
  }
  if (output_desc->dims.size() != rank) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input and output differ in rank");
  }
  for (size_t i = 0; i < rank; ++i) {
    const int64_t want = reduced[i] ? 1 : input_desc->dims[i];
    if (output_desc->dims[i] != want) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "output's shape is not input's with the reduced axes 1");
    }
  }
  const double scale = alpha != nullptr ? *static_cast<const float*>(alpha) : 1;
  const double keep = beta != nullptr ? *static_cast<const float*>(beta) : 0;
  const std::vector<int64_t> out_dense = dense_strides(output_desc->dims);
  std::vector<Accumulator> acc(
      size_t(element_count(*output_desc)),
      Accumulator{reduce_desc->op, reduce_desc->nan == CNNL_PROPAGATE_NAN,
                  reduce_desc->p});
  const int64_t total = element_count(*input_desc);
  std::vector<int64_t> index(rank, 0);
  for (int64_t n = 0; n < total; ++n) {
    int64_t in_at = 0, out_pos = 0;
    for (size_t i = 0; i < rank; ++i) {
      in_at += index[i] * input_desc->strides[i];
      if (!reduced[i]) out_pos += index[i] * out_dense[i];
    }
    acc[size_t(out_pos)].add(load_real(dtype, input, in_at));
    for (size_t i = rank; i-- > 0;) {
      if (++index[i] < input_desc->dims[i]) break;
      index[i] = 0;
    }
  }
  const std::vector<int64_t> out_at = offsets_of(*output_desc);
  for (size_t i = 0; i < out_at.size(); ++i) {
    const double old =
        keep == 0 ? 0.0 : keep * load_real(dtype, output, out_at[i]);
    store_real(dtype, output, out_at[i], scale * acc[i].result() + old);
  }
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
