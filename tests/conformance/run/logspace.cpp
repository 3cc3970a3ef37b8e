// mlu-ops' logspace kernel (kernels/logspace/logspace_block.mlu) at its
// test case: float, start 1, end 3, 128 steps, base 10, within mlu-ops'
// thresholds diff1 <= 1e-5, diff2 <= 1e-5.
#include "kernels/logspace/logspace.h"

#include "harness.h"
#include "logspace_reference.h"
#include "mluops_policy.h"

namespace xbang_conformance {
namespace {

// LogspacePolicyFunc: a Block task of min(steps, cores) cores, where its
// core count is the cores of a union times the cores of a cluster.
cnrtDim3_t logspace_dim(int64_t steps) {
  const DeviceCapacity capacity = device_capacity();
  const int64_t core_max =
      int64_t(capacity.cores_per_cluster) * capacity.cores_per_cluster;
  cnrtDim3_t dim;
  dim.x = uint32_t(core_max > steps ? steps : core_max);
  dim.y = 1;
  dim.z = 1;
  return dim;
}

void run_logspace(float start, float end, int64_t steps, float base) {
  const std::vector<float> want =
      conformance_reference::Logspace(start, end, steps, base);
  in_both_checked_modes("logspace", [&] {
    Queue queue;
    DeviceBuffer out_dev(size_t(steps) * sizeof(float));
    ASSERT_EQ(KernelLogspace(logspace_dim(steps), cnrtFuncTypeBlock,
                             queue.get(), MLUOP_DTYPE_FLOAT, start, end, steps,
                             base, out_dev.get()),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("logspace", out_dev.to_host<float>(), want);
    EXPECT_TRUE(m.within(1e-5, 1e-5)) << m.text();
  });
}

TEST(LogspaceRun, FloatBase10Steps128) { run_logspace(1, 3, 128, 10); }

}  // namespace
}  // namespace xbang_conformance
