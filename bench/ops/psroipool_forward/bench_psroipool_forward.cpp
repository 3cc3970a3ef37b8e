// psroipool_forward on the design's case (1) and the R-FCN case of issue
// 5 (input [1, 38, 63, 1029], 300 rois, group 7, scale 1/16): the operator
// (host API, default gather path), the kernel on each gather path, the scalar
// reference, and memcpy of the bytes the operator must move, all in the same
// run. Counters: bins and bytes per second. After the runs the ratios of the
// issue's goal are printed: reference time / operator time (goal >= 2) and
// operator time on R-FCN (aim < 3 ms), from the median of the repetitions.
// On a shared machine run it as
//   bench_psroipool_forward --benchmark_repetitions=5 \
//       --benchmark_enable_random_interleaving=true
// and read the cpu_all_threads_ms counter too (CPU time of every thread per
// call), which load from other processes disturbs less than the wall time.
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "checked_mode.h"
#include "machine_limits.h"
#include "psroipool_forward_runner.h"
#include "recording_reporter.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

using psroipool_data::Case;

// Arg 0: doc (1); arg 1: R-FCN.
const Case& bench_case(int64_t index) {
  static const Case doc1 = psroipool_data::doc_case_1();
  static const Case rfcn = psroipool_data::rfcn_case();
  return index == 0 ? doc1 : rfcn;
}

// CPU seconds of every thread of the process: the emulated cores run on
// worker threads, which Google Benchmark's CPU column does not see.
double process_cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Per-iteration CPU time of all threads, in ms; on a loaded machine it
// measures the work better than the wall time.
struct ProcessCpuTimer {
  double start = process_cpu_seconds();
  void report(benchmark::State& state) const {
    state.counters["cpu_all_threads_ms"] =
        1e3 * (process_cpu_seconds() - start) / double(state.iterations());
  }
};

void set_counters(benchmark::State& state, const Case& c) {
  const double bytes = psroipool_data::bytes_moved(c);
  state.counters["bins_per_second"] =
      benchmark::Counter(double(psroipool_data::bins_of(c.shape)),
                         benchmark::Counter::kIsIterationInvariantRate,
                         benchmark::Counter::kIs1000);
  state.counters["bytes_per_second"] =
      benchmark::Counter(bytes, benchmark::Counter::kIsIterationInvariantRate,
                         benchmark::Counter::kIs1000);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
  state.SetLabel(c.name);
}

void BM_PsRoiPoolForward_Operator(benchmark::State& state) {
  const Case& c = bench_case(state.range(0));
  xbang_bench::set_checked_mode_for_timing();
  psroipool_run::DeviceCase d(c);
  xbang_test::Handle handle;
  const ProcessCpuTimer cpu;
  for (auto _ : state) {
    if (psroipool_run::run_api(handle, c, d) != MLUOP_STATUS_SUCCESS) {
      state.SkipWithError("mluOpPsRoiPoolForward failed");
      break;
    }
  }
  cpu.report(state);
  state.counters["tasks"] =
      double(mluOpGetClusterNum(handle) * mluOpGetCoreNumPerCluster(handle));
  set_counters(state, c);
}

// The kernel through its wrapper with the host's launch (Block, one task per
// core, at most one per roi) on one gather path.
void run_kernel_bench(benchmark::State& state, PsRoiPoolGatherPath path) {
  const Case& c = bench_case(state.range(0));
  xbang_bench::set_checked_mode_for_timing();
  psroipool_run::DeviceCase d(c);
  xbang_test::Handle handle;
  cnrtQueue_t queue = nullptr;
  mluOpGetQueue(handle, &queue);
  const int cores =
      mluOpGetClusterNum(handle) * mluOpGetCoreNumPerCluster(handle);
  const unsigned tasks = unsigned(std::min(cores, c.shape.rois_num));
  const ProcessCpuTimer cpu;
  for (auto _ : state) {
    if (psroipool_run::run_kernel(c, d, {tasks, 1, 1}, cnrtFuncTypeBlock, queue,
                                  path) != cnrtSuccess) {
      state.SkipWithError("KernelPsRoiPoolForward failed");
      break;
    }
  }
  cpu.report(state);
  state.counters["tasks"] = tasks;
  set_counters(state, c);
  state.SetLabel(c.name + " " + xbang::last_launch_counters().summary());
}

void BM_PsRoiPoolForward_KernelNram2Nram(benchmark::State& state) {
  run_kernel_bench(state, PSROIPOOL_GATHER_NRAM2NRAM);
}

void BM_PsRoiPoolForward_KernelGdram2Nram(benchmark::State& state) {
  run_kernel_bench(state, PSROIPOOL_GATHER_GDRAM2NRAM);
}

void BM_PsRoiPoolForward_ScalarReference(benchmark::State& state) {
  const Case& c = bench_case(state.range(0));
  std::vector<float> output(size_t(c.shape.output_elements()));
  std::vector<int32_t> mapping(output.size());
  const ProcessCpuTimer cpu;
  for (auto _ : state) {
    psroipool_ref::psroipool_forward(c.shape, c.input.data(), c.rois.data(),
                                     output.data(), mapping.data());
    benchmark::DoNotOptimize(output.data());
    benchmark::ClobberMemory();
  }
  cpu.report(state);
  set_counters(state, c);
}

void BM_PsRoiPoolForward_MemcpyOfBytesMoved(benchmark::State& state) {
  const Case& c = bench_case(state.range(0));
  const size_t bytes = size_t(psroipool_data::bytes_moved(c));
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), bytes);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  set_counters(state, c);
}

#define PSROIPOOL_BENCH(fn, seconds)  \
  BENCHMARK(fn)                       \
      ->Arg(0)                        \
      ->Arg(1)                        \
      ->Unit(benchmark::kMillisecond) \
      ->UseRealTime()                 \
      ->MinTime(seconds)

PSROIPOOL_BENCH(BM_PsRoiPoolForward_Operator, 1.0);
PSROIPOOL_BENCH(BM_PsRoiPoolForward_KernelGdram2Nram, 1.0);
PSROIPOOL_BENCH(BM_PsRoiPoolForward_KernelNram2Nram, 1.0);
PSROIPOOL_BENCH(BM_PsRoiPoolForward_ScalarReference, 1.0);
PSROIPOOL_BENCH(BM_PsRoiPoolForward_MemcpyOfBytesMoved, 0.5);

// The speed ratios per case, medians over the repetitions
// (--benchmark_repetitions, best with --benchmark_enable_random_interleaving
// on a busy machine).
void print_ratios(const xbang_bench::RecordingReporter& runs) {
  const auto seconds = [&](const char* fn, int arg) {
    return runs.seconds(fn + ("/" + std::to_string(arg)));
  };
  for (int arg = 0; arg < 2; ++arg) {
    const Case& c = bench_case(arg);
    const double op = seconds("BM_PsRoiPoolForward_Operator", arg);
    const double gdram = seconds("BM_PsRoiPoolForward_KernelGdram2Nram", arg);
    const double nram = seconds("BM_PsRoiPoolForward_KernelNram2Nram", arg);
    const double ref = seconds("BM_PsRoiPoolForward_ScalarReference", arg);
    const double copy = seconds("BM_PsRoiPoolForward_MemcpyOfBytesMoved", arg);
    if (op == 0 || ref == 0) continue;
    const double bytes = psroipool_data::bytes_moved(c);
    const double bins = double(psroipool_data::bins_of(c.shape));
    std::printf("\npsroipool_forward %s: %lld bins, %.2f MB moved\n",
                c.name.c_str(), (long long)psroipool_data::bins_of(c.shape),
                bytes / 1e6);
    const auto line = [&](const char* what, double s) {
      if (s > 0) {
        std::printf("  %-26s %8.3f ms  %7.2f Mbins/s  %6.2f GB/s\n", what,
                    s * 1e3, bins / s / 1e6, bytes / s / 1e9);
      }
    };
    line("operator (default path)", op);
    line("kernel GDRAM2NRAM", gdram);
    line("kernel NRAM2NRAM", nram);
    line("scalar reference", ref);
    line("memcpy of the bytes", copy);
    std::printf("  reference / operator          = %.2f (goal >= 2)\n",
                ref / op);
    if (gdram > 0) {
      std::printf("  reference / GDRAM2NRAM kernel = %.2f\n", ref / gdram);
    }
    if (nram > 0) {
      std::printf("  reference / NRAM2NRAM kernel  = %.2f\n", ref / nram);
    }
    if (copy > 0) {
      std::printf("  memcpy time / operator time   = %.3f\n", copy / op);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
