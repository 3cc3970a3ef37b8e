// Shared machinery of the bang/ tests: an NRAM arena per emulated core, a
// case that stages host data through GDRAM into NRAM around a kernel body,
// launch helpers with a deadline, and reference values computed WITHOUT the
// library (half goes through the compiler's _Float16, never xbang::half's
// conversions).
#pragma once

#include <bang.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "common/kernel.h"
#include "device.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/launch.h"

namespace bang_test {

// Usable NRAM of the arena every test kernel works in (one per core).
inline constexpr size_t kArenaBytes = MAX_NRAM_SIZE;
// This core's arena; valid inside a launch.
int8_t* nram_arena();
// A WRAM buffer per core and an SRAM buffer per cluster live only in the
// memory test (test_memory.cpp) so that other executables have no SRAM.

// The queue every test launches on.
cnrtQueue_t test_queue();

// When __memcpy_async lands, for one scope.
class AsyncCopiesMode {
 public:
  explicit AsyncCopiesMode(xbang::AsyncCopies mode)
      : was_(xbang::async_copies()) {
    xbang::set_async_copies(mode);
  }
  ~AsyncCopiesMode() { xbang::set_async_copies(was_); }
  AsyncCopiesMode(const AsyncCopiesMode&) = delete;
  AsyncCopiesMode& operator=(const AsyncCopiesMode&) = delete;

 private:
  xbang::AsyncCopies was_;
};

// Checked mode on or off, for one scope.
class CheckedMode {
 public:
  explicit CheckedMode(bool on) : was_(xbang::checked::enabled()) {
    xbang::checked::set_enabled(on);
  }
  ~CheckedMode() { xbang::checked::set_enabled(was_); }
  CheckedMode(const CheckedMode&) = delete;
  CheckedMode& operator=(const CheckedMode&) = delete;

 private:
  bool was_;
};

// Runs `fn` on another thread; fails the test and ends the process if it has
// not returned after `seconds` (a hung barrier must fail, not hang ctest).
void run_with_deadline(double seconds, const std::function<void()>& fn,
                       const char* what);

// Launches `body` with a deadline and returns the launch result. The launch
// runs on a helper thread, so the counters of that launch (which the runtime
// keeps per host thread) are handed back through `counters`.
cnrtRet_t launch_checked(cnrtDim3_t dim, cnrtFunctionType_t type,
                         std::function<void()> body, const char* name,
                         double deadline_seconds = 20,
                         xbang::Counters* counters = nullptr);

// Joins the texts of all checked-mode reports (for failure messages).
std::string reports_text();

// ---------------------------------------------------------------------------
// Host-side reference arithmetic for `half` without the library.

// The compiler's IEEE binary16 type (GCC's C++ front end has no _Float16 on
// aarch64; __fp16 is its storage-and-convert half there).
#if defined(__aarch64__)
using CompilerHalf = __fp16;
#else
using CompilerHalf = _Float16;
#endif

inline uint16_t ref_half_bits(float f) {
  const CompilerHalf h = static_cast<CompilerHalf>(f);  // round to nearest even
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}
inline float ref_half_to_float(uint16_t bits) {
  CompilerHalf h;
  std::memcpy(&h, &bits, 2);
  return static_cast<float>(h);
}
inline half make_half(float f) {
  return xbang::half_from_bits(ref_half_bits(f));
}
inline float half_value(half h) {
  return ref_half_to_float(xbang::half_bits(h));
}

// Element traits: conversion to/from double for references, exact compare.
template <class T>
struct Elem {
  static double value(T x) { return static_cast<double>(x); }
  static T make(double v) { return static_cast<T>(v); }
  static T from_float(float v) { return static_cast<T>(v); }
  static const char* name();
};
template <>
struct Elem<half> {
  static double value(half x) { return half_value(x); }
  static half make(double v) { return make_half(static_cast<float>(v)); }
  static half from_float(float v) { return make_half(v); }
  static const char* name() { return "half"; }
};
template <>
inline const char* Elem<float>::name() {
  return "float";
}
template <>
inline const char* Elem<int32_t>::name() {
  return "int32";
}
template <>
inline const char* Elem<int16_t>::name() {
  return "int16";
}
template <>
inline const char* Elem<int8_t>::name() {
  return "int8";
}
template <>
inline const char* Elem<uint8_t>::name() {
  return "uint8";
}
template <>
inline const char* Elem<uint16_t>::name() {
  return "uint16";
}
template <>
inline const char* Elem<uint32_t>::name() {
  return "uint32";
}

template <class T>
inline constexpr bool kIsFloating =
    std::is_same_v<T, float> || std::is_same_v<T, half>;

template <class T>
uint64_t raw_bits(T x) {
  uint64_t b = 0;
  std::memcpy(&b, &x, sizeof(T));
  return b;
}

template <class T>
bool is_nan(T x) {
  if constexpr (kIsFloating<T>) {
    return std::isnan(Elem<T>::value(x));
  } else {
    return false;
  }
}

// Bit-exact, except that any NaN matches any NaN.
template <class T>
bool same_value(T got, T want) {
  if (is_nan(got) && is_nan(want)) return true;
  return raw_bits(got) == raw_bits(want);
}

// The reference result of float arithmetic rounded to T (half: computed in
// float, then rounded to nearest even, as docs/builtins.md says).
template <class T>
T round_to(float v) {
  return Elem<T>::from_float(v);
}

template <class T>
std::string show(T x) {
  if constexpr (kIsFloating<T>) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g (0x%llx)", Elem<T>::value(x),
                  static_cast<unsigned long long>(raw_bits(x)));
    return buf;
  } else {
    return std::to_string(static_cast<long long>(x));
  }
}

// Counts that every vector test covers; the last is filled per case with the
// largest count its operands fit in NRAM.
inline std::vector<int> small_counts() { return {0, 1, 7, 8, 64, 1000}; }
// Largest element count such that `operands` arrays of T fit the arena.
template <class T>
int nram_count(int operands) {
  return static_cast<int>((kArenaBytes / operands - 192) / sizeof(T));
}
template <class T>
std::vector<int> all_counts(int operands) {
  auto v = small_counts();
  v.push_back(nram_count<T>(operands));
  return v;
}

// ---------------------------------------------------------------------------
// Value generators. Floating inputs mix ordinary values with NaN, +-Inf,
// +-0 and exact ties between the operands.

template <class T>
std::vector<T> random_values(int n, uint32_t seed, double lo, double hi,
                             bool specials = false) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<T> v(n);
  for (int i = 0; i < n; ++i) {
    double x = dist(rng);
    if constexpr (!kIsFloating<T>) x = std::floor(x);
    v[i] = Elem<T>::make(x);
    if (specials && kIsFloating<T>) {
      switch (rng() % 12) {
        case 0:
          v[i] = Elem<T>::make(std::numeric_limits<double>::quiet_NaN());
          break;
        case 1:
          v[i] = Elem<T>::make(std::numeric_limits<double>::infinity());
          break;
        case 2:
          v[i] = Elem<T>::make(-std::numeric_limits<double>::infinity());
          break;
        case 3:
          v[i] = Elem<T>::make(-0.0);
          break;
        case 4:
          v[i] = Elem<T>::make(0.0);
          break;
        default:
          break;
      }
    }
  }
  return v;
}

// b shares some elements with a exactly (so ==, <=, >= see ties), and puts a
// -0 against a +0 now and then.
template <class T>
std::vector<T> partner_values(const std::vector<T>& a, uint32_t seed, double lo,
                              double hi, bool specials = false) {
  auto b = random_values<T>(static_cast<int>(a.size()), seed, lo, hi, specials);
  std::mt19937 rng(seed ^ 0x9e3779b9u);
  for (size_t i = 0; i < a.size(); ++i) {
    const uint32_t r = rng() % 6;
    if (r == 0) b[i] = a[i];
    if (r == 1 && kIsFloating<T> && Elem<T>::value(a[i]) == 0.0) {
      b[i] = Elem<T>::make(std::signbit(Elem<T>::value(a[i])) ? 0.0 : -0.0);
    }
  }
  return b;
}

// ---------------------------------------------------------------------------
// NramCase: operands staged from the host into one core's NRAM.
//
//   NramCase c;
//   int a = c.add(host_a), d = c.add(std::vector<float>(n, sentinel));
//   c.run([&](const NramCase& k) { __bang_abs(k.ptr<float>(d),
//                                             k.ptr<float>(a), n); });
//   auto out = c.get<float>(d);
//
// Each operand is copied GDRAM->NRAM before the body and NRAM->GDRAM after
// it, in a Block launch of one task; the case fails the test if the launch
// fails or checked mode reports anything (valid code must not be flagged).
class NramCase {
 public:
  template <class T>
  int add(const std::vector<T>& init) {
    Slot s;
    s.offset = used_;
    s.bytes = init.size() * sizeof(T);
    used_ += (s.bytes + 63) / 64 * 64 + 64;
    if (s.bytes > 0) {
      s.gdram = std::make_unique<xbang_test::DeviceBuffer>(init);
    }
    slots_.push_back(std::move(s));
    return static_cast<int>(slots_.size()) - 1;
  }
  template <class T>
  int add_filled(size_t n, T fill) {
    return add(std::vector<T>(n, fill));
  }
  // Inside the body: the operand's NRAM address on this core.
  template <class T>
  T* ptr(int slot) const {
    return reinterpret_cast<T*>(base_ + slots_[slot].offset);
  }
  bool fits() const { return used_ <= kArenaBytes; }
  // Runs the body; returns false (after recording a test failure) on error.
  bool run(const std::function<void(const NramCase&)>& body,
           const char* name = "nram_case");
  template <class T>
  std::vector<T> get(int slot) const {
    if (!slots_[slot].gdram) return {};
    return slots_[slot].gdram->to_host<T>();
  }
  // Counters of the last run (staging copies included).
  const xbang::Counters& counters() const { return counters_; }

 private:
  struct Slot {
    size_t offset = 0;
    size_t bytes = 0;
    std::unique_ptr<xbang_test::DeviceBuffer> gdram;
  };
  std::vector<Slot> slots_;
  size_t used_ = 0;
  mutable int8_t* base_ = nullptr;
  xbang::Counters counters_;
};

// Expect two arrays equal element for element (same_value), naming the first
// few mismatches.
template <class T>
::testing::AssertionResult arrays_equal(const std::vector<T>& got,
                                        const std::vector<T>& want) {
  if (got.size() != want.size()) {
    return ::testing::AssertionFailure()
           << "size " << got.size() << " vs " << want.size();
  }
  int bad = 0;
  auto failure = ::testing::AssertionFailure();
  for (size_t i = 0; i < got.size(); ++i) {
    if (!same_value(got[i], want[i])) {
      if (bad < 5) {
        failure << "\n  [" << i << "] got " << show(got[i]) << " want "
                << show(want[i]);
      }
      ++bad;
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return failure << "\n  " << bad << " of " << got.size() << " differ";
}

// Like arrays_equal but each element may differ by `rel` relative (or `abs`
// absolute near 0); NaN and infinities must match exactly.
template <class T>
::testing::AssertionResult arrays_near(const std::vector<T>& got,
                                       const std::vector<T>& want, double rel,
                                       double abs) {
  if (got.size() != want.size()) {
    return ::testing::AssertionFailure()
           << "size " << got.size() << " vs " << want.size();
  }
  int bad = 0;
  auto failure = ::testing::AssertionFailure();
  for (size_t i = 0; i < got.size(); ++i) {
    const double g = Elem<T>::value(got[i]), w = Elem<T>::value(want[i]);
    bool ok;
    if (std::isnan(w) || std::isinf(w) || std::isnan(g) || std::isinf(g)) {
      ok = same_value(got[i], want[i]);
    } else {
      ok = std::fabs(g - w) <= std::max(abs, rel * std::fabs(w));
    }
    if (!ok) {
      if (bad < 5) {
        failure << "\n  [" << i << "] got " << show(got[i]) << " want "
                << show(want[i]);
      }
      ++bad;
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return failure << "\n  " << bad << " of " << got.size() << " differ";
}

}  // namespace bang_test
