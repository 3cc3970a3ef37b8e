// Helpers of the table-driven host-check tests: each table row is one rule
// of an operator's xxxParamCheck (a description, how the arguments are
// broken, the status and the log line it must give).
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "common/host.h"

namespace xbang_test {

// A GoogleTest name for a row: its `name` with every character that is not
// a letter or a digit turned into '_'.
struct RuleTestName {
  template <class Rule>
  std::string operator()(const ::testing::TestParamInfo<Rule>& info) const {
    std::string name = info.param.name;
    for (char& ch : name) {
      if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    }
    return name;
  }
};

// The last logged line comes from `api` (e.g. "[mluOpFoo]") and contains
// `want`; the line is taken.
inline void ExpectLogLine(const std::string& api, const std::string& want) {
  const std::string log = mluop::take_last_error();
  EXPECT_NE(log.find(api), std::string::npos) << log;
  EXPECT_NE(log.find(want), std::string::npos)
      << "want \"" << want << "\", log: " << log;
}

}  // namespace xbang_test
