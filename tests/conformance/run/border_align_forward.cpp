// mlu-ops' border_align forward kernel (kernels/border_align/
// border_align_forward/border_align_forward_union1.mlu) at the shape of its
// test case: input [1, 10, 7, 516] (C = 129 per border) uniform in
// [0, 1000], 70 boxes with coordinates in [0, 3], pool_size 10. Output
// within mlu-ops' thresholds diff1 <= 3e-3, diff2 <= 3e-3; argmax_idx, which
// mlu-ops compares the same way, must match exactly.
#include "kernels/border_align/border_align_forward/border_align_forward.h"

#include <algorithm>

#include "border_align_forward_reference.h"
#include "harness.h"
#include "mluops_policy.h"

namespace xbang_conformance {
namespace {

constexpr double kThreshold = 3e-3;

TEST(BorderAlignForwardRun, Case0) {
  const int n = 1, h = 10, w = 7, c = 129, k = 70, pool_size = 10;
  const std::vector<float> input =
      random_values<float>(size_t(n) * h * w * 4 * c, 0, 1000, 23);
  const std::vector<float> boxes =
      random_values<float>(size_t(n) * k * 4, 0, 3, 24);
  const conformance_reference::BorderAlignOutput want =
      conformance_reference::BorderAlignForward(input, boxes, n, h, w, c, k,
                                                pool_size);
  // policyFunc: Union1 over every cluster.
  const cnrtDim3_t dim = every_cluster_dim();
  in_both_checked_modes("border_align_forward", [&] {
    Queue queue;
    DeviceBuffer input_dev(input), boxes_dev(boxes);
    DeviceBuffer output_dev(want.output.size() * sizeof(float));
    DeviceBuffer argmax_dev(want.argmax_idx.size() * sizeof(int32_t));
    ASSERT_EQ(KernelBorderAlignForward(
                  dim, cnrtFuncTypeUnion1, queue.get(), MLUOP_DTYPE_FLOAT,
                  input_dev.get(), boxes_dev.get(), pool_size, n, h, w, c, k,
                  output_dev.get(), static_cast<int32_t*>(argmax_dev.get())),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics output =
        measure("output", output_dev.to_host<float>(), want.output);
    EXPECT_TRUE(output.within(kThreshold, kThreshold)) << output.text();
    EXPECT_EQ(bit_mismatches(argmax_dev.to_host<int32_t>(), want.argmax_idx),
              0u);
  });
}

}  // namespace
}  // namespace xbang_conformance
