// voxel_pooling_forward at the design's network scale (B=2, N=473088,
// C=80, 128x128x1), on BEVDepth's frustum points and on uniformly random
// ones: the operator, the design's scalar CPU code, and memcpy of the bytes the
// operator reads (geom_xyz and the inside points' features), measured in
// the same run. After the runs, the ratios of the speed goals are printed:
// operator bandwidth / memcpy bandwidth (goal >= 0.6) and reference time /
// operator time (goal >= 1.5). A host floor (the reference's loop on every
// host thread, each into its own output copy: no atomics, no emulation)
// shows how far any kernel could get on this machine; the design's own loop in
// plain C++ (staging copy and locked row add per point) shows how far a
// kernel that follows the design could get.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "checked_mode.h"
#include "machine_limits.h"
#include "recording_reporter.h"
#include "voxel_pooling_forward_runner.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

using voxel_pooling_test::VoxelPoolingProblem;

// The network case's data sets (the benchmarks' `data` argument): the points
// of BEVDepth's camera frustum (the network's access pattern) and uniformly
// random coordinates (no locality: the worst case for the output's caches).
enum Data { kFrustum = 0, kUniformRandom = 1 };
const char *const kDataNames[] = {"BEVDepth frustum", "uniform random"};

const VoxelPoolingProblem &network_problem(int data) {
  static const VoxelPoolingProblem frustum =
      voxel_pooling_test::make_network_problem();
  static const VoxelPoolingProblem random =
      voxel_pooling_test::make_random_network_problem();
  return data == kUniformRandom ? random : frustum;
}

void set_bandwidth_counter(benchmark::State &state, size_t bytes) {
  state.counters["bytes_read_per_second"] = benchmark::Counter(
      double(bytes), benchmark::Counter::kIsIterationInvariantRate,
      benchmark::Counter::kIs1000);
}

void BM_VoxelPoolingForward_Operator(benchmark::State &state) {
  const VoxelPoolingProblem &p = network_problem(int(state.range(0)));
  xbang_bench::set_checked_mode_for_timing();
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
  set_bandwidth_counter(state, p.bytes_read());
  state.SetLabel(counters.summary());
}

void BM_VoxelPoolingForward_ScalarReference(benchmark::State &state) {
  const VoxelPoolingProblem &p = network_problem(int(state.range(0)));
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
  set_bandwidth_counter(state, p.bytes_read());
}

// The output row of `point`, -1 for a point outside the grid.
long output_row(const VoxelPoolingProblem &p, long point) {
  const int *xyz = &p.geom_xyz[point * 3];
  if (xyz[0] < 0 || xyz[0] >= p.num_voxel_x || xyz[1] < 0 ||
      xyz[1] >= p.num_voxel_y || xyz[2] < 0 || xyz[2] >= p.num_voxel_z) {
    return -1;
  }
  const long batch = point / p.num_points;
  return (batch * p.num_voxel_y + xyz[1]) * p.num_voxel_x + xyz[0];
}

void BM_VoxelPoolingForward_HostFloor(benchmark::State &state) {
  const VoxelPoolingProblem &p = network_problem(int(state.range(0)));
  const int threads = xbang_bench::host_threads();
  std::vector<std::vector<float>> outputs(threads, p.output_init);
  const int c = p.num_channels;
  for (auto _ : state) {
    // The reference's per-point work, each thread into its own output.
    xbang_bench::split_over_host_threads(
        threads, long(p.point_count()), [&](int t, long first, long last) {
          for (long point = first; point < last; ++point) {
            const long row = output_row(p, point);
            if (row < 0) continue;
            const float *in = &p.input_features[point * c];
            float *out = outputs[t].data() + row * c;
            for (int i = 0; i < c; ++i) out[i] += in[i];
          }
        });
    benchmark::ClobberMemory();
  }
  set_bandwidth_counter(state, p.bytes_read());
}

// The design's per-point step 6.2 written straight in C++, no emulation: each
// in-grid point's features copied to a staging buffer, then added into the
// one shared output under a spin lock of the output row (an atomic add of a
// row), points split over every host thread. What the design's loop costs on
// this CPU whatever the emulator does.
void BM_VoxelPoolingForward_DocLoopNative(benchmark::State &state) {
  const VoxelPoolingProblem &p = network_problem(int(state.range(0)));
  std::vector<float> output = p.output_init;
  const int c = p.num_channels;
  const long rows = long(output.size()) / c;
  std::unique_ptr<std::atomic<bool>[]> row_locks(new std::atomic<bool>[rows]);
  for (long r = 0; r < rows; ++r) row_locks[r] = false;
  for (auto _ : state) {
    xbang_bench::split_over_host_threads(
        xbang_bench::host_threads(), long(p.point_count()),
        [&](int, long first, long last) {
          std::vector<float> staged(c);
          for (long point = first; point < last; ++point) {
            const long row = output_row(p, point);
            if (row < 0) continue;
            std::memcpy(staged.data(), &p.input_features[point * c],
                        sizeof(float) * c);
            while (row_locks[row].exchange(true, std::memory_order_acquire)) {
            }
            float *out = output.data() + row * c;
            for (int i = 0; i < c; ++i) out[i] += staged[i];
            row_locks[row].store(false, std::memory_order_release);
          }
        });
    benchmark::ClobberMemory();
  }
  set_bandwidth_counter(state, p.bytes_read());
}

void BM_VoxelPoolingForward_MemcpyOfBytesRead(benchmark::State &state) {
  const size_t bytes = network_problem(int(state.range(0))).bytes_read();
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), bytes);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  set_bandwidth_counter(state, bytes);
}

void data_args(benchmark::internal::Benchmark *b) {
  b->ArgName("data")->Arg(kFrustum)->Arg(kUniformRandom);
}

BENCHMARK(BM_VoxelPoolingForward_Operator)
    ->Apply(data_args)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);
BENCHMARK(BM_VoxelPoolingForward_ScalarReference)
    ->Apply(data_args)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);
BENCHMARK(BM_VoxelPoolingForward_HostFloor)
    ->Apply(data_args)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);
BENCHMARK(BM_VoxelPoolingForward_DocLoopNative)
    ->Apply(data_args)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);
BENCHMARK(BM_VoxelPoolingForward_MemcpyOfBytesRead)
    ->Apply(data_args)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);

// The speed ratios per data set, from the runs above.
void print_ratios(const xbang_bench::RecordingReporter &runs) {
  for (int data : {kFrustum, kUniformRandom}) {
    const std::string suffix = "/data:" + std::to_string(data);
    auto seconds = [&](const char *name) {
      return runs.seconds(std::string("BM_VoxelPoolingForward_") + name +
                          suffix);
    };
    const double op = seconds("Operator");
    const double ref = seconds("ScalarReference");
    const double copy = seconds("MemcpyOfBytesRead");
    const double floor = seconds("HostFloor");
    const double native = seconds("DocLoopNative");
    if (op == 0) continue;
    const VoxelPoolingProblem &p = network_problem(data);
    const double bytes = double(p.bytes_read());
    std::printf(
        "\nvoxel_pooling_forward, B=2 N=473088 C=80 128x128x1, %s: %zu of "
        "%zu points inside, %.1f MB read\n",
        kDataNames[data], p.inside_count(), p.point_count(), bytes / 1e6);
    std::printf("  operator          %8.2f ms  %6.2f GB/s\n", op * 1e3,
                bytes / op / 1e9);
    if (copy != 0) {
      std::printf("  memcpy            %8.2f ms  %6.2f GB/s\n", copy * 1e3,
                  bytes / copy / 1e9);
      std::printf(
          "  operator bandwidth / memcpy bandwidth = %.2f (goal >= 0.60)\n",
          copy / op);
    }
    if (ref != 0) {
      std::printf("  scalar reference  %8.2f ms\n", ref * 1e3);
      std::printf("  reference time / operator time = %.2f (goal >= 1.50)\n",
                  ref / op);
    }
    if (ref != 0 && floor != 0) {
      std::printf(
          "  host floor        %8.2f ms  (reference / floor = %.2f: the most "
          "any kernel reaches here; operator / floor = %.2f)\n",
          floor * 1e3, ref / floor, op / floor);
    }
    if (ref != 0 && native != 0) {
      std::printf(
          "  doc loop, native  %8.2f ms  (reference / native = %.2f: the "
          "doc's step 6.2 in plain C++; operator / native = %.2f)\n",
          native * 1e3, ref / native, op / native);
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
