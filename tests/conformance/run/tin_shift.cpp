// mlu-ops' tin_shift kernel (kernels/tin_shift/tin_shift_union1.mlu),
// forward, at the shape of its test case: half input [3, 15, 16, 45435],
// shifts [3, 8] in [-20, 20]. A pure data movement: bit-exact (mlu-ops'
// threshold is diff3 = 0).
#include "kernels/tin_shift/tin_shift.h"

#include "harness.h"
#include "mluops_policy.h"
#include "tin_shift_reference.h"
#include "xbang/core/half.h"

namespace xbang_conformance {
namespace {

struct TinShiftLaunch {
  cnrtDim3_t dim;
  int channel_per_core = 0;
  int max_number_hw_per_core = 0;
  int max_length_per_core = 0;
};

// tin_shift's policyFunc: whole channels per core when a channel's T x HW
// fits in NRAM; otherwise as many HW rows as fit (or, when not even one row
// fits, as many elements), one task per (batch, channel, row block).
TinShiftLaunch tin_shift_launch(int batch, int time, int channels, int hw,
                                size_t dtype_bytes) {
  const DeviceCapacity capacity = device_capacity();
  const int64_t nram = device_capacity().handle_nram_size();
  TinShiftLaunch launch;
  launch.channel_per_core = int(nram / (int64_t(time) * hw * dtype_bytes));
  int64_t tasks = 0;
  if (launch.channel_per_core == 0) {
    launch.max_number_hw_per_core = int(nram / (int64_t(hw) * dtype_bytes));
    if (launch.max_number_hw_per_core <= 0) {
      launch.max_length_per_core = int(nram / int64_t(dtype_bytes));
    }
    const int rows = std::max(launch.max_number_hw_per_core, 1);
    const int64_t loops = (time + rows - 1) / rows;
    tasks =
        std::min<int64_t>(int64_t(batch) * channels * loops, capacity.cores());
  } else {
    tasks = std::min<int64_t>(int64_t(batch) * channels, capacity.cores());
  }
  launch.dim.x = uint32_t(capacity.cores_per_cluster);
  launch.dim.y =
      uint32_t(std::max<int64_t>(tasks / capacity.cores_per_cluster, 1));
  launch.dim.z = 1;
  return launch;
}

TEST(TinShiftRun, ForwardHalfCase0) {
  const int batch = 3, time = 15, channels = 16, hw = 45435, groups = 8;
  const std::vector<half> input =
      random_values<half>(size_t(batch) * time * channels * hw, -10, 10, 25);
  const std::vector<int> shifts =
      random_values<int>(size_t(batch) * groups, -20, 20, 0);
  const std::vector<half> want = conformance_reference::TinShiftForward(
      input, shifts, batch, time, channels, hw, groups);
  const TinShiftLaunch launch =
      tin_shift_launch(batch, time, channels, hw, sizeof(half));
  in_both_checked_modes("tin_shift", [&] {
    Queue queue;
    DeviceBuffer input_dev(input);
    DeviceBuffer shifts_dev(shifts);
    DeviceBuffer output_dev(input.size() * sizeof(half));
    ASSERT_EQ(
        KernelTinShift(launch.dim, cnrtFuncTypeUnion1, queue.get(),
                       MLUOP_DTYPE_HALF, input_dev.get(), shifts_dev.get(),
                       batch, time, channels, hw, groups, channels / groups,
                       launch.channel_per_core, launch.max_number_hw_per_core,
                       launch.max_length_per_core, output_dev.get()),
        MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    EXPECT_EQ(bit_mismatches(output_dev.to_host<half>(), want), 0u);
  });
}

}  // namespace
}  // namespace xbang_conformance
