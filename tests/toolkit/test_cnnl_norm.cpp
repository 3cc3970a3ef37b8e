// CNNL's batch and layer normalisation, forward and backward, against plain
// loops in double over layouts (NHWC, NLC, NC; any rank for layer norm),
// data types (float, half, bfloat16) and strides, and their bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"

namespace {

using cnnl_test::Buffer;
using cnnl_test::Desc;
using cnnl_test::fill;
using cnnl_test::Handle;
using cnnl_test::tolerance;

// A tensor of `dims` whose last dimension is stored `pad` elements wider:
// its strides, its buffer size, and the buffer index of element i (row-major
// in dims).
struct Strided {
  std::vector<int64_t> dims;
  int64_t pad;
  std::vector<int64_t> strides() const {
    std::vector<int64_t> s(dims.size(), 1);
    int64_t step = dims.back() + pad;
    for (size_t i = dims.size() - 1; i-- > 0;) {
      s[i] = step;
      step *= dims[i];
    }
    return s;
  }
  int64_t count() const {
    int64_t n = 1;
    for (const int64_t d : dims) n *= d;
    return n;
  }
  size_t size() const {
    return size_t(count() / dims.back() * (dims.back() + pad));
  }
  size_t at(int64_t i) const {
    const int64_t c = dims.back();
    return size_t(i / c * (c + pad) + i % c);
  }
};

void expect_near(double got, double want, cnnlDataType_t dtype,
                 const std::string& what) {
  EXPECT_NEAR(got, want, tolerance(dtype) * (1.0 + std::fabs(want))) << what;
}

// ---- Batch normalisation ----

struct BnCase {
  cnnlTensorLayout_t layout;
  std::vector<int64_t> dims;
  cnnlDataType_t dtype;
  int64_t pad;
  cnnlBatchNormOps_t ops;
};

// Mean and biased variance of each channel of x (rows x c, row-major).
void channel_stats(const std::vector<double>& x, int64_t rows, int64_t c,
                   std::vector<double>* mean, std::vector<double>* var) {
  mean->assign(size_t(c), 0.0);
  var->assign(size_t(c), 0.0);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t j = 0; j < c; ++j) (*mean)[j] += x[size_t(r * c + j)];
  }
  for (double& m : *mean) m /= double(rows);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t j = 0; j < c; ++j) {
      const double d = x[size_t(r * c + j)] - (*mean)[j];
      (*var)[j] += d * d;
    }
  }
  for (double& v : *var) v /= double(rows);
}

std::vector<double> held(const Buffer& b, const Strided& s) {
  std::vector<double> v(size_t(s.count()));
  for (int64_t i = 0; i < s.count(); ++i) v[size_t(i)] = b.get(s.at(i));
  return v;
}

void check_bn_training(const BnCase& k) {
  Handle handle;
  const Strided xs{k.dims, k.pad};
  const int64_t c = k.dims.back(), rows = xs.count() / c;
  const float eps = 1e-3f, momentum = 0.25f;
  Buffer xb(k.dtype, xs.size()), zb(k.dtype, xs.size()), yb(k.dtype, xs.size());
  fill(&xb, xs.size(), 21, -3, 3);
  fill(&zb, xs.size(), 22);
  fill(&yb, xs.size(), 23);
  const std::vector<double> x = held(xb, xs), z = held(zb, xs);
  const std::vector<float> w = cnnl_test::random_floats(size_t(c), 24, 0.5, 2);
  const std::vector<float> b = cnnl_test::random_floats(size_t(c), 25);
  std::vector<float> run_mean = cnnl_test::random_floats(size_t(c), 26);
  std::vector<float> run_var = cnnl_test::random_floats(size_t(c), 27, 1, 2);
  const std::vector<float> run_mean0 = run_mean, run_var0 = run_var;
  std::vector<float> saved_mean(static_cast<size_t>(c));
  std::vector<float> saved_invstd(static_cast<size_t>(c));
  Desc xd(k.layout, k.dtype, k.dims, xs.strides());
  Desc wd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {c});
  cnnlActivationDescriptor_t act = nullptr;
  ASSERT_EQ(cnnlCreateActivationDescriptor(&act), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlSetActivationDescriptor_v5(
                act, CNNL_ACTIVATION_RELU, CNNL_ACTIVATION_HIGH_PRECISION,
                CNNL_NOT_PROPAGATE_NAN, 0, -1, 0, 0, false),
            CNNL_STATUS_SUCCESS);
  size_t ws = 1;
  ASSERT_EQ(cnnlGetBatchNormForwardWorkspaceSize(handle.get(), xd.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  const Buffer y_before = yb;
  ASSERT_EQ(cnnlBatchNormForwardTraining_v2(
                handle.get(), act, CNNL_BATCHNORM_SPATIAL, k.ops, nullptr,
                nullptr, xd.get(), xb.data(), xd.get(), zb.data(), wd.get(),
                w.data(), b.data(), run_mean.data(), run_var.data(), eps,
                momentum, xd.get(), yb.data(), saved_mean.data(),
                saved_invstd.data(), nullptr, 0, nullptr, 0),
            CNNL_STATUS_SUCCESS);
  cnnlDestroyActivationDescriptor(act);
  std::vector<double> mean, var;
  channel_stats(x, rows, c, &mean, &var);
  for (int64_t j = 0; j < c; ++j) {
    const double invstd = 1.0 / std::sqrt(var[j] + eps);
    EXPECT_NEAR(saved_mean[j], mean[j], 1e-4) << j;
    EXPECT_NEAR(saved_invstd[j], invstd, 1e-4 * invstd) << j;
    EXPECT_NEAR(run_mean[j], 0.75 * run_mean0[j] + 0.25 * mean[j], 1e-4);
    EXPECT_NEAR(run_var[j],
                0.75 * run_var0[j] + 0.25 * var[j] * rows / (rows - 1), 1e-4);
  }
  for (int64_t i = 0; i < xs.count(); ++i) {
    const int64_t j = i % c;
    double want =
        (x[size_t(i)] - mean[j]) / std::sqrt(var[j] + eps) * w[j] + b[j];
    if (k.ops == CNNL_BATCHNORM_OPS_BN_ADD_ACTIVATION) want += z[size_t(i)];
    if (k.ops != CNNL_BATCHNORM_OPS_BN) want = std::max(want, 0.0);
    expect_near(yb.get(xs.at(i)), want, k.dtype, "y " + std::to_string(i));
  }
  // The padding between rows is left alone.
  for (size_t i = 0; i < xs.size(); ++i) {
    if (int64_t(i) % (c + k.pad) >= c) {
      EXPECT_EQ(yb.get(i), y_before.get(i)) << i;
    }
  }
}

TEST(CnnlBatchNormTraining, NhwcFloat) {
  check_bn_training({CNNL_LAYOUT_NHWC,
                     {2, 3, 2, 4},
                     CNNL_DTYPE_FLOAT,
                     0,
                     CNNL_BATCHNORM_OPS_BN});
}
TEST(CnnlBatchNormTraining, NhwcHalfStrided) {
  check_bn_training({CNNL_LAYOUT_NHWC,
                     {2, 3, 2, 4},
                     CNNL_DTYPE_HALF,
                     3,
                     CNNL_BATCHNORM_OPS_BN});
}
TEST(CnnlBatchNormTraining, NlcBfloat16) {
  check_bn_training({CNNL_LAYOUT_NLC,
                     {3, 5, 4},
                     CNNL_DTYPE_BFLOAT16,
                     0,
                     CNNL_BATCHNORM_OPS_BN});
}
TEST(CnnlBatchNormTraining, NcFloatAddRelu) {
  check_bn_training({CNNL_LAYOUT_NC,
                     {9, 5},
                     CNNL_DTYPE_FLOAT,
                     2,
                     CNNL_BATCHNORM_OPS_BN_ADD_ACTIVATION});
}
TEST(CnnlBatchNormTraining, NdhwcFloatRelu) {
  check_bn_training({CNNL_LAYOUT_NDHWC,
                     {2, 2, 3, 2, 3},
                     CNNL_DTYPE_FLOAT,
                     0,
                     CNNL_BATCHNORM_OPS_BN_ACTIVATION});
}

void check_bn_inference(cnnlDataType_t dtype, int64_t pad, bool v2) {
  Handle handle;
  const std::vector<int64_t> dims = {2, 2, 3, 5};
  const Strided xs{dims, pad};
  const int64_t c = 5;
  const float eps = 1e-5f;
  Buffer xb(dtype, xs.size()), yb(dtype, xs.size());
  fill(&xb, xs.size(), 31);
  const std::vector<double> x = held(xb, xs);
  const std::vector<float> w = cnnl_test::random_floats(size_t(c), 32);
  const std::vector<float> b = cnnl_test::random_floats(size_t(c), 33);
  const std::vector<float> mean = cnnl_test::random_floats(size_t(c), 34);
  const std::vector<float> var =
      cnnl_test::random_floats(size_t(c), 35, 0.5, 2);
  Desc xd(CNNL_LAYOUT_NHWC, dtype, dims, xs.strides());
  Desc wd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {c});
  const float alpha = 2.0f, beta = 0.5f;
  Buffer y0(dtype, xs.size());
  fill(&y0, xs.size(), 36);
  yb = y0;
  const cnnlStatus_t status =
      v2 ? cnnlBatchNormForwardInferenceV2(
               handle.get(), nullptr, CNNL_BATCHNORM_SPATIAL,
               CNNL_BATCHNORM_OPS_BN, &alpha, &beta, xd.get(), xb.data(),
               wd.get(), w.data(), b.data(), nullptr, nullptr, mean.data(),
               var.data(), eps, xd.get(), yb.data())
         : cnnlBatchNormForwardInference(handle.get(), &alpha, &beta, xd.get(),
                                         xb.data(), wd.get(), w.data(),
                                         b.data(), mean.data(), var.data(), eps,
                                         xd.get(), yb.data());
  ASSERT_EQ(status, CNNL_STATUS_SUCCESS);
  for (int64_t i = 0; i < xs.count(); ++i) {
    const int64_t j = i % c;
    const double bn =
        (x[size_t(i)] - mean[j]) / std::sqrt(double(var[j]) + eps) * w[j] +
        b[j];
    expect_near(yb.get(xs.at(i)), alpha * bn + beta * y0.get(xs.at(i)), dtype,
                "y " + std::to_string(i));
  }
}

TEST(CnnlBatchNormInference, Float) {
  check_bn_inference(CNNL_DTYPE_FLOAT, 0, false);
}
TEST(CnnlBatchNormInference, HalfStridedV2) {
  check_bn_inference(CNNL_DTYPE_HALF, 2, true);
}
TEST(CnnlBatchNormInference, Bfloat16V2) {
  check_bn_inference(CNNL_DTYPE_BFLOAT16, 0, true);
}

// Backward of training (saved statistics) or, frozen, of inference.
void check_bn_backward(cnnlDataType_t dtype, int64_t pad, bool frozen) {
  Handle handle;
  const std::vector<int64_t> dims = {3, 2, 2, 4};
  const Strided xs{dims, pad};
  const int64_t c = 4, rows = xs.count() / c;
  const float eps = 1e-3f;
  Buffer xb(dtype, xs.size()), dyb(dtype, xs.size()), dxb(dtype, xs.size());
  fill(&xb, xs.size(), 41);
  fill(&dyb, xs.size(), 42);
  const std::vector<double> x = held(xb, xs), dy = held(dyb, xs);
  const std::vector<float> w = cnnl_test::random_floats(size_t(c), 43, 0.5, 2);
  std::vector<double> bmean, bvar;
  channel_stats(x, rows, c, &bmean, &bvar);
  std::vector<float> mean(static_cast<size_t>(c));
  std::vector<float> spread(static_cast<size_t>(c));
  std::vector<double> invstd(static_cast<size_t>(c));
  for (int64_t j = 0; j < c; ++j) {
    // Frozen: population statistics near the batch's; else the saved ones.
    mean[j] = float(frozen ? bmean[j] + 0.1 : bmean[j]);
    spread[j] = float(frozen ? bvar[j] + 0.2 : 1.0 / std::sqrt(bvar[j] + eps));
    invstd[j] = frozen ? 1.0 / std::sqrt(double(spread[j]) + eps) : spread[j];
  }
  std::vector<float> dw(static_cast<size_t>(c)), db(static_cast<size_t>(c));
  Desc xd(CNNL_LAYOUT_NHWC, dtype, dims, xs.strides());
  Desc wd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {c});
  size_t ws = 1;
  const cnnlStatus_t query =
      frozen
          ? cnnlGetFrozenBatchNormBackwardWorkspaceSize(handle.get(), xd.get(),
                                                        &ws)
          : cnnlGetBatchNormBackwardWorkspaceSize(handle.get(), xd.get(), &ws);
  ASSERT_EQ(query, CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  const cnnlStatus_t status =
      frozen ? cnnlFrozenBatchNormBackward_v2(
                   handle.get(), nullptr, CNNL_BATCHNORM_SPATIAL,
                   CNNL_BATCHNORM_OPS_BN, xd.get(), xb.data(), nullptr, nullptr,
                   xd.get(), dyb.data(), wd.get(), w.data(), nullptr,
                   mean.data(), spread.data(), eps, nullptr, 0, nullptr,
                   nullptr, xd.get(), dxb.data(), dw.data(), db.data())
             : cnnlBatchNormBackward_v2(
                   handle.get(), nullptr, CNNL_BATCHNORM_SPATIAL,
                   CNNL_BATCHNORM_OPS_BN, nullptr, nullptr, nullptr, nullptr,
                   xd.get(), xb.data(), nullptr, nullptr, xd.get(), dyb.data(),
                   wd.get(), w.data(), nullptr, mean.data(), spread.data(), eps,
                   nullptr, nullptr, xd.get(), dxb.data(), dw.data(), db.data(),
                   nullptr, 0, nullptr, 0);
  ASSERT_EQ(status, CNNL_STATUS_SUCCESS);
  std::vector<double> sum_dy(size_t(c), 0.0), sum_dy_xhat(size_t(c), 0.0);
  for (int64_t i = 0; i < xs.count(); ++i) {
    const int64_t j = i % c;
    sum_dy[j] += dy[size_t(i)];
    sum_dy_xhat[j] += dy[size_t(i)] * (x[size_t(i)] - mean[j]) * invstd[j];
  }
  for (int64_t j = 0; j < c; ++j) {
    EXPECT_NEAR(db[j], sum_dy[j], 1e-3 * (1 + std::fabs(sum_dy[j])));
    EXPECT_NEAR(dw[j], sum_dy_xhat[j], 1e-3 * (1 + std::fabs(sum_dy_xhat[j])));
  }
  for (int64_t i = 0; i < xs.count(); ++i) {
    const int64_t j = i % c;
    const double xhat = (x[size_t(i)] - mean[j]) * invstd[j];
    const double want =
        frozen ? dy[size_t(i)] * w[j] * invstd[j]
               : w[j] * invstd[j] / rows *
                     (rows * dy[size_t(i)] - sum_dy[j] - xhat * sum_dy_xhat[j]);
    expect_near(dxb.get(xs.at(i)), want, dtype, "diff_x " + std::to_string(i));
  }
}

TEST(CnnlBatchNormBackward, Float) {
  check_bn_backward(CNNL_DTYPE_FLOAT, 0, false);
}
TEST(CnnlBatchNormBackward, HalfStrided) {
  check_bn_backward(CNNL_DTYPE_HALF, 3, false);
}
TEST(CnnlBatchNormBackward, FrozenFloatStrided) {
  check_bn_backward(CNNL_DTYPE_FLOAT, 1, true);
}
TEST(CnnlBatchNormBackward, FrozenBfloat16) {
  check_bn_backward(CNNL_DTYPE_BFLOAT16, 0, true);
}

// ---- Layer normalisation ----

struct LnCase {
  std::vector<int64_t> dims;
  int axis;
  cnnlDataType_t dtype;
  int64_t pad;
  bool affine;
};

void check_layer_norm(const LnCase& k) {
  Handle handle;
  const Strided xs{k.dims, k.pad};
  int64_t rows = 1, cols = 1;
  for (size_t i = 0; i < k.dims.size(); ++i) {
    (int(i) < k.axis ? rows : cols) *= k.dims[i];
  }
  const std::vector<int64_t> wdims(k.dims.begin() + k.axis, k.dims.end());
  const std::vector<int64_t> sdims(k.dims.begin(), k.dims.begin() + k.axis);
  const float eps = 1e-4f;
  Buffer xb(k.dtype, xs.size()), yb(k.dtype, xs.size()),
      dyb(k.dtype, xs.size()), dxb(k.dtype, xs.size());
  Buffer wb(k.dtype, size_t(cols)), bb(k.dtype, size_t(cols));
  fill(&xb, xs.size(), 51, -3, 3);
  fill(&dyb, xs.size(), 52);
  const std::vector<float> w = fill(&wb, size_t(cols), 53, 0.5, 2);
  const std::vector<float> b = fill(&bb, size_t(cols), 54);
  const std::vector<double> x = held(xb, xs), dy = held(dyb, xs);
  Buffer mean(CNNL_DTYPE_FLOAT, size_t(rows)),
      rstd(CNNL_DTYPE_FLOAT, size_t(rows));
  Desc xd(CNNL_LAYOUT_ARRAY, k.dtype, k.dims, xs.strides());
  Desc wd(CNNL_LAYOUT_ARRAY, k.dtype, wdims);
  Desc sd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, sdims);
  size_t ws = 1;
  ASSERT_EQ(
      cnnlGetLayerNormOpWorkspaceSize(handle.get(), k.axis, xd.get(), &ws),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  cnnlTensorDescriptor_t wdesc = k.affine ? wd.get() : nullptr;
  ASSERT_EQ(cnnlLayerNormForward(handle.get(), xd.get(), xb.data(), k.axis,
                                 wdesc, k.affine ? wb.data() : nullptr,
                                 k.affine ? bb.data() : nullptr, eps, nullptr,
                                 0, xd.get(), yb.data(), sd.get(), mean.data(),
                                 rstd.data()),
            CNNL_STATUS_SUCCESS);
  std::vector<double> rmean(size_t(rows), 0.0), rrstd(size_t(rows), 0.0);
  for (int64_t r = 0; r < rows; ++r) {
    double m = 0, v = 0;
    for (int64_t j = 0; j < cols; ++j) m += x[size_t(r * cols + j)];
    m /= double(cols);
    for (int64_t j = 0; j < cols; ++j) {
      const double d = x[size_t(r * cols + j)] - m;
      v += d * d;
    }
    v /= double(cols);
    rmean[r] = m;
    rrstd[r] = 1.0 / std::sqrt(v + eps);
    EXPECT_NEAR(mean.get(size_t(r)), m, 1e-4);
    EXPECT_NEAR(rstd.get(size_t(r)), rrstd[r], 1e-4 * rrstd[r]);
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t i = r * cols + j;
      double want = (x[size_t(i)] - m) * rrstd[r];
      if (k.affine) want = want * w[j] + b[j];
      expect_near(yb.get(xs.at(i)), want, k.dtype, "y " + std::to_string(i));
    }
  }
  // Backward from the saved statistics.
  ASSERT_EQ(cnnlGetLayerNormBackwardWorkspaceSize(handle.get(), xd.get(),
                                                  k.axis, &ws),
            CNNL_STATUS_SUCCESS);
  Buffer dwb(k.dtype, size_t(cols)), dbb(k.dtype, size_t(cols));
  ASSERT_EQ(
      cnnlLayerNormBackward_v2(
          handle.get(), xd.get(), xb.data(), k.axis, xd.get(), dyb.data(),
          wdesc, k.affine ? wb.data() : nullptr, sd.get(), mean.data(),
          rstd.data(), nullptr, 0, xd.get(), dxb.data(),
          k.affine ? dwb.data() : nullptr, k.affine ? dbb.data() : nullptr),
      CNNL_STATUS_SUCCESS);
  std::vector<double> dw(size_t(cols), 0.0), db(size_t(cols), 0.0);
  for (int64_t r = 0; r < rows; ++r) {
    const double m = mean.get(size_t(r)), s = rstd.get(size_t(r));
    double mean_g = 0, mean_gx = 0;
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t i = r * cols + j;
      const double xhat = (x[size_t(i)] - m) * s;
      const double g = dy[size_t(i)] * (k.affine ? w[j] : 1.0);
      mean_g += g;
      mean_gx += g * xhat;
      dw[j] += dy[size_t(i)] * xhat;
      db[j] += dy[size_t(i)];
    }
    mean_g /= double(cols);
    mean_gx /= double(cols);
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t i = r * cols + j;
      const double xhat = (x[size_t(i)] - m) * s;
      const double g = dy[size_t(i)] * (k.affine ? w[j] : 1.0);
      expect_near(dxb.get(xs.at(i)), s * (g - mean_g - xhat * mean_gx), k.dtype,
                  "diff_x " + std::to_string(i));
    }
  }
  if (k.affine) {
    for (int64_t j = 0; j < cols; ++j) {
      expect_near(dwb.get(size_t(j)), dw[j], k.dtype, "diff_weight");
      expect_near(dbb.get(size_t(j)), db[j], k.dtype, "diff_bias");
    }
  }
}

TEST(CnnlLayerNorm, FloatLastAxis) {
  check_layer_norm({{2, 3, 8}, 2, CNNL_DTYPE_FLOAT, 0, true});
}
TEST(CnnlLayerNorm, FloatTwoAxesStrided) {
  check_layer_norm({{3, 4, 5}, 1, CNNL_DTYPE_FLOAT, 2, true});
}
TEST(CnnlLayerNorm, HalfNoAffine) {
  check_layer_norm({{4, 16}, 1, CNNL_DTYPE_HALF, 0, false});
}
TEST(CnnlLayerNorm, Bfloat16Strided) {
  check_layer_norm({{2, 2, 6}, 2, CNNL_DTYPE_BFLOAT16, 3, true});
}

// ---- Group normalisation ----

// x [2, 6, 3, 2] (NCHW) or [2, 3, 2, 6] (NHWC) in 3 groups of 2 channels,
// the last dimension stored `pad` wider; forward, then backward from the
// saved statistics.
void check_group_norm(cnnlTensorLayout_t layout, cnnlDataType_t dtype,
                      int64_t pad) {
  Handle handle;
  const bool last = layout == CNNL_LAYOUT_NHWC;
  const int64_t n = 2, c = 6, h = 3, w = 2, groups = 3, per = 2;
  const std::vector<int64_t> dims = last ? std::vector<int64_t>{n, h, w, c}
                                         : std::vector<int64_t>{n, c, h, w};
  const Strided xs{dims, pad};
  auto index = [&](int64_t in, int64_t ic, int64_t is) {
    return last ? (in * h * w + is) * c + ic : (in * c + ic) * h * w + is;
  };
  const float eps = 1e-4f;
  Buffer xb(dtype, xs.size()), yb(dtype, xs.size()), dzb(dtype, xs.size()),
      dxb(dtype, xs.size());
  fill(&xb, xs.size(), 91, -3, 3);
  fill(&dzb, xs.size(), 92);
  const std::vector<double> x = held(xb, xs), dz = held(dzb, xs);
  const std::vector<float> gamma = cnnl_test::random_floats(6, 93, 0.5, 2);
  const std::vector<float> beta = cnnl_test::random_floats(6, 94);
  std::vector<float> mean(6), rstd(6), dgamma(6), dbeta(6);
  Desc xd(layout, dtype, dims, xs.strides());
  Desc wd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {c});
  Desc sd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {n, groups});
  size_t ws = 1;
  ASSERT_EQ(
      cnnlGetGroupNormForwardWorkspaceSize(handle.get(), 3, xd.get(), &ws),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(cnnlGroupNormForward_v3(handle.get(), eps, 3, xd.get(), xb.data(),
                                    wd.get(), gamma.data(), beta.data(),
                                    nullptr, 0, xd.get(), yb.data(), sd.get(),
                                    mean.data(), rstd.data()),
            CNNL_STATUS_SUCCESS);
  const int64_t hw = h * w, count = per * hw;
  std::vector<double> rm(6), rr(6);
  for (int64_t in = 0; in < n; ++in) {
    for (int64_t k = 0; k < groups; ++k) {
      double m = 0, v = 0;
      for (int64_t ic = k * per; ic < (k + 1) * per; ++ic) {
        for (int64_t is = 0; is < hw; ++is) m += x[size_t(index(in, ic, is))];
      }
      m /= double(count);
      for (int64_t ic = k * per; ic < (k + 1) * per; ++ic) {
        for (int64_t is = 0; is < hw; ++is) {
          const double d = x[size_t(index(in, ic, is))] - m;
          v += d * d;
        }
      }
      const double r = 1 / std::sqrt(v / double(count) + eps);
      rm[size_t(in * groups + k)] = m;
      rr[size_t(in * groups + k)] = r;
      EXPECT_NEAR(mean[size_t(in * groups + k)], m, 1e-4);
      EXPECT_NEAR(rstd[size_t(in * groups + k)], r, 1e-4 * r);
      for (int64_t ic = k * per; ic < (k + 1) * per; ++ic) {
        for (int64_t is = 0; is < hw; ++is) {
          const int64_t i = index(in, ic, is);
          const double want =
              (x[size_t(i)] - m) * r * gamma[size_t(ic)] + beta[size_t(ic)];
          expect_near(yb.get(xs.at(i)), want, dtype, "y");
        }
      }
    }
  }
  ASSERT_EQ(
      cnnlGetGroupNormBackwardWorkspaceSizeV2(handle.get(), xd.get(), 3, &ws),
      CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlGroupNormBackward(handle.get(), xd.get(), xb.data(), xd.get(),
                                  dzb.data(), wd.get(), gamma.data(), sd.get(),
                                  mean.data(), sd.get(), rstd.data(), 3,
                                  xd.get(), dxb.data(), wd.get(), dgamma.data(),
                                  wd.get(), dbeta.data(), nullptr, 0),
            CNNL_STATUS_SUCCESS);
  std::vector<double> dg(6, 0.0), db(6, 0.0);
  for (int64_t in = 0; in < n; ++in) {
    for (int64_t k = 0; k < groups; ++k) {
      const double m = mean[size_t(in * groups + k)];
      const double r = rstd[size_t(in * groups + k)];
      double mg = 0, mgx = 0;
      for (int64_t ic = k * per; ic < (k + 1) * per; ++ic) {
        for (int64_t is = 0; is < hw; ++is) {
          const int64_t i = index(in, ic, is);
          const double xhat = (x[size_t(i)] - m) * r;
          mg += dz[size_t(i)] * gamma[size_t(ic)];
          mgx += dz[size_t(i)] * gamma[size_t(ic)] * xhat;
          dg[size_t(ic)] += dz[size_t(i)] * xhat;
          db[size_t(ic)] += dz[size_t(i)];
        }
      }
      mg /= double(count);
      mgx /= double(count);
      for (int64_t ic = k * per; ic < (k + 1) * per; ++ic) {
        for (int64_t is = 0; is < hw; ++is) {
          const int64_t i = index(in, ic, is);
          const double xhat = (x[size_t(i)] - m) * r;
          const double want =
              r * (dz[size_t(i)] * gamma[size_t(ic)] - mg - xhat * mgx);
          expect_near(dxb.get(xs.at(i)), want, dtype, "diff_x");
        }
      }
    }
  }
  for (size_t ic = 0; ic < 6; ++ic) {
    EXPECT_NEAR(dgamma[ic], dg[ic], 1e-3 * (1 + std::fabs(dg[ic])));
    EXPECT_NEAR(dbeta[ic], db[ic], 1e-3 * (1 + std::fabs(db[ic])));
  }
}

TEST(CnnlGroupNorm, NchwFloat) {
  check_group_norm(CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, 0);
}
TEST(CnnlGroupNorm, NhwcHalfStrided) {
  check_group_norm(CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF, 2);
}
TEST(CnnlGroupNorm, NchwBfloat16Strided) {
  check_group_norm(CNNL_LAYOUT_NCHW, CNNL_DTYPE_BFLOAT16, 1);
}

// ---- RMS normalisation ----

void check_rms_norm(cnnlDataType_t dtype, int64_t pad) {
  Handle handle;
  const std::vector<int64_t> dims = {3, 2, 8};
  const Strided xs{dims, pad};
  const int64_t rows = 3, cols = 16;
  const float eps = 1e-5f;
  Buffer xb(dtype, xs.size()), yb(dtype, xs.size()), dzb(dtype, xs.size()),
      dxb(dtype, xs.size());
  Buffer wb(dtype, size_t(cols)), bb(dtype, size_t(cols));
  fill(&xb, xs.size(), 95);
  fill(&dzb, xs.size(), 96);
  const std::vector<float> w = fill(&wb, size_t(cols), 97, 0.5, 2);
  const std::vector<float> b = fill(&bb, size_t(cols), 98);
  const std::vector<double> x = held(xb, xs), dz = held(dzb, xs);
  std::vector<float> rms(3);
  Desc xd(CNNL_LAYOUT_ARRAY, dtype, dims, xs.strides());
  Desc wd(CNNL_LAYOUT_ARRAY, dtype, {2, 8});
  Desc rd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3});
  size_t ws = 1;
  ASSERT_EQ(cnnlGetRmsNormOpWorkspaceSize(handle.get(), 1, xd.get(), &ws),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlRmsNormForward(handle.get(), 1, xd.get(), xb.data(), wd.get(),
                               wb.data(), bb.data(), eps, nullptr, 0, xd.get(),
                               yb.data(), rd.get(), rms.data()),
            CNNL_STATUS_SUCCESS);
  for (int64_t r = 0; r < rows; ++r) {
    double sq = 0;
    for (int64_t j = 0; j < cols; ++j) {
      sq += x[size_t(r * cols + j)] * x[size_t(r * cols + j)];
    }
    const double rr = 1 / std::sqrt(sq / double(cols) + eps);
    EXPECT_NEAR(rms[size_t(r)], rr, 1e-4 * rr);
    double mgx = 0;
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t i = r * cols + j;
      expect_near(yb.get(xs.at(i)),
                  x[size_t(i)] * rr * w[size_t(j)] + b[size_t(j)], dtype, "y");
      mgx += dz[size_t(i)] * w[size_t(j)] * x[size_t(i)] * rms[size_t(r)];
    }
    mgx /= double(cols);
    if (r == 0) {
      ASSERT_EQ(
          cnnlGetRmsNormBackwardWorkspaceSize(handle.get(), xd.get(), 1, &ws),
          CNNL_STATUS_SUCCESS);
      ASSERT_EQ(cnnlRmsNormBackward(handle.get(), 1, xd.get(), xb.data(),
                                    xd.get(), dzb.data(), wd.get(), wb.data(),
                                    rd.get(), rms.data(), nullptr, 0, xd.get(),
                                    dxb.data(), nullptr, nullptr, nullptr),
                CNNL_STATUS_SUCCESS);
    }
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t i = r * cols + j;
      const double xhat = x[size_t(i)] * rms[size_t(r)];
      const double want =
          rms[size_t(r)] * (dz[size_t(i)] * w[size_t(j)] - xhat * mgx);
      expect_near(dxb.get(xs.at(i)), want, dtype, "diff_x");
    }
  }
}
TEST(CnnlRmsNorm, FloatStrided) { check_rms_norm(CNNL_DTYPE_FLOAT, 3); }
TEST(CnnlRmsNorm, Half) { check_rms_norm(CNNL_DTYPE_HALF, 0); }

// ---- Bad calls: status, a log line naming the function, nothing written.

struct Objects {
  Handle handle;
  Desc x{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 2, 2, 4}};
  Desc x_nchw{CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, {1, 4, 2, 2}};
  Desc x_int{CNNL_LAYOUT_NHWC, CNNL_DTYPE_INT32, {1, 2, 2, 4}};
  Desc y_small{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 2, 1, 4}};
  Desc y_half{CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF, {1, 2, 2, 4}};
  Desc w{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {4}};
  Desc w3{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  Desc ln_w{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2, 4}};
  Desc stats3{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  Desc stats2{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1, 2}};
  cnnlTensorDescriptor_t unset = nullptr;
  cnnlActivationDescriptor_t tanh_act = nullptr;
  float in[64] = {1, 2, 3};
  float out[64] = {};
  float stat[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  char ws[16] = {};
  Objects() {
    cnnlCreateTensorDescriptor(&unset);
    cnnlCreateActivationDescriptor(&tanh_act);
    cnnlSetActivationDescriptor_v5(tanh_act, CNNL_ACTIVATION_TANH,
                                   CNNL_ACTIVATION_HIGH_PRECISION,
                                   CNNL_NOT_PROPAGATE_NAN, 0, -1, 0, 0, false);
  }
  ~Objects() {
    cnnlDestroyTensorDescriptor(unset);
    cnnlDestroyActivationDescriptor(tanh_act);
  }
  cnnlStatus_t train(cnnlHandle_t h, cnnlTensorDescriptor_t xd,
                     cnnlTensorDescriptor_t yd, cnnlTensorDescriptor_t wd,
                     cnnlBatchNormOps_t ops = CNNL_BATCHNORM_OPS_BN,
                     cnnlActivationDescriptor_t act = nullptr,
                     void* workspace = nullptr, size_t workspace_size = 0,
                     float eps = 1e-5f) {
    return cnnlBatchNormForwardTraining_v2(
        h, act, CNNL_BATCHNORM_SPATIAL, ops, nullptr, nullptr, xd, in, xd, in,
        wd, stat, stat, nullptr, nullptr, eps, 0.1f, yd, out, nullptr, nullptr,
        workspace, workspace_size, nullptr, 0);
  }
  cnnlStatus_t backward(cnnlHandle_t h, cnnlTensorDescriptor_t xd,
                        cnnlTensorDescriptor_t dxd, cnnlTensorDescriptor_t wd,
                        const void* saved_mean = nullptr) {
    return cnnlBatchNormBackward_v2(
        h, nullptr, CNNL_BATCHNORM_SPATIAL, CNNL_BATCHNORM_OPS_BN, nullptr,
        nullptr, nullptr, nullptr, xd, in, nullptr, nullptr, xd, in, wd, stat,
        nullptr, saved_mean != nullptr ? saved_mean : stat, stat, 1e-5f,
        nullptr, nullptr, dxd, out, out + 48, out + 56, nullptr, 0, nullptr, 0);
  }
  cnnlStatus_t layer(cnnlHandle_t h, cnnlTensorDescriptor_t xd, int axis,
                     cnnlTensorDescriptor_t wd, cnnlTensorDescriptor_t yd,
                     cnnlTensorDescriptor_t sd) {
    return cnnlLayerNormForward(h, xd, in, axis, wd, stat, stat, 1e-5f, nullptr,
                                0, yd, out, sd, out + 48, out + 56);
  }
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const Bad kBadCalls[] = {
    {"TrainNullHandle",
     [](Objects& o) {
       return o.train(nullptr, o.x.get(), o.x.get(), o.w.get());
     },
     kBad},
    {"TrainNchwLayout",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x_nchw.get(), o.x_nchw.get(),
                      o.w.get());
     },
     kBad},
    {"TrainShapeMismatch",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x.get(), o.y_small.get(), o.w.get());
     },
     kBad},
    {"TrainTypeMismatch",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x.get(), o.y_half.get(), o.w.get());
     },
     kBad},
    {"TrainChannelMismatch",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x.get(), o.x.get(), o.w3.get());
     },
     kBad},
    {"TrainUnsetDescriptor",
     [](Objects& o) {
       return o.train(o.handle.get(), o.unset, o.x.get(), o.w.get());
     },
     kBad},
    {"TrainIntNotSupported",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x_int.get(), o.x_int.get(), o.w.get());
     },
     kNotSupported},
    {"TrainActivationMissing",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x.get(), o.x.get(), o.w.get(),
                      CNNL_BATCHNORM_OPS_BN_ACTIVATION);
     },
     kBad},
    {"TrainTanhNotSupported",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x.get(), o.x.get(), o.w.get(),
                      CNNL_BATCHNORM_OPS_BN_ACTIVATION, o.tanh_act);
     },
     kNotSupported},
    {"TrainUnknownOps",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x.get(), o.x.get(), o.w.get(),
                      cnnlBatchNormOps_t(7));
     },
     kBad},
    {"TrainWorkspaceMissing",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x.get(), o.x.get(), o.w.get(),
                      CNNL_BATCHNORM_OPS_BN, nullptr, nullptr, 64);
     },
     kBad},
    {"TrainNegativeEps",
     [](Objects& o) {
       return o.train(o.handle.get(), o.x.get(), o.x.get(), o.w.get(),
                      CNNL_BATCHNORM_OPS_BN, nullptr, o.ws, sizeof(o.ws),
                      -1.0f);
     },
     kBad},
    {"InferenceNullMovingMean",
     [](Objects& o) {
       return cnnlBatchNormForwardInference(
           o.handle.get(), nullptr, nullptr, o.x.get(), o.in, o.w.get(), o.stat,
           o.stat, nullptr, o.stat, 1e-5f, o.x.get(), o.out);
     },
     kBad},
    {"InferenceV2NullHandle",
     [](Objects& o) {
       return cnnlBatchNormForwardInferenceV2(
           nullptr, nullptr, CNNL_BATCHNORM_SPATIAL, CNNL_BATCHNORM_OPS_BN,
           nullptr, nullptr, o.x.get(), o.in, o.w.get(), o.stat, o.stat,
           nullptr, nullptr, o.stat, o.stat, 1e-5f, o.x.get(), o.out);
     },
     kBad},
    {"BackwardNullHandle",
     [](Objects& o) {
       return o.backward(nullptr, o.x.get(), o.x.get(), o.w.get());
     },
     kBad},
    {"BackwardNchwLayout",
     [](Objects& o) {
       return o.backward(o.handle.get(), o.x_nchw.get(), o.x_nchw.get(),
                         o.w.get());
     },
     kBad},
    {"BackwardDiffXMismatch",
     [](Objects& o) {
       return o.backward(o.handle.get(), o.x.get(), o.y_small.get(), o.w.get());
     },
     kBad},
    {"BackwardChannelMismatch",
     [](Objects& o) {
       return o.backward(o.handle.get(), o.x.get(), o.x.get(), o.w3.get());
     },
     kBad},
    {"BackwardActivationNotSupported",
     [](Objects& o) {
       return cnnlBatchNormBackward_v2(
           o.handle.get(), o.tanh_act, CNNL_BATCHNORM_SPATIAL,
           CNNL_BATCHNORM_OPS_BN_ACTIVATION, nullptr, nullptr, nullptr, nullptr,
           o.x.get(), o.in, o.x.get(), o.in, o.x.get(), o.in, o.w.get(), o.stat,
           nullptr, o.stat, o.stat, 1e-5f, nullptr, nullptr, o.x.get(), o.out,
           nullptr, nullptr, nullptr, 0, nullptr, 0);
     },
     kNotSupported},
    {"FrozenBackwardNullPopVar",
     [](Objects& o) {
       return cnnlFrozenBatchNormBackward_v2(
           o.handle.get(), nullptr, CNNL_BATCHNORM_SPATIAL,
           CNNL_BATCHNORM_OPS_BN, o.x.get(), o.in, nullptr, nullptr, o.x.get(),
           o.in, o.w.get(), o.stat, nullptr, o.stat, nullptr, 1e-5f, nullptr, 0,
           nullptr, nullptr, o.x.get(), o.out, nullptr, nullptr);
     },
     kBad},
    {"FrozenBackwardWorkspaceMissing",
     [](Objects& o) {
       return cnnlFrozenBatchNormBackward_v2(
           o.handle.get(), nullptr, CNNL_BATCHNORM_SPATIAL,
           CNNL_BATCHNORM_OPS_BN, o.x.get(), o.in, nullptr, nullptr, o.x.get(),
           o.in, o.w.get(), o.stat, nullptr, o.stat, o.stat, 1e-5f, nullptr, 32,
           nullptr, nullptr, o.x.get(), o.out, nullptr, nullptr);
     },
     kBad},
    {"ForwardWorkspaceSizeNull",
     [](Objects& o) {
       return cnnlGetBatchNormForwardWorkspaceSize(o.handle.get(), o.x.get(),
                                                   nullptr);
     },
     kBad},
    {"BackwardWorkspaceSizeNullHandle",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetBatchNormBackwardWorkspaceSize(nullptr, o.x.get(), &size);
     },
     kBad},
    {"LayerNormNullHandle",
     [](Objects& o) {
       return o.layer(nullptr, o.x.get(), 2, o.ln_w.get(), o.x.get(),
                      o.stats2.get());
     },
     kBad},
    {"LayerNormAxisOutOfRange",
     [](Objects& o) {
       return o.layer(o.handle.get(), o.x.get(), 4, o.ln_w.get(), o.x.get(),
                      o.stats2.get());
     },
     kBad},
    {"LayerNormWeightMismatch",
     [](Objects& o) {
       return o.layer(o.handle.get(), o.x.get(), 2, o.w3.get(), o.x.get(),
                      o.stats2.get());
     },
     kBad},
    {"LayerNormStatsMismatch",
     [](Objects& o) {
       return o.layer(o.handle.get(), o.x.get(), 2, o.ln_w.get(), o.x.get(),
                      o.stats3.get());
     },
     kBad},
    {"LayerNormOutputMismatch",
     [](Objects& o) {
       return o.layer(o.handle.get(), o.x.get(), 2, o.ln_w.get(),
                      o.y_small.get(), o.stats2.get());
     },
     kBad},
    {"LayerNormIntNotSupported",
     [](Objects& o) {
       return o.layer(o.handle.get(), o.x_int.get(), 2, nullptr, o.x_int.get(),
                      o.stats2.get());
     },
     kNotSupported},
    {"LayerNormWorkspaceMissing",
     [](Objects& o) {
       return cnnlLayerNormForward(o.handle.get(), o.x.get(), o.in, 2,
                                   o.ln_w.get(), o.stat, o.stat, 1e-5f, nullptr,
                                   16, o.x.get(), o.out, o.stats2.get(),
                                   o.out + 48, o.out + 56);
     },
     kBad},
    {"LayerNormWorkspaceQueryAxis",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetLayerNormOpWorkspaceSize(o.handle.get(), -1, o.x.get(),
                                              &size);
     },
     kBad},
    {"LayerNormBackwardNullSavedMean",
     [](Objects& o) {
       return cnnlLayerNormBackward_v2(
           o.handle.get(), o.x.get(), o.in, 2, o.x.get(), o.in, o.ln_w.get(),
           o.stat, o.stats2.get(), nullptr, o.stat, nullptr, 0, o.x.get(),
           o.out, o.out + 48, o.out + 56);
     },
     kBad},
    {"LayerNormBackwardDiffXMismatch",
     [](Objects& o) {
       return cnnlLayerNormBackward_v2(
           o.handle.get(), o.x.get(), o.in, 2, o.x.get(), o.in, o.ln_w.get(),
           o.stat, o.stats2.get(), o.stat, o.stat, nullptr, 0, o.y_small.get(),
           o.out, o.out + 48, o.out + 56);
     },
     kBad},
    {"LayerNormBackwardWorkspaceQueryNullHandle",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetLayerNormBackwardWorkspaceSize(nullptr, o.x.get(), 1,
                                                    &size);
     },
     kBad},
    {"GroupNormNullHandle",
     [](Objects& o) {
       return cnnlGroupNormForward_v3(
           nullptr, 1e-5f, 2, o.x_nchw.get(), o.in, o.w.get(), o.stat, o.stat,
           nullptr, 0, o.x_nchw.get(), o.out, nullptr, nullptr, nullptr);
     },
     kBad},
    {"GroupNormGroupsDoNotDivide",
     [](Objects& o) {
       return cnnlGroupNormForward_v3(o.handle.get(), 1e-5f, 3, o.x_nchw.get(),
                                      o.in, o.w.get(), o.stat, o.stat, nullptr,
                                      0, o.x_nchw.get(), o.out, nullptr,
                                      nullptr, nullptr);
     },
     kBad},
    {"GroupNormWeightMismatch",
     [](Objects& o) {
       return cnnlGroupNormForward_v3(o.handle.get(), 1e-5f, 2, o.x_nchw.get(),
                                      o.in, o.w3.get(), o.stat, o.stat, nullptr,
                                      0, o.x_nchw.get(), o.out, nullptr,
                                      nullptr, nullptr);
     },
     kBad},
    {"GroupNormStatsMismatch",
     [](Objects& o) {
       return cnnlGroupNormForward_v3(o.handle.get(), 1e-5f, 2, o.x_nchw.get(),
                                      o.in, o.w.get(), o.stat, o.stat, nullptr,
                                      0, o.x_nchw.get(), o.out, o.stats3.get(),
                                      o.out + 48, o.out + 56);
     },
     kBad},
    {"GroupNormWorkspaceMissing",
     [](Objects& o) {
       return cnnlGroupNormForward_v3(o.handle.get(), 1e-5f, 2, o.x_nchw.get(),
                                      o.in, o.w.get(), o.stat, o.stat, nullptr,
                                      8, o.x_nchw.get(), o.out, nullptr,
                                      nullptr, nullptr);
     },
     kBad},
    {"GroupNormBackwardDiffXMismatch",
     [](Objects& o) {
       return cnnlGroupNormBackward(
           o.handle.get(), o.x_nchw.get(), o.in, o.x_nchw.get(), o.in,
           o.w.get(), o.stat, o.stats2.get(), o.stat, o.stats2.get(), o.stat, 2,
           o.x.get(), o.out, nullptr, nullptr, nullptr, nullptr, nullptr, 0);
     },
     kBad},
    {"GroupNormBackwardQueryNullSize",
     [](Objects& o) {
       return cnnlGetGroupNormBackwardWorkspaceSize(o.handle.get(), 8, nullptr);
     },
     kBad},
    {"RmsNormAxisOutOfRange",
     [](Objects& o) {
       return cnnlRmsNormForward(
           o.handle.get(), 4, o.x.get(), o.in, o.ln_w.get(), o.stat, nullptr,
           1e-5f, nullptr, 0, o.x.get(), o.out, o.stats2.get(), o.out + 48);
     },
     kBad},
    {"RmsNormIntNotSupported",
     [](Objects& o) {
       return cnnlRmsNormForward(o.handle.get(), 2, o.x_int.get(), o.in,
                                 nullptr, nullptr, nullptr, 1e-5f, nullptr, 0,
                                 o.x_int.get(), o.out, nullptr, nullptr);
     },
     kNotSupported},
    {"RmsNormBackwardNullRms",
     [](Objects& o) {
       return cnnlRmsNormBackward(o.handle.get(), 2, o.x.get(), o.in, o.x.get(),
                                  o.in, o.ln_w.get(), o.stat, o.stats2.get(),
                                  nullptr, nullptr, 0, o.x.get(), o.out,
                                  nullptr, nullptr, nullptr);
     },
     kBad},
};

class CnnlNormBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlNormBadInput, ReturnsTheStatusLogsAndWritesNothing) {
  Objects objects;
  cnnl_test::expect_refused(objects, GetParam());
  for (const float s : objects.stat) EXPECT_EQ(s, 1.0f);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlNormBadInput, testing::ValuesIn(kBadCalls),
                         BadCallName());

}  // namespace
