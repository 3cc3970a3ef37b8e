// voxel_pooling_forward at the design doc's network scale (B=2, N=473088,
// C=80, 128x128x1): the operator, the doc's scalar CPU code, and memcpy of
// the bytes the operator must read (geom_xyz and input_features), measured in
// the same run. After the runs, the ratios of issue 3's goals are printed:
// operator bandwidth / memcpy bandwidth (goal >= 0.6) and reference time /
// operator time (goal >= 1.5).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "voxel_pooling_forward_runner.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

using voxel_pooling_test::VoxelPoolingProblem;

const VoxelPoolingProblem &network_problem() {
  static const VoxelPoolingProblem problem =
      voxel_pooling_test::make_network_problem();
  return problem;
}

void set_bandwidth_counter(benchmark::State &state, size_t bytes) {
  state.counters["input_bytes_per_second"] = benchmark::Counter(
      double(bytes), benchmark::Counter::kIsIterationInvariantRate,
      benchmark::Counter::kIs1000);
}

void BM_VoxelPoolingForward_Operator(benchmark::State &state) {
  const VoxelPoolingProblem &p = network_problem();
  xbang::checked::set_enabled(false);
  voxel_pooling_test::DeviceProblem d(p);
  xbang_test::Handle handle;
  for (auto _ : state) {
    // Accumulates into the output from run to run, as repeated calls do.
    if (voxel_pooling_test::run_api(handle, p, d) != MLUOP_STATUS_SUCCESS) {
      state.SkipWithError("mluOpVoxelPoolingForward failed");
      break;
    }
  }
  const xbang::Counters counters = xbang::last_launch_counters();
  state.counters["atomic_updates"] = double(counters.atomic_updates);
  state.counters["tasks"] =
      double(mluOpGetClusterNum(handle) * mluOpGetCoreNumPerCluster(handle));
  set_bandwidth_counter(state, p.input_bytes());
  state.SetLabel(counters.summary());
}

void BM_VoxelPoolingForward_ScalarReference(benchmark::State &state) {
  const VoxelPoolingProblem &p = network_problem();
  std::vector<float> output = p.output_init;
  std::vector<int> pos_memo(p.point_count() * 3, -1);
  for (auto _ : state) {
    voxel_pooling_test::voxel_pooling_forward_reference(
        p.batch_size, p.num_points, p.num_channels, p.num_voxel_x,
        p.num_voxel_y, p.num_voxel_z, p.geom_xyz.data(),
        p.input_features.data(), output.data(), pos_memo.data());
    benchmark::DoNotOptimize(output.data());
    benchmark::ClobberMemory();
  }
  set_bandwidth_counter(state, p.input_bytes());
}

void BM_VoxelPoolingForward_MemcpyOfInputBytes(benchmark::State &state) {
  const size_t bytes = network_problem().input_bytes();
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), bytes);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  set_bandwidth_counter(state, bytes);
}

BENCHMARK(BM_VoxelPoolingForward_Operator)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);
BENCHMARK(BM_VoxelPoolingForward_ScalarReference)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);
BENCHMARK(BM_VoxelPoolingForward_MemcpyOfInputBytes)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);

// Console output plus the real time of each run, for the ratios.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run> &runs) override {
    for (const Run &run : runs) {
      if (run.run_type == Run::RT_Iteration && run.iterations > 0) {
        seconds_[run.run_name.function_name] =
            run.real_accumulated_time / double(run.iterations);
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  void print_ratios() const {
    const auto op = seconds_.find("BM_VoxelPoolingForward_Operator");
    const auto ref = seconds_.find("BM_VoxelPoolingForward_ScalarReference");
    const auto copy =
        seconds_.find("BM_VoxelPoolingForward_MemcpyOfInputBytes");
    if (op == seconds_.end()) return;
    const double bytes = double(network_problem().input_bytes());
    std::printf(
        "\nvoxel_pooling_forward, B=2 N=473088 C=80 128x128x1, %.1f MB "
        "read\n",
        bytes / 1e6);
    std::printf("  operator          %8.2f ms  %6.2f GB/s\n", op->second * 1e3,
                bytes / op->second / 1e9);
    if (copy != seconds_.end()) {
      std::printf("  memcpy            %8.2f ms  %6.2f GB/s\n",
                  copy->second * 1e3, bytes / copy->second / 1e9);
      std::printf(
          "  operator bandwidth / memcpy bandwidth = %.2f (goal >= "
          "0.60)\n",
          copy->second / op->second);
    }
    if (ref != seconds_.end()) {
      std::printf("  scalar reference  %8.2f ms\n", ref->second * 1e3);
      std::printf("  reference time / operator time = %.2f (goal >= 1.50)\n",
                  ref->second / op->second);
    }
  }

 private:
  std::map<std::string, double> seconds_;
};

}  // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.print_ratios();
  benchmark::Shutdown();
  return 0;
}
