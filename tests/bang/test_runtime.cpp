// The execution model (docs/architecture.md, how a launch runs) and the
// emulator's additions (features of the emulator): task-id mapping of Block and
// UnionN launches, the MPU, barriers with cores that return early, bad
// launches, deterministic mode, per-launch counters and the CNRT host subset.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>
#include <thread>

#include "harness.h"

namespace bang_test {
namespace {

struct TaskRecord {
  int32_t task_dim, task_dim_x, task_dim_y, task_dim_z;
  int32_t task_id, task_id_x, task_id_y, task_id_z;
  int32_t core_dim, core_id, cluster_dim, cluster_id;
  bool is_mpu, is_ipu;
};

TaskRecord record_here() {
  return {taskDim,    taskDimX,  taskDimY,   taskDimZ,  taskId,
          taskIdX,    taskIdY,   taskIdZ,    coreDim,   coreId,
          clusterDim, clusterId, __is_mpu(), __is_ipu()};
}

std::vector<TaskRecord> run_and_record(cnrtDim3_t dim,
                                       cnrtFunctionType_t type) {
  std::mutex mutex;
  std::vector<TaskRecord> records;
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      dim, type,
      [&] {
        const TaskRecord r = record_here();
        std::lock_guard<std::mutex> lock(mutex);
        records.push_back(r);
      },
      "record_ids");
  EXPECT_EQ(ret, cnrtSuccess);
  return records;
}

void expect_task_ids(const TaskRecord& r, cnrtDim3_t dim) {
  const int dx = int(dim.x), dy = int(dim.y), dz = int(dim.z);
  EXPECT_EQ(r.task_dim_x, dx);
  EXPECT_EQ(r.task_dim_y, dy);
  EXPECT_EQ(r.task_dim_z, dz);
  EXPECT_EQ(r.task_dim, dx * dy * dz);
  EXPECT_GE(r.task_id_x, 0);
  EXPECT_LT(r.task_id_x, dx);
  EXPECT_GE(r.task_id_y, 0);
  EXPECT_LT(r.task_id_y, dy);
  EXPECT_GE(r.task_id_z, 0);
  EXPECT_LT(r.task_id_z, dz);
  EXPECT_EQ(r.task_id, r.task_id_z * dy * dx + r.task_id_y * dx + r.task_id_x);
}

TEST(BangTaskIds, BlockLaunch) {
  for (cnrtDim3_t dim :
       {cnrtDim3_t{1, 1, 1}, cnrtDim3_t{5, 1, 1}, cnrtDim3_t{3, 2, 2},
        cnrtDim3_t{1, 4, 3}, cnrtDim3_t{2, 1, 5}}) {
    SCOPED_TRACE(std::to_string(dim.x) + "x" + std::to_string(dim.y) + "x" +
                 std::to_string(dim.z));
    const auto records = run_and_record(dim, cnrtFuncTypeBlock);
    const int task_dim = int(dim.x * dim.y * dim.z);
    ASSERT_EQ(int(records.size()), task_dim) << "no MPU in a Block launch";
    std::set<int> ids;
    for (const auto& r : records) {
      expect_task_ids(r, dim);
      EXPECT_EQ(r.core_dim, 1);
      EXPECT_EQ(r.core_id, 0);
      EXPECT_EQ(r.cluster_dim, 0);
      EXPECT_EQ(r.cluster_id, 0);
      EXPECT_FALSE(r.is_mpu);
      EXPECT_TRUE(r.is_ipu);
      ids.insert(r.task_id);
    }
    EXPECT_EQ(int(ids.size()), task_dim);
    EXPECT_EQ(*ids.begin(), 0);
    EXPECT_EQ(*ids.rbegin(), task_dim - 1);
  }
}

struct UnionCase {
  cnrtFunctionType_t type;
  cnrtDim3_t dim;
  const char* what;
};

TEST(BangTaskIds, UnionLaunches) {
  const UnionCase cases[] = {
      {cnrtFuncTypeUnion1, {4, 1, 1}, "Union1 4"},
      {cnrtFuncTypeUnion1, {8, 1, 1}, "Union1 8"},
      {cnrtFuncTypeUnion1, {4, 3, 1}, "Union1 4x3"},
      {cnrtFuncTypeUnion2, {8, 1, 1}, "Union2 8"},
      {cnrtFuncTypeUnion2, {4, 2, 2}, "Union2 4x2x2"},
      {cnrtFuncTypeUnion4, {16, 1, 1}, "Union4 16"},
      {cnrtFuncTypeUnion4, {8, 2, 2}, "Union4 8x2x2"},
      {cnrtFuncTypeUnion8, {32, 1, 1}, "Union8 32"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    const auto records = run_and_record(c.dim, c.type);
    const int task_dim = int(c.dim.x * c.dim.y * c.dim.z);
    const int clusters = task_dim / 4;
    std::set<int> ipu_ids, mpu_clusters;
    int mpus = 0;
    for (const auto& r : records) {
      expect_task_ids(r, c.dim);
      EXPECT_EQ(r.core_dim, 4);
      EXPECT_EQ(r.cluster_dim, task_dim / 4);
      EXPECT_EQ(r.is_mpu, !r.is_ipu);
      if (r.is_mpu) {
        ++mpus;
        EXPECT_EQ(r.core_id, 0x80);
        EXPECT_GE(r.cluster_id, 0);
        EXPECT_LT(r.cluster_id, clusters);
        mpu_clusters.insert(r.cluster_id);
      } else {
        EXPECT_EQ(r.core_id, r.task_id % 4);
        EXPECT_EQ(r.cluster_id, r.task_id / 4);
        ipu_ids.insert(r.task_id);
      }
    }
    EXPECT_EQ(int(ipu_ids.size()), task_dim);
    EXPECT_EQ(int(records.size()), task_dim + clusters)
        << "one MPU run per cluster";
    EXPECT_EQ(mpus, clusters);
    EXPECT_EQ(int(mpu_clusters.size()), clusters);
  }
}

// __nram__ is one private copy per core: cores filling the same variable at
// the same time each read back their own data.
TEST(BangTaskIds, NramIsPrivatePerCore) {
  const int tasks = 16, n = 4096;
  std::atomic<int> corrupted{0};
  ASSERT_EQ(launch_checked(
                {uint32_t(tasks), 1, 1}, cnrtFuncTypeUnion1,
                [&] {
                  if (__is_mpu()) return;
                  auto* mine = reinterpret_cast<int32_t*>(nram_arena());
                  for (int round = 0; round < 20; ++round) {
                    __bang_write_value(mine, n, int32_t(taskId * 100 + round));
                    std::this_thread::yield();
                    for (int i = 0; i < n; ++i) {
                      if (mine[i] != taskId * 100 + round) {
                        ++corrupted;
                        break;
                      }
                    }
                  }
                },
                "nram_private"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(corrupted.load(), 0);
}

// The convenience form launch(kernel, dim, type, queue, args...).
void add_task_id(int32_t* out, int32_t bias) {
  if (__is_mpu()) return;
  out[taskId] = taskId + bias;
}
TEST(BangLaunch, KernelFunctionForm) {
  xbang_test::DeviceBuffer g(std::vector<int32_t>(8, -1));
  ASSERT_EQ(
      xbang::launch(add_task_id, cnrtDim3_t{8, 1, 1}, cnrtFuncTypeUnion1,
                    test_queue(), static_cast<int32_t*>(g.get()), int32_t(100)),
      cnrtSuccess);
  EXPECT_EQ(g.to_host<int32_t>(),
            (std::vector<int32_t>{100, 101, 102, 103, 104, 105, 106, 107}));
}

int host_thread_count() {
  int threads = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator("/proc/self/task")) {
    (void)entry;
    ++threads;
  }
  return threads;
}

// Back-to-back launches reuse the pool's threads. A launch starts a new one
// only when no worker is idle and it could not progress without one; it used
// to start one whenever the previous launch's worker had not quite returned,
// which grew the pool by a few threads every few hundred launches.
TEST(BangLaunch, BackToBackLaunchesDoNotGrowThePool) {
  const auto launch_empty = [](int launches) {
    for (int i = 0; i < launches; ++i) {
      ASSERT_EQ(xbang::launch(
                    cnrtDim3_t{4, 2, 1}, cnrtFuncTypeUnion1, test_queue(),
                    [] {}, "empty"),
                cnrtSuccess);
    }
  };
  launch_empty(100);  // the pool reaches its base size
  const int before = host_thread_count();
  launch_empty(1000);
  EXPECT_LE(host_thread_count(), before);
}

// park_idle_workers() is safe at any time and the next launch runs as usual.
TEST(BangLaunch, ParkIdleWorkersThenLaunch) {
  xbang::park_idle_workers();
  std::atomic<int> runs{0};
  EXPECT_EQ(launch_checked(
                {8, 1, 1}, cnrtFuncTypeUnion1, [&] { ++runs; }, "after_park"),
            cnrtSuccess);
  EXPECT_EQ(runs.load(), 10);
}

// ---------------------------------------------------------------------------
// Barriers

// Phase k: each compute core writes its slot, passes the barrier, then checks
// it sees every slot of its group written in that phase. The MPU returns at
// once, so the barriers must count it as arrived.
TEST(BangBarriers, SyncClusterWithMpuReturningEarly) {
  const int task_dim = 16, phases = 20;
  std::vector<std::atomic<int>> slots(task_dim);
  std::atomic<int> violations{0};
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {uint32_t(task_dim), 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        if (__is_mpu()) return;
        for (int p = 1; p <= phases; ++p) {
          slots[taskId].store(p);
          __sync_cluster();
          for (int c = 0; c < 4; ++c) {
            if (slots[clusterId * 4 + c].load() < p) ++violations;
          }
          __sync_cluster();
        }
      },
      "sync_cluster_mpu_returns", 30);
  EXPECT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_EQ(violations.load(), 0);
}

// The MPU takes part in every phase: it publishes a value per cluster that
// the compute cores read after __sync_cluster.
TEST(BangBarriers, SyncClusterWithMpuParticipating) {
  const int task_dim = 8, phases = 25;
  std::vector<std::atomic<int>> published(task_dim / 4);
  std::atomic<int> violations{0};
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {uint32_t(task_dim), 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        for (int p = 1; p <= phases; ++p) {
          if (__is_mpu()) published[clusterId].store(p);
          __sync_cluster();
          if (__is_ipu() && published[clusterId].load() != p) ++violations;
          __sync_cluster();
        }
      },
      "sync_cluster_mpu_participates", 30);
  EXPECT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_EQ(violations.load(), 0);
}

TEST(BangBarriers, SyncAllAndSyncAllIpuAcrossClusters) {
  for (auto type : {cnrtFuncTypeUnion1, cnrtFuncTypeUnion2}) {
    const int task_dim = 16, phases = 10;
    std::vector<std::atomic<int>> slots(task_dim);
    std::atomic<int> violations{0};
    xbang::checked::clear_reports();
    const cnrtRet_t ret = launch_checked(
        {uint32_t(task_dim), 1, 1}, type,
        [&] {
          if (__is_mpu()) return;
          for (int p = 1; p <= phases; ++p) {
            slots[taskId].store(p);
            if (p % 2) {
              __sync_all();
            } else {
              __sync_all_ipu();
            }
            for (int t = 0; t < task_dim; ++t) {
              if (slots[t].load() < p) ++violations;
            }
            __sync_all_ipu();
          }
        },
        "sync_all", 30);
    EXPECT_EQ(ret, cnrtSuccess) << reports_text();
    EXPECT_EQ(violations.load(), 0);
  }
}

// The MPUs meet at __sync_all_mpu while every compute core has returned.
TEST(BangBarriers, SyncAllMpuWithComputeCoresReturned) {
  const int clusters = 4;
  std::vector<std::atomic<int>> slots(clusters);
  std::atomic<int> violations{0}, mpu_runs{0};
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {uint32_t(clusters * 4), 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        if (!__is_mpu()) return;
        ++mpu_runs;
        slots[clusterId].store(1);
        __sync_all_mpu();
        for (int c = 0; c < clusters; ++c) {
          if (slots[c].load() != 1) ++violations;
        }
      },
      "sync_all_mpu", 30);
  EXPECT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_EQ(mpu_runs.load(), clusters);
  EXPECT_EQ(violations.load(), 0);
}

// Some compute cores leave early too; the rest keep synchronising.
TEST(BangBarriers, CoresReturningAtDifferentTimesNeverDeadlock) {
  std::atomic<int> passes{0};
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {16, 1, 1}, cnrtFuncTypeUnion2,
      [&] {
        if (__is_mpu()) return;
        for (int p = 0; p < 8; ++p) {
          if (p == coreId * 2) return;  // core 0 leaves first, core 3 last
          __sync_cluster();
          __sync_all();
          ++passes;
        }
      },
      "barrier_early_return", 30);
  EXPECT_EQ(ret, cnrtSuccess) << reports_text();
  // Core k passes 2k phases: 4 clusters x (0 + 2 + 4 + 6).
  EXPECT_EQ(passes.load(), 4 * 12);
}

// Two host threads launch barrier-heavy kernels at the same time (two
// queues): both finish, each with its own barriers.
TEST(BangBarriers, ConcurrentLaunchesFromTwoHostThreads) {
  std::atomic<int> violations{0};
  auto kernel_body = [&violations](std::vector<std::atomic<int>>* slots) {
    return [&violations, slots] {
      if (__is_mpu()) return;
      for (int p = 1; p <= 10; ++p) {
        (*slots)[taskId].store(p);
        __sync_all();
        for (int t = 0; t < taskDim; ++t) {
          if ((*slots)[t].load() < p) ++violations;
        }
        __sync_all();
      }
    };
  };
  std::vector<std::atomic<int>> slots_a(16), slots_b(16);
  cnrtRet_t ret_a = cnrtErrorLaunchFailed, ret_b = cnrtErrorLaunchFailed;
  run_with_deadline(
      30,
      [&] {
        std::thread other([&] {
          cnrtQueue_t q = nullptr;
          cnrtQueueCreate(&q);
          ret_b = xbang::launch({16, 1, 1}, cnrtFuncTypeUnion2, q,
                                kernel_body(&slots_b), "concurrent_b");
          cnrtQueueDestroy(q);
        });
        ret_a = xbang::launch({16, 1, 1}, cnrtFuncTypeUnion1, test_queue(),
                              kernel_body(&slots_a), "concurrent_a");
        other.join();
      },
      "two concurrent launches");
  EXPECT_EQ(ret_a, cnrtSuccess);
  EXPECT_EQ(ret_b, cnrtSuccess);
  EXPECT_EQ(violations.load(), 0);
}

// Barriers in a Block launch do not synchronise and must not hang.
TEST(BangBarriers, BlockLaunchDoesNotWait) {
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {6, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        if (taskId == 0) return;
        __sync_cluster();
        __sync_all();
      },
      "block_barriers", 30);
  EXPECT_EQ(ret, cnrtSuccess);
}

// More tasks than host threads, all meeting at __sync_all.
TEST(BangBarriers, ManyClustersSyncAll) {
  std::atomic<int> before{0}, violations{0};
  const int task_dim = 64;
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {uint32_t(task_dim), 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        ++before;
        __sync_all();
        if (before.load() != task_dim + task_dim / 4) ++violations;
      },
      "many_clusters", 60);
  EXPECT_EQ(ret, cnrtSuccess);
  EXPECT_EQ(violations.load(), 0);
}

// ---------------------------------------------------------------------------
// Bad launches fail fast with cnrtErrorArgsInvalid and never run the body.

TEST(BangLaunch, BadArgumentsFailWithoutRunning) {
  struct Bad {
    cnrtDim3_t dim;
    cnrtFunctionType_t type;
    const char* what;
  };
  const Bad bad[] = {
      {{0, 1, 1}, cnrtFuncTypeBlock, "dim.x = 0"},
      {{4, 0, 1}, cnrtFuncTypeUnion1, "dim.y = 0"},
      {{4, 1, 0}, cnrtFuncTypeUnion1, "dim.z = 0"},
      // Values inside the enum's range (0..127) that name no type.
      {{4, 1, 1}, cnrtFunctionType_t(3), "type 3"},
      {{4, 1, 1}, cnrtFunctionType_t(0), "type 0"},
      {{4, 1, 1}, cnrtFunctionType_t(127), "type 127"},
      {{6, 1, 1}, cnrtFuncTypeUnion1, "Union1 taskDim 6"},
      {{2, 1, 1}, cnrtFuncTypeUnion1, "Union1 taskDim 2"},
      {{4, 1, 1}, cnrtFuncTypeUnion2, "Union2 taskDim 4"},
      {{12, 1, 1}, cnrtFuncTypeUnion2, "Union2 taskDim 12"},
      {{8, 1, 1}, cnrtFuncTypeUnion4, "Union4 taskDim 8"},
      {{4, 3, 2}, cnrtFuncTypeUnion4, "Union4 taskDim 24"},
      {{16, 1, 1}, cnrtFuncTypeUnion8, "Union8 taskDim 16"},
      {{32, 1, 1}, cnrtFuncTypeUnion16, "Union16 taskDim 32"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.what);
    std::atomic<int> runs{0};
    cnrtRet_t ret = cnrtSuccess, last = cnrtSuccess, cleared = cnrtSuccess;
    run_with_deadline(
        10,
        [&] {
          ret = xbang::launch(
              b.dim, b.type, test_queue(), [&] { ++runs; }, "bad_launch");
          last = cnrtGetLastError();
          cleared = cnrtGetLastError();
        },
        b.what);
    EXPECT_EQ(ret, cnrtErrorArgsInvalid);
    EXPECT_EQ(runs.load(), 0);
    EXPECT_EQ(last, cnrtErrorArgsInvalid) << "cnrtGetLastError";
    EXPECT_EQ(cleared, cnrtSuccess) << "cnrtGetLastError clears";
  }
}

TEST(BangLaunch, GoodUnionSizesSucceed) {
  for (auto [type, task_dim] :
       {std::pair{cnrtFuncTypeUnion1, 4}, std::pair{cnrtFuncTypeUnion2, 8},
        std::pair{cnrtFuncTypeUnion4, 16}, std::pair{cnrtFuncTypeUnion8, 32},
        std::pair{cnrtFuncTypeUnion16, 64}}) {
    std::atomic<int> runs{0};
    EXPECT_EQ(launch_checked(
                  {uint32_t(task_dim), 1, 1}, type,
                  [&] {
                    if (__is_ipu()) ++runs;
                  },
                  "good_union"),
              cnrtSuccess);
    EXPECT_EQ(runs.load(), task_dim);
  }
}

// A kernel that throws fails its launch instead of taking the process down.
TEST(BangLaunch, KernelExceptionFailsLaunch) {
  const cnrtRet_t ret = launch_checked(
      {4, 1, 1}, cnrtFuncTypeBlock,
      [] {
        if (taskId == 2) throw std::runtime_error("boom");
      },
      "throwing_kernel");
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
}

// ---------------------------------------------------------------------------
// Deterministic mode

struct DeterministicScope {
  explicit DeterministicScope(bool on) { xbang::set_deterministic(on); }
  ~DeterministicScope() { xbang::set_deterministic(false); }
};

TEST(BangDeterministic, TasksRunOneAtATimeInTaskIdOrder) {
  DeterministicScope scope(true);
  ASSERT_TRUE(xbang::deterministic());
  std::vector<int> order;
  std::atomic<int> running{0}, overlap{0};
  std::mutex mutex;
  ASSERT_EQ(launch_checked(
                {4, 2, 2}, cnrtFuncTypeBlock,
                [&] {
                  if (++running > 1) ++overlap;
                  {
                    std::lock_guard<std::mutex> lock(mutex);
                    order.push_back(taskId);
                  }
                  std::this_thread::sleep_for(std::chrono::microseconds(200));
                  --running;
                },
                "deterministic_block"),
            cnrtSuccess);
  std::vector<int> want(16);
  std::iota(want.begin(), want.end(), 0);
  EXPECT_EQ(order, want);
  EXPECT_EQ(overlap.load(), 0);
}

// Union: each cluster's memory core first, then its compute cores.
TEST(BangDeterministic, UnionOrderHasMpuFirstPerCluster) {
  DeterministicScope scope(true);
  std::vector<std::pair<int, int>> order;  // (clusterId, coreId)
  ASSERT_EQ(launch_checked(
                {8, 1, 1}, cnrtFuncTypeUnion1,
                [&] {
                  order.push_back({clusterId, coreId});
                },
                "deterministic_union"),
            cnrtSuccess);
  const std::vector<std::pair<int, int>> want = {
      {0, 0x80}, {0, 0}, {0, 1}, {0, 2}, {0, 3},
      {1, 0x80}, {1, 0}, {1, 1}, {1, 2}, {1, 3}};
  EXPECT_EQ(order, want);
}

TEST(BangDeterministic, BarrierFailsTheLaunchInsteadOfHanging) {
  DeterministicScope scope(true);
  const cnrtRet_t ret = launch_checked(
      {8, 1, 1}, cnrtFuncTypeUnion1, [] { __sync_cluster(); },
      "deterministic_barrier", 10);
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
}

TEST(BangDeterministic, OffByDefault) { EXPECT_FALSE(xbang::deterministic()); }

// ---------------------------------------------------------------------------
// Counters per launch

TEST(BangCounters, PerLaunchBytesElementsAtomicsBarriers) {
  const int n = 1000, tasks = 8;
  xbang_test::DeviceBuffer in(std::vector<float>(n, 1.f));
  xbang_test::DeviceBuffer out(std::vector<float>(n, 0.f));
  float* in_ptr = static_cast<float*>(in.get());
  float* out_ptr = static_cast<float*>(out.get());
  xbang::Counters c;
  ASSERT_EQ(launch_checked(
                {uint32_t(tasks), 1, 1}, cnrtFuncTypeUnion1,
                [=] {
                  if (__is_mpu()) {
                    __sync_cluster();
                    return;
                  }
                  float* a = reinterpret_cast<float*>(nram_arena());
                  float* b = a + n;
                  __memcpy(a, in_ptr, n * 4, GDRAM2NRAM);
                  __bang_add(b, a, a, n);           // arithmetic n
                  __bang_lt(b, a, b, n);            // compare n
                  __bang_transpose(b, a, 10, 100);  // layout n
                  __memcpy(a + 2 * n, b, 40, NRAM2NRAM, 40, 80, 4);
                  __bang_atomic_reduce_add(out_ptr, a, n);
                  __sync_cluster();
                },
                "counted_kernel", 20, &c),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(c.launches, 1u);
  EXPECT_EQ(c.copy_bytes[GDRAM2NRAM], uint64_t(tasks) * n * 4);
  EXPECT_EQ(c.copy_bytes[NRAM2NRAM], uint64_t(tasks) * 40 * 5);
  EXPECT_EQ(c.copy_bytes[NRAM2GDRAM], 0u);
  EXPECT_EQ(c.elements_of(xbang::Family::kArithmetic), uint64_t(tasks) * n);
  EXPECT_EQ(c.elements_of(xbang::Family::kCompareLogic), uint64_t(tasks) * n);
  EXPECT_EQ(c.elements_of(xbang::Family::kLayout), uint64_t(tasks) * n);
  EXPECT_EQ(c.atomic_updates, uint64_t(tasks) * n);
  // One __sync_cluster arrival per core, MPUs included.
  EXPECT_EQ(c.barriers, uint64_t(tasks + tasks / 4));
  ASSERT_EQ(c.kernels.count("counted_kernel"), 1u);
  EXPECT_EQ(c.kernels.at("counted_kernel").first, 1u);
  EXPECT_GT(c.seconds, 0.0);
  EXPECT_FALSE(c.summary().empty());
  EXPECT_EQ(out.to_host<float>(), std::vector<float>(n, float(tasks)));
}

TEST(BangCounters, LastLaunchIsOnlyTheLastAndTotalsAccumulate) {
  xbang::reset_counters();
  xbang_test::DeviceBuffer g(std::vector<uint8_t>(4096, 1));
  auto copy_kernel = [&](int bytes) {
    return [&g, bytes] { __memcpy(nram_arena(), g.get(), bytes, GDRAM2NRAM); };
  };
  xbang::Counters first, second;
  ASSERT_EQ(launch_checked({2, 1, 1}, cnrtFuncTypeBlock, copy_kernel(1000),
                           "first", 20, &first),
            cnrtSuccess);
  ASSERT_EQ(launch_checked({3, 1, 1}, cnrtFuncTypeBlock, copy_kernel(100),
                           "second", 20, &second),
            cnrtSuccess);
  EXPECT_EQ(first.copy_bytes[GDRAM2NRAM], 2000u);
  EXPECT_EQ(second.copy_bytes[GDRAM2NRAM], 300u);
  EXPECT_EQ(second.kernels.count("first"), 0u);
  const xbang::Counters total = xbang::total_counters();
  EXPECT_EQ(total.copy_bytes[GDRAM2NRAM], 2300u);
  EXPECT_EQ(total.launches, 2u);
  EXPECT_EQ(total.kernels.at("first").first, 1u);
  EXPECT_EQ(total.kernels.at("second").first, 1u);
  xbang::reset_counters();
  EXPECT_EQ(xbang::total_counters().launches, 0u);
  EXPECT_EQ(xbang::total_counters().total_copy_bytes(), 0u);
}

// ---------------------------------------------------------------------------
// CNRT host subset

TEST(BangCnrt, MallocMemcpyMemsetFree) {
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_EQ(cnrtMalloc(&a, 1000), cnrtSuccess);
  ASSERT_EQ(cnrtMalloc(&b, 1000), cnrtSuccess);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(a, b);
  std::vector<uint8_t> host(1000), back(1000, 0);
  for (int i = 0; i < 1000; ++i) host[i] = uint8_t(i * 13);
  EXPECT_EQ(cnrtMemcpy(a, host.data(), 1000, cnrtMemcpyHostToDev), cnrtSuccess);
  EXPECT_EQ(cnrtMemcpy(b, a, 1000, cnrtMemcpyDevToDev), cnrtSuccess);
  EXPECT_EQ(cnrtMemcpy(back.data(), b, 1000, cnrtMemcpyDevToHost), cnrtSuccess);
  EXPECT_EQ(back, host);
  EXPECT_EQ(cnrtMemset(b, 0x7F, 1000), cnrtSuccess);
  EXPECT_EQ(cnrtMemcpy(back.data(), b, 1000, cnrtMemcpyDevToHost), cnrtSuccess);
  EXPECT_EQ(back, std::vector<uint8_t>(1000, 0x7F));
  EXPECT_EQ(cnrtFree(a), cnrtSuccess);
  EXPECT_EQ(cnrtFree(b), cnrtSuccess);
}

TEST(BangCnrt, QueueLifecycleAndErrorStrings) {
  cnrtQueue_t q = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&q), cnrtSuccess);
  ASSERT_NE(q, nullptr);
  std::atomic<int> runs{0};
  EXPECT_EQ(
      xbang::launch(
          {4, 1, 1}, cnrtFuncTypeBlock, q, [&] { ++runs; }, "on_own_queue"),
      cnrtSuccess);
  EXPECT_EQ(cnrtQueueSync(q), cnrtSuccess);
  EXPECT_EQ(runs.load(), 4) << "synchronous queue: done when launch returns";
  EXPECT_EQ(cnrtQueueDestroy(q), cnrtSuccess);
  for (cnrtRet_t r : {cnrtSuccess, cnrtErrorArgsInvalid, cnrtErrorNoMem,
                      cnrtErrorInvalidKernel, cnrtErrorLaunchFailed}) {
    ASSERT_NE(cnrtGetErrorStr(r), nullptr);
    EXPECT_GT(std::strlen(cnrtGetErrorStr(r)), 0u);
  }
  EXPECT_STRNE(cnrtGetErrorStr(cnrtSuccess),
               cnrtGetErrorStr(cnrtErrorArgsInvalid));
}

TEST(BangCnrt, HostParallelismIsPositive) {
  EXPECT_GE(xbang::host_parallelism(), 1);
}

}  // namespace
}  // namespace bang_test
