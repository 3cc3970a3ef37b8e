// The CNNL calls mlu-ops' host code makes around its kernels, at the shapes
// of dynamic_point_to_voxel backward's network case (N = 17176 points,
// M = 13743 voxels, C = 128): cnnlFill_v3 of grad_feats [N, C] float and of
// the index workspace [M * C] int32, and cnnlScatterNd_v2 ADD of M * C
// single floats into grad_feats at those indices. Each against a memcpy of
// the bytes the call touches: a fill writes its tensor; the scatter reads
// indices and updates and reads and writes the output elements it hits.
// A table at the end gives the ratios measured in this run.
#include <benchmark/benchmark.h>
#include <cnnl.h>
#include <cnrt.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "device.h"
#include "recording_reporter.h"

namespace {

using xbang_test::DeviceBuffer;

constexpr int kPoints = 17176, kVoxels = 13743, kChannels = 128;
constexpr int64_t kFeats = int64_t(kPoints) * kChannels;
constexpr int64_t kVoxelFeats = int64_t(kVoxels) * kChannels;

// A 1-D or 2-D float / int32 tensor descriptor.
class Tensor {
 public:
  Tensor(cnnlDataType_t dtype, std::vector<int> dims) {
    cnnlCreateTensorDescriptor(&desc_);
    cnnlSetTensorDescriptor(desc_, CNNL_LAYOUT_ARRAY, dtype, int(dims.size()),
                            dims.data());
  }
  ~Tensor() { cnnlDestroyTensorDescriptor(desc_); }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;
  cnnlTensorDescriptor_t get() const { return desc_; }

 private:
  cnnlTensorDescriptor_t desc_ = nullptr;
};

class Handle {
 public:
  Handle() { cnnlCreate(&handle_); }
  ~Handle() { cnnlDestroy(handle_); }
  cnnlHandle_t get() const { return handle_; }

 private:
  cnnlHandle_t handle_ = nullptr;
};

// The scatter's indices as the kernel leaves them: for voxel v and channel
// c, point n * C + c of one of the voxel's points (the one holding the
// maximum of that channel), points assigned to voxels at random.
std::vector<int32_t> scatter_indices() {
  std::mt19937 rng(17);
  std::vector<std::vector<int>> points(kVoxels);
  for (int n = 0; n < kPoints; ++n) points[rng() % kVoxels].push_back(n);
  std::vector<int32_t> indices(static_cast<size_t>(kVoxelFeats));
  for (int v = 0; v < kVoxels; ++v) {
    for (int c = 0; c < kChannels; ++c) {
      const std::vector<int>& p = points[size_t(v)];
      indices[size_t(v) * kChannels + c] =
          p.empty() ? int32_t(kFeats)  // no point: outside, skipped
                    : int32_t(p[rng() % p.size()] * kChannels + c);
    }
  }
  return indices;
}

// Bytes each call touches, as the memcpy baselines copy them.
constexpr int64_t kFillFeatsBytes = kFeats * 4;
constexpr int64_t kFillWorkspaceBytes = kVoxelFeats * 4;
// indices and updates read, each hit output element read and written.
constexpr int64_t kScatterBytes = kVoxelFeats * (4 + 4 + 4 + 4);

// cnnlFill_v3 of a dense tensor of `bytes` with `value`.
template <class T>
void fill(benchmark::State& state, cnnlDataType_t dtype, std::vector<int> dims,
          int64_t bytes, T value) {
  Handle handle;
  Tensor out(dtype, std::move(dims));
  DeviceBuffer output{size_t(bytes)};
  for (auto _ : state) {
    if (cnnlFill_v3(handle.get(), CNNL_POINTER_MODE_HOST, &value, out.get(),
                    output.get()) != CNNL_STATUS_SUCCESS) {
      state.SkipWithError("cnnlFill_v3 failed");
      break;
    }
  }
  state.SetBytesProcessed(state.iterations() * bytes);
}
void BM_FillFeats(benchmark::State& state) {
  fill(state, CNNL_DTYPE_FLOAT, {kPoints, kChannels}, kFillFeatsBytes, 0.0f);
}
void BM_FillWorkspace(benchmark::State& state) {
  fill(state, CNNL_DTYPE_INT32, {int(kVoxelFeats), 1}, kFillWorkspaceBytes,
       int32_t(kFeats));
}

void BM_ScatterNdAdd(benchmark::State& state) {
  Handle handle;
  Tensor indices_desc(CNNL_DTYPE_INT32, {int(kVoxelFeats), 1});
  Tensor updates_desc(CNNL_DTYPE_FLOAT, {int(kVoxelFeats)});
  Tensor output_desc(CNNL_DTYPE_FLOAT, {int(kFeats)});
  const DeviceBuffer indices(scatter_indices());
  const DeviceBuffer updates(std::vector<float>(size_t(kVoxelFeats), 1.0f));
  const DeviceBuffer output(std::vector<float>(size_t(kFeats), 0.0f));
  for (auto _ : state) {
    // Adds to what the last iteration left: the output stays finite.
    if (cnnlScatterNd_v2(handle.get(), CNNL_SCATTERND_ADD, indices_desc.get(),
                         indices.get(), updates_desc.get(), updates.get(),
                         nullptr, nullptr, output_desc.get(),
                         output.get()) != CNNL_STATUS_SUCCESS) {
      state.SkipWithError("cnnlScatterNd_v2 failed");
      break;
    }
  }
  state.SetBytesProcessed(state.iterations() * kScatterBytes);
}

// A memcpy of `range(0)` bytes between two buffers as large.
void BM_Memcpy(benchmark::State& state) {
  const size_t bytes = size_t(state.range(0));
  std::vector<uint8_t> a(bytes, 1), b(bytes);
  for (auto _ : state) {
    std::memcpy(b.data(), a.data(), bytes);
    benchmark::DoNotOptimize(b.data());
  }
  state.SetBytesProcessed(state.iterations() * int64_t(bytes));
}

BENCHMARK(BM_FillFeats)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FillWorkspace)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ScatterNdAdd)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Memcpy)
    ->Arg(kFillFeatsBytes)
    ->Arg(kFillWorkspaceBytes)
    ->Arg(kScatterBytes)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void print_ratios(const xbang_bench::RecordingReporter& runs) {
  struct Row {
    const char* call;
    const char* name;
    int64_t bytes;
  };
  const Row rows[] = {
      {"cnnlFill_v3 grad_feats [N, C] float", "BM_FillFeats", kFillFeatsBytes},
      {"cnnlFill_v3 workspace [M * C] int32", "BM_FillWorkspace",
       kFillWorkspaceBytes},
      {"cnnlScatterNd_v2 ADD, M * C floats", "BM_ScatterNdAdd", kScatterBytes},
  };
  std::printf(
      "\nCNNL calls of dynamic_point_to_voxel backward (N=%d M=%d C=%d), "
      "against memcpy\nof the bytes each touches:\n",
      kPoints, kVoxels, kChannels);
  for (const Row& r : rows) {
    const double call = runs.seconds(r.name);
    const double copy = runs.seconds("BM_Memcpy/" + std::to_string(r.bytes));
    if (call <= 0 || copy <= 0) continue;
    std::printf("  %-38s %6.1f MB %7.3f ms | memcpy %7.3f ms | %5.2fx\n",
                r.call, double(r.bytes) / 1e6, call * 1e3, copy * 1e3,
                call / copy);
  }
}

}  // namespace

int main(int argc, char** argv) {
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
