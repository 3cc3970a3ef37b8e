// mlu-ops' three_nn_forward kernel (kernels/three_nn_forward/
// three_nn_forward_union1.mlu) at the shape of its test case: unknown
// [3, 1024, 3], known [3, 256, 3], float in [-10, 10]. mlu-ops' threshold is
// diff3 = 0: indices and squared distances bit-exact.
#include "kernels/three_nn_forward/three_nn_forward.h"

#include "harness.h"
#include "mluops_policy.h"
#include "three_nn_forward_reference.h"

namespace xbang_conformance {
namespace {

TEST(ThreeNNForwardRun, FloatCase0) {
  const int b = 3, n = 1024, m = 256;
  const std::vector<float> unknown =
      random_values<float>(size_t(b) * n * 3, -10, 10, 23);
  const std::vector<float> known =
      random_values<float>(size_t(b) * m * 3, -10, 10, 25);
  const conformance_reference::ThreeNearest want =
      conformance_reference::ThreeNNForward(unknown, known, b, n, m);
  // mluOpThreeNNForward hands the kernel `known` transposed to [b, 3, m].
  std::vector<float> known_bcm(known.size());
  for (int batch = 0; batch < b; ++batch) {
    for (int k = 0; k < m; ++k) {
      for (int axis = 0; axis < 3; ++axis) {
        known_bcm[(size_t(batch) * 3 + axis) * m + k] =
            known[(size_t(batch) * m + k) * 3 + axis];
      }
    }
  }
  // The host occupies every cluster: Union1 over the whole device.
  const cnrtDim3_t dim = every_cluster_dim();
  in_both_checked_modes("three_nn_forward", [&] {
    Queue queue;
    DeviceBuffer unknown_dev(unknown);
    DeviceBuffer known_dev(known_bcm);
    DeviceBuffer dist2_dev(want.dist2.size() * sizeof(float));
    DeviceBuffer idx_dev(want.index.size() * sizeof(int32_t));
    ASSERT_EQ(
        KernelThreeNNForward(dim, cnrtFuncTypeUnion1, queue.get(),
                             MLUOP_DTYPE_FLOAT, b, n, m, unknown_dev.get(),
                             known_dev.get(), dist2_dev.get(), idx_dev.get()),
        MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    EXPECT_EQ(bit_mismatches(idx_dev.to_host<int32_t>(), want.index), 0u);
    const std::vector<float> dist2 = dist2_dev.to_host<float>();
    measure("dist2", dist2, want.dist2);
    EXPECT_EQ(bit_mismatches(dist2, want.dist2), 0u);
  });
}

}  // namespace
}  // namespace xbang_conformance
