// mlu-ops v1.0.0's sqrt backward kernel (kernels/sqrt/sqrt_block.mlu: dx =
// 0.5 * dy / y) run unchanged through Kernel3StagePipelineSqrtBackward,
// launched as its mluOpSqrtBackward launches it (Union1, blocks of the
// handle's NRAM size), within the operator's thresholds (diff1 and diff2 <=
// 0.003).
#include <bang.h>

#include <string>
#include <vector>

#include "elementwise_policy.h"
#include "kernels/sqrt/sqrt.h"

namespace {

using namespace xbang_conformance;

template <class T>
void check_sqrt_backward(const std::string& name, mluOpDataType_t dtype,
                         size_t n) {
  const auto y = random_values<T>(n, 0.1, 10, 9);
  const auto dy = random_values<T>(n, -10, 10, 10);
  std::vector<float> want(n);
  for (size_t i = 0; i < n; ++i) want[i] = 0.5f * float(dy[i]) / float(y[i]);
  const ElementwiseLaunch launch = binary_union_policy(
      n * sizeof(T), uint64_t(device_capacity().handle_nram_size()));
  in_both_checked_modes(name, [&] {
    Queue queue;
    DeviceBuffer y_dev(y), dy_dev(dy), dx(n * sizeof(T));
    ASSERT_EQ(Kernel3StagePipelineSqrtBackward(launch.dims, launch.type,
                                               queue.get(), dtype, y_dev.get(),
                                               dy_dev.get(), dx.get(), int(n)),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("sqrt backward " + name, dx.to_host<T>(), want,
                              sizeof(T) == 2 ? 1e-4 : 1e-6);
    EXPECT_TRUE(m.within(0.003, 0.003)) << m.text();
  });
}

// mlu-ops' sqrt_backward case_0: [5000] float, y in [0.1, 10], dy in
// [-10, 10].
TEST(SqrtBackward, FloatCase0) {
  check_sqrt_backward<float>("float case_0", MLUOP_DTYPE_FLOAT, 5000);
}

// Several clusters, no multiple of the vector length.
TEST(SqrtBackward, HalfOddSize) {
  check_sqrt_backward<half>("half odd", MLUOP_DTYPE_HALF, 1000003);
}

}  // namespace
