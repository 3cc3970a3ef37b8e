// mlu-ops' own operators (built from mlu-ops main's sources) beside xbang's
// operators of the same API, on the same data, in the same run: for each case
// of real_kernel_cases.h, BM_RealKernel/<op>/<case>/xbang and .../mlu-ops,
// each with checked mode off and on (.../checked). After the runs, per case:
// the ratio mlu-ops / xbang, and what checked mode costs each (medians when
// --benchmark_repetitions is given). On a shared machine:
//   bench_mlu_ops_kernels --benchmark_repetitions=5 \
//       --benchmark_enable_random_interleaving=true
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "real_kernel_cases.h"
#include "recording_reporter.h"
#include "xbang/runtime/checked.h"

namespace {

using real_kernels::Comparison;

const std::vector<real_kernels::Case>& all_cases() {
  static const std::vector<real_kernels::Case> cases = real_kernels::cases();
  return cases;
}

// Each case on the device, made at its first benchmark and kept, so that
// interleaved repetitions do not make it again.
Comparison& comparison_of(size_t index,
                          const mlu_ops_library::Library& library) {
  static std::map<size_t, std::unique_ptr<Comparison>> made;
  std::unique_ptr<Comparison>& comparison = made[index];
  if (!comparison) comparison = all_cases()[index].make(library);
  return *comparison;
}

struct Variant {
  bool mlu_ops;
  bool checked;
  const char* suffix;
};
constexpr Variant kVariants[] = {{false, false, "/xbang"},
                                 {true, false, "/mlu-ops"},
                                 {false, true, "/xbang/checked"},
                                 {true, true, "/mlu-ops/checked"}};

void run_case(benchmark::State& state, size_t index, const Variant& variant,
              const mlu_ops_library::Library* library) {
  Comparison& c = comparison_of(index, *library);
  xbang::checked::set_enabled(variant.checked);
  for (auto _ : state) {
    const int status = variant.mlu_ops ? c.run_mlu_ops() : c.run_xbang();
    if (status != 0) {
      state.SkipWithError(variant.mlu_ops ? "mlu-ops' operator failed"
                                          : "xbang's operator failed");
      break;
    }
  }
  xbang::checked::set_enabled(false);
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
    for (const Variant& variant : kVariants) {
      benchmark::RegisterBenchmark(
          (name + variant.suffix).c_str(),
          [i, &variant, library](benchmark::State& state) {
            run_case(state, i, variant, library);
          })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->MinTime(0.5);
    }
  }
  return xbang_bench::run_benchmarks(
      argc, argv, [](const xbang_bench::RecordingReporter& reporter) {
        std::printf(
            "\nReal time, ms: mlu-ops' operator, xbang's, their ratio; each "
            "with checked mode on, and its cost (checked / off):\n");
        for (const real_kernels::Case& c : all_cases()) {
          const std::string name = benchmark_name(c);
          double ms[4];
          for (int v = 0; v < 4; ++v) {
            ms[v] = 1e3 * reporter.seconds(name + kVariants[v].suffix);
          }
          if (ms[0] <= 0 || ms[1] <= 0) continue;
          std::printf("  %-68s %8.2f %8.2f %5.2fx",
                      (c.op + " " + c.shape + " " + c.dtype).c_str(), ms[1],
                      ms[0], ms[1] / ms[0]);
          if (ms[2] > 0 && ms[3] > 0) {
            std::printf("   checked %8.2f %8.2f  cost %4.2fx %4.2fx", ms[3],
                        ms[2], ms[3] / ms[1], ms[2] / ms[0]);
          }
          std::printf("\n");
        }
      });
}
