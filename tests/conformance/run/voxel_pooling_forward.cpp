// mlu-ops' voxel_pooling_forward kernel
// (kernels/voxel_pooling_forward/voxel_pooling_forward_union1.mlu) run
// unchanged through KernelVoxelPoolingForward, launched as
// mluOpVoxelPoolingForward launches it (output filled with 0 and pos_memo
// with -1 first), against references/voxel_pooling_forward. The cores add
// into shared voxels with atomics, so the sums' order is not the
// reference's: the operator's thresholds (diff1 and diff2 <= 0.003) apply to
// the features; pos_memo must match exactly.
#include "kernels/voxel_pooling_forward/voxel_pooling_forward.h"

#include <algorithm>
#include <string>
#include <vector>

#include "harness.h"
#include "voxel_pooling_forward/voxel_pooling_forward_data.h"
#include "voxel_pooling_forward/voxel_pooling_forward_reference.h"

namespace {

using namespace xbang_conformance;
using voxel_pooling_test::VoxelPoolingProblem;

constexpr double kThreshold = 0.003;

// policyFunc of voxel_pooling_forward.cpp: union1_cluster_per_cores_items
// over the points of every batch.

struct VoxelCase {
  std::string name;
  VoxelPoolingProblem problem;
};

// A few points (one cluster), an odd channel count (67: no multiple of the
// vector length) with points outside the grid on every side, and BEVDepth's
// frustum (the geometry of mlu-ops' design case: 6 x 112 x 16 x 44 points on
// a 128 x 128 x 1 grid) at 16 channels instead of 80 to keep it small.
std::vector<VoxelCase> voxel_cases() {
  std::vector<VoxelCase> cases;
  cases.push_back({"small", voxel_pooling_test::make_random_problem(
                                1, 3, 80, 128, 128, 1, 0, 1)});
  cases.push_back({"odd channels", voxel_pooling_test::make_random_problem(
                                       2, 4099, 67, 40, 24, 3, 4, 2)});
  cases.push_back({"frustum", voxel_pooling_test::make_frustum_problem(
                                  1, 16, 128, 128, 3)});
  return cases;
}

TEST(VoxelPoolingForward, MatchesReference) {
  for (const VoxelCase& test_case : voxel_cases()) {
    const VoxelPoolingProblem& p = test_case.problem;
    std::vector<float> want(p.output_count(), 0.f);
    std::vector<int> want_pos(p.point_count() * 3, -1);
    voxel_pooling_test::voxel_pooling_forward_reference(
        p.batch_size, p.num_points, p.num_channels, p.num_voxel_x,
        p.num_voxel_y, p.num_voxel_z, p.geom_xyz.data(),
        p.input_features.data(), want.data(), want_pos.data());
    in_both_checked_modes(test_case.name, [&] {
      Queue queue;
      DeviceBuffer geom(p.geom_xyz), features(p.input_features);
      DeviceBuffer output(std::vector<float>(p.output_count(), 0.f));
      DeviceBuffer pos(std::vector<int>(p.point_count() * 3, -1));
      ASSERT_EQ(KernelVoxelPoolingForward(
                    union1_cluster_per_cores_items(p.point_count()),
                    cnrtFuncTypeUnion1, queue.get(), p.batch_size, p.num_points,
                    p.num_channels, p.num_voxel_x, p.num_voxel_y, p.num_voxel_z,
                    geom.get(), features.get(), output.get(), pos.get()),
                MLUOP_STATUS_SUCCESS);
      ASSERT_EQ(queue.sync(), cnrtSuccess);
      const Metrics m = measure("output_features " + test_case.name,
                                output.to_host<float>(), want);
      EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
      EXPECT_EQ(bit_mismatches(pos.to_host<int>(), want_pos), 0u);
    });
  }
}

}  // namespace
