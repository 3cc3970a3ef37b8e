// three_interpolate_backward at the design's cases 7 ([16, 1024, 4096] ->
// M = 128) and 10 ([16, 512, 2048] -> M = 128), float and half: the
// operator, the scalar reference, and memcpy of the bytes the operator must
// move (grad_output, indices and weights read once, grad_features written
// once), measured in the same run. After the runs the ratios of the speed goals
// goals are printed: operator bandwidth / memcpy bandwidth (goal >= 0.40 on
// case 7 float) and reference time / operator time (goal >= 2).
//
// BM_Tiling runs case 7 float through the kernel wrapper with other tile
// sizes than the policy's, to show what the policy's choice is worth.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "checked_mode.h"
#include "mluop_objects.h"
#include "recording_reporter.h"
#include "three_interpolate_backward/three_interpolate_backward.h"
#include "three_interpolate_backward_data.h"
#include "three_interpolate_backward_device.h"
#include "three_interpolate_backward_reference.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

using three_interpolate_backward_data::DeviceProblem;
using three_interpolate_backward_data::dtype_of;
using three_interpolate_backward_data::Inputs;
using three_interpolate_backward_data::make_inputs;
using three_interpolate_backward_data::Shape;

struct BenchCase {
  int number;
  Shape shape;
};
const BenchCase kCases[] = {{7, {16, 1024, 128, 4096}},
                            {10, {16, 512, 128, 2048}}};

const Shape &shape_of(int number) {
  return number == 7 ? kCases[0].shape : kCases[1].shape;
}

template <class T>
const Inputs<T> &inputs_of(int number) {
  static std::map<int, std::unique_ptr<Inputs<T>>> cache;
  auto &slot = cache[number];
  if (!slot) {
    slot = std::make_unique<Inputs<T>>(
        make_inputs<T>(shape_of(number), 1000 + number));
  }
  return *slot;
}

// CPU time of the whole process (every thread) per iteration: on a shared
// machine the wall time depends on the load, this much less.
class ProcessCpuTimer {
 public:
  ProcessCpuTimer() : start_(now()) {}
  void report(benchmark::State &state) const {
    if (state.iterations() == 0) return;
    state.counters["process_cpu_ms"] =
        (now() - start_) * 1e3 / double(state.iterations());
  }

 private:
  static double now() {
    rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
  }
  double start_;
};

void set_bandwidth_counter(benchmark::State &state, size_t bytes) {
  state.counters["bytes_per_second"] = benchmark::Counter(
      double(bytes), benchmark::Counter::kIsIterationInvariantRate,
      benchmark::Counter::kIs1000);
}

template <class T>
void BM_Operator(benchmark::State &state) {
  const int number = int(state.range(0));
  const Shape &s = shape_of(number);
  xbang_bench::set_checked_mode_for_timing();
  DeviceProblem<T> d(s, inputs_of<T>(number));
  xbang_test::Handle handle;
  d.run(handle);  // warm-up: first touch of the output pages
  const ProcessCpuTimer cpu;
  for (auto _ : state) {
    if (d.run(handle) != MLUOP_STATUS_SUCCESS) {
      state.SkipWithError("mluOpThreeInterpolateBackward failed");
      break;
    }
  }
  cpu.report(state);
  set_bandwidth_counter(state, s.bytes_moved(sizeof(T)));
  state.SetLabel(xbang::last_launch_counters().summary());
}

template <class T>
void BM_ScalarReference(benchmark::State &state) {
  const int number = int(state.range(0));
  const Shape &s = shape_of(number);
  const Inputs<T> &in = inputs_of<T>(number);
  std::vector<T> out(s.grad_features_elements());
  const ProcessCpuTimer cpu;
  for (auto _ : state) {
    threeInterpolateBackwardReference(in.grad_output.data(), in.indices.data(),
                                      in.weights.data(), s.b, s.c, s.m, s.n,
                                      out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  cpu.report(state);
  set_bandwidth_counter(state, s.bytes_moved(sizeof(T)));
}

template <class T>
void BM_MemcpyOfMovedBytes(benchmark::State &state) {
  const size_t bytes = shape_of(int(state.range(0))).bytes_moved(sizeof(T));
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  const ProcessCpuTimer cpu;
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), bytes);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  cpu.report(state);
  set_bandwidth_counter(state, bytes);
}

// Case 7 float through the wrapper with tiles (Co, Mo, No).
void BM_Tiling(benchmark::State &state) {
  const Shape &s = shape_of(7);
  const ThreeInterpolateBackwardTiling tiles{
      int(state.range(0)), int(state.range(1)), int(state.range(2))};
  xbang_bench::set_checked_mode_for_timing();
  DeviceProblem<float> d(s, inputs_of<float>(7));
  xbang_test::Handle handle;
  cnrtQueue_t queue = nullptr;
  mluOpGetQueue(handle, &queue);
  cnrtDim3_t dim;
  cnrtFunctionType_t type;
  threeInterpolateBackwardPolicy(handle, s.b, s.m, tiles.m_limit, &dim, &type);
  auto launch = [&] {
    return KernelThreeInterpolateBackward(
        dim, type, queue, MLUOP_DTYPE_FLOAT, d.grad_output.get(),
        d.indices.get(), d.weights.get(), s.b, s.c, s.m, s.n, tiles.c_limit,
        tiles.m_limit, tiles.n_limit, d.grad_features.get());
  };
  if (launch() != cnrtSuccess) {
    state.SkipWithError("launch failed");
    return;
  }
  const ProcessCpuTimer cpu;
  for (auto _ : state) launch();
  cpu.report(state);
  set_bandwidth_counter(state, s.bytes_moved(sizeof(float)));
}

#define XBANG_CASES(bench, iterations) \
  BENCHMARK(bench)                     \
      ->Arg(7)                         \
      ->Arg(10)                        \
      ->Unit(benchmark::kMillisecond)  \
      ->UseRealTime()                  \
      ->Iterations(iterations)

XBANG_CASES(BM_Operator<float>, 5);
XBANG_CASES(BM_ScalarReference<float>, 2);
XBANG_CASES(BM_MemcpyOfMovedBytes<float>, 10);
XBANG_CASES(BM_Operator<half>, 5);
XBANG_CASES(BM_ScalarReference<half>, 2);
XBANG_CASES(BM_MemcpyOfMovedBytes<half>, 10);
BENCHMARK(BM_Tiling)
    ->Args({32, 128, 1088})
    ->Args({64, 128, 544})
    ->Args({128, 128, 256})
    ->Args({160, 128, 192})
    ->Args({256, 128, 128})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

// The speed ratios per case and type, from the runs above.
void print_ratios(const xbang_bench::RecordingReporter &runs) {
  std::printf(
      "\nthree_interpolate_backward (goals on case 7 float: "
      "bandwidth / memcpy >= 0.40, reference / operator >= 2)\n");
  for (const char *dtype : {"float", "half"}) {
    for (const BenchCase &c : kCases) {
      const std::string arg =
          "<" + std::string(dtype) + ">/" + std::to_string(c.number);
      const double op = runs.seconds("BM_Operator" + arg);
      const double ref = runs.seconds("BM_ScalarReference" + arg);
      const double copy = runs.seconds("BM_MemcpyOfMovedBytes" + arg);
      if (op <= 0) continue;
      const double bytes =
          double(c.shape.bytes_moved(std::string(dtype) == "float" ? 4 : 2));
      std::printf("  case %2d %-5s %7.1f MB: operator %8.2f ms %6.2f GB/s",
                  c.number, dtype, bytes / 1e6, op * 1e3, bytes / op / 1e9);
      if (copy > 0) {
        std::printf(" | memcpy %6.2f GB/s, ratio %.2f", bytes / copy / 1e9,
                    copy / op);
      }
      if (ref > 0) {
        std::printf(" | reference %8.2f ms, ratio %.2f", ref * 1e3, ref / op);
      }
      std::printf("\n");
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
