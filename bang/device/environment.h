// The one reader of environment variables (docs/environment.md): the device
// library and cncc read every variable through it, by one rule.
// - Unset: the default.
// - A flag: 1, on, true, yes or 0, off, false, no.
// - A number: decimal digits with an optional leading minus, nothing else
//   (no blanks, no plus sign), within the variable's range.
// - Text (a path, a program): any value; empty counts as unset.
// - A choice: one of the variable's words.
// Any other value, empty included, prints one line on stderr naming the
// variable, the value and what is accepted, and the default is used.
// Header only: cncc, a separate executable, includes it too.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace xbang {
namespace environment {

// A value read: `value` is what the program uses (the default when the text
// is unset or bad); `problem` is the line printed for a bad value, empty
// otherwise.
template <typename T>
struct Reading {
  T value;
  std::string problem;
};

inline std::string bad_value_line(const char* name, const char* text,
                                  const std::string& accepted,
                                  const std::string& fallback) {
  return std::string("[xbang] ignoring ") + name + "=\"" + text +
         "\": expected " + accepted + "; using " + fallback;
}

// Parses `text` (nullptr: unset) as a flag.
inline Reading<bool> parse_flag(const char* name, const char* text,
                                bool fallback) {
  if (text == nullptr) return {fallback, ""};
  static const char* const kOn[] = {"1", "on", "true", "yes"};
  static const char* const kOff[] = {"0", "off", "false", "no"};
  for (const char* word : kOn) {
    if (std::strcmp(text, word) == 0) return {true, ""};
  }
  for (const char* word : kOff) {
    if (std::strcmp(text, word) == 0) return {false, ""};
  }
  return {fallback,
          bad_value_line(name, text, "1, on, true, yes or 0, off, false, no",
                         fallback ? "1" : "0")};
}

// Parses `text` (nullptr: unset) as a whole number in [low, high].
inline Reading<long long> parse_number(const char* name, const char* text,
                                       long long low, long long high,
                                       long long fallback) {
  if (text == nullptr) return {fallback, ""};
  const char* digit = text;
  const bool negative = *digit == '-';
  if (negative) ++digit;
  // Digits only: strtoll would take leading blanks and a plus sign. Stops
  // once past the range, so no value overflows.
  const long long limit = negative ? -low : high;
  long long magnitude = 0;
  const char* first = digit;
  bool within = limit >= 0;
  for (; *digit >= '0' && *digit <= '9'; ++digit) {
    if (!within) continue;
    magnitude = magnitude * 10 + (*digit - '0');
    if (magnitude > limit) within = false;
  }
  if (digit != first && *digit == '\0' && within) {
    const long long value = negative ? -magnitude : magnitude;
    if (value >= low && value <= high) return {value, ""};
  }
  return {fallback, bad_value_line(name, text,
                                   "a whole number in [" + std::to_string(low) +
                                       ", " + std::to_string(high) + "]",
                                   std::to_string(fallback))};
}

// Parses `text` (nullptr: unset) as one of `choices` (lower-case words);
// the value is the word's index.
inline Reading<int> parse_choice(const char* name, const char* text,
                                 const std::vector<std::string>& choices,
                                 int fallback) {
  if (text == nullptr) return {fallback, ""};
  std::string accepted;
  for (size_t i = 0; i < choices.size(); ++i) {
    if (choices[i] == text) return {int(i), ""};
    accepted += (i == 0                    ? ""
                 : i + 1 == choices.size() ? " or "
                                           : ", ") +
                choices[i];
  }
  return {fallback,
          bad_value_line(name, text, accepted, choices.at(size_t(fallback)))};
}

// The variable's text, nullptr when unset. The only getenv of bang/.
inline const char* raw(const char* name) { return std::getenv(name); }

inline void report(const std::string& problem) {
  if (!problem.empty()) std::fprintf(stderr, "%s\n", problem.c_str());
}

inline bool flag(const char* name, bool fallback) {
  const Reading<bool> r = parse_flag(name, raw(name), fallback);
  report(r.problem);
  return r.value;
}

inline long long number(const char* name, long long low, long long high,
                        long long fallback) {
  const Reading<long long> r =
      parse_number(name, raw(name), low, high, fallback);
  report(r.problem);
  return r.value;
}

inline int choice(const char* name, const std::vector<std::string>& choices,
                  int fallback) {
  const Reading<int> r = parse_choice(name, raw(name), choices, fallback);
  report(r.problem);
  return r.value;
}

// Text variables (paths, programs): unset or empty gives `fallback`.
inline std::string text(const char* name, const std::string& fallback) {
  const char* value = raw(name);
  return value != nullptr && *value != '\0' ? std::string(value) : fallback;
}

}  // namespace environment
}  // namespace xbang
