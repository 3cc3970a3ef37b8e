// The runtime at its limits: illegal dimensions, launches inside kernels,
// barriers that cannot complete, kernels that end their host thread, the
// thread ceiling with the largest legal launches, one launch's failure not
// leaking into another's, and checked mode's bounded output.
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <string>
#include <thread>
#include <vector>

#include "harness.h"

namespace {
// 100 bytes: the 28 bytes after it up to the next 64-byte boundary are
// padding that checked mode watches.
__nram__ int8_t odd_sized_buffer[100];
}  // namespace

namespace bang_test {
namespace {

cnrtRet_t launch_counting(cnrtDim3_t dim, cnrtFunctionType_t type,
                          std::atomic<long>* runs) {
  return xbang::launch(
      dim, type, test_queue(), [runs] { ++*runs; }, "counting");
}

// ---------------------------------------------------------------------------
// Dimensions

TEST(BangLaunchLimits, OverflowingAndOutOfProfileDimsFail) {
  const unsigned k22 = 1u << 22;
  const cnrtDim3_t bad[] = {
      {k22, k22, k22},  // product wraps a 64-bit integer
      {1u << 21, 1u << 21, 1u << 22},
      {UINT_MAX, 1, 1},  // -1 as an int
      {1, UINT_MAX, UINT_MAX},
      {1u << 31, 2, 1},        // INT_MIN as an int
      {(1u << 20) + 1, 1, 1},  // one task beyond the profile
      {1u << 10, 1u << 10, 2},
      {65536, 65536, 1},  // 2^32: wraps a 32-bit product to 0
  };
  for (const auto& dim : bad) {
    SCOPED_TRACE(std::to_string(dim.x) + "x" + std::to_string(dim.y) + "x" +
                 std::to_string(dim.z));
    for (auto type :
         {cnrtFuncTypeBlock, cnrtFuncTypeUnion1, cnrtFuncTypeUnion16}) {
      std::atomic<long> runs{0};
      EXPECT_EQ(launch_counting(dim, type, &runs), cnrtErrorArgsInvalid);
      EXPECT_EQ(runs.load(), 0);
      EXPECT_EQ(cnrtGetLastError(), cnrtErrorArgsInvalid);
    }
  }
}

TEST(BangLaunchLimits, LargestLegalBlockLaunchRunsEveryTask) {
  std::atomic<long> runs{0};
  ASSERT_EQ(
      launch_counting({1u << 10, 1u << 5, 1u << 5}, cnrtFuncTypeBlock, &runs),
      cnrtSuccess);
  EXPECT_EQ(runs.load(), 1L << 20);
}

// ---------------------------------------------------------------------------
// Launches from inside a kernel

TEST(BangLaunchLimits, LaunchInsideAKernelFailsInsteadOfDeadlocking) {
  std::atomic<int> inner_runs{0}, rejected{0};
  const cnrtRet_t ret = launch_checked(
      {8, 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        const cnrtRet_t inner = xbang::launch(
            {4, 1, 1}, cnrtFuncTypeUnion1, test_queue(), [&] { ++inner_runs; },
            "inner");
        if (inner == cnrtErrorArgsInvalid) ++rejected;
        __sync_cluster();
      },
      "outer", 30);
  EXPECT_EQ(ret, cnrtSuccess);
  EXPECT_EQ(inner_runs.load(), 0);
  EXPECT_EQ(rejected.load(), 10);
}

// ---------------------------------------------------------------------------
// Barriers that cannot complete

// The MPU waits at __sync_all while the compute cores wait at
// __sync_cluster for it: neither barrier can complete.
TEST(BangLaunchLimits, MismatchedBarriersFailTheLaunch) {
  std::atomic<int> after{0};
  testing::internal::CaptureStderr();
  const cnrtRet_t ret = launch_checked(
      {8, 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        if (__is_mpu()) {
          __sync_all();
        } else {
          __sync_cluster();
        }
        ++after;
      },
      "mismatched_barriers", 30);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
  EXPECT_EQ(after.load(), 0);
  EXPECT_NE(log.find("mismatched_barriers"), std::string::npos) << log;
  EXPECT_NE(log.find("barriers cannot complete"), std::string::npos) << log;
  EXPECT_NE(log.find("__sync_cluster"), std::string::npos) << log;
  // The process stays usable.
  std::atomic<long> runs{0};
  EXPECT_EQ(launch_counting({16, 1, 1}, cnrtFuncTypeUnion2, &runs),
            cnrtSuccess);
  EXPECT_EQ(runs.load(), 20);
}

// One core takes one __sync_cluster more than the others while they are
// still in the kernel waiting at __sync_all.
TEST(BangLaunchLimits, ExtraClusterBarrierAgainstSyncAllFails) {
  const cnrtRet_t ret = launch_checked(
      {16, 1, 1}, cnrtFuncTypeUnion2,
      [&] {
        if (taskId == 5) __sync_cluster();
        __sync_all();
      },
      "extra_sync_cluster", 30);
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
}

// A kernel catching the failure and trying again does not hang either.
TEST(BangLaunchLimits, KernelSwallowingTheDeadlockStillFails) {
  const cnrtRet_t ret = launch_checked(
      {4, 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        for (int i = 0; i < 3; ++i) {
          try {
            if (__is_mpu()) {
              __sync_all();
            } else {
              __sync_cluster();
            }
          } catch (...) {
          }
        }
      },
      "swallowing_kernel", 30);
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
}

// ---------------------------------------------------------------------------
// Kernels that end their host thread

void expect_thread_ending_kernel_fails(bool cancel) {
  const pthread_t launcher_marker = pthread_self();
  (void)launcher_marker;
  std::atomic<bool> ended{false};
  std::atomic<long> runs{0};
  cnrtRet_t ret = cnrtSuccess;
  std::atomic<bool> returned{false};
  std::thread launcher([&] {
    const pthread_t me = pthread_self();
    ret = xbang::launch(
        {64, 1, 1}, cnrtFuncTypeBlock, test_queue(),
        [&, me] {
          ++runs;
          std::this_thread::sleep_for(std::chrono::microseconds(300));
          if (!pthread_equal(pthread_self(), me) && !ended.exchange(true)) {
            if (cancel) {
              pthread_cancel(pthread_self());
              pthread_testcancel();
            }
            pthread_exit(nullptr);
          }
        },
        "ends_its_thread");
    returned = true;
  });
  launcher.join();
  ASSERT_TRUE(returned.load());
  if (!ended.load()) GTEST_SKIP() << "no core ran on a pool thread";
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
  EXPECT_EQ(runs.load(), 64);
  std::atomic<long> after{0};
  EXPECT_EQ(launch_counting({64, 1, 1}, cnrtFuncTypeBlock, &after),
            cnrtSuccess);
  EXPECT_EQ(after.load(), 64);
}

TEST(BangLaunchLimits, PthreadExitInAKernelFailsTheLaunchOnly) {
  expect_thread_ending_kernel_fails(false);
}

TEST(BangLaunchLimits, CancellationInAKernelFailsTheLaunchOnly) {
  expect_thread_ending_kernel_fails(true);
}

// ---------------------------------------------------------------------------
// The thread ceiling

// 2^18 tasks of Union16 with barriers: 65,536 clusters in waves of 16, each
// wave's cores meeting at __sync_cluster and __sync_all. Every core must see
// its whole wave arrive.
TEST(BangThreadCeiling, LargestUnion16LaunchWithBarriersStaysUnderCeiling) {
  const int tasks = 1 << 18;
  const int clusters = tasks / 4;
  std::vector<std::atomic<int>> arrived(clusters / 16);
  std::atomic<long> violations{0}, runs{0};
  const cnrtRet_t ret = launch_checked(
      {uint32_t(tasks), 1, 1}, cnrtFuncTypeUnion16,
      [&] {
        ++runs;
        __sync_cluster();
        ++arrived[clusterId / 16];
        __sync_all();
        if (arrived[clusterId / 16].load() != 80) ++violations;
      },
      "union16_2e18", 600);
  EXPECT_EQ(ret, cnrtSuccess);
  EXPECT_EQ(runs.load(), long(clusters) * 5);
  EXPECT_EQ(violations.load(), 0);
  const xbang::HostThreads threads = xbang::host_threads();
  EXPECT_LE(threads.peak, threads.ceiling);
}

TEST(BangThreadCeiling, CeilingIsSettableWithinItsRange) {
  const int before = xbang::max_host_threads();
  EXPECT_EQ(xbang::set_max_host_threads(10), cnrtErrorArgsInvalid);
  EXPECT_EQ(xbang::set_max_host_threads(-1), cnrtErrorArgsInvalid);
  EXPECT_EQ(xbang::set_max_host_threads(INT_MAX), cnrtErrorArgsInvalid);
  EXPECT_EQ(xbang::max_host_threads(), before);
  ASSERT_EQ(xbang::set_max_host_threads(96), cnrtSuccess);
  EXPECT_EQ(xbang::max_host_threads(), 96);
  // Many host threads with barrier launches at the lowest ceiling.
  std::atomic<long> violations{0};
  std::vector<std::thread> hosts;
  for (int h = 0; h < 24; ++h) {
    hosts.emplace_back([&] {
      std::vector<std::atomic<int>> slots(64);
      for (int round = 1; round <= 5; ++round) {
        const cnrtRet_t ret = xbang::launch(
            {64, 1, 1}, cnrtFuncTypeUnion16, test_queue(),
            [&, round] {
              if (__is_ipu()) slots[taskId].store(round);
              __sync_all();
              for (int t = 0; t < 64; ++t) {
                if (slots[t].load() != round) ++violations;
              }
              __sync_all();
            },
            "low_ceiling");
        if (ret != cnrtSuccess) ++violations;
      }
    });
  }
  for (auto& h : hosts) h.join();
  EXPECT_EQ(violations.load(), 0);
  EXPECT_LE(xbang::host_threads().alive, 96);
  ASSERT_EQ(xbang::set_max_host_threads(before), cnrtSuccess);
}

TEST(BangThreadCeiling, IdleThreadsAreReleased) {
  std::atomic<long> runs{0};
  ASSERT_EQ(launch_counting({64, 1, 1}, cnrtFuncTypeUnion16, &runs),
            cnrtSuccess);
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (xbang::host_threads().alive > 0 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(xbang::host_threads().alive, 0);
}

// ---------------------------------------------------------------------------
// Independence of launches

// One thread launches a kernel that makes checked-mode reports while others
// launch clean kernels: only the bad launches fail.
TEST(BangLaunchIsolation, ReportsFailOnlyTheirOwnLaunch) {
  std::atomic<bool> stop{false};
  std::atomic<long> bad_ok{0}, clean_failed{0}, clean_runs{0};
  testing::internal::CaptureStderr();
  std::thread bad([&] {
    while (!stop.load()) {
      const cnrtRet_t ret = xbang::launch(
          {4, 1, 1}, cnrtFuncTypeUnion1, test_queue(),
          [] {
            if (__is_ipu())
              __bang_write_value(static_cast<float*>(nullptr), 64, 0.f);
          },
          "reports_on_purpose");
      if (ret == cnrtSuccess) ++bad_ok;
    }
  });
  std::vector<std::thread> clean;
  for (int h = 0; h < 4; ++h) {
    clean.emplace_back([&] {
      for (int i = 0; i < 300; ++i) {
        const cnrtRet_t ret = xbang::launch(
            {8, 1, 1}, cnrtFuncTypeUnion1, test_queue(),
            [&] {
              if (__is_ipu()) {
                __bang_write_value(nram_arena(), 64, 1.f);
                ++clean_runs;
              }
            },
            "clean");
        if (ret != cnrtSuccess) ++clean_failed;
      }
    });
  }
  for (auto& c : clean) c.join();
  stop = true;
  bad.join();
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(clean_failed.load(), 0);
  EXPECT_EQ(bad_ok.load(), 0);
  EXPECT_EQ(clean_runs.load(), 4 * 300 * 8);
  // The same finding is printed on its 1st, 10th, 100th... occurrence only.
  EXPECT_LT(std::count(log.begin(), log.end(), '\n'), 40) << log;
  xbang::checked::clear_reports();
}

TEST(BangCheckedOutput, RepeatedFindingIsPrintedWithCounts) {
  xbang::checked::clear_reports();
  testing::internal::CaptureStderr();
  const cnrtRet_t ret = launch_checked(
      {64, 1, 1}, cnrtFuncTypeBlock,
      [] {
        for (int i = 0; i < 1000; ++i) {
          __bang_write_value(static_cast<float*>(nullptr), 32, 0.f);
        }
      },
      "reports_in_a_loop", 60);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
  EXPECT_LT(std::count(log.begin(), log.end(), '\n'), 10) << log;
  EXPECT_NE(log.find("seen 10000 times"), std::string::npos) << log;
  xbang::checked::clear_reports();
}

// A plain C++ write (no built-in) past the end of a __nram__ variable.
TEST(BangCheckedOutput, RawWritePastAnNramVariableIsReported) {
  xbang::checked::clear_reports();
  std::atomic<int> overrun_at{100};
  const cnrtRet_t ret = launch_checked(
      {4, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        int8_t* p = odd_sized_buffer;
        // Hidden from the compiler (and UBSan's object-size check): the
        // overrun is what checked mode must see.
        asm volatile("" : "+r"(p));
        for (int i = 0; i < 100; ++i) p[i] = 1;
        if (taskId == 2) p[overrun_at.load() + 3] = 7;
      },
      "raw_overrun", 30);
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
  const auto reports = xbang::checked::reports();
  ASSERT_EQ(reports.size(), 1u) << reports_text();
  EXPECT_EQ(reports[0].task_id, 2);
  EXPECT_NE(reports[0].message.find("odd_sized_buffer"), std::string::npos)
      << reports[0].message;
  xbang::checked::clear_reports();
  // The padding was cleared: the next clean launch passes.
  EXPECT_EQ(launch_checked(
                {4, 1, 1}, cnrtFuncTypeBlock, [] { odd_sized_buffer[0] = 1; },
                "after_overrun", 30),
            cnrtSuccess);
}

}  // namespace
}  // namespace bang_test
