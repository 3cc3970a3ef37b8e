// The environment reader (bang/device/environment.h): every variable the
// device library and cncc read follows its rules for flags, numbers and text,
// and a bad value gives one line naming the variable, the value and what is
// accepted, then the default.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <climits>
#include <string>

#include "environment.h"

namespace {

namespace env = xbang::environment;

TEST(Environment, FlagTable) {
  struct Row {
    const char* text;  // nullptr: unset
    bool fallback;
    bool value;
    bool bad;
  };
  const Row rows[] = {
      {nullptr, false, false, false}, {nullptr, true, true, false},
      {"1", false, true, false},      {"on", false, true, false},
      {"true", false, true, false},   {"yes", false, true, false},
      {"0", true, false, false},      {"off", true, false, false},
      {"false", true, false, false},  {"no", true, false, false},
      {"", true, true, true},         {"", false, false, true},
      {"2", false, false, true},      {"10", false, false, true},
      {"01", true, true, true},       {" 1", false, false, true},
      {"1 ", false, false, true},     {"TRUE", false, false, true},
      {"On", true, true, true},       {"enabled", false, false, true},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.text != nullptr ? row.text : "(unset)");
    const env::Reading<bool> r =
        env::parse_flag("XBANG_X", row.text, row.fallback);
    EXPECT_EQ(r.value, row.value);
    EXPECT_EQ(!r.problem.empty(), row.bad);
  }
}

TEST(Environment, NumberTable) {
  struct Row {
    const char* text;
    long long low, high, fallback;
    long long value;
    bool bad;
  };
  const Row rows[] = {
      {nullptr, 1, 16, 8, 8, false},
      {"1", 1, 16, 8, 1, false},
      {"16", 1, 16, 8, 16, false},
      {"007", 1, 16, 8, 7, false},
      {"-3", -5, 5, 0, -3, false},
      {"-5", -5, 5, 0, -5, false},
      {"-6", -5, 5, 0, 0, true},
      {"2147483647", 1, INT_MAX, 2, INT_MAX, false},
      {"2147483648", 1, INT_MAX, 2, 2, true},
      {"99999999999999999999999", 1, INT_MAX, 2, 2, true},
      {"17", 1, 16, 8, 8, true},
      {"0", 1, 16, 8, 8, true},
      {"-1", 1, 16, 8, 8, true},
      {"-0", 1, 16, 8, 8, true},
      {"", 1, 16, 8, 8, true},
      {"-", -5, 5, 0, 0, true},
      {"+4", 1, 16, 8, 8, true},
      {" 4", 1, 16, 8, 8, true},
      {"4 ", 1, 16, 8, 8, true},
      {"4x", 1, 16, 8, 8, true},
      {"0x10", 1, 16, 8, 8, true},
      {"abc", 1, 16, 8, 8, true},
      {"1e3", 1, 5000, 8, 8, true},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.text != nullptr ? row.text : "(unset)");
    const env::Reading<long long> r =
        env::parse_number("XBANG_X", row.text, row.low, row.high, row.fallback);
    EXPECT_EQ(r.value, row.value);
    EXPECT_EQ(!r.problem.empty(), row.bad);
  }
}

TEST(Environment, ChoiceTable) {
  struct Row {
    const char* text;  // nullptr: unset
    int fallback;
    int value;
    bool bad;
  };
  const Row rows[] = {
      {nullptr, 0, 0, false}, {nullptr, 1, 1, false}, {"eager", 1, 0, false},
      {"late", 0, 1, false},  {"", 0, 0, true},       {"LATE", 0, 0, true},
      {"late ", 1, 1, true},  {"1", 0, 0, true},      {"lazy", 0, 0, true},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.text != nullptr ? row.text : "(unset)");
    const env::Reading<int> r =
        env::parse_choice("XBANG_X", row.text, {"eager", "late"}, row.fallback);
    EXPECT_EQ(r.value, row.value);
    EXPECT_EQ(!r.problem.empty(), row.bad);
  }
  EXPECT_EQ(
      env::parse_choice("XBANG_X", "b", {"one", "two", "three"}, 2).problem,
      "[xbang] ignoring XBANG_X=\"b\": expected one, two or three; using "
      "three");
}

TEST(Environment, BadValueMessage) {
  EXPECT_EQ(env::parse_number("XBANG_THREADS", "many", 1, 64, 2).problem,
            "[xbang] ignoring XBANG_THREADS=\"many\": expected a whole number "
            "in [1, 64]; using 2");
  EXPECT_EQ(env::parse_flag("XBANG_CHECKED", "maybe", true).problem,
            "[xbang] ignoring XBANG_CHECKED=\"maybe\": expected 1, on, true, "
            "yes or 0, off, false, no; using 1");
  EXPECT_EQ(env::parse_flag("XBANG_DETERMINISTIC", "", false).problem,
            "[xbang] ignoring XBANG_DETERMINISTIC=\"\": expected 1, on, true, "
            "yes or 0, off, false, no; using 0");
}

// The readers of the process's environment: the value set, the default
// when unset, one line on stderr for a bad value.
TEST(Environment, ReadsTheProcessEnvironment) {
  const char* name = "XBANG_TEST_ENVIRONMENT_READER";
  unsetenv(name);
  EXPECT_EQ(env::number(name, 1, 9, 4), 4);
  EXPECT_TRUE(env::flag(name, true));
  EXPECT_EQ(env::text(name, "/tmp"), "/tmp");

  setenv(name, "7", 1);
  EXPECT_EQ(env::number(name, 1, 9, 4), 7);
  EXPECT_EQ(env::text(name, "/tmp"), "7");

  setenv(name, "off", 1);
  EXPECT_FALSE(env::flag(name, true));

  setenv(name, "", 1);
  EXPECT_EQ(env::text(name, "/tmp"), "/tmp");

  setenv(name, "70", 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(env::number(name, 1, 9, 4), 4);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "[xbang] ignoring XBANG_TEST_ENVIRONMENT_READER=\"70\": expected "
            "a whole number in [1, 9]; using 4\n");
  unsetenv(name);
}

}  // namespace
