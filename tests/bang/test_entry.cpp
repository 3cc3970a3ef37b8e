// The built-in entry's rules (detail/entry.h) and the semantics that differ
// between a naive emulation and the hardware: NRAM built-ins on the MPU of a
// Union launch, a synchronous copy after an async copy of the same memory,
// and plain `char` operands. This file is compiled at -O0 (see
// CMakeLists.txt): integer comparisons must build without optimisation on
// every instruction set, AVX-512 included.
#include <cstring>
#include <numeric>

#include "harness.h"

namespace bang_test {
namespace {

constexpr int kFloats = 64;

float* nram_floats(int offset = 0) {
  return reinterpret_cast<float*>(nram_arena()) + offset;
}

// Restores checked mode's run-time switch at the end of a scope.
// A Union1 kernel without `if (__is_mpu()) return;`, as several mlu-ops
// kernels are written: every core, the MPU included, fills NRAM and adds
// twice (two calls of the same built-in).
void union_kernel_without_mpu_guard() {
  __bang_write_value(nram_floats(), kFloats, 1.0f);
  __bang_write_value(nram_floats(kFloats), kFloats, 2.0f);
  for (int i = 0; i < 2; ++i) {
    __bang_add(nram_floats(2 * kFloats), nram_floats(), nram_floats(kFloats),
               kFloats);
  }
}

TEST(BangEntry, NramBuiltinOnTheMpuIsSkippedWithOneWarning) {
  CheckedMode checked(true);
  xbang::checked::clear_reports();
  xbang::checked::clear_warnings();
  xbang::Counters counters;
  ASSERT_EQ(launch_checked({4, 1, 1}, cnrtFuncTypeUnion1,
                           union_kernel_without_mpu_guard, "no_mpu_guard", 20,
                           &counters),
            cnrtSuccess)
      << reports_text();
  EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
  const auto warnings = xbang::checked::warnings();
  ASSERT_EQ(warnings.size(), 2u);  // one per kernel and built-in
  for (const auto& w : warnings) {
    EXPECT_TRUE(w.on_mpu) << w.text();
    EXPECT_EQ(w.kernel, "no_mpu_guard") << w.text();
    EXPECT_NE(w.message.find("MPU"), std::string::npos) << w.text();
  }
  EXPECT_TRUE(warnings[0].builtin == "__bang_write_value" ||
              warnings[0].builtin == "__bang_add");
  EXPECT_NE(warnings[0].builtin, warnings[1].builtin);
  // Only the four compute cores count: 2 fills + 2 adds of kFloats each.
  EXPECT_EQ(counters.elements_of(xbang::Family::kArithmetic),
            uint64_t(4 * 4 * kFloats));
  xbang::checked::clear_warnings();
}

TEST(BangEntry, NramBuiltinOnTheMpuIsNotCountedWithChecksOff) {
  CheckedMode checked(false);
  xbang::checked::clear_warnings();
  xbang::Counters counters;
  ASSERT_EQ(launch_checked({4, 1, 1}, cnrtFuncTypeUnion1,
                           union_kernel_without_mpu_guard,
                           "no_mpu_guard_unchecked", 20, &counters),
            cnrtSuccess);
  EXPECT_EQ(counters.elements_of(xbang::Family::kArithmetic),
            uint64_t(4 * 4 * kFloats));
  EXPECT_TRUE(xbang::checked::warnings().empty());
}

// The MPU still moves GDRAM and SRAM data.
TEST(BangEntry, MpuCopiesGdramToGdram) {
  CheckedMode checked(true);
  xbang_test::DeviceBuffer a(std::vector<float>(kFloats, 3.f));
  xbang_test::DeviceBuffer b(std::vector<float>(kFloats, 0.f));
  xbang::checked::clear_warnings();
  ASSERT_EQ(launch_checked(
                {4, 1, 1}, cnrtFuncTypeUnion1,
                [&] {
                  if (__is_mpu()) {
                    __memcpy(b.get(), a.get(), kFloats * 4, GDRAM2GDRAM);
                  }
                },
                "mpu_gdram_copy_entry"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(b.to_host<float>(), std::vector<float>(kFloats, 3.f));
  EXPECT_TRUE(xbang::checked::warnings().empty());
}

std::vector<float> iota_floats(float start) {
  std::vector<float> v(kFloats);
  std::iota(v.begin(), v.end(), start);
  return v;
}

// __memcpy_async into NRAM, then a synchronous __memcpy out of the same
// NRAM: the IO queue performs them in order, so the async data goes out.
void expect_async_lands_before_sync_read(bool checked_on) {
  CheckedMode checked(checked_on);
  const auto src = iota_floats(1.f);
  xbang_test::DeviceBuffer g_src(src);
  xbang_test::DeviceBuffer g_out(std::vector<float>(kFloats, 0.f));
  xbang::checked::clear_reports();
  ASSERT_EQ(launch_checked(
                {1, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  __bang_write_value(nram_floats(), kFloats, -1.0f);
                  __memcpy_async(nram_floats(), g_src.get(), kFloats * 4,
                                 GDRAM2NRAM);
                  __memcpy(g_out.get(), nram_floats(), kFloats * 4, NRAM2GDRAM);
                  __sync_io();
                },
                "async_then_sync_read"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(g_out.to_host<float>(), src);
}

TEST(BangEntry, SyncCopyReadsWhatAnEarlierAsyncCopyWrote) {
  expect_async_lands_before_sync_read(true);
  expect_async_lands_before_sync_read(false);
}

// __memcpy_async out of NRAM, then a synchronous __memcpy overwriting that
// NRAM: the async copy carries the old bytes.
TEST(BangEntry, SyncCopyOverwritesAfterAnEarlierAsyncCopyRead) {
  for (bool checked_on : {true, false}) {
    CheckedMode checked(checked_on);
    const auto old_values = iota_floats(1.f);
    xbang_test::DeviceBuffer g_old(old_values);
    xbang_test::DeviceBuffer g_new(iota_floats(100.f));
    xbang_test::DeviceBuffer g_out(std::vector<float>(kFloats, 0.f));
    xbang::checked::clear_reports();
    ASSERT_EQ(
        launch_checked(
            {1, 1, 1}, cnrtFuncTypeBlock,
            [&] {
              __memcpy(nram_floats(), g_old.get(), kFloats * 4, GDRAM2NRAM);
              __memcpy_async(g_out.get(), nram_floats(), kFloats * 4,
                             NRAM2GDRAM);
              __memcpy(nram_floats(), g_new.get(), kFloats * 4, GDRAM2NRAM);
              __sync_io();
            },
            "async_read_then_sync_write"),
        cnrtSuccess)
        << reports_text();
    EXPECT_EQ(g_out.to_host<float>(), old_values) << "checked " << checked_on;
  }
}

// A built-in reading an async destination before the sync is still a
// finding, in both modes: only copies are ordered with copies. It is a
// warning; the launch succeeds.
TEST(BangEntry, BuiltinReadingAnUnsyncedAsyncDestinationIsWarned) {
  CheckedMode checked(true);
  for (auto mode : {xbang::AsyncCopies::kEager, xbang::AsyncCopies::kLate}) {
    AsyncCopiesMode async(mode);
    xbang_test::DeviceBuffer g(std::vector<float>(kFloats, 1.f));
    xbang::checked::clear_reports();
    xbang::checked::clear_warnings();
    EXPECT_EQ(launch_checked(
                  {1, 1, 1}, cnrtFuncTypeBlock,
                  [&] {
                    __memcpy_async(nram_floats(), g.get(), kFloats * 4,
                                   GDRAM2NRAM);
                    __bang_add(nram_floats(kFloats), nram_floats(),
                               nram_floats(), kFloats);
                    __sync_io();
                  },
                  "async_read_by_builtin"),
              cnrtSuccess)
        << reports_text();
    const auto warnings = xbang::checked::warnings();
    ASSERT_EQ(warnings.size(), 2u);  // both sources
    EXPECT_EQ(warnings[0].builtin, "__bang_add");
  }
  xbang::checked::clear_warnings();
}

// Plain char is one of BANG's element types for the bitwise, counting and
// search built-ins.
TEST(BangEntry, PlainCharOperands) {
  char a[64], b[64], out[64];
  for (int i = 0; i < 64; ++i) {
    a[i] = char(i * 7);
    b[i] = char(0x5a ^ i);
  }
  __bang_band(out, a, b, 64);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], char(a[i] & b[i])) << i;
  __bang_bor(out, a, b, 64);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], char(a[i] | b[i])) << i;
  __bang_bxor(out, a, b, 64);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], char(a[i] ^ b[i])) << i;
  __bang_bnot(out, a, 64);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], char(~a[i])) << i;
  __bang_band_scalar(out, a, char(0x0f), 64);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], char(a[i] & 0x0f)) << i;
  std::memset(out, 0, sizeof out);
  out[5] = 'x';
  out[9] = 'y';
  EXPECT_EQ(__bang_count(out, 64), 2u);
  EXPECT_EQ(__bang_findfirst1(out, 64), 5u);
  EXPECT_EQ(__bang_findlast1(out, 64), 9u);
}

// Integer comparisons and logic (the blend xsimd's select fails to compile
// at -O0 on AVX-512), with a tail past the last full batch.
template <class T>
void expect_integer_compare() {
  constexpr int n = 77;
  T a[n], b[n], out[n];
  for (int i = 0; i < n; ++i) {
    a[i] = T(i % 5);
    b[i] = T(2);
  }
  __bang_gt(out, a, b, n);
  for (int i = 0; i < n; ++i) EXPECT_EQ(out[i], T(a[i] > b[i])) << i;
  __bang_eq_scalar(out, a, T(3), n);
  for (int i = 0; i < n; ++i) EXPECT_EQ(out[i], T(a[i] == 3)) << i;
  __bang_not(out, a, n);
  for (int i = 0; i < n; ++i) EXPECT_EQ(out[i], T(a[i] == 0)) << i;
  __bang_maxequal(out, a, b, n);
  for (int i = 0; i < n; ++i) EXPECT_EQ(out[i], std::max(a[i], b[i])) << i;
}

TEST(BangEntry, IntegerComparisonsAtO0) {
  expect_integer_compare<int16_t>();
  expect_integer_compare<int32_t>();
}

}  // namespace
}  // namespace bang_test
