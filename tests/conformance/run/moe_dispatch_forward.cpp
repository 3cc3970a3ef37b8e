// mlu-ops' moe_dispatch_forward kernel (kernels/moe_dispatch/
// moe_dispatch_forward/moe_dispatch_forward_block.mlu) at the shape of its
// float test case: 18432 samples, 2 experts of capacity 11520, hidden 512.
// Each valid sample gets its own (expert, location) slot, as a router gives
// it (two samples writing one row would race on any parallel device), and
// one sample in 16 carries an out-of-range expert or location, which the
// kernel skips. Each row is gates[i] * input[i]: one rounding, bit-exact.
#include "kernels/moe_dispatch/moe_dispatch_forward/moe_dispatch_forward.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "harness.h"
#include "mluops_policy.h"
#include "moe_dispatch_forward_reference.h"

namespace xbang_conformance {
namespace {

TEST(MoeDispatchForwardRun, FloatCase1) {
  const int samples = 18432, capacity = 11520, hidden = 512, experts = 2;
  const std::vector<float> gates = random_values<float>(samples, 0, 1, 21);
  const std::vector<float> input =
      random_values<float>(size_t(samples) * hidden, -1, 1, 25);
  std::vector<float> dispatch =
      random_values<float>(size_t(experts) * capacity * hidden, -1, 1, 26);
  std::vector<int32_t> slots(size_t(experts) * capacity);
  std::iota(slots.begin(), slots.end(), 0);
  std::shuffle(slots.begin(), slots.end(), std::mt19937(23));
  std::vector<int32_t> indices(samples), locations(samples);
  for (int i = 0; i < samples; ++i) {
    indices[i] = slots[i] / capacity;
    locations[i] = slots[i] % capacity;
    switch (i % 64) {
      case 7:
        indices[i] = experts;
        break;
      case 23:
        indices[i] = -1;
        break;
      case 39:
        locations[i] = capacity;
        break;
      case 55:
        locations[i] = -1;
        break;
    }
  }
  std::vector<float> want = dispatch;
  conformance_reference::MoeDispatchForward(gates, indices, locations, input,
                                            samples, capacity, hidden, experts,
                                            want);
  // policyFunc: a Block task on every core of every cluster.
  const cnrtDim3_t dim = every_cluster_dim();
  in_both_checked_modes("moe_dispatch_forward", [&] {
    Queue queue;
    DeviceBuffer gates_dev(gates), indices_dev(indices),
        locations_dev(locations), input_dev(input), dispatch_dev(dispatch);
    ASSERT_EQ(KernelMoeDispatchForward(dim, cnrtFuncTypeBlock, queue.get(),
                                       MLUOP_DTYPE_FLOAT, gates_dev.get(),
                                       indices_dev.get(), locations_dev.get(),
                                       input_dev.get(), samples, capacity,
                                       hidden, experts, dispatch_dev.get()),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const std::vector<float> got = dispatch_dev.to_host<float>();
    measure("dispatch", got, want);
    EXPECT_EQ(bit_mismatches(got, want), 0u);
  });
}

}  // namespace
}  // namespace xbang_conformance
