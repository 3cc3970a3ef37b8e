// __memcpy_async by mode (docs/architecture.md, docs/environment.md): a
// kernel with a planted race, a built-in touching a copy's bytes before the
// core's __sync, gets the hardware's result by default (the copy lands at
// issue), the stale result with XBANG_ASYNC=late (it lands at the sync), and
// in checked mode a warning naming both built-ins and the copy's call site,
// without failing the launch.
#include <cstdlib>
#include <cstring>
#include <string>

#include "harness.h"

namespace bang_test {
namespace {

constexpr int kFloats = 64;
constexpr int kBytes = kFloats * 4;

float* nram_floats(int offset = 0) {
  return reinterpret_cast<float*>(nram_arena()) + offset;
}

// A kernel with one race; `copy_line` is the line of its __memcpy_async.
struct RaceKernel {
  const char* name;
  // Runs the kernel on one core over g_in and g_out; returns the
  // __memcpy_async's line.
  int (*run)(void* g_in, void* g_out);
  float hardware_value;  // g_out's every float with the copy landed at issue
  float late_value;      // ... with the copy landed at the sync
  const char* access_builtin;
  const char* access_words;  // "reads [" or "writes ["
  const char* copy_words;    // " writes with" or " reads with"
};

// Reads the copy's destination before the sync: sees the copy (eager) or
// the zeros written before it (late).
int read_before_sync(void* g_in, void* g_out) {
  float* a = nram_floats();
  float* ones = nram_floats(kFloats);
  float* sum = nram_floats(2 * kFloats);
  __bang_write_value(a, kFloats, 0.0f);
  __bang_write_value(ones, kFloats, 1.0f);
  const int line = __LINE__ + 1;
  __memcpy_async(a, g_in, kBytes, GDRAM2NRAM);
  __bang_add(sum, a, ones, kFloats);  // the race
  __sync_io();
  __memcpy(g_out, sum, kBytes, NRAM2GDRAM);
  return line;
}

// Overwrites the copy's source before the sync: the copy carries the old
// values (eager) or the new ones (late).
int write_source_before_sync(void*, void* g_out) {
  float* a = nram_floats();
  __bang_write_value(a, kFloats, 1.0f);
  const int line = __LINE__ + 1;
  __memcpy_async(g_out, a, kBytes, NRAM2GDRAM);
  __bang_write_value(a, kFloats, 2.0f);  // the race
  __sync_io();
  return line;
}

// Overwrites the copy's destination before the sync: the copy's bytes are
// overwritten (eager) or overwrite the built-in's (late).
int write_destination_before_sync(void* g_in, void* g_out) {
  float* a = nram_floats();
  const int line = __LINE__ + 1;
  __memcpy_async(a, g_in, kBytes, GDRAM2NRAM);
  __bang_write_value(a, kFloats, 5.0f);  // the race
  __sync_io();
  __memcpy(g_out, a, kBytes, NRAM2GDRAM);
  return line;
}

// g_in holds 3.0f everywhere; g_out starts at -1.0f.
const RaceKernel kRaces[] = {
    {"read_before_sync", read_before_sync, 4.0f, 1.0f, "__bang_add", "reads [",
     " writes with"},
    {"write_source_before_sync", write_source_before_sync, 1.0f, 2.0f,
     "__bang_write_value", "writes [", " reads with"},
    {"write_destination_before_sync", write_destination_before_sync, 5.0f, 3.0f,
     "__bang_write_value", "writes [", " writes with"},
};

struct Mode {
  const char* name;
  xbang::AsyncCopies async;
  bool checked;
};
const Mode kModes[] = {
    {"eager", xbang::AsyncCopies::kEager, false},
    {"eager_checked", xbang::AsyncCopies::kEager, true},
    {"late", xbang::AsyncCopies::kLate, false},
    {"late_checked", xbang::AsyncCopies::kLate, true},
};

struct Outcome {
  cnrtRet_t status;
  std::vector<float> out;
  int copy_line;
};

Outcome run_race(const RaceKernel& race) {
  xbang_test::DeviceBuffer g_in(std::vector<float>(kFloats, 3.0f));
  xbang_test::DeviceBuffer g_out(std::vector<float>(kFloats, -1.0f));
  Outcome outcome{};
  outcome.status = launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock,
      [&] { outcome.copy_line = race.run(g_in.get(), g_out.get()); },
      race.name);
  outcome.out = g_out.to_host<float>();
  return outcome;
}

TEST(BangAsyncCopies, PlantedRacesByMode) {
  for (const Mode& mode : kModes) {
    AsyncCopiesMode async(mode.async);
    CheckedMode checked(mode.checked);
    for (const RaceKernel& race : kRaces) {
      SCOPED_TRACE(std::string(race.name) + " in mode " + mode.name);
      xbang::checked::clear_reports();
      xbang::checked::clear_warnings();
      const Outcome outcome = run_race(race);
      // A warning never fails the launch.
      EXPECT_EQ(outcome.status, cnrtSuccess) << reports_text();
      EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
      const float want = mode.async == xbang::AsyncCopies::kEager
                             ? race.hardware_value
                             : race.late_value;
      EXPECT_EQ(outcome.out, std::vector<float>(kFloats, want));
      const auto warnings = xbang::checked::warnings();
      if (!mode.checked) {
        EXPECT_TRUE(warnings.empty());
        continue;
      }
      ASSERT_EQ(warnings.size(), 1u);
      const auto& w = warnings[0];
      const std::string site = std::string("__memcpy_async at ") + __FILE__ +
                               ":" + std::to_string(outcome.copy_line) +
                               race.copy_words;
      EXPECT_EQ(w.builtin, race.access_builtin) << w.text();
      EXPECT_EQ(w.kernel, race.name) << w.text();
      EXPECT_EQ(w.task_id, 0) << w.text();
      EXPECT_EQ(w.message.rfind(race.access_words, 0), 0u) << w.text();
      EXPECT_NE(w.message.find(site), std::string::npos)
          << w.text() << "\nwanted: " << site;
    }
  }
  xbang::checked::clear_warnings();
}

// The same accesses after the sync, and accesses to other bytes before it,
// are not warned about, in either mode.
TEST(BangAsyncCopies, SyncedAndUnrelatedAccessesAreClean) {
  for (const Mode& mode : kModes) {
    SCOPED_TRACE(mode.name);
    AsyncCopiesMode async(mode.async);
    CheckedMode checked(mode.checked);
    xbang::checked::clear_warnings();
    xbang_test::DeviceBuffer g_in(std::vector<float>(kFloats, 3.0f));
    xbang_test::DeviceBuffer g_out(std::vector<float>(kFloats, -1.0f));
    ASSERT_EQ(launch_checked(
                  {1, 1, 1}, cnrtFuncTypeBlock,
                  [&] {
                    float* a = nram_floats();
                    float* b = nram_floats(kFloats);
                    float* sum = nram_floats(2 * kFloats);
                    __memcpy_async(a, g_in.get(), kBytes, GDRAM2NRAM);
                    __bang_write_value(b, kFloats, 1.0f);  // other bytes
                    __sync_io();
                    __bang_add(sum, a, b, kFloats);
                    __memcpy_async(g_out.get(), sum, kBytes, NRAM2GDRAM);
                    __bang_add(b, a, a, kFloats);  // reads a, not sum
                    __sync_io();
                    __bang_write_value(sum, kFloats, 0.0f);
                  },
                  "async_clean"),
              cnrtSuccess)
        << reports_text();
    EXPECT_EQ(g_out.to_host<float>(), std::vector<float>(kFloats, 4.0f));
    EXPECT_TRUE(xbang::checked::warnings().empty())
        << xbang::checked::warnings()[0].text();
  }
}

// Every access is listed: three reads of an unsynced destination, three
// warnings (printed once: they are one finding).
TEST(BangAsyncCopies, EveryAccessIsListed) {
  AsyncCopiesMode async(xbang::AsyncCopies::kEager);
  CheckedMode checked(true);
  xbang::checked::clear_warnings();
  xbang_test::DeviceBuffer g_in(std::vector<float>(kFloats, 3.0f));
  ASSERT_EQ(launch_checked(
                {1, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  float* a = nram_floats();
                  float* b = nram_floats(kFloats);
                  __memcpy_async(a, g_in.get(), kBytes, GDRAM2NRAM);
                  for (int i = 0; i < 3; ++i) __bang_add(b, a, b, kFloats);
                  __sync();
                },
                "async_repeated"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(xbang::checked::warnings().size(), 3u);
  xbang::checked::clear_warnings();
}

// XBANG_ASYNC sets the mode at start-up (ctest runs this executable also
// with XBANG_ASYNC=late and with a bad value): "late" lands the planted
// race's copy at the sync, anything else at issue.
TEST(BangAsyncCopies, EnvironmentSetsTheMode) {
  const char* env = std::getenv("XBANG_ASYNC");
  const bool late = env != nullptr && std::strcmp(env, "late") == 0;
  EXPECT_EQ(xbang::async_copies(),
            late ? xbang::AsyncCopies::kLate : xbang::AsyncCopies::kEager);
  CheckedMode checked(false);
  const Outcome outcome = run_race(kRaces[0]);
  ASSERT_EQ(outcome.status, cnrtSuccess);
  EXPECT_EQ(outcome.out,
            std::vector<float>(kFloats, late ? kRaces[0].late_value
                                             : kRaces[0].hardware_value));
}

}  // namespace
}  // namespace bang_test
