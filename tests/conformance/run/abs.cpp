// mlu-ops' abs kernels (kernels/abs/abs_block.mlu) run unchanged through
// Kernel3StagePipelineAbs, launched as mluOpAbs launches them (Block tasks
// of 4096 bytes): float and half are exact; complex float (the modulus) is
// held to the operator's thresholds (diff1 and diff2 <= 0.003).
#include "kernels/abs/abs.h"

#include <bang.h>

#include <cmath>
#include <complex>
#include <vector>

#include "elementwise_policy.h"

namespace {

using namespace xbang_conformance;

template <class T>
void check_abs(const char* name, mluOpDataType_t dtype, size_t n,
               uint32_t seed) {
  const auto x = random_values<T>(n, -100, 100, seed);
  std::vector<T> want(n);
  for (size_t i = 0; i < n; ++i) want[i] = T(std::fabs(float(x[i])));
  const ElementwiseLaunch launch = unary_block_policy(n * sizeof(T));
  in_both_checked_modes(name, [&] {
    Queue queue;
    DeviceBuffer x_dev(x), y(n * sizeof(T));
    ASSERT_EQ(Kernel3StagePipelineAbs(launch.dims, launch.type, queue.get(),
                                      dtype, x_dev.get(), y.get(), n),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    EXPECT_EQ(bit_mismatches(y.to_host<T>(), want), 0u);
  });
}

// mlu-ops' case_0: [10, 10, 10, 10] uniform in [-100, 100].
TEST(Abs, FloatCase0IsExact) {
  check_abs<float>("float case_0", MLUOP_DTYPE_FLOAT, 10000, 1);
}

// Enough for every core, and no multiple of the vector length.
TEST(Abs, HalfOddSizeIsExact) {
  check_abs<half>("half odd", MLUOP_DTYPE_HALF, 1000003, 2);
}

TEST(Abs, ComplexFloatModulus) {
  constexpr size_t kN = 100003;
  const auto x = random_values<float>(2 * kN, -100, 100, 3);
  std::vector<float> want(kN);
  for (size_t i = 0; i < kN; ++i) {
    want[i] = float(std::hypot(double(x[2 * i]), double(x[2 * i + 1])));
  }
  const ElementwiseLaunch launch = unary_block_policy(kN * 8);
  in_both_checked_modes("complex", [&] {
    Queue queue;
    DeviceBuffer x_dev(x), y(kN * sizeof(float));
    ASSERT_EQ(Kernel3StagePipelineAbs(launch.dims, launch.type, queue.get(),
                                      MLUOP_DTYPE_COMPLEX_FLOAT, x_dev.get(),
                                      y.get(), kN),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("abs complex", y.to_host<float>(), want);
    EXPECT_TRUE(m.within(0.003, 0.003)) << m.text();
  });
}

}  // namespace
