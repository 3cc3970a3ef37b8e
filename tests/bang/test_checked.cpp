// Checked mode (docs/architecture.md): each violation becomes a report naming
// the built-in, the kernel and taskId, the launch fails with
// cnrtErrorLaunchFailed, and the offending operation does not corrupt
// memory. Only task 2 of each launch misbehaves.
#include <cstring>

#include "harness.h"

namespace bang_test {
namespace {

constexpr int kBadTask = 2;

struct Expectation {
  const char* builtin;
  const char* kernel;
  bool on_mpu = false;
};

// Runs `bad` on task kBadTask (or on the MPU of cluster 0) and checks that
// the launch failed with reports that all name the built-in, the kernel and
// the task.
void expect_reported(const std::function<void()>& bad, const Expectation& e,
                     cnrtFunctionType_t type = cnrtFuncTypeBlock) {
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {4, 1, 1}, type,
      [&] {
        if (e.on_mpu ? (__is_mpu() && clusterId == 0)
                     : (__is_ipu() && taskId == kBadTask)) {
          bad();
        }
      },
      e.kernel);
  EXPECT_EQ(ret, cnrtErrorLaunchFailed) << e.kernel;
  const auto reports = xbang::checked::reports();
  ASSERT_FALSE(reports.empty()) << e.kernel << ": nothing reported";
  for (const auto& r : reports) {
    EXPECT_EQ(r.builtin, e.builtin) << r.text();
    EXPECT_EQ(r.kernel, e.kernel) << r.text();
    EXPECT_EQ(r.on_mpu, e.on_mpu) << r.text();
    if (!e.on_mpu) {
      EXPECT_EQ(r.task_id, kBadTask) << r.text();
      EXPECT_NE(r.text().find("taskId " + std::to_string(kBadTask)),
                std::string::npos)
          << r.text();
    }
    EXPECT_NE(r.text().find(e.builtin), std::string::npos) << r.text();
    EXPECT_NE(r.text().find(e.kernel), std::string::npos) << r.text();
    EXPECT_FALSE(r.message.empty());
  }
  xbang::checked::clear_reports();
}

float* nram_floats(int offset = 0) {
  return reinterpret_cast<float*>(nram_arena()) + offset;
}

TEST(BangChecked, GdramPointerPassedAsNramOperand) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 3.f));
  float* gdram = static_cast<float*>(g.get());
  expect_reported(
      [&] {
        float* a = nram_floats();
        __bang_write_value(a, 64, 1.f);
        __bang_add(gdram, a, a, 64);
      },
      {"__bang_add", "gdram_as_nram_dst"});
  EXPECT_EQ(g.to_host<float>(), std::vector<float>(64, 3.f))
      << "the reported operation must be skipped";
  expect_reported(
      [&] { __bang_add(nram_floats(), gdram, nram_floats(64), 64); },
      {"__bang_add", "gdram_as_nram_src"});
}

TEST(BangChecked, NramPointerAsGdramSourceOfGdram2Nram) {
  expect_reported(
      [] { __memcpy(nram_floats(), nram_floats(256), 256, GDRAM2NRAM); },
      {"__memcpy", "nram_as_gdram_src"});
}

TEST(BangChecked, HostMemoryIsNotGdram) {
  std::vector<float> host(64, 1.f);
  expect_reported(
      [&] { __memcpy(nram_floats(), host.data(), 256, GDRAM2NRAM); },
      {"__memcpy", "host_as_gdram"});
  xbang_test::DeviceBuffer g(std::vector<float>(64, 0.f));
  expect_reported(
      [&] { __memcpy(host.data(), nram_floats(), 256, NRAM2GDRAM); },
      {"__memcpy", "host_as_gdram_dst"});
}

TEST(BangChecked, GdramCopyRunningPastItsAllocation) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 0.f));
  expect_reported([&] { __memcpy(nram_floats(), g.get(), 257, GDRAM2NRAM); },
                  {"__memcpy", "gdram_overrun"});
}

// An access running past the end of the kernel's __nram__ array.
TEST(BangChecked, NramOverflowPastTheArray) {
  const int floats = int(kArenaBytes / 4);
  expect_reported(
      [&] {
        float* near_end = nram_floats(floats - 32);
        __bang_add(near_end, near_end, near_end, 64);
      },
      {"__bang_add", "nram_overflow_vector"});
  xbang_test::DeviceBuffer g(std::vector<float>(64, 0.f));
  expect_reported(
      [&] { __memcpy(nram_floats(floats - 16), g.get(), 256, GDRAM2NRAM); },
      {"__memcpy", "nram_overflow_memcpy"});
  expect_reported([&] { __bang_write_value(nram_floats(floats - 1), 2, 0.f); },
                  {"__bang_write_value", "nram_overflow_fill"});
}

// NRAM built-ins on the MPU do nothing, as on hardware: a warning, not a
// report (test_entry.cpp has the details).
TEST(BangChecked, NramTouchedOnTheMpu) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 0.f));
  xbang::checked::clear_reports();
  xbang::checked::clear_warnings();
  EXPECT_EQ(launch_checked(
                {4, 1, 1}, cnrtFuncTypeUnion1,
                [&] {
                  if (!__is_mpu()) return;
                  __bang_add(nram_floats(), nram_floats(64), nram_floats(128),
                             64);
                  __memcpy(nram_floats(), g.get(), 256, GDRAM2NRAM);
                },
                "nram_on_mpu"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(xbang::checked::warnings().size(), 2u);
  xbang::checked::clear_warnings();
}

// Without checks, the MPU may move GDRAM data (no report, launch succeeds).
TEST(BangChecked, MpuMayCopyGdramToGdram) {
  xbang_test::DeviceBuffer a(std::vector<float>(64, 2.f));
  xbang_test::DeviceBuffer b(std::vector<float>(64, 0.f));
  xbang::checked::clear_reports();
  EXPECT_EQ(launch_checked(
                {4, 1, 1}, cnrtFuncTypeUnion1,
                [&] {
                  if (__is_mpu()) __memcpy(b.get(), a.get(), 256, GDRAM2GDRAM);
                },
                "mpu_gdram_copy"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(b.to_host<float>(), std::vector<float>(64, 2.f));
}

TEST(BangChecked, PartialInPlaceOverlap) {
  expect_reported(
      [] { __bang_add(nram_floats(1), nram_floats(), nram_floats(100), 64); },
      {"__bang_add", "partial_overlap_a"});
  expect_reported(
      [] { __bang_mul(nram_floats(), nram_floats(100), nram_floats(63), 64); },
      {"__bang_mul", "partial_overlap_b"});
  expect_reported([] { __bang_abs(nram_floats(0), nram_floats(10), 64); },
                  {"__bang_abs", "partial_overlap_unary"});
}

TEST(BangChecked, OverlappingTransposeOperands) {
  expect_reported([] { __bang_transpose(nram_floats(8), nram_floats(), 8, 8); },
                  {"__bang_transpose", "transpose_overlap"});
  expect_reported([] { __bang_transpose(nram_floats(), nram_floats(), 8, 8); },
                  {"__bang_transpose", "transpose_same"});
  expect_reported([] { __bang_rotate90(nram_floats(), nram_floats(4), 8, 8); },
                  {"__bang_rotate90", "rotate_overlap"});
}

TEST(BangChecked, NegativeCount) {
  expect_reported(
      [] { __bang_add(nram_floats(), nram_floats(64), nram_floats(128), -1); },
      {"__bang_add", "negative_vector_count"});
  xbang_test::DeviceBuffer g(std::vector<float>(64, 0.f));
  expect_reported([&] { __memcpy(nram_floats(), g.get(), -4, GDRAM2NRAM); },
                  {"__memcpy", "negative_copy_size"});
  expect_reported(
      [&] { __memcpy(nram_floats(), g.get(), 4, GDRAM2NRAM, 4, 4, -2); },
      {"__memcpy", "negative_segnum"});
}

// Reading the destination of an unsynchronised __memcpy_async: a warning
// (tests/bang/test_async_copies.cpp has the modes), and with the sync in its
// place nothing.
TEST(BangChecked, AsyncDestinationReadBeforeSync) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 1.f));
  xbang::checked::clear_reports();
  xbang::checked::clear_warnings();
  EXPECT_EQ(launch_checked(
                {4, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  if (taskId != kBadTask) return;
                  __memcpy_async(nram_floats(), g.get(), 256, GDRAM2NRAM);
                  __bang_add(nram_floats(64), nram_floats(), nram_floats(128),
                             64);
                  __sync_io();
                },
                "async_read_early"),
            cnrtSuccess)
      << reports_text();
  const auto warnings = xbang::checked::warnings();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].builtin, "__bang_add");
  EXPECT_EQ(warnings[0].task_id, kBadTask);
  EXPECT_NE(warnings[0].text().find("__memcpy_async at "), std::string::npos)
      << warnings[0].text();
  xbang::checked::clear_warnings();
  EXPECT_EQ(launch_checked(
                {4, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  __memcpy_async(nram_floats(), g.get(), 256, GDRAM2NRAM);
                  __sync_io();
                  __bang_add(nram_floats(64), nram_floats(), nram_floats(), 64);
                },
                "async_read_after_sync"),
            cnrtSuccess)
      << reports_text();
  EXPECT_TRUE(xbang::checked::warnings().empty());
}

// Contract rules of particular built-ins.
TEST(BangChecked, CycleSourceNotAMultipleOfSegment) {
  expect_reported(
      [] {
        __bang_cycle_add(nram_floats(), nram_floats(100), nram_floats(200), 10,
                         3);
      },
      {"__bang_cycle_add", "cycle_not_multiple"});
}

TEST(BangChecked, BitIndexCountNotAMultipleOfEight) {
  expect_reported(
      [] {
        __bang_ge_bitindex(nram_floats(), nram_floats(100), nram_floats(200),
                           12);
      },
      {"__bang_ge_bitindex", "bitindex_not_multiple"});
}

TEST(BangChecked, GatherSourceInTheWrongSpace) {
  expect_reported(
      [] {
        auto* offsets = reinterpret_cast<uint32_t*>(nram_floats(512));
        for (int i = 0; i < 4; ++i) offsets[i] = uint32_t(4 * i);
        __gather(nram_floats(), nram_floats(256), offsets, 4, GDRAM2NRAM, 4, 4);
      },
      {"__gather", "gather_nram_as_gdram"});
}

// A gather whose segments do not all fit their allocation: only the bad one
// is reported and skipped, the others are copied; a masked-off segment is
// neither checked nor copied.
TEST(BangChecked, GatherReportsAndSkipsOnlyTheSegmentOutsideItsAllocation) {
  std::vector<float> values(64);
  for (int i = 0; i < 64; ++i) values[i] = float(i);
  xbang_test::DeviceBuffer g(values);
  std::vector<float> got(8, -1.f);
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        auto* offsets = reinterpret_cast<uint32_t*>(nram_floats(512));
        float* dst = nram_floats();
        for (int i = 0; i < 8; ++i) {
          offsets[i] = uint32_t(4 * (8 * i));  // floats 0, 8, ..., 56
          dst[i] = -1.f;
        }
        offsets[3] = 4 * 64;    // one past the allocation
        offsets[5] = 4 * 1000;  // masked off below
        auto* mask = reinterpret_cast<uint8_t*>(nram_floats(600));
        mask[0] = uint8_t(~(1u << 5));
        __gather(dst, g.get(), offsets, mask, 4, GDRAM2NRAM, 4, 8);
        for (int i = 0; i < 8; ++i) got[i] = dst[i];
      },
      "gather_one_bad_segment");
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
  const auto reports = xbang::checked::reports();
  ASSERT_EQ(reports.size(), 1u) << reports_text();
  EXPECT_EQ(reports[0].builtin, std::string("__gather"));
  EXPECT_NE(reports[0].message.find("not inside one cnrtMalloc allocation"),
            std::string::npos)
      << reports_text();
  const float want[8] = {0, 8, 16, -1, 32, -1, 48, 56};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(got[i], want[i]) << "segment " << i;
  xbang::checked::clear_reports();
}

TEST(BangChecked, AtomicDestinationInNram) {
  expect_reported(
      [] { __bang_atomic_reduce_add(nram_floats(), nram_floats(64), 16); },
      {"__bang_atomic_reduce_add", "atomic_nram_dst"});
}

// The exact ends of NRAM and of a GDRAM allocation are valid: no report.
TEST(BangChecked, ExactEndsAreNotOverflows) {
  const int floats = int(kArenaBytes / 4);
  xbang_test::DeviceBuffer g(std::vector<float>(64, 2.f));
  xbang::checked::clear_reports();
  EXPECT_EQ(launch_checked(
                {1, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  float* last = nram_floats(floats - 64);
                  __memcpy(last, g.get(), 256, GDRAM2NRAM);
                  __bang_add(last, last, last, 64);
                  __memcpy(g.get(), last, 256, NRAM2GDRAM);
                },
                "exact_ends"),
            cnrtSuccess)
      << reports_text();
  EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
  EXPECT_EQ(g.to_host<float>(), std::vector<float>(64, 4.f));
}

// Sources may overlap each other (neighbour differences are a common
// idiom); only dst against a source must coincide or be disjoint.
TEST(BangChecked, OverlappingSourcesAreValid) {
  xbang::checked::clear_reports();
  std::vector<float> got(63);
  EXPECT_EQ(launch_checked(
                {1, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  float* x = nram_floats();
                  for (int i = 0; i < 64; ++i) x[i] = float(i * i);
                  float* d = nram_floats(128);
                  __bang_sub(d, x + 1, x, 63);
                  std::memcpy(got.data(), d, 63 * 4);
                },
                "neighbour_difference"),
            cnrtSuccess)
      << reports_text();
  for (int i = 0; i < 63; ++i) EXPECT_EQ(got[i], float(2 * i + 1)) << i;
}

// Reports are per launch: a clean launch after a bad one succeeds.
TEST(BangChecked, CleanLaunchAfterReportSucceeds) {
  expect_reported(
      [] { __bang_add(nram_floats(1), nram_floats(), nram_floats(), 8); },
      {"__bang_add", "bad_first"});
  EXPECT_EQ(
      launch_checked(
          {4, 1, 1}, cnrtFuncTypeBlock,
          [] { __bang_add(nram_floats(), nram_floats(), nram_floats(), 8); },
          "clean_second"),
      cnrtSuccess);
  EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
}

// Switched off at run time, the same violation is neither reported nor fails
// the launch (benchmarks run this way).
TEST(BangChecked, SwitchedOffAtRunTime) {
  ASSERT_TRUE(xbang::checked::enabled()) << "the suite runs checked";
  xbang::checked::set_enabled(false);
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {4, 1, 1}, cnrtFuncTypeBlock,
      [] { __bang_add(nram_floats(), nram_floats(64), nram_floats(128), -1); },
      "unchecked");
  xbang::checked::set_enabled(true);
  EXPECT_EQ(ret, cnrtSuccess);
  EXPECT_TRUE(xbang::checked::reports().empty());
}

}  // namespace
}  // namespace bang_test
