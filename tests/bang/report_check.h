// Checked-mode expectations shared by the built-in family tests: a body run
// on one core must make the launch fail with reports that all name the
// built-in (and, when given, mention a word such as the operand).
#pragma once

#include <functional>
#include <string>

#include "harness.h"

namespace bang_test {

inline void expect_report(const char* builtin,
                          const std::function<void(int8_t* nram)>& body,
                          const char* mentions = nullptr) {
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock, [&] { body(nram_arena()); },
      "bad_operand_kernel");
  EXPECT_EQ(ret, cnrtErrorLaunchFailed) << builtin;
  const auto reports = xbang::checked::reports();
  ASSERT_FALSE(reports.empty()) << builtin << ": nothing reported";
  for (const auto& r : reports) {
    EXPECT_EQ(r.builtin, builtin) << r.text();
    if (mentions != nullptr) {
      EXPECT_NE(r.message.find(mentions), std::string::npos) << r.text();
    }
  }
  xbang::checked::clear_reports();
}

}  // namespace bang_test
