// voxel_pooling_forward: the kernel against the doc's reference on every
// launch shape (Block 1/4/16, Union1 4/16) and through the host API, the
// boundary and special cases of issue 3, and one test per host check.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

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
// Host checks: one test per rule of the doc's 3.7 and 1.4, each asserting the
// status, that the log line names the check, and that nothing was written.

class VoxelPoolingForwardChecks : public ::testing::Test {
 protected:
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
  };

  VoxelPoolingForwardChecks()
      : p_(make_random_problem(2, 10, 4, 5, 3, 2, 1, 14)), d_(p_) {}

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

  static mluOpStatus_t call(const Args &a) {
    return mluOpVoxelPoolingForward(
        a.handle, a.batch_size, a.num_points, a.num_channels, a.num_voxel_x,
        a.num_voxel_y, a.num_voxel_z, a.geom_xyz_desc, a.geom_xyz,
        a.input_features_desc, a.input_features, a.output_features_desc,
        a.output_features, a.pos_memo_desc, a.pos_memo);
  }

  void expect_rejected(const Args &a, mluOpStatus_t status,
                       const std::string &names_check) {
    mluop::take_last_error();
    EXPECT_EQ(call(a), status);
    const std::string log = mluop::take_last_error();
    EXPECT_NE(log.find("[mluOpVoxelPoolingForward]"), std::string::npos) << log;
    EXPECT_NE(log.find(names_check), std::string::npos) << log;
    EXPECT_EQ(d_.output_features.to_host<float>(), p_.output_init);
    EXPECT_EQ(d_.pos_memo.to_host<int>(),
              std::vector<int>(p_.point_count() * 3, kPosMemoPoison));
  }

  VoxelPoolingProblem p_;
  DeviceProblem d_;
  xbang_test::Handle handle_;
};

TEST_F(VoxelPoolingForwardChecks, GoodArgumentsRun) {
  mluop::take_last_error();
  EXPECT_EQ(call(good()), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluop::take_last_error(), "");
  expect_matches_reference(p_, d_.result());
}

TEST_F(VoxelPoolingForwardChecks, NullHandle) {
  Args a = good();
  a.handle = nullptr;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "handle is null");
}

TEST_F(VoxelPoolingForwardChecks, Mlu200SeriesArch) {
  ASSERT_EQ(mluOpSetDeviceArch(handle_, 290), MLUOP_STATUS_SUCCESS);
  expect_rejected(good(), MLUOP_STATUS_ARCH_MISMATCH, "200 series");
}

TEST_F(VoxelPoolingForwardChecks, NullDescriptors) {
  Args a = good();
  a.geom_xyz_desc = nullptr;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "geom_xyz_desc is null");
  a = good();
  a.input_features_desc = nullptr;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "input_features_desc is null");
  a = good();
  a.output_features_desc = nullptr;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "output_features_desc is null");
  a = good();
  a.pos_memo_desc = nullptr;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "pos_memo_desc is null");
}

TEST_F(VoxelPoolingForwardChecks, NullPointers) {
  Args a = good();
  a.geom_xyz = nullptr;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "geom_xyz is null");
  a = good();
  a.input_features = nullptr;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "input_features is null");
  a = good();
  a.output_features = nullptr;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "output_features is null");
  a = good();
  a.pos_memo = nullptr;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "pos_memo is null");
}

TEST_F(VoxelPoolingForwardChecks, Dtypes) {
  const int b = p_.batch_size, n = p_.num_points, c = p_.num_channels;
  xbang_test::TensorDesc geom_float(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                    {b, n, 3});
  xbang_test::TensorDesc features_half(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_HALF,
                                       {b, n, c});
  xbang_test::TensorDesc output_int(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                                    {b, p_.num_voxel_y, p_.num_voxel_x, c});
  xbang_test::TensorDesc pos_memo_int16(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT16,
                                        {b, n, 3});
  Args a = good();
  a.geom_xyz_desc = geom_float;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "geom_xyz dtype must be INT32");
  a = good();
  a.input_features_desc = features_half;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "input_features dtype must be FLOAT");
  a = good();
  a.output_features_desc = output_int;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "output_features dtype must be FLOAT");
  a = good();
  a.pos_memo_desc = pos_memo_int16;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "pos_memo dtype must be INT32");
}

TEST_F(VoxelPoolingForwardChecks, Layouts) {
  const int b = p_.batch_size, n = p_.num_points, c = p_.num_channels;
  xbang_test::TensorDesc geom_nchw(MLUOP_LAYOUT_NCHW, MLUOP_DTYPE_INT32,
                                   {b, n, 3});
  xbang_test::TensorDesc features_nhwc(MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_FLOAT,
                                       {b, n, c});
  xbang_test::TensorDesc output_nhwc(MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_FLOAT,
                                     {b, p_.num_voxel_y, p_.num_voxel_x, c});
  xbang_test::TensorDesc pos_memo_nchw(MLUOP_LAYOUT_NCHW, MLUOP_DTYPE_INT32,
                                       {b, n, 3});
  Args a = good();
  a.geom_xyz_desc = geom_nchw;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "geom_xyz layout must be ARRAY");
  a = good();
  a.input_features_desc = features_nhwc;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "input_features layout must be ARRAY");
  a = good();
  a.output_features_desc = output_nhwc;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "output_features layout must be ARRAY");
  a = good();
  a.pos_memo_desc = pos_memo_nchw;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "pos_memo layout must be ARRAY");
}

TEST_F(VoxelPoolingForwardChecks, NumberOfDims) {
  const int b = p_.batch_size, n = p_.num_points, c = p_.num_channels;
  const int h = p_.num_voxel_y, w = p_.num_voxel_x;
  xbang_test::TensorDesc geom_2d(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                                 {b * n, 3});
  xbang_test::TensorDesc features_4d(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                     {b, n, c, 1});
  xbang_test::TensorDesc output_3d(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                   {b, h * w, c});
  xbang_test::TensorDesc pos_memo_2d(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                                     {b * n, 3});
  Args a = good();
  a.geom_xyz_desc = geom_2d;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "geom_xyz_desc->dim == 3");
  a = good();
  a.input_features_desc = features_4d;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "input_features_desc->dim == 3");
  a = good();
  a.output_features_desc = output_3d;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "output_features_desc->dim == 4");
  a = good();
  a.pos_memo_desc = pos_memo_2d;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "pos_memo_desc->dim == 3");
}

TEST_F(VoxelPoolingForwardChecks, LastDimOfCoordinatesIsThree) {
  const int b = p_.batch_size, n = p_.num_points;
  xbang_test::TensorDesc geom_xy(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                                 {b, n, 2});
  xbang_test::TensorDesc pos_memo_4(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                                    {b, n, 4});
  Args a = good();
  a.geom_xyz_desc = geom_xy;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "geom_xyz_desc->dims[2] == 3");
  a = good();
  a.pos_memo_desc = pos_memo_4;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "pos_memo_desc->dims[2] == 3");
}

TEST_F(VoxelPoolingForwardChecks, TensorsAgreeWithEachOther) {
  const int b = p_.batch_size, n = p_.num_points, c = p_.num_channels;
  const int h = p_.num_voxel_y, w = p_.num_voxel_x;
  xbang_test::TensorDesc features_other_n(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                          {b, n + 1, c});
  xbang_test::TensorDesc pos_memo_other_b(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                                          {b + 1, n, 3});
  xbang_test::TensorDesc output_other_c(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                        {b, h, w, c + 1});
  xbang_test::TensorDesc output_other_b(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                        {b - 1, h, w, c});
  Args a = good();
  a.input_features_desc = features_other_n;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "and geom_xyz [2, 10, 3] must share B and N");
  a = good();
  a.pos_memo_desc = pos_memo_other_b;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "pos_memo [3, 10, 3] and geom_xyz [2, 10, 3] must share");
  a = good();
  a.output_features_desc = output_other_c;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "must share B and C");
  a = good();
  a.output_features_desc = output_other_b;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "must share B and C");
}

TEST_F(VoxelPoolingForwardChecks, LargeTensorsAreNotSupported) {
  // 2^24 points of 128 channels: 2^31 feature elements (never allocated:
  // the check comes before any access).
  const int n = 1 << 24, c = 128;
  xbang_test::TensorDesc geom(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32, {1, n, 3});
  xbang_test::TensorDesc features(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                  {1, n, c});
  xbang_test::TensorDesc output(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                {1, 2, 2, c});
  xbang_test::TensorDesc pos_memo(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                                  {1, n, 3});
  Args a = good();
  a.batch_size = 1;
  a.num_points = n;
  a.num_channels = c;
  a.num_voxel_x = 2;
  a.num_voxel_y = 2;
  a.geom_xyz_desc = geom;
  a.input_features_desc = features;
  a.output_features_desc = output;
  a.pos_memo_desc = pos_memo;
  expect_rejected(a, MLUOP_STATUS_NOT_SUPPORTED, "2^31 elements");
}

TEST_F(VoxelPoolingForwardChecks, ScalarsAgreeWithTensors) {
  Args a = good();
  a.batch_size += 1;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "batch_size 3 and num_points 10 disagree with geom_xyz");
  a = good();
  a.num_points -= 1;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "batch_size 2 and num_points 9 disagree with geom_xyz");
  a = good();
  a.num_channels = 5;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "num_channels 5 disagrees with input_features");
  // num_voxel_x is W (dims[2]) and num_voxel_y is H (dims[1]): swapping them
  // is caught.
  a = good();
  std::swap(a.num_voxel_x, a.num_voxel_y);
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM,
                  "num_voxel_y 5 and num_voxel_x 3 disagree with "
                  "output_features");
}

TEST_F(VoxelPoolingForwardChecks, ZeroElementsAreBadParam) {
  const int n = p_.num_points, c = p_.num_channels;
  const int h = p_.num_voxel_y, w = p_.num_voxel_x;
  xbang_test::TensorDesc geom0(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                               {0, n, 3});
  xbang_test::TensorDesc features0(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                   {0, n, c});
  xbang_test::TensorDesc output0(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                 {0, h, w, c});
  xbang_test::TensorDesc pos_memo0(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                                   {0, n, 3});
  Args a = good();
  a.batch_size = 0;
  a.geom_xyz_desc = geom0;
  a.input_features_desc = features0;
  a.output_features_desc = output0;
  a.pos_memo_desc = pos_memo0;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "zero-element");

  xbang_test::TensorDesc features_c0(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                     {p_.batch_size, n, 0});
  xbang_test::TensorDesc output_c0(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                   {p_.batch_size, h, w, 0});
  a = good();
  a.num_channels = 0;
  a.input_features_desc = features_c0;
  a.output_features_desc = output_c0;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "zero-element");

  // num_voxel_z appears in no shape: 0 or negative is caught here too.
  a = good();
  a.num_voxel_z = 0;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "zero-element");
  a = good();
  a.num_voxel_z = -2;
  expect_rejected(a, MLUOP_STATUS_BAD_PARAM, "zero-element");
}

}  // namespace
}  // namespace voxel_pooling_test
