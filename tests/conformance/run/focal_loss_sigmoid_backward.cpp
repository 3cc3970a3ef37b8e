// mlu-ops' focal_loss_sigmoid backward kernel (kernels/focal_loss_sigmoid/
// focal_loss_sigmoid_backward_union1.mlu) at the shape of its test case:
// float input [1280, 330] uniform in [-20, 20], targets in [0, 330] (330:
// background), weight [330] in [-20, 20], alpha 0.25, gamma 2; and the same
// without weight. mlu-ops' thresholds diff1 <= 3e-3, diff2 <= 3e-3.
#include "focal_loss_sigmoid_backward_reference.h"
#include "harness.h"
#include "kernels/focal_loss_sigmoid/focal_loss_sigmoid.h"
#include "mluops_policy.h"

namespace xbang_conformance {
namespace {

constexpr double kThreshold = 3e-3;

// getDealNAndThresholdC for float data: the rows a core takes per pass,
// from NRAM split into five ping-pong float buffers of C (C padded to the
// 128-byte alignment when there is a weight, whose own row is set aside)
// and a ping-pong target, after the aligned reserve.
int focal_loss_deal_n(int c, bool has_weight) {
  constexpr int kAlign = 128, kSplit = 5, kPingPong = 2;
  constexpr int kComputeBytes = sizeof(float), kTargetBytes = sizeof(int32_t);
  constexpr int kAlignNum = kAlign / kComputeBytes;
  int pingpong_bytes = int(device_capacity().handle_nram_size()) -
                       ((kSplit + 1) * kPingPong + 2) * kAlign;
  int compute_c = c;
  if (has_weight) {
    pingpong_bytes -= kAlign;
    pingpong_bytes -= (c * kComputeBytes + kAlign - 1) / kAlign * kAlign;
    compute_c = (c + kAlignNum - 1) / kAlignNum * kAlignNum;
  }
  return pingpong_bytes /
         ((kSplit * compute_c * kComputeBytes + kTargetBytes) * kPingPong);
}

void run_focal_loss_backward(bool has_weight) {
  const int n = 1280, c = 330;
  const float alpha = 0.25f, gamma = 2.0f;
  const std::vector<float> input =
      random_values<float>(size_t(n) * c, -20, 20, 23);
  const std::vector<int32_t> target = random_values<int32_t>(n, 0, c, 24);
  const std::vector<float> weight = random_values<float>(c, -20, 20, 25);
  const std::vector<float> want =
      conformance_reference::FocalLossSigmoidBackward(
          input, target, has_weight ? &weight : nullptr, n, c, alpha, gamma);
  // policyFunc: Union1 over every cluster.
  const cnrtDim3_t dim = every_cluster_dim();
  const int deal_n = focal_loss_deal_n(c, has_weight);
  in_both_checked_modes("focal_loss_sigmoid_backward", [&] {
    Queue queue;
    DeviceBuffer input_dev(input), target_dev(target), weight_dev(weight);
    DeviceBuffer grad_dev(want.size() * sizeof(float));
    ASSERT_EQ(mluOpBlockKernelFocalLossSigmoidBackwardFloat(
                  dim, cnrtFuncTypeUnion1, queue.get(), input_dev.get(),
                  target_dev.get(), has_weight ? weight_dev.get() : nullptr,
                  gamma, alpha, n, deal_n, c, grad_dev.get()),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("grad_input", grad_dev.to_host<float>(), want);
    EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
  });
}

TEST(FocalLossSigmoidBackwardRun, WeightedCase0) {
  run_focal_loss_backward(true);
}

TEST(FocalLossSigmoidBackwardRun, Unweighted) {
  run_focal_loss_backward(false);
}

}  // namespace
}  // namespace xbang_conformance
