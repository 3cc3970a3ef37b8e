// mlu-ops' lgamma kernel (kernels/lgamma/lgamma_block.mlu) at the shape of
// its test case: float [1024, 2] uniform in [-100, 100], within mlu-ops'
// thresholds diff1 <= 3e-3, diff2 <= 3e-3.
#include "kernels/lgamma/lgamma.h"

#include <limits>
#include <string>

#include "elementwise_policy.h"
#include "harness.h"
#include "lgamma_reference.h"

namespace xbang_conformance {
namespace {

// Kernel3StagePipelineLgamma on float x as mluOpLgamma launches it
// (unaryOpPolicyFunc), within mlu-ops' thresholds.
void run_lgamma(const std::string& name, const std::vector<float>& x) {
  const std::vector<float> want = conformance_reference::Lgamma(x);
  const size_t bytes = x.size() * sizeof(float);
  in_both_checked_modes(name, [&] {
    Queue queue;
    DeviceBuffer x_dev(x);
    DeviceBuffer y_dev(bytes);
    ASSERT_EQ(Kernel3StagePipelineLgamma(unary_union_policy(bytes).dims,
                                         cnrtFuncTypeUnion1, queue.get(),
                                         MLUOP_DTYPE_FLOAT, x_dev.get(),
                                         y_dev.get(), x.size()),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure(name, y_dev.to_host<float>(), want);
    EXPECT_TRUE(m.within(3e-3, 3e-3)) << m.text();
  });
}

TEST(LgammaRun, FloatCase0) {
  run_lgamma("lgamma", random_values<float>(1024 * 2, -100, 100, 23));
}

// Infinities and NaN among ordinary values: the kernel writes +inf for an
// infinite input as the bit pattern (int)0x7f800000 into a float buffer
// (__bang_write_value), NaN propagates.
TEST(LgammaRun, FloatInfinitiesAndNan) {
  std::vector<float> x = random_values<float>(1000, -50, 50, 24);
  const float specials[] = {std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN(),
                            1.0f,
                            2.0f,
                            0.5f};
  for (size_t i = 0; i < x.size(); i += 7) x[i] = specials[(i / 7) % 6];
  run_lgamma("lgamma specials", x);
}

}  // namespace
}  // namespace xbang_conformance
