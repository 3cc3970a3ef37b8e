// CNNL functions real projects call beside the families of the other
// tests: activation forward passes (Hardtanh, Softplus, Threshold), more
// unary and binary element-wise functions, Clip_v3, AssignAdd/AssignSub,
// the later forms of gather, roll, cumsum, tri, index fill and AddN, the
// strided-slice and as-strided gradients, Split, Unfold, Col2Im, NumTrue,
// Polar, the
// data-type size query, the
// first batched-product descriptors, the CTC loss descriptor, the
// counter-seeded random draws, cumulative products and extremes, and the
// small linear-algebra functions (trace, diag, cross, cdist, PReLU, the
// first matrix product, complex abs and conjugate) and the positional NMS
// setters, each against a plain loop
// or the draws' distributions, with their bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"

namespace {

using cnnl_test::Buffer;
using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::Tensor;

const cnnlDataType_t kFloatTypes[] = {CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF};

// The value as a tensor of `dtype` stores it.
float rounded(cnnlDataType_t dtype, double v) {
  Buffer one(dtype, 1);
  one.set(0, float(v));
  return one.get(0);
}

void expect_close(double got, double want, cnnlDataType_t dtype,
                  const std::string& what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what;
  } else if (std::isinf(want)) {
    EXPECT_EQ(got, want) << what;
  } else {
    const double tol = dtype == CNNL_DTYPE_FLOAT ? 1e-5 : 2e-3;
    EXPECT_NEAR(got, want, tol * (1 + std::fabs(want))) << what;
  }
}

struct UnaryCase {
  const char* name;
  std::function<cnnlStatus_t(cnnlHandle_t, cnnlTensorDescriptor_t, const void*,
                             cnnlTensorDescriptor_t, void*)>
      call;
  std::function<double(double)> ref;
  float lo, hi;
};

// Each function over a [3, 4] view of every other element of a 24-element
// input (strides {8, 2}) into a dense output, float and half.
TEST(CnnlLaterForms, UnaryForwardAgainstLoops) {
  const float max_val = 1.5f, min_val = -0.5f;
  const UnaryCase cases[] = {
      {"Hardtanh",
       [&](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
           cnnlTensorDescriptor_t yd,
           void* y) { return cnnlHardtanh(h, xd, x, max_val, min_val, yd, y); },
       [&](double v) { return std::fmin(std::fmax(v, min_val), max_val); }, -3,
       3},
      {"SoftplusForward",
       [](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd,
          void* y) { return cnnlSoftplusForward(h, xd, x, yd, y, 2, 3); },
       [](double v) {
         return 2 * v > 3 ? v : std::log(1 + std::exp(2 * v)) / 2;
       },
       -3, 3},
      {"Log2",
       [](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd,
          void* y) { return cnnlLog(h, CNNL_LOG_2, xd, x, yd, y); },
       [](double v) { return std::log(v) / std::log(2.0); }, 0.1f, 8},
      {"Square",
       [](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd,
          void* y) { return cnnlSquare(h, xd, x, yd, y); },
       [](double v) { return v * v; }, -3, 3},
      {"Expm1",
       [](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd, void* y) {
         return cnnlExpm1(h, CNNL_COMPUTATION_HIGH_PRECISION, xd, x, yd, y);
       },
       [](double v) { return std::exp(v) - 1; }, -2, 2},
  };
  Handle handle;
  for (const UnaryCase& c : cases) {
    for (const cnnlDataType_t dtype : kFloatTypes) {
      Buffer x(dtype, 24), y(dtype, 12);
      cnnl_test::fill(&x, 24, 5, c.lo, c.hi);
      Tensor tx(dtype, {3, 4}, {8, 2}), ty(dtype, {3, 4});
      ASSERT_EQ(c.call(handle.get(), tx.get(), x.data(), ty.get(), y.data()),
                CNNL_STATUS_SUCCESS)
          << c.name;
      for (size_t i = 0; i < 3; ++i) {
        for (size_t j = 0; j < 4; ++j) {
          const double v = x.get(i * 8 + j * 2);
          expect_close(y.get(i * 4 + j), rounded(dtype, c.ref(v)), dtype,
                       std::string(c.name) + " dtype " + std::to_string(dtype));
        }
      }
    }
  }
}

TEST(CnnlLaterForms, ThresholdKeepsAboveAndFillsTheRestInEveryType) {
  Handle handle;
  const std::vector<float> raw = random_floats(10, 7, -3, 3);
  for (const cnnlDataType_t dtype : kFloatTypes) {
    Buffer x(dtype, 10), y(dtype, 10), t(dtype, 1), v(dtype, 1);
    for (size_t i = 0; i < 10; ++i) x.set(i, raw[i]);
    t.set(0, 0.25f);
    v.set(0, -9.0f);
    Tensor d(dtype, {10});
    ASSERT_EQ(cnnlThreshold(handle.get(), d.get(), x.data(), t.data(), v.data(),
                            d.get(), y.data()),
              CNNL_STATUS_SUCCESS);
    for (size_t i = 0; i < 10; ++i) {
      EXPECT_EQ(y.get(i), x.get(i) > 0.25f ? x.get(i) : -9.0f) << i;
    }
  }
  // int32: the scalars are int32 too.
  const int32_t xi[] = {-2, 0, 3, 5, 1}, ti = 1, vi = 42;
  int32_t yi[5] = {};
  Tensor d(CNNL_DTYPE_INT32, {5});
  ASSERT_EQ(cnnlThreshold(handle.get(), d.get(), xi, &ti, &vi, d.get(), yi),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(yi[i], xi[i] > 1 ? xi[i] : 42) << i;
}

TEST(CnnlLaterForms, SqrtAndRsqrtBackwardFromTheResult) {
  Handle handle;
  for (const cnnlDataType_t dtype : kFloatTypes) {
    Buffer y(dtype, 8), dy(dtype, 8), sq(dtype, 8), rs(dtype, 8);
    cnnl_test::fill(&y, 8, 9, 0.25f, 3);
    cnnl_test::fill(&dy, 8, 10, -1, 1);
    Tensor d(dtype, {2, 4});
    ASSERT_EQ(
        cnnlSqrtBackward(handle.get(), d.get(), y.data(), dy.data(), sq.data()),
        CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlRsqrtBackward(handle.get(), d.get(), y.data(), dy.data(),
                                rs.data()),
              CNNL_STATUS_SUCCESS);
    for (size_t i = 0; i < 8; ++i) {
      const double v = y.get(i), g = dy.get(i);
      expect_close(sq.get(i), rounded(dtype, g / (2 * v)), dtype, "Sqrt");
      expect_close(rs.get(i), rounded(dtype, -0.5 * g * v * v * v), dtype,
                   "Rsqrt");
    }
  }
}

// input1 [2, 3] with input2 [3] broadcast along rows.
TEST(CnnlLaterForms, BinaryFunctionsBroadcastAgainstLoops) {
  Handle handle;
  for (const cnnlDataType_t dtype : kFloatTypes) {
    Buffer a(dtype, 6), b(dtype, 3);
    cnnl_test::fill(&a, 6, 11, -3, 3);
    cnnl_test::fill(&b, 3, 12, -3, 3);
    b.set(1, 0.0f);  // DivNoNan's zero divisor
    Tensor ta(dtype, {2, 3}), tb(dtype, {3});
    Buffer sd(dtype, 6), lae(dtype, 6), lae2(dtype, 6), dnn(dtype, 6);
    size_t ws = 99;
    ASSERT_EQ(cnnlGetSquaredDifferenceWorkspaceSize(handle.get(), ta.get(),
                                                    tb.get(), ta.get(), &ws),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(ws, 0u);
    ASSERT_EQ(cnnlSquaredDifference(handle.get(), ta.get(), a.data(), tb.get(),
                                    b.data(), ta.get(), sd.data(), nullptr, 0),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlGetLogAddExpWorkspaceSize(handle.get(), ta.get(), tb.get(),
                                            ta.get(), &ws),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlLogAddExp(handle.get(), ta.get(), a.data(), tb.get(),
                            b.data(), nullptr, 0, ta.get(), lae.data()),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlGetLogAddExp2WorkspaceSize(handle.get(), ta.get(), tb.get(),
                                             ta.get(), &ws),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlLogAddExp2(handle.get(), ta.get(), a.data(), tb.get(),
                             b.data(), nullptr, 0, ta.get(), lae2.data()),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlGetDivNoNanWorkspaceSize(handle.get(), ta.get(), tb.get(),
                                           ta.get(), &ws),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(ws, 0u);
    ASSERT_EQ(cnnlDivNoNan_v2(handle.get(), CNNL_COMPUTATION_HIGH_PRECISION,
                              ta.get(), a.data(), tb.get(), b.data(), nullptr,
                              0, ta.get(), dnn.data()),
              CNNL_STATUS_SUCCESS);
    for (size_t i = 0; i < 6; ++i) {
      const double x = a.get(i), y = b.get(i % 3);
      const std::string at = " element " + std::to_string(i);
      expect_close(sd.get(i), rounded(dtype, (x - y) * (x - y)), dtype,
                   "SquaredDifference" + at);
      expect_close(lae.get(i),
                   rounded(dtype, std::log(std::exp(x) + std::exp(y))), dtype,
                   "LogAddExp" + at);
      expect_close(lae2.get(i),
                   rounded(dtype, std::log2(std::exp2(x) + std::exp2(y))),
                   dtype, "LogAddExp2" + at);
      expect_close(dnn.get(i), rounded(dtype, y == 0 ? 0 : x / y), dtype,
                   "DivNoNan" + at);
    }
  }
  // Large and infinite arguments do not overflow.
  const float big[] = {1000, -INFINITY, INFINITY, NAN},
              other[] = {1000, -INFINITY, 5, 1};
  float out[4] = {};
  Tensor t4(CNNL_DTYPE_FLOAT, {4});
  ASSERT_EQ(cnnlLogAddExp(handle.get(), t4.get(), big, t4.get(), other, nullptr,
                          0, t4.get(), out),
            CNNL_STATUS_SUCCESS);
  EXPECT_NEAR(out[0], 1000 + std::log(2.0), 1e-3);
  EXPECT_EQ(out[1], -INFINITY);
  EXPECT_EQ(out[2], INFINITY);
  EXPECT_TRUE(std::isnan(out[3]));
}

// x [2, 3]; min [3] (per column), max [2, 1] (per row) or no max.
TEST(CnnlLaterForms, ClipV3WithTensorBoundsBroadcast) {
  Handle handle;
  const float x[] = {-5, 0.5f, 7, 2, -1, NAN};
  const float lo[] = {-1, 0, 1}, hi[] = {3, 0.75f};
  Tensor tx(CNNL_DTYPE_FLOAT, {2, 3}), tlo(CNNL_DTYPE_FLOAT, {3}),
      thi(CNNL_DTYPE_FLOAT, {2, 1});
  size_t ws = 99;
  ASSERT_EQ(
      cnnlGetClipWorkspaceSize(handle.get(), tx.get(), tlo.get(), nullptr, &ws),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  float both[6] = {}, lower[6] = {};
  ASSERT_EQ(cnnlClip_v3(handle.get(), tx.get(), x, tlo.get(), lo, thi.get(), hi,
                        nullptr, 0, tx.get(), both),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlClip_v3(handle.get(), tx.get(), x, tlo.get(), lo, nullptr,
                        nullptr, nullptr, 0, tx.get(), lower),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 5; ++i) {
    const float l = std::fmax(x[i], lo[i % 3]);
    EXPECT_EQ(lower[i], l) << i;
    EXPECT_EQ(both[i], std::fmin(l, hi[i / 3])) << i;
  }
  EXPECT_TRUE(std::isnan(both[5]));
}

TEST(CnnlLaterForms, AssignAddAndSubInPlaceWithBroadcast) {
  Handle handle;
  const float alpha = 2, beta = 0.5f;
  const float x[] = {1, -2, 3};
  const float start[] = {4, 5, 6, -7, 8, 9};
  Tensor tx(CNNL_DTYPE_FLOAT, {3}), ty(CNNL_DTYPE_FLOAT, {2, 3});
  size_t ws = 99;
  ASSERT_EQ(
      cnnlGetAssignAddWorkspaceSize(handle.get(), tx.get(), ty.get(), &ws),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(
      cnnlGetAssignSubWorkspaceSize(handle.get(), tx.get(), ty.get(), &ws),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  float add[6], sub[6];
  std::memcpy(add, start, sizeof(add));
  std::memcpy(sub, start, sizeof(sub));
  ASSERT_EQ(cnnlAssignAdd(handle.get(), &alpha, tx.get(), x, nullptr, 0, &beta,
                          ty.get(), add),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlAssignSub(handle.get(), &alpha, tx.get(), x, nullptr, 0, &beta,
                          ty.get(), sub),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_FLOAT_EQ(add[i], alpha * x[i % 3] + beta * start[i]) << i;
    EXPECT_FLOAT_EQ(sub[i], beta * start[i] - alpha * x[i % 3]) << i;
  }
  // int32 (MegEngine's mask arithmetic): alpha and beta stay host floats.
  const int32_t xi[] = {1};
  int32_t yi[] = {0, 1, 1, 0};
  const float one = 1;
  Tensor t1(CNNL_DTYPE_INT32, {1}), t4(CNNL_DTYPE_INT32, {4});
  ASSERT_EQ(cnnlAssignSub(handle.get(), &one, t1.get(), xi, nullptr, 0, &one,
                          t4.get(), yi),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(yi[0], -1);
  EXPECT_EQ(yi[1], 0);
  EXPECT_EQ(yi[2], 0);
  EXPECT_EQ(yi[3], -1);
}

TEST(CnnlLaterForms, GatherRollCumsumTriIndexFillAddN) {
  Handle handle;
  std::vector<float> in(12);
  for (size_t i = 0; i < 12; ++i) in[i] = float(i) * 1.5f - 4;
  Tensor t34(CNNL_DTYPE_FLOAT, {3, 4});
  size_t ws = 99;

  // Gather_v2 along dim 1 with a [3, 2] index.
  const int32_t index[] = {3, 0, 1, 1, 2, 0};
  Tensor tidx(CNNL_DTYPE_INT32, {3, 2}), t32(CNNL_DTYPE_FLOAT, {3, 2});
  ASSERT_EQ(cnnlGetGatherWorkspaceSize(handle.get(), t34.get(), tidx.get(),
                                       t32.get(), 1, &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  float gathered[6] = {};
  ASSERT_EQ(cnnlGather_v2(handle.get(), 1, t34.get(), in.data(), tidx.get(),
                          index, nullptr, 0, t32.get(), gathered),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(gathered[i], in[(i / 2) * 4 + size_t(index[i])]) << i;
  }
  ASSERT_EQ(cnnlGetScatterWorkspaceSize(handle.get(), tidx.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);

  // Roll_v2: shift 1 along dim 0 and -1 (as a large int64) along dim 1.
  const int64_t shifts[] = {1, 4 * 1000000007LL - 1}, dims[] = {0, -1};
  float rolled[12] = {};
  ASSERT_EQ(cnnlRoll_v2(handle.get(), t34.get(), in.data(), shifts, 2, dims, 2,
                        nullptr, 0, t34.get(), rolled),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(rolled[((r + 1) % 3) * 4 + (c + 3) % 4], in[size_t(r * 4 + c)])
          << r << "," << c;
    }
  }

  // Cumsum_v2 along dim 1.
  ASSERT_EQ(cnnlGetCumsumWorkspaceSize(handle.get(), t34.get(), 1, &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  float sums[12] = {};
  ASSERT_EQ(cnnlCumsum_v2(handle.get(), t34.get(), in.data(), 1, false, false,
                          CNNL_NOT_PROPAGATE_NAN, t34.get(), sums, nullptr, 0),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 3; ++r) {
    float acc = 0;
    for (int c = 0; c < 4; ++c) {
      acc += in[size_t(r * 4 + c)];
      EXPECT_FLOAT_EQ(sums[r * 4 + c], acc);
    }
  }

  // Tri_v2: the upper triangle from diagonal 1.
  float tri[12] = {};
  ASSERT_EQ(
      cnnlTri_v2(handle.get(), 1, true, t34.get(), in.data(), t34.get(), tri),
      CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(tri[r * 4 + c], c - r >= 1 ? in[size_t(r * 4 + c)] : 0.0f);
    }
  }

  // IndexFill: the float value converted to the tensor's type (int32 here).
  const int32_t ints[6] = {1, 2, 3, 4, 5, 6};
  int32_t filled[6] = {};
  const int32_t columns[] = {2, 0};
  Tensor ti23(CNNL_DTYPE_INT32, {2, 3}), tcols(CNNL_DTYPE_INT32, {2});
  ASSERT_EQ(cnnlIndexFill(handle.get(), 1, -7.0f, ti23.get(), ints, tcols.get(),
                          columns, ti23.get(), filled),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(filled[i], i % 3 == 1 ? ints[i] : -7) << i;
  }

  // AddN of a [3, 4] and a [1, 4] row.
  const float row[4] = {10, 20, 30, 40};
  Tensor t14(CNNL_DTYPE_FLOAT, {1, 4});
  const cnnlTensorDescriptor_t descs[] = {t34.get(), t14.get()};
  const void* const ptrs[] = {in.data(), row};
  float added[12] = {};
  ASSERT_EQ(cnnlAddN(handle.get(), descs, ptrs, 2, t34.get(), added),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 12; ++i) EXPECT_EQ(added[i], in[i] + row[i % 4]) << i;
}

TEST(CnnlLaterForms, DataTypeSizesOpTensorQueryAndFirstActivationSetter) {
  const struct {
    cnnlDataType_t dtype;
    size_t bytes;
  } sizes[] = {{CNNL_DTYPE_HALF, 2},    {CNNL_DTYPE_FLOAT, 4},
               {CNNL_DTYPE_INT8, 1},    {CNNL_DTYPE_INT64, 8},
               {CNNL_DTYPE_DOUBLE, 8},  {CNNL_DTYPE_BOOL, 1},
               {CNNL_DTYPE_BFLOAT16, 2}};
  for (const auto& row : sizes) {
    size_t bytes = 0;
    ASSERT_EQ(cnnlGetSizeOfDataType(row.dtype, &bytes), CNNL_STATUS_SUCCESS);
    EXPECT_EQ(bytes, row.bytes) << row.dtype;
  }

  Handle handle;
  Tensor t(CNNL_DTYPE_FLOAT, {2, 2});
  cnnlOpTensorDescriptor_t op;
  ASSERT_EQ(cnnlCreateOpTensorDescriptor(&op), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlSetOpTensorDescriptor(op, CNNL_OP_TENSOR_MUL, CNNL_DTYPE_FLOAT,
                                      CNNL_NOT_PROPAGATE_NAN),
            CNNL_STATUS_SUCCESS);
  const float one = 1, zero = 0, a[4] = {1, 2, 3, 4};
  float c[4] = {};
  size_t ws = 99;
  ASSERT_EQ(
      cnnlGetOpTensorWorkspaceSize_v2(handle.get(), op, &one, t.get(), a, &one,
                                      t.get(), a, &zero, t.get(), c, &ws),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  cnnlDestroyOpTensorDescriptor(op);

  // The first setter's ReLU and SELU, run through ActivationForward.
  const float x[4] = {-2, -0.5f, 0.5f, 2};
  const struct {
    cnnlActivationMode_t mode;
    double (*ref)(double);
  } modes[] = {
      {CNNL_ACTIVATION_RELU, [](double v) { return v > 0 ? v : 0.0; }},
      {CNNL_ACTIVATION_SELU,
       [](double v) {
         return 1.0507009873554805 *
                (v > 0 ? v : 1.6732632423543772 * (std::exp(v) - 1));
       }},
  };
  for (const auto& m : modes) {
    cnnlActivationDescriptor_t act;
    ASSERT_EQ(cnnlCreateActivationDescriptor(&act), CNNL_STATUS_SUCCESS);
    ASSERT_EQ(
        cnnlSetActivationDescriptor(act, m.mode, CNNL_NOT_PROPAGATE_NAN, 0.0f),
        CNNL_STATUS_SUCCESS);
    float y[4] = {};
    ASSERT_EQ(cnnlActivationForward(handle.get(), act, &one, t.get(), x, &zero,
                                    t.get(), y),
              CNNL_STATUS_SUCCESS);
    for (int i = 0; i < 4; ++i) {
      EXPECT_NEAR(y[i], m.ref(x[i]), 1e-5) << m.mode << " " << i;
    }
    cnnlDestroyActivationDescriptor(act);
  }
}

TEST(CnnlLaterForms, FirstBatchedProductDescriptorsKeepTheirAttributes) {
  cnnlBatchMatMulDescriptor_t bmm;
  cnnlBatchMatMulBCastDescriptor_t bcast;
  ASSERT_EQ(cnnlBatchMatMulDescCreate(&bmm), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlBatchMatMulBCastDescCreate(&bcast), CNNL_STATUS_SUCCESS);
  int32_t value = -1;
  size_t written = 0;
  // Defaults: float compute type, no transposition.
  ASSERT_EQ(cnnlGetBatchMatMulDescAttr(bmm, CNNL_BMM_DESC_COMPUTE_TYPE, &value,
                                       sizeof(value), &written),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(value, CNNL_DTYPE_FLOAT);
  EXPECT_EQ(written, sizeof(value));
  const int32_t half = CNNL_DTYPE_HALF, yes = 1;
  ASSERT_EQ(cnnlSetBatchMatMulDescAttr(bmm, CNNL_BMM_DESC_COMPUTE_TYPE, &half,
                                       sizeof(half)),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(
      cnnlSetBatchMatMulDescAttr(bmm, CNNL_BMM_DESC_TRANSB, &yes, sizeof(yes)),
      CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlSetBatchMatMulBCastDescAttr(bcast, CNNL_BMM_BCAST_DESC_TRANSA,
                                            &yes, sizeof(yes)),
            CNNL_STATUS_SUCCESS);
  const struct {
    cnnlBatchMatMulDescAttribute_t attr;
    int32_t want;
  } bmm_rows[] = {{CNNL_BMM_DESC_COMPUTE_TYPE, CNNL_DTYPE_HALF},
                  {CNNL_BMM_DESC_TRANSA, 0},
                  {CNNL_BMM_DESC_TRANSB, 1}};
  for (const auto& row : bmm_rows) {
    ASSERT_EQ(cnnlGetBatchMatMulDescAttr(bmm, row.attr, &value, sizeof(value),
                                         nullptr),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(value, row.want) << row.attr;
  }
  const struct {
    cnnlBatchMatMulBCastDescAttribute_t attr;
    int32_t want;
  } bcast_rows[] = {{CNNL_BMM_BCAST_DESC_COMPUTE_TYPE, CNNL_DTYPE_FLOAT},
                    {CNNL_BMM_BCAST_DESC_TRANSA, 1},
                    {CNNL_BMM_BCAST_DESC_TRANSB, 0}};
  for (const auto& row : bcast_rows) {
    ASSERT_EQ(cnnlGetBatchMatMulBCastDescAttr(bcast, row.attr, &value,
                                              sizeof(value), nullptr),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(value, row.want) << row.attr;
  }
  cnnlBatchMatMulAlgo_t algo;
  cnnlBatchMatMulBCastAlgo_t bcast_algo;
  ASSERT_EQ(cnnlBatchMatMulAlgoCreate(&algo), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlBatchMatMulBCastAlgoCreate(&bcast_algo), CNNL_STATUS_SUCCESS);
  EXPECT_EQ(cnnlBatchMatMulAlgoDestroy(algo), CNNL_STATUS_SUCCESS);
  EXPECT_EQ(cnnlBatchMatMulBCastAlgoDestroy(bcast_algo), CNNL_STATUS_SUCCESS);
  EXPECT_EQ(cnnlBatchMatMulDescDestroy(bmm), CNNL_STATUS_SUCCESS);
  EXPECT_EQ(cnnlBatchMatMulBCastDescDestroy(bcast), CNNL_STATUS_SUCCESS);
}

TEST(CnnlLaterForms, StridedSliceBackwardSplitAndNumTrue) {
  Handle handle;
  // dy [2, 2] into dx [3, 5] at rows 0:3:2 and columns -1:0:-3 (4, 1).
  const float dy[] = {1, 2, 3, 4};
  std::vector<float> dx(15, 9);
  const int begin[] = {0, -1}, end[] = {3, 0}, stride[] = {2, -3};
  Tensor tdy(CNNL_DTYPE_FLOAT, {2, 2}), tdx(CNNL_DTYPE_FLOAT, {3, 5});
  ASSERT_EQ(cnnlStridedSliceBackward(handle.get(), begin, end, stride,
                                     tdy.get(), dy, tdx.get(), dx.data()),
            CNNL_STATUS_SUCCESS);
  std::vector<float> want(15, 0);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j)
      want[size_t(i * 2 * 5 + 4 - 3 * j)] = dy[i * 2 + j];
  }
  EXPECT_EQ(dx, want);

  // Split [2, 5] along the last axis into 2 and 3 columns.
  std::vector<float> in(10);
  for (size_t i = 0; i < 10; ++i) in[i] = float(i);
  Tensor tin(CNNL_DTYPE_FLOAT, {2, 5}), t2(CNNL_DTYPE_FLOAT, {2, 2}),
      t3(CNNL_DTYPE_FLOAT, {2, 3});
  size_t ws = 99;
  ASSERT_EQ(cnnlGetSplitWorkspaceSize(handle.get(), 2, &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  float left[4] = {}, right[6] = {};
  const cnnlTensorDescriptor_t descs[] = {t2.get(), t3.get()};
  void* outs[] = {left, right};
  ASSERT_EQ(cnnlSplit(handle.get(), 2, -1, tin.get(), in.data(), nullptr, 0,
                      descs, outs),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 2; ++r) {
    for (int c = 0; c < 5; ++c) {
      const float got = c < 2 ? left[r * 2 + c] : right[r * 3 + c - 2];
      EXPECT_EQ(got, in[size_t(r * 5 + c)]) << r << "," << c;
    }
  }

  // NumTrue over a float mask (MegEngine's use) into int32 and int64.
  const float mask[] = {0, 1.5f, 0, -2, NAN, 0};
  Tensor tm(CNNL_DTYPE_FLOAT, {2, 3}), t32(CNNL_DTYPE_INT32, {1}),
      t64(CNNL_DTYPE_INT64, {1});
  ASSERT_EQ(cnnlGetNumTrueWorkspaceSize_v2(handle.get(), t32.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  int32_t n32 = -1;
  int64_t n64 = -1;
  ASSERT_EQ(
      cnnlNumTrue_v3(handle.get(), tm.get(), mask, nullptr, 0, t32.get(), &n32),
      CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlNumTrue_v2(handle.get(), tm.get(), mask, t64.get(), &n64),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(n32, 3);
  EXPECT_EQ(n64, 3);
}

TEST(CnnlLaterForms, CtcLossDescriptorKeepsItsSettings) {
  cnnlCTCLossDescriptor_t desc;
  ASSERT_EQ(cnnlCreateCTCLossDescriptor(&desc), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(
      cnnlSetCTCLossDescriptor(desc, CNNL_LOG_SOFTMAX_NORMALIZATION,
                               CNNL_REDUCE_MODE_MEAN_BY_LABEL_LENGTH_AND_BATCH,
                               CNNL_ZERO_INFINITY, 3, 50, 12),
      CNNL_STATUS_SUCCESS);
  cnnlCTCLossNormalizationMode_t norm;
  cnnlCTCLossReduceMode_t reduce;
  cnnlCTCLossZeroInfinityMode_t zero;
  int blank = -1, max_input = -1, max_label = -1;
  ASSERT_EQ(cnnlGetCTCLossDescriptor(desc, &norm, &reduce, &zero, &blank,
                                     &max_input, &max_label),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(norm, CNNL_LOG_SOFTMAX_NORMALIZATION);
  EXPECT_EQ(reduce, CNNL_REDUCE_MODE_MEAN_BY_LABEL_LENGTH_AND_BATCH);
  EXPECT_EQ(zero, CNNL_ZERO_INFINITY);
  EXPECT_EQ(blank, 3);
  EXPECT_EQ(max_input, 50);
  EXPECT_EQ(max_label, 12);
  EXPECT_EQ(cnnlDestroyCTCLossDescriptor(desc), CNNL_STATUS_SUCCESS);
}

TEST(CnnlLaterForms, CounterSeededDrawsRepeatForEqualSeedsAndOffsets) {
  Handle handle;
  const auto philox = CNNL_RAND_RNG_PHILOX;
  Tensor t(CNNL_DTYPE_FLOAT, {4000});
  std::vector<float> a(4000), b(4000), c(4000), d(4000);
  const int64_t seed = 42, offset = 8;
  ASSERT_EQ(cnnlGenerateRandUniform(handle.get(), philox, false, 42, 8, nullptr,
                                    nullptr, 0, 2.0f, 5.0f, t.get(), a.data()),
            CNNL_STATUS_SUCCESS);
  // The same seed and offset through the pointers; offset 8 = 4 + 4 within
  // the graph.
  const int64_t four = 4;
  ASSERT_EQ(cnnlGenerateRandUniform(handle.get(), philox, true, 0, 0, &seed,
                                    &four, 4, 2.0f, 5.0f, t.get(), b.data()),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlGenerateRandUniform(handle.get(), philox, true, 0, 0, &seed,
                                    &offset, 1, 2.0f, 5.0f, t.get(), c.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  double sum = 0;
  for (const float v : a) {
    ASSERT_GE(v, 2.0f);
    ASSERT_LT(v, 5.0f);
    sum += v;
  }
  EXPECT_NEAR(sum / 4000, 3.5, 0.1);

  // Normal: mean 1, stddev 2.
  ASSERT_EQ(cnnlGenerateRandNormal(handle.get(), philox, false, 7, 0, nullptr,
                                   nullptr, 0, 1.0f, 2.0f, t.get(), d.data()),
            CNNL_STATUS_SUCCESS);
  double m = 0, sq = 0;
  for (const float v : d) m += v;
  m /= 4000;
  for (const float v : d) sq += (v - m) * (v - m);
  EXPECT_NEAR(m, 1.0, 0.15);
  EXPECT_NEAR(std::sqrt(sq / 3999), 2.0, 0.15);

  // Exponential with rate 4 (a host float, the output's type): mean 1/4.
  const float rate = 4;
  ASSERT_EQ(
      cnnlGenerateRandExponential(handle.get(), philox, &rate, false, 9, 0,
                                  nullptr, nullptr, 0, t.get(), d.data()),
      CNNL_STATUS_SUCCESS);
  m = 0;
  for (const float v : d) {
    ASSERT_GE(v, 0.0f);
    m += v;
  }
  EXPECT_NEAR(m / 4000, 0.25, 0.03);

  // Discrete uniform into int32: base -3, range 5, every value drawn.
  std::vector<int32_t> ints(4000);
  Tensor ti(CNNL_DTYPE_INT32, {4000});
  ASSERT_EQ(cnnlGenerateRandDiscreteUniform(handle.get(), philox, false, 3, 0,
                                            nullptr, nullptr, 0, 5, -3,
                                            ti.get(), ints.data()),
            CNNL_STATUS_SUCCESS);
  int seen[5] = {};
  for (const int32_t v : ints) {
    ASSERT_GE(v, -3);
    ASSERT_LT(v, 2);
    ++seen[v + 3];
  }
  for (int k = 0; k < 5; ++k) EXPECT_GT(seen[k], 600) << k;

  // Multinomial from one positive weight; dropout keeping all or none.
  const float weights[] = {0, 3, 0};
  int64_t picks[6] = {};
  Tensor tw(CNNL_DTYPE_FLOAT, {3}), tp(CNNL_DTYPE_INT64, {6});
  ASSERT_EQ(cnnlGenerateRandMultinomial(handle.get(), philox, tw.get(), weights,
                                        false, 1, 2, nullptr, nullptr, 0, true,
                                        false, nullptr, 0, tp.get(), picks),
            CNNL_STATUS_SUCCESS);
  for (const int64_t p : picks) EXPECT_EQ(p, 1);
  const float in[] = {1, 2, 3, 4};
  float out[4] = {};
  uint8_t mask[4] = {};
  Tensor t4(CNNL_DTYPE_FLOAT, {4}), tm(CNNL_DTYPE_UINT8, {4});
  ASSERT_EQ(cnnlFusedDropout_v3(handle.get(), philox, t4.get(), in, false, 5, 0,
                                nullptr, nullptr, 0, 1.0f, tm.get(), mask,
                                t4.get(), out),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(out[i], in[i]);
    EXPECT_EQ(mask[i], 1);
  }
  ASSERT_EQ(cnnlFusedDropout_v3(handle.get(), philox, t4.get(), in, false, 5, 0,
                                nullptr, nullptr, 0, 0.0f, tm.get(), mask,
                                t4.get(), out),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(out[i], 0.0f);
    EXPECT_EQ(mask[i], 0);
  }
}

TEST(CnnlLaterForms, PolarAndAsStridedBackward) {
  Handle handle;
  // abs [2, 1] and angle [3] broadcast to a complex float [2, 3].
  const float r[] = {2, 0.5f}, theta[] = {0, 1.25f, -2};
  float z[12] = {};
  Tensor tr(CNNL_DTYPE_FLOAT, {2, 1}), tt(CNNL_DTYPE_FLOAT, {3}),
      tz(CNNL_DTYPE_COMPLEX_FLOAT, {2, 3});
  size_t ws = 99;
  ASSERT_EQ(cnnlGetPolarWorkspaceSize(handle.get(), tr.get(), tt.get(),
                                      tz.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(cnnlPolar(handle.get(), tr.get(), r, tt.get(), theta, tz.get(), z,
                      nullptr, 0),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(z[(i * 3 + j) * 2], r[i] * std::cos(theta[j]), 1e-6);
      EXPECT_NEAR(z[(i * 3 + j) * 2 + 1], r[i] * std::sin(theta[j]), 1e-6);
    }
  }

  // A [3, 2] view with strides {1, 2} at offset 1 over a base of 8
  // elements: base positions 1 + i + 2 j overlap, their gradients sum.
  const float grad[] = {1, 2, 3, 4, 5, 6};
  std::vector<float> base(8, -1);
  const uint32_t strides[] = {1, 2};
  Tensor tg(CNNL_DTYPE_FLOAT, {3, 2}), tb(CNNL_DTYPE_FLOAT, {2, 4});
  ASSERT_EQ(cnnlGetAsStridedBackwardWorkspaceSize(handle.get(), tb.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(cnnlAsStridedBackward(handle.get(), tg.get(), grad, tb.get(),
                                  base.data(), strides, 1, nullptr, 0),
            CNNL_STATUS_SUCCESS);
  std::vector<float> want(8, 0);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 2; ++j) want[size_t(1 + i + 2 * j)] += grad[i * 2 + j];
  }
  EXPECT_EQ(base, want);
}

TEST(CnnlLaterForms, UnfoldWindowsAndCol2ImAsTheAdjointOfIm2Col) {
  Handle handle;
  // Windows of 3 every 2 along dimension 1 of a [2, 7] input: [2, 3, 3].
  std::vector<float> in(14);
  for (size_t i = 0; i < 14; ++i) in[i] = float(i);
  Tensor tin(CNNL_DTYPE_FLOAT, {2, 7}), tout(CNNL_DTYPE_FLOAT, {2, 3, 3});
  float windows[18] = {};
  ASSERT_EQ(cnnlUnfold(handle.get(), -1, 3, 2, tin.get(), in.data(), tout.get(),
                       windows),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 2; ++r) {
    for (int k = 0; k < 3; ++k) {
      for (int e = 0; e < 3; ++e) {
        EXPECT_EQ(windows[(r * 3 + k) * 3 + e], in[size_t(r * 7 + 2 * k + e)]);
      }
    }
  }

  // Col2Im of an image [1, 2, 5, 4] with a 3 x 2 window, padding {1, 0, 0,
  // 1}, stride {2, 1}, dilation {1, 2}: <im2col(x), col> = <x, col2im(col)>
  // with im2col written here as a plain loop.
  const int n = 1, c = 2, h = 5, w = 4, kh = 3, kw = 2;
  const int pad[] = {1, 0, 0, 1}, stride[] = {2, 1}, dilation[] = {1, 2};
  const int oh =
      (h + pad[0] + pad[1] - dilation[0] * (kh - 1) - 1) / stride[0] + 1;
  const int ow =
      (w + pad[2] + pad[3] - dilation[1] * (kw - 1) - 1) / stride[1] + 1;
  const std::vector<float> x = random_floats(size_t(n * c * h * w), 40);
  const std::vector<float> col =
      random_floats(size_t(n * c * kh * kw * oh * ow), 41);
  double lhs = 0;
  for (int ch = 0; ch < c; ++ch) {
    for (int ki = 0; ki < kh; ++ki) {
      for (int kj = 0; kj < kw; ++kj) {
        for (int oy = 0; oy < oh; ++oy) {
          for (int ox = 0; ox < ow; ++ox) {
            const int iy = oy * stride[0] - pad[0] + ki * dilation[0];
            const int ix = ox * stride[1] - pad[2] + kj * dilation[1];
            if (iy < 0 || iy >= h || ix < 0 || ix >= w) continue;
            lhs += double(x[size_t((ch * h + iy) * w + ix)]) *
                   col[size_t(((ch * kh + ki) * kw + kj) * oh * ow + oy * ow +
                              ox)];
          }
        }
      }
    }
  }
  cnnlConvolutionDescriptor_t conv;
  ASSERT_EQ(cnnlCreateConvolutionDescriptor(&conv), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlSetConvolutionDescriptor(conv, 4, pad, stride, dilation, 1,
                                         CNNL_DTYPE_FLOAT),
            CNNL_STATUS_SUCCESS);
  cnnl_test::Desc ty(CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, {n, c, h, w}),
      tw(CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, {1, 1, kh, kw});
  Tensor tcol(CNNL_DTYPE_FLOAT, {n, c * kh * kw, oh * ow});
  size_t ws = 99;
  ASSERT_EQ(cnnlGetCol2ImWorkspaceSize(handle.get(), tcol.get(), tw.get(),
                                       ty.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  std::vector<float> image(x.size(), -1);
  ASSERT_EQ(cnnlCol2Im(handle.get(), tcol.get(), col.data(), tw.get(), conv,
                       nullptr, 0, ty.get(), image.data()),
            CNNL_STATUS_SUCCESS);
  double rhs = 0;
  for (size_t i = 0; i < x.size(); ++i) rhs += double(x[i]) * image[i];
  EXPECT_NEAR(lhs, rhs, 1e-4 * (1 + std::fabs(lhs)));
  cnnlDestroyConvolutionDescriptor(conv);
}

TEST(CnnlLaterForms, CumulativeProductsAndExtremes) {
  Handle handle;
  const float x[] = {2, -1, 3, 3, NAN, 1, 0.5f, 4, -2, 4, 1, 1};
  Tensor t(CNNL_DTYPE_FLOAT, {2, 6}), ti(CNNL_DTYPE_INT64, {2, 6});
  size_t ws = 99;
  ASSERT_EQ(cnnlGetCumprodWorkspaceSize(handle.get(), t.get(), 1, &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  float prod[12] = {}, rev[12] = {}, maxv[12] = {}, minv[12] = {};
  int64_t maxi[12] = {}, mini[12] = {};
  ASSERT_EQ(cnnlCumprod_v2(handle.get(), t.get(), x, 1, false, false, t.get(),
                           prod, nullptr, 0),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlCumprod_v2(handle.get(), t.get(), x, -1, true, true, t.get(),
                           rev, nullptr, 0),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(
      cnnlCummax(handle.get(), t.get(), x, 1, t.get(), maxv, ti.get(), maxi),
      CNNL_STATUS_SUCCESS);
  ASSERT_EQ(
      cnnlCummin(handle.get(), t.get(), x, 1, t.get(), minv, ti.get(), mini),
      CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 2; ++r) {
    float acc = 1, after = 1;
    float hi = 0, lo = 0;
    int64_t hi_at = 0, lo_at = 0;
    for (int c = 0; c < 6; ++c) {
      const float v = x[r * 6 + c];
      acc *= v;
      if (std::isnan(acc)) {
        EXPECT_TRUE(std::isnan(prod[r * 6 + c]));
      } else {
        EXPECT_FLOAT_EQ(prod[r * 6 + c], acc);
      }
      // Ties move the index forward; a NaN stays.
      if (c == 0 || (!std::isnan(hi) && (std::isnan(v) || v >= hi))) {
        hi = v;
        hi_at = c;
      }
      if (c == 0 || (!std::isnan(lo) && (std::isnan(v) || v <= lo))) {
        lo = v;
        lo_at = c;
      }
      EXPECT_EQ(maxi[r * 6 + c], hi_at) << r << "," << c;
      EXPECT_EQ(mini[r * 6 + c], lo_at) << r << "," << c;
      if (!std::isnan(hi)) EXPECT_EQ(maxv[r * 6 + c], hi);
      if (!std::isnan(lo)) EXPECT_EQ(minv[r * 6 + c], lo);
    }
    // Exclusive and reversed: the product of the elements after c.
    for (int c = 5; c >= 0; --c) {
      if (!std::isnan(after)) EXPECT_FLOAT_EQ(rev[r * 6 + c], after);
      after *= x[r * 6 + c];
    }
  }
}

TEST(CnnlLaterForms, TraceDiagCrossMatMulAndComplex) {
  Handle handle;
  std::vector<float> m(12);
  for (size_t i = 0; i < 12; ++i) m[i] = float(i) - 3;
  Tensor t34(CNNL_DTYPE_FLOAT, {3, 4}), t1(CNNL_DTYPE_FLOAT, {1});
  float trace = 0;
  size_t ws = 99;
  ASSERT_EQ(cnnlGetTraceWorkspaceSize(handle.get(), t34.get(), &ws),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlTrace(handle.get(), t34.get(), m.data(), nullptr, 0, t1.get(),
                      &trace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(trace, m[0] + m[5] + m[10]);
  // Diagonal 1 of the matrix, and the vector on diagonal -1.
  float diag[3] = {}, square[16] = {};
  Tensor t3(CNNL_DTYPE_FLOAT, {3}), t44(CNNL_DTYPE_FLOAT, {4, 4});
  ASSERT_EQ(cnnlDiag(handle.get(), 1, t34.get(), m.data(), t3.get(), diag),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(diag[i], m[size_t(i * 4 + i + 1)]);
  ASSERT_EQ(cnnlDiag(handle.get(), -1, t3.get(), diag, t44.get(), square),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(square[r * 4 + c], r == c + 1 ? diag[c] : 0.0f);
    }
  }
  // Cross products of two rows [2, 3] by one vector [3] along dim 1.
  const float a[] = {1, 0, 0, 1, 2, 3}, b[] = {0, 1, 0};
  float cross[6] = {};
  Tensor t23(CNNL_DTYPE_FLOAT, {2, 3});
  ASSERT_EQ(cnnlGetCrossWorkspaceSize(handle.get(), t23.get(), t3.get(),
                                      t23.get(), 1, &ws),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlCross(handle.get(), t23.get(), a, t3.get(), b, t23.get(), cross,
                      nullptr, 0, 1),
            CNNL_STATUS_SUCCESS);
  const float want_cross[] = {0, 0, 1, -3, 0, 1};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(cross[i], want_cross[i]) << i;
  // c = 2 a^T b + 0.5 c, a [3, 2], b [3, 4].
  const std::vector<float> ma = random_floats(6, 50),
                           mb = random_floats(12, 51);
  std::vector<float> mc = random_floats(8, 52);
  const std::vector<float> c0 = mc;
  Tensor t32(CNNL_DTYPE_FLOAT, {3, 2}), t24(CNNL_DTYPE_FLOAT, {2, 4});
  const float alpha = 2, beta = 0.5f;
  ASSERT_EQ(cnnlMatMul(handle.get(), true, false, &alpha, t32.get(), ma.data(),
                       t34.get(), mb.data(), &beta, t24.get(), mc.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 4; ++j) {
      double want = 0;
      for (int k = 0; k < 3; ++k)
        want += ma[size_t(k * 2 + i)] * mb[size_t(k * 4 + j)];
      EXPECT_NEAR(mc[size_t(i * 4 + j)], 2 * want + 0.5 * c0[size_t(i * 4 + j)],
                  1e-4);
    }
  }
  // |3 + 4i| and conj(1 - 2i).
  const float z[] = {3, 4, 1, -2};
  float mag[2] = {}, conj[4] = {};
  Tensor tz(CNNL_DTYPE_COMPLEX_FLOAT, {2}), tr(CNNL_DTYPE_FLOAT, {2});
  ASSERT_EQ(cnnlComplexAbs(handle.get(), tz.get(), z, tr.get(), mag),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlConj(handle.get(), tz.get(), z, tz.get(), conj),
            CNNL_STATUS_SUCCESS);
  EXPECT_FLOAT_EQ(mag[0], 5);
  EXPECT_FLOAT_EQ(mag[1], std::sqrt(5.0f));
  const float want_conj[] = {3, -4, 1, 2};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(conj[i], want_conj[i]);
}

TEST(CnnlLaterForms, CdistAndPreluWithTheirGradients) {
  Handle handle;
  // x1 [2, 3, 4], x2 [2, 2, 4]: distances [2, 3, 2] for p 0, 1, 2, 3, inf.
  const std::vector<float> x1 = random_floats(24, 60),
                           x2 = random_floats(16, 61);
  const std::vector<float> grad = random_floats(12, 62);
  Tensor t1(CNNL_DTYPE_FLOAT, {2, 3, 4}), t2(CNNL_DTYPE_FLOAT, {2, 2, 4}),
      td(CNNL_DTYPE_FLOAT, {2, 3, 2});
  for (const float p : {0.0f, 1.0f, 2.0f, 3.0f, float(INFINITY)}) {
    float dist[12] = {}, dx1[24] = {};
    ASSERT_EQ(cnnlCdistForward(handle.get(), t1.get(), x1.data(), t2.get(),
                               x2.data(), p, td.get(), dist),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlCdistBackward(handle.get(), t1.get(), x1.data(), t2.get(),
                                x2.data(), td.get(), dist, td.get(),
                                grad.data(), p, t1.get(), dx1),
              CNNL_STATUS_SUCCESS);
    std::vector<double> want_dx(24, 0);
    for (int n = 0; n < 2; ++n) {
      for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 2; ++j) {
          double acc = 0, top = 0;
          for (int k = 0; k < 4; ++k) {
            const double d = std::fabs(x1[size_t((n * 3 + i) * 4 + k)] -
                                       x2[size_t((n * 2 + j) * 4 + k)]);
            acc += p == 0 ? (d != 0) : std::pow(d, double(p));
            top = std::max(top, d);
          }
          const double want = std::isinf(p) ? top
                              : p == 0      ? acc
                                            : std::pow(acc, 1 / double(p));
          const size_t pair = size_t((n * 3 + i) * 2 + j);
          EXPECT_NEAR(dist[pair], want, 1e-4 * (1 + want)) << "p " << p;
          // The gradient by central differences of the distance.
          for (int k = 0; k < 4 && p != 0; ++k) {
            const double diff = x1[size_t((n * 3 + i) * 4 + k)] -
                                x2[size_t((n * 2 + j) * 4 + k)];
            const double slope =
                std::isinf(p)
                    ? (std::fabs(diff) == want ? (diff > 0 ? 1 : -1) : 0)
                    : (diff > 0 ? 1 : -1) *
                          std::pow(std::fabs(diff) / want, p - 1);
            want_dx[size_t((n * 3 + i) * 4 + k)] += grad[pair] * slope;
          }
        }
      }
    }
    for (size_t e = 0; e < 24; ++e) {
      EXPECT_NEAR(dx1[e], want_dx[e], 1e-4 * (1 + std::fabs(want_dx[e])))
          << "p " << p << " element " << e;
    }
  }

  // PReLU over [2, 3, 2] with a per-channel weight [3].
  const std::vector<float> x = random_floats(12, 63), g = random_floats(12, 64);
  const float w[] = {0.25f, -0.5f, 2};
  Tensor tx(CNNL_DTYPE_FLOAT, {2, 3, 2}), tw(CNNL_DTYPE_FLOAT, {3});
  float y[12] = {}, dx[12] = {}, dw[3] = {};
  size_t ws = 99;
  ASSERT_EQ(
      cnnlPrelu(handle.get(), tx.get(), x.data(), tw.get(), w, tx.get(), y),
      CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlGetPreluBackwardWorkspaceSize(handle.get(), tw.get(), &ws),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(
      cnnlPreluBackward(handle.get(), tx.get(), x.data(), tx.get(), g.data(),
                        tw.get(), w, nullptr, 0, tx.get(), dx, tw.get(), dw),
      CNNL_STATUS_SUCCESS);
  double want_dw[3] = {};
  for (size_t i = 0; i < 12; ++i) {
    const size_t c = (i / 2) % 3;
    EXPECT_FLOAT_EQ(y[i], x[i] > 0 ? x[i] : w[c] * x[i]);
    EXPECT_FLOAT_EQ(dx[i], x[i] > 0 ? g[i] : w[c] * g[i]);
    if (!(x[i] > 0)) want_dw[c] += double(x[i]) * g[i];
  }
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(dw[c], want_dw[c], 1e-5);
}

// Three boxes: 0 and 1 overlap (IoU 0.6 with the 0/1 boundary offset 0,
// more with offset 1), 2 apart; confidences 0.9, 0.8, 0.3.
TEST(CnnlLaterForms, PositionalNmsSettersSelectAsTheAttributesDo) {
  Handle handle;
  const float boxes[] = {0, 0, 10, 10, 0, 2, 10, 12, 20, 20, 30, 30};
  const float conf[] = {0.9f, 0.8f, 0.3f};
  Tensor tb(CNNL_DTYPE_FLOAT, {3, 4}), tc(CNNL_DTYPE_FLOAT, {3}),
      to(CNNL_DTYPE_INT32, {3});
  size_t ws = 99;
  ASSERT_EQ(cnnlGetNmsWorkspaceSize_v2(handle.get(), tc.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(cnnlGetNmsWorkspaceSize_v3(handle.get(), tb.get(), tc.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  const struct {
    float iou, confidence;
    int max_out;
    std::vector<int32_t> kept;
  } rows[] = {
      {0.5f, 0.0f, 3, {0, 2}},     // box 1 suppressed by box 0
      {0.7f, 0.0f, 3, {0, 1, 2}},  // IoU 0.67 stays below 0.7
      {0.5f, 0.5f, 3, {0}},        // box 2 under the confidence threshold
      {0.7f, 0.0f, 2, {0, 1}},     // the first two only
  };
  for (const auto& row : rows) {
    for (const bool five : {false, true}) {
      cnnlNmsDescriptor_t nms;
      ASSERT_EQ(cnnlCreateNmsDescriptor(&nms), CNNL_STATUS_SUCCESS);
      ASSERT_EQ(
          five ? cnnlSetNmsDescriptor_v5(
                     nms, CNNL_NMS_BOX_DIAGONAL, CNNL_NMS_OUTPUT_TARGET_INDICES,
                     CNNL_NMS_ALGO_EXCLUDE_BOUNDARY, CNNL_NMS_HARD_NMS, row.iou,
                     0.0f, row.max_out, row.confidence, 0.0f, 0, false)
               : cnnlSetNmsDescriptor_v2(nms, CNNL_NMS_OUTPUT_TARGET_INDICES,
                                         row.iou, row.max_out, row.confidence,
                                         0),
          CNNL_STATUS_SUCCESS);
      int32_t out[3] = {-1, -1, -1}, count = -1;
      ASSERT_EQ(cnnlNms_v2(handle.get(), nms, tb.get(), boxes, tc.get(), conf,
                           nullptr, 0, to.get(), out, &count),
                CNNL_STATUS_SUCCESS);
      ASSERT_EQ(count, int32_t(row.kept.size())) << "iou " << row.iou;
      for (size_t i = 0; i < row.kept.size(); ++i)
        EXPECT_EQ(out[i], row.kept[i]);
      cnnlDestroyNmsDescriptor(nms);
    }
  }
}

// ---- Bad calls ----

struct Objects {
  Handle handle;
  Tensor f6{CNNL_DTYPE_FLOAT, {2, 3}}, f4{CNNL_DTYPE_FLOAT, {4}},
      i6{CNNL_DTYPE_INT32, {2, 3}}, i2{CNNL_DTYPE_INT32, {2}};
  cnnlBatchMatMulDescriptor_t bmm = nullptr;
  float in[16] = {1, 2, 3, 4, 5, 6};
  float out[16] = {};
  Objects() { cnnlBatchMatMulDescCreate(&bmm); }
  ~Objects() { cnnlBatchMatMulDescDestroy(bmm); }
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const Bad kBadCalls[] = {
    {"HardtanhMinAboveMax",
     [](Objects& o) {
       return cnnlHardtanh(o.handle.get(), o.f6.get(), o.in, -1.0f, 1.0f,
                           o.f6.get(), o.out);
     },
     kBad},
    {"HardtanhInt32",
     [](Objects& o) {
       return cnnlHardtanh(o.handle.get(), o.i6.get(), o.in, 1.0f, -1.0f,
                           o.i6.get(), o.out);
     },
     kNotSupported},
    {"SoftplusBetaZero",
     [](Objects& o) {
       return cnnlSoftplusForward(o.handle.get(), o.f6.get(), o.in, o.f6.get(),
                                  o.out, 0, 20);
     },
     kBad},
    {"ThresholdNullValue",
     [](Objects& o) {
       const float t = 0;
       return cnnlThreshold(o.handle.get(), o.f6.get(), o.in, &t, nullptr,
                            o.f6.get(), o.out);
     },
     kBad},
    {"ThresholdShapeMismatch",
     [](Objects& o) {
       const float t = 0;
       return cnnlThreshold(o.handle.get(), o.f6.get(), o.in, &t, &t,
                            o.f4.get(), o.out);
     },
     kBad},
    {"LogUnknownBase",
     [](Objects& o) {
       return cnnlLog(o.handle.get(), cnnlLogBase_t(3), o.f6.get(), o.in,
                      o.f6.get(), o.out);
     },
     kBad},
    {"SquareNullHandle",
     [](Objects& o) {
       return cnnlSquare(nullptr, o.f6.get(), o.in, o.f6.get(), o.out);
     },
     kBad},
    {"Expm1Int32",
     [](Objects& o) {
       return cnnlExpm1(o.handle.get(), CNNL_COMPUTATION_HIGH_PRECISION,
                        o.i6.get(), o.in, o.i6.get(), o.out);
     },
     kNotSupported},
    {"SqrtBackwardNullDiffY",
     [](Objects& o) {
       return cnnlSqrtBackward(o.handle.get(), o.f6.get(), o.in, nullptr,
                               o.out);
     },
     kBad},
    {"RsqrtBackwardNullDesc",
     [](Objects& o) {
       return cnnlRsqrtBackward(o.handle.get(), nullptr, o.in, o.in, o.out);
     },
     kBad},
    {"SquaredDifferenceNoBroadcast",
     [](Objects& o) {
       return cnnlSquaredDifference(o.handle.get(), o.f6.get(), o.in,
                                    o.f4.get(), o.in, o.f6.get(), o.out,
                                    nullptr, 0);
     },
     kBad},
    {"LogAddExpMixedTypes",
     [](Objects& o) {
       return cnnlLogAddExp(o.handle.get(), o.f6.get(), o.in, o.i6.get(), o.in,
                            nullptr, 0, o.f6.get(), o.out);
     },
     kBad},
    {"LogAddExp2WorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetLogAddExp2WorkspaceSize(o.handle.get(), o.f6.get(),
                                             o.f6.get(), o.f6.get(), nullptr);
     },
     kBad},
    {"DivNoNanInt32",
     [](Objects& o) {
       return cnnlDivNoNan_v2(o.handle.get(), CNNL_COMPUTATION_HIGH_PRECISION,
                              o.i6.get(), o.in, o.i6.get(), o.in, nullptr, 0,
                              o.i6.get(), o.out);
     },
     kNotSupported},
    {"ClipMinWrongType",
     [](Objects& o) {
       return cnnlClip_v3(o.handle.get(), o.f6.get(), o.in, o.i6.get(), o.in,
                          nullptr, nullptr, nullptr, 0, o.f6.get(), o.out);
     },
     kBad},
    {"ClipWorkspaceNullHandle",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetClipWorkspaceSize(nullptr, o.f6.get(), nullptr, nullptr,
                                       &size);
     },
     kBad},
    {"AssignAddNullAlpha",
     [](Objects& o) {
       const float b = 1;
       return cnnlAssignAdd(o.handle.get(), nullptr, o.f6.get(), o.in, nullptr,
                            0, &b, o.f6.get(), o.out);
     },
     kBad},
    {"AssignSubNoBroadcast",
     [](Objects& o) {
       const float one = 1;
       return cnnlAssignSub(o.handle.get(), &one, o.f4.get(), o.in, nullptr, 0,
                            &one, o.f6.get(), o.out);
     },
     kBad},
    {"GatherV2WorkspaceWithoutPointer",
     [](Objects& o) {
       return cnnlGather_v2(o.handle.get(), 1, o.f6.get(), o.in, o.i6.get(),
                            o.in, nullptr, 64, o.f6.get(), o.out);
     },
     kBad},
    {"GatherWorkspaceNullIndex",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetGatherWorkspaceSize(o.handle.get(), o.f6.get(), nullptr,
                                         o.f6.get(), 0, &size);
     },
     kBad},
    {"ScatterWorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetScatterWorkspaceSize(o.handle.get(), o.i6.get(), nullptr);
     },
     kBad},
    {"RollV2DimOutsideRank",
     [](Objects& o) {
       const int64_t shifts[] = {1}, dims[] = {5};
       return cnnlRoll_v2(o.handle.get(), o.f6.get(), o.in, shifts, 1, dims, 1,
                          nullptr, 0, o.f6.get(), o.out);
     },
     kBad},
    {"RollV2NegativeCount",
     [](Objects& o) {
       const int64_t shifts[] = {1};
       return cnnlRoll_v2(o.handle.get(), o.f6.get(), o.in, shifts, -1, nullptr,
                          0, nullptr, 0, o.f6.get(), o.out);
     },
     kBad},
    {"CumsumV2AxisOutsideRank",
     [](Objects& o) {
       return cnnlCumsum_v2(o.handle.get(), o.f6.get(), o.in, 4, false, false,
                            CNNL_NOT_PROPAGATE_NAN, o.f6.get(), o.out, nullptr,
                            0);
     },
     kBad},
    {"TriV2ShapeMismatch",
     [](Objects& o) {
       return cnnlTri_v2(o.handle.get(), 0, true, o.f6.get(), o.in, o.f4.get(),
                         o.out);
     },
     kBad},
    {"IndexFillIndexOutOfRange",
     [](Objects& o) {
       const int32_t index[] = {0, 9};
       return cnnlIndexFill(o.handle.get(), 1, 1.0f, o.f6.get(), o.in,
                            o.i2.get(), index, o.f6.get(), o.out);
     },
     kBad},
    {"IndexFillNullInputDesc",
     [](Objects& o) {
       const int32_t index[] = {0, 1};
       return cnnlIndexFill(o.handle.get(), 1, 1.0f, nullptr, o.in, o.i2.get(),
                            index, o.f6.get(), o.out);
     },
     kBad},
    {"AddNZeroInputs",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[] = {o.f6.get()};
       const void* const p[] = {o.in};
       return cnnlAddN(o.handle.get(), d, p, 0, o.f6.get(), o.out);
     },
     kBad},
    {"SizeOfUnknownType",
     [](Objects&) {
       size_t size = 0;
       return cnnlGetSizeOfDataType(cnnlDataType_t(-5), &size);
     },
     kBad},
    {"SizeOfNullSize",
     [](Objects&) { return cnnlGetSizeOfDataType(CNNL_DTYPE_FLOAT, nullptr); },
     kBad},
    {"OpTensorWorkspaceV2NullOpDesc",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetOpTensorWorkspaceSize_v2(
           o.handle.get(), nullptr, nullptr, o.f6.get(), o.in, nullptr,
           o.f6.get(), o.in, nullptr, o.f6.get(), o.out, &size);
     },
     kBad},
    {"ActivationFirstSetterUnknownMode",
     [](Objects&) {
       cnnlActivationDescriptor_t act;
       cnnlCreateActivationDescriptor(&act);
       const cnnlStatus_t status = cnnlSetActivationDescriptor(
           act, cnnlActivationMode_t(99), CNNL_NOT_PROPAGATE_NAN, 0.0f);
       cnnlDestroyActivationDescriptor(act);
       return status;
     },
     kBad},
    {"BmmAttrUnknown",
     [](Objects& o) {
       const int32_t one = 1;
       return cnnlSetBatchMatMulDescAttr(
           o.bmm, cnnlBatchMatMulDescAttribute_t(7), &one, sizeof(one));
     },
     kBad},
    {"BmmAttrWrongSize",
     [](Objects& o) {
       const int64_t one = 1;
       return cnnlSetBatchMatMulDescAttr(o.bmm, CNNL_BMM_DESC_TRANSA, &one,
                                         sizeof(one));
     },
     kBad},
    {"BmmTransposeNotBoolean",
     [](Objects& o) {
       const int32_t two = 2;
       return cnnlSetBatchMatMulDescAttr(o.bmm, CNNL_BMM_DESC_TRANSB, &two,
                                         sizeof(two));
     },
     kBad},
    {"BmmComputeTypeUnknown",
     [](Objects& o) {
       const int32_t type = -3;
       return cnnlSetBatchMatMulDescAttr(o.bmm, CNNL_BMM_DESC_COMPUTE_TYPE,
                                         &type, sizeof(type));
     },
     kBad},
    {"BmmGetSmallBuffer",
     [](Objects& o) {
       int16_t small = 0;
       return cnnlGetBatchMatMulDescAttr(o.bmm, CNNL_BMM_DESC_TRANSA, &small,
                                         sizeof(small), nullptr);
     },
     kBad},
    {"BmmBCastNullDescriptor",
     [](Objects&) {
       const int32_t one = 1;
       return cnnlSetBatchMatMulBCastDescAttr(
           nullptr, CNNL_BMM_BCAST_DESC_TRANSA, &one, sizeof(one));
     },
     kBad},
    {"StridedSliceBackwardWrongShape",
     [](Objects& o) {
       const int b[] = {0, 0}, e[] = {2, 3}, st[] = {1, 1};
       return cnnlStridedSliceBackward(o.handle.get(), b, e, st, o.f4.get(),
                                       o.in, o.f6.get(), o.out);
     },
     kBad},
    {"StridedSliceBackwardZeroStride",
     [](Objects& o) {
       const int b[] = {0, 0}, e[] = {2, 3}, st[] = {1, 0};
       return cnnlStridedSliceBackward(o.handle.get(), b, e, st, o.f6.get(),
                                       o.in, o.f6.get(), o.out);
     },
     kBad},
    {"SplitSizesDoNotAddUp",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[] = {o.f6.get(), o.f6.get()};
       void* outs[] = {o.out, o.out};
       return cnnlSplit(o.handle.get(), 2, 0, o.f6.get(), o.in, nullptr, 0, d,
                        outs);
     },
     kBad},
    {"SplitAxisOutsideRank",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[] = {o.f6.get()};
       void* outs[] = {o.out};
       return cnnlSplit(o.handle.get(), 1, 2, o.f6.get(), o.in, nullptr, 0, d,
                        outs);
     },
     kBad},
    {"SplitWorkspaceZeroPieces",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetSplitWorkspaceSize(o.handle.get(), 0, &size);
     },
     kBad},
    {"NumTrueFloatCount",
     [](Objects& o) {
       return cnnlNumTrue_v2(o.handle.get(), o.f6.get(), o.in, o.f4.get(),
                             o.out);
     },
     kBad},
    {"NumTrueNullHandle",
     [](Objects& o) {
       return cnnlNumTrue_v3(nullptr, o.f6.get(), o.in, nullptr, 0, o.i2.get(),
                             o.out);
     },
     kBad},
    {"CtcUnknownReduceMode",
     [](Objects&) {
       cnnlCTCLossDescriptor_t desc;
       cnnlCreateCTCLossDescriptor(&desc);
       const cnnlStatus_t status = cnnlSetCTCLossDescriptor(
           desc, CNNL_NONE_NORMALIZATION, cnnlCTCLossReduceMode_t(5),
           CNNL_NONE_ZERO_INFINITY, 0, 10, 5);
       cnnlDestroyCTCLossDescriptor(desc);
       return status;
     },
     kBad},
    {"CtcNegativeBlank",
     [](Objects&) {
       cnnlCTCLossDescriptor_t desc;
       cnnlCreateCTCLossDescriptor(&desc);
       const cnnlStatus_t status = cnnlSetCTCLossDescriptor(
           desc, CNNL_NONE_NORMALIZATION, CNNL_REDUCE_MODE_SUM,
           CNNL_NONE_ZERO_INFINITY, -1, 10, 5);
       cnnlDestroyCTCLossDescriptor(desc);
       return status;
     },
     kBad},
    {"CtcGetNeverSet",
     [](Objects&) {
       cnnlCTCLossDescriptor_t desc;
       cnnlCreateCTCLossDescriptor(&desc);
       cnnlCTCLossNormalizationMode_t norm;
       cnnlCTCLossReduceMode_t reduce;
       cnnlCTCLossZeroInfinityMode_t zero;
       int blank, max_input, max_label;
       const cnnlStatus_t status = cnnlGetCTCLossDescriptor(
           desc, &norm, &reduce, &zero, &blank, &max_input, &max_label);
       cnnlDestroyCTCLossDescriptor(desc);
       return status;
     },
     kBad},
    {"RandUnknownRngType",
     [](Objects& o) {
       return cnnlGenerateRandUniform(o.handle.get(), cnnlRandRngType_t(9),
                                      false, 1, 0, nullptr, nullptr, 0, 0.0f,
                                      1.0f, o.f6.get(), o.out);
     },
     kBad},
    {"RandPointersNull",
     [](Objects& o) {
       return cnnlGenerateRandNormal(o.handle.get(), CNNL_RAND_RNG_PHILOX, true,
                                     1, 0, nullptr, nullptr, 0, 0.0f, 1.0f,
                                     o.f6.get(), o.out);
     },
     kBad},
    {"RandUniformMinAboveMax",
     [](Objects& o) {
       return cnnlGenerateRandUniform(o.handle.get(), CNNL_RAND_RNG_PHILOX,
                                      false, 1, 0, nullptr, nullptr, 0, 2.0f,
                                      1.0f, o.f6.get(), o.out);
     },
     kBad},
    {"RandUniformInt32Output",
     [](Objects& o) {
       return cnnlGenerateRandUniform(o.handle.get(), CNNL_RAND_RNG_PHILOX,
                                      false, 1, 0, nullptr, nullptr, 0, 0.0f,
                                      1.0f, o.i6.get(), o.out);
     },
     kNotSupported},
    {"RandExponentialNegativeRate",
     [](Objects& o) {
       const float rate = -1;
       return cnnlGenerateRandExponential(o.handle.get(), CNNL_RAND_RNG_PHILOX,
                                          &rate, false, 1, 0, nullptr, nullptr,
                                          0, o.f6.get(), o.out);
     },
     kBad},
    {"RandDiscreteZeroRange",
     [](Objects& o) {
       return cnnlGenerateRandDiscreteUniform(
           o.handle.get(), CNNL_RAND_RNG_PHILOX, false, 1, 0, nullptr, nullptr,
           0, 0, 0, o.i6.get(), o.out);
     },
     kBad},
    {"DropoutV3KeepAboveOne",
     [](Objects& o) {
       Tensor mask(CNNL_DTYPE_UINT8, {2, 3});
       uint8_t bits[6] = {};
       return cnnlFusedDropout_v3(
           o.handle.get(), CNNL_RAND_RNG_PHILOX, o.f6.get(), o.in, false, 1, 0,
           nullptr, nullptr, 0, 1.5f, mask.get(), bits, o.f6.get(), o.out);
     },
     kBad},
    {"PolarRealOutput",
     [](Objects& o) {
       return cnnlPolar(o.handle.get(), o.f6.get(), o.in, o.f6.get(), o.in,
                        o.f6.get(), o.out, nullptr, 0);
     },
     kBad},
    {"PolarInt32",
     [](Objects& o) {
       return cnnlPolar(o.handle.get(), o.i6.get(), o.in, o.i6.get(), o.in,
                        o.f6.get(), o.out, nullptr, 0);
     },
     kNotSupported},
    {"AsStridedBackwardPastTheBase",
     [](Objects& o) {
       const uint32_t strides[] = {3, 1};
       return cnnlAsStridedBackward(o.handle.get(), o.f6.get(), o.in,
                                    o.f6.get(), o.out, strides, 1, nullptr, 0);
     },
     kBad},
    {"AsStridedBackwardNullStrides",
     [](Objects& o) {
       return cnnlAsStridedBackward(o.handle.get(), o.f6.get(), o.in,
                                    o.f6.get(), o.out, nullptr, 0, nullptr, 0);
     },
     kBad},
    {"UnfoldSizeBeyondDimension",
     [](Objects& o) {
       return cnnlUnfold(o.handle.get(), 1, 4, 1, o.f6.get(), o.in, o.f6.get(),
                         o.out);
     },
     kBad},
    {"UnfoldWrongOutputShape",
     [](Objects& o) {
       return cnnlUnfold(o.handle.get(), 1, 2, 1, o.f6.get(), o.in, o.f6.get(),
                         o.out);
     },
     kBad},
    {"Col2ImUnsetConvolution",
     [](Objects& o) {
       cnnlConvolutionDescriptor_t conv;
       cnnlCreateConvolutionDescriptor(&conv);
       Tensor w(CNNL_DTYPE_FLOAT, {1, 1, 1, 1}),
           y(CNNL_DTYPE_FLOAT, {1, 1, 2, 3});
       Tensor col(CNNL_DTYPE_FLOAT, {1, 1, 6});
       const cnnlStatus_t status =
           cnnlCol2Im(o.handle.get(), col.get(), o.in, w.get(), conv, nullptr,
                      0, y.get(), o.out);
       cnnlDestroyConvolutionDescriptor(conv);
       return status;
     },
     kBad},
    {"CumprodAxisOutsideRank",
     [](Objects& o) {
       return cnnlCumprod_v2(o.handle.get(), o.f6.get(), o.in, 2, false, false,
                             o.f6.get(), o.out, nullptr, 0);
     },
     kBad},
    {"CummaxFloatIndices",
     [](Objects& o) {
       return cnnlCummax(o.handle.get(), o.f6.get(), o.in, 1, o.f6.get(), o.out,
                         o.f6.get(), o.out);
     },
     kBad},
    {"TraceNot2D",
     [](Objects& o) {
       Tensor one(CNNL_DTYPE_FLOAT, {1});
       return cnnlTrace(o.handle.get(), o.f4.get(), o.in, nullptr, 0, one.get(),
                        o.out);
     },
     kBad},
    {"DiagWrongOutputLength",
     [](Objects& o) {
       return cnnlDiag(o.handle.get(), 0, o.f6.get(), o.in, o.f4.get(), o.out);
     },
     kBad},
    {"CrossDimNotThree",
     [](Objects& o) {
       return cnnlCross(o.handle.get(), o.f6.get(), o.in, o.f6.get(), o.in,
                        o.f6.get(), o.out, nullptr, 0, 0);
     },
     kBad},
    {"CdistNegativeP",
     [](Objects& o) {
       Tensor d(CNNL_DTYPE_FLOAT, {2, 2});
       return cnnlCdistForward(o.handle.get(), o.f6.get(), o.in, o.f6.get(),
                               o.in, -1.0f, d.get(), o.out);
     },
     kBad},
    {"CdistWrongShape",
     [](Objects& o) {
       return cnnlCdistForward(o.handle.get(), o.f6.get(), o.in, o.f6.get(),
                               o.in, 2.0f, o.f6.get(), o.out);
     },
     kBad},
    {"PreluWeightMismatch",
     [](Objects& o) {
       return cnnlPrelu(o.handle.get(), o.f6.get(), o.in, o.f4.get(), o.in,
                        o.f6.get(), o.out);
     },
     kBad},
    {"PreluBackwardNullWeightGrad",
     [](Objects& o) {
       return cnnlPreluBackward(o.handle.get(), o.f6.get(), o.in, o.f6.get(),
                                o.in, o.f6.get(), o.in, nullptr, 0, o.f6.get(),
                                o.out, nullptr, nullptr);
     },
     kBad},
    {"MatMulShapeMismatch",
     [](Objects& o) {
       const float one = 1;
       return cnnlMatMul(o.handle.get(), false, false, &one, o.f6.get(), o.in,
                         o.f6.get(), o.in, &one, o.f6.get(), o.out);
     },
     kBad},
    {"ComplexAbsOfReal",
     [](Objects& o) {
       return cnnlComplexAbs(o.handle.get(), o.f6.get(), o.in, o.f6.get(),
                             o.out);
     },
     kNotSupported},
    {"NmsV2NegativeMaximum",
     [](Objects&) {
       cnnlNmsDescriptor_t nms;
       cnnlCreateNmsDescriptor(&nms);
       const cnnlStatus_t status = cnnlSetNmsDescriptor_v2(
           nms, CNNL_NMS_OUTPUT_TARGET_INDICES, 0.5f, -1, 0.0f, 0);
       cnnlDestroyNmsDescriptor(nms);
       return status;
     },
     kBad},
    {"NmsV5SoftNms",
     [](Objects&) {
       cnnlNmsDescriptor_t nms;
       cnnlCreateNmsDescriptor(&nms);
       const cnnlStatus_t status = cnnlSetNmsDescriptor_v5(
           nms, CNNL_NMS_BOX_DIAGONAL, CNNL_NMS_OUTPUT_TARGET_INDICES,
           CNNL_NMS_ALGO_EXCLUDE_BOUNDARY, CNNL_NMS_SOFT_NMS_LINEAR, 0.5f, 0.5f,
           4, 0.0f, 0.0f, 0, false);
       cnnlDestroyNmsDescriptor(nms);
       return status;
     },
     kNotSupported},
    {"NmsWorkspaceV3NullBoxes",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetNmsWorkspaceSize_v3(o.handle.get(), nullptr, nullptr,
                                         &size);
     },
     kBad},
    {"BmmDestroyNull",
     [](Objects&) { return cnnlBatchMatMulDescDestroy(nullptr); }, kBad},
    {"BmmAlgoCreateNull",
     [](Objects&) { return cnnlBatchMatMulBCastAlgoCreate(nullptr); }, kBad},
};

class CnnlLaterFormsBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlLaterFormsBadInput, ReturnsTheStatusLogsAndWritesNothing) {
  Objects objects;
  const float before[16] = {};
  testing::internal::CaptureStderr();
  const cnnlStatus_t status = GetParam().call(objects);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  EXPECT_NE(log.find("[xbang] cnnl"), std::string::npos) << log;
  EXPECT_EQ(std::memcmp(objects.out, before, sizeof(before)), 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlLaterFormsBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
