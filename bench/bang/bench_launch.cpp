// The launch runtime's own cost: a Union1 launch of 8 compute tasks (2
// clusters, plus their memory cores) whose tasks each busy-wait a fixed time,
// against the same work split over the host threads without the emulator
// (xbang_bench::split_over_host_threads), and against the ideal: the work
// divided by the host threads. Short launches are what an operator of a few
// kernels on small inputs is made of (dynamic_scatter_backward's sum mode is
// one 0.4 ms launch), so a slow wake-up of the second thread costs them a
// large share. After the runs a table gives, per task length, the launch's
// time over the ideal and over the plain host threads, measured in this run.
// A wide Union1 launch whose cores meet at one __sync_cluster gives the cost
// of a barrier per emulated core, against the same launch without it.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <iterator>
#include <string>

#include "machine_limits.h"
#include "recording_reporter.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/launch.h"

namespace {

constexpr int kTasks = 8;
constexpr cnrtDim3_t kDim{4, 2, 1};  // Union1: 4 cores per cluster
constexpr int kTaskMicros[] = {0, 10, 50, 200};

// Busy-waits `micros` microseconds (real time, so that a preempted task does
// not take longer than asked).
void busy_wait(int micros) {
  if (micros <= 0) return;
  const auto end =
      std::chrono::steady_clock::now() + std::chrono::microseconds(micros);
  while (std::chrono::steady_clock::now() < end) {
  }
}

// Empty kernels: the fixed cost of a launch of each shape.
struct Shape {
  const char* name;
  cnrtDim3_t dim;
  cnrtFunctionType_t type;
};
constexpr Shape kEmptyShapes[] = {
    {"one Block task", {1, 1, 1}, cnrtFuncTypeBlock},
    {"32 Block tasks", {32, 1, 1}, cnrtFuncTypeBlock},
    {"Union1 of 8 clusters", {4, 8, 1}, cnrtFuncTypeUnion1},
};

void BM_EmptyLaunch(benchmark::State& state) {
  const Shape& shape = kEmptyShapes[state.range(0)];
  for (auto _ : state) {
    xbang::launch(
        shape.dim, shape.type, nullptr, [] {}, "bench_launch_empty");
  }
  state.SetLabel(shape.name);
}
BENCHMARK(BM_EmptyLaunch)
    ->ArgName("shape")
    ->DenseRange(0, int(std::size(kEmptyShapes)) - 1)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

void BM_Launch(benchmark::State& state) {
  const int micros = int(state.range(0));
  for (auto _ : state) {
    xbang::launch(
        kDim, cnrtFuncTypeUnion1, nullptr,
        [micros] {
          if (!__is_mpu()) busy_wait(micros);
        },
        "bench_launch");
  }
}

// The same tasks on the host threads with no emulator: the floor of any
// runtime on this machine (its own wake-ups included).
void BM_HostThreads(benchmark::State& state) {
  const int micros = int(state.range(0));
  const int threads = xbang_bench::host_threads();
  for (auto _ : state) {
    xbang_bench::split_over_host_threads(threads, kTasks,
                                         [micros](int, long first, long last) {
                                           for (long t = first; t < last; ++t)
                                             busy_wait(micros);
                                         });
  }
}

// Union1 launches of `clusters` clusters (4 compute cores and a memory core
// each) whose cores do nothing but, when `barrier` is set, meet once at
// __sync_cluster: each core at a barrier needs a host thread of its own.
constexpr int kBarrierClusters[] = {8, 512, 5120};

void BM_UnionBarrier(benchmark::State& state) {
  const int clusters = int(state.range(0));
  const bool barrier = state.range(1) != 0;
  const cnrtDim3_t dim{unsigned(4 * clusters), 1, 1};
  for (auto _ : state) {
    xbang::launch(
        dim, cnrtFuncTypeUnion1, nullptr,
        [barrier] {
          if (barrier) __sync_cluster();
        },
        "bench_union_barrier");
  }
}
BENCHMARK(BM_UnionBarrier)
    ->ArgNames({"clusters", "barrier"})
    ->ArgsProduct({{std::begin(kBarrierClusters), std::end(kBarrierClusters)},
                   {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void task_lengths(benchmark::internal::Benchmark* b) {
  b->ArgName("task_us")->Unit(benchmark::kMicrosecond)->UseRealTime();
  for (int micros : kTaskMicros) b->Arg(micros);
}

BENCHMARK(BM_Launch)->Apply(task_lengths);
BENCHMARK(BM_HostThreads)->Apply(task_lengths);

void print_ratios(const xbang_bench::RecordingReporter& runs) {
  const int threads = xbang_bench::host_threads();
  std::printf("\nempty launch (mean over the calls, tail included):\n");
  for (size_t i = 0; i < std::size(kEmptyShapes); ++i) {
    const double t = runs.seconds("BM_EmptyLaunch/shape:" + std::to_string(i));
    if (t > 0) std::printf("  %-22s %8.1f us\n", kEmptyShapes[i].name, t * 1e6);
  }
  std::printf(
      "\nlaunch of %d tasks (Union1, %d host threads): time, and its ratio to "
      "the ideal\n(tasks x task time / threads) and to the same tasks on plain "
      "host threads\n",
      kTasks, threads);
  for (int micros : kTaskMicros) {
    const std::string arg = "/task_us:" + std::to_string(micros);
    const double launch = runs.seconds("BM_Launch" + arg);
    const double host = runs.seconds("BM_HostThreads" + arg);
    if (launch <= 0 || host <= 0) continue;
    const double ideal = 1e-6 * micros * ((kTasks + threads - 1) / threads);
    std::printf("  task %4d us: launch %8.1f us", micros, launch * 1e6);
    if (ideal > 0) std::printf(" | launch/ideal %.2f", launch / ideal);
    std::printf(" | launch/host threads %.2f (host %8.1f us)\n", launch / host,
                host * 1e6);
  }
  std::printf(
      "\nUnion1 launch whose cores meet at one __sync_cluster: the barrier's "
      "cost per\nemulated core (memory cores included), over the same launch "
      "without it\n");
  for (int clusters : kBarrierClusters) {
    const std::string arg = "/clusters:" + std::to_string(clusters);
    const double with = runs.seconds("BM_UnionBarrier" + arg + "/barrier:1");
    const double without = runs.seconds("BM_UnionBarrier" + arg + "/barrier:0");
    if (with <= 0 || without <= 0) continue;
    const int cores = 5 * clusters;
    std::printf(
        "  %5d clusters (%6d cores): %9.2f ms | %6.2f us per core at the "
        "barrier | %.2f us without\n",
        clusters, cores, with * 1e3, (with - without) * 1e6 / cores,
        without * 1e6 / cores);
  }
}

}  // namespace

int main(int argc, char** argv) {
  xbang::checked::set_enabled(false);
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
