// Shared by the tests of the math built-in families: a checked-mode
// expectation (the launch fails, every report names the built-in) and edge
// values for floating inputs.
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "elementwise_check.h"

namespace bang_test {

// Runs `bad` in a one-task launch; expects the launch to fail with reports
// that all name `builtin`.
inline void expect_reported_by(const char* builtin,
                               const std::function<void()>& bad) {
  xbang::checked::clear_reports();
  const cnrtRet_t ret =
      launch_checked({1, 1, 1}, cnrtFuncTypeBlock, bad, builtin);
  EXPECT_EQ(ret, cnrtErrorLaunchFailed) << builtin;
  const auto reports = xbang::checked::reports();
  EXPECT_FALSE(reports.empty()) << builtin << ": nothing reported";
  for (const auto& r : reports) EXPECT_EQ(r.builtin, builtin) << r.text();
  xbang::checked::clear_reports();
}

inline float* arena_floats(int offset = 0) {
  return reinterpret_cast<float*>(nram_arena()) + offset;
}
inline int arena_float_count() { return int(kArenaBytes / sizeof(float)); }

// Random values in [lo, hi) with NaN, +-Inf, +-0 and (float) denormals mixed
// in.
template <class T>
std::function<std::vector<T>(int, uint32_t)> gen_edges(double lo, double hi) {
  return [=](int n, uint32_t seed) {
    auto v = random_values<T>(n, seed, lo, hi, true);
    for (int i = 5; i < n; i += 37) {
      v[i] = Elem<T>::make(std::numeric_limits<float>::denorm_min() * 3);
    }
    return v;
  };
}

}  // namespace bang_test
