// The measurement loop shared by the built-in family benchmarks: a case runs
// inside a one-task Block launch, so the built-in sees real NRAM and a core
// context, as variant 0 (the built-in), 1 (a plain scalar loop of the same
// semantics) or 2 (std::memcpy of the bytes the built-in touches).
#pragma once

#include <bang.h>
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "recording_reporter.h"

namespace xbang_bench {

// `Case` has init(nram), builtin(nram), scalar(nram) and touched_bytes;
// `nram()` returns the benchmark's __nram__ buffer (read on the core).
template <class Case, class Nram>
void run_in_core(benchmark::State& state, const Case& c, int variant, Nram nram,
                 const char* kernel_name) {
  static std::vector<int8_t> copy_src(size_t(1) << 20, 1),
      copy_dst(size_t(1) << 20, 0);
  const cnrtRet_t ret = xbang::launch(
      {1, 1, 1}, cnrtFuncTypeBlock, nullptr,
      [&] {
        int8_t* buffer = nram();
        c.init(buffer);
        for (auto _ : state) {
          switch (variant) {
            case 0:
              c.builtin(buffer);
              break;
            case 1:
              c.scalar(buffer);
              break;
            default:
              std::memcpy(copy_dst.data(), copy_src.data(), c.touched_bytes);
          }
          benchmark::ClobberMemory();
        }
      },
      kernel_name);
  if (ret != cnrtSuccess) state.SkipWithError("launch failed");
  state.counters["bytes/s"] =
      benchmark::Counter(double(c.touched_bytes) * double(state.iterations()),
                         benchmark::Counter::kIsRate);
}

inline constexpr const char* kInCoreVariants[] = {"builtin", "scalar",
                                                  "memcpy"};

// Registers the three variants of every case, named case_name(c, variant).
template <class Case, class Nram, class Name>
void register_in_core(const std::vector<Case>& cases, Nram nram,
                      const char* kernel_name, Name case_name) {
  for (const Case& c : cases) {
    for (int v = 0; v < 3; ++v) {
      benchmark::RegisterBenchmark(
          case_name(c, v).c_str(),
          [&c, v, nram, kernel_name](benchmark::State& s) {
            run_in_core(s, c, v, nram, kernel_name);
          })
          ->UseRealTime()
          ->MinTime(0.05)
          ->Unit(benchmark::kMicrosecond);
    }
  }
}

// The built-in, scalar and memcpy runs of one case, for ratio tables.
struct VariantRuns {
  const RecordingReporter::Entry* builtin = nullptr;
  const RecordingReporter::Entry* scalar = nullptr;
  const RecordingReporter::Entry* memcpy = nullptr;
};
// False when a variant was filtered out or has no time.
template <class Case, class Name>
bool find_variants(const RecordingReporter& runs, const Case& c, Name case_name,
                   VariantRuns* found) {
  found->builtin = runs.find(case_name(c, 0));
  found->scalar = runs.find(case_name(c, 1));
  found->memcpy = runs.find(case_name(c, 2));
  for (const auto* e : {found->builtin, found->scalar, found->memcpy}) {
    if (e == nullptr || e->seconds <= 0 || e->cpu_seconds <= 0) return false;
  }
  return true;
}

}  // namespace xbang_bench
