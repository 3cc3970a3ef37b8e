// CNNL's element-wise math: unary functions (Neg, Abs, Reciprocal, Sign,
// Ceil, Exp, Sqrt, Rsqrt, Cos) and binary ones with NumPy broadcasting
// (Div, Pow, Maximum, Minimum), each value computed in double with the C++
// standard library and stored once in the output's type.
#include <cmath>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

bool is_signed_real(cnnlDataType_t dtype) {
  return is_float_type(dtype) || dtype == CNNL_DTYPE_INT8 ||
         dtype == CNNL_DTYPE_INT16 || dtype == CNNL_DTYPE_INT32 ||
         dtype == CNNL_DTYPE_INT64;
}

// output = f(input): one type and shape, any strides. `integers`: the
// function also takes signed integer types (float types always).
template <class F>
cnnlStatus_t unary(const char* api, cnnlHandle_t handle,
                   const cnnlTensorDescriptor_t input_desc, const void* input,
                   const cnnlTensorDescriptor_t output_desc, void* output,
                   bool integers, F f) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = input_desc->dtype;
  if (!is_float_type(dtype) && !(integers && is_signed_real(dtype))) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                integers ? "input is not a float or signed integer type"
                         : "input is not half, bfloat16, float or double");
  }
  if (output_desc->dtype != dtype || output_desc->dims != input_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type or shape");
  }
  // Every result is computed before any is stored: output may be input.
  std::vector<double> result;
  result.reserve(size_t(element_count(*input_desc)));
  for_each_offset(input_desc->dims, input_desc->strides, [&](int64_t o) {
    result.push_back(f(load_real(dtype, input, o)));
  });
  size_t i = 0;
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t o) {
    store_real(dtype, output, o, result[i++]);
  });
  return CNNL_STATUS_SUCCESS;
}

// output = f(input1, input2), both broadcast to output's shape.
template <class F>
cnnlStatus_t binary(const char* api, cnnlHandle_t handle,
                    const cnnlTensorDescriptor_t a_desc, const void* a,
                    const cnnlTensorDescriptor_t b_desc, const void* b,
                    const cnnlTensorDescriptor_t output_desc, void* output,
                    bool integers, F f) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, a_desc, a, "input1", &status) ||
      !usable(api, b_desc, b, "input2", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = output_desc->dtype;
  if (!is_float_type(dtype) && !(integers && is_real_number(dtype))) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "the data type is not supported");
  }
  if (a_desc->dtype != dtype || b_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "the inputs and output differ in data type");
  }
  std::vector<int64_t> sa, sb;
  if (!numpy_strides(*a_desc, *output_desc, &sa) ||
      !numpy_strides(*b_desc, *output_desc, &sb)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "an input does not broadcast to output's shape");
  }
  std::vector<double> result;
  result.reserve(size_t(element_count(*output_desc)));
  for_each_pair(output_desc->dims, sa, sb, [&](int64_t i, int64_t j) {
    result.push_back(f(load_real(dtype, a, i), load_real(dtype, b, j)));
  });
  size_t i = 0;
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t o) {
    store_real(dtype, output, o, result[i++]);
  });
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t zero_workspace(const char* api, cnnlHandle_t handle,
                            const void* desc, size_t* size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (desc == nullptr || size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a descriptor or size is NULL");
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlNegTensor(cnnlHandle_t handle,
                           const cnnlTensorDescriptor_t input_desc,
                           const void* input,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output) {
  return unary("cnnlNegTensor", handle, input_desc, input, output_desc, output,
               true, [](double x) { return -x; });
}
cnnlStatus_t cnnlAbs(cnnlHandle_t handle,
                     const cnnlTensorDescriptor_t input_desc, const void* input,
                     const cnnlTensorDescriptor_t output_desc, void* output) {
  return unary("cnnlAbs", handle, input_desc, input, output_desc, output, true,
               [](double x) { return std::fabs(x); });
}
cnnlStatus_t cnnlSign(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  return unary("cnnlSign", handle, input_desc, input, output_desc, output, true,
               [](double x) {
                 return x > 0 ? 1.0 : x < 0 ? -1.0 : x;  // NaN stays NaN
               });
}
cnnlStatus_t cnnlReciprocal(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t input_desc,
                            const void* input,
                            const cnnlTensorDescriptor_t output_desc,
                            void* output) {
  return unary("cnnlReciprocal", handle, input_desc, input, output_desc, output,
               false, [](double x) { return 1.0 / x; });
}
cnnlStatus_t cnnlCeil(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  return unary("cnnlCeil", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::ceil(x); });
}
cnnlStatus_t cnnlExp_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t /*prefer*/,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  return unary("cnnlExp_v2", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::exp(x); });
}
cnnlStatus_t cnnlSqrt_v2(cnnlHandle_t handle,
                         const cnnlComputationPreference_t /*prefer*/,
                         const cnnlTensorDescriptor_t input_desc,
                         const void* input,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output) {
  return unary("cnnlSqrt_v2", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::sqrt(x); });
}
cnnlStatus_t cnnlRsqrt_v2(cnnlHandle_t handle,
                          const cnnlComputationPreference_t /*prefer*/,
                          const cnnlTensorDescriptor_t input_desc,
                          const void* input,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output) {
  return unary("cnnlRsqrt_v2", handle, input_desc, input, output_desc, output,
               false, [](double x) { return 1.0 / std::sqrt(x); });
}
cnnlStatus_t cnnlCos_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t /*prefer*/,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  return unary("cnnlCos_v2", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::cos(x); });
}

cnnlStatus_t cnnlGetDivWorkspaceSize(cnnlHandle_t handle,
                                     const cnnlTensorDescriptor_t x_desc,
                                     const cnnlTensorDescriptor_t y_desc,
                                     const cnnlTensorDescriptor_t z_desc,
                                     size_t* workspace_size) {
  return zero_workspace(
      "cnnlGetDivWorkspaceSize", handle,
      x_desc != nullptr && y_desc != nullptr ? z_desc : nullptr,
      workspace_size);
}
cnnlStatus_t cnnlDiv_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t /*prefer*/,
                        const cnnlTensorDescriptor_t x_desc, const void* x,
                        const cnnlTensorDescriptor_t y_desc, const void* y,
                        void* /*workspace*/, size_t /*workspace_size*/,
                        const cnnlTensorDescriptor_t z_desc, void* z) {
  return binary("cnnlDiv_v2", handle, x_desc, x, y_desc, y, z_desc, z, false,
                [](double a, double b) { return a / b; });
}
cnnlStatus_t cnnlGetPowWorkspaceSize(cnnlHandle_t handle,
                                     const cnnlTensorDescriptor_t x_desc,
                                     const cnnlTensorDescriptor_t y_desc,
                                     const cnnlTensorDescriptor_t z_desc,
                                     size_t* workspace_size) {
  return zero_workspace(
      "cnnlGetPowWorkspaceSize", handle,
      x_desc != nullptr && y_desc != nullptr ? z_desc : nullptr,
      workspace_size);
}
cnnlStatus_t cnnlPow(cnnlHandle_t handle,
                     const cnnlComputationPreference_t /*prefer*/,
                     const cnnlTensorDescriptor_t x_desc, const void* x,
                     const cnnlTensorDescriptor_t y_desc, const void* y,
                     void* /*workspace*/, size_t /*workspace_size*/,
                     const cnnlTensorDescriptor_t z_desc, void* z) {
  return binary("cnnlPow", handle, x_desc, x, y_desc, y, z_desc, z, false,
                [](double a, double b) { return std::pow(a, b); });
}
cnnlStatus_t cnnlGetMaximumWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size) {
  return zero_workspace("cnnlGetMaximumWorkspaceSize", handle, output_desc,
                        workspace_size);
}
cnnlStatus_t cnnlMaximum(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input1_desc,
                         const void* input1,
                         const cnnlTensorDescriptor_t input2_desc,
                         const void* input2,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         void* /*workspace*/, size_t /*workspace_size*/) {
  return binary("cnnlMaximum", handle, input1_desc, input1, input2_desc, input2,
                output_desc, output, true, [](double a, double b) {
                  return a != a || b != b ? NAN : std::max(a, b);
                });
}
cnnlStatus_t cnnlGetMinimumWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size) {
  return zero_workspace("cnnlGetMinimumWorkspaceSize", handle, output_desc,
                        workspace_size);
}
cnnlStatus_t cnnlMinimum(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t input1_desc,
                         const void* input1,
                         const cnnlTensorDescriptor_t input2_desc,
                         const void* input2,
                         const cnnlTensorDescriptor_t output_desc, void* output,
                         void* /*workspace*/, size_t /*workspace_size*/) {
  return binary("cnnlMinimum", handle, input1_desc, input1, input2_desc, input2,
                output_desc, output, true, [](double a, double b) {
                  return a != a || b != b ? NAN : std::min(a, b);
                });
}

}  // extern "C"

extern "C" {

cnnlStatus_t cnnlClip_v2(cnnlHandle_t handle,
                         const cnnlPointerMode_t pointer_mode,
                         const cnnlTensorDescriptor_t x_desc, const void* x,
                         const void* min, const void* max,
                         const cnnlTensorDescriptor_t y_desc, void* y) {
  const char* api = "cnnlClip_v2";
  if (pointer_mode != CNNL_POINTER_MODE_HOST &&
      pointer_mode != CNNL_POINTER_MODE_DEVICE) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown pointer_mode");
  }
  if (x_desc != nullptr && x_desc->set && !is_real_number(x_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "x is not of a real type");
  }
  // Both pointer modes are host memory here; a NULL bound is no bound.
  const cnnlDataType_t dtype =
      x_desc != nullptr ? x_desc->dtype : CNNL_DTYPE_FLOAT;
  const double lo = min != nullptr ? load_real(dtype, min, 0) : -INFINITY;
  const double hi = max != nullptr ? load_real(dtype, max, 0) : INFINITY;
  return unary(api, handle, x_desc, x, y_desc, y, true, [=](double v) {
    return v != v ? v : std::min(std::max(v, lo), hi);
  });
}

cnnlStatus_t cnnlArange_v2(cnnlHandle_t handle,
                           const cnnlComputationPreference_t /*prefer*/,
                           const void* start, const void* step,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output) {
  const char* api = "cnnlArange_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (start == nullptr || step == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "start or step is NULL");
  }
  const cnnlDataType_t dtype = output_desc->dtype;
  if (!is_float_type(dtype) && dtype != CNNL_DTYPE_INT32) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "output is not a float type or int32");
  }
  // start and step: host floats for float outputs, host int32 for int32.
  const cnnlDataType_t scalar =
      dtype == CNNL_DTYPE_INT32 ? CNNL_DTYPE_INT32 : CNNL_DTYPE_FLOAT;
  const double first = load_real(scalar, start, 0);
  const double delta = load_real(scalar, step, 0);
  int64_t i = 0;
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t o) {
    store_real(dtype, output, o, first + double(i++) * delta);
  });
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
