// CNNL's BatchMatMulEx on the host (cnnl.h): each matrix product of the
// batch is an Eigen product in float.
// GCC 12 reports Eigen's AVX-512 kernels as possibly reading uninitialized
// registers (a false positive inside its intrinsics headers).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <Eigen/Core>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

using Matrix =
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Element offset of batch `batch` (row-major over c's batch dimensions
// `batch_dims`) in a tensor whose batch dimensions are the leading ones of
// `t`, aligned to the right and repeated where 1 or missing.
int64_t batch_offset(const cnnlTensorStruct& t,
                     const std::vector<int64_t>& batch_dims, int64_t batch) {
  const size_t own = t.dims.size() - 2;
  int64_t offset = 0;
  for (size_t i = batch_dims.size(); i-- > 0;) {
    const int64_t coordinate = batch % batch_dims[i];
    batch /= batch_dims[i];
    const size_t from_right = batch_dims.size() - 1 - i;
    if (from_right >= own) continue;
    const size_t dim = own - 1 - from_right;
    if (t.dims[dim] != 1) offset += coordinate * t.strides[dim];
  }
  return offset;
}

// The rows x cols matrix at `base` (element offset) with the given element
// strides.
Matrix load_matrix(cnnlDataType_t dtype, const void* data, int64_t base,
                   int64_t rows, int64_t cols, int64_t row_stride,
                   int64_t col_stride) {
  Matrix m(rows, cols);
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      m(i, j) =
          float(load_real(dtype, data, base + i * row_stride + j * col_stride));
    }
  }
  return m;
}

}  // namespace

namespace xbang {
namespace cnnl_detail {

void matrix_product(const MatrixView& a, const MatrixView& b, int64_t m,
                    int64_t k, int64_t n, float alpha, float beta,
                    const MatrixView& c, cnnlDataType_t d_type, void* d,
                    int64_t d_row, int64_t d_col) {
  using Strided = Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>;
  using View = Eigen::Map<const Matrix, 0, Strided>;
  // Float throughout, d neither a nor b, and c either unused or d itself:
  // Eigen writes d in place.
  if (a.dtype == CNNL_DTYPE_FLOAT && b.dtype == CNNL_DTYPE_FLOAT &&
      d_type == CNNL_DTYPE_FLOAT && d != a.data && d != b.data &&
      (beta == 0.0f || (c.data == d && c.row == d_row && c.col == d_col))) {
    auto run = [&](auto av, auto bv, auto dv) {
      if (beta == 0.0f) {
        dv.noalias() = alpha * (av * bv);
      } else {
        dv *= beta;
        dv.noalias() += alpha * (av * bv);
      }
    };
    const float* ap = static_cast<const float*>(a.data);
    const float* bp = static_cast<const float*>(b.data);
    float* dp = static_cast<float*>(d);
    if (a.col == 1 && b.col == 1 && d_col == 1) {
      // Rows contiguous (what nearly every caller passes): Eigen's packed
      // kernels read them without gathering.
      using Outer = Eigen::OuterStride<>;
      run(Eigen::Map<const Matrix, 0, Outer>(ap, m, k, Outer(a.row)),
          Eigen::Map<const Matrix, 0, Outer>(bp, k, n, Outer(b.row)),
          Eigen::Map<Matrix, 0, Outer>(dp, m, n, Outer(d_row)));
    } else {
      run(View(ap, m, k, Strided(a.row, a.col)),
          View(bp, k, n, Strided(b.row, b.col)),
          Eigen::Map<Matrix, 0, Strided>(dp, m, n, Strided(d_row, d_col)));
    }
    return;
  }
  Matrix result(m, n);
  if (a.dtype == CNNL_DTYPE_FLOAT && b.dtype == CNNL_DTYPE_FLOAT) {
    const View av(static_cast<const float*>(a.data), m, k,
                  Strided(a.row, a.col));
    const View bv(static_cast<const float*>(b.data), k, n,
                  Strided(b.row, b.col));
    result.noalias() = av * bv;
  } else {
    result.noalias() = load_matrix(a.dtype, a.data, 0, m, k, a.row, a.col) *
                       load_matrix(b.dtype, b.data, 0, k, n, b.row, b.col);
  }
  if (d_type == CNNL_DTYPE_FLOAT && alpha == 1.0f && beta == 0.0f) {
    float* out = static_cast<float*>(d);
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) out[i * d_row + j * d_col] = result(i, j);
    }
    return;
  }
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double v = double(alpha) * double(result(i, j));
      if (beta != 0.0f) {
        v += double(beta) * load_real(c.dtype, c.data, i * c.row + j * c.col);
      }
      store_real(d_type, d, i * d_row + j * d_col, v);
    }
  }
}

}  // namespace cnnl_detail
}  // namespace xbang

extern "C" {

cnnlStatus_t cnnlGetBatchMatMulExAlgoHeuristic(
    cnnlHandle_t handle, cnnlMatMulDescriptor_t bmm_desc,
    cnnlTensorDescriptor_t a_desc, cnnlTensorDescriptor_t b_desc,
    cnnlTensorDescriptor_t c_desc, cnnlMatMulPrefer_t /*preference*/,
    int requested_algo_count, cnnlMatMulHeuristicResult_t result_array[],
    int* return_algo_count) {
  if (handle == nullptr || bmm_desc == nullptr || a_desc == nullptr ||
      b_desc == nullptr || c_desc == nullptr || result_array == nullptr ||
      return_algo_count == nullptr || requested_algo_count < 1) {
    return fail("cnnlGetBatchMatMulExAlgoHeuristic", CNNL_STATUS_BAD_PARAM,
                "a NULL argument or requested_algo_count < 1");
  }
  *return_algo_count = 1;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetBatchMatMulExHeuristicResult(
    cnnlMatMulHeuristicResult_t result, cnnlMatMulAlgo_t algo,
    size_t* workspace_size) {
  if (result == nullptr || algo == nullptr || workspace_size == nullptr) {
    return fail("cnnlGetBatchMatMulExHeuristicResult", CNNL_STATUS_BAD_PARAM,
                "result, algo or workspace_size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlBatchMatMulEx(cnnlHandle_t handle,
                               const cnnlMatMulDescriptor_t bmm_desc,
                               cnnlMatMulAlgo_t /*algo*/, const void* alpha,
                               const cnnlTensorDescriptor_t a_desc,
                               const void* a,
                               const cnnlTensorDescriptor_t b_desc,
                               const void* b, const void* beta,
                               const cnnlTensorDescriptor_t c_desc, void* c,
                               void* /*workspace*/, size_t /*workspace_size*/) {
  const char* api = "cnnlBatchMatMulEx";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (bmm_desc == nullptr || alpha == nullptr || beta == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "bmm_desc, alpha or beta is NULL");
  }
  if (!usable(api, a_desc, a, "a", &status) ||
      !usable(api, b_desc, b, "b", &status) ||
      !usable(api, c_desc, c, "c", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = c_desc->dtype;
  if (a_desc->dtype != dtype || b_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a, b and c differ in data type");
  }
  if (dtype != CNNL_DTYPE_FLOAT && dtype != CNNL_DTYPE_HALF) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "data type is not float or half");
  }
  const cnnlTensorStruct &ta = *a_desc, &tb = *b_desc, &tc = *c_desc;
  if (ta.dims.size() < 2 || tb.dims.size() < 2 || tc.dims.size() < 2) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a, b or c has rank below 2");
  }
  const size_t ra = ta.dims.size(), rb = tb.dims.size(), rc = tc.dims.size();
  const bool trans_a = bmm_desc->trans_a != 0, trans_b = bmm_desc->trans_b != 0;
  // a is m x k (k x m transposed), b is k x n (n x k transposed).
  const size_t a_row = trans_a ? ra - 1 : ra - 2,
               a_col = trans_a ? ra - 2 : ra - 1;
  const size_t b_row = trans_b ? rb - 1 : rb - 2,
               b_col = trans_b ? rb - 2 : rb - 1;
  const int64_t m = ta.dims[a_row], k = ta.dims[a_col], n = tb.dims[b_col];
  if (tb.dims[b_row] != k || tc.dims[rc - 2] != m || tc.dims[rc - 1] != n) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "the matrix shapes of a, b and c do not match");
  }
  const std::vector<int64_t> batch_dims(tc.dims.begin(), tc.dims.end() - 2);
  for (const cnnlTensorStruct* t : {&ta, &tb}) {
    const size_t own = t->dims.size() - 2;
    if (own > batch_dims.size()) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "a or b has more batch dimensions than c");
    }
    for (size_t i = 0; i < own; ++i) {
      const int64_t d = t->dims[own - 1 - i];
      if (d != 1 && d != batch_dims[batch_dims.size() - 1 - i]) {
        return fail(api, CNNL_STATUS_BAD_PARAM,
                    "a batch dimension of a or b does not broadcast to c's");
      }
    }
  }
  int64_t batches = 1;
  for (const int64_t d : batch_dims) batches *= d;
  const float scale = *static_cast<const float*>(alpha);
  const float keep = *static_cast<const float*>(beta);
  // Every product is computed before c is written (c may overlap a or b).
  std::vector<Matrix> results(static_cast<size_t>(batches));
  for (int64_t batch = 0; batch < batches; ++batch) {
    const Matrix lhs =
        load_matrix(dtype, a, batch_offset(ta, batch_dims, batch), m, k,
                    ta.strides[a_row], ta.strides[a_col]);
    const Matrix rhs =
        load_matrix(dtype, b, batch_offset(tb, batch_dims, batch), k, n,
                    tb.strides[b_row], tb.strides[b_col]);
    Matrix product = scale * (lhs * rhs);
    if (keep != 0) {
      product +=
          keep * load_matrix(dtype, c, batch_offset(tc, batch_dims, batch), m,
                             n, tc.strides[rc - 2], tc.strides[rc - 1]);
    }
    results[size_t(batch)] = std::move(product);
  }
  for (int64_t batch = 0; batch < batches; ++batch) {
    const int64_t base = batch_offset(tc, batch_dims, batch);
    const Matrix& r = results[size_t(batch)];
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        store_real(dtype, c,
                   base + i * tc.strides[rc - 2] + j * tc.strides[rc - 1],
                   r(i, j));
      }
    }
  }
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"

// The BatchMatMulBCast_v2 family: the same product under CNNL's other
// names.
extern "C" {

cnnlStatus_t cnnlGetBatchMatMulAlgoHeuristic(
    cnnlHandle_t handle, cnnlMatMulDescriptor_t bmm_desc,
    cnnlTensorDescriptor_t a_desc, cnnlTensorDescriptor_t b_desc,
    cnnlTensorDescriptor_t c_desc, cnnlMatMulPrefer_t preference,
    int requested_algo_count, cnnlMatMulHeuristicResult_t result_array[],
    int* return_algo_count) {
  return cnnlGetBatchMatMulExAlgoHeuristic(
      handle, bmm_desc, a_desc, b_desc, c_desc, preference,
      requested_algo_count, result_array, return_algo_count);
}

cnnlStatus_t cnnlGetBatchMatMulHeuristicResult(
    cnnlMatMulHeuristicResult_t result, cnnlMatMulAlgo_t algo,
    size_t* workspace_size) {
  return cnnlGetBatchMatMulExHeuristicResult(result, algo, workspace_size);
}

cnnlStatus_t cnnlBatchMatMulBCast_v2(
    cnnlHandle_t handle, const cnnlMatMulDescriptor_t bmm_desc,
    cnnlMatMulAlgo_t algo, const void* alpha,
    const cnnlTensorDescriptor_t a_desc, const void* a,
    const cnnlTensorDescriptor_t b_desc, const void* b, const void* beta,
    const cnnlTensorDescriptor_t c_desc, void* c, void* workspace,
    size_t workspace_size) {
  return cnnlBatchMatMulEx(handle, bmm_desc, algo, alpha, a_desc, a, b_desc, b,
                           beta, c_desc, c, workspace, workspace_size);
}

}  // extern "C"

// The descriptors of the first batched-product interface: transposition
// flags and a compute type, kept and read back.
struct cnnlBatchMatMulStruct {
  int32_t attrs[3] = {CNNL_DTYPE_FLOAT, 0, 0};  // by attribute value
};
struct cnnlBatchMatMulBCastStruct {
  int32_t attrs[3] = {CNNL_DTYPE_FLOAT, 0, 0};
};
struct cnnlBatchMatMulAlgoStruct {};
struct cnnlBatchMatMulBCastAlgoStruct {};

namespace {

// The attribute checks both descriptor kinds share: a known attribute, a
// 4-byte buffer, 0 or 1 for a transposition, a known data type.
cnnlStatus_t set_bmm_attr(const char* api, int32_t* attrs, int attr,
                          const void* buf, size_t size_in_bytes) {
  if (attrs == nullptr || buf == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "the descriptor or buf is NULL");
  }
  if (attr < 0 || attr > 2) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown attribute");
  }
  if (size_in_bytes != sizeof(int32_t)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "size_in_bytes is not 4");
  }
  int32_t value;
  std::memcpy(&value, buf, sizeof(value));
  if (attr == 0 && element_bytes(cnnlDataType_t(value)) == 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "COMPUTE_TYPE is not a cnnlDataType_t");
  }
  if (attr != 0 && value != 0 && value != 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "TRANSA or TRANSB is not 0 or 1");
  }
  attrs[attr] = value;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t get_bmm_attr(const char* api, const int32_t* attrs, int attr,
                          void* buf, size_t size_in_bytes,
                          size_t* size_written) {
  if (attrs == nullptr || buf == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "the descriptor or buf is NULL");
  }
  if (attr < 0 || attr > 2) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown attribute");
  }
  if (size_in_bytes < sizeof(int32_t)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "size_in_bytes is below 4");
  }
  std::memcpy(buf, &attrs[attr], sizeof(int32_t));
  if (size_written != nullptr) *size_written = sizeof(int32_t);
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlBatchMatMulDescCreate(cnnlBatchMatMulDescriptor_t* bmm_desc) {
  return create("cnnlBatchMatMulDescCreate", bmm_desc);
}
cnnlStatus_t cnnlBatchMatMulDescDestroy(cnnlBatchMatMulDescriptor_t bmm_desc) {
  return destroy("cnnlBatchMatMulDescDestroy", bmm_desc);
}
cnnlStatus_t cnnlSetBatchMatMulDescAttr(cnnlBatchMatMulDescriptor_t bmm_desc,
                                        cnnlBatchMatMulDescAttribute_t attr,
                                        const void* buf, size_t size_in_bytes) {
  return set_bmm_attr("cnnlSetBatchMatMulDescAttr",
                      bmm_desc != nullptr ? bmm_desc->attrs : nullptr,
                      int(attr), buf, size_in_bytes);
}
cnnlStatus_t cnnlGetBatchMatMulDescAttr(
    const cnnlBatchMatMulDescriptor_t bmm_desc,
    cnnlBatchMatMulDescAttribute_t attr, void* buf, size_t size_in_bytes,
    size_t* size_written) {
  return get_bmm_attr("cnnlGetBatchMatMulDescAttr",
                      bmm_desc != nullptr ? bmm_desc->attrs : nullptr,
                      int(attr), buf, size_in_bytes, size_written);
}
cnnlStatus_t cnnlBatchMatMulAlgoCreate(cnnlBatchMatMulAlgo_t* algo) {
  return create("cnnlBatchMatMulAlgoCreate", algo);
}
cnnlStatus_t cnnlBatchMatMulAlgoDestroy(cnnlBatchMatMulAlgo_t algo) {
  return destroy("cnnlBatchMatMulAlgoDestroy", algo);
}
cnnlStatus_t cnnlBatchMatMulBCastDescCreate(
    cnnlBatchMatMulBCastDescriptor_t* bmm_bcast_desc) {
  return create("cnnlBatchMatMulBCastDescCreate", bmm_bcast_desc);
}
cnnlStatus_t cnnlBatchMatMulBCastDescDestroy(
    cnnlBatchMatMulBCastDescriptor_t bmm_bcast_desc) {
  return destroy("cnnlBatchMatMulBCastDescDestroy", bmm_bcast_desc);
}
cnnlStatus_t cnnlSetBatchMatMulBCastDescAttr(
    cnnlBatchMatMulBCastDescriptor_t bmm_bcast_desc,
    cnnlBatchMatMulBCastDescAttribute_t attr, const void* buf,
    size_t size_in_bytes) {
  return set_bmm_attr(
      "cnnlSetBatchMatMulBCastDescAttr",
      bmm_bcast_desc != nullptr ? bmm_bcast_desc->attrs : nullptr, int(attr),
      buf, size_in_bytes);
}
cnnlStatus_t cnnlGetBatchMatMulBCastDescAttr(
    const cnnlBatchMatMulBCastDescriptor_t bmm_bcast_desc,
    cnnlBatchMatMulBCastDescAttribute_t attr, void* buf, size_t size_in_bytes,
    size_t* size_written) {
  return get_bmm_attr(
      "cnnlGetBatchMatMulBCastDescAttr",
      bmm_bcast_desc != nullptr ? bmm_bcast_desc->attrs : nullptr, int(attr),
      buf, size_in_bytes, size_written);
}
cnnlStatus_t cnnlBatchMatMulBCastAlgoCreate(cnnlBatchMatMulBCastAlgo_t* algo) {
  return create("cnnlBatchMatMulBCastAlgoCreate", algo);
}
cnnlStatus_t cnnlBatchMatMulBCastAlgoDestroy(cnnlBatchMatMulBCastAlgo_t algo) {
  return destroy("cnnlBatchMatMulBCastAlgoDestroy", algo);
}

}  // extern "C"
