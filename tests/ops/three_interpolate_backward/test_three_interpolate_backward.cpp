// three_interpolate_backward: functional cases, launch configurations, the
// tiling policy and one test per 防呆 check. The
// docs/ops/three_interpolate_backward.md (tests) table runs in
// test_three_interpolate_backward_network.
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "check_table.h"
#include "common/host.h"
#include "launch_shapes.h"
#include "three_interpolate_backward_runner.h"

namespace {

using namespace three_interpolate_backward_test;  // NOLINT
using three_interpolate_backward_data::make_inputs;

template <class T>
class ThreeInterpolateBackwardTyped : public ::testing::Test {};
using Types = ::testing::Types<float, half>;
TYPED_TEST_SUITE(ThreeInterpolateBackwardTyped, Types);

template <class T>
void check_api(const Shape &s, const Inputs<T> &in, const char *what) {
  const Result<T> r = run_api(s, in);
  expect_matches(r, reference(s, in), what);
}

TYPED_TEST(ThreeInterpolateBackwardTyped, SmallAndOddShapes) {
  using T = TypeParam;
  const Shape shapes[] = {{1, 1, 1, 1},    {1, 1, 2, 1},    {2, 5, 3, 1},
                          {3, 33, 65, 97}, {1, 100, 1, 50}, {4, 7, 200, 31},
                          {2, 31, 33, 129}};
  for (const Shape &s : shapes) {
    const std::string what =
        "b=" + std::to_string(s.b) + " c=" + std::to_string(s.c) +
        " m=" + std::to_string(s.m) + " n=" + std::to_string(s.n);
    check_api(s, make_inputs<T>(s, 11), what.c_str());
  }
}

// grad_features is an output: stale contents never leak into it, even where
// no index points (those columns are zero).
TYPED_TEST(ThreeInterpolateBackwardTyped, OverwritesOutputAndZeroesUnusedRows) {
  using T = TypeParam;
  const Shape s{2, 9, 40, 10};
  Inputs<T> in = make_inputs<T>(s, 3);
  for (auto &v : in.indices) v = v % 20;  // columns 20..39 get nothing
  const Result<T> r = run_api(s, in);
  expect_matches(r, reference(s, in), "overwrite");
  for (int bc = 0; bc < s.b * s.c; ++bc) {
    for (int mi = 20; mi < s.m; ++mi) {
      ASSERT_EQ(float(r.grad_features[size_t(bc) * s.m + mi]), 0.0f);
    }
  }
}

TYPED_TEST(ThreeInterpolateBackwardTyped, IndicesAtZeroAndMMinusOne) {
  using T = TypeParam;
  const Shape s{3, 20, 50, 64};
  Inputs<T> in = make_inputs<T>(s, 5);
  for (size_t i = 0; i < in.indices.size(); ++i) {
    in.indices[i] = (i % 2 == 0) ? 0 : s.m - 1;
  }
  check_api(s, in, "indices 0 and M-1");
}

TYPED_TEST(ThreeInterpolateBackwardTyped, RepeatedIndicesWithinOneN) {
  using T = TypeParam;
  const Shape s{2, 17, 30, 45};
  Inputs<T> in = make_inputs<T>(s, 6);
  for (size_t nk = 0; nk < in.indices.size(); nk += 3) {
    const size_t pattern = (nk / 3) % 3;
    // all three equal, two equal, all different
    in.indices[nk + 1] = in.indices[nk];
    in.indices[nk + 2] =
        pattern == 0 ? in.indices[nk] : (in.indices[nk] + 1) % s.m;
    if (pattern == 2) in.indices[nk + 1] = (in.indices[nk] + 2) % s.m;
  }
  const Result<T> r = run_api(s, in);
  expect_matches(r, reference(s, in), "repeated indices");
  // One hand-checked entry: all three neighbours of n = 0 are the same.
  const int col = in.indices[0];
  float expected = 0;
  for (int ni = 0; ni < s.n; ++ni) {
    for (int k = 0; k < 3; ++k) {
      if (in.indices[size_t(ni) * 3 + k] == col) {
        expected += float(in.grad_output[ni]) * float(in.weights[ni * 3 + k]);
      }
    }
  }
  EXPECT_NEAR(float(r.grad_features[col]), expected,
              1e-5 + 2e-3 * std::fabs(expected));
}

// Out-of-range indices contribute nothing and touch nothing outside
// grad_features (guards around it), including values whose float image is
// inexact (above 2^24) and the int32 extremes.
TYPED_TEST(ThreeInterpolateBackwardTyped, OutOfRangeIndicesAreSkipped) {
  using T = TypeParam;
  const Shape s{2, 24, 37, 80};
  Inputs<T> in = make_inputs<T>(s, 7);
  const int bad[] = {-1,      s.m,           s.m + 1, -s.m,           INT_MIN,
                     INT_MAX, (1 << 24) + 1, 1 << 24, -(1 << 24) - 1, 1 << 30};
  for (size_t i = 0; i < in.indices.size(); i += 2) {
    in.indices[i] = bad[(i / 2) % (sizeof(bad) / sizeof(bad[0]))];
  }
  check_api(s, in, "out-of-range indices via API");
  // Also with several M chunks, so that the chunk bounds are exercised.
  ThreeInterpolateBackwardTiling tiling{8, 5, 16};
  const Result<T> r =
      run_kernel(s, in, cnrtDim3_t{4, 1, 1}, cnrtFuncTypeUnion1, tiling);
  expect_matches(r, reference(s, in), "out-of-range indices, M chunks");
}

// M above 2^24 with indices next to M-chunk bounds that are not floats:
// the float pre-selection would misplace them, the integer test must not.
TYPED_TEST(ThreeInterpolateBackwardTyped, IndicesAbove2To24AreExact) {
  using T = TypeParam;
  constexpr int kTwo24 = 1 << 24;
  const int m = kTwo24 + 512;
  const Shape s{1, 1, m, 8};
  Inputs<T> in = make_inputs<T>(s, 8);
  // Chunks of 65537 put a bound at 256 * 65537 = 2^24 + 256.
  const ThreeInterpolateBackwardTiling tiling{1, 65537, 8};
  const int near[] = {kTwo24 - 1,   kTwo24,       kTwo24 + 1,   kTwo24 + 255,
                      kTwo24 + 256, kTwo24 + 257, kTwo24 + 258, m - 1};
  for (int ni = 0; ni < s.n; ++ni) {
    for (int k = 0; k < 3; ++k) in.indices[ni * 3 + k] = near[(ni + k) % 8];
  }
  const std::vector<T> ref = reference(s, in);
  const Result<T> r =
      run_kernel(s, in, cnrtDim3_t{4, 1, 1}, cnrtFuncTypeUnion1, tiling);
  expect_matches(r, ref, "indices above 2^24");
  for (int v : near) {
    EXPECT_NEAR(float(r.grad_features[v]), float(ref[v]),
                1e-6 + 2e-3 * std::fabs(float(ref[v])))
        << v;
  }
}

// NaN and Inf in grad_output and weights pass through
// (docs/ops/three_interpolate_backward.md (what it computes): mmcv returns
// normally); the metrics require NaN/Inf at exactly the reference's places.
TYPED_TEST(ThreeInterpolateBackwardTyped, NanAndInfPropagate) {
  using T = TypeParam;
  const Shape s{2, 12, 40, 60};
  Inputs<T> in = make_inputs<T>(s, 9);
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  in.grad_output[5] = T(nan);
  in.grad_output[100] = T(inf);
  in.grad_output[333] = T(-inf);
  in.weights[7] = T(inf);
  in.weights[50] = T(nan);
  in.weights[121] = T(-inf);
  in.weights[122] = T(0.0f);  // Inf * 0 elsewhere gives NaN
  in.grad_output[s.n + 40] = T(inf);
  const Result<T> r = run_api(s, in);
  const std::vector<T> ref = reference(s, in);
  expect_matches(r, ref, "NaN/Inf");
  size_t nonfinite = 0;
  for (const T &v : ref) nonfinite += !std::isfinite(float(v));
  EXPECT_GT(nonfinite, 0u);  // the case really has NaN/Inf outputs
}

// The kernel through its wrapper: Block with 1, 4 and 16 tasks and Union1
// with 4 and 16, with tiles that leave remainders in C, M and N.
TYPED_TEST(ThreeInterpolateBackwardTyped, LaunchConfigurations) {
  using T = TypeParam;
  const Shape s{3, 70, 75, 100};
  const Inputs<T> in = make_inputs<T>(s, 12);
  const std::vector<T> ref = reference(s, in);
  const ThreeInterpolateBackwardTiling small_tiles{32, 32, 32};
  const ThreeInterpolateBackwardTiling policy_tiles =
      threeInterpolateBackwardTiling(s.c, s.m, s.n,
                                     threeInterpolateBackwardNramBytes());
  for (const xbang_test::LaunchShape &l : xbang_test::kLaunchShapes) {
    for (const auto &tiles : {small_tiles, policy_tiles}) {
      const Result<T> r = run_kernel(s, in, l.dim, l.type, tiles);
      const std::string what = std::string(l.name) +
                               " Co=" + std::to_string(tiles.c_limit) +
                               " Mo=" + std::to_string(tiles.m_limit) +
                               " No=" + std::to_string(tiles.n_limit);
      expect_matches(r, ref, what.c_str());
    }
  }
}

// Fewer (batch, M chunk) units than tasks: one unit, sixteen tasks.
TYPED_TEST(ThreeInterpolateBackwardTyped, FewerUnitsThanTasks) {
  using T = TypeParam;
  const Shape s{1, 40, 20, 90};
  const Inputs<T> in = make_inputs<T>(s, 13);
  const ThreeInterpolateBackwardTiling tiles = threeInterpolateBackwardTiling(
      s.c, s.m, s.n, threeInterpolateBackwardNramBytes());
  ASSERT_EQ(tiles.m_limit, s.m);
  for (auto type : {cnrtFuncTypeBlock, cnrtFuncTypeUnion1}) {
    const Result<T> r = run_kernel(s, in, cnrtDim3_t{16, 1, 1}, type, tiles);
    expect_matches(r, reference(s, in), "1 unit, 16 tasks");
  }
  check_api(s, in, "1 unit via API");
}

// M smaller than one Mo chunk, and larger than one (the policy splits M).
TYPED_TEST(ThreeInterpolateBackwardTyped, MSmallerAndLargerThanOneChunk) {
  using T = TypeParam;
  const long nram = threeInterpolateBackwardNramBytes();
  const Shape small{4, 50, 3, 200};
  EXPECT_EQ(
      threeInterpolateBackwardTiling(small.c, small.m, small.n, nram).m_limit,
      small.m);
  check_api(small, make_inputs<T>(small, 14), "M = 3");
  const Shape large{2, 40, 3000, 300};
  EXPECT_LT(
      threeInterpolateBackwardTiling(large.c, large.m, large.n, nram).m_limit,
      large.m);
  check_api(large, make_inputs<T>(large, 15), "M = 3000");
}

// Through the API with a shape the policy tiles in every direction.
TYPED_TEST(ThreeInterpolateBackwardTyped, MoreThanOneNramLoadInEveryDirection) {
  using T = TypeParam;
  const Shape s{2, 40, 3000, 300};
  const ThreeInterpolateBackwardTiling tiles = threeInterpolateBackwardTiling(
      s.c, s.m, s.n, threeInterpolateBackwardNramBytes());
  EXPECT_LT(tiles.c_limit, s.c);
  EXPECT_LT(tiles.m_limit, s.m);
  EXPECT_LT(tiles.n_limit, s.n);
  check_api(s, make_inputs<T>(s, 16), "tiled in C, M and N");
}

// float comes out near 1e-6; print it and hold it to 1e-5.
TEST(ThreeInterpolateBackward, FloatAccuracyFigure) {
  const Shape s{4, 128, 256, 1024};
  const Inputs<float> in = make_inputs<float>(s, 17);
  const Result<float> r = run_api(s, in);
  ASSERT_EQ(r.status, MLUOP_STATUS_SUCCESS);
  const xbang_test::Metrics metrics =
      compare(r.grad_features, reference(s, in));
  std::printf("float %s\n", metrics.text().c_str());
  EXPECT_LE(metrics.diff1, 1e-5);
  EXPECT_LE(metrics.diff2, 1e-5);
}

// ---- Tiling policy and wrapper arguments -----------------------------------

TEST(ThreeInterpolateBackwardTiling, FitsNramAndCoversTheDocCases) {
  const long nram = threeInterpolateBackwardNramBytes();
  const Shape cases[] = {
      {16, 512, 16, 64},      {16, 256, 64, 256},     {16, 256, 256, 1024},
      {16, 128, 1024, 4096},  {16, 16, 512, 64},      {16, 64, 256, 256},
      {16, 1024, 128, 4096},  {16, 1, 1024, 128},     {16, 128, 256, 512},
      {16, 512, 128, 2048},   {1, 1, 1, 1},           {7, 63, 127, 129},
      {15, 1025, 1023, 1023}, {25, 1029, 1027, 1025}, {29, 2047, 2033, 999},
      {1, 1, 2000000000, 1},  {1, 2000000000, 1, 1},  {1, 1, 1, 2000000000}};
  for (const Shape &s : cases) {
    const ThreeInterpolateBackwardTiling t =
        threeInterpolateBackwardTiling(s.c, s.m, s.n, nram);
    EXPECT_GE(t.c_limit, 1);
    EXPECT_GE(t.m_limit, 1);
    EXPECT_GE(t.n_limit, 1);
    EXPECT_LE(t.c_limit, s.c);
    EXPECT_LE(t.m_limit, s.m);
    EXPECT_LE(t.n_limit, s.n);
    EXPECT_LE(threeInterpolateBackwardPartition(t.c_limit, t.m_limit, t.n_limit)
                  .total_bytes,
              nram);
    std::printf("B=%d C=%d M=%d N=%d -> Co=%d Mo=%d No=%d\n", s.b, s.c, s.m,
                s.n, t.c_limit, t.m_limit, t.n_limit);
  }
  // Network case 7 reads grad_output once (one M chunk per batch).
  EXPECT_EQ(threeInterpolateBackwardTiling(1024, 128, 4096, nram).m_limit, 128);
}

TEST(ThreeInterpolateBackwardWrapper, RejectsBadArguments) {
  cnrtQueue_t queue = nullptr;
  cnrtQueueCreate(&queue);
  xbang_test::DeviceBuffer buffer(4096);
  void *p = buffer.get();
  const cnrtDim3_t dim{4, 1, 1};
  // A partition larger than NRAM.
  EXPECT_EQ(KernelThreeInterpolateBackward(dim, cnrtFuncTypeUnion1, queue,
                                           MLUOP_DTYPE_FLOAT, p, p, p, 1, 4096,
                                           4096, 4096, 4096, 4096, 4096, p),
            cnrtErrorArgsInvalid);
  // A dtype the kernel has no version for.
  EXPECT_EQ(KernelThreeInterpolateBackward(dim, cnrtFuncTypeUnion1, queue,
                                           MLUOP_DTYPE_INT32, p, p, p, 1, 1, 1,
                                           1, 1, 1, 1, p),
            cnrtErrorArgsInvalid);
  // A zero tile.
  EXPECT_EQ(KernelThreeInterpolateBackward(dim, cnrtFuncTypeUnion1, queue,
                                           MLUOP_DTYPE_FLOAT, p, p, p, 1, 1, 1,
                                           1, 0, 1, 1, p),
            cnrtErrorArgsInvalid);
  cnrtQueueDestroy(queue);
}

// The wrapper returns the launch's own error: a Union1 launch of 2 tasks is
// rejected by the runtime, and a checked-mode report (an output that is not
// GDRAM) fails the launch.
TEST(ThreeInterpolateBackwardWrapper, ReturnsTheLaunchError) {
  cnrtQueue_t queue = nullptr;
  cnrtQueueCreate(&queue);
  const Shape s{1, 2, 3, 4};
  const Inputs<float> in = make_inputs<float>(s, 21);
  xbang_test::DeviceBuffer grad_output(in.grad_output), indices(in.indices),
      weights(in.weights), grad_features(s.grad_features_elements() * 4);
  EXPECT_NE(
      KernelThreeInterpolateBackward(
          cnrtDim3_t{2, 1, 1}, cnrtFuncTypeUnion1, queue, MLUOP_DTYPE_FLOAT,
          grad_output.get(), indices.get(), weights.get(), s.b, s.c, s.m, s.n,
          32, 32, 32, grad_features.get()),
      cnrtSuccess);
  std::vector<float> host_output(s.grad_features_elements());
  xbang::checked::clear_reports();
  EXPECT_EQ(
      KernelThreeInterpolateBackward(
          cnrtDim3_t{4, 1, 1}, cnrtFuncTypeUnion1, queue, MLUOP_DTYPE_FLOAT,
          grad_output.get(), indices.get(), weights.get(), s.b, s.c, s.m, s.n,
          32, 32, 32, host_output.data()),
      cnrtErrorLaunchFailed);
  EXPECT_FALSE(xbang::checked::reports().empty());
  xbang::checked::clear_reports();
  // The next good launch succeeds (no stale error).
  EXPECT_EQ(
      KernelThreeInterpolateBackward(
          cnrtDim3_t{4, 1, 1}, cnrtFuncTypeUnion1, queue, MLUOP_DTYPE_FLOAT,
          grad_output.get(), indices.get(), weights.get(), s.b, s.c, s.m, s.n,
          32, 32, 32, grad_features.get()),
      cnrtSuccess);
  EXPECT_TRUE(xbang::checked::reports().empty());
  cnrtQueueDestroy(queue);
}

// ---- 防呆: one table row per rule of threeInterpolateBackwardParamCheck
// ------------------------------------------------

// A well-formed float call [B=2, C=3, M=4, N=5]; a rule breaks one piece.
struct Call {
  mluOpStatus_t run() const {
    return mluOpThreeInterpolateBackward(
        handle, grad_output_desc, grad_output, indices_desc, indices,
        weights_desc, weights, grad_features_desc, grad_features);
  }
  static void set(mluOpTensorDescriptor_t desc, mluOpDataType_t dtype,
                  std::vector<int> dims,
                  mluOpTensorLayout_t layout = MLUOP_LAYOUT_ARRAY) {
    mluOpSetTensorDescriptor(desc, layout, dtype, int(dims.size()),
                             dims.data());
  }

  xbang_test::Handle handle_owner;
  xbang_test::TensorDesc go_desc{
      MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {2, 3, 5}};
  xbang_test::TensorDesc id_desc{
      MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32, {2, 5, 3}};
  xbang_test::TensorDesc w_desc{
      MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {2, 5, 3}};
  xbang_test::TensorDesc gf_desc{
      MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {2, 3, 4}};
  xbang_test::DeviceBuffer go_buffer{std::vector<float>(30, 1.0f)};
  xbang_test::DeviceBuffer id_buffer{std::vector<int>(30, 0)};
  xbang_test::DeviceBuffer w_buffer{std::vector<float>(30, 1.0f)};
  xbang_test::DeviceBuffer gf_buffer{std::vector<float>(24, 0.0f)};

  mluOpHandle_t handle = handle_owner;
  mluOpTensorDescriptor_t grad_output_desc = go_desc;
  mluOpTensorDescriptor_t indices_desc = id_desc;
  mluOpTensorDescriptor_t weights_desc = w_desc;
  mluOpTensorDescriptor_t grad_features_desc = gf_desc;
  const void *grad_output = go_buffer.get();
  const void *indices = id_buffer.get();
  const void *weights = w_buffer.get();
  void *grad_features = gf_buffer.get();
};

struct CheckRule {
  const char *name;
  mluOpStatus_t status;
  const char *log;  // the log line of the failed check contains this
  void (*breaks)(Call &);
};

constexpr mluOpStatus_t kBad = MLUOP_STATUS_BAD_PARAM;
constexpr mluOpDataType_t F32 = MLUOP_DTYPE_FLOAT, I32 = MLUOP_DTYPE_INT32;

const CheckRule kRules[] = {
    {"null handle", kBad, "handle is null",
     [](Call &c) { c.handle = nullptr; }},
    {"null grad_output_desc", kBad, "grad_output_desc is null",
     [](Call &c) { c.grad_output_desc = nullptr; }},
    {"null indices_desc", kBad, "indices_desc is null",
     [](Call &c) { c.indices_desc = nullptr; }},
    {"null weights_desc", kBad, "weights_desc is null",
     [](Call &c) { c.weights_desc = nullptr; }},
    {"null grad_features_desc", kBad, "grad_features_desc is null",
     [](Call &c) { c.grad_features_desc = nullptr; }},
    {"null grad_output", kBad, "grad_output is null",
     [](Call &c) { c.grad_output = nullptr; }},
    {"null indices", kBad, "indices is null",
     [](Call &c) { c.indices = nullptr; }},
    {"null weights", kBad, "weights is null",
     [](Call &c) { c.weights = nullptr; }},
    {"null grad_features", kBad, "grad_features is null",
     [](Call &c) { c.grad_features = nullptr; }},
    {"zero B", kBad, "zero element",
     [](Call &c) {
       Call::set(c.go_desc, F32, {0, 3, 5});
     }},
    {"zero C", kBad, "zero element",
     [](Call &c) {
       Call::set(c.go_desc, F32, {2, 0, 5});
       Call::set(c.gf_desc, F32, {2, 0, 4});
     }},
    {"zero M", kBad, "zero element",
     [](Call &c) {
       Call::set(c.gf_desc, F32, {2, 3, 0});
     }},
    {"zero N", kBad, "zero element",
     [](Call &c) {
       Call::set(c.go_desc, F32, {2, 3, 0});
       Call::set(c.id_desc, I32, {2, 0, 3});
       Call::set(c.w_desc, F32, {2, 0, 3});
     }},
    {"grad_output int32", kBad, "grad_output dtype must be half or float",
     [](Call &c) {
       Call::set(c.go_desc, I32, {2, 3, 5});
       Call::set(c.w_desc, I32, {2, 5, 3});
       Call::set(c.gf_desc, I32, {2, 3, 4});
     }},
    {"grad_output int64", kBad, "grad_output dtype must be half or float",
     [](Call &c) {
       Call::set(c.go_desc, MLUOP_DTYPE_INT64, {2, 3, 5});
       Call::set(c.w_desc, MLUOP_DTYPE_INT64, {2, 5, 3});
       Call::set(c.gf_desc, MLUOP_DTYPE_INT64, {2, 3, 4});
     }},
    {"weights dtype", kBad, "weights dtype must equal grad_output dtype",
     [](Call &c) {
       Call::set(c.w_desc, MLUOP_DTYPE_HALF, {2, 5, 3});
     }},
    {"indices int64", kBad, "indices dtype must be INT32",
     [](Call &c) {
       Call::set(c.id_desc, MLUOP_DTYPE_INT64, {2, 5, 3});
     }},
    {"indices float", kBad, "indices dtype must be INT32",
     [](Call &c) {
       Call::set(c.id_desc, F32, {2, 5, 3});
     }},
    {"grad_features dtype", kBad,
     "grad_features dtype must equal grad_output dtype",
     [](Call &c) {
       Call::set(c.gf_desc, MLUOP_DTYPE_HALF, {2, 3, 4});
     }},
    {"grad_output layout", kBad, "grad_output layout must be ARRAY",
     [](Call &c) {
       Call::set(c.go_desc, F32, {2, 3, 5}, MLUOP_LAYOUT_NCHW);
     }},
    {"indices layout", kBad, "indices layout must be ARRAY",
     [](Call &c) {
       Call::set(c.id_desc, I32, {2, 5, 3}, MLUOP_LAYOUT_NHWC);
     }},
    {"weights layout", kBad, "weights layout must be ARRAY",
     [](Call &c) {
       Call::set(c.w_desc, F32, {2, 5, 3}, MLUOP_LAYOUT_NHWC);
     }},
    {"grad_features layout", kBad, "grad_features layout must be ARRAY",
     [](Call &c) {
       Call::set(c.gf_desc, F32, {2, 3, 4}, MLUOP_LAYOUT_NCHW);
     }},
    {"grad_output 3-D", kBad, "grad_output must be [B, C, N]",
     [](Call &c) {
       Call::set(c.go_desc, F32, {2, 3, 5, 1});
     }},
    {"indices 3-D", kBad, "indices must be [B, N, 3]",
     [](Call &c) {
       Call::set(c.id_desc, I32, {10, 3});
     }},
    {"weights 3-D", kBad, "weights must be [B, N, 3]",
     [](Call &c) { Call::set(c.w_desc, F32, {30}); }},
    {"grad_features 3-D", kBad, "grad_features must be [B, C, M]",
     [](Call &c) {
       Call::set(c.gf_desc, F32, {6, 4});
     }},
    {"indices B", kBad, "indices dims[0] must equal",
     [](Call &c) {
       Call::set(c.id_desc, I32, {1, 5, 3});
       Call::set(c.w_desc, F32, {1, 5, 3});
     }},
    {"indices N", kBad, "indices dims[1] must equal",
     [](Call &c) {
       Call::set(c.id_desc, I32, {2, 4, 3});
       Call::set(c.w_desc, F32, {2, 4, 3});
     }},
    {"indices last dim 3", kBad, "indices dims[2] must be 3",
     [](Call &c) {
       Call::set(c.id_desc, I32, {2, 5, 2});
       Call::set(c.w_desc, F32, {2, 5, 2});
     }},
    {"weights shape of indices", kBad, "weights shape must equal indices",
     [](Call &c) {
       Call::set(c.w_desc, F32, {2, 3, 5});
     }},
    {"grad_features B", kBad, "grad_features dims[0] must equal",
     [](Call &c) {
       Call::set(c.gf_desc, F32, {3, 3, 4});
     }},
    {"grad_features C", kBad, "grad_features dims[1] must equal",
     [](Call &c) {
       Call::set(c.gf_desc, F32, {2, 4, 4});
     }},
    // 2^31 elements or more, decided from the descriptors alone (the small
    // buffers are never read).
    {"large grad_output", MLUOP_STATUS_NOT_SUPPORTED,
     "grad_output has 2^31 elements",
     [](Call &c) {
       Call::set(c.go_desc, F32, {2, 1024, 1 << 20});
       Call::set(c.id_desc, I32, {2, 1 << 20, 3});
       Call::set(c.w_desc, F32, {2, 1 << 20, 3});
       Call::set(c.gf_desc, F32, {2, 1024, 4});
     }},
    {"large grad_features", MLUOP_STATUS_NOT_SUPPORTED,
     "grad_features has 2^31 elements",
     [](Call &c) {
       Call::set(c.gf_desc, F32, {2, 3, 1 << 30});
     }},
};

class ThreeInterpolateBackwardCheckTest
    : public ::testing::TestWithParam<CheckRule> {};

TEST_P(ThreeInterpolateBackwardCheckTest, FailsWithItsStatusAndLogLine) {
  const CheckRule &rule = GetParam();
  Call call;
  rule.breaks(call);
  mluop::take_last_error();
  EXPECT_EQ(call.run(), rule.status);
  xbang_test::ExpectLogLine("[mluOpThreeInterpolateBackward]", rule.log);
}

INSTANTIATE_TEST_SUITE_P(Rules, ThreeInterpolateBackwardCheckTest,
                         ::testing::ValuesIn(kRules),
                         xbang_test::RuleTestName());

TEST(ThreeInterpolateBackwardChecks, WellFormedCallSucceeds) {
  Call call;
  xbang::checked::clear_reports();
  EXPECT_EQ(call.run(), MLUOP_STATUS_SUCCESS) << mluop::take_last_error();
  EXPECT_TRUE(xbang::checked::reports().empty());
  // Every column gets 5 n x 3 k x 1 x 1 = 15 where indices are all 0.
  const std::vector<float> out = call.gf_buffer.to_host<float>();
  EXPECT_EQ(out[0], 15.0f);
  EXPECT_EQ(out[1], 0.0f);
}

}  // namespace
