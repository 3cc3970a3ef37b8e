// The measurement loop shared by the built-in family benchmarks: a case runs
// inside a one-task Block launch, so the built-in sees real NRAM and a core
// context, as variant 0 (the built-in), 1 (a plain scalar loop of the same
// semantics) or 2 (std::memcpy of the bytes the built-in touches).
#pragma once

#include <bang.h>
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "recording_reporter.h"

// The scalar models are compiled without auto-vectorisation, so that they
// are what their name says.
#define SCALAR_LOOP                                      \
  __attribute__((noinline, optimize("no-tree-vectorize", \
                                    "no-tree-loop-distribute-patterns")))

namespace xbang_bench {

// count runs of size bytes, dst_stride and src_stride bytes apart: the
// scalar model of strided moves and copies.
SCALAR_LOOP inline void scalar_copy_strided(int8_t* d, const int8_t* s,
                                            int size, int dst_stride,
                                            int src_stride, int count) {
  for (int k = 0; k < count; ++k) {
    for (int i = 0; i < size; ++i) {
      d[k * dst_stride + i] = s[k * src_stride + i];
    }
  }
}

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

// The ratio table every family benchmark prints after its runs, one row per
// case whose three variants ran: `label(c)` gives the case's first cells
// ("a | b", headed by label_header), then the built-in's and memcpy's GB/s
// over the touched bytes, built-in/memcpy and scalar/built-in time from real
// time and from CPU time (the emulated core's own thread: on a shared
// machine the steadier measure), and `extra(c, runs)` a last cell (headed by
// extra_header; "-" when there is nothing to say).
template <class Case, class Name, class Label, class Extra>
void print_ratio_table(const std::vector<Case>& cases,
                       const RecordingReporter& runs, Name case_name,
                       const char* label_header, Label label,
                       const char* extra_header, Extra extra) {
  const std::string header(label_header);
  int label_cells = 1;
  for (char ch : header) label_cells += ch == '|' ? 1 : 0;
  std::printf(
      "\n| %s | built-in GB/s | memcpy GB/s | built-in/memcpy (real) | "
      "scalar/built-in (real) | built-in/memcpy (cpu) | scalar/built-in "
      "(cpu) | %s |\n|",
      label_header, extra_header);
  for (int i = 0; i < label_cells + 7; ++i) std::printf("---|");
  std::printf("\n");
  for (const Case& c : cases) {
    VariantRuns v;
    if (!find_variants(runs, c, case_name, &v)) continue;
    const double bytes = double(c.touched_bytes);
    std::printf(
        "| %s | %.1f | %.1f | %.2f | %.2f | %.2f | %.2f | %s |\n",
        label(c).c_str(), bytes / v.builtin->seconds / 1e9,
        bytes / v.memcpy->seconds / 1e9, v.builtin->seconds / v.memcpy->seconds,
        v.scalar->seconds / v.builtin->seconds,
        v.builtin->cpu_seconds / v.memcpy->cpu_seconds,
        v.scalar->cpu_seconds / v.builtin->cpu_seconds, extra(c, v).c_str());
  }
}

}  // namespace xbang_bench
