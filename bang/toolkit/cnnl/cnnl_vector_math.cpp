// CNNL's small linear-algebra and vector functions on the host: trace,
// diag, cross products, pairwise p-norm distances (cdist) and their
// gradient, PReLU and its gradient, the first-form matrix product, and the
// absolute value and conjugate of complex tensors. Values are computed in
// double and rounded once to the output's type.
#include <cmath>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

bool float_or_half(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_FLOAT || dtype == CNNL_DTYPE_HALF;
}

// The real type of a complex type's parts (CNNL_DTYPE_INVALID for others).
cnnlDataType_t part_type(cnnlDataType_t complex_type) {
  return complex_type == CNNL_DTYPE_COMPLEX_FLOAT  ? CNNL_DTYPE_FLOAT
         : complex_type == CNNL_DTYPE_COMPLEX_HALF ? CNNL_DTYPE_HALF
                                                   : CNNL_DTYPE_INVALID;
}

// The pairs of cdist: x1 [..., P, M], x2 [..., R, M] and [..., P, R] with
// one batch shape, read dense.
struct CdistShape {
  int64_t batches = 1, p = 0, r = 0, m = 0;
};
bool cdist_shape(const char* api, const cnnlTensorStruct& x1,
                 const cnnlTensorStruct& x2, const cnnlTensorStruct& out,
                 CdistShape* shape, cnnlStatus_t* status) {
  const size_t rank = x1.dims.size();
  bool ok = rank >= 2 && x2.dims.size() == rank && out.dims.size() == rank;
  for (size_t i = 0; ok && i + 2 < rank; ++i) {
    ok = x2.dims[i] == x1.dims[i] && out.dims[i] == x1.dims[i];
    shape->batches *= x1.dims[i];
  }
  if (ok) {
    shape->p = x1.dims[rank - 2];
    shape->m = x1.dims[rank - 1];
    shape->r = x2.dims[rank - 2];
    ok = x2.dims[rank - 1] == shape->m && out.dims[rank - 2] == shape->p &&
         out.dims[rank - 1] == shape->r;
  }
  if (!ok) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "x1, x2 and the distances are not [..., P, M], [..., R, "
                   "M] and [..., P, R]");
  }
  return ok;
}

double p_distance(const double* a, const double* b, int64_t m, double p) {
  double acc = 0;
  for (int64_t k = 0; k < m; ++k) {
    const double d = std::fabs(a[k] - b[k]);
    if (p == 0) {
      acc += d != 0 ? 1 : 0;
    } else if (std::isinf(p)) {
      acc = std::max(acc, d);
    } else {
      acc += std::pow(d, p);
    }
  }
  return p == 0 || std::isinf(p) ? acc : std::pow(acc, 1 / p);
}

// d(dist)/d(a_k) for a - b = diff (PyTorch's cdist backward, 0 where the
// distance is 0). For p infinity the components at the distance count,
// compared as the distance tensor's type holds them.
double p_distance_slope(double diff, double dist, double p,
                        cnnlDataType_t dtype) {
  if (p == 0 || dist == 0 || diff == 0) return 0;
  const double sign = diff > 0 ? 1 : -1;
  if (std::isinf(p)) {
    alignas(8) char held[8] = {};
    store_real(dtype, held, 0, std::fabs(diff));
    return load_real(dtype, held, 0) == dist ? sign : 0;
  }
  return sign * std::pow(std::fabs(diff) / dist, p - 1);
}

// The weight's strides seen with x's shape: NumPy broadcasting, or a 1-D
// weight of x's channel count (dimension 1) along the channels.
bool prelu_weight_strides(const cnnlTensorStruct& weight,
                          const cnnlTensorStruct& x,
                          std::vector<int64_t>* strides) {
  if (numpy_strides(weight, x, strides)) return true;
  if (weight.dims.size() != 1 || x.dims.size() < 2 ||
      weight.dims[0] != x.dims[1]) {
    return false;
  }
  strides->assign(x.dims.size(), 0);
  (*strides)[1] = weight.strides[0];
  return true;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetTraceWorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t input_desc,
                                       size_t* workspace_size) {
  return zero_workspace_query("cnnlGetTraceWorkspaceSize", handle, input_desc,
                              workspace_size);
}

cnnlStatus_t cnnlTrace(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input, void* workspace,
                       size_t workspace_size,
                       const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlTrace";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (!is_real_number(input_desc->dtype) ||
      !is_real_number(output_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "input or output is not of a real type");
  }
  if (input_desc->dims.size() != 2 || element_count(*output_desc) != 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input is not 2-D or output not one element");
  }
  const int64_t n = std::min(input_desc->dims[0], input_desc->dims[1]);
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    sum += load_real(input_desc->dtype, input,
                     i * (input_desc->strides[0] + input_desc->strides[1]));
  }
  write_reals(*output_desc, output, {sum});
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlDiag(cnnlHandle_t handle, const int k,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlDiag";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status)) {
    return status;
  }
  const cnnlTensorStruct &in = *input_desc, &out = *output_desc;
  if (in.dtype != out.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type");
  }
  const size_t bytes = element_bytes(in.dtype);
  const int64_t shift = std::abs(int64_t(k));
  const int64_t row0 = k < 0 ? shift : 0, col0 = k > 0 ? shift : 0;
  if (in.dims.size() == 1) {
    // The vector on diagonal k of a square matrix of zeros.
    const int64_t n = in.dims[0], side = n + shift;
    if (out.dims != std::vector<int64_t>{side, side}) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "output is not [n + |k|, n + |k|] of the vector");
    }
    const std::vector<char> v = read_bytes(in, input);
    std::vector<char> matrix(size_t(side * side) * bytes, 0);
    for (int64_t i = 0; i < n; ++i) {
      std::memcpy(matrix.data() + size_t((row0 + i) * side + col0 + i) * bytes,
                  v.data() + size_t(i) * bytes, bytes);
    }
    write_bytes(out, output, matrix);
    return CNNL_STATUS_SUCCESS;
  }
  if (in.dims.size() != 2) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input is not 1-D or 2-D");
  }
  // Diagonal k of a matrix as a vector.
  const int64_t n =
      std::max<int64_t>(0, std::min(in.dims[0] - row0, in.dims[1] - col0));
  if (out.dims != std::vector<int64_t>{n}) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output is not the length of diagonal k");
  }
  std::vector<char> v(size_t(n) * bytes);
  const char* from = static_cast<const char*>(input);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t at = (row0 + i) * in.strides[0] + (col0 + i) * in.strides[1];
    std::memcpy(v.data() + size_t(i) * bytes, from + at * int64_t(bytes),
                bytes);
  }
  write_bytes(out, output, v);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetCrossWorkspaceSize(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t a_desc,
                                       const cnnlTensorDescriptor_t b_desc,
                                       const cnnlTensorDescriptor_t c_desc,
                                       const int /*dim*/,
                                       size_t* workspace_size) {
  return zero_workspace_query(
      "cnnlGetCrossWorkspaceSize", handle,
      a_desc != nullptr && b_desc != nullptr ? c_desc : nullptr,
      workspace_size);
}

// c = a x b along dim (of extent 3), a and b broadcast to c's shape.
cnnlStatus_t cnnlCross(cnnlHandle_t handle, const cnnlTensorDescriptor_t a_desc,
                       const void* a, const cnnlTensorDescriptor_t b_desc,
                       const void* b, const cnnlTensorDescriptor_t c_desc,
                       void* c, void* workspace, size_t workspace_size,
                       const int dim) {
  const char* api = "cnnlCross";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, a_desc, a, "a", &status) ||
      !usable(api, b_desc, b, "b", &status) ||
      !usable(api, c_desc, c, "c", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  const cnnlDataType_t dtype = c_desc->dtype;
  if (!is_real_number(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "c is not of a real type");
  }
  if (a_desc->dtype != dtype || b_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a, b and c differ in data type");
  }
  const int rank = int(c_desc->dims.size());
  const int axis = axis_within(dim, rank);
  if (axis < 0 || c_desc->dims[size_t(axis)] != 3) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "dim is outside c's rank or not of extent 3");
  }
  std::vector<int64_t> sa, sb;
  if (!numpy_strides(*a_desc, *c_desc, &sa) ||
      !numpy_strides(*b_desc, *c_desc, &sb)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a or b does not broadcast to c");
  }
  // Walk c's shape with dim fixed at 0; each step reads three components.
  std::vector<int64_t> outer = c_desc->dims;
  outer[size_t(axis)] = 1;
  std::vector<int64_t> base_a, base_b, base_c;
  for_each_pair(outer, sa, sb, [&](int64_t pa, int64_t pb) {
    base_a.push_back(pa);
    base_b.push_back(pb);
  });
  for_each_offset(outer, c_desc->strides,
                  [&](int64_t pc) { base_c.push_back(pc); });
  const int64_t ta = sa[size_t(axis)], tb = sb[size_t(axis)],
                tc = c_desc->strides[size_t(axis)];
  std::vector<double> result;
  result.reserve(base_c.size() * 3);
  for (size_t i = 0; i < base_c.size(); ++i) {
    double u[3], v[3];
    for (int j = 0; j < 3; ++j) {
      u[j] = load_real(dtype, a, base_a[i] + j * ta);
      v[j] = load_real(dtype, b, base_b[i] + j * tb);
    }
    result.push_back(u[1] * v[2] - u[2] * v[1]);
    result.push_back(u[2] * v[0] - u[0] * v[2]);
    result.push_back(u[0] * v[1] - u[1] * v[0]);
  }
  // Every product is computed before c is written (c may be a or b).
  for (size_t i = 0; i < base_c.size(); ++i) {
    for (int j = 0; j < 3; ++j) {
      store_real(dtype, c, base_c[i] + j * tc, result[i * 3 + size_t(j)]);
    }
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlCdistForward(cnnlHandle_t handle,
                              const cnnlTensorDescriptor_t x1_desc,
                              const void* x1,
                              const cnnlTensorDescriptor_t x2_desc,
                              const void* x2, const float p,
                              const cnnlTensorDescriptor_t y_desc, void* y) {
  const char* api = "cnnlCdistForward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x1_desc, x1, "x1", &status) ||
      !usable(api, x2_desc, x2, "x2", &status) ||
      !usable(api, y_desc, y, "y", &status)) {
    return status;
  }
  if (!is_float_type(x1_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "x1 is not of a float type");
  }
  if (x2_desc->dtype != x1_desc->dtype || y_desc->dtype != x1_desc->dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "x1, x2 and y differ in type");
  }
  if (!(p >= 0)) return fail(api, CNNL_STATUS_BAD_PARAM, "p is negative");
  CdistShape sh;
  if (!cdist_shape(api, *x1_desc, *x2_desc, *y_desc, &sh, &status)) {
    return status;
  }
  const std::vector<double> a = read_reals(*x1_desc, x1),
                            b = read_reals(*x2_desc, x2);
  std::vector<double> dist(size_t(sh.batches * sh.p * sh.r));
  for (int64_t n = 0; n < sh.batches; ++n) {
    for (int64_t i = 0; i < sh.p; ++i) {
      for (int64_t j = 0; j < sh.r; ++j) {
        dist[size_t((n * sh.p + i) * sh.r + j)] =
            p_distance(&a[size_t((n * sh.p + i) * sh.m)],
                       &b[size_t((n * sh.r + j) * sh.m)], sh.m, p);
      }
    }
  }
  write_reals(*y_desc, y, dist);
  return CNNL_STATUS_SUCCESS;
}

// grad_x1 = sum over x2's rows of grad x d(dist)/d(x1), from the forward
// distances.
cnnlStatus_t cnnlCdistBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x1_desc, const void* x1,
    const cnnlTensorDescriptor_t x2_desc, const void* x2,
    const cnnlTensorDescriptor_t cdist_desc, const void* cdist,
    const cnnlTensorDescriptor_t grad_desc, const void* grad, const float p,
    const cnnlTensorDescriptor_t grad_x1_desc, void* grad_x1) {
  const char* api = "cnnlCdistBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x1_desc, x1, "x1", &status) ||
      !usable(api, x2_desc, x2, "x2", &status) ||
      !usable(api, cdist_desc, cdist, "cdist", &status) ||
      !usable(api, grad_desc, grad, "grad", &status) ||
      !usable(api, grad_x1_desc, grad_x1, "grad_x1", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = x1_desc->dtype;
  if (!is_float_type(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "x1 is not of a float type");
  }
  if (x2_desc->dtype != dtype || cdist_desc->dtype != dtype ||
      grad_desc->dtype != dtype || grad_x1_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "the tensors differ in type");
  }
  if (!(p >= 0)) return fail(api, CNNL_STATUS_BAD_PARAM, "p is negative");
  CdistShape sh;
  if (!cdist_shape(api, *x1_desc, *x2_desc, *cdist_desc, &sh, &status)) {
    return status;
  }
  if (grad_desc->dims != cdist_desc->dims ||
      grad_x1_desc->dims != x1_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "grad is not cdist's shape or grad_x1 not x1's");
  }
  const std::vector<double> a = read_reals(*x1_desc, x1),
                            b = read_reals(*x2_desc, x2),
                            dist = read_reals(*cdist_desc, cdist),
                            g = read_reals(*grad_desc, grad);
  std::vector<double> out(a.size(), 0.0);
  for (int64_t n = 0; n < sh.batches; ++n) {
    for (int64_t i = 0; i < sh.p; ++i) {
      for (int64_t j = 0; j < sh.r; ++j) {
        const size_t pair = size_t((n * sh.p + i) * sh.r + j);
        for (int64_t k = 0; k < sh.m; ++k) {
          const size_t ai = size_t((n * sh.p + i) * sh.m + k);
          const double diff = a[ai] - b[size_t((n * sh.r + j) * sh.m + k)];
          out[ai] += g[pair] * p_distance_slope(diff, dist[pair], p, dtype);
        }
      }
    }
  }
  write_reals(*grad_x1_desc, grad_x1, out);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlPrelu(cnnlHandle_t handle,
                       const cnnlTensorDescriptor_t input_desc,
                       const void* input,
                       const cnnlTensorDescriptor_t weight_desc,
                       const void* weight,
                       const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlPrelu";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status) ||
      !usable(api, weight_desc, weight, "weight", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = input_desc->dtype;
  if (!is_float_type(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "input is not of a float type");
  }
  if (weight_desc->dtype != dtype || output_desc->dtype != dtype ||
      output_desc->dims != input_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "weight or output differs from input in type, or output in "
                "shape");
  }
  std::vector<int64_t> ws;
  if (!prelu_weight_strides(*weight_desc, *input_desc, &ws)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "weight neither broadcasts to input nor matches its channels");
  }
  std::vector<double> y;
  y.reserve(size_t(element_count(*input_desc)));
  for_each_pair(input_desc->dims, input_desc->strides, ws,
                [&](int64_t at, int64_t w) {
                  const double v = load_real(dtype, input, at);
                  y.push_back(v > 0 ? v : v * load_real(dtype, weight, w));
                });
  write_reals(*output_desc, output, y);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetPreluBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t weight_grad_desc,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetPreluBackwardWorkspaceSize", handle,
                              weight_grad_desc, workspace_size);
}

// grad_input = grad where input > 0, weight x grad elsewhere; grad_weight
// = the sum of input x grad where input <= 0, over the elements each
// weight element covers.
cnnlStatus_t cnnlPreluBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t grad_desc, const void* grad,
    const cnnlTensorDescriptor_t weight_desc, const void* weight,
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t input_grad_desc, void* input_grad,
    const cnnlTensorDescriptor_t weight_grad_desc, void* weight_grad) {
  const char* api = "cnnlPreluBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, grad_desc, grad, "grad", &status) ||
      !usable(api, weight_desc, weight, "weight", &status) ||
      !usable(api, input_grad_desc, input_grad, "input_grad", &status) ||
      !usable(api, weight_grad_desc, weight_grad, "weight_grad", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  const cnnlDataType_t dtype = input_desc->dtype;
  if (!is_float_type(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "input is not of a float type");
  }
  if (grad_desc->dtype != dtype || weight_desc->dtype != dtype ||
      input_grad_desc->dtype != dtype || weight_grad_desc->dtype != dtype ||
      grad_desc->dims != input_desc->dims ||
      input_grad_desc->dims != input_desc->dims ||
      weight_grad_desc->dims != weight_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "the gradients differ from input and weight in type or "
                "shape");
  }
  std::vector<int64_t> ws;
  if (!prelu_weight_strides(*weight_desc, *input_desc, &ws)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "weight neither broadcasts to input nor matches its channels");
  }
  // The weight gradient accumulates by the weight element's dense index.
  cnnlTensorStruct dense_weight = *weight_desc;
  dense_weight.strides = dense_strides(weight_desc->dims);
  std::vector<int64_t> dense_ws;
  prelu_weight_strides(dense_weight, *input_desc, &dense_ws);
  const std::vector<double> x = read_reals(*input_desc, input);
  const std::vector<double> g = read_reals(*grad_desc, grad);
  std::vector<double> dx;
  dx.reserve(x.size());
  std::vector<double> dw(size_t(element_count(*weight_desc)), 0.0);
  size_t e = 0;
  for_each_pair(input_desc->dims, ws, dense_ws, [&](int64_t w, int64_t wi) {
    const double v = x[e], gv = g[e];
    dx.push_back(v > 0 ? gv : gv * load_real(dtype, weight, w));
    if (!(v > 0)) dw[size_t(wi)] += v * gv;
    ++e;
  });
  write_reals(*input_grad_desc, input_grad, dx);
  write_reals(*weight_grad_desc, weight_grad, dw);
  return CNNL_STATUS_SUCCESS;
}

// The first form of the matrix product: c = alpha op(a) op(b) + beta c,
// 2-D float or half, alpha and beta host floats.
cnnlStatus_t cnnlMatMul(cnnlHandle_t handle, const bool is_trans_a,
                        const bool is_trans_b, const void* alpha,
                        const cnnlTensorDescriptor_t a_desc, const void* a,
                        const cnnlTensorDescriptor_t b_desc, const void* b,
                        const void* beta, const cnnlTensorDescriptor_t c_desc,
                        void* c) {
  const char* api = "cnnlMatMul";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, a_desc, a, "a", &status) ||
      !usable(api, b_desc, b, "b", &status) ||
      !usable(api, c_desc, c, "c", &status)) {
    return status;
  }
  if (alpha == nullptr || beta == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "alpha or beta is NULL");
  }
  if (!float_or_half(c_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "c is not float or half");
  }
  if (a_desc->dtype != c_desc->dtype || b_desc->dtype != c_desc->dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a, b and c differ in data type");
  }
  if (a_desc->dims.size() != 2 || b_desc->dims.size() != 2 ||
      c_desc->dims.size() != 2) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a, b or c is not 2-D");
  }
  const cnnlTensorStruct &ta = *a_desc, &tb = *b_desc, &tc = *c_desc;
  const int64_t m = is_trans_a ? ta.dims[1] : ta.dims[0];
  const int64_t k = is_trans_a ? ta.dims[0] : ta.dims[1];
  const int64_t kb = is_trans_b ? tb.dims[1] : tb.dims[0];
  const int64_t n = is_trans_b ? tb.dims[0] : tb.dims[1];
  if (kb != k || tc.dims[0] != m || tc.dims[1] != n) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "the matrix shapes of a, b and c do not match");
  }
  const MatrixView va{ta.dtype, a, is_trans_a ? ta.strides[1] : ta.strides[0],
                      is_trans_a ? ta.strides[0] : ta.strides[1]};
  const MatrixView vb{tb.dtype, b, is_trans_b ? tb.strides[1] : tb.strides[0],
                      is_trans_b ? tb.strides[0] : tb.strides[1]};
  const MatrixView vc{tc.dtype, c, tc.strides[0], tc.strides[1]};
  // matrix_product reads c (beta) before writing it and takes d being a or
  // b.
  matrix_product(va, vb, m, k, n, *static_cast<const float*>(alpha),
                 *static_cast<const float*>(beta), vc, tc.dtype, c,
                 tc.strides[0], tc.strides[1]);
  return CNNL_STATUS_SUCCESS;
}

// |z| of a complex float (half) tensor into a float (half) one.
cnnlStatus_t cnnlComplexAbs(cnnlHandle_t handle,
                            const cnnlTensorDescriptor_t input_desc,
                            const void* input,
                            const cnnlTensorDescriptor_t output_desc,
                            void* output) {
  const char* api = "cnnlComplexAbs";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status)) {
    return status;
  }
  const cnnlDataType_t part = part_type(input_desc->dtype);
  if (part == CNNL_DTYPE_INVALID) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "input is not complex float or complex half");
  }
  if (output_desc->dtype != part || output_desc->dims != input_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output is not input's shape in its parts' type");
  }
  std::vector<double> magnitude;
  magnitude.reserve(size_t(element_count(*input_desc)));
  for_each_offset(input_desc->dims, input_desc->strides, [&](int64_t at) {
    magnitude.push_back(std::hypot(load_real(part, input, 2 * at),
                                   load_real(part, input, 2 * at + 1)));
  });
  write_reals(*output_desc, output, magnitude);
  return CNNL_STATUS_SUCCESS;
}

// The complex conjugate (complex float or half); a real tensor is copied.
cnnlStatus_t cnnlConj(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlConj";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status)) {
    return status;
  }
  if (output_desc->dtype != input_desc->dtype ||
      output_desc->dims != input_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in shape or data type");
  }
  const cnnlDataType_t part = part_type(input_desc->dtype);
  if (part == CNNL_DTYPE_INVALID && !is_real_number(input_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "input is neither real nor complex float or half");
  }
  std::vector<char> data = read_bytes(*input_desc, input);
  if (part != CNNL_DTYPE_INVALID) {
    for (int64_t i = 0; i < element_count(*input_desc); ++i) {
      store_real(part, data.data(), 2 * i + 1,
                 -load_real(part, data.data(), 2 * i + 1));
    }
  }
  write_bytes(*output_desc, output, data);
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
