// mlu-ops' points_in_boxes kernel (kernels/points_in_boxes/
// points_in_boxes_block_kernel.mlu) at the shapes of its test cases: points
// [1, 100, 3] with boxes [1, 20, 7], and [7, 100, 3] with [7, 20, 7], every
// value uniform in [0, 100] (box headings included). mlu-ops' threshold is
// diff3 = 0: the indices must match exactly.
#include "kernels/points_in_boxes/points_in_boxes.h"

#include <algorithm>

#include "harness.h"
#include "mluops_policy.h"
#include "points_in_boxes_reference.h"

namespace xbang_conformance {
namespace {

void run_points_in_boxes(int batch, int points_num, int boxes_num) {
  std::vector<float> points =
      random_values<float>(size_t(batch) * points_num * 3, 0, 100, 23);
  std::vector<float> boxes =
      random_values<float>(size_t(batch) * boxes_num * 7, 0, 100, 24);
  const std::vector<int32_t> want = conformance_reference::PointsInBoxes(
      points, boxes, batch, points_num, boxes_num);
  // isPointsInBoxes: a Block task of one core per point, in whole clusters,
  // at most the device; each core takes as many points as fit in NRAM
  // beside the boxes, nine floats per point.
  const DeviceCapacity capacity = device_capacity();
  const uint32_t clusters =
      std::min<uint32_t>((points_num + capacity.cores_per_cluster - 1) /
                             capacity.cores_per_cluster,
                         capacity.clusters);
  const cnrtDim3_t dim = {1, clusters * capacity.cores_per_cluster, 1};
  const uint32_t boxes_bytes = boxes_num * 7 * sizeof(float);
  const uint32_t points_deal_num =
      uint32_t((device_capacity().handle_nram_size() - boxes_bytes) /
               (9 * sizeof(float)));
  in_both_checked_modes("points_in_boxes", [&] {
    Queue queue;
    DeviceBuffer points_dev(points), boxes_dev(boxes);
    DeviceBuffer idx_dev(want.size() * sizeof(int32_t));
    ASSERT_EQ(
        KernelPointsInBoxes(
            dim, cnrtFuncTypeBlock, queue.get(), batch, points_num, boxes_num,
            static_cast<float*>(points_dev.get()),
            static_cast<float*>(boxes_dev.get()),
            static_cast<int*>(idx_dev.get()), points_num * 3, boxes_num * 7,
            points_num, points_deal_num, points_deal_num * 3, points_deal_num),
        MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    EXPECT_EQ(bit_mismatches(idx_dev.to_host<int32_t>(), want), 0u);
  });
  const size_t inside =
      std::count_if(want.begin(), want.end(), [](int32_t i) { return i >= 0; });
  std::printf("[ data     ] %zu of %zu points inside a box\n", inside,
              want.size());
}

TEST(PointsInBoxesRun, Case0) { run_points_in_boxes(1, 100, 20); }

TEST(PointsInBoxesRun, Case1) { run_points_in_boxes(7, 100, 20); }

}  // namespace
}  // namespace xbang_conformance
