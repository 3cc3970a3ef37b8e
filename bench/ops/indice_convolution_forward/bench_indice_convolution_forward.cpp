// indice_convolution_forward at the design's network scale, layers 2 to
// 4 (float), on the LiDAR rule books of the tests: the operator, the
// scalar reference, an FMA peak loop measured in the same run, and
// __bang_matmul alone on the operator's tile shapes. Each operator run
// reports achieved GFLOP/s (2 * Ci * Co * sum(indice_num) / time), its
// fraction of the peak, and the time split between the kernels from the
// emulator's per-kernel counters. The speed goal: >= 50% of the peak on the
// layers with Ci, Co >= 32.
#include <bang.h>
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <atomic>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "checked_mode.h"
#include "indice_convolution_forward_runner.h"
#include "machine_limits.h"
#include "recording_reporter.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/launch.h"

namespace {

using indice_conv_test::IndiceConvProblem;

const std::vector<indice_conv_test::RuleBook> &Books() {
  static const std::vector<indice_conv_test::RuleBook> books =
      indice_conv_test::NetworkRuleBooks();
  return books;
}

const IndiceConvProblem &LayerProblem(int index) {
  static std::map<int, IndiceConvProblem> problems;
  auto it = problems.find(index);
  if (it == problems.end()) {
    const auto &layer = indice_conv_test::NetworkLayers()[size_t(index)];
    it = problems
             .emplace(index, indice_conv_test::MakeProblem(
                                 Books()[size_t(index)], layer.ci, layer.co,
                                 layer.geometry.kernel, MLUOP_DTYPE_FLOAT,
                                 MLUOP_LAYOUT_NDHWC, 1000 + uint32_t(index)))
             .first;
  }
  return it->second;
}

std::string LayerLabel(int index) {
  const auto &l = indice_conv_test::NetworkLayers()[size_t(index)];
  return std::string(l.name) + " [" + std::to_string(l.num_act_in) + "," +
         std::to_string(l.ci) + "]->[" + std::to_string(l.num_act_out) + "," +
         std::to_string(l.co) + "]";
}

// CPU seconds of the whole process (every host thread) so far. On a shared
// machine, GFLOP per CPU-second compared with the one-thread FMA loop's is
// the efficiency the operator would have on idle cores.

void SetFlopCounters(benchmark::State &state, double flops, double peak) {
  state.counters["flops"] =
      benchmark::Counter(flops, benchmark::Counter::kIsIterationInvariantRate,
                         benchmark::Counter::kIs1000);
  state.counters["peak_GFLOPs"] = peak;
}

void SetCpuCounters(benchmark::State &state, double flops, double cpu_seconds,
                    double core_peak) {
  const double per_cpu_s =
      flops * double(state.iterations()) / cpu_seconds / 1e9;
  state.counters["GFLOP_per_cpu_s"] = per_cpu_s;
  state.counters["core_peak_per_cpu_s"] = core_peak;
  state.counters["cpu_efficiency"] = per_cpu_s / core_peak;
}

// Seconds per step over the timed iterations, from the per-kernel counters.
struct TimeSplit {
  double fill_transpose = 0, gather = 0, matmul = 0, scatter = 0, fused = 0,
         other = 0;
};
TimeSplit SplitOf(const xbang::Counters &c) {
  TimeSplit s;
  for (const auto &[name, launches_seconds] : c.kernels) {
    const double t = launches_seconds.second;
    auto is = [&](const char *part) {
      return name.find(part) != std::string::npos;
    };
    if (is("GatherMatmulScatter")) {
      s.fused += t;
    } else if (is("Gather")) {
      s.gather += t;
    } else if (is("Matmul")) {
      s.matmul += t;
    } else if (is("ScatterAdd")) {
      s.scatter += t;
    } else if (is("Fill") || is("Transpose")) {
      s.fill_transpose += t;
    } else {
      s.other += t;
    }
  }
  return s;
}

void SetSplitCounters(benchmark::State &state, const xbang::Counters &c) {
  const TimeSplit s = SplitOf(c);
  const double per_iteration_ms = 1e3 / double(state.iterations());
  state.counters["fill_transpose_ms"] = s.fill_transpose * per_iteration_ms;
  if (s.fused > 0) {
    state.counters["fused_ms"] = s.fused * per_iteration_ms;
  } else {
    state.counters["gather_ms"] = s.gather * per_iteration_ms;
    state.counters["matmul_ms"] = s.matmul * per_iteration_ms;
    state.counters["scatter_ms"] = s.scatter * per_iteration_ms;
  }
  state.counters["launches"] = double(c.launches) / double(state.iterations());
}

// The host API (fill, transpose, the fused kernel per offset).
void BM_Operator(benchmark::State &state) {
  const int index = int(state.range(0));
  const IndiceConvProblem &p = LayerProblem(index);
  xbang_bench::set_checked_mode_for_timing();
  xbang_test::Handle handle;
  indice_conv_test::DeviceProblem d(handle, p);
  const double peak = xbang_bench::fma_peak_gflops();
  const double core_peak = xbang_bench::fma_peak_gflops_per_cpu_second();
  RunApi(handle, p, d);  // warm-up: pages, caches, worker threads
  xbang::reset_counters();
  const double cpu0 = xbang_bench::process_cpu_seconds();
  for (auto _ : state) {
    if (RunApi(handle, p, d) != MLUOP_STATUS_SUCCESS) {
      state.SkipWithError("mluOpIndiceConvolutionForward failed");
      break;
    }
  }
  SetCpuCounters(state, p.flops(), xbang_bench::process_cpu_seconds() - cpu0,
                 core_peak);
  SetSplitCounters(state, xbang::total_counters());
  SetFlopCounters(state, p.flops(), peak);
  state.SetLabel(LayerLabel(index) +
                 " pairs=" + std::to_string(p.pair_count()));
}

// The design's decomposition: the separate gather, matmul and scatter-add
// kernels through the workspace, on the API's launch (Union1, all
// clusters), timed step by step from the per-kernel counters.
void BM_SeparateKernels(benchmark::State &state) {
  const int index = int(state.range(0));
  const IndiceConvProblem &p = LayerProblem(index);
  xbang_bench::set_checked_mode_for_timing();
  xbang_test::Handle handle;
  cnrtQueue_t queue;
  mluOpGetQueue(handle, &queue);
  indice_conv_test::DeviceProblem d(handle, p);
  const cnrtDim3_t dim = {4, unsigned(mluOpGetClusterNum(handle)), 1};
  const double peak = xbang_bench::fma_peak_gflops();
  const double core_peak = xbang_bench::fma_peak_gflops_per_cpu_second();
  RunKernels(dim, cnrtFuncTypeUnion1, queue, p, d);
  xbang::reset_counters();
  const double cpu0 = xbang_bench::process_cpu_seconds();
  for (auto _ : state) {
    if (RunKernels(dim, cnrtFuncTypeUnion1, queue, p, d) != cnrtSuccess) {
      state.SkipWithError("a kernel launch failed");
      break;
    }
  }
  SetCpuCounters(state, p.flops(), xbang_bench::process_cpu_seconds() - cpu0,
                 core_peak);
  SetSplitCounters(state, xbang::total_counters());
  SetFlopCounters(state, p.flops(), peak);
  state.SetLabel(LayerLabel(index));
}

void BM_ScalarReference(benchmark::State &state) {
  const int index = int(state.range(0));
  const IndiceConvProblem &p = LayerProblem(index);
  for (auto _ : state) {
    std::vector<float> out = indice_conv_test::Reference(p);
    benchmark::DoNotOptimize(out.data());
  }
  SetFlopCounters(state, p.flops(), 0);
  state.SetLabel(LayerLabel(index));
}

void BM_FmaPeak(benchmark::State &state) {
  double gflops = 0;
  for (auto _ : state) gflops = xbang_bench::fma_peak_gflops();
  state.counters["peak_GFLOPs"] = gflops;
  state.counters["threads"] = xbang::host_parallelism();
}

// Step 5 alone in plain C++, no emulation: every pair's result row (from an
// L1-resident [128, co] block, as the fused kernel's output_seg) added into
// its features_out row under a spin lock of that row, the cheapest form of
// an atomic row add on this CPU. The pairs are dealt as the fused kernel
// deals them (task t takes the t-th of taskDim ranges of every offset), the
// tasks split over the host threads. What the scatter-add of the issue's
// design costs here before any gather or matmul.
void BM_ScatterAddFloor(benchmark::State &state) {
  const int index = int(state.range(0));
  const IndiceConvProblem &p = LayerProblem(index);
  xbang_test::Handle handle;
  const long tasks =
      long(mluOpGetClusterNum(handle)) * mluOpGetCoreNumPerCluster(handle);
  const long co = p.co;
  std::vector<float> output(size_t(p.num_act_out * co), 0.f);
  std::unique_ptr<std::atomic<bool>[]> row_locks(
      new std::atomic<bool>[size_t(p.num_act_out)]);
  for (long r = 0; r < p.num_act_out; ++r) row_locks[r] = false;
  std::vector<float> result_rows(size_t(128 * co), 1.f);
  for (auto _ : state) {
    xbang_bench::split_over_host_threads(
        xbang_bench::host_threads(), tasks, [&](int, long first, long last) {
          for (long task = first; task < last; ++task) {
            for (long k = 0; k < p.kernel_volume(); ++k) {
              const int32_t *output_index =
                  p.indice_pairs.data() + (2 * k + 1) * p.num_act_in;
              const long n = p.indice_num[size_t(k)];
              for (long l = n * task / tasks; l < n * (task + 1) / tasks; ++l) {
                const long row = output_index[l];
                const float *src = &result_rows[size_t((l % 128) * co)];
                float *dst = &output[size_t(row * co)];
                while (
                    row_locks[row].exchange(true, std::memory_order_acquire)) {
                }
                for (long c = 0; c < co; ++c) dst[c] += src[c];
                row_locks[row].store(false, std::memory_order_release);
              }
            }
          }
        });
    benchmark::ClobberMemory();
  }
  state.SetLabel(LayerLabel(index));
}

// __bang_matmul alone: every host thread runs one core that multiplies a
// [rows, ci] NRAM tile by a [ci, co] WRAM tile `reps` times, as the matmul
// kernel does for one load (rows = one task's share of an offset's pairs
// at the default 32 tasks).
__nram__ float bench_lhs_nram[90 * 1024];
__nram__ float bench_result_nram[90 * 1024];
__wram__ float bench_filter_wram[128 * 128];

void BM_MatmulBuiltin(benchmark::State &state) {
  const int rows = int(state.range(0)), ci = int(state.range(1)),
            co = int(state.range(2));
  constexpr int kReps = 20;
  xbang_bench::set_checked_mode_for_timing();
  cnrtQueue_t queue;
  cnrtQueueCreate(&queue);
  const int cores = xbang::host_parallelism();
  const double peak = xbang_bench::fma_peak_gflops();
  auto body = [=] {
    for (int i = 0; i < rows * ci; ++i) bench_lhs_nram[i] = 0.001f * (i % 97);
    for (int i = 0; i < ci * co; ++i) bench_filter_wram[i] = 0.01f * (i % 13);
    for (int r = 0; r < kReps; ++r) {
      __bang_matmul(bench_result_nram, bench_lhs_nram, bench_filter_wram, rows,
                    ci, co);
    }
  };
  for (auto _ : state) {
    xbang::launch({unsigned(cores), 1, 1}, cnrtFuncTypeBlock, queue, body,
                  "BenchMatmul");
  }
  cnrtQueueDestroy(queue);
  SetFlopCounters(state, 2.0 * rows * ci * co * kReps * cores, peak);
}

BENCHMARK(BM_FmaPeak)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);
BENCHMARK(BM_Operator)
    ->DenseRange(1, 3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);
BENCHMARK(BM_SeparateKernels)
    ->DenseRange(1, 3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);
BENCHMARK(BM_ScatterAddFloor)
    ->DenseRange(1, 3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);
BENCHMARK(BM_ScalarReference)
    ->DenseRange(1, 3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);
BENCHMARK(BM_MatmulBuiltin)
    ->Args({1088, 32, 64})
    ->Args({560, 64, 128})
    ->Args({700, 128, 128})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(0.5);

// The speed ratios per layer, from the runs above.
using Entry = xbang_bench::RecordingReporter::Entry;
void PrintRatios(const xbang_bench::RecordingReporter &runs) {
  std::printf(
      "\nindice_convolution_forward, float, layers 2-4 of "
      "docs/ops/indice_convolution_forward.md (tests)\n");
  for (int index = 1; index <= 3; ++index) {
    const std::string arg = "/" + std::to_string(index);
    const Entry *op = runs.find("BM_Operator" + arg);
    const Entry *separate = runs.find("BM_SeparateKernels" + arg);
    const Entry *ref = runs.find("BM_ScalarReference" + arg);
    const Entry *scatter_floor = runs.find("BM_ScatterAddFloor" + arg);
    if (op == nullptr) continue;
    const IndiceConvProblem &p = LayerProblem(index);
    const double gflops = p.flops() / op->seconds / 1e9;
    const double peak = op->counters.at("peak_GFLOPs");
    std::printf(
        "  %s, %.2f GFLOP\n    operator: %.1f ms, %.1f GFLOP/s = %.0f%% of "
        "the %.1f GFLOP/s FMA peak (wall); %.1f GFLOP per CPU-second = "
        "%.0f%% of one core's %.1f",
        LayerLabel(index).c_str(), p.flops() / 1e9, op->seconds * 1e3, gflops,
        100 * gflops / peak, peak, op->counters.at("GFLOP_per_cpu_s"),
        100 * op->counters.at("cpu_efficiency"),
        op->counters.at("core_peak_per_cpu_s"));
    if (ref != nullptr) {
      std::printf("; %.1fx the scalar reference (%.0f ms)",
                  ref->seconds / op->seconds, ref->seconds * 1e3);
    }
    std::printf("\n");
    if (scatter_floor != nullptr) {
      // The time the whole operator may take at half the peak.
      const double budget = p.flops() / (0.5 * peak * 1e9);
      std::printf(
          "    step 5 alone in plain C++ (row locks, no emulation): %.1f ms = "
          "%.0f%% of the %.1f ms the operator may take at 50%% of the peak\n",
          scatter_floor->seconds * 1e3, 100 * scatter_floor->seconds / budget,
          budget * 1e3);
    }
    if (separate == nullptr) continue;
    const double g = separate->counters.at("gather_ms"),
                 m = separate->counters.at("matmul_ms"),
                 s = separate->counters.at("scatter_ms"),
                 f = separate->counters.at("fill_transpose_ms");
    const double sum = g + m + s + f;
    std::printf(
        "    separate kernels: %.1f ms (%.0f%% of the CPU peak): gather "
        "%.1f ms (%.0f%%), matmul %.1f ms (%.0f%%), scatter-add %.1f ms "
        "(%.0f%%), fill+transpose %.1f ms (%.0f%%)\n",
        separate->seconds * 1e3, 100 * separate->counters.at("cpu_efficiency"),
        g, 100 * g / sum, m, 100 * m / sum, s, 100 * s / sum, f, 100 * f / sum);
  }
}

}  // namespace

int main(int argc, char **argv) {
  return xbang_bench::run_benchmarks(argc, argv, PrintRatios);
}
