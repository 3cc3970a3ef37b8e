// Seeded fuzz of the host APIs: the five operators (random shapes, dtypes,
// layouts, null pointers and descriptors, huge and negative dims, scalar
// parameters, cluster counts, null handles and handles whose queue was
// destroyed) and the CNRT surface (allocations, frees, copies in every
// direction, memsets and queues with live, destroyed, foreign and null
// handles and sizes up to SIZE_MAX). Every call must return a documented
// status without crashing; the CNRT calls are also compared with the
// documented rules, written here independently.
//
// Every buffer an operator gets holds exactly what its descriptor declares
// (zeros, so that index tensors point at element 0): the operator's own
// checks, not the test, decide what is valid.
//
// XBANG_FUZZ_SEED, XBANG_FUZZ_ITERATIONS (calls per operator / CNRT calls)
// and XBANG_FUZZ_SECONDS (time limit of each test) override the defaults;
// the seed is printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "xbang/ops/mlu_op.h"

namespace {

long env_long(const char* name, long fallback) {
  const char* env = std::getenv(name);
  return env != nullptr && std::atol(env) > 0 ? std::atol(env) : fallback;
}

// A fuzz run: its generator, iteration count and time limit.
struct FuzzRun {
  uint64_t seed = uint64_t(env_long("XBANG_FUZZ_SEED", 20261125));
  long iterations;
  std::chrono::steady_clock::time_point deadline;
  std::mt19937_64 rng{seed};

  FuzzRun(const char* what, long default_iterations)
      : iterations(env_long("XBANG_FUZZ_ITERATIONS", default_iterations)),
        deadline(std::chrono::steady_clock::now() +
                 std::chrono::seconds(env_long("XBANG_FUZZ_SECONDS", 60))) {
    std::printf("[fuzz] %s: seed %llu (XBANG_FUZZ_SEED), %ld iterations\n",
                what, static_cast<unsigned long long>(seed), iterations);
  }
  bool go_on(long i) const {
    return i < iterations && std::chrono::steady_clock::now() < deadline;
  }
  bool chance(double p) {
    return std::uniform_real_distribution<double>(0, 1)(rng) < p;
  }
  template <class T>
  T pick(const std::vector<T>& values) {
    return values[rng() % values.size()];
  }
  std::string where(long i) const {
    return "iteration " + std::to_string(i) + " of seed " +
           std::to_string(seed);
  }
};

// ---------------------------------------------------------------------------
// Operators

struct TensorSpec {
  mluOpTensorLayout_t layout;
  mluOpDataType_t dtype;
  std::vector<int> dims;
};

size_t dtype_bytes(mluOpDataType_t dtype) {
  size_t bytes = 0;
  return mluOpGetSizeOfDataType(dtype, &bytes) == MLUOP_STATUS_SUCCESS ? bytes
                                                                       : 4;
}

// Values an enum of the mluOp API can hold (its range, not only its
// enumerators: converting anything else is undefined behaviour).
mluOpTensorLayout_t random_layout(FuzzRun& run) {
  return mluOpTensorLayout_t(run.rng() % 8);
}
mluOpDataType_t random_dtype(FuzzRun& run) {
  return mluOpDataType_t(run.rng() % 16);
}

int interesting_int(FuzzRun& run) {
  switch (run.rng() % 8) {
    case 0:
      return 0;
    case 1:
      return -1;
    case 2:
      return INT_MAX;
    case 3:
      return INT_MIN;
    case 4:
      return 1 << 20;
    case 5:
      return int(run.rng() % 70000);
    default:
      return int(run.rng() % 9);
  }
}

// One call's tensors: descriptors and zero-filled buffers of exactly their
// declared size, released at the end of the call.
class CallArena {
 public:
  explicit CallArena(FuzzRun& run) : run_(run) {}
  CallArena(const CallArena&) = delete;
  CallArena& operator=(const CallArena&) = delete;
  ~CallArena() {
    for (void* p : buffers_) cnrtFree(p);
    for (auto d : descriptors_) mluOpDestroyTensorDescriptor(d);
  }

  // `spec` mutated at random: a dim, the rank, dtype or layout.
  TensorSpec mutate(TensorSpec spec) {
    if (!run_.chance(0.3)) return spec;
    switch (run_.rng() % 5) {
      case 0:
        if (!spec.dims.empty()) {
          spec.dims[run_.rng() % spec.dims.size()] = interesting_int(run_);
        }
        break;
      case 1:
        if (!spec.dims.empty() && run_.chance(0.5)) {
          spec.dims.pop_back();
        } else {
          spec.dims.push_back(int(run_.rng() % 4));
        }
        break;
      case 2:
        spec.dtype = random_dtype(run_);
        break;
      case 3:
        spec.layout = random_layout(run_);
        break;
      case 4:
        spec.dims.assign(run_.rng() % (MLUOP_DIM_MAX + 3), 0);
        for (int& d : spec.dims) d = interesting_int(run_);
        break;
    }
    return spec;
  }

  // A descriptor for (a mutation of) `spec`, or nullptr now and then; its
  // buffer is set in *data (nullptr when too big, or now and then).
  mluOpTensorDescriptor_t tensor(const TensorSpec& base, void** data) {
    *data = nullptr;
    if (run_.chance(0.02)) return nullptr;
    const TensorSpec spec = mutate(base);
    mluOpTensorDescriptor_t desc = nullptr;
    if (mluOpCreateTensorDescriptor(&desc) != MLUOP_STATUS_SUCCESS) {
      ADD_FAILURE() << "mluOpCreateTensorDescriptor failed";
      return nullptr;
    }
    descriptors_.push_back(desc);
    // Up to MLUOP_DIM_MAX + 2 dims: the descriptor must refuse the rest.
    const mluOpStatus_t set = mluOpSetTensorDescriptor(
        desc, spec.layout, spec.dtype, int(spec.dims.size()),
        spec.dims.empty() ? nullptr : spec.dims.data());
    EXPECT_TRUE(documented(set)) << set;
    if (set != MLUOP_STATUS_SUCCESS || run_.chance(0.03)) return desc;
    // Sized from what the descriptor holds (the operator reads that).
    const size_t bytes =
        mluOpGetTensorElementNum(desc) * dtype_bytes(spec.dtype);
    if (bytes == 0 || bytes > (size_t(1) << 22)) return desc;
    void* p = nullptr;
    if (cnrtMalloc(&p, bytes) == cnrtSuccess) {
      buffers_.push_back(p);
      cnrtMemset(p, 0, bytes);
      *data = p;
    }
    return desc;
  }

  // The workspace an operator asked for (`sized`: the status of its
  // Get...WorkspaceSize call, *bytes its answer), zero-filled; now and then
  // none: then *bytes becomes 0, or a size the operator must refuse with a
  // null workspace.
  void* workspace(mluOpStatus_t sized, size_t* bytes) {
    EXPECT_TRUE(documented(sized)) << sized;
    void* p = nullptr;
    if (sized == MLUOP_STATUS_SUCCESS && *bytes > 0 &&
        *bytes <= (size_t(1) << 22) && !run_.chance(0.05) &&
        cnrtMalloc(&p, *bytes) == cnrtSuccess) {
      buffers_.push_back(p);
      cnrtMemset(p, 0, *bytes);
      return p;
    }
    if (sized != MLUOP_STATUS_SUCCESS || *bytes > 0) {
      *bytes = run_.chance(0.5) ? 0 : 64;
    }
    return nullptr;
  }

  int scalar(int valid) {
    return run_.chance(0.15) ? interesting_int(run_) : valid;
  }

  static bool documented(mluOpStatus_t status) {
    return status >= MLUOP_STATUS_SUCCESS &&
           status <= MLUOP_STATUS_NOT_SUPPORTED;
  }

 private:
  FuzzRun& run_;
  std::vector<void*> buffers_;
  std::vector<mluOpTensorDescriptor_t> descriptors_;
};

constexpr mluOpTensorLayout_t kArray = MLUOP_LAYOUT_ARRAY;
constexpr mluOpTensorLayout_t kNhwc = MLUOP_LAYOUT_NHWC;
constexpr mluOpDataType_t kFloat = MLUOP_DTYPE_FLOAT;
constexpr mluOpDataType_t kInt32 = MLUOP_DTYPE_INT32;

// Each operator's call on a small valid problem, every part of it subject
// to mutation.
using OperatorCall = std::function<mluOpStatus_t(mluOpHandle_t, CallArena&)>;

mluOpStatus_t call_psroipool(mluOpHandle_t handle, CallArena& a) {
  void *input, *rois, *output, *mapping;
  auto input_desc = a.tensor({kNhwc, kFloat, {1, 4, 4, 12}}, &input);
  auto rois_desc = a.tensor({kArray, kFloat, {2, 5}}, &rois);
  auto output_desc = a.tensor({kNhwc, kFloat, {2, 2, 2, 3}}, &output);
  auto mapping_desc = a.tensor({kNhwc, kInt32, {2, 2, 2, 3}}, &mapping);
  const int pooled = a.scalar(2);
  return mluOpPsRoiPoolForward(handle, pooled, a.scalar(pooled), 0.5f,
                               a.scalar(pooled), a.scalar(3), input_desc, input,
                               rois_desc, rois, nullptr, 0, output_desc, output,
                               mapping_desc, mapping);
}

mluOpStatus_t call_three_interpolate(mluOpHandle_t handle, CallArena& a) {
  void *grad_output, *indices, *weights, *grad_features;
  auto grad_output_desc = a.tensor({kArray, kFloat, {1, 4, 8}}, &grad_output);
  auto indices_desc = a.tensor({kArray, kInt32, {1, 8, 3}}, &indices);
  auto weights_desc = a.tensor({kArray, kFloat, {1, 8, 3}}, &weights);
  auto grad_features_desc =
      a.tensor({kArray, kFloat, {1, 4, 5}}, &grad_features);
  return mluOpThreeInterpolateBackward(
      handle, grad_output_desc, grad_output, indices_desc, indices,
      weights_desc, weights, grad_features_desc, grad_features);
}

mluOpStatus_t call_voxel_pooling(mluOpHandle_t handle, CallArena& a) {
  void *geom, *input, *output, *pos_memo;
  auto geom_desc = a.tensor({kArray, kInt32, {1, 4, 3}}, &geom);
  auto input_desc = a.tensor({kArray, kFloat, {1, 4, 3}}, &input);
  auto output_desc = a.tensor({kArray, kFloat, {1, 2, 2, 3}}, &output);
  auto pos_memo_desc = a.tensor({kArray, kInt32, {1, 4, 3}}, &pos_memo);
  return mluOpVoxelPoolingForward(handle, a.scalar(1), a.scalar(4), a.scalar(3),
                                  a.scalar(2), a.scalar(2), a.scalar(1),
                                  geom_desc, geom, input_desc, input,
                                  output_desc, output, pos_memo_desc, pos_memo);
}

mluOpStatus_t call_dynamic_scatter(mluOpHandle_t handle, CallArena& a,
                                   FuzzRun& run) {
  void *grad_voxel, *feats, *voxel_feats, *map, *count, *num, *grad_feats;
  auto grad_voxel_desc = a.tensor({kArray, kFloat, {2, 3}}, &grad_voxel);
  auto feats_desc = a.tensor({kArray, kFloat, {4, 3}}, &feats);
  auto voxel_feats_desc = a.tensor({kArray, kFloat, {2, 3}}, &voxel_feats);
  auto map_desc = a.tensor({kArray, kInt32, {4}}, &map);
  auto count_desc = a.tensor({kArray, kInt32, {2}}, &count);
  auto num_desc = a.tensor({kArray, kInt32, {1}}, &num);
  auto grad_feats_desc = a.tensor({kArray, kFloat, {4, 3}}, &grad_feats);
  const auto mode = mluOpReduceMode_t(run.rng() % 4);
  size_t workspace_size = 0;
  const mluOpStatus_t sized = mluOpGetDynamicScatterBackwardWorkspaceSize(
      handle, mode, feats_desc, &workspace_size);
  void* workspace = a.workspace(sized, &workspace_size);
  return mluOpDynamicScatterBackward(
      handle, mode, grad_voxel_desc, grad_voxel, feats_desc, feats,
      voxel_feats_desc, voxel_feats, map_desc, map, count_desc, count, num_desc,
      num, workspace, workspace_size, grad_feats_desc, grad_feats);
}

// The kernel volume D * H * W the filters descriptor declares (the length
// of indice_num the operator reads), or -1 when it has no 5 dims.
int64_t kernel_volume(mluOpTensorDescriptor_t filters) {
  mluOpTensorLayout_t layout;
  mluOpDataType_t dtype;
  int dim = 0;
  int dims[MLUOP_DIM_MAX] = {};
  if (filters == nullptr ||
      mluOpGetTensorDescriptor(filters, &layout, &dtype, &dim, dims) !=
          MLUOP_STATUS_SUCCESS ||
      dim != 5) {
    return -1;
  }
  const int* dhw = layout == MLUOP_LAYOUT_NCDHW ? dims + 2 : dims + 1;
  return int64_t(dhw[0]) * dhw[1] * dhw[2];
}

// nullopt: the filters declare more kernel positions than an indice_num
// array the test can hold (the caller owns that array's length).
std::optional<mluOpStatus_t> call_indice_convolution(mluOpHandle_t handle,
                                                     CallArena& a,
                                                     FuzzRun& run) {
  void *features, *filters, *pairs, *out;
  auto features_desc = a.tensor({kArray, kFloat, {6, 3}}, &features);
  auto filters_desc =
      a.tensor({run.chance(0.5) ? MLUOP_LAYOUT_NCDHW : MLUOP_LAYOUT_NDHWC,
                kFloat,
                {2, 3, 1, 1, 3}},
               &filters);
  auto pairs_desc = a.tensor({kArray, kInt32, {3, 2, 6}}, &pairs);
  auto out_desc = a.tensor({kArray, kFloat, {5, 2}}, &out);
  // One count per kernel position the filters declare.
  const int64_t volume = kernel_volume(filters_desc);
  if (volume > (int64_t(1) << 16)) return std::nullopt;
  std::vector<int64_t> indice_num(size_t(std::max<int64_t>(volume, 1)));
  for (int64_t& n : indice_num) n = run.chance(0.9) ? run.rng() % 7 : -1;
  const int64_t num_act_out = a.scalar(5);
  const int64_t inverse = run.chance(0.9) ? 0 : 1;
  const int64_t sub_m = run.chance(0.5) ? 0 : 1;
  size_t workspace_size = 0;
  const mluOpStatus_t sized = mluOpGetIndiceConvolutionForwardWorkspaceSize(
      handle, features_desc, filters_desc, pairs_desc, out_desc,
      indice_num.data(), num_act_out, inverse, sub_m, &workspace_size);
  void* workspace = a.workspace(sized, &workspace_size);
  return mluOpIndiceConvolutionForward(
      handle, features_desc, features, filters_desc, filters, pairs_desc, pairs,
      indice_num.data(), num_act_out, inverse, sub_m, workspace, workspace_size,
      out_desc, out);
}

class OperatorApiFuzz
    : public testing::TestWithParam<std::pair<const char*, int>> {};

TEST_P(OperatorApiFuzz, EveryCallReturnsADocumentedStatus) {
  FuzzRun run(GetParam().first, 400);
  mluOpHandle_t handle = nullptr;
  ASSERT_EQ(mluOpCreate(&handle), MLUOP_STATUS_SUCCESS);
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(mluOpGetQueue(handle, &queue), MLUOP_STATUS_SUCCESS);
  cnrtQueue_t destroyed = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&destroyed), cnrtSuccess);
  ASSERT_EQ(cnrtQueueDestroy(destroyed), cnrtSuccess);
  const int default_clusters = mluOpGetClusterNum(handle);
  std::map<mluOpStatus_t, long> statuses;
  long i = 0;
  for (; run.go_on(i); ++i) {
    mluOpHandle_t call_handle = run.chance(0.02) ? nullptr : handle;
    const bool dead_queue = run.chance(0.03);
    if (dead_queue) mluOpSetQueue(handle, destroyed);
    if (run.chance(0.05)) mluOpSetClusterNum(handle, interesting_int(run));
    std::optional<mluOpStatus_t> called;
    {
      CallArena arena(run);
      switch (GetParam().second) {
        case 0:
          called = call_psroipool(call_handle, arena);
          break;
        case 1:
          called = call_three_interpolate(call_handle, arena);
          break;
        case 2:
          called = call_voxel_pooling(call_handle, arena);
          break;
        case 3:
          called = call_dynamic_scatter(call_handle, arena, run);
          break;
        default:
          called = call_indice_convolution(call_handle, arena, run);
          break;
      }
      cnrtQueueSync(queue);
    }
    mluOpSetQueue(handle, queue);
    mluOpSetClusterNum(handle, default_clusters);
    if (!called) continue;
    const mluOpStatus_t status = *called;
    ++statuses[status];
    ASSERT_TRUE(CallArena::documented(status))
        << run.where(i) << ": status " << int(status);
    // The inputs are consistent buffers: a kernel that ran may not fail, unless
    // the handle's queue was destroyed before the call.
    if (!dead_queue) {
      ASSERT_NE(status, MLUOP_STATUS_EXECUTION_FAILED) << run.where(i);
    }
  }
  std::string summary;
  for (const auto& [status, count] : statuses) {
    summary += std::string(" ") + mluOpGetErrorString(status) + " " +
               std::to_string(count);
  }
  std::printf("[fuzz] %ld calls:%s\n", i, summary.c_str());
  // The mutations leave some calls valid: the kernels ran too.
  if (i >= 200) EXPECT_GT(statuses[MLUOP_STATUS_SUCCESS], 0) << summary;
  EXPECT_EQ(mluOpDestroy(handle), MLUOP_STATUS_SUCCESS);
}

INSTANTIATE_TEST_SUITE_P(
    Operators, OperatorApiFuzz,
    testing::Values(std::make_pair("psroipool_forward", 0),
                    std::make_pair("three_interpolate_backward", 1),
                    std::make_pair("voxel_pooling_forward", 2),
                    std::make_pair("dynamic_scatter_backward", 3),
                    std::make_pair("indice_convolution_forward", 4)),
    [](const testing::TestParamInfo<std::pair<const char*, int>>& info) {
      return std::string(info.param.first);
    });

// ---------------------------------------------------------------------------
// CNRT

struct Allocation {
  char* begin;
  size_t bytes;
};

// The documented rules over the allocations this test made.
class CnrtModel {
 public:
  std::vector<Allocation> live;
  std::vector<cnrtQueue_t> live_queues, dead_queues;

  const Allocation* holding(const void* p) const {
    const char* c = static_cast<const char*>(p);
    for (const Allocation& a : live) {
      if (c >= a.begin && c < a.begin + a.bytes) return &a;
    }
    return nullptr;
  }
  bool device_range(const void* p, size_t bytes) const {
    const Allocation* a = holding(p);
    return a != nullptr &&
           bytes <= size_t(a->begin + a->bytes - static_cast<const char*>(p));
  }
  bool queue_live(cnrtQueue_t q) const {
    return q == nullptr || q == cnrtQueuePerThread || q == cnrtQueueLegacy ||
           std::find(live_queues.begin(), live_queues.end(), q) !=
               live_queues.end();
  }
};

TEST(CnrtApiFuzz, EveryCallFollowsTheDocumentedRules) {
  FuzzRun run("cnrt", 4000);
  CnrtModel model;
  std::vector<char> host(1 << 16);
  const std::vector<size_t> sizes = {0,
                                     1,
                                     63,
                                     4096,
                                     size_t(1) << 16,
                                     size_t(1) << 21,
                                     size_t(PTRDIFF_MAX),
                                     size_t(PTRDIFF_MAX) + 1,
                                     SIZE_MAX - (size_t(1) << 21),
                                     SIZE_MAX};
  auto random_size = [&] {
    return run.chance(0.5) ? size_t(run.rng() % 5000) : run.pick(sizes);
  };
  // A pointer with the room after it that is safe to touch (0: none).
  struct Pointer {
    void* p;
    size_t room;
  };
  auto random_pointer = [&]() -> Pointer {
    switch (run.rng() % 5) {
      case 0:
        return {nullptr, 0};
      case 1: {
        const size_t offset = run.rng() % host.size();
        return {host.data() + offset, host.size() - offset};
      }
      default: {
        if (model.live.empty()) return {host.data(), host.size()};
        const Allocation& a = run.pick(model.live);
        const size_t offset = a.bytes == 0 ? 0 : run.rng() % a.bytes;
        return {a.begin + offset, a.bytes - offset};
      }
    }
  };
  auto random_queue = [&]() -> cnrtQueue_t {
    switch (run.rng() % 4) {
      case 0:
        return nullptr;
      case 1:
        return model.dead_queues.empty() ? cnrtQueuePerThread
                                         : run.pick(model.dead_queues);
      default:
        return model.live_queues.empty() ? cnrtQueueLegacy
                                         : run.pick(model.live_queues);
    }
  };
  auto forget_dead = [&](cnrtQueue_t q) {
    model.dead_queues.erase(
        std::remove(model.dead_queues.begin(), model.dead_queues.end(), q),
        model.dead_queues.end());
  };

  long i = 0;
  for (; run.go_on(i); ++i) {
    const std::string at = run.where(i);
    switch (run.rng() % 8) {
      case 0: {  // cnrtMalloc, cnrtHostMalloc
        const size_t bytes = random_size();
        if (run.chance(0.25)) {
          void* p = nullptr;
          const cnrtRet_t ret = cnrtHostMalloc(&p, bytes);
          ASSERT_TRUE(ret == cnrtSuccess || ret == cnrtErrorSysNoMem)
              << at << ": " << ret << " for " << bytes << " bytes";
          if (ret == cnrtSuccess) {
            ASSERT_LE(bytes, size_t(1) << 40) << at << ": " << bytes;
            std::memset(p, 0x5A, bytes);
            ASSERT_EQ(cnrtFreeHost(p), cnrtSuccess) << at;
          }
          break;
        }
        if (model.live.size() >= 16) break;
        void* p = nullptr;
        const cnrtRet_t ret = cnrtMalloc(&p, bytes);
        if (ret == cnrtSuccess) {
          ASSERT_NE(p, nullptr) << at;
          ASSERT_LE(bytes, size_t(1) << 40) << at << ": " << bytes;
          model.live.push_back({static_cast<char*>(p), bytes});
          // Usable to its last byte.
          if (bytes > 0) {
            ASSERT_EQ(cnrtMemset(p, 0x5A, bytes), cnrtSuccess) << at;
          }
        } else {
          ASSERT_TRUE(ret == cnrtErrorNoMem || ret == cnrtErrorArgsInvalid)
              << at << ": " << ret << " for " << bytes << " bytes";
        }
        break;
      }
      case 1: {  // cnrtFree
        Pointer ptr = random_pointer();
        const bool start_of_live =
            std::any_of(model.live.begin(), model.live.end(),
                        [&](const Allocation& a) { return a.begin == ptr.p; });
        const cnrtRet_t ret = cnrtFree(ptr.p);
        if (ptr.p == nullptr || start_of_live) {
          ASSERT_EQ(ret, cnrtSuccess) << at;
          model.live.erase(std::remove_if(model.live.begin(), model.live.end(),
                                          [&](const Allocation& a) {
                                            return a.begin == ptr.p;
                                          }),
                           model.live.end());
        } else {
          ASSERT_EQ(ret, cnrtErrorArgsInvalid) << at;
        }
        break;
      }
      case 2:
      case 3: {  // cnrtMemcpy, cnrtMemcpyAsync
        const Pointer dst = random_pointer(), src = random_pointer();
        const size_t bytes =
            run.chance(0.7) ? std::min(dst.room, src.room) : random_size();
        const auto dir = cnrtMemTransDir_t(run.rng() % 8);
        const bool async = run.chance(0.5);
        const cnrtQueue_t queue = random_queue();
        cnrtRet_t expected = cnrtSuccess;
        bool dst_dev = false, src_dev = false;
        switch (int(dir)) {
          case cnrtMemcpyHostToDev:
            dst_dev = true;
            break;
          case cnrtMemcpyDevToDev:
            dst_dev = src_dev = true;
            break;
          case cnrtMemcpyDevToHost:
            src_dev = true;
            break;
          case cnrtMemcpyHostToHost:
            break;
          case cnrtMemcpyNoDirection:
            dst_dev = model.holding(dst.p) != nullptr;
            src_dev = model.holding(src.p) != nullptr;
            break;
          default:
            expected = cnrtErrorMemcpyDirectionInvalid;
        }
        if (async && !model.queue_live(queue)) {
          expected = cnrtErrorInvalidResourceHandle;
        } else if (bytes == 0) {
          expected = cnrtSuccess;
        } else if (dst.p == nullptr || src.p == nullptr) {
          expected = cnrtErrorArgsInvalid;
        } else if (expected == cnrtSuccess &&
                   ((dst_dev && !model.device_range(dst.p, bytes)) ||
                    (src_dev && !model.device_range(src.p, bytes)))) {
          expected = cnrtErrorArgsInvalid;
        }
        // A host range cannot be checked: only ranges that exist are given.
        if (expected == cnrtSuccess && (bytes > dst.room || bytes > src.room)) {
          break;
        }
        const cnrtRet_t ret =
            async ? cnrtMemcpyAsync(dst.p, src.p, bytes, queue, dir)
                  : cnrtMemcpy(dst.p, src.p, bytes, dir);
        ASSERT_EQ(ret, expected) << at << ": dir " << int(dir) << ", " << bytes
                                 << " bytes" << (async ? ", async" : "");
        break;
      }
      case 4: {  // cnrtMemset, cnrtMemsetAsync
        const Pointer ptr = random_pointer();
        const size_t bytes = run.chance(0.7) ? ptr.room : random_size();
        const bool async = run.chance(0.5);
        const cnrtQueue_t queue = random_queue();
        cnrtRet_t expected = cnrtSuccess;
        if (async && !model.queue_live(queue)) {
          expected = cnrtErrorInvalidResourceHandle;
        } else if (bytes == 0) {
          expected = cnrtSuccess;
        } else if (ptr.p == nullptr || !model.device_range(ptr.p, bytes)) {
          expected = cnrtErrorArgsInvalid;
        }
        const cnrtRet_t ret = async ? cnrtMemsetAsync(ptr.p, 0, bytes, queue)
                                    : cnrtMemset(ptr.p, 0, bytes);
        ASSERT_EQ(ret, expected) << at << ": " << bytes << " bytes";
        break;
      }
      case 5: {  // cnrtQueueCreate
        if (model.live_queues.size() >= 8) break;
        cnrtQueue_t q = nullptr;
        ASSERT_EQ(cnrtQueueCreate(&q), cnrtSuccess) << at;
        model.live_queues.push_back(q);
        forget_dead(q);  // the address may be reused
        break;
      }
      case 6: {  // cnrtQueueDestroy
        const cnrtQueue_t q = random_queue();
        const cnrtRet_t ret = cnrtQueueDestroy(q);
        if (q == nullptr) {
          ASSERT_EQ(ret, cnrtErrorArgsInvalid) << at;
        } else if (std::find(model.live_queues.begin(), model.live_queues.end(),
                             q) != model.live_queues.end()) {
          ASSERT_EQ(ret, cnrtSuccess) << at;
          model.live_queues.erase(
              std::find(model.live_queues.begin(), model.live_queues.end(), q));
          model.dead_queues.push_back(q);
        } else {
          ASSERT_EQ(ret, cnrtErrorInvalidResourceHandle) << at;
        }
        break;
      }
      default: {  // cnrtQueueSync, cnrtQueueQuery
        const cnrtQueue_t q = random_queue();
        const cnrtRet_t ret =
            run.chance(0.5) ? cnrtQueueSync(q) : cnrtQueueQuery(q);
        ASSERT_EQ(ret, model.queue_live(q) ? cnrtSuccess
                                           : cnrtErrorInvalidResourceHandle)
            << at;
        break;
      }
    }
  }
  std::printf("[fuzz] %ld CNRT calls\n", i);
  for (const Allocation& a : model.live)
    EXPECT_EQ(cnrtFree(a.begin), cnrtSuccess);
  for (cnrtQueue_t q : model.live_queues) {
    EXPECT_EQ(cnrtQueueDestroy(q), cnrtSuccess);
  }
}

}  // namespace
