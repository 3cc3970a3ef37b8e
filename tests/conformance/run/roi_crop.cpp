// mlu-ops' roi_crop kernels (kernels/roi_crop/roi_crop_block.mlu) at the
// shapes of their test cases: forward, input [1, 32, 32, 50000] (NHWC) and
// grid [2, 3, 5, 2]; backward, grad_output [1, 5, 5, 500] and grid
// [1, 5, 5, 2] into grad_input [1, 32, 32, 500] (zeroed first, as the host
// does, then accumulated with __bang_atomic_reduce_add). Data uniform in
// [-5, 5], grid in [-1, 1]; mlu-ops' thresholds diff1 <= 3e-3, diff2 <= 3e-3.
#include "kernels/roi_crop/roi_crop.h"

#include "harness.h"
#include "mluops_policy.h"
#include "roi_crop_reference.h"

namespace xbang_conformance {
namespace {

constexpr double kThreshold = 3e-3;

TEST(RoiCropRun, ForwardCase0) {
  const int batch = 1, height = 32, width = 32, channels = 50000;
  const int grid_n = 2, output_h = 3, output_w = 5;
  const std::vector<float> input = random_values<float>(
      size_t(batch) * height * width * channels, -5, 5, 23);
  const std::vector<float> grid =
      random_values<float>(size_t(grid_n) * output_h * output_w * 2, -1, 1, 20);
  const std::vector<float> want = conformance_reference::RoiCropForward(
      input, grid, batch, height, width, channels, grid_n, output_h, output_w);
  in_both_checked_modes("roi_crop", [&] {
    Queue queue;
    DeviceBuffer input_dev(input), grid_dev(grid);
    DeviceBuffer output_dev(want.size() * sizeof(float));
    // policyFunc: Union1, one task per output bin.
    ASSERT_EQ(
        KernelRoiCropForward(union1_cluster_per_cores_items(
                                 uint64_t(grid_n) * output_h * output_w),
                             cnrtFuncTypeUnion1, queue.get(), input_dev.get(),
                             grid_dev.get(), batch, height, width, channels,
                             grid_n, output_h, output_w, output_dev.get()),
        MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("output", output_dev.to_host<float>(), want);
    EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
  });
}

TEST(RoiCropRun, BackwardCase0) {
  const int batch = 1, height = 32, width = 32, channels = 500;
  const int grid_n = 1, output_h = 5, output_w = 5;
  const std::vector<float> grad_output = random_values<float>(
      size_t(grid_n) * output_h * output_w * channels, -5, 5, 23);
  const std::vector<float> grid =
      random_values<float>(size_t(grid_n) * output_h * output_w * 2, -1, 1, 20);
  const std::vector<float> want = conformance_reference::RoiCropBackward(
      grad_output, grid, batch, height, width, channels, grid_n, output_h,
      output_w);
  in_both_checked_modes("roi_crop", [&] {
    Queue queue;
    DeviceBuffer grad_output_dev(grad_output), grid_dev(grid);
    DeviceBuffer grad_input_dev(std::vector<float>(want.size(), 0.0f));
    ASSERT_EQ(KernelRoiCropBackward(union1_cluster_per_cores_items(
                                        uint64_t(grid_n) * output_h * output_w),
                                    cnrtFuncTypeUnion1, queue.get(),
                                    grad_output_dev.get(), grid_dev.get(),
                                    batch, height, width, channels, grid_n,
                                    output_h, output_w, grad_input_dev.get()),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m =
        measure("grad_input", grad_input_dev.to_host<float>(), want);
    EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
  });
}

}  // namespace
}  // namespace xbang_conformance
