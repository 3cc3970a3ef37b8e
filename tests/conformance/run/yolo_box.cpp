// mlu-ops' yolo_box kernel (kernels/yolo_box/yolo_box_block.mlu) at the
// shape of its test case: x [3, 35, 16, 16] uniform in [0, 10] (5 anchors,
// 2 classes), image sizes in [100, 1000], anchors in [1, 10], downsample 8,
// conf_thresh 0.1, clip; and the same shape with IoU-aware channels
// ([3, 40, 16, 16], factor 0.5), x in [-10, 10] so that some cells fall
// below the threshold, scale 1.2, no clip. The host zero-fills boxes and
// scores first. mlu-ops' thresholds diff1 <= 3e-3, diff2 <= 3e-3.
#include "kernels/yolo_box/yolo_box.h"

#include <algorithm>

#include "harness.h"
#include "mluops_policy.h"
#include "yolo_box_reference.h"

namespace xbang_conformance {
namespace {

constexpr double kThreshold = 3e-3;

void run_yolo_box(const conformance_reference::YoloBoxParams& params,
                  float x_lo, float x_hi) {
  const int n = 3, h = 16, w = 16, an_num = 5;
  const int c =
      an_num * (5 + params.class_num) + (params.iou_aware ? an_num : 0);
  const std::vector<float> x =
      random_values<float>(size_t(n) * c * h * w, x_lo, x_hi, 23);
  const std::vector<int32_t> img_size =
      random_values<int32_t>(size_t(n) * 2, 100, 1000, 24);
  const std::vector<int32_t> anchors =
      random_values<int32_t>(size_t(an_num) * 2, 1, 10, 25);
  const conformance_reference::YoloBoxes want =
      conformance_reference::YoloBox(x, img_size, anchors, n, h, w, params);
  // policyFunc: a Block task of one core per feature cell, at most the
  // device's cores.
  const DeviceCapacity capacity = device_capacity();
  const cnrtDim3_t dim = {uint32_t(std::min(capacity.cores(), h * w)), 1, 1};
  in_both_checked_modes("yolo_box", [&] {
    Queue queue;
    DeviceBuffer x_dev(x), img_size_dev(img_size), anchors_dev(anchors);
    DeviceBuffer boxes_dev(std::vector<float>(want.boxes.size(), 0.0f));
    DeviceBuffer scores_dev(std::vector<float>(want.scores.size(), 0.0f));
    ASSERT_EQ(KernelYoloBox(
                  dim, cnrtFuncTypeBlock, queue.get(), x_dev.get(),
                  img_size_dev.get(), anchors_dev.get(), params.class_num,
                  params.conf_thresh, params.downsample_ratio, params.clip_bbox,
                  params.scale, params.iou_aware, params.iou_aware_factor, n,
                  an_num, c, h, w, boxes_dev.get(), scores_dev.get()),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics boxes =
        measure("boxes", boxes_dev.to_host<float>(), want.boxes);
    EXPECT_TRUE(boxes.within(kThreshold, kThreshold)) << boxes.text();
    const Metrics scores =
        measure("scores", scores_dev.to_host<float>(), want.scores);
    EXPECT_TRUE(scores.within(kThreshold, kThreshold)) << scores.text();
  });
}

TEST(YoloBoxRun, Case0) {
  run_yolo_box({/*class_num=*/2, /*conf_thresh=*/0.1f, /*downsample_ratio=*/8,
                /*clip_bbox=*/true, /*scale=*/1.0f, /*iou_aware=*/false,
                /*iou_aware_factor=*/0.5f},
               0, 10);
}

TEST(YoloBoxRun, IouAwareUnclipped) {
  run_yolo_box({/*class_num=*/2, /*conf_thresh=*/0.1f, /*downsample_ratio=*/8,
                /*clip_bbox=*/false, /*scale=*/1.2f, /*iou_aware=*/true,
                /*iou_aware_factor=*/0.5f},
               -10, 10);
}

}  // namespace
}  // namespace xbang_conformance
