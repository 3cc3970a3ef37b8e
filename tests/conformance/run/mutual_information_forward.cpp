// mlu-ops' mutual_information forward kernel, three-stage pipeline form
// (kernels/mutual_information/mutual_information_forward/
// mutual_information_forward_3pipeline_block.mlu), at the shapes of its test
// cases: px [1, 178, 180], py [1, 179, 179] uniform in [-2.5, 2.5] with
// boundary (1, 2, 120, 130); and the boundaries of its two-batch case,
// (5, 2, S, T) and (5, 2, 3, 1) (empty: its end lies before its start), on
// px [2, 100, 121], py [2, 101, 120] in [-1.5, 1.5] (that case's 380 x 380
// exceeds the NRAM limit under which mluOpMutualInformationForward picks
// this kernel). p starts random; mlu-ops' thresholds diff1 <= 3e-3,
// diff2 <= 3e-3 on p and ans.
#include "kernels/mutual_information/mutual_information_forward/mutual_information_forward.h"

#include <algorithm>

#include "harness.h"
#include "mutual_information_forward_reference.h"

namespace xbang_conformance {
namespace {

constexpr double kThreshold = 3e-3;

void run_mutual_information(int batch, int s_size, int t_size, float lo,
                            float hi, const std::vector<int64_t>& boundary) {
  const std::vector<float> px =
      random_values<float>(size_t(batch) * s_size * (t_size + 1), lo, hi, 23);
  const std::vector<float> py =
      random_values<float>(size_t(batch) * (s_size + 1) * t_size, lo, hi, 24);
  const std::vector<float> p_in = random_values<float>(
      size_t(batch) * (s_size + 1) * (t_size + 1), lo, hi, 25);
  const conformance_reference::MutualInformation want =
      conformance_reference::MutualInformationForward(px, py, &boundary, p_in,
                                                      batch, s_size, t_size);
  // The NRAM limit of the three-stage kernel (in floats), as the host
  // checks it before choosing this kernel.
  const int64_t floats =
      int64_t(t_size) * (s_size + 1) + int64_t(t_size + 1) * s_size +
      int64_t(t_size + 1) * (s_size + 1) + 9 * std::min(s_size, t_size) + 11;
  ASSERT_LE(floats,
            device_capacity().handle_nram_size() / int64_t(sizeof(float)));
  // policyFunc3Pipeline: a Block task per batch, at most every core.
  const cnrtDim3_t dim = {
      1, uint32_t(std::min(batch, device_capacity().cores())), 1};
  in_both_checked_modes("mutual_information_forward", [&] {
    Queue queue;
    DeviceBuffer px_dev(px), py_dev(py), boundary_dev(boundary), p_dev(p_in);
    DeviceBuffer ans_dev(size_t(batch) * sizeof(float));
    ASSERT_EQ(kernel3PipelineMutualInformationForward(
                  dim, cnrtFuncTypeBlock, queue.get(), batch, s_size, t_size,
                  px_dev.get(), py_dev.get(), true, boundary_dev.get(),
                  p_dev.get(), ans_dev.get()),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics p = measure("p", p_dev.to_host<float>(), want.p);
    EXPECT_TRUE(p.within(kThreshold, kThreshold)) << p.text();
    const Metrics ans = measure("ans", ans_dev.to_host<float>(), want.ans);
    EXPECT_TRUE(ans.within(kThreshold, kThreshold)) << ans.text();
  });
}

TEST(MutualInformationForwardRun, Case0) {
  run_mutual_information(1, 178, 179, -2.5f, 2.5f, {1, 2, 120, 130});
}

TEST(MutualInformationForwardRun, Case1TwoBatches) {
  run_mutual_information(2, 100, 120, -1.5f, 1.5f,
                         {5, 2, 100, 120, 5, 2, 3, 1});
}

}  // namespace
}  // namespace xbang_conformance
