// voxel_pooling_forward at the design's network scale: B=2,
// N=473088, C=80, 128x128x1, through the host API, in checked mode, on
// BEVDepth's frustum points and on uniformly random ones.
#include <gtest/gtest.h>

#include "voxel_pooling_forward_checks.h"
#include "xbang/runtime/counters.h"

namespace voxel_pooling_test {
namespace {

void expect_network_case_matches(const VoxelPoolingProblem &p) {
  DeviceProblem d(p);
  xbang_test::Handle handle;
  xbang::checked::clear_reports();
  ASSERT_EQ(run_api(handle, p, d), MLUOP_STATUS_SUCCESS);
  const xbang::Counters counters = xbang::last_launch_counters();
  expect_no_checked_reports();
  expect_matches_reference(p, d.result());
  // One atomic update per channel of every point inside the grid.
  EXPECT_EQ(counters.atomic_updates,
            uint64_t(p.inside_count()) * p.num_channels);
}

// BEVDepth's frustum points: many points per voxel near the ego, several
// tasks adding into the same rows.
TEST(VoxelPoolingForwardNetwork, BevDepthFrustumMatchesReference) {
  expect_network_case_matches(make_network_problem());
}

TEST(VoxelPoolingForwardNetwork, UniformRandomPointsMatchReference) {
  expect_network_case_matches(make_random_network_problem());
}

}  // namespace
}  // namespace voxel_pooling_test
