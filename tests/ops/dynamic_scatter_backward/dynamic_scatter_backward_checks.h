// Comparison of a run with the reference, shared by the test executables.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "dynamic_scatter_backward_runner.h"
#include "metrics.h"
#include "xbang/runtime/checked.h"

namespace dsb_test {

// docs/ops/dynamic_scatter_backward.md (accuracy): diff3 = 0 (bit-exact) for
// max. Sum copies and mean divides exactly as the reference does, so they are
// held to the same standard.
inline void expect_matches_reference(const Case& c, mluOpReduceMode_t mode,
                                     const std::vector<float>& got) {
  const std::vector<float> want = reference_grad_feats(c, mode);
  ASSERT_EQ(got.size(), want.size());
  const xbang_test::Metrics m =
      xbang_test::compute_metrics(got.data(), want.data(), want.size());
  EXPECT_TRUE(m.bit_exact()) << mode_name(mode) << ": " << m.text();
  size_t mismatches = 0, first = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    const bool same =
        got[i] == want[i] || (std::isnan(got[i]) && std::isnan(want[i]));
    if (!same && mismatches++ == 0) first = i;
  }
  const size_t C = c.num_channels > 0 ? size_t(c.num_channels) : 1;
  EXPECT_EQ(mismatches, 0u)
      << mode_name(mode) << ": first at point " << first / C << " channel "
      << first % C << ": got " << (mismatches ? got[first] : 0.0f) << ", want "
      << (mismatches ? want[first] : 0.0f);
}

// Checked mode must have nothing to say about a run on good input.
inline void expect_no_checked_reports() {
  const auto reports = xbang::checked::reports();
  std::string text;
  for (const auto& r : reports) text += r.text() + "\n";
  EXPECT_TRUE(reports.empty()) << text;
}

}  // namespace dsb_test
