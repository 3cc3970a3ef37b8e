// CNNL's cnnlCastDataType, cnnlExpand, cnnlLogicOp and cnnlReduce against
// plain loops, the element-wise math against the C++ library's functions,
// the random generators against their distributions, and their bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"
#include "xbang/core/bfloat16.h"

namespace {

using cnnl_test::from_half;
using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::Tensor;
using cnnl_test::to_half;

TEST(CnnlCastDataType, FloatToHalfAndBack) {
  Handle handle;
  const std::vector<float> x = random_floats(24, 1);
  std::vector<uint16_t> h(24);
  std::vector<float> back(24);
  Tensor tf(CNNL_DTYPE_FLOAT, {2, 3, 4}), th(CNNL_DTYPE_HALF, {2, 3, 4});
  ASSERT_EQ(cnnlCastDataType(handle.get(), tf.get(), x.data(),
                             CNNL_CAST_FLOAT_TO_HALF, th.get(), h.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(h, to_half(x));
  ASSERT_EQ(cnnlCastDataType(handle.get(), th.get(), h.data(),
                             CNNL_CAST_HALF_TO_FLOAT, tf.get(), back.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(back[i], from_half(h[i]));
}

TEST(CnnlCastDataType, FloatToIntTruncatesAndSaturates) {
  Handle handle;
  const std::vector<float> x = {2.7f, -2.7f, 1e10f, -1e10f, NAN, 0.5f};
  std::vector<int32_t> i32(6, 7);
  std::vector<int8_t> i8(6, 7);
  Tensor tf(CNNL_DTYPE_FLOAT, {6}), ti(CNNL_DTYPE_INT32, {6}),
      t8(CNNL_DTYPE_INT8, {6});
  ASSERT_EQ(cnnlCastDataType(handle.get(), tf.get(), x.data(),
                             CNNL_CAST_FLOAT_TO_INT32, ti.get(), i32.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(i32,
            (std::vector<int32_t>{2, -2, 2147483647, -2147483647 - 1, 0, 0}));
  ASSERT_EQ(cnnlCastDataType(handle.get(), tf.get(), x.data(),
                             CNNL_CAST_FLOAT_TO_INT8, t8.get(), i8.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(i8, (std::vector<int8_t>{2, -2, 127, -128, 0, 0}));
}

TEST(CnnlCastDataType, BfloatAndBoolThroughStrides) {
  Handle handle;
  // Every other element of a [3, 4] float view read through strides {8, 2}.
  const std::vector<float> x = random_floats(24, 2);
  Tensor tx(CNNL_DTYPE_FLOAT, {3, 4}, {8, 2});
  Tensor tb(CNNL_DTYPE_BFLOAT16, {3, 4}), tbool(CNNL_DTYPE_BOOL, {3, 4});
  std::vector<uint16_t> b(12);
  ASSERT_EQ(cnnlCastDataType(handle.get(), tx.get(), x.data(),
                             CNNL_CAST_FLOAT_TO_BFLOAT16, tb.get(), b.data()),
            CNNL_STATUS_SUCCESS);
  std::vector<uint8_t> flags(12, 9);
  const std::vector<int32_t> ints = {0, 3, 0, -1, 0, 0, 5, 0, 0, 0, 0, 1};
  Tensor ti(CNNL_DTYPE_INT32, {3, 4});
  ASSERT_EQ(
      cnnlCastDataType(handle.get(), ti.get(), ints.data(),
                       CNNL_CAST_INT32_TO_BOOL, tbool.get(), flags.data()),
      CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 4; ++j) {
      const size_t at = size_t(i * 4 + j);
      EXPECT_EQ(b[at],
                xbang::float_to_bfloat16_bits_rn(x[size_t(i * 8 + j * 2)]));
      EXPECT_EQ(flags[at], ints[at] != 0 ? 1 : 0);
    }
  }
}

TEST(CnnlExpand, BroadcastsFloatHalfAndInt8) {
  Handle handle;
  const std::vector<float> x = random_floats(3, 3);
  Tensor tx(CNNL_DTYPE_FLOAT, {3, 1}), ty(CNNL_DTYPE_FLOAT, {2, 3, 4});
  std::vector<float> y(24);
  ASSERT_EQ(cnnlExpand(handle.get(), tx.get(), x.data(), ty.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 3; ++b) {
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(y[size_t((a * 3 + b) * 4 + c)], x[size_t(b)]);
    }
  }
  const std::vector<uint16_t> h = to_half(random_floats(4, 4));
  Tensor thx(CNNL_DTYPE_HALF, {4}), thy(CNNL_DTYPE_HALF, {3, 4});
  std::vector<uint16_t> hy(12);
  ASSERT_EQ(cnnlExpand(handle.get(), thx.get(), h.data(), thy.get(), hy.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(hy[size_t(i)], h[size_t(i % 4)]);
  const std::vector<int8_t> q = {-3, 9};
  Tensor tqx(CNNL_DTYPE_INT8, {2, 1}), tqy(CNNL_DTYPE_INT8, {2, 3}, {1, 2});
  std::vector<int8_t> qy(6);
  ASSERT_EQ(cnnlExpand(handle.get(), tqx.get(), q.data(), tqy.get(), qy.data()),
            CNNL_STATUS_SUCCESS);
  // Output strides {1, 2}: element (i, j) at i + 2 j.
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) EXPECT_EQ(qy[size_t(i + 2 * j)], q[size_t(i)]);
  }
}

bool logic_ref(cnnlLogicOp_t op, float x, float y) {
  switch (op) {
    case CNNL_LOGIC_OP_EQ:
      return x == y;
    case CNNL_LOGIC_OP_NE:
      return x != y;
    case CNNL_LOGIC_OP_LT:
      return x < y;
    case CNNL_LOGIC_OP_LE:
      return x <= y;
    case CNNL_LOGIC_OP_GT:
      return x > y;
    case CNNL_LOGIC_OP_GE:
      return x >= y;
    case CNNL_LOGIC_OP_AND:
      return x != 0 && y != 0;
    case CNNL_LOGIC_OP_OR:
      return x != 0 || y != 0;
    case CNNL_LOGIC_OP_XOR:
      return (x != 0) != (y != 0);
    case CNNL_LOGIC_OP_NOT:
      return x == 0;
  }
  return false;
}

TEST(CnnlLogicOp, EveryOpWithBroadcastInFloatAndHalf) {
  Handle handle;
  std::vector<float> a = {0, 1, 2, 3, 0, -1}, b = {2, 0, 1};
  Tensor ta(CNNL_DTYPE_FLOAT, {2, 3}), tb(CNNL_DTYPE_FLOAT, {3}),
      to(CNNL_DTYPE_BOOL, {2, 3});
  Tensor tha(CNNL_DTYPE_HALF, {2, 3}), thb(CNNL_DTYPE_HALF, {1, 3});
  const std::vector<uint16_t> ha = to_half(a), hb = to_half(b);
  size_t workspace = 9;
  ASSERT_EQ(cnnlGetLogicOpWorkspaceSize(handle.get(), ta.get(), tb.get(),
                                        to.get(), &workspace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  for (int op = CNNL_LOGIC_OP_EQ; op <= CNNL_LOGIC_OP_NOT; ++op) {
    std::vector<uint8_t> out(6, 7), hout(6, 7);
    ASSERT_EQ(cnnlLogicOp(handle.get(), cnnlLogicOp_t(op), ta.get(), a.data(),
                          tb.get(), b.data(), nullptr, 0, to.get(), out.data()),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(
        cnnlLogicOp(handle.get(), cnnlLogicOp_t(op), tha.get(), ha.data(),
                    thb.get(), hb.data(), nullptr, 0, to.get(), hout.data()),
        CNNL_STATUS_SUCCESS);
    for (size_t i = 0; i < 6; ++i) {
      const bool want = logic_ref(cnnlLogicOp_t(op), a[i], b[i % 3]);
      EXPECT_EQ(out[i], want ? 1 : 0) << "op " << op << " at " << i;
      EXPECT_EQ(hout[i], want ? 1 : 0) << "op " << op << " at " << i;
    }
  }
}

TEST(CnnlReduce, SumsThroughTheFirstForm) {
  Handle handle;
  const std::vector<float> x = random_floats(12, 5);
  std::vector<float> y(3, 0);
  Tensor tx(CNNL_DTYPE_FLOAT, {3, 4}), ty(CNNL_DTYPE_FLOAT, {3, 1});
  cnnlReduceDescriptor_t desc = nullptr;
  ASSERT_EQ(cnnlCreateReduceDescriptor(&desc), CNNL_STATUS_SUCCESS);
  int axis[] = {1};
  ASSERT_EQ(cnnlSetReduceDescriptor_v2(desc, axis, 1, CNNL_REDUCE_ADD,
                                       CNNL_DTYPE_FLOAT, CNNL_NOT_PROPAGATE_NAN,
                                       CNNL_REDUCE_NO_INDICES,
                                       CNNL_32BIT_INDICES, 0.0f),
            CNNL_STATUS_SUCCESS);
  size_t workspace = 9;
  ASSERT_EQ(cnnlGetReduceOpWorkspaceSize(handle.get(), tx.get(), ty.get(), desc,
                                         &workspace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  ASSERT_EQ(cnnlReduce(handle.get(), desc, nullptr, 0, nullptr, tx.get(),
                       x.data(), 0, nullptr, nullptr, ty.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 3; ++i) {
    double sum = 0;
    for (int j = 0; j < 4; ++j) sum += x[size_t(i * 4 + j)];
    EXPECT_NEAR(y[size_t(i)], sum, 1e-5);
  }
  cnnlDestroyReduceDescriptor(desc);
}

TEST(CnnlElementwise, UnaryFloatHalfStridedAndInt) {
  Handle handle;
  const std::vector<float> x = random_floats(24, 8, 0.25f, 4.0f);
  // A [3, 4] view of every other element of x (strides {8, 2}).
  Tensor tx(CNNL_DTYPE_FLOAT, {3, 4}, {8, 2}), ty(CNNL_DTYPE_FLOAT, {3, 4});
  struct Case {
    const char* name;
    std::function<cnnlStatus_t(const void*, void*)> call;
    double (*ref)(double);
  };
  cnnlHandle_t h = handle.get();
  const cnnlTensorDescriptor_t xd = tx.get(), yd = ty.get();
  const Case cases[] = {
      {"Neg",
       [&](const void* in, void* out) {
         return cnnlNegTensor(h, xd, in, yd, out);
       },
       [](double v) { return -v; }},
      {"Abs",
       [&](const void* in, void* out) { return cnnlAbs(h, xd, in, yd, out); },
       [](double v) { return std::fabs(v); }},
      {"Sign",
       [&](const void* in, void* out) { return cnnlSign(h, xd, in, yd, out); },
       [](double v) { return v > 0   ? 1.0
                             : v < 0 ? -1.0
                                     : 0.0; }},
      {"Reciprocal",
       [&](const void* in, void* out) {
         return cnnlReciprocal(h, xd, in, yd, out);
       },
       [](double v) { return 1 / v; }},
      {"Ceil",
       [&](const void* in, void* out) { return cnnlCeil(h, xd, in, yd, out); },
       [](double v) { return std::ceil(v); }},
      {"Exp",
       [&](const void* in, void* out) {
         return cnnlExp_v2(h, CNNL_COMPUTATION_HIGH_PRECISION, xd, in, yd, out);
       },
       [](double v) { return std::exp(v); }},
      {"Sqrt",
       [&](const void* in, void* out) {
         return cnnlSqrt_v2(h, CNNL_COMPUTATION_FAST, xd, in, yd, out);
       },
       [](double v) { return std::sqrt(v); }},
      {"Rsqrt",
       [&](const void* in, void* out) {
         return cnnlRsqrt_v2(h, CNNL_COMPUTATION_FAST, xd, in, yd, out);
       },
       [](double v) { return 1 / std::sqrt(v); }},
      {"Cos",
       [&](const void* in, void* out) {
         return cnnlCos_v2(h, CNNL_COMPUTATION_FAST, xd, in, yd, out);
       },
       [](double v) { return std::cos(v); }},
  };
  for (const Case& c : cases) {
    std::vector<float> y(12, -7);
    ASSERT_EQ(c.call(x.data(), y.data()), CNNL_STATUS_SUCCESS) << c.name;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 4; ++j) {
        const double want = c.ref(x[size_t(i * 8 + j * 2)]);
        EXPECT_NEAR(y[size_t(i * 4 + j)], want, 1e-5 * (1 + std::fabs(want)))
            << c.name;
      }
    }
  }
  const std::vector<uint16_t> hx = to_half(x);
  std::vector<uint16_t> hy(24);
  Tensor th(CNNL_DTYPE_HALF, {24});
  ASSERT_EQ(cnnlExp_v2(h, CNNL_COMPUTATION_FAST, th.get(), hx.data(), th.get(),
                       hy.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 24; ++i) {
    const double want = std::exp(double(from_half(hx[i])));
    EXPECT_NEAR(from_half(hy[i]), want, 1e-3 * want);
  }
  const std::vector<int32_t> ix = {-3, 0, 5, -2147483647};
  std::vector<int32_t> iy(4);
  Tensor ti(CNNL_DTYPE_INT32, {4});
  ASSERT_EQ(cnnlAbs(h, ti.get(), ix.data(), ti.get(), iy.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(iy, (std::vector<int32_t>{3, 0, 5, 2147483647}));
}

TEST(CnnlElementwise, BinaryBroadcast) {
  Handle handle;
  const std::vector<float> a = random_floats(6, 9, 0.5f, 3.0f);
  const std::vector<float> b = random_floats(3, 10, 0.5f, 3.0f);
  Tensor ta(CNNL_DTYPE_FLOAT, {2, 3}), tb(CNNL_DTYPE_FLOAT, {3}),
      tz(CNNL_DTYPE_FLOAT, {2, 3});
  size_t ws = 9;
  ASSERT_EQ(
      cnnlGetDivWorkspaceSize(handle.get(), ta.get(), tb.get(), tz.get(), &ws),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  std::vector<float> div(6), pw(6), mx(6), mn(6);
  ASSERT_EQ(cnnlDiv_v2(handle.get(), CNNL_COMPUTATION_HIGH_PRECISION, ta.get(),
                       a.data(), tb.get(), b.data(), nullptr, 0, tz.get(),
                       div.data()),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(
      cnnlPow(handle.get(), CNNL_COMPUTATION_HIGH_PRECISION, ta.get(), a.data(),
              tb.get(), b.data(), nullptr, 0, tz.get(), pw.data()),
      CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlMaximum(handle.get(), ta.get(), a.data(), tb.get(), b.data(),
                        tz.get(), mx.data(), nullptr, 0),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlMinimum(handle.get(), tb.get(), b.data(), ta.get(), a.data(),
                        tz.get(), mn.data(), nullptr, 0),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 6; ++i) {
    const double x = a[i], y = b[i % 3];
    EXPECT_NEAR(div[i], x / y, 1e-6 * (1 + x / y));
    EXPECT_NEAR(pw[i], std::pow(x, y), 1e-5 * (1 + std::pow(x, y)));
    EXPECT_EQ(mx[i], float(std::max(x, y)));
    EXPECT_EQ(mn[i], float(std::min(x, y)));
  }
}

TEST(CnnlIndexSelect, SelectsAlongEveryDimWithNegativeIndices) {
  Handle handle;
  const std::vector<float> x = random_floats(24, 12);
  Tensor tx(CNNL_DTYPE_FLOAT, {2, 3, 4});
  const std::vector<int32_t> idx32 = {2, -1, 0};
  const std::vector<int64_t> idx64 = {1, 1};
  Tensor ti32(CNNL_DTYPE_INT32, {3}), ti64(CNNL_DTYPE_INT64, {2});
  std::vector<float> y1(2 * 3 * 3), y0(2 * 3 * 4);
  Tensor ty1(CNNL_DTYPE_FLOAT, {2, 3, 3}), ty0(CNNL_DTYPE_FLOAT, {2, 3, 4});
  ASSERT_EQ(cnnlIndexSelect(handle.get(), -1, tx.get(), x.data(), ti32.get(),
                            idx32.data(), ty1.get(), y1.data()),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlIndexSelect(handle.get(), 0, tx.get(), x.data(), ti64.get(),
                            idx64.data(), ty0.get(), y0.data()),
            CNNL_STATUS_SUCCESS);
  const int picks[] = {2, 3, 0};
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 3; ++b) {
      for (int c = 0; c < 3; ++c) {
        EXPECT_EQ(y1[size_t((a * 3 + b) * 3 + c)],
                  x[size_t((a * 3 + b) * 4 + picks[c])]);
      }
      for (int c = 0; c < 4; ++c) {
        EXPECT_EQ(y0[size_t((a * 3 + b) * 4 + c)],
                  x[size_t((1 * 3 + b) * 4 + c)]);
      }
    }
  }
}

TEST(CnnlStridedSlice, Int32FormMatchesTheSlice) {
  Handle handle;
  const std::vector<float> x = random_floats(20, 13);
  Tensor tx(CNNL_DTYPE_FLOAT, {4, 5}), ty(CNNL_DTYPE_FLOAT, {2, 2});
  const int begin[] = {3, 0}, end[] = {-5, 5}, stride[] = {-2, 3};
  std::vector<float> y(4);
  ASSERT_EQ(cnnlStridedSlice(handle.get(), tx.get(), x.data(), begin, end,
                             stride, ty.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  // Rows 3, 1; columns 0, 3.
  EXPECT_EQ(y, (std::vector<float>{x[15], x[18], x[5], x[8]}));
}

TEST(CnnlClipArangeFlip, AgainstLoops) {
  Handle handle;
  const std::vector<float> x = {-3, -0.5f, 0.25f, 2, 7, NAN};
  std::vector<float> y(6);
  Tensor t6(CNNL_DTYPE_FLOAT, {6});
  const float lo = -1, hi = 1;
  ASSERT_EQ(cnnlClip_v2(handle.get(), CNNL_POINTER_MODE_HOST, t6.get(),
                        x.data(), &lo, &hi, t6.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(y[i], std::min(std::max(x[i], lo), hi));
  }
  EXPECT_TRUE(std::isnan(y[5]));
  ASSERT_EQ(cnnlClip_v2(handle.get(), CNNL_POINTER_MODE_DEVICE, t6.get(),
                        x.data(), nullptr, &hi, t6.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(y[0], -3.0f);
  EXPECT_EQ(y[4], 1.0f);
  const int32_t start = 5, step = -2;
  std::vector<int32_t> r(4);
  Tensor t4(CNNL_DTYPE_INT32, {4});
  ASSERT_EQ(cnnlArange_v2(handle.get(), CNNL_COMPUTATION_FAST, &start, &step,
                          t4.get(), r.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(r, (std::vector<int32_t>{5, 3, 1, -1}));
  const float fstart = 0.5f, fstep = 0.25f;
  std::vector<uint16_t> hr(3);
  Tensor th(CNNL_DTYPE_HALF, {3});
  ASSERT_EQ(cnnlArange_v2(handle.get(), CNNL_COMPUTATION_FAST, &fstart, &fstep,
                          th.get(), hr.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(from_half(hr[2]), 1.0f);
  const std::vector<float> m = random_floats(24, 14);
  std::vector<float> f(24);
  Tensor t234(CNNL_DTYPE_FLOAT, {2, 3, 4});
  const int dims[] = {0, -1};
  ASSERT_EQ(cnnlFlip(handle.get(), dims, 2, t234.get(), m.data(), t234.get(),
                     f.data()),
            CNNL_STATUS_SUCCESS);
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 3; ++b) {
      for (int c = 0; c < 4; ++c) {
        EXPECT_EQ(f[size_t((a * 3 + b) * 4 + c)],
                  m[size_t(((1 - a) * 3 + b) * 4 + (3 - c))]);
      }
    }
  }
  // In place.
  std::vector<float> g = m;
  ASSERT_EQ(cnnlFlip(handle.get(), dims, 2, t234.get(), g.data(), t234.get(),
                     g.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(g, f);
}

TEST(CnnlRand, UniformAndNormalStatisticsAndSeeds) {
  Handle handle;
  cnnlRandGenerator_t generator = nullptr;
  ASSERT_EQ(cnnlRandCreateGenerator(&generator, CNNL_RAND_RNG_PHILOX),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlRandSetPseudoRandomGeneratorSeed(generator, 42),
            CNNL_STATUS_SUCCESS);
  int threads = 0;
  ASSERT_EQ(cnnlRandGetSimulateThreadNum(handle.get(), &threads),
            CNNL_STATUS_SUCCESS);
  EXPECT_GE(threads, 1);
  const size_t n = 20000;
  std::vector<float> u(n), v(n), z(n);
  std::vector<uint16_t> h(n);
  ASSERT_EQ(cnnlRandGenerateUniform(handle.get(), generator, CNNL_DTYPE_FLOAT,
                                    nullptr, n, -1.0f, 3.0f, u.data()),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlRandGenerateUniform(handle.get(), generator, CNNL_DTYPE_HALF,
                                    nullptr, n, 0.0f, 1.0f, h.data()),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlRandGenerateNormal(handle.get(), generator, CNNL_DTYPE_FLOAT,
                                   nullptr, n, 2.0f, 0.5f, z.data()),
            CNNL_STATUS_SUCCESS);
  double su = 0, sz = 0, szz = 0, sh = 0;
  for (size_t i = 0; i < n; ++i) {
    EXPECT_GE(u[i], -1.0f);
    EXPECT_LT(u[i], 3.0f);
    EXPECT_LT(from_half(h[i]), 1.0f);
    su += u[i];
    sh += from_half(h[i]);
    sz += z[i];
    szz += double(z[i]) * z[i];
  }
  EXPECT_NEAR(su / n, 1.0, 0.05);
  EXPECT_NEAR(sh / n, 0.5, 0.02);
  const double mean = sz / n;
  EXPECT_NEAR(mean, 2.0, 0.02);
  EXPECT_NEAR(std::sqrt(szz / n - mean * mean), 0.5, 0.02);
  // The same seed gives the same stream; the stream continues otherwise.
  ASSERT_EQ(cnnlRandSetPseudoRandomGeneratorSeed(generator, 42),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlRandGenerateUniform(handle.get(), generator, CNNL_DTYPE_FLOAT,
                                    nullptr, n, -1.0f, 3.0f, v.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(u, v);
  ASSERT_EQ(cnnlRandGenerateUniform(handle.get(), generator, CNNL_DTYPE_FLOAT,
                                    nullptr, n, -1.0f, 3.0f, v.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_NE(u, v);
  EXPECT_EQ(cnnlRandDestroyGenerator(generator), CNNL_STATUS_SUCCESS);
}

// ---- Bad calls: status, a log line naming the function, nothing written.

struct Objects {
  Handle handle;
  Tensor f6{CNNL_DTYPE_FLOAT, {2, 3}}, f3{CNNL_DTYPE_FLOAT, {3}},
      f4{CNNL_DTYPE_FLOAT, {4}}, h6{CNNL_DTYPE_HALF, {2, 3}},
      i6{CNNL_DTYPE_INT32, {2, 3}}, b6{CNNL_DTYPE_BOOL, {2, 3}},
      c6{CNNL_DTYPE_COMPLEX_FLOAT, {2, 3}};
  cnnlTensorDescriptor_t unset = nullptr;
  float in[16] = {1, 2, 3, 4, 5, 6};
  float out[16] = {};
  Objects() { cnnlCreateTensorDescriptor(&unset); }
  ~Objects() { cnnlDestroyTensorDescriptor(unset); }
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const Bad kBadCalls[] = {
    {"CastNullHandle",
     [](Objects& o) {
       return cnnlCastDataType(nullptr, o.f6.get(), o.in,
                               CNNL_CAST_FLOAT_TO_HALF, o.h6.get(), o.out);
     },
     kBad},
    {"CastSourceTypeMismatch",
     [](Objects& o) {
       return cnnlCastDataType(o.handle.get(), o.i6.get(), o.in,
                               CNNL_CAST_FLOAT_TO_HALF, o.h6.get(), o.out);
     },
     kBad},
    {"CastShapeMismatch",
     [](Objects& o) {
       return cnnlCastDataType(o.handle.get(), o.f3.get(), o.in,
                               CNNL_CAST_FLOAT_TO_INT32, o.i6.get(), o.out);
     },
     kBad},
    {"CastUnknownCast",
     [](Objects& o) {
       return cnnlCastDataType(o.handle.get(), o.f6.get(), o.in,
                               cnnlCastDataType_t(-1), o.h6.get(), o.out);
     },
     kBad},
    {"CastComplexNotSupported",
     [](Objects& o) {
       return cnnlCastDataType(o.handle.get(), o.f6.get(), o.in,
                               CNNL_CAST_FLOAT_TO_COMPLEX_FLOAT, o.c6.get(),
                               o.out);
     },
     kNotSupported},
    {"CastUnsetOutput",
     [](Objects& o) {
       return cnnlCastDataType(o.handle.get(), o.f6.get(), o.in,
                               CNNL_CAST_FLOAT_TO_HALF, o.unset, o.out);
     },
     kBad},
    {"ExpandNullHandle",
     [](Objects& o) {
       return cnnlExpand(nullptr, o.f3.get(), o.in, o.f6.get(), o.out);
     },
     kBad},
    {"ExpandNotBroadcastable",
     [](Objects& o) {
       return cnnlExpand(o.handle.get(), o.f4.get(), o.in, o.f6.get(), o.out);
     },
     kBad},
    {"ExpandTypeMismatch",
     [](Objects& o) {
       return cnnlExpand(o.handle.get(), o.f3.get(), o.in, o.h6.get(), o.out);
     },
     kBad},
    {"ExpandNullOutput",
     [](Objects& o) {
       return cnnlExpand(o.handle.get(), o.f3.get(), o.in, o.f6.get(), nullptr);
     },
     kBad},
    {"LogicNullHandle",
     [](Objects& o) {
       return cnnlLogicOp(nullptr, CNNL_LOGIC_OP_EQ, o.f6.get(), o.in,
                          o.f3.get(), o.in, nullptr, 0, o.b6.get(), o.out);
     },
     kBad},
    {"LogicUnknownOp",
     [](Objects& o) {
       // 15: no operation, yet within the enum's range (0..15).
       return cnnlLogicOp(o.handle.get(), cnnlLogicOp_t(15), o.f6.get(), o.in,
                          o.f3.get(), o.in, nullptr, 0, o.b6.get(), o.out);
     },
     kBad},
    {"LogicInputTypesDiffer",
     [](Objects& o) {
       return cnnlLogicOp(o.handle.get(), CNNL_LOGIC_OP_LT, o.f6.get(), o.in,
                          o.i6.get(), o.in, nullptr, 0, o.b6.get(), o.out);
     },
     kBad},
    {"LogicNotBroadcastable",
     [](Objects& o) {
       return cnnlLogicOp(o.handle.get(), CNNL_LOGIC_OP_LT, o.f6.get(), o.in,
                          o.f4.get(), o.in, nullptr, 0, o.b6.get(), o.out);
     },
     kBad},
    {"LogicComplexNotSupported",
     [](Objects& o) {
       return cnnlLogicOp(o.handle.get(), CNNL_LOGIC_OP_EQ, o.c6.get(), o.in,
                          o.c6.get(), o.in, nullptr, 0, o.b6.get(), o.out);
     },
     kNotSupported},
    {"LogicWorkspaceSizeNull",
     [](Objects& o) {
       return cnnlGetLogicOpWorkspaceSize(o.handle.get(), o.f6.get(),
                                          o.f3.get(), o.b6.get(), nullptr);
     },
     kBad},
    {"RandUniformNullHandle",
     [](Objects& o) {
       cnnlRandGenerator_t g = nullptr;
       cnnlRandCreateGenerator(&g, CNNL_RAND_RNG_MTGP32);
       const cnnlStatus_t s = cnnlRandGenerateUniform(
           nullptr, g, CNNL_DTYPE_FLOAT, nullptr, 4, 0.0f, 1.0f, o.out);
       cnnlRandDestroyGenerator(g);
       return s;
     },
     kBad},
    {"RandUniformNullGenerator",
     [](Objects& o) {
       return cnnlRandGenerateUniform(o.handle.get(), nullptr, CNNL_DTYPE_FLOAT,
                                      nullptr, 4, 0.0f, 1.0f, o.out);
     },
     kBad},
    {"RandNormalIntNotSupported",
     [](Objects& o) {
       cnnlRandGenerator_t g = nullptr;
       cnnlRandCreateGenerator(&g, CNNL_RAND_RNG_MTGP32);
       const cnnlStatus_t s = cnnlRandGenerateNormal(
           o.handle.get(), g, CNNL_DTYPE_INT32, nullptr, 4, 0.0f, 1.0f, o.out);
       cnnlRandDestroyGenerator(g);
       return s;
     },
     kNotSupported},
    {"RandCreateUnknownType",
     [](Objects&) {
       cnnlRandGenerator_t g = nullptr;
       return cnnlRandCreateGenerator(&g, cnnlRandRngType_t(9));
     },
     kBad},
    {"AbsNullHandle",
     [](Objects& o) {
       return cnnlAbs(nullptr, o.f6.get(), o.in, o.f6.get(), o.out);
     },
     kBad},
    {"ExpShapeMismatch",
     [](Objects& o) {
       return cnnlExp_v2(o.handle.get(), CNNL_COMPUTATION_FAST, o.f6.get(),
                         o.in, o.f3.get(), o.out);
     },
     kBad},
    {"SqrtIntNotSupported",
     [](Objects& o) {
       return cnnlSqrt_v2(o.handle.get(), CNNL_COMPUTATION_FAST, o.i6.get(),
                          o.in, o.i6.get(), o.out);
     },
     kNotSupported},
    {"DivNotBroadcastable",
     [](Objects& o) {
       return cnnlDiv_v2(o.handle.get(), CNNL_COMPUTATION_FAST, o.f6.get(),
                         o.in, o.f4.get(), o.in, nullptr, 0, o.f6.get(), o.out);
     },
     kBad},
    {"MaximumTypeMismatch",
     [](Objects& o) {
       return cnnlMaximum(o.handle.get(), o.f6.get(), o.in, o.h6.get(), o.in,
                          o.f6.get(), o.out, nullptr, 0);
     },
     kBad},
    {"PowWorkspaceSizeNull",
     [](Objects& o) {
       return cnnlGetPowWorkspaceSize(o.handle.get(), o.f6.get(), o.f6.get(),
                                      o.f6.get(), nullptr);
     },
     kBad},
    {"IndexSelectOutsideDim",
     [](Objects& o) {
       static const int32_t idx[] = {0, 3};
       Tensor ti(CNNL_DTYPE_INT32, {2});
       return cnnlIndexSelect(o.handle.get(), 1, o.f6.get(), o.in, ti.get(),
                              idx, o.f4.get(), o.out);
     },
     kBad},
    {"IndexSelectWrongOutputShape",
     [](Objects& o) {
       static const int32_t idx[] = {0, 2};
       Tensor ti(CNNL_DTYPE_INT32, {2});
       return cnnlIndexSelect(o.handle.get(), 1, o.f6.get(), o.in, ti.get(),
                              idx, o.f6.get(), o.out);
     },
     kBad},
    {"IndexSelectFloatIndex",
     [](Objects& o) {
       return cnnlIndexSelect(o.handle.get(), 0, o.f6.get(), o.in, o.f3.get(),
                              o.in, o.f6.get(), o.out);
     },
     kNotSupported},
    {"StridedSliceNullBegin",
     [](Objects& o) {
       const int end[] = {2, 3}, stride[] = {1, 1};
       return cnnlStridedSlice(o.handle.get(), o.f6.get(), o.in, nullptr, end,
                               stride, o.f6.get(), o.out);
     },
     kBad},
    {"ClipNullHandle",
     [](Objects& o) {
       const float hi = 1;
       return cnnlClip_v2(nullptr, CNNL_POINTER_MODE_HOST, o.f6.get(), o.in,
                          nullptr, &hi, o.f6.get(), o.out);
     },
     kBad},
    {"ArangeNullStep",
     [](Objects& o) {
       const float start = 0;
       return cnnlArange_v2(o.handle.get(), CNNL_COMPUTATION_FAST, &start,
                            nullptr, o.f6.get(), o.out);
     },
     kBad},
    {"FlipDimensionOutsideRank",
     [](Objects& o) {
       const int dims[] = {2};
       return cnnlFlip(o.handle.get(), dims, 1, o.f6.get(), o.in, o.f6.get(),
                       o.out);
     },
     kBad},
    {"FlipShapeMismatch",
     [](Objects& o) {
       const int dims[] = {0};
       return cnnlFlip(o.handle.get(), dims, 1, o.f6.get(), o.in, o.f3.get(),
                       o.out);
     },
     kBad},
    {"ReduceNullDescriptor",
     [](Objects& o) {
       return cnnlReduce(o.handle.get(), nullptr, nullptr, 0, nullptr,
                         o.f6.get(), o.in, 0, nullptr, nullptr, o.f3.get(),
                         o.out);
     },
     kBad},
};

class CnnlCastLogicBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlCastLogicBadInput, ReturnsTheStatusLogsAndWritesNothing) {
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

INSTANTIATE_TEST_SUITE_P(Table, CnnlCastLogicBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
