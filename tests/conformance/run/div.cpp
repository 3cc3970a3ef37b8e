// mlu-ops v1.0.0's div kernels (kernels/div/div_block.mlu; main's compute
// only for __BANG_ARCH__ >= 592) run unchanged through
// Kernel3StagePipelineDiv, launched as its mluOpDiv launches them (Union1,
// 3 KB blocks in whole clusters), in both computation preferences, within
// the operator's thresholds (diff1 and diff2 <= 0.003).
#include "kernels/div/div.h"

#include <bang.h>

#include <string>
#include <vector>

#include "elementwise_policy.h"

namespace {

using namespace xbang_conformance;

template <class T>
void check_div_prefer(const std::string& name, mluOpDataType_t dtype,
                      mluOpComputationPreference_t prefer,
                      const std::vector<T>& x, const std::vector<T>& y) {
  const size_t n = x.size();
  std::vector<float> want(n);
  for (size_t i = 0; i < n; ++i) want[i] = float(x[i]) / float(y[i]);
  const ElementwiseLaunch launch = binary_union_policy(n * sizeof(T), 3 * 1024);
  const std::string what =
      name + (prefer == MLUOP_COMPUTATION_FAST ? " fast" : " high precision");
  in_both_checked_modes(what, [&] {
    Queue queue;
    DeviceBuffer x_dev(x), y_dev(y), z(n * sizeof(T));
    ASSERT_EQ(Kernel3StagePipelineDiv(launch.dims, launch.type, queue.get(),
                                      dtype, prefer, x_dev.get(), y_dev.get(),
                                      z.get(), int(n)),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("div " + what, z.to_host<T>(), want,
                              sizeof(T) == 2 ? 1e-4 : 1e-6);
    EXPECT_TRUE(m.within(0.003, 0.003)) << m.text();
  });
}

template <class T>
void check_div(const std::string& name, mluOpDataType_t dtype,
               const std::vector<T>& x, const std::vector<T>& y) {
  for (auto prefer :
       {MLUOP_COMPUTATION_HIGH_PRECISION, MLUOP_COMPUTATION_FAST}) {
    check_div_prefer(name, dtype, prefer, x, y);
  }
}

// mlu-ops' case_0: [128, 7, 7, 512] float, x = 1, y in [0.1, 10].
TEST(Div, FloatCase0) {
  constexpr size_t kN = 128 * 7 * 7 * 512;
  check_div<float>("float case_0", MLUOP_DTYPE_FLOAT,
                   std::vector<float>(kN, 1.f),
                   random_values<float>(kN, 0.1, 10, 11));
}

TEST(Div, HalfOddSize) {
  constexpr size_t kN = 100003;
  check_div<half>("half odd", MLUOP_DTYPE_HALF,
                  random_values<half>(kN, -10, 10, 12),
                  random_values<half>(kN, 0.1, 10, 13));
}

}  // namespace
