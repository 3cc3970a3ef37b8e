// mlu-ops' log kernels (kernels/log/log_union1.mlu) run unchanged through
// Kernel3StagePipelineLog, launched as mluOpLog launches them (Union1, one
// cluster per four 128-byte blocks): log2 times the base's factor
// (ln 2 for e, log10 2 for 10) against the C library's log, within the
// operator's thresholds (0.003; mlu-ops' half case: 0.02 and 0.1).
#include "kernels/log/log.h"

#include <bang.h>

#include <cmath>
#include <string>
#include <vector>

#include "elementwise_policy.h"

namespace {

using namespace xbang_conformance;

template <class T>
void check_log(const std::string& name, mluOpDataType_t dtype, size_t n,
               double lo, double hi, bool base10, double diff1, double diff2) {
  const auto x = random_values<T>(n, lo, hi, 7);
  std::vector<float> want(n);
  for (size_t i = 0; i < n; ++i) {
    const double v = double(float(x[i]));
    want[i] = float(base10 ? std::log10(v) : std::log(v));
  }
  const float coef = float(base10 ? std::log10(2.0) : std::log(2.0));
  const ElementwiseLaunch launch = unary_union_policy(n * sizeof(T));
  in_both_checked_modes(name, [&] {
    Queue queue;
    DeviceBuffer x_dev(x), y(n * sizeof(T));
    ASSERT_EQ(Kernel3StagePipelineLog(launch.dims, launch.type, queue.get(),
                                      dtype, MLUOP_COMPUTATION_HIGH_PRECISION,
                                      x_dev.get(), y.get(), n, coef),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m = measure("log " + name, y.to_host<T>(), want,
                              sizeof(T) == 2 ? 1e-4 : 1e-6);
    EXPECT_TRUE(m.within(diff1, diff2)) << m.text();
  });
}

// Natural log of x in [0.01, 10] (mluOpLog's generated range is [0, 10]),
// an odd size.
TEST(Log, FloatBaseE) {
  check_log<float>("float e", MLUOP_DTYPE_FLOAT, 100003, 0.01, 10, false, 0.003,
                   0.003);
}

// mlu-ops' log_10_fp16_1: [13, 19, 19, 5, 9, 13, 3, 1] half in
// [2e-5, 1e-3], base 10, thresholds 0.02 and 0.1.
TEST(Log, HalfBase10Case) {
  check_log<half>("half 10", MLUOP_DTYPE_HALF, 13 * 19 * 19 * 5 * 9 * 13 * 3,
                  2e-5, 1e-3, true, 0.02, 0.1);
}

}  // namespace
