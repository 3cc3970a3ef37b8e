// CNNL's data-movement calls (Copy_v2, Pad, StridedSlice_v2, Concat) and
// the element-wise Transform_v2 and AddN_v2, on the host (cnnl.h).
#include <complex>
#include <cstdio>
#include <string>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

// A view of a tensor's memory: `dims` walked with `strides` (in elements)
// from `base_offset` elements past the data pointer.
struct View {
  std::vector<int64_t> dims;
  std::vector<int64_t> strides;
  int64_t base_offset = 0;
};

View whole(const cnnlTensorStruct& t) { return View{t.dims, t.strides, 0}; }

// Copies every element of `from` to the element at the same index of `to`
// (same shape), reading all of `from` first so that overlapping memory is
// read as it was.
void copy_view(size_t bytes, const View& from, const void* src, const View& to,
               void* dst) {
  std::vector<char> staged;
  const char* in = static_cast<const char*>(src);
  for_each_offset(from.dims, from.strides, [&](int64_t at) {
    const char* p = in + (from.base_offset + at) * int64_t(bytes);
    staged.insert(staged.end(), p, p + bytes);
  });
  char* out = static_cast<char*>(dst);
  size_t next = 0;
  for_each_offset(to.dims, to.strides, [&](int64_t at) {
    std::memcpy(out + (to.base_offset + at) * int64_t(bytes),
                staged.data() + next, bytes);
    next += bytes;
  });
}

bool same_type(const char* api, const cnnlTensorStruct& a,
               const cnnlTensorStruct& b, const char* what,
               cnnlStatus_t* status) {
  if (a.dtype == b.dtype) return true;
  *status = fail(api, CNNL_STATUS_BAD_PARAM, what);
  return false;
}

// The checks cnnlConcat and cnnlSplit share: `num` pieces of `whole` along
// `axis`, each usable, of whole's type and rank, equal to it outside the axis,
// their sizes along it adding up to whole's. `piece` and `whole_name` name
// the two sides in the log ("input", "output"). Sets *along to the axis.
bool pieces_along_axis(const char* api, const cnnlTensorStruct& whole,
                       const char* whole_name,
                       const cnnlTensorDescriptor_t pieces_desc[],
                       const void* const pieces[], int num, int axis,
                       const char* piece, int* along, cnnlStatus_t* status) {
  char why[112];
  auto reject = [&](const char* format) {
    std::snprintf(why, sizeof(why), format, piece, whole_name);
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  };
  const int rank = int(whole.dims.size());
  *along = axis_within(axis, rank);
  if (*along < 0) {
    std::snprintf(why, sizeof(why), "axis is outside %s's rank", whole_name);
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  }
  const std::string pieces_name = std::string(piece) + "s";
  int64_t total = 0;
  for (int n = 0; n < num; ++n) {
    if (!usable(api, pieces_desc[n], pieces[n], pieces_name.c_str(), status)) {
      return false;
    }
    const cnnlTensorStruct& one = *pieces_desc[n];
    if (one.dtype != whole.dtype) {
      return reject("an %s and %s differ in data type");
    }
    if (int(one.dims.size()) != rank)
      return reject("an %s and %s differ in rank");
    for (int i = 0; i < rank; ++i) {
      if (i != *along && one.dims[size_t(i)] != whole.dims[size_t(i)]) {
        return reject("an %s differs from %s outside axis");
      }
    }
    total += one.dims[size_t(*along)];
  }
  if (total != whole.dims[size_t(*along)]) {
    return reject("the %ss' sizes along axis do not add up to %s's");
  }
  return true;
}

cnnlStatus_t zero_workspace(const char* api, cnnlHandle_t handle,
                            std::initializer_list<cnnlTensorDescriptor_t> descs,
                            size_t* size) {
  if (handle == nullptr || size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle or size is NULL");
  }
  for (const cnnlTensorDescriptor_t d : descs) {
    if (d == nullptr || !d->set) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "a tensor descriptor is NULL or was never set");
    }
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}

// The elements of `full` that begin, end and stride (per dimension;
// negative begin and end count from the end, both clamped) select, as a
// view into `full`; `part` must have its shape.
bool strided_view(const char* api, const cnnlTensorStruct& full,
                  const int64_t begin[], const int64_t end[],
                  const int64_t stride[], const cnnlTensorStruct& part,
                  View* slice, cnnlStatus_t* status) {
  const size_t rank = full.dims.size();
  *slice = View{std::vector<int64_t>(rank), std::vector<int64_t>(rank), 0};
  for (size_t i = 0; i < rank; ++i) {
    const int64_t size = full.dims[i], step = stride[i];
    if (step == 0) {
      *status = fail(api, CNNL_STATUS_BAD_PARAM, "a stride is 0");
      return false;
    }
    auto clamp = [&](int64_t v) {
      if (v < 0) v += size;
      // Forwards: [0, size]; backwards: [-1, size - 1] (-1: before 0).
      const int64_t lo = step > 0 ? 0 : -1, hi = step > 0 ? size : size - 1;
      return v < lo ? lo : (v > hi ? hi : v);
    };
    const int64_t first = clamp(begin[i]), stop = clamp(end[i]);
    const int64_t span = step > 0 ? stop - first : first - stop;
    const int64_t magnitude = step > 0 ? step : -step;
    const int64_t count = span <= 0 ? 0 : (span + magnitude - 1) / magnitude;
    if (count != part.dims[i]) {
      *status = fail(api, CNNL_STATUS_BAD_PARAM,
                     "the sliced tensor's shape is not the slice's shape");
      return false;
    }
    slice->dims[i] = count;
    slice->strides[i] = step * full.strides[i];
    if (count > 0) slice->base_offset += first * full.strides[i];
  }
  return true;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetCopyWorkspaceSize(cnnlHandle_t handle,
                                      const cnnlTensorDescriptor_t input_desc,
                                      const cnnlTensorDescriptor_t output_desc,
                                      size_t* workspace_size) {
  return zero_workspace("cnnlGetCopyWorkspaceSize", handle,
                        {input_desc, output_desc}, workspace_size);
}

cnnlStatus_t cnnlCopy_v2(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input_desc,
                         const void* input,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         void* /*workspace*/, size_t /*workspace_size*/) {
  const char* api = "cnnlCopy_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !same_type(api, *input_desc, *output_desc,
                 "input and output differ in data type", &status)) {
    return status;
  }
  if (input_desc->dims != output_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input and output differ in shape");
  }
  copy_view(element_bytes(input_desc->dtype), whole(*input_desc), input,
            whole(*output_desc), output);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlPad(cnnlHandle_t handle,
                     const cnnlTensorDescriptor_t input_desc, const void* input,
                     const void* paddings, const void* padding_value,
                     const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlPad";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !same_type(api, *input_desc, *output_desc,
                 "input and output differ in data type", &status)) {
    return status;
  }
  if (paddings == nullptr || padding_value == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "paddings or padding_value is NULL");
  }
  const size_t rank = input_desc->dims.size();
  if (output_desc->dims.size() != rank) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input and output differ in rank");
  }
  std::vector<int32_t> pad(2 * rank);
  if (rank > 0) std::memcpy(pad.data(), paddings, pad.size() * sizeof(int32_t));
  View interior{input_desc->dims, output_desc->strides, 0};
  for (size_t i = 0; i < rank; ++i) {
    if (pad[2 * i] < 0 || pad[2 * i + 1] < 0) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "a padding is negative");
    }
    if (input_desc->dims[i] + pad[2 * i] + pad[2 * i + 1] !=
        output_desc->dims[i]) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "output's shape is not input's shape plus the paddings");
    }
    interior.base_offset += int64_t(pad[2 * i]) * output_desc->strides[i];
  }
  const size_t bytes = element_bytes(output_desc->dtype);
  // Input first: the output may overlap it.
  std::vector<char> staged(size_t(element_count(*input_desc)) * bytes);
  copy_view(bytes, whole(*input_desc), input,
            View{input_desc->dims, dense_strides(input_desc->dims), 0},
            staged.data());
  char* out = static_cast<char*>(output);
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t at) {
    std::memcpy(out + at * int64_t(bytes), padding_value, bytes);
  });
  copy_view(bytes, View{input_desc->dims, dense_strides(input_desc->dims), 0},
            staged.data(), interior, output);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlTransform_v2(cnnlHandle_t handle,
                              const cnnlPointerMode_t pointer_mode,
                              const void* alpha,
                              const cnnlTensorDescriptor_t input_desc,
                              const void* input, const void* beta,
                              const cnnlTensorDescriptor_t output_desc,
                              void* output) {
  const char* api = "cnnlTransform_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !same_type(api, *input_desc, *output_desc,
                 "input and output differ in data type", &status)) {
    return status;
  }
  if (pointer_mode != CNNL_POINTER_MODE_HOST &&
      pointer_mode != CNNL_POINTER_MODE_DEVICE) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown pointer mode");
  }
  if (alpha == nullptr || beta == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "alpha or beta is NULL");
  }
  if (input_desc->dims != output_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input and output differ in shape");
  }
  const cnnlDataType_t dtype = output_desc->dtype;
  const std::vector<int64_t> in_at = offsets_of(*input_desc);
  const std::vector<int64_t> out_at = offsets_of(*output_desc);
  if (dtype == CNNL_DTYPE_COMPLEX_FLOAT || dtype == CNNL_DTYPE_COMPLEX_HALF) {
    // {real, imaginary} pairs of the real part's type; alpha and beta are
    // float pairs.
    const cnnlDataType_t part =
        dtype == CNNL_DTYPE_COMPLEX_FLOAT ? CNNL_DTYPE_FLOAT : CNNL_DTYPE_HALF;
    const float* a = static_cast<const float*>(alpha);
    const float* b = static_cast<const float*>(beta);
    const std::complex<double> scale(a[0], a[1]), shift(b[0], b[1]);
    std::vector<std::complex<double>> result(in_at.size());
    for (size_t i = 0; i < in_at.size(); ++i) {
      const std::complex<double> x(load_real(part, input, 2 * in_at[i]),
                                   load_real(part, input, 2 * in_at[i] + 1));
      result[i] = scale * x + shift;
    }
    for (size_t i = 0; i < out_at.size(); ++i) {
      store_real(part, output, 2 * out_at[i], result[i].real());
      store_real(part, output, 2 * out_at[i] + 1, result[i].imag());
    }
    return CNNL_STATUS_SUCCESS;
  }
  double scale, shift;
  if (dtype == CNNL_DTYPE_HALF || dtype == CNNL_DTYPE_FLOAT) {
    scale = *static_cast<const float*>(alpha);
    shift = *static_cast<const float*>(beta);
  } else if (dtype == CNNL_DTYPE_INT32) {
    scale = *static_cast<const int*>(alpha);
    shift = *static_cast<const int*>(beta);
  } else {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "data type is not half, float, int32, complex_half or "
                "complex_float");
  }
  std::vector<double> result(in_at.size());
  for (size_t i = 0; i < in_at.size(); ++i) {
    result[i] = scale * load_real(dtype, input, in_at[i]) + shift;
  }
  for (size_t i = 0; i < out_at.size(); ++i) {
    store_real(dtype, output, out_at[i], result[i]);
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlStridedSlice_v2(cnnlHandle_t handle,
                                 const cnnlTensorDescriptor_t input_desc,
                                 const void* input, const int64_t begin[],
                                 const int64_t end[], const int64_t stride[],
                                 const cnnlTensorDescriptor_t output_desc,
                                 void* output) {
  const char* api = "cnnlStridedSlice_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !same_type(api, *input_desc, *output_desc,
                 "input and output differ in data type", &status)) {
    return status;
  }
  const size_t rank = input_desc->dims.size();
  if (rank > 0 && (begin == nullptr || end == nullptr || stride == nullptr)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "begin, end or stride is NULL");
  }
  if (output_desc->dims.size() != rank) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input and output differ in rank");
  }
  View slice;
  if (!strided_view(api, *input_desc, begin, end, stride, *output_desc, &slice,
                    &status)) {
    return status;
  }
  copy_view(element_bytes(input_desc->dtype), slice, input, whole(*output_desc),
            output);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetConcatWorkspaceSize(cnnlHandle_t handle,
                                        const int concat_num, size_t* size) {
  const char* api = "cnnlGetConcatWorkspaceSize";
  if (handle == nullptr || size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle or size is NULL");
  }
  if (concat_num < 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "concat_num is less than 1");
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlConcat(cnnlHandle_t handle, const int concat_num,
                        const int axis,
                        const cnnlTensorDescriptor_t inputs_desc[],
                        const void* const inputs[], void* /*workspace*/,
                        size_t /*workspace_size*/,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  const char* api = "cnnlConcat";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (concat_num < 1 || inputs_desc == nullptr || inputs == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "concat_num is less than 1, or inputs_desc or inputs is NULL");
  }
  int along = 0;
  if (!pieces_along_axis(api, *output_desc, "output", inputs_desc, inputs,
                         concat_num, axis, "input", &along, &status)) {
    return status;
  }
  // All inputs are read before the output is written (it may overlap them).
  const size_t bytes = element_bytes(output_desc->dtype);
  std::vector<std::vector<char>> staged(static_cast<size_t>(concat_num));
  for (int n = 0; n < concat_num; ++n) {
    const cnnlTensorStruct& in = *inputs_desc[n];
    staged[size_t(n)].resize(size_t(element_count(in)) * bytes);
    copy_view(bytes, whole(in), inputs[n],
              View{in.dims, dense_strides(in.dims), 0},
              staged[size_t(n)].data());
  }
  int64_t position = 0;
  for (int n = 0; n < concat_num; ++n) {
    const cnnlTensorStruct& in = *inputs_desc[n];
    View to{in.dims, output_desc->strides,
            position * output_desc->strides[size_t(along)]};
    copy_view(bytes, View{in.dims, dense_strides(in.dims), 0},
              staged[size_t(n)].data(), to, output);
    position += in.dims[size_t(along)];
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetAddNWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_descs[],
    const uint32_t input_num, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size) {
  const char* api = "cnnlGetAddNWorkspaceSize";
  if (handle == nullptr || input_descs == nullptr || output_desc == nullptr ||
      workspace_size == nullptr || input_num < 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "a NULL argument or input_num is 0");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlAddN_v2(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input_descs[],
                         const void* const inputs[], const uint32_t input_num,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         void* /*workspace*/, size_t /*workspace_size*/) {
  const char* api = "cnnlAddN_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (input_num < 1 || input_descs == nullptr || inputs == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input_num is 0, or input_descs or inputs is NULL");
  }
  const cnnlDataType_t dtype = output_desc->dtype;
  if (!is_real_number(dtype) || dtype == CNNL_DTYPE_BOOL) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "data type is not a real number type");
  }
  std::vector<std::vector<int64_t>> strides(input_num);
  for (uint32_t n = 0; n < input_num; ++n) {
    if (!usable(api, input_descs[n], inputs[n], "inputs", &status) ||
        !same_type(api, *input_descs[n], *output_desc,
                   "an input and output differ in data type", &status)) {
      return status;
    }
    if (!broadcast_strides(*input_descs[n], *output_desc, &strides[n])) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "an input does not broadcast to output's shape");
    }
  }
  std::vector<double> sum(size_t(element_count(*output_desc)), 0.0);
  for (uint32_t n = 0; n < input_num; ++n) {
    size_t i = 0;
    for_each_offset(output_desc->dims, strides[n], [&](int64_t at) {
      sum[i++] += load_real(dtype, inputs[n], at);
    });
  }
  size_t i = 0;
  for_each_offset(output_desc->dims, output_desc->strides,
                  [&](int64_t at) { store_real(dtype, output, at, sum[i++]); });
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlAddN(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_descs[],
                      const void* const inputs[], const uint32_t input_num,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  return cnnlAddN_v2(handle, input_descs, inputs, input_num, output_desc,
                     output, nullptr, 0);
}

// dx = 0 with dx[begin:end:stride] = dy: the gradient of cnnlStridedSlice.
cnnlStatus_t cnnlStridedSliceBackward(cnnlHandle_t handle, const int begin[],
                                      const int end[], const int stride[],
                                      const cnnlTensorDescriptor_t input_desc,
                                      const void* input,
                                      const cnnlTensorDescriptor_t output_desc,
                                      void* output) {
  const char* api = "cnnlStridedSliceBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status) ||
      !same_type(api, *input_desc, *output_desc,
                 "input and output differ in data type", &status)) {
    return status;
  }
  const size_t rank = output_desc->dims.size();
  if (rank > 0 && (begin == nullptr || end == nullptr || stride == nullptr)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "begin, end or stride is NULL");
  }
  if (input_desc->dims.size() != rank) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input and output differ in rank");
  }
  const std::vector<int64_t> b(begin, begin + rank), e(end, end + rank),
      st(stride, stride + rank);
  View slice;
  if (!strided_view(api, *output_desc, b.data(), e.data(), st.data(),
                    *input_desc, &slice, &status)) {
    return status;
  }
  // dy is read before dx is cleared (they may overlap).
  const size_t bytes = element_bytes(output_desc->dtype);
  std::vector<char> staged(size_t(element_count(*input_desc)) * bytes);
  copy_view(bytes, whole(*input_desc), input,
            View{input_desc->dims, dense_strides(input_desc->dims), 0},
            staged.data());
  char* out = static_cast<char*>(output);
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t at) {
    std::memset(out + at * int64_t(bytes), 0, bytes);
  });
  copy_view(bytes, View{input_desc->dims, dense_strides(input_desc->dims), 0},
            staged.data(), slice, output);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetSplitWorkspaceSize(cnnlHandle_t handle, const int split_num,
                                       size_t* size) {
  const char* api = "cnnlGetSplitWorkspaceSize";
  if (handle == nullptr || size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle or size is NULL");
  }
  if (split_num < 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "split_num is less than 1");
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}

// The inverse of cnnlConcat: consecutive pieces of input along axis.
cnnlStatus_t cnnlSplit(cnnlHandle_t handle, const int split_num, const int axis,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input, void* workspace,
                       size_t workspace_size,
                       const cnnlTensorDescriptor_t outputs_desc[],
                       void* outputs[]) {
  const char* api = "cnnlSplit";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (split_num < 1 || outputs_desc == nullptr || outputs == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "split_num is less than 1, or outputs_desc or outputs is NULL");
  }
  int along = 0;
  if (!pieces_along_axis(api, *input_desc, "input", outputs_desc, outputs,
                         split_num, axis, "output", &along, &status)) {
    return status;
  }
  // The input is read whole before any output is written (they may overlap).
  const size_t bytes = element_bytes(input_desc->dtype);
  std::vector<char> staged(size_t(element_count(*input_desc)) * bytes);
  const std::vector<int64_t> dense = dense_strides(input_desc->dims);
  copy_view(bytes, whole(*input_desc), input, View{input_desc->dims, dense, 0},
            staged.data());
  int64_t position = 0;
  for (int n = 0; n < split_num; ++n) {
    const cnnlTensorStruct& out = *outputs_desc[n];
    copy_view(bytes, View{out.dims, dense, position * dense[size_t(along)]},
              staged.data(), whole(out), outputs[n]);
    position += out.dims[size_t(along)];
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetAsStridedBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetAsStridedBackwardWorkspaceSize", handle,
                              output_desc, workspace_size);
}

// The gradient of as_strided: output (the base, dense in row-major order)
// = 0, then every element of input (the view's gradient, view-shaped)
// added at offset + sum(index x stride) of it; overlapping view elements
// sum.
cnnlStatus_t cnnlAsStridedBackward(cnnlHandle_t handle,
                                   const cnnlTensorDescriptor_t input_desc,
                                   const void* input,
                                   const cnnlTensorDescriptor_t output_desc,
                                   void* output, const uint32_t strides[],
                                   const uint32_t offset, void* workspace,
                                   size_t workspace_size) {
  const char* api = "cnnlAsStridedBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status) ||
      !same_type(api, *input_desc, *output_desc,
                 "input and output differ in data type", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  const cnnlDataType_t dtype = output_desc->dtype;
  if (!is_real_number(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "data type is not real");
  }
  const size_t rank = input_desc->dims.size();
  if (rank > 0 && strides == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "strides is NULL");
  }
  const int64_t storage = element_count(*output_desc);
  std::vector<int64_t> view_strides(strides, strides + rank);
  // The view's farthest element must lie in the base.
  int64_t last = offset;
  for (size_t i = 0; i < rank; ++i) {
    if (input_desc->dims[i] > 0) {
      last += (input_desc->dims[i] - 1) * view_strides[i];
    }
  }
  if (element_count(*input_desc) > 0 && last >= storage) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "the view reaches past output's elements");
  }
  const std::vector<double> grad = read_reals(*input_desc, input);
  std::vector<double> sum(size_t(storage), 0.0);
  size_t next = 0;
  for_each_offset(input_desc->dims, view_strides, [&](int64_t at) {
    sum[size_t(offset + at)] += grad[next++];
  });
  write_reals(*output_desc, output, sum);
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
