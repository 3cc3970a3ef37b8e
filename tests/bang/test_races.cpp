// Cross-core races by mode (docs/architecture.md, "Cross-core races" and
// "Schedules"): kernels with a planted race get the hardware's result in the
// default mode, a checked-mode warning naming both cores, the bytes and both
// built-ins' call sites, a wrong result under a seeded XBANG_SCHEDULE (the
// SRAM race) or XBANG_ASYNC=late (the async race), and the same result on
// every run of a schedule. Its own executable: it declares an SRAM variable,
// as test_memory and test_scalar_access do.
#include <algorithm>
#include <string>
#include <vector>

#include "harness.h"

namespace bang_test {
namespace {

constexpr int kCores = 4;               // compute cores of the cluster
constexpr int kChunk = 64;              // floats per core
constexpr int kTile = kCores * kChunk;  // floats of the cluster's tile

__mlu_shared__ float shared_tile[kTile];

class ScheduleMode {
 public:
  explicit ScheduleMode(xbang::Schedule s) : was_(xbang::schedule()) {
    xbang::set_schedule(s);
  }
  ~ScheduleMode() { xbang::set_schedule(was_); }

 private:
  xbang::Schedule was_;
};

// The lines of the race's two built-ins.
int store_line = 0;
int reload_line = 0;

// Every core of the cluster stages the tile, adds 1 to its own chunk in
// place, then stores the whole tile to `out` and reloads the next input over
// it with no barrier between: a core that reloads before another core has
// stored makes that core store input instead of results.
void sram_race(const float* in, const float* next, float* out) {
  if (__is_mpu()) return;
  float* chunk = reinterpret_cast<float*>(nram_arena());
  float* ones = chunk + kChunk;
  __memcpy(shared_tile, in, kTile * 4, GDRAM2SRAM);
  __sync_cluster();
  __memcpy(chunk, shared_tile + coreId * kChunk, kChunk * 4, SRAM2NRAM);
  __bang_write_value(ones, kChunk, 1.0f);
  __bang_add(chunk, chunk, ones, kChunk);
  __memcpy(shared_tile + coreId * kChunk, chunk, kChunk * 4, NRAM2SRAM);
  __sync_cluster();
  store_line = __LINE__ + 1;
  __memcpy(out, shared_tile, kTile * 4, SRAM2GDRAM);
  reload_line = __LINE__ + 1;
  __memcpy(shared_tile, next, kTile * 4, GDRAM2SRAM);  // the race
  __sync_cluster();
}

// The same with the barrier the kernel lacks.
void sram_no_race(const float* in, const float* next, float* out) {
  if (__is_mpu()) return;
  float* chunk = reinterpret_cast<float*>(nram_arena());
  float* ones = chunk + kChunk;
  __memcpy(shared_tile, in, kTile * 4, GDRAM2SRAM);
  __sync_cluster();
  __memcpy(chunk, shared_tile + coreId * kChunk, kChunk * 4, SRAM2NRAM);
  __bang_write_value(ones, kChunk, 1.0f);
  __bang_add(chunk, chunk, ones, kChunk);
  __memcpy(shared_tile + coreId * kChunk, chunk, kChunk * 4, NRAM2SRAM);
  __sync_cluster();
  __memcpy(out, shared_tile, kTile * 4, SRAM2GDRAM);
  __sync_cluster();
  __memcpy(shared_tile, next, kTile * 4, GDRAM2SRAM);
  __sync_cluster();
}

struct SramOutcome {
  cnrtRet_t status;
  std::vector<float> out;
};

SramOutcome run_sram(void (*kernel)(const float*, const float*, float*),
                     const char* name) {
  std::vector<float> in(kTile), next(kTile, -7.0f);
  for (int i = 0; i < kTile; ++i) in[size_t(i)] = float(i);
  xbang_test::DeviceBuffer g_in(in), g_next(next);
  xbang_test::DeviceBuffer g_out(std::vector<float>(kTile, 0.0f));
  SramOutcome o;
  o.status = launch_checked(
      {kCores, 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        kernel(static_cast<const float*>(g_in.get()),
               static_cast<const float*>(g_next.get()),
               static_cast<float*>(g_out.get()));
      },
      name);
  o.out = g_out.to_host<float>();
  return o;
}

std::vector<float> sram_hardware_result() {
  std::vector<float> want(kTile);
  for (int i = 0; i < kTile; ++i) want[size_t(i)] = float(i) + 1.0f;
  return want;
}

std::vector<xbang::checked::Report> race_warnings() {
  std::vector<xbang::checked::Report> out;
  for (const auto& w : xbang::checked::warnings()) {
    if (w.message.find("cross-core race") != std::string::npos) {
      out.push_back(w);
    }
  }
  return out;
}

// The default: the cluster's cores keep pace at SRAM built-ins, as the
// hardware's do, so every store precedes every reload.
TEST(BangRaces, SramRaceGetsTheHardwareResultByDefault) {
  CheckedMode checked(false);
  for (int run = 0; run < 3; ++run) {
    const SramOutcome o = run_sram(sram_race, "sram_race");
    ASSERT_EQ(o.status, cnrtSuccess) << reports_text();
    EXPECT_EQ(o.out, sram_hardware_result()) << "run " << run;
  }
}

TEST(BangRaces, CheckedModeReportsTheSramRace) {
  CheckedMode checked(true);
  xbang::checked::clear_reports();
  xbang::checked::clear_warnings();
  const SramOutcome o = run_sram(sram_race, "sram_race");
  // A warning: the launch goes on and succeeds.
  ASSERT_EQ(o.status, cnrtSuccess) << reports_text();
  EXPECT_EQ(o.out, sram_hardware_result());
  const auto races = race_warnings();
  ASSERT_EQ(races.size(), 1u);
  const xbang::checked::Report& w = races[0];
  const std::string file = __FILE__;
  EXPECT_EQ(w.kernel, "sram_race");
  EXPECT_EQ(w.builtin, "__memcpy");
  EXPECT_NE(w.message.find("__memcpy at " + file + ":" +
                           std::to_string(reload_line) + " on taskId "),
            std::string::npos)
      << w.text();
  EXPECT_NE(w.message.find("writes ["), std::string::npos) << w.text();
  EXPECT_NE(w.message.find(", +" + std::to_string(kTile * 4) +
                           ") of SRAM of cluster 0, which __memcpy at " + file +
                           ":" + std::to_string(store_line) + " on taskId "),
            std::string::npos)
      << w.text();
  EXPECT_NE(w.message.find(" reads with no barrier of both cores between"),
            std::string::npos)
      << w.text();
  xbang::checked::clear_warnings();
}

TEST(BangRaces, BarrieredKernelIsClean) {
  CheckedMode checked(true);
  xbang::checked::clear_warnings();
  for (xbang::Schedule::Kind kind :
       {xbang::Schedule::kFree, xbang::Schedule::kSeeded}) {
    ScheduleMode schedule({kind, 3});
    const SramOutcome o = run_sram(sram_no_race, "sram_no_race");
    ASSERT_EQ(o.status, cnrtSuccess) << reports_text();
    EXPECT_EQ(o.out, sram_hardware_result());
  }
  EXPECT_TRUE(race_warnings().empty()) << race_warnings()[0].text();
}

// A seeded schedule interleaves the cores at every built-in: a reload
// overtakes a store, the same way on every run.
TEST(BangRaces, SeededScheduleShowsTheSramRaceTheSameWayEveryRun) {
  CheckedMode checked(false);
  ScheduleMode schedule({xbang::Schedule::kSeeded, 1});
  const SramOutcome first = run_sram(sram_race, "sram_race");
  ASSERT_EQ(first.status, cnrtSuccess) << reports_text();
  EXPECT_NE(first.out, sram_hardware_result());
  for (int run = 1; run < 6; ++run) {
    const SramOutcome again = run_sram(sram_race, "sram_race");
    ASSERT_EQ(again.status, cnrtSuccess);
    EXPECT_EQ(again.out, first.out) << "run " << run;
  }
}

// Round robin is the lockstep: the hardware's result, every run.
TEST(BangRaces, RoundRobinScheduleIsTheLockstep) {
  CheckedMode checked(false);
  ScheduleMode schedule({xbang::Schedule::kRoundRobin, 0});
  for (int run = 0; run < 3; ++run) {
    const SramOutcome o = run_sram(sram_race, "sram_race");
    ASSERT_EQ(o.status, cnrtSuccess) << reports_text();
    EXPECT_EQ(o.out, sram_hardware_result()) << "run " << run;
  }
}

int async_copy_line = 0;

// Each core fetches its chunk with __memcpy_async and adds 1 to it before
// the __sync_io that would make it complete.
void async_race(const float* in, float* out) {
  float* chunk = reinterpret_cast<float*>(nram_arena());
  float* ones = chunk + kChunk;
  __bang_write_value(chunk, kChunk, 0.0f);
  __bang_write_value(ones, kChunk, 1.0f);
  async_copy_line = __LINE__ + 1;
  __memcpy_async(chunk, in + taskId * kChunk, kChunk * 4, GDRAM2NRAM);
  __bang_add(chunk, chunk, ones, kChunk);  // the race
  __sync_io();
  __memcpy(out + taskId * kChunk, chunk, kChunk * 4, NRAM2GDRAM);
}

std::vector<float> run_async() {
  std::vector<float> in(kTile);
  for (int i = 0; i < kTile; ++i) in[size_t(i)] = float(i);
  xbang_test::DeviceBuffer g_in(in);
  xbang_test::DeviceBuffer g_out(std::vector<float>(kTile, 0.0f));
  EXPECT_EQ(launch_checked(
                {kCores, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  async_race(static_cast<const float*>(g_in.get()),
                             static_cast<float*>(g_out.get()));
                },
                "async_race"),
            cnrtSuccess)
      << reports_text();
  return g_out.to_host<float>();
}

TEST(BangRaces, AsyncRaceByMode) {
  const std::vector<float> hardware = sram_hardware_result();
  {
    CheckedMode checked(false);
    EXPECT_EQ(run_async(), hardware);
  }
  {
    CheckedMode checked(true);
    xbang::checked::clear_warnings();
    EXPECT_EQ(run_async(), hardware);
    const auto warnings = xbang::checked::warnings();
    // __bang_add reads and writes the chunk: two warnings per core.
    ASSERT_EQ(warnings.size(), size_t(2 * kCores));
    EXPECT_NE(warnings[0].message.find(
                  std::string("__memcpy_async at ") + __FILE__ + ":" +
                  std::to_string(async_copy_line) + " writes"),
              std::string::npos)
        << warnings[0].text();
    xbang::checked::clear_warnings();
  }
  {
    CheckedMode checked(false);
    AsyncCopiesMode late(xbang::AsyncCopies::kLate);
    // The copy lands at the sync, over the sum: the input itself.
    std::vector<float> stale(kTile);
    for (int i = 0; i < kTile; ++i) stale[size_t(i)] = float(i);
    const std::vector<float> first = run_async();
    EXPECT_EQ(first, stale);
    ScheduleMode schedule({xbang::Schedule::kSeeded, 5});
    for (int run = 0; run < 5; ++run) EXPECT_EQ(run_async(), stale);
  }
}

// Block tasks writing the same GDRAM bytes race: no barrier orders them.
TEST(BangRaces, BlockTasksWritingOneGdramWordRace) {
  CheckedMode checked(true);
  xbang::checked::clear_warnings();
  xbang_test::DeviceBuffer g_out(std::vector<float>(kChunk, 0.0f));
  ASSERT_EQ(launch_checked(
                {2, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  float* v = reinterpret_cast<float*>(nram_arena());
                  __bang_write_value(v, kChunk, float(taskId));
                  // Each task writes its half, and both write element 0.
                  __memcpy(static_cast<float*>(g_out.get()) +
                               taskId * (kChunk / 2 - 1),
                           v, (kChunk / 2 + 1) * 4, NRAM2GDRAM);
                },
                "gdram_overlap"),
            cnrtSuccess);
  const auto races = race_warnings();
  ASSERT_EQ(races.size(), 1u);
  EXPECT_NE(races[0].message.find(", +8) of GDRAM"), std::string::npos)
      << races[0].text();
  EXPECT_NE(races[0].message.find("Block tasks never synchronise"),
            std::string::npos)
      << races[0].text();
  xbang::checked::clear_warnings();
}

// Atomics never race with each other; a plain read of the bytes they
// update does.
TEST(BangRaces, AtomicsRaceOnlyWithPlainAccesses) {
  CheckedMode checked(true);
  for (bool read_too : {false, true}) {
    SCOPED_TRACE(read_too ? "with a plain read" : "atomics only");
    xbang::checked::clear_warnings();
    xbang_test::DeviceBuffer g_sum(std::vector<float>(kChunk, 0.0f));
    ASSERT_EQ(launch_checked(
                  {kCores, 1, 1}, cnrtFuncTypeBlock,
                  [&] {
                    float* v = reinterpret_cast<float*>(nram_arena());
                    float* sum = static_cast<float*>(g_sum.get());
                    __bang_write_value(v, kChunk, 1.0f);
                    __bang_atomic_reduce_add(sum, v, kChunk);
                    if (read_too && taskId == 0) {
                      __memcpy(v, sum, kChunk * 4, GDRAM2NRAM);
                    }
                  },
                  "atomics"),
              cnrtSuccess);
    EXPECT_EQ(g_sum.to_host<float>(), std::vector<float>(kChunk, kCores));
    const auto races = race_warnings();
    if (!read_too) {
      EXPECT_TRUE(races.empty()) << races[0].text();
      continue;
    }
    ASSERT_FALSE(races.empty());
    EXPECT_NE(races[0].message.find("updates atomically ["), std::string::npos)
        << races[0].text();
    // Both sites by file and line, the atomic's too.
    EXPECT_NE(races[0].message.find("__bang_atomic_reduce_add at "),
              std::string::npos)
        << races[0].text();
    EXPECT_NE(races[0].message.find(" reads in the same launch"),
              std::string::npos)
        << races[0].text();
  }
  xbang::checked::clear_warnings();
}

// Every atomic form names its call site: the fetch-and-op array and
// one-element forms, the compare-and-swap and the scalar reduce, each
// meeting a plain read of the bytes it updates.
TEST(BangRaces, EveryAtomicFormNamesItsCallSite) {
  CheckedMode checked(true);
  struct Form {
    const char* name;
    void (*update)(int* target, int* old_nram);
  };
  const Form forms[] = {
      {"__bang_atomic_max",
       [](int* target, int* old_nram) {
         __bang_atomic_max(old_nram, target, old_nram + 1, 1);
       }},
      {"__bang_atomic_xor",
       [](int* target, int* old_nram) {
         __bang_atomic_xor(old_nram, target, 5);
       }},
      {"__bang_atomic_cas",
       [](int* target, int* old_nram) {
         __bang_atomic_cas(old_nram, target, 0, 1);
       }},
      {"__bang_atomic_reduce_add",
       [](int* target, int*) { __bang_atomic_reduce_add(target, 1, 1); }},
  };
  for (const Form& form : forms) {
    SCOPED_TRACE(form.name);
    xbang::checked::clear_warnings();
    xbang_test::DeviceBuffer g_word(std::vector<int>(1, 0));
    ASSERT_EQ(launch_checked(
                  {kCores, 1, 1}, cnrtFuncTypeBlock,
                  [&] {
                    int* v = reinterpret_cast<int*>(nram_arena());
                    int* target = static_cast<int*>(g_word.get());
                    v[1] = 3;
                    form.update(target, v);
                    if (taskId == 0) __memcpy(v, target, 4, GDRAM2NRAM);
                  },
                  "atomic_forms"),
              cnrtSuccess);
    const auto races = race_warnings();
    ASSERT_FALSE(races.empty());
    EXPECT_NE(races[0].message.find(std::string(form.name) + " at "),
              std::string::npos)
        << races[0].text();
    EXPECT_NE(races[0].message.find("test_races.cpp:"), std::string::npos)
        << races[0].text();
  }
  xbang::checked::clear_warnings();
}

// One atomic call site updating two buffers does not cover the buffers
// between them: a plain read of a third buffer, placed between the two in
// memory, is no race (mlu-ops' deform_roi_pool backward updates grad_input
// and grad_offset while reading rois).
TEST(BangRaces, AtomicsOfOneSiteOnTwoBuffersLeaveTheBufferBetween) {
  CheckedMode checked(true);
  xbang::checked::clear_warnings();
  std::vector<xbang_test::DeviceBuffer> buffers;
  for (int b = 0; b < 3; ++b) {
    buffers.emplace_back(std::vector<float>(kChunk, 0.0f));
  }
  std::vector<float*> by_address;
  for (auto& buffer : buffers) {
    by_address.push_back(static_cast<float*>(buffer.get()));
  }
  std::sort(by_address.begin(), by_address.end());
  float* low = by_address[0];
  float* between = by_address[1];
  float* high = by_address[2];
  ASSERT_EQ(launch_checked(
                {kCores, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  float* v = reinterpret_cast<float*>(nram_arena());
                  __bang_write_value(v, kChunk, 1.0f);
                  for (float* target : {low, high}) {
                    __bang_atomic_reduce_add(target, v, kChunk);
                  }
                  if (taskId == 0) {
                    __memcpy(v, between, kChunk * 4, GDRAM2NRAM);
                  }
                },
                "atomics_around_a_buffer"),
            cnrtSuccess);
  const auto races = race_warnings();
  EXPECT_TRUE(races.empty()) << races[0].text();
  xbang::checked::clear_warnings();
}

}  // namespace
}  // namespace bang_test
