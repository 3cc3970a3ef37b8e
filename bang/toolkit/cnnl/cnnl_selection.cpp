// Selection and indexing (cnnl_selection.h) on the host. Inputs are read
// into dense row-major copies first (so an output may be an input), the
// indices are all checked before anything is written, and the result is
// written through the output's strides. Element moves copy bytes (exact for
// every type); arithmetic runs in double.
#include <cstring>
#include <vector>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

bool is_mask_type(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_BOOL || dtype == CNNL_DTYPE_UINT8 ||
         dtype == CNNL_DTYPE_INT8;
}

// `from`'s elements seen with `to`'s shape (NumPy broadcasting), in
// row-major order of `to`: as bytes or as doubles. False when the shapes do
// not broadcast.
bool broadcast_offsets(const cnnlTensorStruct& from, const cnnlTensorStruct& to,
                       std::vector<int64_t>* offsets) {
  std::vector<int64_t> strides;
  if (!numpy_strides(from, to, &strides)) return false;
  offsets->clear();
  offsets->reserve(size_t(element_count(to)));
  for_each_offset(to.dims, strides,
                  [&](int64_t at) { offsets->push_back(at); });
  return true;
}

// Set flags of a mask tensor at the given offsets.
std::vector<bool> mask_flags(const cnnlTensorStruct& mask, const void* data,
                             const std::vector<int64_t>& offsets) {
  std::vector<bool> set(offsets.size());
  for (size_t i = 0; i < offsets.size(); ++i) {
    set[i] = load_real(mask.dtype, data, offsets[i]) != 0.0;
  }
  return set;
}

bool check_dim(const char* api, int dim, const cnnlTensorStruct& t,
               cnnlStatus_t* status) {
  if (dim >= 0 && dim < int(t.dims.size())) return true;
  *status = fail(api, CNNL_STATUS_BAD_PARAM, "dim is not in [0, rank)");
  return false;
}

bool check_index(const char* api, const cnnlTensorStruct& index,
                 cnnlStatus_t* status) {
  if (is_index_type(index.dtype)) return true;
  *status = fail(api, CNNL_STATUS_BAD_PARAM, "index is not int32 or int64");
  return false;
}

// The checks of a call that indexes input along dim: handle, input, index
// and output descriptors with data, dim in range, an integer index.
bool indexed_call_ok(const char* api, cnnlHandle_t handle, int dim,
                     cnnlTensorDescriptor_t input_desc, const void* input,
                     cnnlTensorDescriptor_t index_desc, const void* index,
                     cnnlTensorDescriptor_t output_desc, const void* output,
                     cnnlStatus_t* status) {
  return handle_ok(api, handle, status) &&
         usable(api, input_desc, input, "input", status) &&
         usable(api, index_desc, index, "index", status) &&
         usable(api, output_desc, output, "output", status) &&
         check_dim(api, dim, *input_desc, status) &&
         check_index(api, *index_desc, status);
}

// The index values, dense, each checked to lie in [0, extent).
bool read_indices(const char* api, const cnnlTensorStruct& index,
                  const void* data, int64_t extent, std::vector<int64_t>* out,
                  cnnlStatus_t* status) {
  out->clear();
  out->reserve(size_t(element_count(index)));
  bool in_range = true;
  for_each_offset(index.dims, index.strides, [&](int64_t at) {
    const int64_t v = load_index(index.dtype, data, at);
    if (v < 0 || v >= extent) in_range = false;
    out->push_back(v);
  });
  if (in_range) return true;
  *status =
      fail(api, CNNL_STATUS_BAD_PARAM, "an index lies outside its dimension");
  return false;
}

// The dense row-major offset in a tensor of `dims` of index position `i` of
// a tensor of `index_dims`, with dimension `dim` replaced by `value`.
int64_t remapped_offset(const std::vector<int64_t>& index_dims,
                        const std::vector<int64_t>& dims, int dim, int64_t i,
                        int64_t value) {
  int64_t offset = 0, stride = 1;
  for (size_t axis = dims.size(); axis-- > 0;) {
    const int64_t coord = i % index_dims[axis];
    i /= index_dims[axis];
    offset += (int(axis) == dim ? value : coord) * stride;
    stride *= dims[axis];
  }
  return offset;
}

cnnlStatus_t masked(const char* api, cnnlHandle_t handle, cnnlMaskedOp_t op,
                    cnnlTensorDescriptor_t input_desc, const void* input,
                    cnnlTensorDescriptor_t mask_desc, const void* mask,
                    cnnlTensorDescriptor_t value_desc, const void* value,
                    const void* scale, void* workspace, size_t workspace_size,
                    cnnlTensorDescriptor_t output_desc, void* output,
                    uint32_t* number) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (int(op) < CNNL_MASKED_FILL || int(op) > CNNL_MASKED_SCALE) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown masked_op");
  }
  if (!usable(api, input_desc, input, "input", &status) ||
      !usable(api, mask_desc, mask, "mask", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  const cnnlTensorStruct &in = *input_desc, &out = *output_desc;
  if (!is_mask_type(mask_desc->dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "mask is not bool, uint8 or int8");
  }
  if (out.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type");
  }
  std::vector<int64_t> mask_at;
  if (!broadcast_offsets(*mask_desc, in, &mask_at)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "mask does not broadcast to input");
  }
  if (op != CNNL_MASKED_SELECT && out.dims != in.dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "output's shape is not input's");
  }
  const bool needs_value = op == CNNL_MASKED_FILL || op == CNNL_MASKED_SCATTER;
  if (needs_value && !usable(api, value_desc, value, "value", &status)) {
    return status;
  }
  if (needs_value && value_desc->dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "value and input differ in data type");
  }
  if (op == CNNL_MASKED_FILL && element_count(*value_desc) != 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "value is not one element");
  }
  if ((op == CNNL_MASKED_FILL_HOST || op == CNNL_MASKED_SCALE) &&
      scale == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "the host scalar is NULL");
  }
  if (op == CNNL_MASKED_SCALE && !is_real_number(in.dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "SCALE of a type that is not a real number");
  }
  const std::vector<bool> set = mask_flags(*mask_desc, mask, mask_at);
  int64_t count = 0;
  for (const bool s : set) count += s ? 1 : 0;
  if (op == CNNL_MASKED_SELECT &&
      (out.dims.size() != 1 || out.dims[0] < count)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output is not 1-D with room for the selected elements");
  }
  if (op == CNNL_MASKED_SCATTER && element_count(*value_desc) < count) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "value has fewer elements than the mask sets");
  }

  const size_t bytes = element_bytes(in.dtype);
  std::vector<char> data = read_bytes(in, input);
  if (op == CNNL_MASKED_SCALE) {
    float s;
    std::memcpy(&s, scale, sizeof s);
    std::vector<double> reals = read_reals(in, input);
    for (size_t i = 0; i < reals.size(); ++i) {
      reals[i] *= double(load_real(mask_desc->dtype, mask, mask_at[i])) * s;
    }
    write_reals(out, output, reals);
  } else if (op == CNNL_MASKED_SELECT) {
    std::vector<char> picked(size_t(out.dims[0]) * bytes, 0);
    // Elements past the selected ones keep the output's contents.
    const std::vector<char> old = read_bytes(out, output);
    std::memcpy(picked.data(), old.data(), picked.size());
    size_t next = 0;
    for (size_t i = 0; i < set.size(); ++i) {
      if (!set[i]) continue;
      std::memcpy(picked.data() + next * bytes, data.data() + i * bytes, bytes);
      ++next;
    }
    write_bytes(out, output, picked);
  } else {
    std::vector<char> fill(bytes, 0);
    if (op == CNNL_MASKED_FILL) {
      fill = read_bytes(*value_desc, value);
    } else if (op == CNNL_MASKED_FILL_HOST) {
      // 64-bit types come as their 32-bit host scalars.
      if (in.dtype == CNNL_DTYPE_INT64) {
        int32_t v;
        std::memcpy(&v, scale, sizeof v);
        write_as<int64_t>(fill.data(), v);
      } else if (in.dtype == CNNL_DTYPE_DOUBLE) {
        float v;
        std::memcpy(&v, scale, sizeof v);
        write_as<double>(fill.data(), v);
      } else {
        std::memcpy(fill.data(), scale, bytes);
      }
    }
    const std::vector<char> values = op == CNNL_MASKED_SCATTER
                                         ? read_bytes(*value_desc, value)
                                         : std::vector<char>();
    size_t next = 0;
    for (size_t i = 0; i < set.size(); ++i) {
      if (!set[i]) continue;
      const char* from = op == CNNL_MASKED_SCATTER
                             ? values.data() + (next++) * bytes
                             : fill.data();
      std::memcpy(data.data() + i * bytes, from, bytes);
    }
    write_bytes(out, output, data);
  }
  if (number != nullptr) *number = uint32_t(count);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t scatter(const char* api, cnnlHandle_t handle, int dim,
                     cnnlTensorDescriptor_t input_desc, const void* input,
                     cnnlTensorDescriptor_t index_desc, const void* index,
                     cnnlTensorDescriptor_t src_desc, const void* src,
                     void* workspace, size_t workspace_size,
                     cnnlTensorDescriptor_t output_desc, void* output,
                     cnnlScatterMode_t mode) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!indexed_call_ok(api, handle, dim, input_desc, input, index_desc, index,
                       output_desc, output, &status) ||
      !usable(api, src_desc, src, "src", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (int(mode) < CNNL_SCATTER || int(mode) > CNNL_SCATTER_MIN) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown mode");
  }
  const cnnlTensorStruct &in = *input_desc, &idx = *index_desc,
                         &source = *src_desc, &out = *output_desc;
  if (out.dims != in.dims || out.dtype != in.dtype ||
      source.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input, src and output differ in data type, or output's "
                "shape is not input's");
  }
  const size_t rank = in.dims.size();
  if (idx.dims.size() != rank || source.dims.size() != rank) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "index and src do not have input's rank");
  }
  for (size_t axis = 0; axis < rank; ++axis) {
    if (idx.dims[axis] > source.dims[axis] ||
        (int(axis) != dim && idx.dims[axis] > in.dims[axis])) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "index is larger than src, or than input outside dim");
    }
  }
  if (mode != CNNL_SCATTER && !is_real_number(in.dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "ADD, MAX and MIN need a real-number type");
  }
  std::vector<int64_t> where;
  if (!read_indices(api, idx, index, in.dims[size_t(dim)], &where, &status)) {
    return status;
  }
  const int64_t n = int64_t(where.size());
  if (mode == CNNL_SCATTER) {
    const size_t bytes = element_bytes(in.dtype);
    std::vector<char> data = read_bytes(in, input);
    const std::vector<char> from = read_bytes(source, src);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t to = remapped_offset(idx.dims, in.dims, dim, i, where[i]);
      const int64_t at = remapped_offset(idx.dims, source.dims, -1, i, 0);
      std::memcpy(data.data() + to * int64_t(bytes),
                  from.data() + at * int64_t(bytes), bytes);
    }
    write_bytes(out, output, data);
    return CNNL_STATUS_SUCCESS;
  }
  std::vector<double> data = read_reals(in, input);
  const std::vector<double> from = read_reals(source, src);
  for (int64_t i = 0; i < n; ++i) {
    double& to =
        data[size_t(remapped_offset(idx.dims, in.dims, dim, i, where[i]))];
    const double v =
        from[size_t(remapped_offset(idx.dims, source.dims, -1, i, 0))];
    to = mode == CNNL_SCATTER_ADD   ? to + v
         : mode == CNNL_SCATTER_MAX ? std::max(to, v)
                                    : std::min(to, v);
  }
  write_reals(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

// The slice count before, the extent of, and the element count after
// dimension `dim` of a shape: element (outer, i, inner) lies at
// (outer * extent + i) * inner in dense row-major order.
struct AxisSplit {
  int64_t outer = 1, extent = 1, inner = 1;
};
AxisSplit split_at(const std::vector<int64_t>& dims, int dim) {
  AxisSplit s;
  for (int axis = 0; axis < int(dims.size()); ++axis) {
    const int64_t d = dims[size_t(axis)];
    if (axis < dim) {
      s.outer *= d;
    } else if (axis == dim) {
      s.extent = d;
    } else {
      s.inner *= d;
    }
  }
  return s;
}

// A running combination along `axis` (negative from the last): output at
// i = combine of input up to i (from the end when reverse; excluding i
// itself, starting from `identity`, when exclusive). Real types, in double.
template <class Combine>
cnnlStatus_t scan(const char* api, cnnlHandle_t handle,
                  const cnnlTensorDescriptor_t input_desc, const void* input,
                  int axis, bool exclusive, bool reverse,
                  const cnnlTensorDescriptor_t output_desc, void* output,
                  double identity, Combine combine) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status)) {
    return status;
  }
  const cnnlTensorStruct &in = *input_desc, &out = *output_desc;
  if (out.dims != in.dims || out.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in shape or data type");
  }
  if (!is_real_number(in.dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "input is not of a real-number type");
  }
  const int rank = std::max(1, int(in.dims.size()));
  const int dim = axis_within(axis, rank);
  if (dim < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "axis is outside the rank");
  }
  const std::vector<double> x = read_reals(in, input);
  std::vector<double> y(x.size());
  const AxisSplit s = split_at(in.dims, dim);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t k = 0; k < s.inner; ++k) {
      double acc = identity;
      for (int64_t step = 0; step < s.extent; ++step) {
        const int64_t i = reverse ? s.extent - 1 - step : step;
        const size_t at_i = size_t((o * s.extent + i) * s.inner + k);
        if (exclusive) {
          y[at_i] = acc;
          acc = combine(acc, x[at_i]);
        } else {
          acc = combine(acc, x[at_i]);
          y[at_i] = acc;
        }
      }
    }
  }
  write_reals(out, output, y);
  return CNNL_STATUS_SUCCESS;
}

// torch.cummax / torch.cummin along dim: the running extreme and the index
// where it was last reached (ties move the index forward); a NaN, once
// seen, stays the value with its index. Real types; int32 or int64
// indices.
cnnlStatus_t running_extreme(const char* api, cnnlHandle_t handle,
                             const cnnlTensorDescriptor_t input_desc,
                             const void* input, int dim,
                             const cnnlTensorDescriptor_t values_desc,
                             void* values,
                             const cnnlTensorDescriptor_t indices_desc,
                             void* indices, bool maximum) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, values_desc, values,
                     &status) ||
      !usable(api, indices_desc, indices, "indices", &status)) {
    return status;
  }
  const cnnlTensorStruct& in = *input_desc;
  if (values_desc->dims != in.dims || values_desc->dtype != in.dtype ||
      indices_desc->dims != in.dims || !is_index_type(indices_desc->dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "values must match input; indices int32 or int64 of its "
                "shape");
  }
  if (!is_real_number(in.dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "input is not of a real-number type");
  }
  const int rank = std::max(1, int(in.dims.size()));
  const int axis = axis_within(dim, rank);
  if (axis < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "dim is outside the rank");
  }
  const std::vector<double> x = read_reals(in, input);
  std::vector<double> best(x.size()), where(x.size());
  const AxisSplit s = split_at(in.dims, axis);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t k = 0; k < s.inner; ++k) {
      double value = 0;
      int64_t at = 0;
      for (int64_t i = 0; i < s.extent; ++i) {
        const size_t e = size_t((o * s.extent + i) * s.inner + k);
        const double v = x[e];
        const bool take =
            i == 0 ||
            (value == value && (v != v || (maximum ? v >= value : v <= value)));
        if (take) {
          value = v;
          at = i;
        }
        best[e] = value;
        where[e] = double(at);
      }
    }
  }
  write_reals(*values_desc, values, best);
  write_reals(*indices_desc, indices, where);
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetMaskedWorkspaceSize(
    cnnlHandle_t handle, cnnlMaskedOp_t masked_op,
    const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t mask_desc, const cnnlTensorDescriptor_t,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  const char* api = "cnnlGetMaskedWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (int(masked_op) < CNNL_MASKED_FILL || int(masked_op) > CNNL_MASKED_SCALE) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown masked_op");
  }
  if (input_desc == nullptr || mask_desc == nullptr || output_desc == nullptr ||
      workspace_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input_desc, mask_desc, output_desc or workspace_size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlMasked_v4(
    cnnlHandle_t handle, cnnlMaskedOp_t masked_op,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const void* scale, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output, uint32_t* number) {
  return masked("cnnlMasked_v4", handle, masked_op, input_desc, input,
                mask_desc, mask, value_desc, value, scale, workspace,
                workspace_size, output_desc, output, number);
}
cnnlStatus_t cnnlMasked_v3(
    cnnlHandle_t handle, cnnlMaskedOp_t masked_op,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t value_desc, const void* value, void* workspace,
    size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output, uint32_t* number) {
  if (masked_op == CNNL_MASKED_FILL_HOST || masked_op == CNNL_MASKED_SCALE) {
    return fail("cnnlMasked_v3", CNNL_STATUS_BAD_PARAM,
                "FILL_HOST and SCALE need cnnlMasked_v4's host scalar");
  }
  return masked("cnnlMasked_v3", handle, masked_op, input_desc, input,
                mask_desc, mask, value_desc, value, nullptr, workspace,
                workspace_size, output_desc, output, number);
}

cnnlStatus_t cnnlGetWhereWorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t num_desc,
                                       size_t* workspace_size) {
  const char* api = "cnnlGetWhereWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (num_desc == nullptr || workspace_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "num_desc or workspace_size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlWhere_v2(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t x_desc, const void* x,
                          const cnnlTensorDescriptor_t num_desc,
                          const void* num_true, const bool as_tuple,
                          void* workspace, size_t workspace_size,
                          const cnnlTensorDescriptor_t y_desc, void* y) {
  const char* api = "cnnlWhere_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, num_desc, num_true, "num_true", &status) ||
      !usable(api, y_desc, y, "y", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  const cnnlTensorStruct &xt = *x_desc, &yt = *y_desc;
  if (!is_real_number(xt.dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "x is not of a real-number type");
  }
  if (num_desc->dtype != CNNL_DTYPE_INT32 || element_count(*num_desc) != 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "num_true is not one int32");
  }
  if (yt.dtype != CNNL_DTYPE_INT32) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "y is not int32");
  }
  const std::vector<double> values = read_reals(xt, x);
  int64_t count = 0;
  for (const double v : values) count += v != 0.0 ? 1 : 0;
  if (read_as<int32_t>(static_cast<const char*>(num_true)) != count) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "num_true is not x's count of non-zero elements");
  }
  const int64_t rank = int64_t(xt.dims.size());
  const std::vector<int64_t> want = as_tuple
                                        ? std::vector<int64_t>{rank, count}
                                        : std::vector<int64_t>{count, rank};
  if (yt.dims != want) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "y is not [num_true, rank] ([rank, num_true] as a tuple)");
  }
  std::vector<double> coords(size_t(count * rank));
  int64_t k = 0;
  for (int64_t i = 0; i < int64_t(values.size()); ++i) {
    if (values[size_t(i)] == 0.0) continue;
    int64_t rest = i;
    for (int64_t axis = rank; axis-- > 0;) {
      const int64_t c = rest % xt.dims[size_t(axis)];
      rest /= xt.dims[size_t(axis)];
      coords[size_t(as_tuple ? axis * count + k : k * rank + axis)] = double(c);
    }
    ++k;
  }
  write_reals(yt, y, coords);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetSelectV2WorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t condition_desc,
    const cnnlTensorDescriptor_t then_desc,
    const cnnlTensorDescriptor_t else_desc, size_t* workspace_size) {
  const char* api = "cnnlGetSelectV2WorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (condition_desc == nullptr || then_desc == nullptr ||
      else_desc == nullptr || workspace_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "condition_desc, then_desc, else_desc or workspace_size is "
                "NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSelectV2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t condition_desc,
    const void* condition, const cnnlTensorDescriptor_t then_desc,
    const void* then_data, const cnnlTensorDescriptor_t else_desc,
    const void* else_data, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlSelectV2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, condition_desc, condition, "condition", &status) ||
      !usable(api, then_desc, then_data, "then", &status) ||
      !usable(api, else_desc, else_data, "else", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  const cnnlTensorStruct& out = *output_desc;
  if (!is_mask_type(condition_desc->dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "condition is not bool, uint8 or int8");
  }
  if (then_desc->dtype != out.dtype || else_desc->dtype != out.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "then, else and output differ in data type");
  }
  std::vector<int64_t> cond_at, then_at, else_at;
  if (!broadcast_offsets(*condition_desc, out, &cond_at) ||
      !broadcast_offsets(*then_desc, out, &then_at) ||
      !broadcast_offsets(*else_desc, out, &else_at)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "condition, then or else does not broadcast to output");
  }
  const std::vector<bool> set = mask_flags(*condition_desc, condition, cond_at);
  const size_t bytes = element_bytes(out.dtype);
  std::vector<char> data(set.size() * bytes);
  const char* t = static_cast<const char*>(then_data);
  const char* e = static_cast<const char*>(else_data);
  for (size_t i = 0; i < set.size(); ++i) {
    const char* from = set[i] ? t + then_at[i] * int64_t(bytes)
                              : e + else_at[i] * int64_t(bytes);
    std::memcpy(data.data() + i * bytes, from, bytes);
  }
  write_bytes(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGather(
    cnnlHandle_t handle, int dim, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlGather";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!indexed_call_ok(api, handle, dim, input_desc, input, index_desc, index,
                       output_desc, output, &status)) {
    return status;
  }
  const cnnlTensorStruct &in = *input_desc, &idx = *index_desc,
                         &out = *output_desc;
  if (out.dtype != in.dtype || out.dims != idx.dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output differs from input in data type or from index in "
                "shape");
  }
  if (idx.dims.size() != in.dims.size()) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "index does not have input's rank");
  }
  for (size_t axis = 0; axis < in.dims.size(); ++axis) {
    if (int(axis) != dim && idx.dims[axis] > in.dims[axis]) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "index is larger than input outside dim");
    }
  }
  std::vector<int64_t> where;
  if (!read_indices(api, idx, index, in.dims[size_t(dim)], &where, &status)) {
    return status;
  }
  const size_t bytes = element_bytes(in.dtype);
  const std::vector<char> from = read_bytes(in, input);
  std::vector<char> data(where.size() * bytes);
  for (size_t i = 0; i < where.size(); ++i) {
    const int64_t at =
        remapped_offset(idx.dims, in.dims, dim, int64_t(i), where[i]);
    std::memcpy(data.data() + i * bytes, from.data() + at * int64_t(bytes),
                bytes);
  }
  write_bytes(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlScatter(cnnlHandle_t handle, int dim,
                         const cnnlTensorDescriptor_t input_desc,
                         const void* input,
                         const cnnlTensorDescriptor_t index_desc,
                         const void* index,
                         const cnnlTensorDescriptor_t src_desc, const void* src,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         cnnlScatterMode_t mode) {
  return scatter("cnnlScatter", handle, dim, input_desc, input, index_desc,
                 index, src_desc, src, nullptr, 0, output_desc, output, mode);
}
cnnlStatus_t cnnlScatter_v2(
    cnnlHandle_t handle, int dim, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, const cnnlTensorDescriptor_t src_desc, const void* src,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output,
    cnnlScatterMode_t mode) {
  return scatter("cnnlScatter_v2", handle, dim, input_desc, input, index_desc,
                 index, src_desc, src, workspace, workspace_size, output_desc,
                 output, mode);
}

cnnlStatus_t cnnlIndexAdd(
    cnnlHandle_t handle, int dim, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, const cnnlTensorDescriptor_t source_desc,
    const void* source, const cnnlTensorDescriptor_t output_desc,
    void* output) {
  const char* api = "cnnlIndexAdd";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!indexed_call_ok(api, handle, dim, input_desc, input, index_desc, index,
                       output_desc, output, &status) ||
      !usable(api, source_desc, source, "source", &status)) {
    return status;
  }
  const cnnlTensorStruct &in = *input_desc, &idx = *index_desc,
                         &from = *source_desc, &out = *output_desc;
  if (out.dims != in.dims || out.dtype != in.dtype || from.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input, source and output differ in data type, or output's "
                "shape is not input's");
  }
  if (!is_real_number(in.dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "input is not of a real-number type");
  }
  std::vector<int64_t> want = in.dims;
  want[size_t(dim)] = element_count(idx);
  if (idx.dims.size() > 1 || from.dims != want) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "index is not 1-D, or source is not input's shape with dim "
                "the index count");
  }
  std::vector<int64_t> where;
  if (!read_indices(api, idx, index, in.dims[size_t(dim)], &where, &status)) {
    return status;
  }
  std::vector<double> data = read_reals(in, input);
  const std::vector<double> add = read_reals(from, source);
  for (int64_t i = 0; i < int64_t(add.size()); ++i) {
    int64_t slice = i;
    for (size_t axis = from.dims.size() - 1; int(axis) > dim; --axis) {
      slice /= from.dims[axis];
    }
    slice %= from.dims[size_t(dim)];
    data[size_t(remapped_offset(from.dims, in.dims, dim, i,
                                where[size_t(slice)]))] += add[size_t(i)];
  }
  write_reals(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlTile(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlTile";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status)) {
    return status;
  }
  const cnnlTensorStruct &in = *input_desc, &out = *output_desc;
  if (out.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type");
  }
  if (out.dims.size() != in.dims.size()) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input and output differ in rank");
  }
  for (size_t axis = 0; axis < in.dims.size(); ++axis) {
    if (in.dims[axis] == 0 ? out.dims[axis] != 0
                           : out.dims[axis] % in.dims[axis] != 0) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "an output dimension is not a multiple of input's");
    }
  }
  // Input's strides with each output index taken modulo input's extent.
  const size_t bytes = element_bytes(in.dtype);
  const std::vector<char> from = read_bytes(in, input);
  const int64_t n = element_count(out);
  std::vector<char> data(size_t(n) * bytes);
  const std::vector<int64_t> in_strides = dense_strides(in.dims);
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i, at = 0;
    for (size_t axis = out.dims.size(); axis-- > 0;) {
      at += (rest % out.dims[axis]) % in.dims[axis] * in_strides[axis];
      rest /= out.dims[axis];
    }
    std::memcpy(data.data() + size_t(i) * bytes,
                from.data() + at * int64_t(bytes), bytes);
  }
  write_bytes(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlEmbeddingForward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t weight_desc,
    const void* weight, const cnnlTensorDescriptor_t indices_desc,
    const void* indices, int /*padding_idx*/, const void* max_norm,
    const void* norm_type, const cnnlTensorDescriptor_t output_desc,
    void* output) {
  const char* api = "cnnlEmbeddingForward_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, weight_desc, weight, "weight", &status) ||
      !usable(api, indices_desc, indices, "indices", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !check_index(api, *indices_desc, &status)) {
    return status;
  }
  if (max_norm != nullptr || norm_type != nullptr) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "max_norm renormalisation is not supported");
  }
  const cnnlTensorStruct &w = *weight_desc, &out = *output_desc;
  std::vector<int64_t> want = indices_desc->dims;
  if (w.dims.size() != 2 || (want.push_back(w.dims[1]), out.dims != want) ||
      out.dtype != w.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "weight is not [num, D], or output is not indices' shape + "
                "[D] of weight's type");
  }
  std::vector<int64_t> rows;
  if (!read_indices(api, *indices_desc, indices, w.dims[0], &rows, &status)) {
    return status;
  }
  const size_t row_bytes = size_t(w.dims[1]) * element_bytes(w.dtype);
  const std::vector<char> table = read_bytes(w, weight);
  std::vector<char> data(rows.size() * row_bytes);
  for (size_t i = 0; i < rows.size(); ++i) {
    std::memcpy(data.data() + i * row_bytes,
                table.data() + size_t(rows[i]) * row_bytes, row_bytes);
  }
  write_bytes(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetEmbeddingBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t diff_desc,
    const cnnlTensorDescriptor_t output_desc, bool, size_t* workspace_size) {
  return zero_workspace_query(
      "cnnlGetEmbeddingBackwardWorkspaceSize", handle,
      diff_desc != nullptr ? static_cast<const void*>(output_desc) : nullptr,
      workspace_size);
}
cnnlStatus_t cnnlEmbeddingBackward(
    cnnlHandle_t handle, int padding_idx, bool scale_grad_by_freq,
    const cnnlTensorDescriptor_t indices_desc, const void* indices,
    const cnnlTensorDescriptor_t diff_desc, const void* diff, void* workspace,
    size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output) {
  const char* api = "cnnlEmbeddingBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, indices_desc, indices, "indices", &status) ||
      !usable(api, diff_desc, diff, "diff", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status) ||
      !check_index(api, *indices_desc, &status)) {
    return status;
  }
  const cnnlTensorStruct &out = *output_desc, &d = *diff_desc;
  std::vector<int64_t> want = indices_desc->dims;
  if (out.dims.size() != 2 || (want.push_back(out.dims[1]), d.dims != want) ||
      d.dtype != out.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output is not [num, D], or diff is not indices' shape + [D] "
                "of output's type");
  }
  if (!is_real_number(out.dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "output is not of a real-number type");
  }
  std::vector<int64_t> rows;
  if (!read_indices(api, *indices_desc, indices, out.dims[0], &rows, &status)) {
    return status;
  }
  const int64_t width = out.dims[1];
  std::vector<double> count(size_t(out.dims[0]), 0.0);
  for (const int64_t k : rows) count[size_t(k)] += 1.0;
  const std::vector<double> g = read_reals(d, diff);
  std::vector<double> grad(size_t(element_count(out)), 0.0);
  for (size_t i = 0; i < rows.size(); ++i) {
    const int64_t k = rows[i];
    if (k == padding_idx) continue;
    const double scale = scale_grad_by_freq ? 1.0 / count[size_t(k)] : 1.0;
    for (int64_t j = 0; j < width; ++j) {
      grad[size_t(k * width + j)] += g[i * size_t(width) + size_t(j)] * scale;
    }
  }
  write_reals(out, output, grad);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetRollWorkspaceSize(cnnlHandle_t handle,
                                      const cnnlTensorDescriptor_t input_desc,
                                      size_t* workspace_size) {
  return zero_workspace_query("cnnlGetRollWorkspaceSize", handle, input_desc,
                              workspace_size);
}
cnnlStatus_t cnnlRoll(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input, const int shifts[], int shifts_num,
                      const int dims[], int dims_num, void* workspace,
                      size_t workspace_size,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlRoll";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  const cnnlTensorStruct &in = *input_desc, &out = *output_desc;
  if (out.dims != in.dims || out.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in shape or data type");
  }
  const bool flat = dims == nullptr || dims_num == 0;
  if (shifts == nullptr || shifts_num < 1 ||
      (!flat && shifts_num != dims_num) || (flat && shifts_num != 1)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "shifts is NULL, or its count is not dims_num (1 without "
                "dims)");
  }
  const int rank = int(in.dims.size());
  // The flattened tensor rolls as one dimension of all its elements.
  const std::vector<int64_t> shape =
      flat ? std::vector<int64_t>{element_count(in)} : in.dims;
  std::vector<int64_t> shift(shape.size(), 0);
  for (int i = 0; i < (flat ? 1 : dims_num); ++i) {
    int d = flat ? 0 : dims[i];
    if (!flat && d < 0) d += rank;
    if (d < 0 || d >= int(shape.size())) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "a dim is outside the rank");
    }
    shift[size_t(d)] += shifts[i];
  }
  const size_t bytes = element_bytes(in.dtype);
  const std::vector<char> from = read_bytes(in, input);
  std::vector<char> data(from.size());
  const std::vector<int64_t> strides = dense_strides(shape);
  const int64_t n = element_count(in);
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i, to = 0;
    for (size_t axis = shape.size(); axis-- > 0;) {
      const int64_t extent = shape[axis];
      const int64_t coord = rest % extent;
      rest /= extent;
      const int64_t moved = ((coord + shift[axis]) % extent + extent) % extent;
      to += moved * strides[axis];
    }
    std::memcpy(data.data() + size_t(to) * bytes,
                from.data() + size_t(i) * bytes, bytes);
  }
  write_bytes(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlCumsum(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input, const int axis, const bool exclusive,
                        const bool reverse,
                        const cnnlNanPropagation_t nan_propagation,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  const char* api = "cnnlCumsum";
  if (nan_propagation != CNNL_NOT_PROPAGATE_NAN &&
      nan_propagation != CNNL_PROPAGATE_NAN) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown nan_propagation");
  }
  return scan(api, handle, input_desc, input, axis, exclusive, reverse,
              output_desc, output, 0.0,
              [](double acc, double v) { return acc + v; });
}

cnnlStatus_t cnnlLinspace(cnnlHandle_t handle, const float start,
                          const float end,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output) {
  const char* api = "cnnlLinspace";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (!is_real_number(output_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "output is not of a real-number type");
  }
  const int64_t n = element_count(*output_desc);
  std::vector<double> v(static_cast<size_t>(n));
  const double step = n > 1 ? (double(end) - start) / double(n - 1) : 0.0;
  for (int64_t i = 0; i < n; ++i) {
    v[size_t(i)] =
        i < n / 2 ? start + double(i) * step : end - double(n - 1 - i) * step;
  }
  if (n == 1) v[0] = start;
  write_reals(*output_desc, output, v);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlTri(cnnlHandle_t handle, int diagonal, bool tri_up_mode,
                     const cnnlTensorDescriptor_t input_desc, const void* input,
                     const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlTri";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status)) {
    return status;
  }
  const cnnlTensorStruct &in = *input_desc, &out = *output_desc;
  if (in.dims.size() < 2) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input has fewer than 2 dims");
  }
  if (out.dims != in.dims || out.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in shape or data type");
  }
  const size_t bytes = element_bytes(in.dtype);
  std::vector<char> data = read_bytes(in, input);
  const int64_t rows = in.dims[in.dims.size() - 2], cols = in.dims.back();
  const int64_t n = element_count(in);
  for (int64_t e = 0; e < n; ++e) {
    const int64_t j = e % cols, i = e / cols % rows;
    const bool keep = tri_up_mode ? j - i >= diagonal : j - i <= diagonal;
    // All-zero bytes are zero in every type.
    if (!keep) std::memset(data.data() + size_t(e) * bytes, 0, bytes);
  }
  write_bytes(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlOneHot(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t indices_desc,
                        const void* indices, const int depth,
                        const void* on_value, const void* off_value,
                        const int axis, cnnlDataType_t output_data_type,
                        void* output) {
  const char* api = "cnnlOneHot";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, indices_desc, indices, "indices", &status) ||
      !check_index(api, *indices_desc, &status)) {
    return status;
  }
  const int rank = int(indices_desc->dims.size());
  const size_t bytes = element_bytes(output_data_type);
  if (depth < 0 || axis < -1 || axis > rank) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "depth is negative or axis is not in [-1, rank]");
  }
  if (bytes == 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown output_data_type");
  }
  const int64_t n = element_count(*indices_desc);
  if (n * depth > 0 &&
      (on_value == nullptr || off_value == nullptr || output == nullptr)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "on_value, off_value or output is NULL");
  }
  const int dim = axis == -1 ? rank : axis;
  std::vector<int64_t> out_dims = indices_desc->dims;
  out_dims.insert(out_dims.begin() + dim, depth);
  const AxisSplit s = split_at(out_dims, dim);
  std::vector<int64_t> where;
  where.reserve(size_t(n));
  for_each_offset(indices_desc->dims, indices_desc->strides, [&](int64_t at) {
    where.push_back(load_index(indices_desc->dtype, indices, at));
  });
  char* out = static_cast<char*>(output);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t d = 0; d < depth; ++d) {
      for (int64_t k = 0; k < s.inner; ++k) {
        const bool hot = where[size_t(o * s.inner + k)] == d;
        std::memcpy(out + size_t((o * depth + d) * s.inner + k) * bytes,
                    hot ? on_value : off_value, bytes);
      }
    }
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlIndexFill_v2(
    cnnlHandle_t handle, int dim, cnnlPointerMode_t pointer_mode,
    const void* value, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlIndexFill_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!indexed_call_ok(api, handle, dim, input_desc, input, index_desc, index,
                       output_desc, output, &status)) {
    return status;
  }
  if (pointer_mode != CNNL_POINTER_MODE_HOST &&
      pointer_mode != CNNL_POINTER_MODE_DEVICE) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown pointer_mode");
  }
  if (value == nullptr)
    return fail(api, CNNL_STATUS_BAD_PARAM, "value is NULL");
  const cnnlTensorStruct &in = *input_desc, &out = *output_desc;
  if (out.dims != in.dims || out.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in shape or data type");
  }
  if (index_desc->dims.size() > 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "index is not 1-D");
  }
  std::vector<int64_t> slices;
  if (!read_indices(api, *index_desc, index, in.dims[size_t(dim)], &slices,
                    &status)) {
    return status;
  }
  const size_t bytes = element_bytes(in.dtype);
  std::vector<char> data = read_bytes(in, input);
  const AxisSplit s = split_at(in.dims, dim);
  for (const int64_t i : slices) {
    for (int64_t o = 0; o < s.outer; ++o) {
      for (int64_t k = 0; k < s.inner; ++k) {
        std::memcpy(
            data.data() + size_t((o * s.extent + i) * s.inner + k) * bytes,
            value, bytes);
      }
    }
  }
  write_bytes(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"

// Later forms of the functions above: a workspace (never used: every size
// query answers 0) or wider integer arguments.
extern "C" {

cnnlStatus_t cnnlGetGatherWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t index_desc,
    const cnnlTensorDescriptor_t output_desc, int /*dim*/,
    size_t* workspace_size) {
  return zero_workspace_query(
      "cnnlGetGatherWorkspaceSize", handle,
      input_desc != nullptr && index_desc != nullptr ? output_desc : nullptr,
      workspace_size);
}
cnnlStatus_t cnnlGather_v2(
    cnnlHandle_t handle, int dim, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!workspace_ok("cnnlGather_v2", workspace, workspace_size, &status)) {
    return status;
  }
  return cnnlGather(handle, dim, input_desc, input, index_desc, index,
                    output_desc, output);
}
cnnlStatus_t cnnlGetScatterWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t index_desc,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetScatterWorkspaceSize", handle, index_desc,
                              workspace_size);
}
cnnlStatus_t cnnlRoll_v2(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input_desc,
                         const void* input, const int64_t shifts[],
                         int64_t shifts_num, const int64_t dims[],
                         int64_t dims_num, void* workspace,
                         size_t workspace_size,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output) {
  const char* api = "cnnlRoll_v2";
  if (shifts_num < 0 || shifts_num > CNNL_DIM_MAX || dims_num < 0 ||
      dims_num > CNNL_DIM_MAX) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "shifts_num or dims_num is not in [0, CNNL_DIM_MAX]");
  }
  // A shift beyond int's range rolls as its remainder by the element count
  // (a multiple of every dimension's extent).
  const int64_t n = input_desc != nullptr && input_desc->set
                        ? std::max<int64_t>(element_count(*input_desc), 1)
                        : 1;
  std::vector<int> narrow_shifts, narrow_dims;
  for (int64_t i = 0; shifts != nullptr && i < shifts_num; ++i) {
    const int64_t shift = shifts[i] % n;
    if (shift < std::numeric_limits<int>::min() ||
        shift > std::numeric_limits<int>::max()) {
      return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                  "a shift modulo the element count exceeds int's range");
    }
    narrow_shifts.push_back(int(shift));
  }
  for (int64_t i = 0; dims != nullptr && i < dims_num; ++i) {
    if (dims[i] < -CNNL_DIM_MAX || dims[i] > CNNL_DIM_MAX) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "a dim is outside the rank");
    }
    narrow_dims.push_back(int(dims[i]));
  }
  return cnnlRoll(handle, input_desc, input,
                  shifts != nullptr ? narrow_shifts.data() : nullptr,
                  int(shifts_num),
                  dims != nullptr ? narrow_dims.data() : nullptr, int(dims_num),
                  workspace, workspace_size, output_desc, output);
}
cnnlStatus_t cnnlGetCumsumWorkspaceSize(cnnlHandle_t handle,
                                        const cnnlTensorDescriptor_t input_desc,
                                        const int /*axis*/,
                                        size_t* workspace_size) {
  return zero_workspace_query("cnnlGetCumsumWorkspaceSize", handle, input_desc,
                              workspace_size);
}
cnnlStatus_t cnnlCumsum_v2(cnnlHandle_t handle,
                           const cnnlTensorDescriptor_t input_desc,
                           const void* input, const int axis,
                           const bool exclusive, const bool reverse,
                           const cnnlNanPropagation_t nan_propagation,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output, void* workspace,
                           size_t workspace_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!workspace_ok("cnnlCumsum_v2", workspace, workspace_size, &status)) {
    return status;
  }
  return cnnlCumsum(handle, input_desc, input, axis, exclusive, reverse,
                    nan_propagation, output_desc, output);
}
cnnlStatus_t cnnlTri_v2(cnnlHandle_t handle, int diagonal, bool tri_up_mode,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  return cnnlTri(handle, diagonal, tri_up_mode, input_desc, input, output_desc,
                 output);
}
cnnlStatus_t cnnlIndexFill(cnnlHandle_t handle, int dim, float value,
                           const cnnlTensorDescriptor_t input_desc,
                           const void* input,
                           const cnnlTensorDescriptor_t index_desc,
                           const void* index,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output) {
  const char* api = "cnnlIndexFill";
  if (input_desc == nullptr || !input_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input_desc is NULL or not set");
  }
  if (!is_real_number(input_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "input is not of a real type");
  }
  // The float value in input's type, as cnnlIndexFill_v2 takes it.
  alignas(8) char converted[8] = {};
  store_real(input_desc->dtype, converted, 0, double(value));
  return cnnlIndexFill_v2(handle, dim, CNNL_POINTER_MODE_HOST, converted,
                          input_desc, input, index_desc, index, output_desc,
                          output);
}

cnnlStatus_t cnnlGetNumTrueWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t num_true_desc,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetNumTrueWorkspaceSize_v2", handle,
                              num_true_desc, workspace_size);
}
cnnlStatus_t cnnlNumTrue_v3(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t x_desc, const void* x,
                            void* workspace, size_t workspace_size,
                            const cnnlTensorDescriptor_t num_true_desc,
                            void* num_true) {
  const char* api = "cnnlNumTrue_v3";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, num_true_desc, num_true, "num_true", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (!is_real_number(x_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "x is not of a real type");
  }
  if (!is_index_type(num_true_desc->dtype) ||
      element_count(*num_true_desc) != 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "num_true is not one int32 or int64 element");
  }
  int64_t count = 0;
  for_each_offset(x_desc->dims, x_desc->strides, [&](int64_t at) {
    if (load_real(x_desc->dtype, x, at) != 0) ++count;
  });
  store_real(num_true_desc->dtype, num_true, 0, double(count));
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlNumTrue_v2(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t x_desc, const void* x,
                            const cnnlTensorDescriptor_t num_true_desc,
                            void* num_true) {
  return cnnlNumTrue_v3(handle, x_desc, x, nullptr, 0, num_true_desc, num_true);
}

}  // extern "C"

extern "C" {

// torch.Tensor.unfold: output is input with dimension `dimension` replaced
// by the (extent - size) / step + 1 windows and a last dimension of `size`
// elements per window.
cnnlStatus_t cnnlUnfold(cnnlHandle_t handle, const int dimension,
                        const int size, const int step,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  const char* api = "cnnlUnfold";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status)) {
    return status;
  }
  const cnnlTensorStruct &in = *input_desc, &out = *output_desc;
  if (out.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type");
  }
  const int rank = int(in.dims.size());
  // A 0-d input unfolds as one dimension of one element.
  const std::vector<int64_t> shape =
      rank == 0 ? std::vector<int64_t>{1} : in.dims;
  const int dim = dimension < 0 ? dimension + int(shape.size()) : dimension;
  if (dim < 0 || dim >= int(shape.size())) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "dimension is outside the rank");
  }
  if (size < 0 || step < 1 || size > shape[size_t(dim)]) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "size is negative or beyond the dimension, or step below 1");
  }
  std::vector<int64_t> want = shape;
  want[size_t(dim)] = (shape[size_t(dim)] - size) / step + 1;
  want.push_back(size);
  if (rank == 0) want.erase(want.begin());
  if (out.dims != want) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output is not input's windows shape");
  }
  // The windows are a strided view of input: dimension `dim` steps by
  // step x its stride, the new last dimension by its stride.
  const int64_t dim_stride = rank == 0 ? 1 : in.strides[size_t(dim)];
  std::vector<int64_t> view_dims = shape,
                       view_strides =
                           rank == 0 ? std::vector<int64_t>{1} : in.strides;
  view_dims[size_t(dim)] = (shape[size_t(dim)] - size) / step + 1;
  view_strides[size_t(dim)] = dim_stride * step;
  view_dims.push_back(size);
  view_strides.push_back(dim_stride);
  const size_t bytes = element_bytes(in.dtype);
  std::vector<char> data;
  data.reserve(size_t(element_count(out)) * bytes);
  const char* from = static_cast<const char*>(input);
  for_each_offset(view_dims, view_strides, [&](int64_t at) {
    data.insert(data.end(), from + at * int64_t(bytes),
                from + (at + 1) * int64_t(bytes));
  });
  write_bytes(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"

extern "C" {

cnnlStatus_t cnnlGetCumprodWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const int /*axis*/, size_t* workspace_size) {
  return zero_workspace_query("cnnlGetCumprodWorkspaceSize", handle, input_desc,
                              workspace_size);
}
cnnlStatus_t cnnlCumprod_v2(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t input_desc,
                            const void* input, const int axis,
                            const bool exclusive, const bool reverse,
                            const cnnlTensorDescriptor_t output_desc,
                            void* output, void* workspace,
                            size_t workspace_size) {
  const char* api = "cnnlCumprod_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!workspace_ok(api, workspace, workspace_size, &status)) return status;
  return scan(api, handle, input_desc, input, axis, exclusive, reverse,
              output_desc, output, 1.0,
              [](double acc, double v) { return acc * v; });
}
cnnlStatus_t cnnlCummax(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input, const int dim,
                        const cnnlTensorDescriptor_t values_desc, void* values,
                        const cnnlTensorDescriptor_t indices_desc,
                        void* indices) {
  return running_extreme("cnnlCummax", handle, input_desc, input, dim,
                         values_desc, values, indices_desc, indices, true);
}
cnnlStatus_t cnnlCummin(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input, const int dim,
                        const cnnlTensorDescriptor_t values_desc, void* values,
                        const cnnlTensorDescriptor_t indices_desc,
                        void* indices) {
  return running_extreme("cnnlCummin", handle, input_desc, input, dim,
                         values_desc, values, indices_desc, indices, false);
}

}  // extern "C"
