// The 290 profile (docs/builtins.md): its memory sizes, and the rule
// that before arch 372 a vector operand spans a multiple of 128 bytes. This
// executable is compiled with __BANG_ARCH__=290 and links only xbang::bang,
// so no built-in compiled for another profile shares it.
#include <bang.h>
#include <gtest/gtest.h>

#include <string>

namespace {

__nram__ float nram_floats[1024];
__nram__ half nram_halves[1024];

static_assert(__BANG_ARCH__ == 290, "compiled for the 290 profile");
static_assert(__MLU_NRAM_SIZE__ == 512 && __MLU_WRAM_SIZE__ == 512 &&
                  __MLU_SRAM_SIZE__ == 2048,
              "290 memory sizes");

// Runs `body` on one core in checked mode; returns the reports it made.
template <class Body>
std::vector<xbang::checked::Report> run(Body body) {
  xbang::checked::set_enabled(true);
  xbang::checked::clear_reports();
  xbang::launch({1, 1, 1}, cnrtFuncTypeBlock, nullptr, body, "arch290");
  return xbang::checked::reports();
}

TEST(Arch290, AlignedVectorsPass) {
  const auto reports = run([] {
    __bang_write_value(nram_floats, 64, 1.0f);
    __bang_add(nram_floats + 64, nram_floats, nram_floats, 32);  // 128 bytes
    __bang_add(nram_halves, nram_halves + 64, nram_halves + 128, 64);
  });
  EXPECT_TRUE(reports.empty());
}

TEST(Arch290, UnalignedVectorIsReportedAndSkipped) {
  float before = 0;
  const auto reports = run([&] {
    __bang_write_value(nram_floats, 64, 1.0f);
    __bang_write_value(nram_floats + 64, 64, -1.0f);
    __bang_add(nram_floats + 64, nram_floats, nram_floats, 30);  // 120 bytes
    before = nram_floats[64];
  });
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].builtin, "__bang_add");
  EXPECT_NE(reports[0].message.find("not a multiple of 128 on arch 290"),
            std::string::npos)
      << reports[0].message;
  EXPECT_EQ(before, -1.0f) << "the reported operation was skipped";
}

TEST(Arch290, HalfVectorCountsInBytes) {
  // 96 halves = 192 bytes: not a multiple of 128 although 96 floats would be.
  const auto reports =
      run([] { __bang_mul(nram_halves, nram_halves, nram_halves, 96); });
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].builtin, "__bang_mul");
}

}  // namespace
