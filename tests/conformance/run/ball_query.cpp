// mlu-ops' ball_query kernel (kernels/ball_query/ball_query_union1.mlu) at
// the shape of its float test case: new_xyz [16, 128, 3], xyz [16, 512, 3]
// uniform in [0, 1], radii [0, 0.8), nsample 128. mlu-ops' thresholds are
// diff1 = diff2 = 0: the indices must match exactly.
#include "kernels/ball_query/ball_query.h"

#include "ball_query_reference.h"
#include "harness.h"
#include "mluops_policy.h"

namespace xbang_conformance {
namespace {

TEST(BallQueryRun, FloatCase0) {
  const int b = 16, m = 128, n = 512, nsample = 128;
  const float min_radius = 0.0f, max_radius = 0.8f;
  const std::vector<float> new_xyz =
      random_values<float>(size_t(b) * m * 3, 0, 1, 30);
  const std::vector<float> xyz =
      random_values<float>(size_t(b) * n * 3, 0, 1, 31);
  const std::vector<int32_t> want = conformance_reference::BallQuery(
      new_xyz, xyz, b, m, n, min_radius, max_radius, nsample);
  in_both_checked_modes("ball_query", [&] {
    Queue queue;
    DeviceBuffer new_xyz_dev(new_xyz);
    DeviceBuffer xyz_dev(xyz);
    DeviceBuffer idx_dev(want.size() * sizeof(int32_t));
    // policyFuncBallQuery: Union1, one task per element of new_xyz.
    ASSERT_EQ(KernelBallQuery(
                  union1_cluster_per_cores_items(new_xyz.size()),
                  cnrtFuncTypeUnion1, queue.get(), MLUOP_DTYPE_FLOAT, b, n, m,
                  min_radius, max_radius, nsample, new_xyz_dev.get(),
                  xyz_dev.get(), static_cast<int32_t*>(idx_dev.get())),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    EXPECT_EQ(bit_mismatches(idx_dev.to_host<int32_t>(), want), 0u);
  });
}

}  // namespace
}  // namespace xbang_conformance
