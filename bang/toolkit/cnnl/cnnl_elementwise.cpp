// CNNL's element-wise math: unary functions (Neg, Abs, Sign, rounding,
// exponentials, logarithms, trigonometry, error functions, NaN tests),
// functions of two or more inputs with NumPy broadcasting (Div, Pow,
// Maximum, Minimum, floor and truncating division and modulo, Atan2, Lerp,
// Addcdiv, Addcmul, MulN, bit operations) and activation backward passes.
// Each value is computed in double with the C++ standard library and
// stored once in the output's type, through one template (map).
#include <cmath>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

bool is_signed_real(cnnlDataType_t dtype) {
  return is_float_type(dtype) || dtype == CNNL_DTYPE_INT8 ||
         dtype == CNNL_DTYPE_INT16 || dtype == CNNL_DTYPE_INT32 ||
         dtype == CNNL_DTYPE_INT64;
}

// The data types a function takes.
enum class Types {
  kFloat,       // half, bfloat16, float, double
  kSignedReal,  // and the signed integers
  kReal,        // every real type (is_real_number)
  kInteger,     // the integer types and bool
};

bool accepts(Types types, cnnlDataType_t dtype) {
  switch (types) {
    case Types::kFloat:
      return is_float_type(dtype);
    case Types::kSignedReal:
      return is_signed_real(dtype);
    case Types::kInteger:
      return is_real_number(dtype) && !is_float_type(dtype);
    default:
      return is_real_number(dtype);
  }
}

const char* types_message(Types types) {
  switch (types) {
    case Types::kFloat:
      return "the data type is not half, bfloat16, float or double";
    case Types::kSignedReal:
      return "the data type is not a float or signed integer type";
    case Types::kInteger:
      return "the data type is not an integer type or bool";
    default:
      return "the data type is not a real type";
  }
}

// One element-wise function of any arity: output = f(v) where v[k] is
// element k of the inputs, all of one data type `types` accepts and
// broadcast to output's shape (NumPy rules) when `broadcast`, else of
// output's shape. The output has the inputs' type, or `output_type` when it
// is not CNNL_DTYPE_INVALID (predicates write bool). Every result is
// computed before any is stored: output may be an input.
struct Operands {
  std::vector<cnnlTensorDescriptor_t> descs;
  std::vector<const void*> data;
  std::vector<const char*> names;
};

template <class F>
cnnlStatus_t map(const char* api, cnnlHandle_t handle, const Operands& in,
                 const cnnlTensorDescriptor_t output_desc, void* output,
                 Types types, bool broadcast, cnnlDataType_t output_type, F f) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  for (size_t k = 0; k < in.descs.size(); ++k) {
    if (!usable(api, in.descs[k], in.data[k], in.names[k], &status)) {
      return status;
    }
  }
  if (!usable(api, output_desc, output, "output", &status)) return status;
  const cnnlDataType_t dtype = in.descs[0]->dtype;
  if (!accepts(types, dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, types_message(types));
  }
  for (const cnnlTensorDescriptor_t d : in.descs) {
    if (d->dtype != dtype) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "the inputs differ in data type");
    }
  }
  const cnnlDataType_t out_type =
      output_type == CNNL_DTYPE_INVALID ? dtype : output_type;
  if (output_desc->dtype != out_type) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                output_type == CNNL_DTYPE_INVALID
                    ? "the inputs and output differ in data type"
                    : "output is not of the function's result type");
  }
  std::vector<std::vector<int64_t>> offsets(in.descs.size());
  for (size_t k = 0; k < in.descs.size(); ++k) {
    std::vector<int64_t> strides;
    if (broadcast ? !numpy_strides(*in.descs[k], *output_desc, &strides)
                  : in.descs[k]->dims != output_desc->dims) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  broadcast ? "an input does not broadcast to output's shape"
                            : "an input and output differ in shape");
    }
    if (!broadcast) strides = in.descs[k]->strides;
    offsets[k].reserve(size_t(element_count(*output_desc)));
    for_each_offset(output_desc->dims, strides,
                    [&](int64_t o) { offsets[k].push_back(o); });
  }
  const size_t count = size_t(element_count(*output_desc));
  std::vector<double> result(count), values(in.descs.size());
  for (size_t i = 0; i < count; ++i) {
    for (size_t k = 0; k < values.size(); ++k) {
      values[k] = load_real(dtype, in.data[k], offsets[k][i]);
    }
    result[i] = f(values.data());
  }
  size_t i = 0;
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t o) {
    store_real(out_type, output, o, result[i++]);
  });
  return CNNL_STATUS_SUCCESS;
}

// output = f(input): one type and shape, any strides. `integers`: the
// function also takes signed integer types (float types always).
template <class F>
cnnlStatus_t unary(const char* api, cnnlHandle_t handle,
                   const cnnlTensorDescriptor_t input_desc, const void* input,
                   const cnnlTensorDescriptor_t output_desc, void* output,
                   bool integers, F f) {
  return map(api, handle, {{input_desc}, {input}, {"input"}}, output_desc,
             output, integers ? Types::kSignedReal : Types::kFloat, false,
             CNNL_DTYPE_INVALID, [&](const double* v) { return f(v[0]); });
}

// output = f(input1, input2), both broadcast to output's shape.
template <class F>
cnnlStatus_t binary(const char* api, cnnlHandle_t handle,
                    const cnnlTensorDescriptor_t a_desc, const void* a,
                    const cnnlTensorDescriptor_t b_desc, const void* b,
                    const cnnlTensorDescriptor_t output_desc, void* output,
                    bool integers, F f) {
  return map(api, handle, {{a_desc, b_desc}, {a, b}, {"input1", "input2"}},
             output_desc, output, integers ? Types::kReal : Types::kFloat, true,
             CNNL_DTYPE_INVALID,
             [&](const double* v) { return f(v[0], v[1]); });
}

// A backward pass: diff_x = f(x, diff_y), all three of one float type and
// shape.
template <class F>
cnnlStatus_t backward(const char* api, cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t x_desc, const void* x,
                      const cnnlTensorDescriptor_t diff_y_desc,
                      const void* diff_y,
                      const cnnlTensorDescriptor_t diff_x_desc, void* diff_x,
                      F f) {
  return map(api, handle, {{x_desc, diff_y_desc}, {x, diff_y}, {"x", "diff_y"}},
             diff_x_desc, diff_x, Types::kFloat, false, CNNL_DTYPE_INVALID,
             [&](const double* v) { return f(v[0], v[1]); });
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

// x with erf(x) = y: an approximation refined by Newton steps on std::erf
// (|y| > 1 is NaN, +-1 is +-infinity).
double inverse_erf(double y) {
  if (!(std::fabs(y) <= 1)) return NAN;
  if (std::fabs(y) == 1) return std::copysign(INFINITY, y);
  const double a = 0.147, pi = 3.14159265358979323846;
  const double ln = std::log((1 - y) * (1 + y));
  const double t = 2 / (pi * a) + ln / 2;
  double x = std::copysign(std::sqrt(std::sqrt(t * t - ln / a) - t), y);
  for (int step = 0; step < 4; ++step) {
    const double slope = 2 / std::sqrt(pi) * std::exp(-x * x);
    if (slope == 0) break;
    x -= (std::erf(x) - y) / slope;
  }
  return x;
}

// Python's modulo: the remainder takes the divisor's sign.
double floor_mod(double a, double b) {
  const double r = std::fmod(a, b);
  return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
}

// Workspace queries of the functions of two inputs and an output.
cnnlStatus_t zero_workspace3(const char* api, cnnlHandle_t handle,
                             const cnnlTensorDescriptor_t a,
                             const cnnlTensorDescriptor_t b,
                             const cnnlTensorDescriptor_t c, size_t* size) {
  return zero_workspace(api, handle, a != nullptr && b != nullptr ? c : nullptr,
                        size);
}

// The scalar a float-typed function reads through a host pointer.
cnnlStatus_t host_scalar(const char* api, const void* value, double* out) {
  if (value == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "the scalar pointer is NULL");
  }
  *out = load_real(CNNL_DTYPE_FLOAT, value, 0);
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

struct cnnlTrigonStruct {
  bool set = false;
  cnnlTrigonFunctionMode_t mode = CNNL_TRIGON_SIN;
};

extern "C" {

cnnlStatus_t cnnlErf_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t /*prefer*/,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  return unary("cnnlErf_v2", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::erf(x); });
}
cnnlStatus_t cnnlErfinv(cnnlHandle_t handle,
                        const cnnlComputationPreference_t /*prefer*/,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  return unary("cnnlErfinv", handle, input_desc, input, output_desc, output,
               false, inverse_erf);
}
cnnlStatus_t cnnlFloor(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output) {
  return unary("cnnlFloor", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::floor(x); });
}
cnnlStatus_t cnnlRound(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output) {
  // Halves go to the even neighbour (the default rounding mode).
  return unary("cnnlRound", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::nearbyint(x); });
}
cnnlStatus_t cnnlTrunc(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output) {
  return unary("cnnlTrunc", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::trunc(x); });
}
cnnlStatus_t cnnlLog_v2(
    cnnlHandle_t handle, const cnnlComputationPreference_t /*prefer*/,
    const cnnlLogBase_t base, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t output_desc, void* output) {
  if (base != CNNL_LOG_E && base != CNNL_LOG_2 && base != CNNL_LOG_10) {
    return fail("cnnlLog_v2", CNNL_STATUS_BAD_PARAM,
                "base is not a cnnlLogBase_t");
  }
  return unary("cnnlLog_v2", handle, input_desc, input, output_desc, output,
               false, [base](double x) {
                 return base == CNNL_LOG_E   ? std::log(x)
                        : base == CNNL_LOG_2 ? std::log2(x)
                                             : std::log10(x);
               });
}
cnnlStatus_t cnnlLog1p(cnnlHandle_t handle,
                       const cnnlComputationPreference_t /*prefer*/,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output) {
  return unary("cnnlLog1p", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::log1p(x); });
}
cnnlStatus_t cnnlSin_v2(cnnlHandle_t handle,
                        const cnnlComputationPreference_t /*prefer*/,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  return unary("cnnlSin_v2", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::sin(x); });
}
cnnlStatus_t cnnlIsNan(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output) {
  return map("cnnlIsNan", handle, {{input_desc}, {input}, {"input"}},
             output_desc, output, Types::kFloat, false, CNNL_DTYPE_BOOL,
             [](const double* v) { return std::isnan(v[0]) ? 1.0 : 0.0; });
}
cnnlStatus_t cnnlIsFinite(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t input_desc,
                          const void* input,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output) {
  return map("cnnlIsFinite", handle, {{input_desc}, {input}, {"input"}},
             output_desc, output, Types::kFloat, false, CNNL_DTYPE_BOOL,
             [](const double* v) { return std::isfinite(v[0]) ? 1.0 : 0.0; });
}
cnnlStatus_t cnnlNanToNum(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t input_desc,
                          const void* input, const float nan,
                          const float posinf, const float neginf,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output) {
  return unary("cnnlNanToNum", handle, input_desc, input, output_desc, output,
               false, [=](double x) {
                 return std::isnan(x)    ? double(nan)
                        : x == INFINITY  ? double(posinf)
                        : x == -INFINITY ? double(neginf)
                                         : x;
               });
}

cnnlStatus_t cnnlCreateTrigonDescriptor(cnnlTrigonDescriptor_t* desc) {
  return create("cnnlCreateTrigonDescriptor", desc);
}
cnnlStatus_t cnnlDestroyTrigonDescriptor(cnnlTrigonDescriptor_t desc) {
  return destroy("cnnlDestroyTrigonDescriptor", desc);
}
cnnlStatus_t cnnlSetTrigonDescriptor_v2(cnnlTrigonDescriptor_t desc,
                                        cnnlTrigonFunctionMode_t mode,
                                        cnnlComputationPreference_t prefer) {
  const char* api = "cnnlSetTrigonDescriptor_v2";
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (int(mode) < CNNL_TRIGON_SIN || int(mode) > CNNL_TRIGON_ATANH) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "mode is not a cnnlTrigonFunctionMode_t");
  }
  if (prefer != CNNL_COMPUTATION_FAST &&
      prefer != CNNL_COMPUTATION_HIGH_PRECISION) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "prefer is not a cnnlComputationPreference_t");
  }
  desc->set = true;
  desc->mode = mode;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlSetTrigonDescriptor(cnnlTrigonDescriptor_t desc,
                                     cnnlTrigonFunctionMode_t mode) {
  return cnnlSetTrigonDescriptor_v2(desc, mode,
                                    CNNL_COMPUTATION_HIGH_PRECISION);
}
cnnlStatus_t cnnlTrigonForward(cnnlHandle_t handle,
                               const cnnlTrigonDescriptor_t trigon_desc,
                               const cnnlTensorDescriptor_t input_desc,
                               const void* input,
                               const cnnlTensorDescriptor_t output_desc,
                               void* output) {
  const char* api = "cnnlTrigonForward";
  if (trigon_desc == nullptr || !trigon_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "trigon_desc is NULL or was never set");
  }
  double (*const functions[])(double) = {
      std::sin,  std::cos,  std::tan,  std::asin,  std::acos,  std::atan,
      std::sinh, std::cosh, std::tanh, std::asinh, std::acosh, std::atanh};
  double (*const f)(double) = functions[int(trigon_desc->mode)];
  return unary(api, handle, input_desc, input, output_desc, output, false, f);
}

cnnlStatus_t cnnlGetFloorModWorkspaceSize(cnnlHandle_t handle,
                                          const cnnlTensorDescriptor_t x_desc,
                                          const cnnlTensorDescriptor_t y_desc,
                                          const cnnlTensorDescriptor_t z_desc,
                                          size_t* workspace_size) {
  return zero_workspace3("cnnlGetFloorModWorkspaceSize", handle, x_desc, y_desc,
                         z_desc, workspace_size);
}
cnnlStatus_t cnnlFloorMod(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t x_desc, const void* x,
                          const cnnlTensorDescriptor_t y_desc, const void* y,
                          const cnnlTensorDescriptor_t z_desc, void* z,
                          void* /*workspace*/, size_t /*workspace_size*/) {
  return binary("cnnlFloorMod", handle, x_desc, x, y_desc, y, z_desc, z, true,
                floor_mod);
}
cnnlStatus_t cnnlGetFloorModTruncWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t y_desc, const cnnlTensorDescriptor_t z_desc,
    size_t* workspace_size) {
  return zero_workspace3("cnnlGetFloorModTruncWorkspaceSize", handle, x_desc,
                         y_desc, z_desc, workspace_size);
}
cnnlStatus_t cnnlFloorModTrunc(cnnlHandle_t handle,
                               const cnnlTensorDescriptor_t x_desc,
                               const void* x,
                               const cnnlTensorDescriptor_t y_desc,
                               const void* y,
                               const cnnlTensorDescriptor_t z_desc, void* z,
                               void* /*workspace*/, size_t /*workspace_size*/) {
  return binary("cnnlFloorModTrunc", handle, x_desc, x, y_desc, y, z_desc, z,
                true, [](double a, double b) { return std::fmod(a, b); });
}
cnnlStatus_t cnnlGetFloorDivWorkspaceSize(cnnlHandle_t handle,
                                          const cnnlTensorDescriptor_t x_desc,
                                          const cnnlTensorDescriptor_t y_desc,
                                          const cnnlTensorDescriptor_t z_desc,
                                          size_t* workspace_size) {
  return zero_workspace3("cnnlGetFloorDivWorkspaceSize", handle, x_desc, y_desc,
                         z_desc, workspace_size);
}
cnnlStatus_t cnnlFloorDiv_v2(cnnlHandle_t handle,
                             const cnnlComputationPreference_t /*prefer*/,
                             const cnnlTensorDescriptor_t x_desc, const void* x,
                             const cnnlTensorDescriptor_t y_desc, const void* y,
                             const cnnlTensorDescriptor_t z_desc, void* z,
                             void* /*workspace*/, size_t /*workspace_size*/) {
  return binary("cnnlFloorDiv_v2", handle, x_desc, x, y_desc, y, z_desc, z,
                true, [](double a, double b) { return std::floor(a / b); });
}
cnnlStatus_t cnnlGetFloorDivTruncWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t y_desc, const cnnlTensorDescriptor_t z_desc,
    size_t* workspace_size) {
  return zero_workspace3("cnnlGetFloorDivTruncWorkspaceSize", handle, x_desc,
                         y_desc, z_desc, workspace_size);
}
cnnlStatus_t cnnlFloorDivTrunc(cnnlHandle_t handle,
                               const cnnlComputationPreference_t /*prefer*/,
                               const cnnlTensorDescriptor_t x_desc,
                               const void* x,
                               const cnnlTensorDescriptor_t y_desc,
                               const void* y,
                               const cnnlTensorDescriptor_t z_desc, void* z,
                               void* /*workspace*/, size_t /*workspace_size*/) {
  return binary("cnnlFloorDivTrunc", handle, x_desc, x, y_desc, y, z_desc, z,
                true, [](double a, double b) { return std::trunc(a / b); });
}
cnnlStatus_t cnnlGetAtan2WorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t x_desc,
                                       const cnnlTensorDescriptor_t y_desc,
                                       const cnnlTensorDescriptor_t z_desc,
                                       size_t* workspace_size) {
  return zero_workspace3("cnnlGetAtan2WorkspaceSize", handle, x_desc, y_desc,
                         z_desc, workspace_size);
}
cnnlStatus_t cnnlAtan2(cnnlHandle_t handle,
                       const cnnlComputationPreference_t /*prefer*/,
                       const cnnlTensorDescriptor_t input1_desc,
                       const void* input1,
                       const cnnlTensorDescriptor_t input2_desc,
                       const void* input2, void* /*workspace*/,
                       size_t /*workspace_size*/,
                       const cnnlTensorDescriptor_t output_desc, void* output) {
  return binary("cnnlAtan2", handle, input1_desc, input1, input2_desc, input2,
                output_desc, output, false,
                [](double a, double b) { return std::atan2(a, b); });
}

cnnlStatus_t cnnlGetLerpWorkspaceSize(cnnlHandle_t handle,
                                      const cnnlTensorDescriptor_t input_desc,
                                      const cnnlTensorDescriptor_t end_desc,
                                      const cnnlTensorDescriptor_t weight_desc,
                                      const cnnlTensorDescriptor_t output_desc,
                                      size_t* workspace_size) {
  return zero_workspace3(
      "cnnlGetLerpWorkspaceSize", handle, input_desc, end_desc,
      weight_desc != nullptr ? output_desc : nullptr, workspace_size);
}
cnnlStatus_t cnnlLerp(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input, const cnnlTensorDescriptor_t end_desc,
                      const void* end, const cnnlTensorDescriptor_t weight_desc,
                      const void* weight, void* /*workspace*/,
                      size_t /*workspace_size*/,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  return map("cnnlLerp", handle,
             {{input_desc, end_desc, weight_desc},
              {input, end, weight},
              {"input", "end", "weight"}},
             output_desc, output, Types::kFloat, true, CNNL_DTYPE_INVALID,
             [](const double* v) { return v[0] + v[2] * (v[1] - v[0]); });
}

cnnlStatus_t cnnlGetAddcdivWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t tensor1_desc,
    const cnnlTensorDescriptor_t tensor2_desc, size_t* workspace_size) {
  return zero_workspace3("cnnlGetAddcdivWorkspaceSize", handle, input_desc,
                         tensor1_desc, tensor2_desc, workspace_size);
}
cnnlStatus_t cnnlGetAddcdivWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t tensor1_desc,
    const cnnlTensorDescriptor_t tensor2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  return zero_workspace3(
      "cnnlGetAddcdivWorkspaceSize_v2", handle, input_desc, tensor1_desc,
      tensor2_desc != nullptr ? output_desc : nullptr, workspace_size);
}
cnnlStatus_t cnnlGetAddcmulWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t tensor1_desc,
    const cnnlTensorDescriptor_t tensor2_desc, size_t* workspace_size) {
  return zero_workspace3("cnnlGetAddcmulWorkspaceSize", handle, input_desc,
                         tensor1_desc, tensor2_desc, workspace_size);
}
cnnlStatus_t cnnlGetAddcmulWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t tensor1_desc,
    const cnnlTensorDescriptor_t tensor2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  return zero_workspace3(
      "cnnlGetAddcmulWorkspaceSize_v2", handle, input_desc, tensor1_desc,
      tensor2_desc != nullptr ? output_desc : nullptr, workspace_size);
}
cnnlStatus_t cnnlAddcdiv(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const void* alpha,
    const cnnlTensorDescriptor_t tensor1_desc, const void* tensor1,
    const cnnlTensorDescriptor_t tensor2_desc, const void* tensor2,
    void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  double a = 0;
  const cnnlStatus_t status = host_scalar("cnnlAddcdiv", alpha, &a);
  if (status != CNNL_STATUS_SUCCESS) return status;
  return map("cnnlAddcdiv", handle,
             {{input_desc, tensor1_desc, tensor2_desc},
              {input, tensor1, tensor2},
              {"input", "tensor1", "tensor2"}},
             output_desc, output, Types::kFloat, true, CNNL_DTYPE_INVALID,
             [a](const double* v) { return v[0] + a * v[1] / v[2]; });
}
cnnlStatus_t cnnlAddcmul(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const void* alpha,
    const cnnlTensorDescriptor_t tensor1_desc, const void* tensor1,
    const cnnlTensorDescriptor_t tensor2_desc, const void* tensor2,
    void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  double a = 0;
  const cnnlStatus_t status = host_scalar("cnnlAddcmul", alpha, &a);
  if (status != CNNL_STATUS_SUCCESS) return status;
  return map("cnnlAddcmul", handle,
             {{input_desc, tensor1_desc, tensor2_desc},
              {input, tensor1, tensor2},
              {"input", "tensor1", "tensor2"}},
             output_desc, output, Types::kFloat, true, CNNL_DTYPE_INVALID,
             [a](const double* v) { return v[0] + a * v[1] * v[2]; });
}

cnnlStatus_t cnnlMulN(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t inputs_desc[],
                      const void* const inputs[], int input_num,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlMulN";
  if (inputs_desc == nullptr || inputs == nullptr || input_num < 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "inputs_desc or inputs is NULL, or input_num < 1");
  }
  Operands in;
  for (int k = 0; k < input_num; ++k) {
    in.descs.push_back(inputs_desc[k]);
    in.data.push_back(inputs[k]);
    in.names.push_back("inputs[k]");
  }
  return map(api, handle, in, output_desc, output, Types::kReal, true,
             CNNL_DTYPE_INVALID, [input_num](const double* v) {
               double product = 1;
               for (int k = 0; k < input_num; ++k) product *= v[k];
               return product;
             });
}

cnnlStatus_t cnnlGetBitComputeWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const cnnlTensorDescriptor_t input2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  (void)input2_desc;  // NULL for CNNL_BNOT_OP
  return zero_workspace3("cnnlGetBitComputeWorkspaceSize", handle, input1_desc,
                         output_desc, output_desc, workspace_size);
}
cnnlStatus_t cnnlBitCompute_v2(
    cnnlHandle_t handle, const cnnlBitComputeOp_t optype,
    const cnnlTensorDescriptor_t input1_desc, const void* input1,
    const cnnlTensorDescriptor_t input2_desc, const void* input2,
    const cnnlTensorDescriptor_t output_desc, void* output, void* /*workspace*/,
    size_t /*workspace_size*/) {
  const char* api = "cnnlBitCompute_v2";
  if (optype == CNNL_BNOT_OP) {
    return map(
        api, handle, {{input1_desc}, {input1}, {"input1"}}, output_desc, output,
        Types::kInteger, true, CNNL_DTYPE_INVALID, [&](const double* v) {
          // NOT of bool is logical, of an integer bitwise.
          return input1_desc->dtype == CNNL_DTYPE_BOOL ? double(v[0] == 0)
                                                       : double(~int64_t(v[0]));
        });
  }
  if (optype != CNNL_CYCLE_BAND_OP && optype != CNNL_CYCLE_BOR_OP &&
      optype != CNNL_CYCLE_BXOR_OP) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "optype is not a cnnlBitComputeOp_t");
  }
  return map(
      api, handle,
      {{input1_desc, input2_desc}, {input1, input2}, {"input1", "input2"}},
      output_desc, output, Types::kInteger, true, CNNL_DTYPE_INVALID,
      [optype](const double* v) {
        const int64_t a = int64_t(v[0]), b = int64_t(v[1]);
        return double(optype == CNNL_CYCLE_BAND_OP  ? (a & b)
                      : optype == CNNL_CYCLE_BOR_OP ? (a | b)
                                                    : (a ^ b));
      });
}

cnnlStatus_t cnnlHardtanhBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const float max_val, const float min_val,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x) {
  if (!(min_val <= max_val)) {
    return fail("cnnlHardtanhBackward", CNNL_STATUS_BAD_PARAM,
                "min_val is above max_val");
  }
  return backward("cnnlHardtanhBackward", handle, x_desc, x, diff_y_desc,
                  diff_y, diff_x_desc, diff_x, [=](double v, double dy) {
                    return v > min_val && v < max_val ? dy : 0.0;
                  });
}
cnnlStatus_t cnnlSoftplusBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x, const int beta,
    const int threshold) {
  if (beta == 0) {
    return fail("cnnlSoftplusBackward", CNNL_STATUS_BAD_PARAM, "beta is 0");
  }
  // softplus(x) = log(1 + exp(beta x)) / beta, linear above the threshold.
  return backward("cnnlSoftplusBackward", handle, x_desc, x, diff_y_desc,
                  diff_y, diff_x_desc, diff_x, [=](double v, double dy) {
                    const double z = double(beta) * v;
                    return z > threshold ? dy : dy / (1 + std::exp(-z));
                  });
}
cnnlStatus_t cnnlThresholdBackward(cnnlHandle_t handle,
                                   const cnnlTensorDescriptor_t x_desc,
                                   const void* x,
                                   const cnnlTensorDescriptor_t diff_y_desc,
                                   const void* diff_y, const void* threshold,
                                   const cnnlTensorDescriptor_t diff_x_desc,
                                   void* diff_x) {
  double t = 0;
  const cnnlStatus_t status =
      host_scalar("cnnlThresholdBackward", threshold, &t);
  if (status != CNNL_STATUS_SUCCESS) return status;
  return backward("cnnlThresholdBackward", handle, x_desc, x, diff_y_desc,
                  diff_y, diff_x_desc, diff_x,
                  [t](double v, double dy) { return v > t ? dy : 0.0; });
}

// output = alpha bias + beta output, bias [C] along output's channel
// dimension (dimension 1 in NCHW, NCDHW and NCL layouts, else the last).
cnnlStatus_t cnnlGetBiasAddWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t bias_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  return zero_workspace3("cnnlGetBiasAddWorkspaceSize", handle, bias_desc,
                         output_desc, output_desc, workspace_size);
}
cnnlStatus_t cnnlBiasAdd(cnnlHandle_t handle, const void* alpha,
                         const cnnlTensorDescriptor_t bias_desc,
                         const void* bias, void* /*workspace*/,
                         size_t /*workspace_size*/, const void* beta,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output) {
  const char* api = "cnnlBiasAdd";
  double a = 0, b = 0;
  cnnlStatus_t status = host_scalar(api, alpha, &a);
  if (status == CNNL_STATUS_SUCCESS) status = host_scalar(api, beta, &b);
  if (status != CNNL_STATUS_SUCCESS) return status;
  if (!usable(api, bias_desc, bias, "bias", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  const size_t rank = output_desc->dims.size();
  const cnnlTensorLayout_t layout = output_desc->layout;
  const size_t channel =
      (layout == CNNL_LAYOUT_NCHW || layout == CNNL_LAYOUT_NCDHW ||
       layout == CNNL_LAYOUT_NCL) &&
              rank > 1
          ? 1
          : rank - 1;
  if (rank == 0 || bias_desc->dims.size() != 1 ||
      bias_desc->dims[0] != output_desc->dims[channel]) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "mismatched dims: bias must be 1-D of output's channels");
  }
  // The bias seen with output's rank: its one dimension at the channel.
  cnnlTensorStruct spread = *bias_desc;
  spread.dims.assign(rank, 1);
  spread.strides.assign(rank, 0);
  spread.dims[channel] = bias_desc->dims[0];
  spread.strides[channel] = bias_desc->strides[0];
  return map(api, handle,
             {{&spread, output_desc}, {bias, output}, {"bias", "output"}},
             output_desc, output, Types::kFloat, true, CNNL_DTYPE_INVALID,
             [a, b](const double* v) { return a * v[0] + b * v[1]; });
}

}  // extern "C"

namespace {

// log_base(base^a + base^b) with the larger argument factored out, so that
// large inputs do not overflow (equal infinities are their own result);
// `tail(d)` is log_base(1 + base^-d).
template <class Tail>
double log_add_exp(double a, double b, Tail tail) {
  if (a != a || b != b) return a + b;
  if (a == b && std::isinf(a)) return a;
  return std::max(a, b) + tail(std::fabs(a - b));
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlHardtanh(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t input_desc,
                          const void* input, const float max_val,
                          const float min_val,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output) {
  if (!(min_val <= max_val)) {
    return fail("cnnlHardtanh", CNNL_STATUS_BAD_PARAM,
                "min_val is above max_val");
  }
  return unary("cnnlHardtanh", handle, input_desc, input, output_desc, output,
               false, [=](double x) {
                 return x != x ? x
                               : std::min(std::max(x, double(min_val)),
                                          double(max_val));
               });
}
cnnlStatus_t cnnlSoftplusForward(cnnlHandle_t handle,
                                 const cnnlTensorDescriptor_t x_desc,
                                 const void* x,
                                 const cnnlTensorDescriptor_t y_desc, void* y,
                                 const int beta, const int threshold) {
  if (beta == 0) {
    return fail("cnnlSoftplusForward", CNNL_STATUS_BAD_PARAM, "beta is 0");
  }
  return map("cnnlSoftplusForward", handle, {{x_desc}, {x}, {"x"}}, y_desc, y,
             Types::kFloat, false, CNNL_DTYPE_INVALID, [=](const double* v) {
               const double z = double(beta) * v[0];
               return z > threshold ? v[0] : std::log1p(std::exp(z)) / beta;
             });
}
cnnlStatus_t cnnlThreshold(cnnlHandle_t handle,
                           const cnnlTensorDescriptor_t input_desc,
                           const void* input, const void* threshold,
                           const void* value,
                           const cnnlTensorDescriptor_t output_desc,
                           void* output) {
  const char* api = "cnnlThreshold";
  if (threshold == nullptr || value == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "threshold or value is NULL");
  }
  if (input_desc == nullptr || !input_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input_desc is NULL or not set");
  }
  // Both scalars are host values of input's type.
  const double t = load_real(input_desc->dtype, threshold, 0);
  const double fill = load_real(input_desc->dtype, value, 0);
  return map(api, handle, {{input_desc}, {input}, {"input"}}, output_desc,
             output, Types::kReal, false, CNNL_DTYPE_INVALID,
             [=](const double* v) { return v[0] > t ? v[0] : fill; });
}
cnnlStatus_t cnnlLog(cnnlHandle_t handle, const cnnlLogBase_t base,
                     const cnnlTensorDescriptor_t input_desc, const void* input,
                     const cnnlTensorDescriptor_t output_desc, void* output) {
  return cnnlLog_v2(handle, CNNL_COMPUTATION_HIGH_PRECISION, base, input_desc,
                    input, output_desc, output);
}
cnnlStatus_t cnnlSquare(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  return unary("cnnlSquare", handle, input_desc, input, output_desc, output,
               true, [](double x) { return x * x; });
}
cnnlStatus_t cnnlExpm1(cnnlHandle_t handle,
                       const cnnlComputationPreference_t /*prefer*/,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t output_desc, void* output) {
  return unary("cnnlExpm1", handle, input_desc, input, output_desc, output,
               false, [](double x) { return std::expm1(x); });
}
cnnlStatus_t cnnlSqrtBackward(cnnlHandle_t handle,
                              const cnnlTensorDescriptor_t y_desc,
                              const void* y, const void* diff_y, void* diff_x) {
  return map("cnnlSqrtBackward", handle,
             {{y_desc, y_desc}, {y, diff_y}, {"y", "diff_y"}}, y_desc, diff_x,
             Types::kFloat, false, CNNL_DTYPE_INVALID,
             [](const double* v) { return v[1] / (2 * v[0]); });
}
cnnlStatus_t cnnlRsqrtBackward(cnnlHandle_t handle,
                               const cnnlTensorDescriptor_t y_desc,
                               const void* y, const void* diff_y,
                               void* diff_x) {
  return map("cnnlRsqrtBackward", handle,
             {{y_desc, y_desc}, {y, diff_y}, {"y", "diff_y"}}, y_desc, diff_x,
             Types::kFloat, false, CNNL_DTYPE_INVALID,
             [](const double* v) { return -0.5 * v[1] * v[0] * v[0] * v[0]; });
}

cnnlStatus_t cnnlGetSquaredDifferenceWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const cnnlTensorDescriptor_t input2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  return zero_workspace3("cnnlGetSquaredDifferenceWorkspaceSize", handle,
                         input1_desc, input2_desc, output_desc, workspace_size);
}
cnnlStatus_t cnnlSquaredDifference(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const void* input1, const cnnlTensorDescriptor_t input2_desc,
    const void* input2, const cnnlTensorDescriptor_t output_desc, void* output,
    void* /*workspace*/, size_t /*workspace_size*/) {
  return binary("cnnlSquaredDifference", handle, input1_desc, input1,
                input2_desc, input2, output_desc, output, true,
                [](double a, double b) { return (a - b) * (a - b); });
}
cnnlStatus_t cnnlGetLogAddExpWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t other_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  return zero_workspace3("cnnlGetLogAddExpWorkspaceSize", handle, input_desc,
                         other_desc, output_desc, workspace_size);
}
cnnlStatus_t cnnlLogAddExp(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t other_desc,
    const void* other, void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  return binary("cnnlLogAddExp", handle, input_desc, input, other_desc, other,
                output_desc, output, false, [](double a, double b) {
                  return log_add_exp(
                      a, b, [](double d) { return std::log1p(std::exp(-d)); });
                });
}
cnnlStatus_t cnnlGetLogAddExp2WorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t other_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  return zero_workspace3("cnnlGetLogAddExp2WorkspaceSize", handle, input_desc,
                         other_desc, output_desc, workspace_size);
}
cnnlStatus_t cnnlLogAddExp2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t other_desc,
    const void* other, void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  return binary("cnnlLogAddExp2", handle, input_desc, input, other_desc, other,
                output_desc, output, false, [](double a, double b) {
                  return log_add_exp(a, b, [](double d) {
                    return std::log2(1 + std::exp2(-d));
                  });
                });
}
cnnlStatus_t cnnlGetDivNoNanWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const cnnlTensorDescriptor_t input2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  return zero_workspace3("cnnlGetDivNoNanWorkspaceSize", handle, input1_desc,
                         input2_desc, output_desc, workspace_size);
}
cnnlStatus_t cnnlDivNoNan_v2(
    cnnlHandle_t handle, const cnnlComputationPreference_t /*prefer*/,
    const cnnlTensorDescriptor_t input1_desc, const void* input1,
    const cnnlTensorDescriptor_t input2_desc, const void* input2,
    void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  return binary("cnnlDivNoNan_v2", handle, input1_desc, input1, input2_desc,
                input2, output_desc, output, false,
                [](double a, double b) { return b == 0 ? 0.0 : a / b; });
}

cnnlStatus_t cnnlGetClipWorkspaceSize(cnnlHandle_t handle,
                                      const cnnlTensorDescriptor_t x_desc,
                                      const cnnlTensorDescriptor_t /*min_desc*/,
                                      const cnnlTensorDescriptor_t /*max_desc*/,
                                      size_t* workspace_size) {
  // min_desc and max_desc may be NULL (no bound).
  return zero_workspace("cnnlGetClipWorkspaceSize", handle, x_desc,
                        workspace_size);
}
cnnlStatus_t cnnlClip_v3(cnnlHandle_t handle,
                         const cnnlTensorDescriptor_t x_desc, const void* x,
                         const cnnlTensorDescriptor_t min_desc, const void* min,
                         const cnnlTensorDescriptor_t max_desc, const void* max,
                         void* /*workspace*/, size_t /*workspace_size*/,
                         const cnnlTensorDescriptor_t y_desc, void* y) {
  Operands in{{x_desc}, {x}, {"x"}};
  const int lo = min_desc != nullptr ? int(in.descs.size()) : -1;
  if (min_desc != nullptr) {
    in.descs.push_back(min_desc);
    in.data.push_back(min);
    in.names.push_back("min");
  }
  const int hi = max_desc != nullptr ? int(in.descs.size()) : -1;
  if (max_desc != nullptr) {
    in.descs.push_back(max_desc);
    in.data.push_back(max);
    in.names.push_back("max");
  }
  return map("cnnlClip_v3", handle, in, y_desc, y, Types::kReal, true,
             CNNL_DTYPE_INVALID, [=](const double* v) {
               double r = v[0];
               if (r != r) return r;
               if (lo >= 0) r = std::max(r, v[lo]);
               if (hi >= 0) r = std::min(r, v[hi]);
               return r;
             });
}

cnnlStatus_t cnnlGetAssignAddWorkspaceSize(cnnlHandle_t handle,
                                           const cnnlTensorDescriptor_t x_desc,
                                           const cnnlTensorDescriptor_t y_desc,
                                           size_t* workspace_size) {
  return zero_workspace3("cnnlGetAssignAddWorkspaceSize", handle, x_desc,
                         y_desc, y_desc, workspace_size);
}
cnnlStatus_t cnnlGetAssignSubWorkspaceSize(cnnlHandle_t handle,
                                           const cnnlTensorDescriptor_t x_desc,
                                           const cnnlTensorDescriptor_t y_desc,
                                           size_t* workspace_size) {
  return zero_workspace3("cnnlGetAssignSubWorkspaceSize", handle, x_desc,
                         y_desc, y_desc, workspace_size);
}

}  // extern "C"

namespace {

// y = alpha x + beta y (sign +1) or beta y - alpha x (sign -1), in place.
cnnlStatus_t assign(const char* api, cnnlHandle_t handle, const void* alpha,
                    const cnnlTensorDescriptor_t x_desc, const void* x,
                    const void* beta, const cnnlTensorDescriptor_t y_desc,
                    void* y, double sign) {
  double a = 0, b = 0;
  cnnlStatus_t status = host_scalar(api, alpha, &a);
  if (status == CNNL_STATUS_SUCCESS) status = host_scalar(api, beta, &b);
  if (status != CNNL_STATUS_SUCCESS) return status;
  return map(api, handle, {{x_desc, y_desc}, {x, y}, {"x", "y"}}, y_desc, y,
             Types::kReal, true, CNNL_DTYPE_INVALID,
             [=](const double* v) { return sign * a * v[0] + b * v[1]; });
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlAssignAdd(cnnlHandle_t handle, const void* alpha,
                           const cnnlTensorDescriptor_t x_desc, const void* x,
                           void* /*workspace*/, size_t /*workspace_size*/,
                           const void* beta,
                           const cnnlTensorDescriptor_t y_desc, void* y) {
  return assign("cnnlAssignAdd", handle, alpha, x_desc, x, beta, y_desc, y,
                1.0);
}
cnnlStatus_t cnnlAssignSub(cnnlHandle_t handle, const void* alpha,
                           const cnnlTensorDescriptor_t x_desc, const void* x,
                           void* /*workspace*/, size_t /*workspace_size*/,
                           const void* beta,
                           const cnnlTensorDescriptor_t y_desc, void* y) {
  return assign("cnnlAssignSub", handle, alpha, x_desc, x, beta, y_desc, y,
                -1.0);
}

}  // extern "C"

extern "C" {

cnnlStatus_t cnnlGetPolarWorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t abs_desc,
                                       const cnnlTensorDescriptor_t angle_desc,
                                       const cnnlTensorDescriptor_t output_desc,
                                       size_t* workspace_size) {
  return zero_workspace3("cnnlGetPolarWorkspaceSize", handle, abs_desc,
                         angle_desc, output_desc, workspace_size);
}

// output = abs (cos angle + i sin angle): abs and angle of one float type
// broadcast to output's shape, output the complex type of that precision
// (real and imaginary parts stored one after the other).
cnnlStatus_t cnnlPolar(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t abs_desc, const void* abs,
                       const cnnlTensorDescriptor_t angle_desc,
                       const void* angle,
                       const cnnlTensorDescriptor_t output_desc, void* output,
                       void* workspace, size_t workspace_size) {
  const char* api = "cnnlPolar";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, abs_desc, abs, "abs", &status) ||
      !usable(api, angle_desc, angle, "angle", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  const cnnlDataType_t dtype = abs_desc->dtype;
  if (dtype != CNNL_DTYPE_FLOAT && dtype != CNNL_DTYPE_HALF) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "abs is not float or half");
  }
  const cnnlDataType_t complex_type = dtype == CNNL_DTYPE_FLOAT
                                          ? CNNL_DTYPE_COMPLEX_FLOAT
                                          : CNNL_DTYPE_COMPLEX_HALF;
  if (angle_desc->dtype != dtype || output_desc->dtype != complex_type) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "abs and angle differ in type, or output is not their complex "
                "type");
  }
  std::vector<int64_t> abs_strides, angle_strides;
  if (!numpy_strides(*abs_desc, *output_desc, &abs_strides) ||
      !numpy_strides(*angle_desc, *output_desc, &angle_strides)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "abs or angle does not broadcast to output's shape");
  }
  std::vector<double> parts;
  parts.reserve(size_t(element_count(*output_desc)) * 2);
  for_each_pair(output_desc->dims, abs_strides, angle_strides,
                [&](int64_t a, int64_t t) {
                  const double r = load_real(dtype, abs, a);
                  const double theta = load_real(dtype, angle, t);
                  parts.push_back(r * std::cos(theta));
                  parts.push_back(r * std::sin(theta));
                });
  // Parts are computed before any is stored: output may overlap an input.
  size_t next = 0;
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t o) {
    store_real(dtype, output, 2 * o, parts[next++]);
    store_real(dtype, output, 2 * o + 1, parts[next++]);
  });
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
