// mlu-ops' own operators (built from mlu-ops main's sources) beside xbang's
// operators of the same API, on the same data, in the same run: for each case
// of real_kernel_cases.h, BM_RealKernel/<op>/<case>/xbang and .../mlu-ops.
// Checked mode is off unless XBANG_BENCH_CHECKED=1 (checked_mode.h). After
// the runs, the ratio mlu-ops / xbang of each case is printed (medians when
// --benchmark_repetitions is given). On a shared machine:
//   bench_mlu_ops_kernels --benchmark_repetitions=5 \
//       --benchmark_enable_random_interleaving=true
#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "checked_mode.h"
#include "real_kernel_cases.h"
#include "recording_reporter.h"

namespace {

using real_kernels::Comparison;

const std::vector<real_kernels::Case>& all_cases() {
  static const std::vector<real_kernels::Case> cases = real_kernels::cases();
  return cases;
}

// The case on the device: one at a time, kept while its benchmarks run.
Comparison& comparison_of(size_t index,
                          const mlu_ops_library::Library& library) {
  static size_t current = size_t(-1);
  static std::unique_ptr<Comparison> comparison;
  if (current != index) {
    comparison.reset();
    comparison = all_cases()[index].make(library);
    current = index;
  }
  return *comparison;
}

void run_case(benchmark::State& state, size_t index, bool mlu_ops,
              const mlu_ops_library::Library* library) {
  xbang_bench::set_checked_mode_for_timing();
  Comparison& c = comparison_of(index, *library);
  for (auto _ : state) {
    const int status = mlu_ops ? c.run_mlu_ops() : c.run_xbang();
    if (status != 0) {
      state.SkipWithError(mlu_ops ? "mlu-ops' operator failed"
                                  : "xbang's operator failed");
      break;
    }
  }
  state.counters["bytes_per_second"] = benchmark::Counter(
      c.bytes_moved(), benchmark::Counter::kIsIterationInvariantRate,
      benchmark::Counter::kIs1000);
}

std::string benchmark_name(const real_kernels::Case& c) {
  return "BM_RealKernel/" + c.op + "/" + c.shape + " " + c.dtype;
}

}  // namespace

int main(int argc, char** argv) {
  std::string error;
  const mlu_ops_library::Library* library =
      mlu_ops_library::Library::get(&error);
  if (library == nullptr) {
    std::fprintf(stderr, "cannot load mlu-ops' operators: %s\n", error.c_str());
    return 1;
  }
  for (size_t i = 0; i < all_cases().size(); ++i) {
    const real_kernels::Case& c = all_cases()[i];
    const std::string name = benchmark_name(c);
    for (const bool mlu_ops : {false, true}) {
      benchmark::RegisterBenchmark(
          (name + (mlu_ops ? "/mlu-ops" : "/xbang")).c_str(),
          [i, mlu_ops, library](benchmark::State& state) {
            run_case(state, i, mlu_ops, library);
          })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->MinTime(0.5);
    }
  }
  return xbang_bench::run_benchmarks(
      argc, argv, [](const xbang_bench::RecordingReporter& reporter) {
        std::printf("\nmlu-ops' operator / xbang's, real time:\n");
        for (const real_kernels::Case& c : all_cases()) {
          const std::string name = benchmark_name(c);
          const double own = reporter.seconds(name + "/xbang");
          const double theirs = reporter.seconds(name + "/mlu-ops");
          if (own > 0 && theirs > 0) {
            std::printf("  %-72s %9.3f ms / %9.3f ms = %5.2fx\n",
                        (c.op + " " + c.shape + " " + c.dtype).c_str(),
                        1e3 * theirs, 1e3 * own, theirs / own);
          }
        }
      });
}
