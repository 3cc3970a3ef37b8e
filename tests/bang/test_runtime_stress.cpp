// Stress: 64 host threads launch a mix of kernels for a bounded time (SRAM
// per cluster, barriers, atomics, kernels that fail on purpose by throwing or
// by a checked-mode report), every result checked exactly. Runs with checked
// mode on, then off (without the reporting kernels). Prints launches per
// second and the most runtime threads alive at once.
//
// XBANG_STRESS_SECONDS sets each phase's length (default 3).
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "harness.h"

namespace {
// One SRAM table per cluster (this executable is the only one of the stress
// tests with SRAM, so its Union launches take the program's SRAM in turn).
__mlu_shared__ int32_t sram_table[64];
}  // namespace

namespace bang_test {
namespace {

constexpr int kHostThreads = 64;

double phase_seconds() {
  if (const char* env = std::getenv("XBANG_STRESS_SECONDS")) {
    const double s = std::atof(env);
    if (s > 0) return s;
  }
  return 3;
}

enum class Kind { kSram, kBarriers, kAtomics, kThrows, kReports, kBlock };

struct Outcome {
  long launches = 0;
  long mismatches = 0;
  std::string first_mismatch;
  void mismatch(const std::string& what) {
    if (mismatches++ == 0) first_mismatch = what;
  }
};

// Each cluster's MPU writes a table unique to this launch and cluster; the
// compute cores read it after __sync_cluster and again after __sync_all.
void run_sram(std::mt19937& rng, cnrtQueue_t queue, Outcome* out) {
  const int clusters = 1 + int(rng() % 4);
  const int tasks = clusters * 4;
  const int32_t seed = int32_t(rng() % 1000000) * 100;
  xbang_test::DeviceBuffer seen(std::vector<int32_t>(tasks * 2, -1));
  int32_t* seen_ptr = static_cast<int32_t*>(seen.get());
  const cnrtRet_t ret = xbang::launch(
      {uint32_t(tasks), 1, 1}, cnrtFuncTypeUnion1, queue,
      [=] {
        if (__is_mpu()) {
          for (int i = 0; i < 4; ++i) {
            sram_table[i] = seed + clusterId * 10 + i;
          }
        }
        __sync_cluster();
        if (__is_ipu()) seen_ptr[taskId * 2] = sram_table[coreId];
        __sync_all();
        if (__is_ipu()) seen_ptr[taskId * 2 + 1] = sram_table[coreId];
      },
      "stress_sram");
  if (ret != cnrtSuccess) return out->mismatch("sram launch failed");
  const auto got = seen.to_host<int32_t>();
  for (int t = 0; t < tasks; ++t) {
    const int32_t want = seed + (t / 4) * 10 + t % 4;
    if (got[t * 2] != want || got[t * 2 + 1] != want) {
      return out->mismatch("sram: taskId " + std::to_string(t) + " saw " +
                           std::to_string(got[t * 2]) + "/" +
                           std::to_string(got[t * 2 + 1]) + ", want " +
                           std::to_string(want));
    }
  }
}

// Phases of write, __sync_all, check every slot of the launch.
void run_barriers(std::mt19937& rng, cnrtQueue_t queue, Outcome* out) {
  const int type_index = int(rng() % 3);
  const cnrtFunctionType_t type = type_index == 0   ? cnrtFuncTypeUnion1
                                  : type_index == 1 ? cnrtFuncTypeUnion2
                                                    : cnrtFuncTypeUnion4;
  const int tasks = 4 << type_index;
  auto slots = std::make_shared<std::vector<std::atomic<int>>>(tasks);
  auto violations = std::make_shared<std::atomic<int>>(0);
  const cnrtRet_t ret = xbang::launch(
      {uint32_t(tasks), 1, 1}, type, queue,
      [slots, violations, tasks] {
        for (int p = 1; p <= 4; ++p) {
          if (__is_ipu()) (*slots)[taskId].store(p);
          __sync_all();
          for (int t = 0; t < tasks; ++t) {
            if ((*slots)[t].load() != p) ++*violations;
          }
          __sync_all();
        }
      },
      "stress_barriers");
  if (ret != cnrtSuccess) return out->mismatch("barrier launch failed");
  if (violations->load() != 0) out->mismatch("barrier: a core passed early");
}

// Every compute core adds 1 to each of n floats in GDRAM.
void run_atomics(std::mt19937& rng, cnrtQueue_t queue, Outcome* out) {
  const int tasks = 4 * (1 + int(rng() % 4));
  const int n = 64;
  xbang_test::DeviceBuffer sum(std::vector<float>(n, 0.f));
  float* sum_ptr = static_cast<float*>(sum.get());
  const cnrtRet_t ret = xbang::launch(
      {uint32_t(tasks), 1, 1}, cnrtFuncTypeUnion1, queue,
      [=] {
        if (__is_mpu()) return;
        float* ones = reinterpret_cast<float*>(nram_arena());
        __bang_write_value(ones, n, 1.f);
        __bang_atomic_reduce_add(sum_ptr, ones, n);
      },
      "stress_atomics");
  if (ret != cnrtSuccess) return out->mismatch("atomics launch failed");
  if (sum.to_host<float>() != std::vector<float>(n, float(tasks))) {
    out->mismatch("atomics: wrong sum");
  }
}

void run_block(std::mt19937& rng, cnrtQueue_t queue, Outcome* out) {
  const int tasks = 1 + int(rng() % 64);
  xbang_test::DeviceBuffer ids(std::vector<int32_t>(tasks, -1));
  int32_t* ids_ptr = static_cast<int32_t*>(ids.get());
  const cnrtRet_t ret = xbang::launch(
      {uint32_t(tasks), 1, 1}, cnrtFuncTypeBlock, queue,
      [=] { ids_ptr[taskId] = taskId * 3; }, "stress_block");
  if (ret != cnrtSuccess) return out->mismatch("block launch failed");
  const auto got = ids.to_host<int32_t>();
  for (int t = 0; t < tasks; ++t) {
    if (got[t] != t * 3) return out->mismatch("block: wrong taskId");
  }
}

void run_failing(Kind kind, cnrtQueue_t queue, Outcome* out) {
  const cnrtRet_t ret = xbang::launch(
      {8, 1, 1}, cnrtFuncTypeUnion1, queue,
      [kind] {
        if (taskId != 5 || __is_mpu()) return;
        if (kind == Kind::kThrows) throw std::runtime_error("on purpose");
        __bang_write_value(static_cast<float*>(nullptr), 32, 0.f);
      },
      kind == Kind::kThrows ? "stress_throws" : "stress_reports");
  if (ret != cnrtErrorLaunchFailed) out->mismatch("failing kernel succeeded");
}

struct PhaseResult {
  long launches = 0;
  long mismatches = 0;
  double seconds = 0;
  std::string first_mismatch;
};

PhaseResult run_phase(bool with_reports, double seconds) {
  std::vector<Outcome> outcomes(kHostThreads);
  std::atomic<bool> stop{false};
  std::vector<std::thread> hosts;
  const auto t0 = std::chrono::steady_clock::now();
  for (int h = 0; h < kHostThreads; ++h) {
    hosts.emplace_back([&, h] {
      std::mt19937 rng(1234 + h);
      cnrtQueue_t queue = nullptr;
      if (cnrtQueueCreate(&queue) != cnrtSuccess) {
        outcomes[h].mismatch("cnrtQueueCreate failed");
        return;
      }
      while (!stop.load(std::memory_order_relaxed)) {
        const int pick = int(rng() % (with_reports ? 6 : 5));
        const Kind kind = static_cast<Kind>(pick == 4   ? int(Kind::kBlock)
                                            : pick == 5 ? int(Kind::kReports)
                                                        : pick);
        switch (kind) {
          case Kind::kSram:
            run_sram(rng, queue, &outcomes[h]);
            break;
          case Kind::kBarriers:
            run_barriers(rng, queue, &outcomes[h]);
            break;
          case Kind::kAtomics:
            run_atomics(rng, queue, &outcomes[h]);
            break;
          case Kind::kBlock:
            run_block(rng, queue, &outcomes[h]);
            break;
          case Kind::kThrows:
          case Kind::kReports:
            run_failing(kind, queue, &outcomes[h]);
            break;
        }
        ++outcomes[h].launches;
      }
      cnrtQueueDestroy(queue);
    });
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  for (auto& t : hosts) t.join();
  PhaseResult result;
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  for (const auto& o : outcomes) {
    result.launches += o.launches;
    result.mismatches += o.mismatches;
    if (result.first_mismatch.empty()) result.first_mismatch = o.first_mismatch;
  }
  return result;
}

void report(const char* phase, const PhaseResult& r) {
  const xbang::HostThreads threads = xbang::host_threads();
  std::printf(
      "[stress] %s: %ld launches from %d host threads in %.1f s = %.0f "
      "launches/s; runtime threads at peak %d (ceiling %d)\n",
      phase, r.launches, kHostThreads, r.seconds, r.launches / r.seconds,
      threads.peak, threads.ceiling);
  testing::Test::RecordProperty(std::string(phase) + "_launches_per_second",
                                std::to_string(long(r.launches / r.seconds)));
  testing::Test::RecordProperty(std::string(phase) + "_peak_threads",
                                std::to_string(threads.peak));
}

TEST(BangStress, MixedLaunchesFrom64HostThreadsCheckedOn) {
  xbang::checked::set_enabled(true);
  testing::internal::CaptureStderr();  // the failing kernels' messages
  const PhaseResult r = run_phase(/*with_reports=*/true, phase_seconds());
  testing::internal::GetCapturedStderr();
  xbang::checked::clear_reports();
  report("checked_on", r);
  EXPECT_GT(r.launches, kHostThreads);
  EXPECT_EQ(r.mismatches, 0) << r.first_mismatch;
  EXPECT_LE(xbang::host_threads().peak, xbang::host_threads().ceiling);
}

TEST(BangStress, MixedLaunchesFrom64HostThreadsCheckedOff) {
  xbang::checked::set_enabled(false);
  testing::internal::CaptureStderr();
  const PhaseResult r = run_phase(/*with_reports=*/false, phase_seconds());
  testing::internal::GetCapturedStderr();
  xbang::checked::set_enabled(true);
  report("checked_off", r);
  EXPECT_GT(r.launches, kHostThreads);
  EXPECT_EQ(r.mismatches, 0) << r.first_mismatch;
  EXPECT_LE(xbang::host_threads().peak, xbang::host_threads().ceiling);
}

}  // namespace
}  // namespace bang_test
