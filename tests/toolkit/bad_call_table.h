// A row of a bad-input table: a named call and the code it must return.
// The tables are value-parameterised tests named after their rows.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <ostream>
#include <string>

template <class Code, class... Args>
struct BadCall {
  const char* name;
  std::function<Code(Args...)> call;
  Code expected;
};

template <class Code, class... Args>
std::ostream& operator<<(std::ostream& os, const BadCall<Code, Args...>& c) {
  return os << c.name;
}

// Test names for INSTANTIATE_TEST_SUITE_P: the row's name.
struct BadCallName {
  template <class Param>
  std::string operator()(const testing::TestParamInfo<Param>& info) const {
    return info.param.name;
  }
};
