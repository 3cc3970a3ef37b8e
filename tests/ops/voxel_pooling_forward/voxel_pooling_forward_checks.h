// Comparison of a run with the reference, shared by the test executables.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "metrics.h"
#include "voxel_pooling_forward_runner.h"
#include "xbang/runtime/checked.h"

namespace voxel_pooling_test {

// docs/ops/voxel_pooling_forward.md (accuracy): diff1 <= 3e-3 and diff2 <= 3e-3
// (atomic adds in any order).
inline constexpr double kDiffThreshold = 3e-3;

// pos_memo exactly; output_features by the design's criterion.
inline void expect_matches_reference(const VoxelPoolingProblem &p,
                                     const VoxelPoolingResult &got) {
  const VoxelPoolingResult want = run_reference(p);
  ASSERT_EQ(got.pos_memo.size(), want.pos_memo.size());
  size_t pos_mismatches = 0;
  size_t first_mismatch = 0;
  for (size_t i = 0; i < want.pos_memo.size(); ++i) {
    if (got.pos_memo[i] != want.pos_memo[i] && pos_mismatches++ == 0) {
      first_mismatch = i;
    }
  }
  EXPECT_EQ(pos_mismatches, 0u)
      << "first at point " << first_mismatch / 3 << " slot "
      << first_mismatch % 3 << ": got " << got.pos_memo[first_mismatch]
      << ", want " << want.pos_memo[first_mismatch];
  ASSERT_EQ(got.output_features.size(), want.output_features.size());
  const xbang_test::Metrics m = xbang_test::compute_metrics(
      got.output_features.data(), want.output_features.data(),
      want.output_features.size());
  EXPECT_TRUE(m.within(kDiffThreshold, kDiffThreshold)) << m.text();
}

// Checked mode must have nothing to say about a run on good input.
inline void expect_no_checked_reports() {
  const auto reports = xbang::checked::reports();
  std::string text;
  for (const auto &r : reports) text += r.text() + "\n";
  EXPECT_TRUE(reports.empty()) << text;
}

}  // namespace voxel_pooling_test
