// voxel_pooling_forward: the kernel against the design's reference on every
// launch shape (Block 1/4/16, Union1 4/16) and through the host API, the
// boundary and special cases, and one test per host check.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "check_table.h"
#include "common/host.h"
#include "launch_shapes.h"
#include "voxel_pooling_forward_checks.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/launch.h"

namespace voxel_pooling_test {
namespace {

// Runs the problem through the kernel wrapper with every launch shape and
// through the host API (Union1 on the whole default device), each compared
// with the reference, in checked mode. Returns the API run's counters.
xbang::Counters expect_every_launch_matches(const VoxelPoolingProblem &p) {
  xbang_test::Handle handle;
  cnrtQueue_t queue = nullptr;
  mluOpGetQueue(handle, &queue);
  DeviceProblem d(p);
  for (const xbang_test::LaunchShape &shape : xbang_test::kLaunchShapes) {
    SCOPED_TRACE(shape.name);
    d.reset(p);
    xbang::checked::clear_reports();
    EXPECT_EQ(run_kernel(shape.dim, shape.type, queue, p, d), cnrtSuccess);
    expect_no_checked_reports();
    expect_matches_reference(p, d.result());
  }
  SCOPED_TRACE("host API");
  d.reset(p);
  xbang::checked::clear_reports();
  EXPECT_EQ(run_api(handle, p, d), MLUOP_STATUS_SUCCESS);
  const xbang::Counters counters = xbang::last_launch_counters();
  expect_no_checked_reports();
  expect_matches_reference(p, d.result());
  EXPECT_EQ(counters.atomic_updates,
            uint64_t(p.inside_count()) * p.num_channels);
  return counters;
}

// A handle cannot stand for more clusters than a launch can hold; at the
// most it can, the operator launches only the clusters its points need.
TEST(VoxelPoolingForward, ClusterCountIsBoundedByTheLaunchLimit) {
  const VoxelPoolingProblem p = make_random_problem(2, 10, 4, 5, 3, 2, 1, 21);
  xbang_test::Handle handle;
  mluop::take_last_error();
  EXPECT_EQ(mluOpSetClusterNum(handle, mluop::kMaxClusterNum + 1),
            MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(mluop::take_last_error().find("cluster_num must be in"),
            std::string::npos);
  ASSERT_EQ(mluOpSetClusterNum(handle, mluop::kMaxClusterNum),
            MLUOP_STATUS_SUCCESS);
  DeviceProblem d(p);
  EXPECT_EQ(run_api(handle, p, d), MLUOP_STATUS_SUCCESS)
      << mluop::take_last_error();
  expect_matches_reference(p, d.result());
}

TEST(VoxelPoolingForward, SeveralNramLoadsPerTaskAndBatchBoundaries) {
  // 300002 points: more than one NRAM load of points per task even with 16
  // tasks, and loads that straddle the batch boundary.
  const VoxelPoolingProblem p =
      make_random_problem(2, 150001, 5, 13, 11, 2, 2, 1);
  ASSERT_GT(p.point_count() / 16, size_t(VoxelPoolingForwardNramLimitPtNum()));
  expect_every_launch_matches(p);
}

TEST(VoxelPoolingForward, OnePoint) {
  VoxelPoolingProblem p = make_random_problem(1, 1, 1, 1, 1, 1, 0, 2);
  p.geom_xyz = {0, 0, 0};
  expect_every_launch_matches(p);
}

TEST(VoxelPoolingForward, SizesThatAreNotMultiplesOfAnything) {
  expect_every_launch_matches(make_random_problem(3, 997, 3, 7, 5, 1, 2, 3));
  expect_every_launch_matches(
      make_random_problem(1, 18211, 13, 9, 17, 3, 3, 4));
}

TEST(VoxelPoolingForward, FewerPointsThanTasks) {
  expect_every_launch_matches(make_random_problem(1, 3, 5, 4, 4, 1, 0, 5));
  expect_every_launch_matches(make_random_problem(2, 5, 6, 3, 2, 2, 1, 6));
}

// Every combination of -1, 0, n-1 and n on each axis, in both batches.
TEST(VoxelPoolingForward, CoordinatesOnTheGridBoundary) {
  const int nx = 5, ny = 4, nz = 3;
  const std::vector<int> xs = {-1, 0, 2, nx - 1, nx};
  const std::vector<int> ys = {-1, 0, ny - 1, ny};
  const std::vector<int> zs = {-1, 0, nz - 1, nz};
  const int num_points = int(xs.size() * ys.size() * zs.size());
  VoxelPoolingProblem p =
      make_random_problem(2, num_points, 7, nx, ny, nz, 0, 7);
  p.geom_xyz.clear();
  for (int b = 0; b < 2; ++b) {
    for (int x : xs) {
      for (int y : ys) {
        for (int z : zs) p.geom_xyz.insert(p.geom_xyz.end(), {x, y, z});
      }
    }
  }
  expect_every_launch_matches(p);

  // The rule of the issue, independently of the reference: 0 <= v < n.
  xbang_test::Handle handle;
  DeviceProblem d(p);
  ASSERT_EQ(run_api(handle, p, d), MLUOP_STATUS_SUCCESS);
  const std::vector<int> pos_memo = d.pos_memo.to_host<int>();
  for (size_t i = 0; i < p.point_count(); ++i) {
    const int x = p.geom_xyz[i * 3], y = p.geom_xyz[i * 3 + 1],
              z = p.geom_xyz[i * 3 + 2];
    const bool inside =
        x >= 0 && x < nx && y >= 0 && y < ny && z >= 0 && z < nz;
    const int b = int(i / num_points);
    const std::vector<int> want =
        inside ? std::vector<int>{b, y, x} : std::vector<int>{-1, -1, -1};
    EXPECT_EQ(std::vector<int>(pos_memo.begin() + i * 3,
                               pos_memo.begin() + i * 3 + 3),
              want)
        << "point " << i << " at (" << x << ", " << y << ", " << z << ")";
  }
}

TEST(VoxelPoolingForward, AllPointsOutside) {
  VoxelPoolingProblem p = make_random_problem(2, 3001, 9, 6, 5, 2, 0, 8);
  Rng rng(9);
  const int sizes[3] = {p.num_voxel_x, p.num_voxel_y, p.num_voxel_z};
  for (size_t i = 0; i < p.point_count(); ++i) {
    const int axis = rng.uniform_int(0, 3);
    p.geom_xyz[i * 3 + axis] = rng.uniform_int(0, 2) == 0
                                   ? -rng.uniform_int(1, 1000)
                                   : sizes[axis] + rng.uniform_int(0, 1000);
  }
  ASSERT_EQ(p.inside_count(), 0u);
  const xbang::Counters counters = expect_every_launch_matches(p);
  EXPECT_EQ(counters.atomic_updates, 0u);

  xbang_test::Handle handle;
  DeviceProblem d(p);
  ASSERT_EQ(run_api(handle, p, d), MLUOP_STATUS_SUCCESS);
  const VoxelPoolingResult r = d.result();
  EXPECT_EQ(r.output_features, p.output_init);  // untouched, bit for bit
  EXPECT_EQ(r.pos_memo, std::vector<int>(p.point_count() * 3, -1));
}

// Thousands of points of one voxel, added by every task at once.
VoxelPoolingProblem make_contention_problem() {
  VoxelPoolingProblem p = make_random_problem(2, 4000, 24, 8, 6, 1, 0, 10);
  for (size_t i = 0; i < p.point_count(); ++i) {
    p.geom_xyz[i * 3] = 3;
    p.geom_xyz[i * 3 + 1] = 2;
    p.geom_xyz[i * 3 + 2] = 0;
  }
  return p;
}

TEST(VoxelPoolingForward, AtomicContentionOnOneVoxel) {
  const VoxelPoolingProblem p = make_contention_problem();
  expect_every_launch_matches(p);

  // Only voxel (y=2, x=3) of each batch changes.
  xbang_test::Handle handle;
  DeviceProblem d(p);
  ASSERT_EQ(run_api(handle, p, d), MLUOP_STATUS_SUCCESS);
  const std::vector<float> out = d.output_features.to_host<float>();
  const int c = p.num_channels;
  for (size_t voxel = 0; voxel < out.size() / c; ++voxel) {
    const size_t plane = size_t(p.num_voxel_y) * p.num_voxel_x;
    if (voxel % plane == size_t(2 * p.num_voxel_x + 3)) continue;
    for (int k = 0; k < c; ++k) {
      ASSERT_EQ(out[voxel * c + k], p.output_init[voxel * c + k])
          << "voxel " << voxel;
    }
  }
}

TEST(VoxelPoolingForward, DeterministicModeRepeatsBitForBit) {
  const VoxelPoolingProblem p = make_contention_problem();
  xbang_test::Handle handle;
  DeviceProblem d(p);
  xbang::set_deterministic(true);
  ASSERT_EQ(run_api(handle, p, d), MLUOP_STATUS_SUCCESS);
  const VoxelPoolingResult first = d.result();
  d.reset(p);
  ASSERT_EQ(run_api(handle, p, d), MLUOP_STATUS_SUCCESS);
  const VoxelPoolingResult second = d.result();
  xbang::set_deterministic(false);
  EXPECT_EQ(
      std::memcmp(first.output_features.data(), second.output_features.data(),
                  first.output_features.size() * sizeof(float)),
      0);
  EXPECT_EQ(first.pos_memo, second.pos_memo);
  expect_matches_reference(p, first);
}

TEST(VoxelPoolingForward, ChannelsBeyondOneNramLoad) {
  const int limit = VoxelPoolingForwardNramLimitChannels();
  // A remainder after one full load, with two points per voxel on average.
  expect_every_launch_matches(
      make_random_problem(2, 9, limit + 123, 3, 2, 1, 0, 11));
  // An exact multiple: no remainder load.
  expect_every_launch_matches(
      make_random_problem(1, 3, 2 * limit, 2, 1, 1, 0, 12));
}

TEST(VoxelPoolingForward, NanAndInfStayInTheirVoxel) {
  VoxelPoolingProblem p = make_random_problem(1, 64, 8, 4, 4, 1, 0, 13);
  const int c = p.num_channels;
  auto place = [&](int point, int x, int y, int z) {
    p.geom_xyz[point * 3] = x;
    p.geom_xyz[point * 3 + 1] = y;
    p.geom_xyz[point * 3 + 2] = z;
  };
  place(0, 1, 1, 0);
  p.input_features[0 * c + 2] = NAN;
  place(1, 2, 3, 0);
  p.input_features[1 * c + 5] = INFINITY;
  place(2, 2, 3, 0);  // a finite neighbour in the same voxel
  place(3, 0, 2, 0);
  p.input_features[3 * c + 0] = -INFINITY;
  place(4, 4, 1, 0);  // outside: its NaNs must go nowhere
  for (int k = 0; k < c; ++k) p.input_features[4 * c + k] = NAN;
  expect_every_launch_matches(p);

  xbang_test::Handle handle;
  DeviceProblem d(p);
  ASSERT_EQ(run_api(handle, p, d), MLUOP_STATUS_SUCCESS);
  const std::vector<float> out = d.output_features.to_host<float>();
  auto at = [&](int x, int y, int k) { return out[(y * 4 + x) * c + k]; };
  EXPECT_TRUE(std::isnan(at(1, 1, 2)));
  EXPECT_TRUE(std::isinf(at(2, 3, 5)) && at(2, 3, 5) > 0);
  EXPECT_TRUE(std::isinf(at(0, 2, 0)) && at(0, 2, 0) < 0);
  size_t nonfinite = 0;
  for (float v : out) nonfinite += !std::isfinite(v);
  EXPECT_EQ(nonfinite, 3u);
}

// ---------------------------------------------------------------------------
// Host checks: one table row per rule of voxelPoolingForwardParamCheck, each
// asserting the status, that the log line names the check, and that nothing
// was written.

struct Args {
  mluOpHandle_t handle;
  int batch_size, num_points, num_channels, num_voxel_x, num_voxel_y,
      num_voxel_z;
  mluOpTensorDescriptor_t geom_xyz_desc;
  const void *geom_xyz;
  mluOpTensorDescriptor_t input_features_desc;
  const void *input_features;
  mluOpTensorDescriptor_t output_features_desc;
  void *output_features;
  mluOpTensorDescriptor_t pos_memo_desc;
  void *pos_memo;

  mluOpStatus_t run() const {
    return mluOpVoxelPoolingForward(
        handle, batch_size, num_points, num_channels, num_voxel_x, num_voxel_y,
        num_voxel_z, geom_xyz_desc, geom_xyz, input_features_desc,
        input_features, output_features_desc, output_features, pos_memo_desc,
        pos_memo);
  }
};

// The good call's sizes.
constexpr int B = 2, N = 10, C = 4, W = 5, H = 3, Z = 2;
constexpr mluOpDataType_t I32 = MLUOP_DTYPE_INT32, F32 = MLUOP_DTYPE_FLOAT;
constexpr mluOpStatus_t kBad = MLUOP_STATUS_BAD_PARAM;

// Descriptors a rule makes, alive until the call is over.
struct Keep {
  std::vector<std::unique_ptr<xbang_test::TensorDesc>> descs;
  mluOpTensorDescriptor_t desc(
      mluOpDataType_t dtype, std::vector<int> dims,
      mluOpTensorLayout_t layout = MLUOP_LAYOUT_ARRAY) {
    descs.push_back(
        std::make_unique<xbang_test::TensorDesc>(layout, dtype, dims));
    return descs.back()->get();
  }
};

struct CheckRule {
  const char *name;
  mluOpStatus_t status;
  const char *log;  // the log line of the failed check contains this
  void (*breaks)(Args &, Keep &);
};

const CheckRule kRules[] = {
    {"null handle", kBad, "handle is null",
     [](Args &a, Keep &) { a.handle = nullptr; }},
    {"200 series", MLUOP_STATUS_ARCH_MISMATCH, "200 series",
     [](Args &a, Keep &) { mluOpSetDeviceArch(a.handle, 290); }},
    {"null geom_xyz_desc", kBad, "geom_xyz_desc is null",
     [](Args &a, Keep &) { a.geom_xyz_desc = nullptr; }},
    {"null input_features_desc", kBad, "input_features_desc is null",
     [](Args &a, Keep &) { a.input_features_desc = nullptr; }},
    {"null output_features_desc", kBad, "output_features_desc is null",
     [](Args &a, Keep &) { a.output_features_desc = nullptr; }},
    {"null pos_memo_desc", kBad, "pos_memo_desc is null",
     [](Args &a, Keep &) { a.pos_memo_desc = nullptr; }},
    {"null geom_xyz", kBad, "geom_xyz is null",
     [](Args &a, Keep &) { a.geom_xyz = nullptr; }},
    {"null input_features", kBad, "input_features is null",
     [](Args &a, Keep &) { a.input_features = nullptr; }},
    {"null output_features", kBad, "output_features is null",
     [](Args &a, Keep &) { a.output_features = nullptr; }},
    {"null pos_memo", kBad, "pos_memo is null",
     [](Args &a, Keep &) { a.pos_memo = nullptr; }},
    {"geom_xyz int32", kBad, "geom_xyz dtype must be INT32",
     [](Args &a, Keep &k) {
       a.geom_xyz_desc = k.desc(F32, {B, N, 3});
     }},
    {"input_features float", kBad, "input_features dtype must be FLOAT",
     [](Args &a, Keep &k) {
       a.input_features_desc = k.desc(MLUOP_DTYPE_HALF, {B, N, C});
     }},
    {"output_features float", kBad, "output_features dtype must be FLOAT",
     [](Args &a, Keep &k) {
       a.output_features_desc = k.desc(I32, {B, H, W, C});
     }},
    {"pos_memo int32", kBad, "pos_memo dtype must be INT32",
     [](Args &a, Keep &k) {
       a.pos_memo_desc = k.desc(MLUOP_DTYPE_INT16, {B, N, 3});
     }},
    {"geom_xyz ARRAY", kBad, "geom_xyz layout must be ARRAY",
     [](Args &a, Keep &k) {
       a.geom_xyz_desc = k.desc(I32, {B, N, 3}, MLUOP_LAYOUT_NCHW);
     }},
    {"input_features ARRAY", kBad, "input_features layout must be ARRAY",
     [](Args &a, Keep &k) {
       a.input_features_desc = k.desc(F32, {B, N, C}, MLUOP_LAYOUT_NHWC);
     }},
    {"output_features ARRAY", kBad, "output_features layout must be ARRAY",
     [](Args &a, Keep &k) {
       a.output_features_desc = k.desc(F32, {B, H, W, C}, MLUOP_LAYOUT_NHWC);
     }},
    {"pos_memo ARRAY", kBad, "pos_memo layout must be ARRAY",
     [](Args &a, Keep &k) {
       a.pos_memo_desc = k.desc(I32, {B, N, 3}, MLUOP_LAYOUT_NCHW);
     }},
    {"geom_xyz 3-D", kBad, "geom_xyz_desc->dim == 3",
     [](Args &a, Keep &k) {
       a.geom_xyz_desc = k.desc(I32, {B * N, 3});
     }},
    {"input_features 3-D", kBad, "input_features_desc->dim == 3",
     [](Args &a, Keep &k) {
       a.input_features_desc = k.desc(F32, {B, N, C, 1});
     }},
    {"output_features 4-D", kBad, "output_features_desc->dim == 4",
     [](Args &a, Keep &k) {
       a.output_features_desc = k.desc(F32, {B, H * W, C});
     }},
    {"pos_memo 3-D", kBad, "pos_memo_desc->dim == 3",
     [](Args &a, Keep &k) {
       a.pos_memo_desc = k.desc(I32, {B * N, 3});
     }},
    {"geom_xyz last dim 3", kBad, "geom_xyz_desc->dims[2] == 3",
     [](Args &a, Keep &k) {
       a.geom_xyz_desc = k.desc(I32, {B, N, 2});
     }},
    {"pos_memo last dim 3", kBad, "pos_memo_desc->dims[2] == 3",
     [](Args &a, Keep &k) {
       a.pos_memo_desc = k.desc(I32, {B, N, 4});
     }},
    {"input_features B and N", kBad,
     "and geom_xyz [2, 10, 3] must share B and N",
     [](Args &a, Keep &k) {
       a.input_features_desc = k.desc(F32, {B, N + 1, C});
     }},
    {"pos_memo B and N", kBad,
     "pos_memo [3, 10, 3] and geom_xyz [2, 10, 3] must share",
     [](Args &a, Keep &k) {
       a.pos_memo_desc = k.desc(I32, {B + 1, N, 3});
     }},
    {"output_features C", kBad, "must share B and C",
     [](Args &a, Keep &k) {
       a.output_features_desc = k.desc(F32, {B, H, W, C + 1});
     }},
    {"output_features B", kBad, "must share B and C",
     [](Args &a, Keep &k) {
       a.output_features_desc = k.desc(F32, {B - 1, H, W, C});
     }},
    // 2^24 points of 128 channels: 2^31 feature elements (never allocated:
    // the check comes before any access).
    {"large tensor", MLUOP_STATUS_NOT_SUPPORTED, "has 2^31 elements",
     [](Args &a, Keep &k) {
       const int n = 1 << 24, c = 128;
       a.batch_size = 1;
       a.num_points = n;
       a.num_channels = c;
       a.num_voxel_x = a.num_voxel_y = 2;
       a.geom_xyz_desc = k.desc(I32, {1, n, 3});
       a.input_features_desc = k.desc(F32, {1, n, c});
       a.output_features_desc = k.desc(F32, {1, 2, 2, c});
       a.pos_memo_desc = k.desc(I32, {1, n, 3});
     }},
    {"batch_size", kBad,
     "batch_size 3 and num_points 10 disagree with geom_xyz",
     [](Args &a, Keep &) { a.batch_size += 1; }},
    {"num_points", kBad, "batch_size 2 and num_points 9 disagree with geom_xyz",
     [](Args &a, Keep &) { a.num_points -= 1; }},
    {"num_channels", kBad, "num_channels 5 disagrees with input_features",
     [](Args &a, Keep &) { a.num_channels = 5; }},
    // num_voxel_x is W (dims[2]) and num_voxel_y is H (dims[1]).
    {"num_voxel_x and num_voxel_y swapped", kBad,
     "num_voxel_y 5 and num_voxel_x 3 disagree with output_features",
     [](Args &a, Keep &) { std::swap(a.num_voxel_x, a.num_voxel_y); }},
    {"zero B", kBad, "zero-element",
     [](Args &a, Keep &k) {
       a.batch_size = 0;
       a.geom_xyz_desc = k.desc(I32, {0, N, 3});
       a.input_features_desc = k.desc(F32, {0, N, C});
       a.output_features_desc = k.desc(F32, {0, H, W, C});
       a.pos_memo_desc = k.desc(I32, {0, N, 3});
     }},
    {"zero C", kBad, "zero-element",
     [](Args &a, Keep &k) {
       a.num_channels = 0;
       a.input_features_desc = k.desc(F32, {B, N, 0});
       a.output_features_desc = k.desc(F32, {B, H, W, 0});
     }},
    // num_voxel_z appears in no shape: 0 or negative is caught here.
    {"zero num_voxel_z", kBad, "zero-element",
     [](Args &a, Keep &) { a.num_voxel_z = 0; }},
    {"negative num_voxel_z", kBad, "zero-element",
     [](Args &a, Keep &) { a.num_voxel_z = -2; }},
};

// A good call on a small problem, which a rule breaks.
class VoxelPoolingForwardCheckTest
    : public ::testing::TestWithParam<CheckRule> {
 protected:
  VoxelPoolingForwardCheckTest()
      : p_(make_random_problem(B, N, C, W, H, Z, 1, 14)), d_(p_) {}

  Args good() const {
    return {handle_,
            p_.batch_size,
            p_.num_points,
            p_.num_channels,
            p_.num_voxel_x,
            p_.num_voxel_y,
            p_.num_voxel_z,
            d_.geom_xyz_desc,
            d_.geom_xyz.get(),
            d_.input_features_desc,
            d_.input_features.get(),
            d_.output_features_desc,
            d_.output_features.get(),
            d_.pos_memo_desc,
            d_.pos_memo.get()};
  }

  VoxelPoolingProblem p_;
  DeviceProblem d_;
  xbang_test::Handle handle_;
};

TEST_P(VoxelPoolingForwardCheckTest, FailsWithItsStatusAndLogLine) {
  const CheckRule &rule = GetParam();
  Args args = good();
  Keep keep;
  rule.breaks(args, keep);
  mluop::take_last_error();
  EXPECT_EQ(args.run(), rule.status);
  xbang_test::ExpectLogLine("[mluOpVoxelPoolingForward]", rule.log);
  EXPECT_EQ(d_.output_features.to_host<float>(), p_.output_init);
  EXPECT_EQ(d_.pos_memo.to_host<int>(),
            std::vector<int>(p_.point_count() * 3, kPosMemoPoison));
}

INSTANTIATE_TEST_SUITE_P(Rules, VoxelPoolingForwardCheckTest,
                         ::testing::ValuesIn(kRules),
                         xbang_test::RuleTestName());

TEST_F(VoxelPoolingForwardCheckTest, GoodArgumentsRun) {
  mluop::take_last_error();
  EXPECT_EQ(good().run(), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluop::take_last_error(), "");
  expect_matches_reference(p_, d_.result());
}

}  // namespace
}  // namespace voxel_pooling_test
