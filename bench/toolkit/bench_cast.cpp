// cnrtCastDataType_V2 on the conversions mlu-ops' test suite makes for every
// case (float to half and half to float, rounding mode rm, whole tensors),
// against a memcpy that reads and writes as many bytes. A table at the end
// gives the ratios measured in this run.
#include <benchmark/benchmark.h>
#include <cnrt.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "recording_reporter.h"

namespace {

constexpr int kElements[] = {1 << 12, 1 << 20, 1 << 24};

struct Conversion {
  const char* name;
  cnrtDataType_V2_t from, to;
  size_t from_bytes, to_bytes;
};
constexpr Conversion kConversions[] = {
    {"float -> half", cnrtFloat, cnrtHalf, 4, 2},
    {"half -> float", cnrtHalf, cnrtFloat, 2, 4},
};

// Normal values of both signs with some exact halves and ties among them,
// as the suite's random inputs have.
std::vector<float> floats(int n) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> value(-100.f, 100.f);
  std::vector<float> v(n);
  for (float& x : v) x = value(rng);
  return v;
}

void BM_Cast(benchmark::State& state) {
  const Conversion& c = kConversions[state.range(0)];
  const int n = int(state.range(1));
  std::vector<uint8_t> src(n * c.from_bytes), dst(n * c.to_bytes);
  const std::vector<float> values = floats(n);
  if (c.from == cnrtFloat) {
    std::memcpy(src.data(), values.data(), src.size());
  } else {
    cnrtCastDataType_V2(const_cast<float*>(values.data()), cnrtFloat,
                        src.data(), cnrtHalf, n, nullptr, cnrtRounding_rm);
  }
  for (auto _ : state) {
    if (cnrtCastDataType_V2(src.data(), c.from, dst.data(), c.to, n, nullptr,
                            cnrtRounding_rm) != cnrtSuccess) {
      state.SkipWithError("cnrtCastDataType_V2 failed");
      break;
    }
    benchmark::DoNotOptimize(dst.data());
  }
  state.SetBytesProcessed(state.iterations() * (src.size() + dst.size()));
}

// A memcpy that reads and writes as many bytes in all as the conversion.
void BM_Memcpy(benchmark::State& state) {
  const Conversion& c = kConversions[state.range(0)];
  const size_t bytes = size_t(state.range(1)) * (c.from_bytes + c.to_bytes) / 2;
  std::vector<uint8_t> a(bytes, 1), b(bytes);
  for (auto _ : state) {
    std::memcpy(b.data(), a.data(), bytes);
    benchmark::DoNotOptimize(b.data());
  }
}

void shapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"conversion", "elements"})->Unit(benchmark::kMicrosecond);
  for (int c = 0; c < int(std::size(kConversions)); ++c) {
    for (int n : kElements) b->Args({c, n});
  }
}
BENCHMARK(BM_Cast)->Apply(shapes);
BENCHMARK(BM_Memcpy)->Apply(shapes);

void print_ratios(const xbang_bench::RecordingReporter& runs) {
  std::printf(
      "\ncnrtCastDataType_V2 (rounding rm) per element, and its time over a "
      "memcpy\nthat reads and writes as many bytes\n");
  for (int c = 0; c < int(std::size(kConversions)); ++c) {
    for (int n : kElements) {
      const std::string arg =
          "/conversion:" + std::to_string(c) + "/elements:" + std::to_string(n);
      const double cast = runs.seconds("BM_Cast" + arg);
      const double copy = runs.seconds("BM_Memcpy" + arg);
      if (cast <= 0 || copy <= 0) continue;
      std::printf(
          "  %-14s %9d elements: %6.2f ns per element | %5.1fx memcpy\n",
          kConversions[c].name, n, cast * 1e9 / n, cast / copy);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
