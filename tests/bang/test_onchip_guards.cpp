// Checked mode and plain C++ writes past on-chip variables: the guard zones
// xbang-mlu-rewrite declares around each __nram__ / __wram__ /
// __mlu_shared__ variable of a .mlu file catch an overrun of one element or
// of one 64-byte block even when the variable's size is a multiple of 64
// bytes (no alignment padding after it), and name the variable and kernel;
// also for a variable declared by a macro or after alignas.
#include <string>

#include "harness.h"
#include "kernels/onchip_overrun.h"

namespace bang_test {
namespace {

struct Overrun {
  const char* label;
  int target;
  const char* variable;
  int past_end;  // the variable's size in elements
  int elements;  // written from the end on
};

class OnchipGuards : public testing::TestWithParam<Overrun> {
 protected:
  void SetUp() override {
    xbang::checked::set_enabled(true);
    xbang::checked::clear_reports();
  }
  void TearDown() override { xbang::checked::clear_reports(); }
};

TEST_P(OnchipGuards, OverrunIsReportedWithVariableAndKernel) {
  const Overrun& overrun = GetParam();
  testing::internal::CaptureStderr();
  const cnrtRet_t ret = launch_onchip_overrun(
      test_queue(), overrun.target, overrun.past_end, overrun.elements,
      /*task=*/5);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(ret, cnrtErrorLaunchFailed) << log;
  const auto reports = xbang::checked::reports();
  ASSERT_FALSE(reports.empty()) << log;
  for (const auto& report : reports) {
    EXPECT_NE(report.message.find(std::string(overrun.variable) + "`"),
              std::string::npos)
        << report.text();
    EXPECT_NE(report.message.find("plain C++ overflow"), std::string::npos)
        << report.text();
    EXPECT_EQ(report.kernel, "OnchipOverrun") << report.text();
    // SRAM is the cluster's: any of its cores may see the guard written.
    if (overrun.target != kTargetSram) EXPECT_EQ(report.task_id, 5);
  }
  EXPECT_NE(log.find(overrun.variable), std::string::npos) << log;

  // The guard was cleared: the same kernel writing in range passes.
  xbang::checked::clear_reports();
  EXPECT_EQ(launch_onchip_overrun(test_queue(), overrun.target, 0,
                                  overrun.past_end, -1),
            cnrtSuccess);
  EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
}

INSTANTIATE_TEST_SUITE_P(
    Variables, OnchipGuards,
    testing::Values(
        Overrun{"NramExactOneElement", kTargetNramExact, "nram_exact", 256, 1},
        Overrun{"NramExactOneBlock", kTargetNramExact, "nram_exact", 256, 16},
        Overrun{"NramOddOneElement", kTargetNramOdd, "nram_odd", 100, 1},
        Overrun{"NramOddOneBlock", kTargetNramOdd, "nram_odd", 100, 64},
        Overrun{"WramOneElement", kTargetWram, "wram_exact", 128, 1},
        Overrun{"WramOneBlock", kTargetWram, "wram_exact", 128, 64},
        Overrun{"SramOneElement", kTargetSram, "sram_exact", 64, 1},
        Overrun{"SramOneBlock", kTargetSram, "sram_exact", 64, 16},
        Overrun{"NramFromMacro", kTargetNramMacro, "nram_macro", 64, 1},
        Overrun{"NramAligned", kTargetNramAligned, "nram_aligned", 64, 1},
        Overrun{"NramAfterConditional", kTargetNramAfterConditional,
                "nram_after_conditional", 64, 1}),
    [](const testing::TestParamInfo<Overrun>& info) {
      return std::string(info.param.label);
    });

TEST(OnchipGuardsClean, InRangeWritesReportNothing) {
  xbang::checked::set_enabled(true);
  xbang::checked::clear_reports();
  for (int target :
       {kTargetNramExact, kTargetNramOdd, kTargetWram, kTargetSram,
        kTargetNramMacro, kTargetNramAligned, kTargetNramAfterConditional}) {
    EXPECT_EQ(launch_onchip_overrun(test_queue(), target, 0, 16, -1),
              cnrtSuccess);
  }
  EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
}

}  // namespace
}  // namespace bang_test
