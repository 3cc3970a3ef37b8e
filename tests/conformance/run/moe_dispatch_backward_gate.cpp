// mlu-ops' moe_dispatch_backward_gate kernels (kernels/moe_dispatch/
// moe_dispatch_backward_gate/moe_dispatch_backward_gate_union1.mlu): at the
// shape of its test case, 35 samples of hidden 512012, one expert of
// capacity 35, more samples than cores (KernelMoeDispatchBwdGate2, a row
// per core); and 12 samples of hidden 100000 over two experts, fewer samples
// than cores (KernelMoeDispatchBwdGate1, rows split across the cores, partial
// sums through the workspace). Data uniform in [1, 100]; indices and
// locations run one past their range, so that some samples are skipped.
// mlu-ops' thresholds diff1 <= 3e-3, diff2 <= 3e-3.
#include "kernels/moe_dispatch/moe_dispatch_backward_gate/moe_dispatch_backward_gate.h"

#include "harness.h"
#include "mluops_policy.h"
#include "moe_dispatch_backward_gate_reference.h"

namespace xbang_conformance {
namespace {

constexpr double kThreshold = 3e-3;

void run_backward_gate(int samples, int capacity, int hidden, int experts) {
  const std::vector<int32_t> indices =
      random_values<int32_t>(samples, 0, experts, 23);
  const std::vector<int32_t> locations =
      random_values<int32_t>(samples, 0, capacity, 24);
  const std::vector<float> input =
      random_values<float>(size_t(samples) * hidden, 1, 100, 25);
  const std::vector<float> dispatch =
      random_values<float>(size_t(experts) * capacity * hidden, 1, 100, 26);
  const std::vector<float> want =
      conformance_reference::MoeDispatchBackwardGate(indices, locations, input,
                                                     dispatch, samples,
                                                     capacity, hidden, experts);
  // policyFunc: every core of the job limit in dim.x; Union1 when there are
  // more samples than cores, else the job limit's own union type.
  const DeviceCapacity device = device_capacity();
  const uint32_t job_cores = uint32_t(device.job_limit_cores());
  const cnrtDim3_t dim = {job_cores, 1, 1};
  const bool row_per_core = uint32_t(samples) > job_cores;
  in_both_checked_modes("moe_dispatch_backward_gate", [&] {
    Queue queue;
    DeviceBuffer indices_dev(indices), locations_dev(locations),
        input_dev(input), dispatch_dev(dispatch);
    DeviceBuffer grad_dev(want.size() * sizeof(float));
    // The workspace mluOpGetMoeDispatchBackwardGateWorkspaceSize asks for
    // when the rows are split: one value per core.
    DeviceBuffer workspace(row_per_core ? 0 : job_cores * sizeof(float));
    if (row_per_core) {
      ASSERT_EQ(KernelMoeDispatchBwdGate2(dim, cnrtFuncTypeUnion1, queue.get(),
                                          MLUOP_DTYPE_FLOAT, indices_dev.get(),
                                          locations_dev.get(), input_dev.get(),
                                          dispatch_dev.get(), samples, capacity,
                                          hidden, experts, grad_dev.get()),
                MLUOP_STATUS_SUCCESS);
    } else {
      ASSERT_EQ(KernelMoeDispatchBwdGate1(
                    dim, device.job_limit_type(), queue.get(),
                    MLUOP_DTYPE_FLOAT, indices_dev.get(), locations_dev.get(),
                    input_dev.get(), dispatch_dev.get(), samples, capacity,
                    hidden, experts, workspace.get(), grad_dev.get()),
                MLUOP_STATUS_SUCCESS);
    }
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("grad_gates", grad_dev.to_host<float>(), want);
    EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
  });
}

TEST(MoeDispatchBackwardGateRun, Case0RowPerCore) {
  run_backward_gate(35, 35, 512012, 1);
}

TEST(MoeDispatchBackwardGateRun, FewSamplesSplitAcrossCores) {
  run_backward_gate(12, 8, 100000, 2);
}

}  // namespace
}  // namespace xbang_conformance
