// CNNL's element-wise functions beyond the first set (rounding, logarithms,
// error functions, trigonometry, NaN tests, floor and truncating division,
// Atan2, Lerp, Addcdiv, Addcmul, MulN, bit operations, activation backward
// passes) against plain loops over float, half and bfloat16, strided
// inputs and broadcasts, and their bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"
#include "xbang/core/bfloat16.h"
#include "xbang/core/half.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::Tensor;

// Values stored in a tensor of `dtype`, read back as double.
class Data {
 public:
  Data(cnnlDataType_t dtype, const std::vector<double>& values)
      : dtype_(dtype), bytes_(values.size() * size(dtype)) {
    for (size_t i = 0; i < values.size(); ++i) set(i, values[i]);
  }
  static size_t size(cnnlDataType_t dtype) {
    switch (dtype) {
      case CNNL_DTYPE_HALF:
      case CNNL_DTYPE_BFLOAT16:
        return 2;
      case CNNL_DTYPE_BOOL:
        return 1;
      default:
        return 4;
    }
  }
  void set(size_t i, double v) {
    unsigned char* at = bytes_.data() + i * size(dtype_);
    uint16_t bits;
    switch (dtype_) {
      case CNNL_DTYPE_HALF:
        bits = xbang::float_to_half_bits_rn(float(v));
        std::memcpy(at, &bits, 2);
        return;
      case CNNL_DTYPE_BFLOAT16:
        bits = xbang::float_to_bfloat16_bits_rn(float(v));
        std::memcpy(at, &bits, 2);
        return;
      case CNNL_DTYPE_INT32: {
        const int32_t x = int32_t(v);
        std::memcpy(at, &x, 4);
        return;
      }
      case CNNL_DTYPE_BOOL:
        *at = v != 0;
        return;
      default: {
        const float x = float(v);
        std::memcpy(at, &x, 4);
      }
    }
  }
  double at(size_t i) const {
    const unsigned char* p = bytes_.data() + i * size(dtype_);
    uint16_t bits;
    switch (dtype_) {
      case CNNL_DTYPE_HALF:
        std::memcpy(&bits, p, 2);
        return xbang::half_bits_to_float(bits);
      case CNNL_DTYPE_BFLOAT16:
        std::memcpy(&bits, p, 2);
        return xbang::bfloat16_bits_to_float(bits);
      case CNNL_DTYPE_INT32: {
        int32_t x;
        std::memcpy(&x, p, 4);
        return x;
      }
      case CNNL_DTYPE_BOOL:
        return *p;
      default: {
        float x;
        std::memcpy(&x, p, 4);
        return x;
      }
    }
  }
  void* data() { return bytes_.data(); }
  std::vector<double> values() const {
    std::vector<double> v(bytes_.size() / size(dtype_));
    for (size_t i = 0; i < v.size(); ++i) v[i] = at(i);
    return v;
  }
  // The value as the data type stores it.
  double rounded(double v) const {
    Data one(dtype_, {v});
    return one.at(0);
  }

 private:
  cnnlDataType_t dtype_;
  std::vector<unsigned char> bytes_;
};

double tolerance(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_FLOAT  ? 1e-6
         : dtype == CNNL_DTYPE_HALF ? 1e-3
                                    : 8e-3;
}

void expect_close(double got, double want, cnnlDataType_t dtype,
                  const std::string& what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what;
  } else if (std::isinf(want)) {
    EXPECT_EQ(got, want) << what;
  } else {
    EXPECT_NEAR(got, want, tolerance(dtype) * (1 + std::fabs(want))) << what;
  }
}

const cnnlDataType_t kFloatTypes[] = {CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF,
                                      CNNL_DTYPE_BFLOAT16};

using Unary =
    std::function<cnnlStatus_t(cnnlHandle_t, cnnlTensorDescriptor_t,
                               const void*, cnnlTensorDescriptor_t, void*)>;

// f over a [3, 4] view of every other element of a 24-element input
// (strides {8, 2}), into a dense output, against ref in double.
void check_unary(const char* name, const Unary& call, double (*ref)(double),
                 float lo, float hi) {
  Handle handle;
  for (const cnnlDataType_t dtype : kFloatTypes) {
    const std::vector<float> raw = random_floats(24, 3, lo, hi);
    Data x(dtype, std::vector<double>(raw.begin(), raw.end()));
    Data y(dtype, std::vector<double>(12, -7));
    Tensor tx(dtype, {3, 4}, {8, 2}), ty(dtype, {3, 4});
    ASSERT_EQ(call(handle.get(), tx.get(), x.data(), ty.get(), y.data()),
              CNNL_STATUS_SUCCESS)
        << name;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 4; ++j) {
        const double want = y.rounded(ref(x.at(size_t(i * 8 + j * 2))));
        expect_close(y.at(size_t(i * 4 + j)), want, dtype,
                     std::string(name) + " dtype " + std::to_string(dtype));
      }
    }
  }
}

double erfinv_ref(double y) {
  // Bisection on erf: slow, simple and independent of the implementation.
  if (std::fabs(y) >= 1)
    return std::fabs(y) == 1 ? std::copysign(INFINITY, y) : NAN;
  double lo = -6, hi = 6;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (std::erf(mid) < y ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

TEST(CnnlElementwiseMore, UnaryAgainstTheLibraryOverTypesAndStrides) {
  const auto hp = CNNL_COMPUTATION_HIGH_PRECISION;
  check_unary(
      "Erf",
      [&](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd,
          void* y) { return cnnlErf_v2(h, hp, xd, x, yd, y); },
      [](double v) { return std::erf(v); }, -3, 3);
  check_unary(
      "Erfinv",
      [&](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd,
          void* y) { return cnnlErfinv(h, hp, xd, x, yd, y); },
      erfinv_ref, -0.99f, 0.99f);
  check_unary(
      "Floor", cnnlFloor, [](double v) { return std::floor(v); }, -5, 5);
  check_unary(
      "Trunc", cnnlTrunc, [](double v) { return std::trunc(v); }, -5, 5);
  check_unary(
      "Log2",
      [&](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd,
          void* y) { return cnnlLog_v2(h, hp, CNNL_LOG_2, xd, x, yd, y); },
      [](double v) { return std::log2(v); }, 0.1f, 9);
  check_unary(
      "Log10",
      [&](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd,
          void* y) { return cnnlLog_v2(h, hp, CNNL_LOG_10, xd, x, yd, y); },
      [](double v) { return std::log10(v); }, 0.1f, 9);
  check_unary(
      "Log1p",
      [&](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd,
          void* y) { return cnnlLog1p(h, hp, xd, x, yd, y); },
      [](double v) { return std::log1p(v); }, -0.9f, 9);
  check_unary(
      "Sin",
      [&](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
          cnnlTensorDescriptor_t yd,
          void* y) { return cnnlSin_v2(h, hp, xd, x, yd, y); },
      [](double v) { return std::sin(v); }, -6, 6);
}

TEST(CnnlElementwiseMore, RoundGoesToEvenAndNanTestsWriteBool) {
  Handle handle;
  const std::vector<double> values = {0.5, 1.5,      2.5,       -0.5, -1.5,
                                      2.4, INFINITY, -INFINITY, NAN};
  Data x(CNNL_DTYPE_FLOAT, values), r(CNNL_DTYPE_FLOAT, values);
  Data nan(CNNL_DTYPE_BOOL, std::vector<double>(9, 7)),
      finite(CNNL_DTYPE_BOOL, std::vector<double>(9, 7));
  Data fixed(CNNL_DTYPE_FLOAT, std::vector<double>(9, 0));
  Tensor tf(CNNL_DTYPE_FLOAT, {9}), tb(CNNL_DTYPE_BOOL, {9});
  ASSERT_EQ(cnnlRound(handle.get(), tf.get(), x.data(), tf.get(), r.data()),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlIsNan(handle.get(), tf.get(), x.data(), tb.get(), nan.data()),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(
      cnnlIsFinite(handle.get(), tf.get(), x.data(), tb.get(), finite.data()),
      CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlNanToNum(handle.get(), tf.get(), x.data(), 9.0f, 100.0f,
                         -100.0f, tf.get(), fixed.data()),
            CNNL_STATUS_SUCCESS);
  const double rounded[] = {0, 2, 2, -0.0, -2, 2};
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(r.at(i), rounded[i]) << i;
  for (size_t i = 0; i < 9; ++i) {
    EXPECT_EQ(nan.at(i), std::isnan(values[i]) ? 1 : 0) << i;
    EXPECT_EQ(finite.at(i), std::isfinite(values[i]) ? 1 : 0) << i;
    const double want = std::isnan(values[i])    ? 9
                        : values[i] == INFINITY  ? 100
                        : values[i] == -INFINITY ? -100
                                                 : values[i];
    EXPECT_EQ(fixed.at(i), float(want)) << i;
  }
}

TEST(CnnlElementwiseMore, TrigonEveryModeFloatAndHalf) {
  Handle handle;
  cnnlTrigonDescriptor_t desc;
  ASSERT_EQ(cnnlCreateTrigonDescriptor(&desc), CNNL_STATUS_SUCCESS);
  double (*const refs[])(double) = {
      std::sin,  std::cos,  std::tan,  std::asin,  std::acos,  std::atan,
      std::sinh, std::cosh, std::tanh, std::asinh, std::acosh, std::atanh};
  for (int mode = CNNL_TRIGON_SIN; mode <= CNNL_TRIGON_ATANH; ++mode) {
    ASSERT_EQ(cnnlSetTrigonDescriptor_v2(desc, cnnlTrigonFunctionMode_t(mode),
                                         CNNL_COMPUTATION_FAST),
              CNNL_STATUS_SUCCESS);
    // acosh needs x >= 1, asin / acos / atanh |x| < 1.
    const bool from_one = mode == CNNL_TRIGON_ACOSH;
    check_unary(
        "Trigon",
        [&](cnnlHandle_t h, cnnlTensorDescriptor_t xd, const void* x,
            cnnlTensorDescriptor_t yd,
            void* y) { return cnnlTrigonForward(h, desc, xd, x, yd, y); },
        refs[mode], from_one ? 1.0f : -0.9f, from_one ? 4.0f : 0.9f);
  }
  EXPECT_EQ(cnnlDestroyTrigonDescriptor(desc), CNNL_STATUS_SUCCESS);
}

using Binary = std::function<cnnlStatus_t(
    cnnlHandle_t, cnnlTensorDescriptor_t, const void*, cnnlTensorDescriptor_t,
    const void*, cnnlTensorDescriptor_t, void*)>;

// f of a [2, 3] input and a [3] one broadcast over its rows, in `dtype`.
void check_binary(const char* name, cnnlDataType_t dtype, const Binary& call,
                  double (*ref)(double, double), const std::vector<double>& a,
                  const std::vector<double>& b) {
  Handle handle;
  Data x(dtype, a), y(dtype, b), z(dtype, std::vector<double>(6, -7));
  Tensor ta(dtype, {2, 3}), tb(dtype, {3}), tz(dtype, {2, 3});
  ASSERT_EQ(call(handle.get(), ta.get(), x.data(), tb.get(), y.data(), tz.get(),
                 z.data()),
            CNNL_STATUS_SUCCESS)
      << name;
  for (size_t i = 0; i < 6; ++i) {
    const double want = z.rounded(ref(x.at(i), y.at(i % 3)));
    expect_close(z.at(i), want, dtype,
                 std::string(name) + " element " + std::to_string(i));
  }
}

TEST(CnnlElementwiseMore, FloorAndTruncatingDivisionAndModulo) {
  const std::vector<double> a = {7, -7, 7.5, -7.5, 9, -3};
  const std::vector<double> b = {2, -3, 4};
  const auto hp = CNNL_COMPUTATION_HIGH_PRECISION;
  for (const cnnlDataType_t dtype :
       {CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF, CNNL_DTYPE_INT32}) {
    check_binary(
        "FloorMod", dtype,
        [](cnnlHandle_t h, cnnlTensorDescriptor_t ad, const void* x,
           cnnlTensorDescriptor_t bd, const void* y, cnnlTensorDescriptor_t zd,
           void* z) {
          return cnnlFloorMod(h, ad, x, bd, y, zd, z, nullptr, 0);
        },
        [](double x, double y) {
          const double r = x - std::floor(x / y) * y;  // Python's %
          return r;
        },
        a, b);
    check_binary(
        "FloorModTrunc", dtype,
        [](cnnlHandle_t h, cnnlTensorDescriptor_t ad, const void* x,
           cnnlTensorDescriptor_t bd, const void* y, cnnlTensorDescriptor_t zd,
           void* z) {
          return cnnlFloorModTrunc(h, ad, x, bd, y, zd, z, nullptr, 0);
        },
        [](double x, double y) { return x - std::trunc(x / y) * y; }, a, b);
    check_binary(
        "FloorDiv", dtype,
        [&](cnnlHandle_t h, cnnlTensorDescriptor_t ad, const void* x,
            cnnlTensorDescriptor_t bd, const void* y, cnnlTensorDescriptor_t zd,
            void* z) {
          return cnnlFloorDiv_v2(h, hp, ad, x, bd, y, zd, z, nullptr, 0);
        },
        [](double x, double y) { return std::floor(x / y); }, a, b);
    check_binary(
        "FloorDivTrunc", dtype,
        [&](cnnlHandle_t h, cnnlTensorDescriptor_t ad, const void* x,
            cnnlTensorDescriptor_t bd, const void* y, cnnlTensorDescriptor_t zd,
            void* z) {
          return cnnlFloorDivTrunc(h, hp, ad, x, bd, y, zd, z, nullptr, 0);
        },
        [](double x, double y) { return std::trunc(x / y); }, a, b);
  }
  for (const cnnlDataType_t dtype : kFloatTypes) {
    check_binary(
        "Atan2", dtype,
        [&](cnnlHandle_t h, cnnlTensorDescriptor_t ad, const void* x,
            cnnlTensorDescriptor_t bd, const void* y, cnnlTensorDescriptor_t zd,
            void* z) {
          return cnnlAtan2(h, hp, ad, x, bd, y, nullptr, 0, zd, z);
        },
        [](double x, double y) { return std::atan2(x, y); }, a, b);
  }
  Handle handle;
  Tensor t(CNNL_DTYPE_FLOAT, {2, 3});
  size_t ws = 5;
  ASSERT_EQ(cnnlGetFloorModWorkspaceSize(handle.get(), t.get(), t.get(),
                                         t.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
}

TEST(CnnlElementwiseMore, ThreeInputsBroadcastAndMulN) {
  Handle handle;
  for (const cnnlDataType_t dtype : kFloatTypes) {
    const std::vector<float> r1 = random_floats(6, 11, 0.5f, 2),
                             r2 = random_floats(3, 12, 0.5f, 2),
                             r3 = random_floats(2, 13, 0.5f, 2);
    Data in(dtype, {r1.begin(), r1.end()}), t1(dtype, {r2.begin(), r2.end()}),
        t2(dtype, {r3.begin(), r3.end()});
    Data lerp(dtype, std::vector<double>(6, 0)),
        div(dtype, std::vector<double>(6, 0)),
        mul(dtype, std::vector<double>(6, 0)),
        prod(dtype, std::vector<double>(6, 0));
    // input [2, 3], tensor1 [3] (rows), tensor2 [2, 1] (columns).
    Tensor ti(dtype, {2, 3}), ta(dtype, {3}), tb(dtype, {2, 1});
    const float alpha = 0.75f;
    ASSERT_EQ(cnnlLerp(handle.get(), ti.get(), in.data(), ta.get(), t1.data(),
                       tb.get(), t2.data(), nullptr, 0, ti.get(), lerp.data()),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlAddcdiv(handle.get(), ti.get(), in.data(), &alpha, ta.get(),
                          t1.data(), tb.get(), t2.data(), nullptr, 0, ti.get(),
                          div.data()),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlAddcmul(handle.get(), ti.get(), in.data(), &alpha, ta.get(),
                          t1.data(), tb.get(), t2.data(), nullptr, 0, ti.get(),
                          mul.data()),
              CNNL_STATUS_SUCCESS);
    const cnnlTensorDescriptor_t descs[] = {ti.get(), ta.get(), tb.get()};
    const void* const ptrs[] = {in.data(), t1.data(), t2.data()};
    ASSERT_EQ(cnnlMulN(handle.get(), descs, ptrs, 3, ti.get(), prod.data()),
              CNNL_STATUS_SUCCESS);
    for (size_t i = 0; i < 6; ++i) {
      const double x = in.at(i), e = t1.at(i % 3), w = t2.at(i / 3);
      const std::string at = " element " + std::to_string(i);
      expect_close(lerp.at(i), lerp.rounded(x + w * (e - x)), dtype,
                   "Lerp" + at);
      expect_close(div.at(i), div.rounded(x + alpha * e / w), dtype,
                   "Addcdiv" + at);
      expect_close(mul.at(i), mul.rounded(x + alpha * e * w), dtype,
                   "Addcmul" + at);
      expect_close(prod.at(i), prod.rounded(x * e * w), dtype, "MulN" + at);
    }
  }
}

TEST(CnnlElementwiseMore, BitOperationsOnInt32AndBool) {
  Handle handle;
  const std::vector<double> a = {12, -1, 0, 255, 7, 1 << 20};
  const std::vector<double> b = {10, 3, -8};
  Data x(CNNL_DTYPE_INT32, a), y(CNNL_DTYPE_INT32, b);
  Tensor ta(CNNL_DTYPE_INT32, {2, 3}), tb(CNNL_DTYPE_INT32, {3});
  const cnnlBitComputeOp_t ops[] = {CNNL_CYCLE_BAND_OP, CNNL_CYCLE_BOR_OP,
                                    CNNL_CYCLE_BXOR_OP, CNNL_BNOT_OP};
  for (const cnnlBitComputeOp_t op : ops) {
    Data z(CNNL_DTYPE_INT32, std::vector<double>(6, 0));
    ASSERT_EQ(cnnlBitCompute_v2(handle.get(), op, ta.get(), x.data(), tb.get(),
                                y.data(), ta.get(), z.data(), nullptr, 0),
              CNNL_STATUS_SUCCESS);
    for (size_t i = 0; i < 6; ++i) {
      const int32_t p = int32_t(a[i]), q = int32_t(b[i % 3]);
      const int32_t want = op == CNNL_CYCLE_BAND_OP   ? (p & q)
                           : op == CNNL_CYCLE_BOR_OP  ? (p | q)
                           : op == CNNL_CYCLE_BXOR_OP ? (p ^ q)
                                                      : ~p;
      EXPECT_EQ(z.at(i), want) << "op " << op << " element " << i;
    }
  }
  Data bx(CNNL_DTYPE_BOOL, {1, 0, 1}), bz(CNNL_DTYPE_BOOL, {7, 7, 7});
  Tensor tbool(CNNL_DTYPE_BOOL, {3});
  ASSERT_EQ(
      cnnlBitCompute_v2(handle.get(), CNNL_BNOT_OP, tbool.get(), bx.data(),
                        nullptr, nullptr, tbool.get(), bz.data(), nullptr, 0),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(bz.at(0), 0);
  EXPECT_EQ(bz.at(1), 1);
  EXPECT_EQ(bz.at(2), 0);
}

TEST(CnnlElementwiseMore, ActivationBackwardPasses) {
  Handle handle;
  for (const cnnlDataType_t dtype : kFloatTypes) {
    const std::vector<float> rx = random_floats(12, 21, -3, 3),
                             rd = random_floats(12, 22, -1, 1);
    Data x(dtype, {rx.begin(), rx.end()}), dy(dtype, {rd.begin(), rd.end()});
    Data hard(dtype, std::vector<double>(12, 0)),
        soft(dtype, std::vector<double>(12, 0)),
        thr(dtype, std::vector<double>(12, 0));
    // x read through strides {1} of a [12] tensor; diff_y and diff_x [12].
    Tensor t(dtype, {12});
    const float threshold = 0.5f;
    ASSERT_EQ(
        cnnlHardtanhBackward(handle.get(), t.get(), x.data(), t.get(),
                             dy.data(), 1.0f, -1.0f, t.get(), hard.data()),
        CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlSoftplusBackward(handle.get(), t.get(), x.data(), t.get(),
                                   dy.data(), t.get(), soft.data(), 2, 3),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlThresholdBackward(handle.get(), t.get(), x.data(), t.get(),
                                    dy.data(), &threshold, t.get(), thr.data()),
              CNNL_STATUS_SUCCESS);
    for (size_t i = 0; i < 12; ++i) {
      const double v = x.at(i), g = dy.at(i);
      const std::string at = " element " + std::to_string(i);
      expect_close(hard.at(i), v > -1 && v < 1 ? g : 0, dtype, "Hardtanh" + at);
      const double z = 2 * v;
      expect_close(soft.at(i), soft.rounded(z > 3 ? g : g / (1 + std::exp(-z))),
                   dtype, "Softplus" + at);
      expect_close(thr.at(i), v > threshold ? g : 0, dtype, "Threshold" + at);
    }
  }
}

// Position, scale and pointer mode are kept and read back; a computation
// refuses a fixed-point tensor, and setting the descriptor again resets it.
TEST(CnnlDescriptorSetters, PositionScalePointerModeTf32AndReduce) {
  Handle handle;
  Tensor t(CNNL_DTYPE_FLOAT, {4});
  int position = 7;
  float scale = 0;
  ASSERT_EQ(cnnlGetTensorDescriptorPositionAndScale(t.get(), &position, &scale),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(position, 0);
  EXPECT_EQ(scale, 1.0f);
  ASSERT_EQ(cnnlSetTensorDescriptorPositionAndScale(t.get(), -3, 0.5f),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlGetTensorDescriptorPositionAndScale(t.get(), &position, &scale),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(position, -3);
  EXPECT_EQ(scale, 0.5f);
  float x[4] = {1.5f, -2.5f, 3, 4}, y[4] = {};
  testing::internal::CaptureStderr();
  EXPECT_EQ(cnnlFloor(handle.get(), t.get(), x, t.get(), y),
            CNNL_STATUS_NOT_SUPPORTED);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("fixed-point"),
            std::string::npos);
  ASSERT_EQ(cnnlSetTensorDescriptorPosition(t.get(), 0), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlGetTensorDescriptorPosition(t.get(), &position),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(position, 0);
  const int64_t dims[] = {4};
  ASSERT_EQ(cnnlSetTensorDescriptor_v2(t.get(), CNNL_LAYOUT_ARRAY,
                                       CNNL_DTYPE_FLOAT, 1, dims),
            CNNL_STATUS_SUCCESS);  // resets the scale
  EXPECT_EQ(cnnlFloor(handle.get(), t.get(), x, t.get(), y),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(y[1], -3.0f);
  cnnlPointerMode_t mode = CNNL_POINTER_MODE_DEVICE;
  ASSERT_EQ(cnnlSetTensorDescriptorPointerMode(t.get(), CNNL_POINTER_MODE_HOST),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlGetTensorDescriptorPointerMode(t.get(), &mode),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(mode, CNNL_POINTER_MODE_HOST);
  cnnlConvolutionDescriptor_t conv;
  ASSERT_EQ(cnnlCreateConvolutionDescriptor(&conv), CNNL_STATUS_SUCCESS);
  EXPECT_EQ(cnnlSetConvolutionDescriptorAllowTF32(conv, 1),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(cnnlDestroyConvolutionDescriptor(conv), CNNL_STATUS_SUCCESS);
  // The first-form reduce descriptor drives cnnlReduce: row sums of [2, 3].
  cnnlReduceDescriptor_t reduce;
  ASSERT_EQ(cnnlCreateReduceDescriptor(&reduce), CNNL_STATUS_SUCCESS);
  int axis[] = {1};
  ASSERT_EQ(cnnlSetReduceDescriptor(reduce, axis, 1, CNNL_REDUCE_ADD,
                                    CNNL_DTYPE_FLOAT, CNNL_NOT_PROPAGATE_NAN,
                                    CNNL_REDUCE_NO_INDICES, CNNL_32BIT_INDICES),
            CNNL_STATUS_SUCCESS);
  Tensor in(CNNL_DTYPE_FLOAT, {2, 3}), out(CNNL_DTYPE_FLOAT, {2, 1});
  const float values[6] = {1, 2, 3, 4, 5, 6};
  float sums[2] = {};
  ASSERT_EQ(cnnlReduce(handle.get(), reduce, nullptr, 0, nullptr, in.get(),
                       values, 0, nullptr, nullptr, out.get(), sums),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(sums[0], 6.0f);
  EXPECT_EQ(sums[1], 15.0f);
  EXPECT_EQ(cnnlDestroyReduceDescriptor(reduce), CNNL_STATUS_SUCCESS);
}

// BiasAdd along the channel of NCHW and NHWC outputs, its gradient, and
// standard deviation / variance / mean, against loops, in float and half.
TEST(CnnlBiasAndStats, AgainstLoops) {
  Handle handle;
  for (const cnnlDataType_t dtype : {CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF}) {
    const std::vector<float> ry = random_floats(2 * 3 * 2 * 2, 31, -2, 2),
                             rb = random_floats(3, 32, -2, 2);
    for (const cnnlTensorLayout_t layout :
         {CNNL_LAYOUT_NCHW, CNNL_LAYOUT_NHWC}) {
      // [2, 3, 2, 2] NCHW or [2, 2, 2, 3] NHWC: 3 channels either way.
      const bool nchw = layout == CNNL_LAYOUT_NCHW;
      const std::vector<int64_t> dims = nchw ? std::vector<int64_t>{2, 3, 2, 2}
                                             : std::vector<int64_t>{2, 2, 2, 3};
      cnnlTensorDescriptor_t out_desc;
      ASSERT_EQ(cnnlCreateTensorDescriptor(&out_desc), CNNL_STATUS_SUCCESS);
      ASSERT_EQ(
          cnnlSetTensorDescriptor_v2(out_desc, layout, dtype, 4, dims.data()),
          CNNL_STATUS_SUCCESS);
      Tensor bias_desc(dtype, {3});
      Data y(dtype, {ry.begin(), ry.end()}),
          bias(dtype, {rb.begin(), rb.end()});
      const std::vector<double> before = y.values();
      const float alpha = 0.5f, beta = 2.0f;
      ASSERT_EQ(cnnlBiasAdd(handle.get(), &alpha, bias_desc.get(), bias.data(),
                            nullptr, 0, &beta, out_desc, y.data()),
                CNNL_STATUS_SUCCESS);
      for (size_t i = 0; i < before.size(); ++i) {
        const size_t c = nchw ? (i / 4) % 3 : i % 3;
        expect_close(y.at(i), y.rounded(alpha * bias.at(c) + beta * before[i]),
                     dtype, "BiasAdd element " + std::to_string(i));
      }
      // The gradient over the same channel axis.
      Data db(dtype, std::vector<double>(3, 0));
      ASSERT_EQ(cnnlBiasAddBackward_v2(handle.get(), out_desc, y.data(),
                                       nchw ? 1 : -1, bias_desc.get(),
                                       db.data(), nullptr, 0),
                CNNL_STATUS_SUCCESS);
      for (size_t c = 0; c < 3; ++c) {
        double sum = 0;
        for (size_t i = 0; i < before.size(); ++i) {
          if ((nchw ? (i / 4) % 3 : i % 3) == c) sum += y.at(i);
        }
        expect_close(db.at(c), db.rounded(sum), dtype,
                     "BiasAddBackward channel " + std::to_string(c));
      }
      cnnlDestroyTensorDescriptor(out_desc);
    }
    // std and mean over dims {0, 2} of [2, 3, 4]: 3 groups.
    const std::vector<float> rx = random_floats(24, 33, -3, 3);
    Data x(dtype, {rx.begin(), rx.end()});
    Data sd(dtype, std::vector<double>(3, 0)), mu(dtype, {0, 0, 0}),
        var(dtype, {0, 0, 0});
    Tensor tx(dtype, {2, 3, 4}), t3(dtype, {1, 3, 1});
    cnnlStdVarMeanDescriptor_t desc;
    ASSERT_EQ(cnnlCreateStdVarMeanDescriptor(&desc), CNNL_STATUS_SUCCESS);
    const int axes[] = {0, -1};
    ASSERT_EQ(cnnlSetStdVarMeanDescriptor(desc, CNNL_STD_MEAN, 2, axes, true),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlStdVarMean(handle.get(), desc, tx.get(), x.data(), nullptr, 0,
                             t3.get(), sd.data(), nullptr, nullptr, t3.get(),
                             mu.data()),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlSetStdVarMeanDescriptor(desc, CNNL_VAR, 2, axes, false),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlStdVarMean(handle.get(), desc, tx.get(), x.data(), nullptr, 0,
                             nullptr, nullptr, t3.get(), var.data(), nullptr,
                             nullptr),
              CNNL_STATUS_SUCCESS);
    for (int c = 0; c < 3; ++c) {
      double sum = 0, sq = 0;
      for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 4; ++b) sum += x.at(size_t(a * 12 + c * 4 + b));
      }
      const double m = sum / 8;
      for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 4; ++b) {
          const double d = x.at(size_t(a * 12 + c * 4 + b)) - m;
          sq += d * d;
        }
      }
      const std::string at = " group " + std::to_string(c);
      expect_close(mu.at(size_t(c)), mu.rounded(m), dtype, "mean" + at);
      expect_close(sd.at(size_t(c)), sd.rounded(std::sqrt(sq / 7)), dtype,
                   "std" + at);
      expect_close(var.at(size_t(c)), var.rounded(sq / 8), dtype, "var" + at);
    }
    EXPECT_EQ(cnnlDestroyStdVarMeanDescriptor(desc), CNNL_STATUS_SUCCESS);
  }
}

// ---- Bad calls: status, a log line naming the function, nothing written.

struct Objects {
  Handle handle;
  Tensor f6{CNNL_DTYPE_FLOAT, {2, 3}}, f4{CNNL_DTYPE_FLOAT, {4}},
      h6{CNNL_DTYPE_HALF, {2, 3}}, i6{CNNL_DTYPE_INT32, {2, 3}},
      b6{CNNL_DTYPE_BOOL, {2, 3}};
  cnnlTensorDescriptor_t unset = nullptr;
  cnnlTrigonDescriptor_t trigon = nullptr;
  float in[16] = {1, 2, 3, 4, 5, 6};
  float out[16] = {};
  Objects() {
    cnnlCreateTensorDescriptor(&unset);
    cnnlCreateTrigonDescriptor(&trigon);
  }
  ~Objects() {
    cnnlDestroyTensorDescriptor(unset);
    cnnlDestroyTrigonDescriptor(trigon);
  }
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;
constexpr auto kHp = CNNL_COMPUTATION_HIGH_PRECISION;

const Bad kBadCalls[] = {
    {"ErfNullHandle",
     [](Objects& o) {
       return cnnlErf_v2(nullptr, kHp, o.f6.get(), o.in, o.f6.get(), o.out);
     },
     kBad},
    {"FloorShapeMismatch",
     [](Objects& o) {
       return cnnlFloor(o.handle.get(), o.f6.get(), o.in, o.f4.get(), o.out);
     },
     kBad},
    {"FloorInt32",
     [](Objects& o) {
       return cnnlFloor(o.handle.get(), o.i6.get(), o.in, o.i6.get(), o.out);
     },
     kNotSupported},
    {"LogUnknownBase",
     [](Objects& o) {
       return cnnlLog_v2(o.handle.get(), kHp, cnnlLogBase_t(3), o.f6.get(),
                         o.in, o.f6.get(), o.out);
     },
     kBad},
    {"Log1pUnsetOutput",
     [](Objects& o) {
       return cnnlLog1p(o.handle.get(), kHp, o.f6.get(), o.in, o.unset, o.out);
     },
     kBad},
    {"IsNanFloatOutput",
     [](Objects& o) {
       return cnnlIsNan(o.handle.get(), o.f6.get(), o.in, o.f6.get(), o.out);
     },
     kBad},
    {"NanToNumTypeMismatch",
     [](Objects& o) {
       return cnnlNanToNum(o.handle.get(), o.f6.get(), o.in, 0, 0, 0,
                           o.h6.get(), o.out);
     },
     kBad},
    {"TrigonUnsetDescriptor",
     [](Objects& o) {
       return cnnlTrigonForward(o.handle.get(), o.trigon, o.f6.get(), o.in,
                                o.f6.get(), o.out);
     },
     kBad},
    {"TrigonUnknownMode",
     [](Objects& o) {
       return cnnlSetTrigonDescriptor_v2(o.trigon,
                                         cnnlTrigonFunctionMode_t(11 + 1), kHp);
     },
     kBad},
    {"FloorModNoBroadcast",
     [](Objects& o) {
       return cnnlFloorMod(o.handle.get(), o.f6.get(), o.in, o.f4.get(), o.in,
                           o.f6.get(), o.out, nullptr, 0);
     },
     kBad},
    {"FloorDivNullInput",
     [](Objects& o) {
       return cnnlFloorDiv_v2(o.handle.get(), kHp, o.f6.get(), nullptr,
                              o.f6.get(), o.in, o.f6.get(), o.out, nullptr, 0);
     },
     kBad},
    {"FloorDivTruncMixedTypes",
     [](Objects& o) {
       return cnnlFloorDivTrunc(o.handle.get(), kHp, o.f6.get(), o.in,
                                o.i6.get(), o.in, o.f6.get(), o.out, nullptr,
                                0);
     },
     kBad},
    {"Atan2Int32",
     [](Objects& o) {
       return cnnlAtan2(o.handle.get(), kHp, o.i6.get(), o.in, o.i6.get(), o.in,
                        nullptr, 0, o.i6.get(), o.out);
     },
     kNotSupported},
    {"LerpNullHandle",
     [](Objects& o) {
       return cnnlLerp(nullptr, o.f6.get(), o.in, o.f6.get(), o.in, o.f6.get(),
                       o.in, nullptr, 0, o.f6.get(), o.out);
     },
     kBad},
    {"AddcdivNullAlpha",
     [](Objects& o) {
       return cnnlAddcdiv(o.handle.get(), o.f6.get(), o.in, nullptr, o.f6.get(),
                          o.in, o.f6.get(), o.in, nullptr, 0, o.f6.get(),
                          o.out);
     },
     kBad},
    {"AddcmulNoBroadcast",
     [](Objects& o) {
       const float alpha = 1;
       return cnnlAddcmul(o.handle.get(), o.f6.get(), o.in, &alpha, o.f4.get(),
                          o.in, o.f6.get(), o.in, nullptr, 0, o.f6.get(),
                          o.out);
     },
     kBad},
    {"MulNZeroInputs",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[] = {o.f6.get()};
       const void* const p[] = {o.in};
       return cnnlMulN(o.handle.get(), d, p, 0, o.f6.get(), o.out);
     },
     kBad},
    {"BitComputeFloat",
     [](Objects& o) {
       return cnnlBitCompute_v2(o.handle.get(), CNNL_CYCLE_BAND_OP, o.f6.get(),
                                o.in, o.f6.get(), o.in, o.f6.get(), o.out,
                                nullptr, 0);
     },
     kNotSupported},
    {"BitComputeUnknownOp",
     [](Objects& o) {
       return cnnlBitCompute_v2(o.handle.get(), cnnlBitComputeOp_t(2 + 2),
                                o.i6.get(), o.in, o.i6.get(), o.in, o.i6.get(),
                                o.out, nullptr, 0);
     },
     kBad},
    {"HardtanhMinAboveMax",
     [](Objects& o) {
       return cnnlHardtanhBackward(o.handle.get(), o.f6.get(), o.in, o.f6.get(),
                                   o.in, -1.0f, 1.0f, o.f6.get(), o.out);
     },
     kBad},
    {"SoftplusBetaZero",
     [](Objects& o) {
       return cnnlSoftplusBackward(o.handle.get(), o.f6.get(), o.in, o.f6.get(),
                                   o.in, o.f6.get(), o.out, 0, 20);
     },
     kBad},
    {"ThresholdShapeMismatch",
     [](Objects& o) {
       const float t = 0;
       return cnnlThresholdBackward(o.handle.get(), o.f6.get(), o.in,
                                    o.f4.get(), o.in, &t, o.f6.get(), o.out);
     },
     kBad},
    {"PositionAndScaleZeroScale",
     [](Objects& o) {
       return cnnlSetTensorDescriptorPositionAndScale(o.f6.get(), 0, 0.0f);
     },
     kBad},
    {"PointerModeUnknown",
     [](Objects& o) {
       return cnnlSetTensorDescriptorPointerMode(o.f6.get(),
                                                 cnnlPointerMode_t(1 + 1));
     },
     kBad},
    {"AllowTf32NullDescriptor",
     [](Objects&) { return cnnlSetConvolutionDescriptorAllowTF32(nullptr, 1); },
     kBad},
    {"ReduceFirstFormNormP",
     [](Objects&) {
       cnnlReduceDescriptor_t reduce;
       cnnlCreateReduceDescriptor(&reduce);
       int axis[] = {0};
       const cnnlStatus_t status = cnnlSetReduceDescriptor(
           reduce, axis, 1, CNNL_REDUCE_NORMP, CNNL_DTYPE_FLOAT,
           CNNL_NOT_PROPAGATE_NAN, CNNL_REDUCE_NO_INDICES, CNNL_32BIT_INDICES);
       cnnlDestroyReduceDescriptor(reduce);
       return status;
     },
     kBad},
    {"BiasAddWrongChannels",
     [](Objects& o) {
       const float one = 1;
       return cnnlBiasAdd(o.handle.get(), &one, o.f4.get(), o.in, nullptr, 0,
                          &one, o.f6.get(), o.out);
     },
     kBad},
    {"BiasAddNullAlpha",
     [](Objects& o) {
       const float one = 1;
       return cnnlBiasAdd(o.handle.get(), nullptr, o.f4.get(), o.in, nullptr, 0,
                          &one, o.f6.get(), o.out);
     },
     kBad},
    {"BiasBackwardAxisOutsideRank",
     [](Objects& o) {
       return cnnlBiasAddBackward_v2(o.handle.get(), o.f6.get(), o.in, 2,
                                     o.f4.get(), o.out, nullptr, 0);
     },
     kBad},
    {"BiasBackwardMismatchedDims",
     [](Objects& o) {
       return cnnlBiasAddBackward(o.handle.get(), o.f6.get(), o.in, 1,
                                  o.f4.get(), o.out);
     },
     kBad},
    {"StdVarMeanUnsetDescriptor",
     [](Objects& o) {
       cnnlStdVarMeanDescriptor_t desc;
       cnnlCreateStdVarMeanDescriptor(&desc);
       const cnnlStatus_t status = cnnlStdVarMean(
           o.handle.get(), desc, o.f6.get(), o.in, nullptr, 0, o.f4.get(),
           o.out, nullptr, nullptr, nullptr, nullptr);
       cnnlDestroyStdVarMeanDescriptor(desc);
       return status;
     },
     kBad},
    {"StdVarMeanRepeatedAxis",
     [](Objects& o) {
       cnnlStdVarMeanDescriptor_t desc;
       cnnlCreateStdVarMeanDescriptor(&desc);
       const int axes[] = {1, -1};
       cnnlSetStdVarMeanDescriptor(desc, CNNL_STD, 2, axes, true);
       const cnnlStatus_t status = cnnlStdVarMean(
           o.handle.get(), desc, o.f6.get(), o.in, nullptr, 0, o.f4.get(),
           o.out, nullptr, nullptr, nullptr, nullptr);
       cnnlDestroyStdVarMeanDescriptor(desc);
       return status;
     },
     kBad},
    {"StdVarMeanWrongOutputSize",
     [](Objects& o) {
       cnnlStdVarMeanDescriptor_t desc;
       cnnlCreateStdVarMeanDescriptor(&desc);
       const int axes[] = {1};
       cnnlSetStdVarMeanDescriptor(desc, CNNL_STD, 1, axes, true);
       const cnnlStatus_t status = cnnlStdVarMean(
           o.handle.get(), desc, o.f6.get(), o.in, nullptr, 0, o.f4.get(),
           o.out, nullptr, nullptr, nullptr, nullptr);
       cnnlDestroyStdVarMeanDescriptor(desc);
       return status;
     },
     kBad},
    {"WorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetFloorDivWorkspaceSize(o.handle.get(), o.f6.get(),
                                           o.f6.get(), o.f6.get(), nullptr);
     },
     kBad},
};

class CnnlElementwiseMoreBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlElementwiseMoreBadInput, ReturnsTheStatusLogsAndWritesNothing) {
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

INSTANTIATE_TEST_SUITE_P(Table, CnnlElementwiseMoreBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
