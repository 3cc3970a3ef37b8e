// mlu-ops' prior_box kernel (kernels/prior_box/prior_box_block.mlu) at its
// two test cases: feature maps 1 x 1 and 39 x 39 of a 300 x 300 image, step
// 300, offset 0.5, clip, min/max/aspect-ratio order, with the cases' own
// min sizes, aspect ratios (1 among them), variances and max sizes: eight
// priors per cell; and the 39 x 39 case in the other order (aspect ratios
// first). mlu-ops' thresholds diff1 <= 3e-3, diff2 <= 3e-3.
#include "kernels/prior_box/prior_box.h"

#include <algorithm>

#include "harness.h"
#include "mluops_policy.h"
#include "prior_box_reference.h"

namespace xbang_conformance {
namespace {

constexpr double kThreshold = 3e-3;

void run_prior_box(int height, int width, bool min_max_aspect_ratios_order) {
  const std::vector<float> min_sizes = {77.639671f, 65.795799f};
  const std::vector<float> aspect_ratios = {1.0f, 9.993984f, 0.100060f};
  const std::vector<float> variances = {0.209335f, 0.466937f, 0.293573f,
                                        0.567809f};
  const std::vector<float> max_sizes = {290.616882f, 297.787994f};
  const int im_height = 300, im_width = 300;
  const float step_h = 300, step_w = 300, offset = 0.5f;
  const bool clip = true;
  const conformance_reference::PriorBoxes want =
      conformance_reference::PriorBox(min_sizes, aspect_ratios, variances,
                                      max_sizes, height, width, im_height,
                                      im_width, step_h, step_w, offset, clip,
                                      min_max_aspect_ratios_order);
  // The host's count: every min size with every aspect ratio, plus one
  // square per max size.
  const int num_priors =
      int(min_sizes.size() * aspect_ratios.size() + max_sizes.size());
  ASSERT_EQ(want.boxes.size(), size_t(height) * width * num_priors * 4);
  // policyFuncPriorBox: a Block task of one core per feature row, at most
  // the device's cores.
  const DeviceCapacity capacity = device_capacity();
  const cnrtDim3_t dim = {uint32_t(std::min(capacity.cores(), height)), 1, 1};
  in_both_checked_modes("prior_box", [&] {
    Queue queue;
    DeviceBuffer min_sizes_dev(min_sizes), aspect_ratios_dev(aspect_ratios),
        variances_dev(variances), max_sizes_dev(max_sizes);
    DeviceBuffer boxes_dev(want.boxes.size() * sizeof(float));
    DeviceBuffer var_dev(want.variances.size() * sizeof(float));
    ASSERT_EQ(KernelPriorBox(dim, cnrtFuncTypeBlock, queue.get(),
                             min_sizes_dev.get(), int(min_sizes.size()),
                             aspect_ratios_dev.get(), int(aspect_ratios.size()),
                             variances_dev.get(), int(variances.size()),
                             max_sizes_dev.get(), int(max_sizes.size()), height,
                             width, im_height, im_width, step_h, step_w, offset,
                             num_priors, clip, min_max_aspect_ratios_order,
                             boxes_dev.get(), int(want.boxes.size()),
                             var_dev.get(), int(want.variances.size())),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics boxes =
        measure("boxes", boxes_dev.to_host<float>(), want.boxes);
    EXPECT_TRUE(boxes.within(kThreshold, kThreshold)) << boxes.text();
    EXPECT_EQ(bit_mismatches(var_dev.to_host<float>(), want.variances), 0u);
  });
}

TEST(PriorBoxRun, Case0Feature1x1) { run_prior_box(1, 1, true); }

TEST(PriorBoxRun, Case1Feature39x39) { run_prior_box(39, 39, true); }

TEST(PriorBoxRun, Feature39x39AspectRatiosFirst) {
  run_prior_box(39, 39, false);
}

}  // namespace
}  // namespace xbang_conformance
