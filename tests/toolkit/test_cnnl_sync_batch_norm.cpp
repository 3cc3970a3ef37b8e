// CNNL's SyncBatchNorm family against plain loops over channels-last data
// (float and half inputs), the statistics of two "devices" combined as one
// batch, and a table of bad calls.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_vision_test_util.h"

namespace {

using cnnl_vision_test::Handle;
using cnnl_vision_test::Tensor;
using cnnl_vision_test::tolerance;

constexpr int kN = 2, kH = 3, kW = 4, kC = 5;

struct Stats {
  std::vector<double> mean, var;  // biased variance
};
Stats reference_stats(const std::vector<double>& x, int c) {
  Stats s{std::vector<double>(c, 0.0), std::vector<double>(c, 0.0)};
  const size_t m = x.size() / size_t(c);
  for (size_t i = 0; i < x.size(); ++i) s.mean[i % c] += x[i];
  for (double& v : s.mean) v /= double(m);
  for (size_t i = 0; i < x.size(); ++i) {
    s.var[i % c] += (x[i] - s.mean[i % c]) * (x[i] - s.mean[i % c]);
  }
  for (double& v : s.var) v /= double(m);
  return s;
}

class SyncBatchNorm : public testing::TestWithParam<cnnlDataType_t> {};

TEST_P(SyncBatchNorm, StatsAndElemtMatchLoops) {
  const cnnlDataType_t dtype = GetParam();
  Handle handle;
  std::mt19937 rng(7);
  Tensor x(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
  x.fill_uniform(&rng, -2.0, 3.0);
  Tensor mean(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor invstd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  size_t workspace = 1;
  ASSERT_EQ(
      cnnlGetSyncBatchNormStatsWorkspaceSize(handle.get(), x.desc, &workspace),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  const float eps = 1e-5f;
  ASSERT_EQ(cnnlSyncBatchNormStats_v2(handle.get(), x.desc, x.data(), nullptr,
                                      0, eps, mean.desc, mean.data(),
                                      invstd.desc, invstd.data()),
            CNNL_STATUS_SUCCESS);
  const std::vector<double> xs = x.values();
  const Stats ref = reference_stats(xs, kC);
  for (int k = 0; k < kC; ++k) {
    EXPECT_NEAR(mean.get(k), ref.mean[k], 1e-5) << k;
    const double inv = 1.0 / std::sqrt(ref.var[k] + eps);
    EXPECT_NEAR(invstd.get(k), inv, 1e-5 * inv) << k;
  }
  Tensor w(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor b(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  w.fill_uniform(&rng, 0.5, 1.5);
  b.fill_uniform(&rng, -1.0, 1.0);
  Tensor y(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
  ASSERT_EQ(
      cnnlSyncBatchNormElemt(handle.get(), x.desc, x.data(), mean.desc,
                             mean.data(), invstd.desc, invstd.data(), w.desc,
                             w.data(), b.desc, b.data(), y.desc, y.data()),
      CNNL_STATUS_SUCCESS);
  for (int64_t i = 0; i < x.count(); ++i) {
    const int k = int(i % kC);
    const double e =
        (xs[i] - mean.get(k)) * invstd.get(k) * w.get(k) + b.get(k);
    EXPECT_NEAR(y.get(i), e, tolerance(dtype, e)) << i;
  }
  // Without filter and bias: 1 and 0.
  ASSERT_EQ(
      cnnlSyncBatchNormElemt(handle.get(), x.desc, x.data(), mean.desc,
                             mean.data(), invstd.desc, invstd.data(), nullptr,
                             nullptr, nullptr, nullptr, y.desc, y.data()),
      CNNL_STATUS_SUCCESS);
  for (int64_t i = 0; i < x.count(); ++i) {
    const int k = int(i % kC);
    const double e = (xs[i] - mean.get(k)) * invstd.get(k);
    EXPECT_NEAR(y.get(i), e, tolerance(dtype, e)) << i;
  }
}

TEST_P(SyncBatchNorm, GatheredStatsEqualTheWholeBatch) {
  // Two devices with 2 and 4 rows of an NC batch: their gathered statistics
  // are those of the 6 rows together.
  const cnnlDataType_t dtype = GetParam();
  Handle handle;
  std::mt19937 rng(11);
  const int rows[2] = {2, 4};
  std::vector<double> all;
  Tensor mean_all(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2, kC});
  Tensor invstd_all(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2, kC});
  Tensor count_all(CNNL_LAYOUT_ARRAY, dtype, {2});
  const float eps = 1e-3f;
  for (int d = 0; d < 2; ++d) {
    Tensor x(CNNL_LAYOUT_NC, CNNL_DTYPE_FLOAT, {rows[d], kC});
    x.fill_uniform(&rng, -1.0 + d, 2.0 + 3 * d);
    Tensor mean(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
    Tensor invstd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
    ASSERT_EQ(cnnlSyncBatchNormStats_v2(handle.get(), x.desc, x.data(), nullptr,
                                        0, eps, mean.desc, mean.data(),
                                        invstd.desc, invstd.data()),
              CNNL_STATUS_SUCCESS);
    for (int k = 0; k < kC; ++k) {
      mean_all.set(d * kC + k, mean.get(k));
      invstd_all.set(d * kC + k, invstd.get(k));
    }
    count_all.set(d, rows[d]);
    for (double v : x.values()) all.push_back(v);
  }
  Tensor mean(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor invstd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor moving_mean(CNNL_LAYOUT_ARRAY, dtype, {kC});
  Tensor moving_var(CNNL_LAYOUT_ARRAY, dtype, {kC});
  for (int k = 0; k < kC; ++k) {
    moving_mean.set(k, 0.25 * k);
    moving_var.set(k, 1.0 + k);
  }
  const float momentum = 0.1f;
  ASSERT_EQ(
      cnnlSyncBatchNormGatherStatsWithCounts(
          handle.get(), mean_all.desc, mean_all.data(), invstd_all.desc,
          invstd_all.data(), moving_mean.desc, moving_mean.data(),
          moving_var.desc, moving_var.data(), momentum, eps, count_all.desc,
          count_all.data(), mean.desc, mean.data(), invstd.desc, invstd.data()),
      CNNL_STATUS_SUCCESS);
  const Stats ref = reference_stats(all, kC);
  const double n = 6;
  for (int k = 0; k < kC; ++k) {
    EXPECT_NEAR(mean.get(k), ref.mean[k], 1e-5) << k;
    const double inv = 1.0 / std::sqrt(ref.var[k] + eps);
    EXPECT_NEAR(invstd.get(k), inv, 1e-4 * inv) << k;
    const double mm = (1 - momentum) * 0.25 * k + momentum * ref.mean[k];
    const double mv =
        (1 - momentum) * (1.0 + k) + momentum * ref.var[k] * n / (n - 1);
    EXPECT_NEAR(moving_mean.get(k), mm, tolerance(dtype, mm)) << k;
    EXPECT_NEAR(moving_var.get(k), mv, tolerance(dtype, mv) * 10) << k;
  }
}

TEST_P(SyncBatchNorm, BackwardMatchesLoops) {
  const cnnlDataType_t dtype = GetParam();
  Handle handle;
  std::mt19937 rng(5);
  Tensor x(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
  Tensor dz(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
  x.fill_uniform(&rng, -2.0, 2.0);
  dz.fill_uniform(&rng, -1.0, 1.0);
  Tensor mean(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor invstd(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor w(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  mean.fill_uniform(&rng, -0.5, 0.5);
  invstd.fill_uniform(&rng, 0.5, 2.0);
  w.fill_uniform(&rng, 0.5, 1.5);
  Tensor sum_dy(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor sum_dy_xmu(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor dw(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor db(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  size_t workspace = 1;
  ASSERT_EQ(cnnlGetSyncBatchnormBackwardReduceWorkspaceSize(handle.get(),
                                                            x.desc, &workspace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  ASSERT_EQ(cnnlSyncBatchnormBackwardReduce_v2(
                handle.get(), dz.desc, dz.data(), x.desc, x.data(), mean.desc,
                mean.data(), invstd.desc, invstd.data(), nullptr, 0, dw.desc,
                dw.data(), db.desc, db.data(), sum_dy.desc, sum_dy.data(),
                sum_dy_xmu.desc, sum_dy_xmu.data(), true, true, true),
            CNNL_STATUS_SUCCESS);
  const std::vector<double> xs = x.values(), dzs = dz.values();
  std::vector<double> s1(kC, 0.0), s2(kC, 0.0);
  for (size_t i = 0; i < xs.size(); ++i) {
    s1[i % kC] += dzs[i];
    s2[i % kC] += dzs[i] * (xs[i] - mean.get(i % kC));
  }
  for (int k = 0; k < kC; ++k) {
    EXPECT_NEAR(sum_dy.get(k), s1[k], 1e-4) << k;
    EXPECT_NEAR(sum_dy_xmu.get(k), s2[k], 1e-4) << k;
    EXPECT_NEAR(dw.get(k), s2[k] * invstd.get(k), 1e-4) << k;
    EXPECT_NEAR(db.get(k), s1[k], 1e-4) << k;
  }
  // Only the bias gradient: the rest may be NULL and stays untouched.
  Tensor db2(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  ASSERT_EQ(cnnlSyncBatchnormBackwardReduce_v2(
                handle.get(), dz.desc, dz.data(), x.desc, x.data(), mean.desc,
                mean.data(), invstd.desc, invstd.data(), nullptr, 0, nullptr,
                nullptr, db2.desc, db2.data(), nullptr, nullptr, nullptr,
                nullptr, false, false, true),
            CNNL_STATUS_SUCCESS);
  for (int k = 0; k < kC; ++k) EXPECT_NEAR(db2.get(k), s1[k], 1e-4);

  // Elementwise: v1 with means, V2 with sums over counts {10, 14} = 24.
  const double total = 24;
  Tensor mean_dy(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  Tensor mean_dy_xmu(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kC});
  for (int k = 0; k < kC; ++k) {
    mean_dy.set(k, sum_dy.get(k) / total);
    mean_dy_xmu.set(k, sum_dy_xmu.get(k) / total);
  }
  Tensor count(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {2});
  count.set(0, 10);
  count.set(1, 14);
  Tensor dx1(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
  Tensor dx2(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
  ASSERT_EQ(cnnlSyncBatchNormBackwardElemt(
                handle.get(), dz.desc, dz.data(), x.desc, x.data(), mean.desc,
                mean.data(), invstd.desc, invstd.data(), w.desc, w.data(),
                mean_dy.desc, mean_dy.data(), mean_dy_xmu.desc,
                mean_dy_xmu.data(), dx1.desc, dx1.data()),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlSyncBatchNormBackwardElemtV2(
                handle.get(), dz.desc, dz.data(), x.desc, x.data(), mean.desc,
                mean.data(), invstd.desc, invstd.data(), w.desc, w.data(),
                sum_dy.desc, sum_dy.data(), sum_dy_xmu.desc, sum_dy_xmu.data(),
                count.desc, count.data(), dx2.desc, dx2.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < xs.size(); ++i) {
    const int k = int(i % kC);
    const double inv = invstd.get(k);
    const double e =
        (dzs[i] - sum_dy.get(k) / total -
         (xs[i] - mean.get(k)) * inv * inv * sum_dy_xmu.get(k) / total) *
        inv * w.get(k);
    EXPECT_NEAR(dx1.get(i), e, tolerance(dtype, e)) << i;
    EXPECT_NEAR(dx2.get(i), e, tolerance(dtype, e)) << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Types, SyncBatchNorm,
                         testing::Values(CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF),
                         [](const testing::TestParamInfo<cnnlDataType_t>& i) {
                           return i.param == CNNL_DTYPE_FLOAT ? "Float"
                                                              : "Half";
                         });

// --- Bad calls ---------------------------------------------------------------

struct Objects {
  Handle handle;
  Tensor x{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 2, 2, 3}};
  Tensor x_nchw{CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, {1, 2, 2, 3}};
  Tensor x_int{CNNL_LAYOUT_NHWC, CNNL_DTYPE_INT32, {1, 2, 2, 3}};
  Tensor y_short{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 2, 1, 3}};
  Tensor c3{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  Tensor c3b{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  Tensor c4{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {4}};
  Tensor c3_half{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_HALF, {3}};
  Tensor all{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2, 3}};
  Tensor counts{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2}};
  Tensor counts3{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  Tensor int_counts{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {2}};
  Tensor zero_counts{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {2}};
  cnnlTensorDescriptor_t unset = nullptr;
  Objects() {
    cnnlCreateTensorDescriptor(&unset);
    for (int64_t i = 0; i < x.count(); ++i) x.set(i, double(i));
    for (int k = 0; k < 3; ++k) c3b.set(k, 1.0);
    int_counts.set(0, 1);
    int_counts.set(1, 1);
  }
  ~Objects() { cnnlDestroyTensorDescriptor(unset); }
  cnnlStatus_t stats(cnnlTensorDescriptor_t xd, cnnlTensorDescriptor_t md,
                     float eps = 1e-5f) {
    return cnnlSyncBatchNormStats_v2(handle.get(), xd, x.data(), nullptr, 0,
                                     eps, md, c3.data(), c3b.desc, c3b.data());
  }
};

using BadCnnlCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;

const BadCnnlCall kBadCalls[] = {
    {"StatsWorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetSyncBatchNormStatsWorkspaceSize(o.handle.get(), o.x.desc,
                                                     nullptr);
     },
     kBad},
    {"ReduceWorkspaceNullHandle",
     [](Objects& o) {
       size_t s = 0;
       return cnnlGetSyncBatchnormBackwardReduceWorkspaceSize(nullptr, o.x.desc,
                                                              &s);
     },
     kBad},
    {"StatsNullHandle",
     [](Objects& o) {
       return cnnlSyncBatchNormStats_v2(nullptr, o.x.desc, o.x.data(), nullptr,
                                        0, 1e-5f, o.c3.desc, o.c3.data(),
                                        o.c3b.desc, o.c3b.data());
     },
     kBad},
    {"StatsNullX",
     [](Objects& o) {
       return cnnlSyncBatchNormStats_v2(o.handle.get(), o.x.desc, nullptr,
                                        nullptr, 0, 1e-5f, o.c3.desc,
                                        o.c3.data(), o.c3b.desc, o.c3b.data());
     },
     kBad},
    {"StatsUnsetX", [](Objects& o) { return o.stats(o.unset, o.c3.desc); },
     kBad},
    {"StatsNchwX", [](Objects& o) { return o.stats(o.x_nchw.desc, o.c3.desc); },
     kBad},
    {"StatsIntX", [](Objects& o) { return o.stats(o.x_int.desc, o.c3.desc); },
     kBad},
    {"StatsMeanWrongLength",
     [](Objects& o) { return o.stats(o.x.desc, o.c4.desc); }, kBad},
    {"StatsMeanHalf",
     [](Objects& o) { return o.stats(o.x.desc, o.c3_half.desc); }, kBad},
    {"StatsNegativeEps",
     [](Objects& o) { return o.stats(o.x.desc, o.c3.desc, -1.0f); }, kBad},
    {"StatsNanEps",
     [](Objects& o) { return o.stats(o.x.desc, o.c3.desc, NAN); }, kBad},
    {"GatherCountsWrongLength",
     [](Objects& o) {
       return cnnlSyncBatchNormGatherStatsWithCounts(
           o.handle.get(), o.all.desc, o.all.data(), o.all.desc, o.all.data(),
           nullptr, nullptr, nullptr, nullptr, 0.1f, 1e-5f, o.counts3.desc,
           o.counts3.data(), o.c3.desc, o.c3.data(), o.c3b.desc, o.c3b.data());
     },
     kBad},
    {"GatherOnlyMovingMean",
     [](Objects& o) {
       return cnnlSyncBatchNormGatherStatsWithCounts(
           o.handle.get(), o.all.desc, o.all.data(), o.all.desc, o.all.data(),
           o.c3.desc, o.c3.data(), nullptr, nullptr, 0.1f, 1e-5f, o.counts.desc,
           o.counts.data(), o.c3.desc, o.c3.data(), o.c3b.desc, o.c3b.data());
     },
     kBad},
    {"GatherMeanAllNotTwoD",
     [](Objects& o) {
       return cnnlSyncBatchNormGatherStatsWithCounts(
           o.handle.get(), o.c3.desc, o.c3.data(), o.c3.desc, o.c3.data(),
           nullptr, nullptr, nullptr, nullptr, 0.1f, 1e-5f, o.counts.desc,
           o.counts.data(), o.c3.desc, o.c3.data(), o.c3b.desc, o.c3b.data());
     },
     kBad},
    {"ElemtOnlyFilter",
     [](Objects& o) {
       return cnnlSyncBatchNormElemt(o.handle.get(), o.x.desc, o.x.data(),
                                     o.c3.desc, o.c3.data(), o.c3b.desc,
                                     o.c3b.data(), o.c3.desc, o.c3.data(),
                                     nullptr, nullptr, o.x.desc, o.x.data());
     },
     kBad},
    {"ElemtYShapeDiffers",
     [](Objects& o) {
       return cnnlSyncBatchNormElemt(o.handle.get(), o.x.desc, o.x.data(),
                                     o.c3.desc, o.c3.data(), o.c3b.desc,
                                     o.c3b.data(), nullptr, nullptr, nullptr,
                                     nullptr, o.y_short.desc, o.y_short.data());
     },
     kBad},
    {"ReduceAskedOutputNull",
     [](Objects& o) {
       return cnnlSyncBatchnormBackwardReduce_v2(
           o.handle.get(), o.x.desc, o.x.data(), o.x.desc, o.x.data(),
           o.c3.desc, o.c3.data(), o.c3b.desc, o.c3b.data(), nullptr, 0,
           o.c3.desc, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
           nullptr, false, true, false);
     },
     kBad},
    {"ReduceDzShapeDiffers",
     [](Objects& o) {
       return cnnlSyncBatchnormBackwardReduce_v2(
           o.handle.get(), o.y_short.desc, o.y_short.data(), o.x.desc,
           o.x.data(), o.c3.desc, o.c3.data(), o.c3b.desc, o.c3b.data(),
           nullptr, 0, nullptr, nullptr, o.c3.desc, o.c3.data(), nullptr,
           nullptr, nullptr, nullptr, false, false, true);
     },
     kBad},
    {"BackwardElemtMeanDyWrongLength",
     [](Objects& o) {
       return cnnlSyncBatchNormBackwardElemt(
           o.handle.get(), o.x.desc, o.x.data(), o.x.desc, o.x.data(),
           o.c3.desc, o.c3.data(), o.c3b.desc, o.c3b.data(), nullptr, nullptr,
           o.c4.desc, o.c4.data(), o.c3.desc, o.c3.data(), o.x.desc,
           o.x.data());
     },
     kBad},
    {"BackwardElemtV2FloatCounts",
     [](Objects& o) {
       return cnnlSyncBatchNormBackwardElemtV2(
           o.handle.get(), o.x.desc, o.x.data(), o.x.desc, o.x.data(),
           o.c3.desc, o.c3.data(), o.c3b.desc, o.c3b.data(), nullptr, nullptr,
           o.c3.desc, o.c3.data(), o.c3.desc, o.c3.data(), o.counts.desc,
           o.counts.data(), o.x.desc, o.x.data());
     },
     kBad},
    {"BackwardElemtV2ZeroCounts",
     [](Objects& o) {
       return cnnlSyncBatchNormBackwardElemtV2(
           o.handle.get(), o.x.desc, o.x.data(), o.x.desc, o.x.data(),
           o.c3.desc, o.c3.data(), o.c3b.desc, o.c3b.data(), nullptr, nullptr,
           o.c3.desc, o.c3.data(), o.c3.desc, o.c3.data(), o.zero_counts.desc,
           o.zero_counts.data(), o.x.desc, o.x.data());
     },
     kBad},
    {"BackwardElemtV2NullX",
     [](Objects& o) {
       return cnnlSyncBatchNormBackwardElemtV2(
           o.handle.get(), o.x.desc, o.x.data(), nullptr, o.x.data(), o.c3.desc,
           o.c3.data(), o.c3b.desc, o.c3b.data(), nullptr, nullptr, o.c3.desc,
           o.c3.data(), o.c3.desc, o.c3.data(), o.int_counts.desc,
           o.int_counts.data(), o.x.desc, o.x.data());
     },
     kBad},
};

class SyncBatchNormBadInput : public testing::TestWithParam<BadCnnlCall> {};

TEST_P(SyncBatchNormBadInput, ReturnsTheCnnlCode) {
  Objects o;
  const std::vector<uint8_t> x_before = o.x.bytes, c3_before = o.c3.bytes,
                             c3b_before = o.c3b.bytes;
  const cnnlStatus_t status = GetParam().call(o);
  EXPECT_EQ(status, GetParam().expected) << cnnlGetErrorString(status);
  // A refused call writes nothing.
  EXPECT_EQ(o.x.bytes, x_before);
  EXPECT_EQ(o.c3.bytes, c3_before);
  EXPECT_EQ(o.c3b.bytes, c3b_before);
}

INSTANTIATE_TEST_SUITE_P(Table, SyncBatchNormBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
