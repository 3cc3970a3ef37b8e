// mlu-ops' sqrt kernels (kernels/sqrt/sqrt_union1.mlu) run unchanged
// through Kernel3StagePipelineSqrt (Block tasks of 4096 bytes, as mluOpSqrt
// launches it), within the operator's thresholds (diff1 and diff2 <=
// 0.003). The backward kernel of this tree computes only for
// __BANG_ARCH__ >= 592; sqrt_backward.cpp runs v1.0.0's.
#include "kernels/sqrt/sqrt.h"

#include <bang.h>

#include <cmath>
#include <string>
#include <vector>

#include "elementwise_policy.h"

namespace {

using namespace xbang_conformance;

template <class T>
void check_sqrt(const std::string& name, mluOpDataType_t dtype, size_t n) {
  const auto x = random_values<T>(n, 0.1, 100, 8);
  std::vector<float> want(n);
  for (size_t i = 0; i < n; ++i) want[i] = std::sqrt(float(x[i]));
  const ElementwiseLaunch launch = unary_block_policy(n * sizeof(T));
  in_both_checked_modes(name, [&] {
    Queue queue;
    DeviceBuffer x_dev(x), y(n * sizeof(T));
    ASSERT_EQ(Kernel3StagePipelineSqrt(launch.dims, launch.type, queue.get(),
                                       dtype, MLUOP_COMPUTATION_HIGH_PRECISION,
                                       x_dev.get(), y.get(), n),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("sqrt " + name, y.to_host<T>(), want,
                              sizeof(T) == 2 ? 1e-4 : 1e-6);
    EXPECT_TRUE(m.within(0.003, 0.003)) << m.text();
  });
}

// mlu-ops' case_0: [32, 1, 38, 38] float in [0.1, 100].
TEST(Sqrt, FloatCase0) {
  check_sqrt<float>("float case_0", MLUOP_DTYPE_FLOAT, 32 * 38 * 38);
}

TEST(Sqrt, HalfOddSize) {
  check_sqrt<half>("half odd", MLUOP_DTYPE_HALF, 100003);
}

}  // namespace
