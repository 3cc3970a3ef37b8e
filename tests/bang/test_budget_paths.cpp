// Checked mode's per-file NRAM budget: two files named onchip_kernel.cpp in
// different folders each declare more than half the profile's NRAM. Each is
// within its budget; counted together by their shared name they would not be.
#include "harness.h"

cnrtRet_t launch_budget_a(cnrtQueue_t queue);
cnrtRet_t launch_budget_b(cnrtQueue_t queue);

namespace bang_test {
namespace {

TEST(BangCheckedBudget, FilesWithTheSameNameHaveTheirOwnBudget) {
  xbang::checked::clear_reports();
  EXPECT_EQ(launch_budget_a(test_queue()), cnrtSuccess) << reports_text();
  EXPECT_EQ(launch_budget_b(test_queue()), cnrtSuccess) << reports_text();
  EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
}

}  // namespace
}  // namespace bang_test
