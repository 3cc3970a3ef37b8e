// Checked mode takes a block-scope __nram__ variable of a function template
// compiled as plain C++ (block_scope_table.h) as this core's NRAM, with the
// variable's own bounds, while a thread_local that is no block-scope static
// and a host stack array stay outside NRAM.
#include <string>
#include <vector>

#include "block_scope_table.h"
#include "harness.h"

namespace bang_test {
namespace {

constexpr int kCores = 4;
constexpr int kLookups = 8;

// Per core: index k = (i * 9 + taskId) % 70, past the table's end too.
uint32_t lookup_index(int task, int i) { return uint32_t((i * 9 + task) % 70); }

// The NRAM buffers of one lookup of entry 0: dst, then its index.
struct OneLookup {
  int32_t* dst;
  uint32_t* index;
};
OneLookup one_lookup_of_entry_zero() {
  int32_t* dst = reinterpret_cast<int32_t*>(nram_arena());
  uint32_t* index = reinterpret_cast<uint32_t*>(dst + 64);
  index[0] = 0;
  return {dst, index};
}

TEST(BangBlockScopeOnchip, HeaderTemplateTableIsThisCoresNram) {
  xbang::checked::clear_reports();
  std::vector<int32_t> got(kCores * kLookups, -1);
  const cnrtRet_t ret = launch_checked(
      {kCores, 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        if (__is_mpu()) return;
        int32_t* dst = reinterpret_cast<int32_t*>(nram_arena());
        uint32_t* index = reinterpret_cast<uint32_t*>(dst + 64);
        for (int i = 0; i < kLookups; ++i) {
          index[i] = lookup_index(taskId, i);
        }
        look_up_block_scope_table<int32_t>(dst, index, kLookups,
                                           kBlockScopeTableLength,
                                           int32_t(1000 + taskId), true);
        for (int i = 0; i < kLookups; ++i) got[taskId * kLookups + i] = dst[i];
      },
      "block_scope_table");
  EXPECT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
  for (int task = 0; task < kCores; ++task) {
    for (int i = 0; i < kLookups; ++i) {
      const uint32_t k = lookup_index(task, i);
      const int32_t want = k == kBlockScopeTableLength - 1 ? 1000 + task
                           : k < uint32_t(kBlockScopeTableLength)
                               ? block_scope_table_entry(k)
                               : 0;  // past the table: lut_missing_entry
      EXPECT_EQ(got[task * kLookups + i], want)
          << "task " << task << " index " << k;
    }
  }
}

TEST(BangBlockScopeOnchip, ReadPastTheTableIsAnOverflowNamingIt) {
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        const OneLookup at = one_lookup_of_entry_zero();
        look_up_block_scope_table<int32_t>(
            at.dst, at.index, 1, kBlockScopeTableLength + 1, 0, false);
      },
      "block_scope_table_overflow");
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
  const auto reports = xbang::checked::reports();
  ASSERT_EQ(reports.size(), 1u) << reports_text();
  const std::string& message = reports[0].message;
  EXPECT_EQ(reports[0].builtin, "__bang_lut");
  EXPECT_NE(message.find("runs 4 bytes past the end"), std::string::npos)
      << message;
  EXPECT_NE(message.find("look_up_block_scope_table<int>"), std::string::npos)
      << message;
  EXPECT_NE(message.find("::table"), std::string::npos) << message;
  EXPECT_NE(message.find("(overflow)"), std::string::npos) << message;
  xbang::checked::clear_reports();
}

// The space predicates give the table one space, NRAM.
TEST(BangBlockScopeOnchip, HeaderTemplateTableIsNramToThePredicates) {
  xbang::checked::clear_reports();
  bool is_nram = false, is_wram = true, is_dram = true;
  const cnrtRet_t ret = launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        const OneLookup at = one_lookup_of_entry_zero();
        const int32_t* table = nullptr;
        look_up_block_scope_table<int32_t>(
            at.dst, at.index, 1, kBlockScopeTableLength, 0, false, &table);
        is_nram = __is_nram(table + kBlockScopeTableLength - 1);
        is_wram = __is_wram(table);
        is_dram = __is_dram(table);
      },
      "block_scope_table_predicates");
  EXPECT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_TRUE(is_nram);
  EXPECT_FALSE(is_wram);
  EXPECT_FALSE(is_dram);
}

// No block-scope static: a namespace-scope thread_local of this program.
thread_local int32_t plain_thread_local_table[kBlockScopeTableLength];

// Looks up entry 0 of `table`, which must be reported as not in NRAM.
void look_up_outside_nram(const int32_t* table) {
  const OneLookup at = one_lookup_of_entry_zero();
  __bang_lut(at.dst, at.index, table, 1, kBlockScopeTableLength);
}

void expect_not_nram(const std::function<void()>& body, const char* kernel) {
  xbang::checked::clear_reports();
  const cnrtRet_t ret =
      launch_checked({1, 1, 1}, cnrtFuncTypeBlock, body, kernel);
  EXPECT_EQ(ret, cnrtErrorLaunchFailed) << kernel;
  const auto reports = xbang::checked::reports();
  ASSERT_EQ(reports.size(), 1u) << kernel << reports_text();
  EXPECT_NE(reports[0].message.find("is not in this core's NRAM"),
            std::string::npos)
      << reports[0].text();
  xbang::checked::clear_reports();
}

TEST(BangBlockScopeOnchip, OtherThreadLocalsAndStackArraysAreNotNram) {
  expect_not_nram([] { look_up_outside_nram(plain_thread_local_table); },
                  "plain_thread_local_table");
  expect_not_nram(
      [] {
        int32_t stack_table[kBlockScopeTableLength] = {};
        look_up_outside_nram(stack_table);
      },
      "stack_table");
}

}  // namespace
}  // namespace bang_test
