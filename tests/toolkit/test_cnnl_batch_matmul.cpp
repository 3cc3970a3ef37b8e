// CNNL's BatchMatMulEx and its heuristics against a plain triple loop, and
// their bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::Tensor;

// The objects mlu-ops' FFT creates around a batched product.
struct MatMulObjects {
  cnnlMatMulDescriptor_t desc = nullptr;
  cnnlMatMulAlgo_t algo = nullptr;
  cnnlMatMulHeuristicResult_t result = nullptr;
  MatMulObjects(int trans_a, int trans_b) {
    cnnlCreateMatMulDescriptor(&desc);
    cnnlCreateMatMulAlgo(&algo);
    cnnlCreateMatMulHeuristicResult(&result);
    cnnlSetMatMulDescAttr(desc, CNNL_MATMUL_DESC_TRANSA, &trans_a,
                          sizeof(int32_t));
    cnnlSetMatMulDescAttr(desc, CNNL_MATMUL_DESC_TRANSB, &trans_b,
                          sizeof(int32_t));
  }
  ~MatMulObjects() {
    cnnlDestroyMatMulHeuristicResult(result);
    cnnlDestroyMatMulAlgo(algo);
    cnnlDestroyMatMulDescriptor(desc);
  }
};

// a: 2-D shared by the batch (as mlu-ops' DFT matrix), b and c 3-D.
void check_broadcast_product(bool trans_a, bool trans_b) {
  Handle handle;
  const int batch = 3, m = 4, k = 5, n = 6;
  const std::vector<float> a = random_floats(m * k, 50);
  const std::vector<float> b = random_floats(batch * k * n, 51);
  std::vector<float> c = random_floats(batch * m * n, 52);
  const std::vector<float> c0 = c;
  Tensor ta(CNNL_DTYPE_FLOAT,
            trans_a ? std::vector<int64_t>{k, m} : std::vector<int64_t>{m, k});
  Tensor tb(CNNL_DTYPE_FLOAT, trans_b ? std::vector<int64_t>{batch, n, k}
                                      : std::vector<int64_t>{batch, k, n});
  Tensor tc(CNNL_DTYPE_FLOAT, {batch, m, n});
  MatMulObjects objects(trans_a, trans_b);
  int returned = 0;
  ASSERT_EQ(cnnlGetBatchMatMulExAlgoHeuristic(
                handle.get(), objects.desc, ta.get(), tb.get(), tc.get(),
                nullptr, 1, &objects.result, &returned),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(returned, 1);
  size_t workspace = 99;
  ASSERT_EQ(cnnlGetBatchMatMulExHeuristicResult(objects.result, objects.algo,
                                                &workspace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  const float alpha = 1.5f, beta = 0.5f;
  ASSERT_EQ(cnnlBatchMatMulEx(handle.get(), objects.desc, objects.algo, &alpha,
                              ta.get(), a.data(), tb.get(), b.data(), &beta,
                              tc.get(), c.data(), nullptr, 0),
            CNNL_STATUS_SUCCESS);
  for (int p = 0; p < batch; ++p) {
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        double sum = 0;
        for (int q = 0; q < k; ++q) {
          const float av =
              trans_a ? a[size_t(q * m + i)] : a[size_t(i * k + q)];
          const float bv = trans_b ? b[size_t((p * n + j) * k + q)]
                                   : b[size_t((p * k + q) * n + j)];
          sum += double(av) * double(bv);
        }
        const size_t at = size_t((p * m + i) * n + j);
        const double want = 1.5 * sum + 0.5 * c0[at];
        EXPECT_NEAR(c[at], want, 1e-4 * (1 + std::fabs(want)));
      }
    }
  }
}

TEST(CnnlBatchMatMulEx, BroadcastsATwoDimensionalA) {
  check_broadcast_product(false, false);
}
TEST(CnnlBatchMatMulEx, TransposedOperands) {
  check_broadcast_product(true, true);
}

TEST(CnnlBatchMatMulBCast, SameProductUnderTheV2Names) {
  Handle handle;
  const int batch = 2, m = 3, k = 4, n = 5;
  const std::vector<float> a = random_floats(batch * m * k, 56);
  const std::vector<float> b = random_floats(k * n, 57);
  std::vector<float> c(size_t(batch * m * n), 0);
  Tensor ta(CNNL_DTYPE_FLOAT, {batch, m, k}), tb(CNNL_DTYPE_FLOAT, {1, k, n}),
      tc(CNNL_DTYPE_FLOAT, {batch, m, n});
  MatMulObjects objects(0, 0);
  int returned = 0;
  ASSERT_EQ(cnnlGetBatchMatMulAlgoHeuristic(
                handle.get(), objects.desc, ta.get(), tb.get(), tc.get(),
                nullptr, 1, &objects.result, &returned),
            CNNL_STATUS_SUCCESS);
  size_t workspace = 9;
  ASSERT_EQ(cnnlGetBatchMatMulHeuristicResult(objects.result, objects.algo,
                                              &workspace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  const float alpha = 1.0f, beta = 0.0f;
  ASSERT_EQ(
      cnnlBatchMatMulBCast_v2(handle.get(), objects.desc, objects.algo, &alpha,
                              ta.get(), a.data(), tb.get(), b.data(), &beta,
                              tc.get(), c.data(), nullptr, workspace),
      CNNL_STATUS_SUCCESS);
  for (int p = 0; p < batch; ++p) {
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        double sum = 0;
        for (int q = 0; q < k; ++q) {
          sum += double(a[size_t((p * m + i) * k + q)]) * b[size_t(q * n + j)];
        }
        EXPECT_NEAR(c[size_t((p * m + i) * n + j)], sum,
                    1e-4 * (1 + std::fabs(sum)));
      }
    }
  }
  EXPECT_EQ(cnnlBatchMatMulBCast_v2(nullptr, objects.desc, objects.algo, &alpha,
                                    ta.get(), a.data(), tb.get(), b.data(),
                                    &beta, tc.get(), c.data(), nullptr, 0),
            CNNL_STATUS_BAD_PARAM);
}

TEST(CnnlBatchMatMulEx, HalfWithFullBatchOperands) {
  Handle handle;
  const int batch = 2, m = 3, k = 4, n = 2;
  const std::vector<uint16_t> a =
      cnnl_test::to_half(random_floats(batch * m * k, 53, -1, 1));
  const std::vector<uint16_t> b =
      cnnl_test::to_half(random_floats(batch * k * n, 54, -1, 1));
  std::vector<uint16_t> c(size_t(batch * m * n), 0);
  Tensor ta(CNNL_DTYPE_HALF, {batch, m, k}), tb(CNNL_DTYPE_HALF, {batch, k, n}),
      tc(CNNL_DTYPE_HALF, {batch, m, n});
  MatMulObjects objects(0, 0);
  const float alpha = 1.0f, beta = 0.0f;
  ASSERT_EQ(cnnlBatchMatMulEx(handle.get(), objects.desc, objects.algo, &alpha,
                              ta.get(), a.data(), tb.get(), b.data(), &beta,
                              tc.get(), c.data(), nullptr, 0),
            CNNL_STATUS_SUCCESS);
  for (int p = 0; p < batch; ++p) {
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        float sum = 0;
        for (int q = 0; q < k; ++q) {
          sum += cnnl_test::from_half(a[size_t((p * m + i) * k + q)]) *
                 cnnl_test::from_half(b[size_t((p * k + q) * n + j)]);
        }
        EXPECT_NEAR(cnnl_test::from_half(c[size_t((p * m + i) * n + j)]), sum,
                    2e-3 * (1 + std::fabs(sum)));
      }
    }
  }
}

struct Objects {
  Handle handle;
  MatMulObjects mm{0, 0};
  Tensor a{CNNL_DTYPE_FLOAT, {2, 3}};
  Tensor b{CNNL_DTYPE_FLOAT, {2, 3, 4}};
  Tensor c{CNNL_DTYPE_FLOAT, {2, 2, 4}};
  Tensor c_wrong{CNNL_DTYPE_FLOAT, {2, 3, 4}};
  Tensor b_batch3{CNNL_DTYPE_FLOAT, {3, 3, 4}};
  Tensor ai{CNNL_DTYPE_INT32, {2, 3}};
  Tensor bi{CNNL_DTYPE_INT32, {2, 3, 4}};
  Tensor ci{CNNL_DTYPE_INT32, {2, 2, 4}};
  Tensor vec{CNNL_DTYPE_FLOAT, {3}};
  float data[32] = {};
  float src[32] = {};
  float one = 1.0f;
  cnnlStatus_t run(cnnlTensorDescriptor_t ta, cnnlTensorDescriptor_t tb,
                   cnnlTensorDescriptor_t tc) {
    return cnnlBatchMatMulEx(handle.get(), mm.desc, mm.algo, &one, ta, src, tb,
                             src, &one, tc, data, nullptr, 0);
  }
};

using BadMatMulCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const BadMatMulCall kBadCalls[] = {
    {"NullHandle",
     [](Objects& o) {
       return cnnlBatchMatMulEx(nullptr, o.mm.desc, o.mm.algo, &o.one,
                                o.a.get(), o.src, o.b.get(), o.src, &o.one,
                                o.c.get(), o.data, nullptr, 0);
     },
     kBad},
    {"NullDesc",
     [](Objects& o) {
       return cnnlBatchMatMulEx(o.handle.get(), nullptr, o.mm.algo, &o.one,
                                o.a.get(), o.src, o.b.get(), o.src, &o.one,
                                o.c.get(), o.data, nullptr, 0);
     },
     kBad},
    {"NullAlpha",
     [](Objects& o) {
       return cnnlBatchMatMulEx(o.handle.get(), o.mm.desc, o.mm.algo, nullptr,
                                o.a.get(), o.src, o.b.get(), o.src, &o.one,
                                o.c.get(), o.data, nullptr, 0);
     },
     kBad},
    {"NullA", [](Objects& o) { return o.run(nullptr, o.b.get(), o.c.get()); },
     kBad},
    {"DtypeMismatch",
     [](Objects& o) { return o.run(o.ai.get(), o.b.get(), o.c.get()); }, kBad},
    {"Int32NotSupported",
     [](Objects& o) { return o.run(o.ai.get(), o.bi.get(), o.ci.get()); },
     kNotSupported},
    {"ShapeMismatch",
     [](Objects& o) { return o.run(o.a.get(), o.b.get(), o.c_wrong.get()); },
     kBad},
    {"BatchDoesNotBroadcast",
     [](Objects& o) { return o.run(o.a.get(), o.b_batch3.get(), o.c.get()); },
     kBad},
    {"RankBelowTwo",
     [](Objects& o) { return o.run(o.vec.get(), o.b.get(), o.c.get()); }, kBad},
    {"HeuristicNoResultArray",
     [](Objects& o) {
       int count = 0;
       return cnnlGetBatchMatMulExAlgoHeuristic(o.handle.get(), o.mm.desc,
                                                o.a.get(), o.b.get(), o.c.get(),
                                                nullptr, 1, nullptr, &count);
     },
     kBad},
    {"HeuristicZeroRequested",
     [](Objects& o) {
       int count = 0;
       return cnnlGetBatchMatMulExAlgoHeuristic(
           o.handle.get(), o.mm.desc, o.a.get(), o.b.get(), o.c.get(), nullptr,
           0, &o.mm.result, &count);
     },
     kBad},
    {"HeuristicResultNullSize",
     [](Objects& o) {
       return cnnlGetBatchMatMulExHeuristicResult(o.mm.result, o.mm.algo,
                                                  nullptr);
     },
     kBad},
};

class CnnlBatchMatMulBadInput : public testing::TestWithParam<BadMatMulCall> {};

TEST_P(CnnlBatchMatMulBadInput, ReturnsTheCnnlStatus) {
  Objects objects;
  const float before[32] = {};
  const cnnlStatus_t status = GetParam().call(objects);
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  EXPECT_EQ(std::memcmp(objects.data, before, sizeof(before)), 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlBatchMatMulBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
