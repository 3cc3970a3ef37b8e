// dynamic_scatter_backward at the design doc's network scale (mvxnet:
// N = 17176, M = 13743, C = 128), each mode: the operator (checked mode off),
// the scalar reference (mmcv's semantics, one thread) and memcpy of the bytes
// the operator must move, measured in the same run. After the runs the
// ratios of issue 6's goal are printed: reference time / operator time
// (goal >= 2) and operator bandwidth / memcpy bandwidth.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dynamic_scatter_backward_runner.h"
#include "recording_reporter.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

using dsb_test::Case;

const Case& network_case() {
  static const Case c = dsb_test::make_case(dsb_test::network_case_options());
  return c;
}

mluOpReduceMode_t mode_of(const benchmark::State& state) {
  return static_cast<mluOpReduceMode_t>(state.range(0));
}

// CPU seconds of the whole process (every emulated core's host thread), which
// a loaded machine disturbs far less than wall time.
double process_cpu_seconds() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

void set_process_cpu_counter(benchmark::State& state, double cpu_seconds) {
  state.counters["process_cpu_ms"] =
      1e3 * cpu_seconds / double(std::max<int64_t>(1, state.iterations()));
}

void set_bandwidth_counter(benchmark::State& state, size_t bytes) {
  state.counters["bytes_per_second"] = benchmark::Counter(
      double(bytes), benchmark::Counter::kIsIterationInvariantRate,
      benchmark::Counter::kIs1000);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
}

void BM_DynamicScatterBackward_Operator(benchmark::State& state) {
  const mluOpReduceMode_t mode = mode_of(state);
  xbang::checked::set_enabled(false);
  dsb_test::DeviceCase device(network_case());
  xbang_test::Handle handle;
  xbang::reset_counters();
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) {
    if (device.run_api(handle, mode) != MLUOP_STATUS_SUCCESS) {
      state.SkipWithError("mluOpDynamicScatterBackward failed");
      break;
    }
  }
  set_process_cpu_counter(state, process_cpu_seconds() - cpu_start);
  // Time split per kernel (ms per call), for profiling.
  for (const auto& [name, launches_seconds] : xbang::total_counters().kernels) {
    const std::string short_name =
        name.rfind("MLUKernel", 0) == 0 ? name.substr(9) : name;
    state.counters["ms_" + short_name] =
        1e3 * launches_seconds.second / double(state.iterations());
  }
  xbang::reset_counters();
  device.run_api(handle, mode);
  const xbang::Counters counters = xbang::total_counters();
  state.counters["atomic_updates"] = double(counters.atomic_updates);
  state.counters["launches"] = double(counters.launches);
  set_bandwidth_counter(state, dsb_test::essential_bytes(network_case(), mode));
  state.SetLabel(std::string(dsb_test::mode_name(mode)) + " " +
                 counters.summary());
}

void BM_DynamicScatterBackward_ScalarReference(benchmark::State& state) {
  const mluOpReduceMode_t mode = mode_of(state);
  const Case& c = network_case();
  std::vector<float> grad_feats(c.feats.size());
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) {
    dsb_test::dynamic_scatter_backward_reference(
        mode, c.num_points, c.num_voxel_rows, c.num_channels, c.voxel_num,
        c.grad_voxel_feats.data(), c.feats.data(), c.voxel_feats.data(),
        c.point2voxel_map.data(), c.voxel_points_count.data(),
        grad_feats.data());
    benchmark::DoNotOptimize(grad_feats.data());
    benchmark::ClobberMemory();
  }
  set_process_cpu_counter(state, process_cpu_seconds() - cpu_start);
  set_bandwidth_counter(state, dsb_test::essential_bytes(c, mode));
  state.SetLabel(dsb_test::mode_name(mode));
}

void BM_DynamicScatterBackward_MemcpyOfBytes(benchmark::State& state) {
  const mluOpReduceMode_t mode = mode_of(state);
  const size_t bytes = dsb_test::essential_bytes(network_case(), mode);
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), bytes);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  set_bandwidth_counter(state, bytes);
  state.SetLabel(dsb_test::mode_name(mode));
}

void all_modes(benchmark::internal::Benchmark* b) {
  b->ArgName("mode")
      ->Arg(MLUOP_REDUCEMODE_MAX)
      ->Arg(MLUOP_REDUCEMODE_SUM)
      ->Arg(MLUOP_REDUCEMODE_MEAN)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->MinTime(1.0);
}
BENCHMARK(BM_DynamicScatterBackward_Operator)->Apply(all_modes);
BENCHMARK(BM_DynamicScatterBackward_ScalarReference)->Apply(all_modes);
BENCHMARK(BM_DynamicScatterBackward_MemcpyOfBytes)->Apply(all_modes);

// Issue 6's ratios per mode, from the runs above.
void print_ratios(const xbang_bench::RecordingReporter& runs) {
  const Case& c = network_case();
  std::printf("\ndynamic_scatter_backward, N=%lld M=%lld C=%lld\n",
              (long long)c.num_points, (long long)c.num_voxel_rows,
              (long long)c.num_channels);
  for (mluOpReduceMode_t mode :
       {MLUOP_REDUCEMODE_MAX, MLUOP_REDUCEMODE_SUM, MLUOP_REDUCEMODE_MEAN}) {
    const std::string suffix = "/mode:" + std::to_string(int(mode));
    const std::string op_key = "BM_DynamicScatterBackward_Operator" + suffix;
    const std::string ref_key =
        "BM_DynamicScatterBackward_ScalarReference" + suffix;
    const double op = runs.seconds(op_key);
    const double ref = runs.seconds(ref_key);
    const double copy =
        runs.seconds("BM_DynamicScatterBackward_MemcpyOfBytes" + suffix);
    if (op == 0 || ref == 0 || copy == 0) continue;
    const double bytes = double(dsb_test::essential_bytes(c, mode));
    std::printf(
        "  %-4s operator %7.3f ms %6.2f GB/s | reference %7.3f ms | memcpy "
        "%6.2f GB/s\n"
        "       reference/operator %.2fx (goal >= 2) | operator/memcpy "
        "bandwidth %.2f | process CPU per call: operator %.2f ms, "
        "reference %.2f ms\n",
        dsb_test::mode_name(mode), op * 1e3, bytes / op / 1e9, ref * 1e3,
        bytes / copy / 1e9, ref / op, copy / op,
        runs.counter(op_key, "process_cpu_ms"),
        runs.counter(ref_key, "process_cpu_ms"));
  }
}

}  // namespace

int main(int argc, char** argv) {
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
