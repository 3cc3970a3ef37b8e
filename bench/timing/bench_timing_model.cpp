// The timing model for a kernel author (docs/timing-model.md,
// docs/benchmarks.md):
//   - BM_Variant: one kernel in four variants (plain or two-stage ping-pong,
//     on one cluster or four), each with its CPU time and, as counters, its
//     modelled MLU time (mlu_us), the busy share of each stream and its
//     bound (bench/common/modelled_time.h);
//   - BM_ModelCost: what the model costs the emulation: the same one-task
//     kernels built with the model (modelled) and without it (unmodelled, a
//     library compiled with XBANG_TIMING_MODEL=0), timed in this run; a
//     table at the end gives the ratio of CPU times (one task runs on the
//     benchmark's thread, so other processes' load does not enter it), whose
//     target is at most 1.10.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <vector>

#include "model_cost_kernels.h"
#include "modelled_time.h"
#include "recording_reporter.h"
#include "xbang/runtime/checked.h"

namespace {

constexpr int kTiles = 64;
constexpr int kAdds = 2;
constexpr int kSmallTiles = 4096;

struct DeviceFloats {
  explicit DeviceFloats(size_t n) {
    if (cnrtMalloc(&p, n * sizeof(float)) != cnrtSuccess) p = nullptr;
  }
  ~DeviceFloats() { cnrtFree(p); }
  float* get() const { return static_cast<float*>(p); }
  void* p = nullptr;
};

DeviceFloats& input() {
  static DeviceFloats in(size_t(kTiles) * kCostTileFloats);
  return in;
}
DeviceFloats& output() {
  static DeviceFloats out(size_t(kTiles) * kCostTileFloats);
  return out;
}

struct Variant {
  const char* name;
  int tasks;
  bool ping_pong;
};
constexpr Variant kVariants[] = {
    {"plain, 1 cluster", 4, false},
    {"ping-pong, 1 cluster", 4, true},
    {"plain, 4 clusters", 16, false},
    {"ping-pong, 4 clusters", 16, true},
};

void BM_Variant(benchmark::State& state) {
  const Variant& v = kVariants[state.range(0)];
  xbang_bench::ModelledSpan span;
  for (auto _ : state) {
    if (modelled_stream(input().get(), output().get(), kTiles, kAdds, v.tasks,
                        v.ping_pong) != cnrtSuccess) {
      state.SkipWithError("launch failed");
      return;
    }
  }
  span.report(state);
  state.SetLabel(
      std::string(v.name) + ", " +
      xbang::bound_name(xbang::last_launch_counters().modelled.bound()) +
      "-bound");
}
BENCHMARK(BM_Variant)->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);

// range(0): kernel (0 stream ping-pong, 1 small tiles); range(1): 0 with
// the model, 1 without.
void BM_ModelCost(benchmark::State& state) {
  const bool small = state.range(0) == 1;
  const bool modelled = state.range(1) == 0;
  auto stream = modelled ? modelled_stream : unmodelled_stream;
  auto small_tiles = modelled ? modelled_small_tiles : unmodelled_small_tiles;
  for (auto _ : state) {
    const cnrtRet_t ret =
        small ? small_tiles(input().get(), output().get(), kSmallTiles)
              : stream(input().get(), output().get(), kTiles, kAdds, 1, true);
    if (ret != cnrtSuccess) {
      state.SkipWithError("launch failed");
      return;
    }
  }
  state.SetLabel(std::string(small ? "small tiles" : "stream ping-pong") +
                 (modelled ? ", modelled" : ", unmodelled"));
}
BENCHMARK(BM_ModelCost)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);

void print_ratios(const xbang_bench::RecordingReporter& r) {
  std::printf("\nmodelled time by variant (the MLU's, not this CPU's):\n");
  for (int i = 0; i < 4; ++i) {
    const std::string key = "BM_Variant/" + std::to_string(i);
    std::printf("  %-24s %10.1f us modelled  %10.1f us on this CPU\n",
                kVariants[i].name, r.counter(key, "mlu_us"),
                r.seconds(key) * 1e6);
  }
  std::printf(
      "\nthe model's cost (CPU time with / without, same run; target <= "
      "1.10):\n");
  const char* const kKernels[] = {"stream ping-pong", "small tiles"};
  for (int k = 0; k < 2; ++k) {
    const std::string base = "BM_ModelCost/" + std::to_string(k) + "/";
    const auto* with = r.find(base + "0");
    const auto* without = r.find(base + "1");
    if (with != nullptr && without != nullptr && without->cpu_seconds > 0) {
      std::printf("  %-18s %.3f (%.1f us / %.1f us)\n", kKernels[k],
                  with->cpu_seconds / without->cpu_seconds,
                  with->cpu_seconds * 1e6, without->cpu_seconds * 1e6);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  xbang::checked::set_enabled(false);
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
