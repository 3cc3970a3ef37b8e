// CNNL's losses (BCE, BCE with logits, NLL, smooth L1, MSE), forward and
// backward, against plain loops over data types (float, half, bfloat16),
// reductions and strides (a column-major input), and their bad calls.
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
using cnnl_test::Desc;
using cnnl_test::fill;
using cnnl_test::Handle;
using cnnl_test::tolerance;

constexpr int64_t kRows = 3, kCols = 5, kCount = kRows * kCols;

// Input and target [3, 5], either dense or column-major (strides {1, 3}):
// element (r, c) of the tensor at buffer index at(r * 5 + c).
struct Operands {
  cnnlDataType_t dtype;
  bool column_major;
  std::vector<int64_t> strides() const {
    return column_major ? std::vector<int64_t>{1, kRows}
                        : std::vector<int64_t>{kCols, 1};
  }
  size_t at(int64_t i) const {
    return column_major ? size_t(i % kCols * kRows + i / kCols) : size_t(i);
  }
  std::vector<double> held(const Buffer& b) const {
    std::vector<double> v(kCount);
    for (int64_t i = 0; i < kCount; ++i) v[size_t(i)] = b.get(at(i));
    return v;
  }
};

// A loss: its forward and backward calls on given descriptors, reduction
// 0 NONE, 1 MEAN, 2 SUM, and the reference per-element loss and gradient.
struct LossCase {
  const char* name;
  float x_lo, x_hi, t_lo, t_hi;
  bool weighted;
  std::function<cnnlStatus_t(cnnlHandle_t, int, cnnlTensorDescriptor_t,
                             const void*, const void*, const void*,
                             cnnlTensorDescriptor_t, void*)>
      forward;
  std::function<cnnlStatus_t(cnnlHandle_t, int, cnnlTensorDescriptor_t,
                             const void*, const void*, const void*,
                             cnnlTensorDescriptor_t, const void*,
                             cnnlTensorDescriptor_t, void*)>
      backward;
  std::function<double(double, double, double)> loss, grad;
};

cnnlBceLossReduction_t bce_r(int r) { return cnnlBceLossReduction_t(r); }
cnnlBceWithLogitsReduction_t logits_r(int r) {
  return cnnlBceWithLogitsReduction_t(r);
}
cnnlSmoothL1LossAlgorithm_t smooth_r(int r) {
  return cnnlSmoothL1LossAlgorithm_t(r);
}
cnnlMSELossReduction_t mse_r(int r) {
  return r == 0   ? CNNL_MSE_LOSS_NONE
         : r == 1 ? CNNL_MSE_LOSS_MEAN
                  : CNNL_MSE_LOSS_SUM;
}

const LossCase kBce{
    "Bce",
    0.05f,
    0.95f,
    0.0f,
    1.0f,
    true,
    [](cnnlHandle_t h, int r, cnnlTensorDescriptor_t xd, const void* x,
       const void* t, const void* w, cnnlTensorDescriptor_t yd, void* y) {
      return cnnlBceLoss(h, xd, x, xd, t, xd, w, bce_r(r), nullptr, 0, yd, y);
    },
    [](cnnlHandle_t h, int r, cnnlTensorDescriptor_t xd, const void* x,
       const void* t, const void* w, cnnlTensorDescriptor_t dyd, const void* dy,
       cnnlTensorDescriptor_t dxd, void* dx) {
      return cnnlBceLossBackward(h, dyd, dy, xd, x, xd, t, xd, w, bce_r(r),
                                 nullptr, 0, dxd, dx);
    },
    [](double x, double t, double w) {
      return -w * (t * std::log(x) + (1 - t) * std::log(1 - x));
    },
    [](double x, double t, double w) { return w * (x - t) / (x * (1 - x)); }};

const LossCase kBceWithLogits{
    "BceWithLogits", -3.0f, 3.0f, 0.0f, 1.0f, true,
    // pos_weight is weight too: the test feeds one tensor for both.
    [](cnnlHandle_t h, int r, cnnlTensorDescriptor_t xd, const void* x,
       const void* t, const void* w, cnnlTensorDescriptor_t yd, void* y) {
      return cnnlBceWithLogits_v2(h, CNNL_COMPUTATION_HIGH_PRECISION, xd, x, xd,
                                  t, xd, w, xd, w, logits_r(r), nullptr, 0, yd,
                                  y);
    },
    [](cnnlHandle_t h, int r, cnnlTensorDescriptor_t xd, const void* x,
       const void* t, const void* w, cnnlTensorDescriptor_t dyd, const void* dy,
       cnnlTensorDescriptor_t dxd, void* dx) {
      return cnnlBceWithLogitsBackward(h, dyd, dy, xd, x, xd, t, xd, w, xd, w,
                                       logits_r(r), nullptr, 0, dxd, dx);
    },
    [](double x, double t, double w) {
      const double s = 1 / (1 + std::exp(-x));
      return -w * (w * t * std::log(s) + (1 - t) * std::log(1 - s));
    },
    [](double x, double t, double w) {
      const double s = 1 / (1 + std::exp(-x));
      return w * ((1 + (w - 1) * t) * s - w * t);
    }};

const LossCase kSmoothL1{
    "SmoothL1",
    -2.0f,
    2.0f,
    -2.0f,
    2.0f,
    false,
    [](cnnlHandle_t h, int r, cnnlTensorDescriptor_t xd, const void* x,
       const void* t, const void*, cnnlTensorDescriptor_t yd, void* y) {
      return cnnlSmoothL1LossForward_v2(h, xd, x, xd, t, 0.7f, smooth_r(r),
                                        nullptr, 0, yd, y);
    },
    [](cnnlHandle_t h, int r, cnnlTensorDescriptor_t xd, const void* x,
       const void* t, const void*, cnnlTensorDescriptor_t dyd, const void* dy,
       cnnlTensorDescriptor_t dxd, void* dx) {
      return cnnlSmoothL1LossBackward_v2(h, xd, x, xd, t, dyd, dy, 0.7f,
                                         smooth_r(r), nullptr, 0, dxd, dx);
    },
    [](double x, double t, double) {
      const double d = std::fabs(x - t), b = double(0.7f);
      return d < b ? 0.5 * d * d / b : d - 0.5 * b;
    },
    [](double x, double t, double) {
      const double d = x - t, b = double(0.7f);
      return std::fabs(d) < b ? d / b : (d > 0 ? 1.0 : -1.0);
    }};

const LossCase kMse{
    "Mse",
    -2.0f,
    2.0f,
    -2.0f,
    2.0f,
    false,
    [](cnnlHandle_t h, int r, cnnlTensorDescriptor_t xd, const void* x,
       const void* t, const void*, cnnlTensorDescriptor_t yd, void* y) {
      return cnnlMSELoss_v2(h, mse_r(r), xd, x, xd, t, nullptr, 0, yd, y);
    },
    [](cnnlHandle_t h, int r, cnnlTensorDescriptor_t xd, const void* x,
       const void* t, const void*, cnnlTensorDescriptor_t dyd, const void* dy,
       cnnlTensorDescriptor_t dxd, void* dx) {
      return cnnlMSELossBackward(h, mse_r(r), xd, x, xd, t, dyd, dy, dxd, dx);
    },
    [](double x, double t, double) { return (x - t) * (x - t); },
    [](double x, double t, double) { return 2 * (x - t); }};

void check_loss(const LossCase& k, cnnlDataType_t dtype, bool column_major,
                int reduction) {
  SCOPED_TRACE(std::string(k.name) + " reduction " + std::to_string(reduction));
  Handle handle;
  const Operands ops{dtype, column_major};
  Buffer xb(dtype, kCount), tb(dtype, kCount), wb(dtype, kCount);
  fill(&xb, kCount, 61, k.x_lo, k.x_hi);
  fill(&tb, kCount, 62, k.t_lo, k.t_hi);
  fill(&wb, kCount, 63, 0.5f, 1.5f);
  const std::vector<double> x = ops.held(xb), t = ops.held(tb);
  const std::vector<double> w =
      k.weighted ? ops.held(wb) : std::vector<double>(kCount, 1.0);
  Desc xd(CNNL_LAYOUT_ARRAY, dtype, {kRows, kCols}, ops.strides());
  Desc one(CNNL_LAYOUT_ARRAY, dtype, {});
  const bool reduced = reduction != 0;
  Buffer yb(dtype, reduced ? 1 : kCount);
  ASSERT_EQ(k.forward(handle.get(), reduction, xd.get(), xb.data(), tb.data(),
                      wb.data(), reduced ? one.get() : xd.get(), yb.data()),
            CNNL_STATUS_SUCCESS);
  const float tol = tolerance(dtype);
  double sum = 0;
  for (int64_t i = 0; i < kCount; ++i) {
    const double l = k.loss(x[size_t(i)], t[size_t(i)], w[size_t(i)]);
    sum += l;
    if (!reduced) {
      EXPECT_NEAR(yb.get(ops.at(i)), l, tol * (1 + std::fabs(l))) << i;
    }
  }
  if (reduced) {
    const double want = reduction == 1 ? sum / kCount : sum;
    EXPECT_NEAR(yb.get(0), want, tol * (1 + std::fabs(want)));
  }
  // Backward: dy one element (reduced) or input's shape.
  Buffer dyb(dtype, reduced ? 1 : kCount), dxb(dtype, kCount);
  fill(&dyb, reduced ? 1 : kCount, 64, 0.5f, 2.0f);
  ASSERT_EQ(k.backward(handle.get(), reduction, xd.get(), xb.data(), tb.data(),
                       wb.data(), reduced ? one.get() : xd.get(), dyb.data(),
                       xd.get(), dxb.data()),
            CNNL_STATUS_SUCCESS);
  for (int64_t i = 0; i < kCount; ++i) {
    const double dy = reduced ? dyb.get(0) / (reduction == 1 ? kCount : 1)
                              : dyb.get(ops.at(i));
    const double want = k.grad(x[size_t(i)], t[size_t(i)], w[size_t(i)]) * dy;
    EXPECT_NEAR(dxb.get(ops.at(i)), want, tol * (1 + std::fabs(want))) << i;
  }
}

void check_all_reductions(const LossCase& k, cnnlDataType_t dtype,
                          bool column_major) {
  for (int r = 0; r < 3; ++r) check_loss(k, dtype, column_major, r);
}

TEST(CnnlLoss, BceFloat) {
  check_all_reductions(kBce, CNNL_DTYPE_FLOAT, false);
}
TEST(CnnlLoss, BceHalfColumnMajor) {
  check_all_reductions(kBce, CNNL_DTYPE_HALF, true);
}
TEST(CnnlLoss, BceWithLogitsFloatColumnMajor) {
  check_all_reductions(kBceWithLogits, CNNL_DTYPE_FLOAT, true);
}
TEST(CnnlLoss, BceWithLogitsBfloat16) {
  check_all_reductions(kBceWithLogits, CNNL_DTYPE_BFLOAT16, false);
}
TEST(CnnlLoss, SmoothL1Float) {
  check_all_reductions(kSmoothL1, CNNL_DTYPE_FLOAT, true);
}
TEST(CnnlLoss, SmoothL1Half) {
  check_all_reductions(kSmoothL1, CNNL_DTYPE_HALF, false);
}
TEST(CnnlLoss, MseFloat) {
  check_all_reductions(kMse, CNNL_DTYPE_FLOAT, false);
}
TEST(CnnlLoss, MseBfloat16ColumnMajor) {
  check_all_reductions(kMse, CNNL_DTYPE_BFLOAT16, true);
}

// NLL over x [4, 3] (column-major when asked) with class weights and an
// ignored row.
void check_nll(cnnlDataType_t dtype, cnnlNlllossAlgorithm_t algorithm,
               bool column_major) {
  Handle handle;
  const int64_t n = 4, c = 3;
  const std::vector<int32_t> target = {2, 0, -100, 1};
  Buffer xb(dtype, size_t(n * c)), wb(dtype, size_t(c));
  fill(&xb, size_t(n * c), 71, -3, 0);
  const std::vector<float> w = fill(&wb, size_t(c), 72, 0.5, 2);
  auto at = [&](int64_t i, int64_t k) {
    return column_major ? size_t(k * n + i) : size_t(i * c + k);
  };
  Desc xd(
      CNNL_LAYOUT_ARRAY, dtype, {n, c},
      column_major ? std::vector<int64_t>{1, n} : std::vector<int64_t>{c, 1});
  Desc td(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {n});
  Desc wd(CNNL_LAYOUT_ARRAY, dtype, {c}), one(CNNL_LAYOUT_ARRAY, dtype, {1});
  Desc rows(CNNL_LAYOUT_ARRAY, dtype, {n});
  const bool reduced = algorithm != CNNL_REDUCTION_NONE;
  Buffer yb(dtype, size_t(n)), tw(dtype, 1);
  ASSERT_EQ(cnnlNlllossForward_v2(handle.get(), algorithm, xd.get(), xb.data(),
                                  td.get(), target.data(), -100, wd.get(),
                                  wb.data(), nullptr, 0, one.get(), tw.data(),
                                  reduced ? one.get() : rows.get(), yb.data()),
            CNNL_STATUS_SUCCESS);
  double sum = 0, total = 0;
  const float tol = tolerance(dtype);
  for (int64_t i = 0; i < n; ++i) {
    const int32_t k = target[size_t(i)];
    const double l = k == -100 ? 0.0 : -w[size_t(k)] * xb.get(at(i, k));
    if (k != -100) total += w[size_t(k)];
    sum += l;
    if (!reduced) EXPECT_NEAR(yb.get(size_t(i)), l, tol * (1 + std::fabs(l)));
  }
  EXPECT_NEAR(tw.get(0), total, tol * (1 + total));
  if (reduced) {
    const double want = algorithm == CNNL_REDUCTION_SUM ? sum : sum / total;
    EXPECT_NEAR(yb.get(0), want, tol * (1 + std::fabs(want)));
  }
  Buffer dyb(dtype, size_t(n)), dxb(dtype, size_t(n * c));
  fill(&dyb, size_t(n), 73, 0.5, 2);
  ASSERT_EQ(cnnlNlllossBackward_v2(
                handle.get(), algorithm, reduced ? one.get() : rows.get(),
                dyb.data(), td.get(), target.data(), -100, wd.get(), wb.data(),
                one.get(), tw.data(), xd.get(), dxb.data()),
            CNNL_STATUS_SUCCESS);
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t k = 0; k < c; ++k) {
      double want = 0;
      if (target[size_t(i)] == k) {
        const double g = !reduced ? dyb.get(size_t(i))
                         : algorithm == CNNL_REDUCTION_SUM
                             ? dyb.get(0)
                             : dyb.get(0) / tw.get(0);
        want = -w[size_t(k)] * g;
      }
      EXPECT_NEAR(dxb.get(at(i, k)), want, tol * (1 + std::fabs(want)));
    }
  }
}

TEST(CnnlNllloss, NoneFloat) {
  check_nll(CNNL_DTYPE_FLOAT, CNNL_REDUCTION_NONE, false);
}
TEST(CnnlNllloss, MeanHalfColumnMajor) {
  check_nll(CNNL_DTYPE_HALF, CNNL_REDUCTION_MEAN, true);
}
TEST(CnnlNllloss, SumBfloat16) {
  check_nll(CNNL_DTYPE_BFLOAT16, CNNL_REDUCTION_SUM, false);
}
TEST(CnnlNllloss, FirstFormNoWeight) {
  Handle handle;
  const std::vector<float> x = {-1, -2, -3, -4, -5, -6};
  const std::vector<int64_t> target = {1, 2};
  float y = 0, tw = 0;
  Desc xd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2, 3});
  Desc td(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT64, {2});
  Desc one(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1});
  ASSERT_EQ(cnnlNlllossForward(handle.get(), CNNL_REDUCTION_MEAN, nullptr, 0,
                               xd.get(), x.data(), td.get(), target.data(), -1,
                               nullptr, nullptr, one.get(), &tw, one.get(), &y),
            CNNL_STATUS_SUCCESS);
  EXPECT_FLOAT_EQ(y, (2.0f + 6.0f) / 2.0f);
  EXPECT_FLOAT_EQ(tw, 2.0f);
}

// ---- Bad calls: status, a log line naming the function, nothing written.

struct Objects {
  Handle handle;
  Desc x{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2, 4}};
  Desc x_half{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_HALF, {2, 4}};
  Desc x_int{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {2, 4}};
  Desc x3{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3, 4}};
  Desc w3{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  Desc one{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1}};
  Desc rows{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2}};
  Desc targets{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {2}};
  Desc targets_float{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2}};
  float in[16] = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
  int32_t classes[2] = {1, 3};
  int32_t classes_bad[2] = {1, 4};
  float out[64] = {};
  cnnlStatus_t bce(cnnlHandle_t h, cnnlTensorDescriptor_t xd,
                   cnnlTensorDescriptor_t td, cnnlTensorDescriptor_t wd,
                   cnnlTensorDescriptor_t yd, int reduction = 0,
                   size_t workspace_size = 0) {
    return cnnlBceLoss(h, xd, in, td, in, wd, in,
                       cnnlBceLossReduction_t(reduction), nullptr,
                       workspace_size, yd, out);
  }
  cnnlStatus_t nll(cnnlHandle_t h, cnnlTensorDescriptor_t td,
                   const int32_t* target, cnnlTensorDescriptor_t wd,
                   cnnlTensorDescriptor_t yd) {
    return cnnlNlllossForward_v2(h, CNNL_REDUCTION_NONE, x.get(), in, td,
                                 target, -100, wd, in, nullptr, 0, one.get(),
                                 out + 32, yd, out);
  }
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const Bad kBadCalls[] = {
    {"BceNullHandle",
     [](Objects& o) {
       return o.bce(nullptr, o.x.get(), o.x.get(), nullptr, o.x.get());
     },
     kBad},
    {"BceUnknownReduction",
     [](Objects& o) {
       return o.bce(o.handle.get(), o.x.get(), o.x.get(), nullptr, o.x.get(),
                    5);
     },
     kBad},
    {"BceTargetShapeMismatch",
     [](Objects& o) {
       return o.bce(o.handle.get(), o.x.get(), o.x3.get(), nullptr, o.x.get());
     },
     kBad},
    {"BceTargetTypeMismatch",
     [](Objects& o) {
       return o.bce(o.handle.get(), o.x.get(), o.x_half.get(), nullptr,
                    o.x.get());
     },
     kBad},
    {"BceWeightDoesNotBroadcast",
     [](Objects& o) {
       return o.bce(o.handle.get(), o.x.get(), o.x.get(), o.w3.get(),
                    o.x.get());
     },
     kBad},
    {"BceOutputNotOneElementWhenReduced",
     [](Objects& o) {
       return o.bce(o.handle.get(), o.x.get(), o.x.get(), nullptr, o.x.get(),
                    1);
     },
     kBad},
    {"BceIntNotSupported",
     [](Objects& o) {
       return o.bce(o.handle.get(), o.x_int.get(), o.x_int.get(), nullptr,
                    o.x_int.get());
     },
     kNotSupported},
    {"BceWorkspaceMissing",
     [](Objects& o) {
       return o.bce(o.handle.get(), o.x.get(), o.x.get(), nullptr, o.x.get(), 0,
                    64);
     },
     kBad},
    {"BceWorkspaceQueryNullSize",
     [](Objects& o) {
       return cnnlGetBceLossWorkspaceSize(o.handle.get(), o.x.get(), nullptr,
                                          nullptr);
     },
     kBad},
    {"BceBackwardGradShapeMismatch",
     [](Objects& o) {
       return cnnlBceLossBackward(
           o.handle.get(), o.x3.get(), o.in, o.x.get(), o.in, o.x.get(), o.in,
           nullptr, nullptr, CNNL_BCE_LOSS_NONE, nullptr, 0, o.x.get(), o.out);
     },
     kBad},
    {"BceWithLogitsUnknownPrefer",
     [](Objects& o) {
       return cnnlBceWithLogits_v2(
           o.handle.get(), cnnlComputationPreference_t(7), o.x.get(), o.in,
           o.x.get(), o.in, nullptr, nullptr, nullptr, nullptr,
           CNNL_BCE_WITH_LOGITS_NONE, nullptr, 0, o.x.get(), o.out);
     },
     kBad},
    {"BceWithLogitsPosWeightDoesNotBroadcast",
     [](Objects& o) {
       return cnnlBceWithLogits_v2(
           o.handle.get(), CNNL_COMPUTATION_FAST, o.x.get(), o.in, o.x.get(),
           o.in, nullptr, nullptr, o.w3.get(), o.in, CNNL_BCE_WITH_LOGITS_NONE,
           nullptr, 0, o.x.get(), o.out);
     },
     kBad},
    {"BceWithLogitsBackwardNullHandle",
     [](Objects& o) {
       return cnnlBceWithLogitsBackward(
           nullptr, o.x.get(), o.in, o.x.get(), o.in, o.x.get(), o.in, nullptr,
           nullptr, nullptr, nullptr, CNNL_BCE_WITH_LOGITS_NONE, nullptr, 0,
           o.x.get(), o.out);
     },
     kBad},
    {"NllNullHandle",
     [](Objects& o) {
       return o.nll(nullptr, o.targets.get(), o.classes, nullptr, o.rows.get());
     },
     kBad},
    {"NllTargetOutOfRange",
     [](Objects& o) {
       return o.nll(o.handle.get(), o.targets.get(), o.classes_bad, nullptr,
                    o.rows.get());
     },
     kBad},
    {"NllFloatTarget",
     [](Objects& o) {
       return o.nll(o.handle.get(), o.targets_float.get(), o.classes, nullptr,
                    o.rows.get());
     },
     kBad},
    {"NllWeightNotC",
     [](Objects& o) {
       return o.nll(o.handle.get(), o.targets.get(), o.classes, o.w3.get(),
                    o.rows.get());
     },
     kBad},
    {"NllOutputShapeMismatch",
     [](Objects& o) {
       return o.nll(o.handle.get(), o.targets.get(), o.classes, nullptr,
                    o.one.get());
     },
     kBad},
    {"NllUnknownAlgorithm",
     [](Objects& o) {
       return cnnlNlllossForward_v2(o.handle.get(), cnnlNlllossAlgorithm_t(9),
                                    o.x.get(), o.in, o.targets.get(), o.classes,
                                    -100, nullptr, nullptr, nullptr, 0, nullptr,
                                    nullptr, o.rows.get(), o.out);
     },
     kBad},
    {"NllBackwardMeanWithoutTotal",
     [](Objects& o) {
       return cnnlNlllossBackward_v2(o.handle.get(), CNNL_REDUCTION_MEAN,
                                     o.one.get(), o.in, o.targets.get(),
                                     o.classes, -100, nullptr, nullptr, nullptr,
                                     nullptr, o.x.get(), o.out);
     },
     kBad},
    {"SmoothL1NegativeBeta",
     [](Objects& o) {
       return cnnlSmoothL1LossForward_v2(
           o.handle.get(), o.x.get(), o.in, o.x.get(), o.in, -1.0f,
           CNNL_SMOOTHL1LOSS_REDUCTION_NONE, nullptr, 0, o.x.get(), o.out);
     },
     kBad},
    {"SmoothL1BackwardDxShapeMismatch",
     [](Objects& o) {
       return cnnlSmoothL1LossBackward_v2(
           o.handle.get(), o.x.get(), o.in, o.x.get(), o.in, o.x.get(), o.in,
           1.0f, CNNL_SMOOTHL1LOSS_REDUCTION_NONE, nullptr, 0, o.x3.get(),
           o.out);
     },
     kBad},
    {"MseNullHandle",
     [](Objects& o) {
       return cnnlMSELoss_v2(nullptr, CNNL_MSE_LOSS_SUM, o.x.get(), o.in,
                             o.x.get(), o.in, nullptr, 0, o.one.get(), o.out);
     },
     kBad},
    {"MseWorkspaceMissing",
     [](Objects& o) {
       return cnnlMSELoss_v2(o.handle.get(), CNNL_MSE_LOSS_SUM, o.x.get(), o.in,
                             o.x.get(), o.in, nullptr, 4, o.one.get(), o.out);
     },
     kBad},
    {"MseBackwardUnknownReduction",
     [](Objects& o) {
       return cnnlMSELossBackward(o.handle.get(), cnnlMSELossReduction_t(11),
                                  o.x.get(), o.in, o.x.get(), o.in, o.x.get(),
                                  o.in, o.x.get(), o.out);
     },
     kBad},
};

class CnnlLossBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlLossBadInput, ReturnsTheStatusLogsAndWritesNothing) {
  Objects objects;
  cnnl_test::expect_refused(objects, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlLossBadInput, testing::ValuesIn(kBadCalls),
                         BadCallName());

}  // namespace
