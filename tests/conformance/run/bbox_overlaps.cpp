// mlu-ops' bbox_overlaps kernel (kernels/bbox_overlaps/
// bbox_overlaps_union1.mlu) at the shapes of its test case (100 x 10000
// boxes, IoU, offset 0), and aligned IoF with offset 1, within mlu-ops'
// thresholds diff1 <= 3e-3, diff2 <= 3e-3. Boxes are drawn with x1 <= x2
// and y1 <= y2, so that no divisor is zero.
#include "kernels/bbox_overlaps/bbox_overlaps.h"

#include <algorithm>

#include "bbox_overlaps_reference.h"
#include "harness.h"
#include "mluops_policy.h"

namespace xbang_conformance {
namespace {

std::vector<float> random_boxes(int count, float lo, float hi, uint32_t seed) {
  std::vector<float> boxes =
      random_values<float>(size_t(count) * 4, lo, hi, seed);
  for (int i = 0; i < count; ++i) {
    float* box = &boxes[size_t(i) * 4];
    if (box[0] > box[2]) std::swap(box[0], box[2]);
    if (box[1] > box[3]) std::swap(box[1], box[3]);
  }
  return boxes;
}

void run_bbox_overlaps(int num1, int num2, int mode, bool aligned, int offset) {
  const std::vector<float> bbox1 = random_boxes(num1, 0, 100, 23);
  const std::vector<float> bbox2 = random_boxes(num2, 2, 100, 24);
  const std::vector<float> want = conformance_reference::BboxOverlaps(
      bbox1, bbox2, num1, num2, mode, aligned, offset);
  in_both_checked_modes("bbox_overlaps", [&] {
    Queue queue;
    DeviceBuffer bbox1_dev(bbox1);
    DeviceBuffer bbox2_dev(bbox2);
    DeviceBuffer ious_dev(want.size() * sizeof(float));
    // policyFunc: Union1, one task per box of bbox1.
    ASSERT_EQ(
        KernelBboxOverlaps(union1_cluster_per_cores_items(num1),
                           cnrtFuncTypeUnion1, queue.get(), MLUOP_DTYPE_FLOAT,
                           bbox1_dev.get(), bbox2_dev.get(), ious_dev.get(),
                           num1, num2, mode, aligned, offset),
        MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("ious", ious_dev.to_host<float>(), want);
    EXPECT_TRUE(m.within(3e-3, 3e-3)) << m.text();
  });
}

TEST(BboxOverlapsRun, IouCase0) { run_bbox_overlaps(100, 10000, 0, false, 0); }

TEST(BboxOverlapsRun, AlignedIofOffset1) {
  run_bbox_overlaps(10000, 10000, 1, true, 1);
}

}  // namespace
}  // namespace xbang_conformance
