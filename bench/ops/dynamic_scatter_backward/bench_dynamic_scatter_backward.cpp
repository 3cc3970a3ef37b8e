// dynamic_scatter_backward at the design's network scale (mvxnet:
// N = 17176, M = 13743, C = 128), each mode: the operator (checked mode off),
// the scalar reference (mmcv's semantics, one thread), memcpy of the bytes
// the operator must move and the host floor (the operator's algorithm in
// plain C++ on every host thread, no emulation), measured in the same run.
// After the runs the ratios of the speed goal are printed: reference time /
// operator time (goal >= 2), operator bandwidth / memcpy bandwidth, and how
// far the host floor itself gets from the reference. On the shared machine
// the ratios of one run swing with its phases; medians over repetitions
// spread in time are steadier (the printed figures are then medians):
//   bench_dynamic_scatter_backward --benchmark_repetitions=7
//       --benchmark_enable_random_interleaving=true --benchmark_min_time=0.3
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "checked_mode.h"
#include "dynamic_scatter_backward_runner.h"
#include "machine_limits.h"
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
  xbang_bench::set_checked_mode_for_timing();
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

// The host floor: what the operator computes, the way its kernels do it,
// written as plain C++ on every host thread (xbang_bench::host_threads()),
// with no emulation in between. Max: the fill of reduce_from and grad_feats,
// then points split over the threads (each point's index row min-ed into its
// voxel's reduce_from row under a lock of that voxel, as 方案一's atomic
// min), then voxels split (whole rows copied when one point took every
// channel, element stores otherwise). Sum / mean: points split, each row
// copied (divided by the count when it is not 1). Rows are prefetched a few
// points ahead as the emulator's gathers do. What the reference's ratio to
// this is bounds what any emulated kernel of the same algorithm can reach.
class HostFloor {
 public:
  explicit HostFloor(const Case& c)
      : c_(c),
        N_(c.num_points),
        C_(c.num_channels),
        M_(std::min<int64_t>(std::max<int32_t>(c.voxel_num, 0),
                             c.num_voxel_rows)),
        grad_feats_(size_t(N_ * C_)),
        reduce_from_(size_t(M_ * C_)),
        voxel_locks_(new std::atomic<bool>[size_t(std::max<int64_t>(M_, 1))]) {
    for (int64_t v = 0; v < M_; ++v) voxel_locks_[v] = false;
  }

  void run(mluOpReduceMode_t mode) {
    const int threads = xbang_bench::host_threads();
    if (mode == MLUOP_REDUCEMODE_MAX) {
      xbang_bench::split_over_host_threads(
          threads, threads, [&](int t, long, long) { fill(t, threads); });
      xbang_bench::split_over_host_threads(
          threads, long(N_),
          [&](int, long first, long last) { min_indices(first, last); });
      xbang_bench::split_over_host_threads(
          threads, long(M_),
          [&](int, long first, long last) { scatter_grad(first, last); });
    } else {
      xbang_bench::split_over_host_threads(
          threads, long(N_), [&](int, long first, long last) {
            traceback_rows(mode == MLUOP_REDUCEMODE_MEAN, first, last);
          });
    }
  }

  const std::vector<float>& grad_feats() const { return grad_feats_; }

 private:
  static constexpr int64_t kLookahead = 8;

  bool valid(int32_t voxel) const { return voxel >= 0 && voxel < M_; }

  static void prefetch_row(const void* row, int64_t bytes, bool write) {
    for (int64_t b = 0; b < bytes; b += 64) {
      if (write) {
        __builtin_prefetch(static_cast<const char*>(row) + b, 1);
      } else {
        __builtin_prefetch(static_cast<const char*>(row) + b, 0);
      }
    }
  }

  void fill(int t, int threads) {
    const int64_t rf = M_ * C_, gf = N_ * C_;
    std::fill(reduce_from_.begin() + rf * t / threads,
              reduce_from_.begin() + rf * (t + 1) / threads, int32_t(N_));
    std::fill(grad_feats_.begin() + gf * t / threads,
              grad_feats_.begin() + gf * (t + 1) / threads, 0.0f);
  }

  void min_indices(int64_t first, int64_t last) {
    std::vector<int32_t> index_row(static_cast<size_t>(C_));
    const int32_t* map = c_.point2voxel_map.data();
    for (int64_t x = first; x < last; ++x) {
      if (x + kLookahead < last && valid(map[x + kLookahead])) {
        const int64_t ahead = map[x + kLookahead] * C_;
        prefetch_row(&c_.voxel_feats[size_t(ahead)], C_ * 4, false);
        prefetch_row(&reduce_from_[size_t(ahead)], C_ * 4, true);
      }
      const int32_t voxel = map[x];
      if (!valid(voxel)) continue;
      const float* feats = &c_.feats[size_t(x * C_)];
      const float* voxel_feats = &c_.voxel_feats[size_t(voxel * C_)];
      // Branch-free (a compare, an and, an add per lane once vectorised):
      // on random features the branch of the reference mispredicts often.
      int32_t* index = index_row.data();
      const int32_t to_point = int32_t(x) - int32_t(N_);
      for (int64_t i = 0; i < C_; ++i) {
        index[i] =
            int32_t(N_) + (-int32_t(feats[i] == voxel_feats[i]) & to_point);
      }
      int32_t* reduce_from = &reduce_from_[size_t(voxel * C_)];
      while (voxel_locks_[voxel].exchange(true, std::memory_order_acquire)) {
      }
      for (int64_t i = 0; i < C_; ++i) {
        reduce_from[i] = std::min(reduce_from[i], index_row[size_t(i)]);
      }
      voxel_locks_[voxel].store(false, std::memory_order_release);
    }
  }

  void scatter_grad(int64_t first, int64_t last) {
    for (int64_t v = first; v < last; ++v) {
      const int32_t* from = &reduce_from_[size_t(v * C_)];
      const float* grad = &c_.grad_voxel_feats[size_t(v * C_)];
      const bool whole =
          std::all_of(from, from + C_, [&](int32_t p) { return p == from[0]; });
      if (whole) {
        if (from[0] < N_) {
          std::copy(grad, grad + C_, &grad_feats_[size_t(from[0] * C_)]);
        }
        continue;
      }
      for (int64_t i = 0; i < C_; ++i) {
        if (from[i] < N_) grad_feats_[size_t(from[i] * C_ + i)] = grad[i];
      }
    }
  }

  void traceback_rows(bool is_mean, int64_t first, int64_t last) {
    const int32_t* map = c_.point2voxel_map.data();
    for (int64_t x = first; x < last; ++x) {
      if (x + kLookahead < last && valid(map[x + kLookahead])) {
        prefetch_row(&c_.grad_voxel_feats[size_t(map[x + kLookahead] * C_)],
                     C_ * 4, false);
      }
      float* out = &grad_feats_[size_t(x * C_)];
      const int32_t voxel = map[x];
      if (!valid(voxel)) {
        std::fill(out, out + C_, 0.0f);
        continue;
      }
      const float* grad = &c_.grad_voxel_feats[size_t(voxel * C_)];
      const int32_t count = c_.voxel_points_count[size_t(voxel)];
      if (!is_mean || count == 1) {
        std::copy(grad, grad + C_, out);
        continue;
      }
      const float divisor = float(count);
      for (int64_t i = 0; i < C_; ++i) out[i] = grad[i] / divisor;
    }
  }

  const Case& c_;
  const int64_t N_, C_, M_;
  std::vector<float> grad_feats_;
  std::vector<int32_t> reduce_from_;
  std::unique_ptr<std::atomic<bool>[]> voxel_locks_;
};

void BM_DynamicScatterBackward_HostFloor(benchmark::State& state) {
  const mluOpReduceMode_t mode = mode_of(state);
  const Case& c = network_case();
  HostFloor floor(c);
  // A floor that computed something else would bound nothing.
  floor.run(mode);
  const std::vector<float> want = dsb_test::reference_grad_feats(c, mode);
  if (std::memcmp(floor.grad_feats().data(), want.data(),
                  want.size() * sizeof(float)) != 0) {
    state.SkipWithError("host floor differs from the reference");
    return;
  }
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) {
    floor.run(mode);
    benchmark::ClobberMemory();
  }
  set_process_cpu_counter(state, process_cpu_seconds() - cpu_start);
  set_bandwidth_counter(state, dsb_test::essential_bytes(c, mode));
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
BENCHMARK(BM_DynamicScatterBackward_HostFloor)->Apply(all_modes);

// The speed ratios per mode, from the runs above.
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
    const double floor =
        runs.seconds("BM_DynamicScatterBackward_HostFloor" + suffix);
    if (floor == 0) continue;
    std::printf(
        "       host floor (same algorithm, plain C++, %d host threads) "
        "%7.3f ms: reference/floor %.2fx, operator/floor %.2fx\n",
        xbang_bench::host_threads(), floor * 1e3, ref / floor, op / floor);
  }
}

}  // namespace

int main(int argc, char** argv) {
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
