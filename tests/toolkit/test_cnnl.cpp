// CNNL (cnnl.h): each implemented call against a plain loop over the same
// data, and a table of bad calls with the status each must return.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"
#include "xbang/core/half.h"

namespace {

using cnnl_test::Handle;

// A set tensor descriptor, destroyed at scope exit.
class Tensor {
 public:
  Tensor(cnnlDataType_t dtype, std::vector<int> dims,
         std::vector<int> strides = {}) {
    EXPECT_EQ(cnnlCreateTensorDescriptor(&desc_), CNNL_STATUS_SUCCESS);
    const cnnlStatus_t status =
        strides.empty()
            ? cnnlSetTensorDescriptor(desc_, CNNL_LAYOUT_ARRAY, dtype,
                                      int(dims.size()), dims.data())
            : cnnlSetTensorDescriptorEx(desc_, CNNL_LAYOUT_ARRAY, dtype,
                                        int(dims.size()), dims.data(),
                                        strides.data());
    EXPECT_EQ(status, CNNL_STATUS_SUCCESS);
  }
  ~Tensor() { cnnlDestroyTensorDescriptor(desc_); }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;
  cnnlTensorDescriptor_t get() const { return desc_; }

 private:
  cnnlTensorDescriptor_t desc_ = nullptr;
};

std::vector<float> counting(size_t n, float step = 1.0f) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = float(i) * step - 3.0f;
  return v;
}

TEST(Cnnl, HandleKeepsItsQueue) {
  Handle handle;
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  EXPECT_EQ(cnnlSetQueue(handle.get(), queue), CNNL_STATUS_SUCCESS);
  cnrtQueue_t got = nullptr;
  EXPECT_EQ(cnnlGetQueue(handle.get(), &got), CNNL_STATUS_SUCCESS);
  EXPECT_EQ(got, queue);
  EXPECT_EQ(cnnlSetQueue(handle.get(), nullptr), CNNL_STATUS_SUCCESS);
  cnrtQueueDestroy(queue);
  EXPECT_STREQ(cnnlGetErrorString(CNNL_STATUS_NOT_SUPPORTED),
               "CNNL_STATUS_NOT_SUPPORTED");
}

TEST(Cnnl, TensorDescriptorReportsWhatWasSet) {
  Tensor t(CNNL_DTYPE_HALF, {2, 3, 4}, {40, 12, 2});
  cnnlTensorLayout_t layout;
  cnnlDataType_t dtype;
  int rank = 0, dims[CNNL_DIM_MAX] = {}, strides[CNNL_DIM_MAX] = {};
  ASSERT_EQ(
      cnnlGetTensorDescriptorEx(t.get(), &layout, &dtype, &rank, dims, strides),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(layout, CNNL_LAYOUT_ARRAY);
  EXPECT_EQ(dtype, CNNL_DTYPE_HALF);
  ASSERT_EQ(rank, 3);
  EXPECT_EQ(std::vector<int>(dims, dims + 3), (std::vector<int>{2, 3, 4}));
  EXPECT_EQ(std::vector<int>(strides, strides + 3),
            (std::vector<int>{40, 12, 2}));
  EXPECT_EQ(cnnlGetTensorElementNum(t.get()), 24u);

  Tensor dense(CNNL_DTYPE_FLOAT, {2, 3, 4});
  ASSERT_EQ(cnnlGetTensorDescriptorEx(dense.get(), nullptr, nullptr, &rank,
                                      dims, strides),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(std::vector<int>(strides, strides + 3),
            (std::vector<int>{12, 4, 1}));
}

TEST(Cnnl, FillWritesEveryElementThroughTheStrides) {
  Handle handle;
  // 3 x 4 elements in rows of 6: the last two of each row stay untouched.
  std::vector<int16_t> out(18, 7);
  Tensor t(CNNL_DTYPE_INT16, {3, 4}, {6, 1});
  const int16_t value = -5;
  ASSERT_EQ(cnnlFill_v3(handle.get(), CNNL_POINTER_MODE_HOST, &value, t.get(),
                        out.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < out.size(); ++i) {
    EXPECT_EQ(out[i], i % 6 < 4 ? -5 : 7) << i;
  }
  // mlu-ops fills any type with a zero uint64_t.
  std::vector<float> zeros(5, 1.0f);
  Tensor f(CNNL_DTYPE_FLOAT, {5});
  const uint64_t zero = 0;
  ASSERT_EQ(cnnlFill_v3(handle.get(), CNNL_POINTER_MODE_DEVICE, &zero, f.get(),
                        zeros.data()),
            CNNL_STATUS_SUCCESS);
  for (const float v : zeros) EXPECT_EQ(v, 0.0f);
}

TEST(Cnnl, FillSetsEveryElementOfADenseTensorOfEachWidth) {
  Handle handle;
  const uint64_t value = 0x0123456789abcdefull;
  for (const cnnlDataType_t dtype :
       {CNNL_DTYPE_INT8, CNNL_DTYPE_HALF, CNNL_DTYPE_INT32, CNNL_DTYPE_INT64}) {
    const size_t bytes = dtype == CNNL_DTYPE_INT8    ? 1
                         : dtype == CNNL_DTYPE_HALF  ? 2
                         : dtype == CNNL_DTYPE_INT32 ? 4
                                                     : 8;
    // One byte in: an output that is not aligned to its element size too.
    for (const size_t shift : {size_t(0), size_t(1)}) {
      std::vector<unsigned char> memory(7 * bytes + 2, 0xee);
      Tensor t(dtype, {7});
      ASSERT_EQ(cnnlFill_v3(handle.get(), CNNL_POINTER_MODE_HOST, &value,
                            t.get(), memory.data() + shift),
                CNNL_STATUS_SUCCESS);
      for (size_t i = 0; i < memory.size(); ++i) {
        const bool inside = i >= shift && i < shift + 7 * bytes;
        const unsigned char want = inside
                                       ? reinterpret_cast<const unsigned char*>(
                                             &value)[(i - shift) % bytes]
                                       : 0xee;
        EXPECT_EQ(memory[i], want) << "dtype " << dtype << " byte " << i;
      }
    }
  }
}

TEST(Cnnl, CopyFollowsBothDescriptors) {
  Handle handle;
  const std::vector<float> in = counting(12);
  Tensor dense(CNNL_DTYPE_FLOAT, {3, 4});
  // The output's columns are 5 apart: a transposed 4 x 3 layout with a gap.
  Tensor strided(CNNL_DTYPE_FLOAT, {3, 4}, {1, 5});
  std::vector<float> out(20, 99.0f);
  ASSERT_EQ(
      cnnlCopy(handle.get(), dense.get(), in.data(), strided.get(), out.data()),
      CNNL_STATUS_SUCCESS);
  std::vector<float> expected(20, 99.0f);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 4; ++j)
      expected[size_t(i + 5 * j)] = in[size_t(4 * i + j)];
  }
  EXPECT_EQ(out, expected);
}

TEST(Cnnl, TransposePermutesTheDimensions) {
  Handle handle;
  const int permute[3] = {2, 0, 1};
  cnnlTransposeDescriptor_t trans = nullptr;
  ASSERT_EQ(cnnlCreateTransposeDescriptor(&trans), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlSetTransposeDescriptor(trans, 3, permute), CNNL_STATUS_SUCCESS);
  const std::vector<float> x = counting(2 * 3 * 5);
  Tensor x_desc(CNNL_DTYPE_FLOAT, {2, 3, 5});
  Tensor y_desc(CNNL_DTYPE_FLOAT, {5, 2, 3});
  size_t workspace = 1;
  ASSERT_EQ(cnnlGetTransposeWorkspaceSize(handle.get(), x_desc.get(), trans,
                                          &workspace),
            CNNL_STATUS_SUCCESS);
  std::vector<float> y(x.size());
  ASSERT_EQ(cnnlTranspose_v2(handle.get(), trans, x_desc.get(), x.data(),
                             y_desc.get(), y.data(), nullptr, workspace),
            CNNL_STATUS_SUCCESS);
  for (int a = 0; a < 5; ++a) {
    for (int b = 0; b < 2; ++b) {
      for (int c = 0; c < 3; ++c) {
        EXPECT_EQ(y[size_t(a * 6 + b * 3 + c)], x[size_t(b * 15 + c * 5 + a)]);
      }
    }
  }
  // A wrong output shape is refused and leaves y alone.
  Tensor wrong(CNNL_DTYPE_FLOAT, {5, 3, 2});
  const std::vector<float> before = y;
  EXPECT_EQ(cnnlTranspose(handle.get(), trans, x_desc.get(), x.data(),
                          wrong.get(), y.data()),
            CNNL_STATUS_BAD_PARAM);
  EXPECT_EQ(y, before);
  cnnlDestroyTransposeDescriptor(trans);
}

TEST(Cnnl, OpTensorScalesBroadcastsAndAccumulates) {
  Handle handle;
  cnnlOpTensorDescriptor_t op = nullptr;
  ASSERT_EQ(cnnlCreateOpTensorDescriptor(&op), CNNL_STATUS_SUCCESS);
  const std::vector<float> a = counting(6, 0.5f);
  const std::vector<float> b = {10.0f, -20.0f, 30.0f};  // one row, broadcast
  Tensor a_desc(CNNL_DTYPE_FLOAT, {2, 3});
  Tensor b_desc(CNNL_DTYPE_FLOAT, {1, 3});
  Tensor c_desc(CNNL_DTYPE_FLOAT, {2, 3});
  const float alpha1 = 2.0f, alpha2 = 0.5f, beta = 1.0f;
  for (const cnnlOpTensorDesc_t kind :
       {CNNL_OP_TENSOR_ADD, CNNL_OP_TENSOR_SUB, CNNL_OP_TENSOR_MUL}) {
    ASSERT_EQ(cnnlSetOpTensorDescriptor(op, kind, CNNL_DTYPE_FLOAT,
                                        CNNL_NOT_PROPAGATE_NAN),
              CNNL_STATUS_SUCCESS);
    std::vector<float> c(6, 1.5f);
    ASSERT_EQ(cnnlOpTensor(handle.get(), op, &alpha1, a_desc.get(), a.data(),
                           &alpha2, b_desc.get(), b.data(), nullptr, 0, &beta,
                           c_desc.get(), c.data()),
              CNNL_STATUS_SUCCESS);
    for (size_t i = 0; i < 6; ++i) {
      const float x = alpha1 * a[i], y = alpha2 * b[i % 3];
      const float r = kind == CNNL_OP_TENSOR_ADD   ? x + y
                      : kind == CNNL_OP_TENSOR_SUB ? x - y
                                                   : x * y;
      EXPECT_FLOAT_EQ(c[i], r + beta * 1.5f) << kind << " " << i;
    }
  }
  // int32 tensors take int factors.
  ASSERT_EQ(cnnlSetOpTensorDescriptor(op, CNNL_OP_TENSOR_MUL, CNNL_DTYPE_INT32,
                                      CNNL_NOT_PROPAGATE_NAN),
            CNNL_STATUS_SUCCESS);
  const std::vector<int32_t> ia = {1, -2, 3}, ib = {4, 5, -6};
  std::vector<int32_t> ic(3, 100);
  Tensor i_desc(CNNL_DTYPE_INT32, {3});
  const int one = 1, zero = 0;
  ASSERT_EQ(cnnlOpTensor(handle.get(), op, &one, i_desc.get(), ia.data(), &one,
                         i_desc.get(), ib.data(), nullptr, 0, &zero,
                         i_desc.get(), ic.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ic, (std::vector<int32_t>{4, -10, -18}));
  cnnlDestroyOpTensorDescriptor(op);
}

// Plain loop: d = alpha * op(a) op(b) + beta * c, rounded to half when half.
template <class T>
std::vector<float> matmul_reference(const std::vector<T>& a,
                                    const std::vector<T>& b,
                                    const std::vector<T>& c, int m, int k,
                                    int n, bool ta, bool tb, float alpha,
                                    float beta) {
  std::vector<float> d(size_t(m * n));
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      double sum = 0;
      for (int p = 0; p < k; ++p) {
        const float x = float(a[size_t(ta ? p * m + i : i * k + p)]);
        const float y = float(b[size_t(tb ? j * k + p : p * n + j)]);
        sum += double(x) * y;
      }
      d[size_t(i * n + j)] =
          float(T(float(alpha * sum + beta * float(c[size_t(i * n + j)]))));
    }
  }
  return d;
}

template <class T>
void check_matmul(cnnlDataType_t dtype, bool ta, bool tb) {
  constexpr int m = 3, k = 5, n = 4;
  std::vector<T> a(m * k), b(k * n), c(m * n);
  for (size_t i = 0; i < a.size(); ++i) a[i] = T(float(i % 7) * 0.25f - 0.5f);
  for (size_t i = 0; i < b.size(); ++i) b[i] = T(float(i % 5) * 0.5f - 1.0f);
  for (size_t i = 0; i < c.size(); ++i) c[i] = T(float(i) * 0.125f);
  Handle handle;
  cnnlMatMulDescriptor_t desc = nullptr;
  cnnlMatMulAlgo_t algo = nullptr;
  cnnlMatMulHeuristicResult_t heuristic = nullptr;
  ASSERT_EQ(cnnlMatMulDescCreate(&desc), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlMatMulAlgoCreate(&algo), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlCreateMatMulHeuristicResult(&heuristic), CNNL_STATUS_SUCCESS);
  const int32_t trans_a = ta, trans_b = tb;
  ASSERT_EQ(cnnlSetMatMulDescAttr(desc, CNNL_MATMUL_DESC_TRANSA, &trans_a,
                                  sizeof(trans_a)),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlSetMatMulDescAttr(desc, CNNL_MATMUL_DESC_TRANSB, &trans_b,
                                  sizeof(trans_b)),
            CNNL_STATUS_SUCCESS);
  Tensor a_desc(dtype, ta ? std::vector<int>{k, m} : std::vector<int>{m, k});
  Tensor b_desc(dtype, tb ? std::vector<int>{n, k} : std::vector<int>{k, n});
  Tensor c_desc(dtype, {m, n});
  int returned = 0;
  ASSERT_EQ(cnnlGetMatMulAlgoHeuristic(handle.get(), desc, a_desc.get(),
                                       b_desc.get(), c_desc.get(), c_desc.get(),
                                       nullptr, 1, &heuristic, &returned),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(returned, 1);
  size_t workspace = 1;
  ASSERT_EQ(cnnlGetMatMulHeuristicResult(heuristic, algo, &workspace),
            CNNL_STATUS_SUCCESS);
  const float alpha = 1.5f, beta = 0.5f;
  const std::vector<float> expected =
      matmul_reference(a, b, c, m, k, n, ta, tb, alpha, beta);
  // d is c, as mlu-ops passes it.
  ASSERT_EQ(cnnlMatMul_v2(handle.get(), desc, algo, &alpha, a_desc.get(),
                          a.data(), b_desc.get(), b.data(), &beta, c_desc.get(),
                          c.data(), nullptr, workspace, c_desc.get(), c.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < c.size(); ++i) {
    EXPECT_FLOAT_EQ(float(c[i]), expected[i]) << i;
  }
  cnnlDestroyMatMulHeuristicResult(heuristic);
  cnnlMatMulAlgoDestroy(algo);
  cnnlMatMulDescDestroy(desc);
}

TEST(Cnnl, MatMulFloatAndHalfWithTranspositions) {
  for (const bool ta : {false, true}) {
    for (const bool tb : {false, true}) {
      SCOPED_TRACE(testing::Message() << "trans_a " << ta << " trans_b " << tb);
      check_matmul<float>(CNNL_DTYPE_FLOAT, ta, tb);
      check_matmul<xbang::half>(CNNL_DTYPE_HALF, ta, tb);
    }
  }
}

// Objects the bad calls use; each call gets fresh ones.
struct Objects {
  Objects() {
    cnnlCreate(&handle);
    cnnlCreateTensorDescriptor(&unset);
    cnnlCreateTensorDescriptor(&f4);
    const int four[1] = {4};
    cnnlSetTensorDescriptor(f4, CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, 1, four);
    cnnlCreateTensorDescriptor(&i4);
    cnnlSetTensorDescriptor(i4, CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT8, 1, four);
    cnnlCreateTensorDescriptor(&f22);
    const int two_two[2] = {2, 2};
    cnnlSetTensorDescriptor(f22, CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, 2,
                            two_two);
    cnnlCreateTensorDescriptor(&i22);
    cnnlSetTensorDescriptor(i22, CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, 2,
                            two_two);
    cnnlCreateTransposeDescriptor(&trans);
    cnnlCreateOpTensorDescriptor(&op);
    cnnlSetOpTensorDescriptor(op, CNNL_OP_TENSOR_ADD, CNNL_DTYPE_FLOAT,
                              CNNL_NOT_PROPAGATE_NAN);
    cnnlMatMulDescCreate(&matmul);
    cnnlMatMulAlgoCreate(&algo);
  }
  ~Objects() {
    cnnlMatMulAlgoDestroy(algo);
    cnnlMatMulDescDestroy(matmul);
    cnnlDestroyOpTensorDescriptor(op);
    cnnlDestroyTransposeDescriptor(trans);
    for (auto d : {unset, f4, i4, f22, i22}) cnnlDestroyTensorDescriptor(d);
    cnnlDestroy(handle);
  }
  cnnlHandle_t handle = nullptr;
  cnnlTensorDescriptor_t unset = nullptr, f4 = nullptr, i4 = nullptr,
                         f22 = nullptr, i22 = nullptr;
  cnnlTransposeDescriptor_t trans = nullptr;
  cnnlOpTensorDescriptor_t op = nullptr;
  cnnlMatMulDescriptor_t matmul = nullptr;
  cnnlMatMulAlgo_t algo = nullptr;
  float data[8] = {};
  float one = 1.0f;
};

using BadCnnlCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const BadCnnlCall kBadCalls[] = {
    {"CreateNullOut", [](Objects&) { return cnnlCreate(nullptr); }, kBad},
    {"DestroyNull", [](Objects&) { return cnnlDestroy(nullptr); }, kBad},
    {"SetQueueNullHandle",
     [](Objects&) { return cnnlSetQueue(nullptr, nullptr); }, kBad},
    {"GetQueueNullOut",
     [](Objects& o) { return cnnlGetQueue(o.handle, nullptr); }, kBad},
    {"CreateTensorNullOut",
     [](Objects&) { return cnnlCreateTensorDescriptor(nullptr); }, kBad},
    {"SetTensorNullDesc",
     [](Objects&) {
       const int d[1] = {1};
       return cnnlSetTensorDescriptor(nullptr, CNNL_LAYOUT_ARRAY,
                                      CNNL_DTYPE_FLOAT, 1, d);
     },
     kBad},
    {"SetTensorUnknownDtype",
     [](Objects& o) {
       const int d[1] = {1};
       return cnnlSetTensorDescriptor(o.unset, CNNL_LAYOUT_ARRAY,
                                      cnnlDataType_t(10), 1, d);
     },
     kBad},
    {"SetTensorUnknownLayout",
     [](Objects& o) {
       const int d[1] = {1};
       return cnnlSetTensorDescriptor(o.unset, cnnlTensorLayout_t(99),
                                      CNNL_DTYPE_FLOAT, 1, d);
     },
     kBad},
    {"SetTensorTooManyDims",
     [](Objects& o) {
       const int d[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
       return cnnlSetTensorDescriptor(o.unset, CNNL_LAYOUT_ARRAY,
                                      CNNL_DTYPE_FLOAT, 9, d);
     },
     kBad},
    {"SetTensorNegativeDim",
     [](Objects& o) {
       const int d[2] = {3, -1};
       return cnnlSetTensorDescriptor(o.unset, CNNL_LAYOUT_ARRAY,
                                      CNNL_DTYPE_FLOAT, 2, d);
     },
     kBad},
    {"SetTensorNullDims",
     [](Objects& o) {
       return cnnlSetTensorDescriptor(o.unset, CNNL_LAYOUT_ARRAY,
                                      CNNL_DTYPE_FLOAT, 2, nullptr);
     },
     kBad},
    {"SetTensorTooManyElements",
     [](Objects& o) {
       const int64_t d[4] = {1 << 20, 1 << 20, 1 << 20, 1 << 20};
       return cnnlSetTensorDescriptor_v2(o.unset, CNNL_LAYOUT_ARRAY,
                                         CNNL_DTYPE_FLOAT, 4, d);
     },
     kBad},
    {"SetTensorExNullStrides",
     [](Objects& o) {
       const int d[1] = {4};
       return cnnlSetTensorDescriptorEx(o.unset, CNNL_LAYOUT_ARRAY,
                                        CNNL_DTYPE_FLOAT, 1, d, nullptr);
     },
     kBad},
    {"SetTensorExNegativeStride",
     [](Objects& o) {
       const int64_t d[1] = {4}, s[1] = {-1};
       return cnnlSetTensorDescriptorEx_v2(o.unset, CNNL_LAYOUT_ARRAY,
                                           CNNL_DTYPE_FLOAT, 1, d, s);
     },
     kBad},
    {"GetTensorUnset",
     [](Objects& o) {
       int rank = 0;
       return cnnlGetTensorDescriptor(o.unset, nullptr, nullptr, &rank,
                                      nullptr);
     },
     kBad},
    {"FillNullHandle",
     [](Objects& o) {
       return cnnlFill_v3(nullptr, CNNL_POINTER_MODE_HOST, &o.one, o.f4,
                          o.data);
     },
     kBad},
    {"FillNullValue",
     [](Objects& o) {
       return cnnlFill_v3(o.handle, CNNL_POINTER_MODE_HOST, nullptr, o.f4,
                          o.data);
     },
     kBad},
    {"FillUnknownPointerMode",
     [](Objects& o) {
       return cnnlFill_v3(o.handle, cnnlPointerMode_t(5), &o.one, o.f4, o.data);
     },
     kBad},
    {"FillUnsetDesc",
     [](Objects& o) {
       return cnnlFill_v3(o.handle, CNNL_POINTER_MODE_HOST, &o.one, o.unset,
                          o.data);
     },
     kBad},
    {"FillNullOutput",
     [](Objects& o) {
       return cnnlFill_v3(o.handle, CNNL_POINTER_MODE_HOST, &o.one, o.f4,
                          nullptr);
     },
     kBad},
    {"CopyDtypeMismatch",
     [](Objects& o) { return cnnlCopy(o.handle, o.f4, o.data, o.i4, o.data); },
     kBad},
    {"CopyShapeMismatch",
     [](Objects& o) { return cnnlCopy(o.handle, o.f4, o.data, o.f22, o.data); },
     kBad},
    {"CopyNullInput",
     [](Objects& o) { return cnnlCopy(o.handle, o.f4, nullptr, o.f4, o.data); },
     kBad},
    {"SetTransposeNotAPermutation",
     [](Objects& o) {
       const int p[2] = {1, 1};
       return cnnlSetTransposeDescriptor(o.trans, 2, p);
     },
     kBad},
    {"SetTransposeOutOfRange",
     [](Objects& o) {
       const int p[2] = {0, 2};
       return cnnlSetTransposeDescriptor(o.trans, 2, p);
     },
     kBad},
    {"TransposeUnsetDesc",
     [](Objects& o) {
       return cnnlTranspose(o.handle, o.trans, o.f22, o.data, o.f22, o.data);
     },
     kBad},
    {"TransposeRankMismatch",
     [](Objects& o) {
       const int p[2] = {1, 0};
       cnnlSetTransposeDescriptor(o.trans, 2, p);
       return cnnlTranspose(o.handle, o.trans, o.f4, o.data, o.f4, o.data);
     },
     kBad},
    {"SetOpTensorUnknownOp",
     [](Objects& o) {
       return cnnlSetOpTensorDescriptor(o.op, cnnlOpTensorDesc_t(9),
                                        CNNL_DTYPE_FLOAT,
                                        CNNL_NOT_PROPAGATE_NAN);
     },
     kBad},
    {"SetOpTensorInt8",
     [](Objects& o) {
       return cnnlSetOpTensorDescriptor(
           o.op, CNNL_OP_TENSOR_ADD, CNNL_DTYPE_INT8, CNNL_NOT_PROPAGATE_NAN);
     },
     kNotSupported},
    {"OpTensorNullAlpha",
     [](Objects& o) {
       return cnnlOpTensor(o.handle, o.op, nullptr, o.f4, o.data, &o.one, o.f4,
                           o.data, nullptr, 0, &o.one, o.f4, o.data);
     },
     kBad},
    {"OpTensorNoBroadcast",
     [](Objects& o) {
       return cnnlOpTensor(o.handle, o.op, &o.one, o.f22, o.data, &o.one, o.f4,
                           o.data, nullptr, 0, &o.one, o.f22, o.data);
     },
     kBad},
    {"OpTensorInt8Tensors",
     [](Objects& o) {
       return cnnlOpTensor(o.handle, o.op, &o.one, o.i4, o.data, &o.one, o.i4,
                           o.data, nullptr, 0, &o.one, o.i4, o.data);
     },
     kNotSupported},
    {"MatMulAttrWrongSize",
     [](Objects& o) {
       const int64_t t = 1;
       return cnnlSetMatMulDescAttr(o.matmul, CNNL_MATMUL_DESC_TRANSA, &t,
                                    sizeof(t));
     },
     kBad},
    {"MatMulAttrEpilogue",
     [](Objects& o) {
       const int32_t t = 1;
       return cnnlSetMatMulDescAttr(o.matmul, CNNL_MATMUL_DESC_EPILOGUE, &t,
                                    sizeof(t));
     },
     kNotSupported},
    {"MatMulAttrHalfScale",
     [](Objects& o) {
       const int32_t t = CNNL_DTYPE_HALF;
       return cnnlSetMatMulDescAttr(o.matmul, CNNL_MATMUL_DESC_SCALE_TYPE, &t,
                                    sizeof(t));
     },
     kNotSupported},
    {"MatMulOneDimensional",
     [](Objects& o) {
       return cnnlMatMul_v2(o.handle, o.matmul, o.algo, &o.one, o.f22, o.data,
                            o.f22, o.data, &o.one, o.f4, o.data, nullptr, 0,
                            o.f4, o.data);
     },
     kNotSupported},
    {"MatMulInt32",
     [](Objects& o) {
       return cnnlMatMul_v2(o.handle, o.matmul, o.algo, &o.one, o.i22, o.data,
                            o.i22, o.data, &o.one, o.i22, o.data, nullptr, 0,
                            o.i22, o.data);
     },
     kNotSupported},
    {"MatMulDtypeMismatch",
     [](Objects& o) {
       return cnnlMatMul_v2(o.handle, o.matmul, o.algo, &o.one, o.i22, o.data,
                            o.f22, o.data, &o.one, o.f22, o.data, nullptr, 0,
                            o.f22, o.data);
     },
     kBad},
    {"MatMulNullBeta",
     [](Objects& o) {
       return cnnlMatMul_v2(o.handle, o.matmul, o.algo, &o.one, o.f22, o.data,
                            o.f22, o.data, nullptr, o.f22, o.data, nullptr, 0,
                            o.f22, o.data);
     },
     kBad},
    {"HeuristicZeroRequested",
     [](Objects& o) {
       cnnlMatMulHeuristicResult_t r = nullptr;
       int n = 0;
       return cnnlGetMatMulAlgoHeuristic(o.handle, o.matmul, o.f22, o.f22,
                                         o.f22, o.f22, nullptr, 0, &r, &n);
     },
     kBad},
};

class CnnlBadInput : public testing::TestWithParam<BadCnnlCall> {};

TEST_P(CnnlBadInput, ReturnsTheCnnlStatus) {
  Objects objects;
  const float before[8] = {};
  const cnnlStatus_t status = GetParam().call(objects);
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  // A refused call writes nothing.
  EXPECT_EQ(std::memcmp(objects.data, before, sizeof(before)), 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlBadInput, testing::ValuesIn(kBadCalls),
                         BadCallName());

}  // namespace
