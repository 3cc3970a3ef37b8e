// dynamic_scatter_backward: boundary cases in the three modes, the task
// splits of the kernels, and a table of the host checks
// (docs/ops/dynamic_scatter_backward.md).
// The network-scale case is in test_dynamic_scatter_backward_network.cpp.
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "check_table.h"
#include "common/host.h"
#include "dynamic_scatter_backward_checks.h"
#include "xbang/runtime/checked.h"

namespace dsb_test {
namespace {

using xbang_test::DeviceBuffer;
using xbang_test::Handle;
using xbang_test::TensorDesc;

constexpr mluOpReduceMode_t kModes[] = {
    MLUOP_REDUCEMODE_MAX, MLUOP_REDUCEMODE_SUM, MLUOP_REDUCEMODE_MEAN};

// Runs the public API on a case; it must succeed without checked reports.
std::vector<float> run_api(const Case& c, mluOpReduceMode_t mode) {
  xbang::checked::clear_reports();
  Handle handle;
  DeviceCase device(c);
  EXPECT_EQ(device.run_api(handle, mode), MLUOP_STATUS_SUCCESS)
      << mluop::take_last_error();
  expect_no_checked_reports();
  return device.grad_feats();
}

void expect_api_matches_reference(const Case& c) {
  for (mluOpReduceMode_t mode : kModes) {
    SCOPED_TRACE(mode_name(mode));
    expect_matches_reference(c, mode, run_api(c, mode));
  }
}

CaseOptions options(int64_t n, int64_t m, int64_t c, uint32_t seed = 1) {
  CaseOptions o;
  o.num_points = n;
  o.num_voxel_rows = m;
  o.num_channels = c;
  o.seed = seed;
  return o;
}

TEST(DynamicScatterBackward, SmallRandomCase) {
  CaseOptions o = options(100, 40, 16);
  o.invalid_fraction = 0.1;
  expect_api_matches_reference(make_case(o));
}

// Several points equal to the max of one voxel and channel: the smallest
// index takes the gradient. Values worked out by hand.
TEST(DynamicScatterBackward, TiesGoToTheSmallestIndex) {
  Case c;
  c.num_points = 4;
  c.num_voxel_rows = 1;
  c.num_channels = 3;
  c.voxel_num = 1;
  c.feats = {1, 2, 3,   // point 0
             1, 5, 3,   // point 1
             0, 5, 3,   // point 2
             9, 9, 9};  // point 3, outside the grid
  c.point2voxel_map = {0, 0, 0, -1};
  c.voxel_feats = {1, 5, 3};
  c.voxel_points_count = {3};
  c.grad_voxel_feats = {10, 20, 30};
  const std::vector<float> want = {10, 0, 30, 0, 20, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(run_api(c, MLUOP_REDUCEMODE_MAX), want);
  expect_api_matches_reference(c);
}

// Mean divides as the reference does, bit for bit, for every kind of count
// the kernel treats apart (1: no division; powers of two: a multiply by the
// exact reciprocal; 3..9: cached divisor rows; larger, zero or negative, as
// a count tensor can hold: the spare divisor row) and for gradients whose
// quotient is subnormal, signed zero, infinite or NaN.
TEST(DynamicScatterBackward, MeanDividesBitExactlyByEveryCount) {
  const std::vector<int32_t> counts = {1,  2,  3,  4,       5, 8,  9,
                                       10, 16, 64, 1 << 20, 0, -2, -3};
  const std::vector<float> grads = {1.0f,
                                    -1.0f,
                                    3.0f,
                                    1.0f / 3,
                                    1e-40f,
                                    -1e-45f,
                                    1.17549435e-38f,
                                    3.4028235e38f,
                                    -3.4028235e38f,
                                    0.0f,
                                    -0.0f,
                                    INFINITY,
                                    -INFINITY,
                                    NAN,
                                    7.0f,
                                    0.1f,
                                    2.5e-39f};
  Case c;
  c.num_voxel_rows = int64_t(counts.size());
  c.num_channels = int64_t(grads.size());
  c.voxel_num = int32_t(counts.size());
  c.voxel_points_count = counts;
  // Two points per voxel (the count tensor is the kernel's only source of
  // the divisor, whatever the map says), rows in voxel order.
  c.num_points = 2 * c.num_voxel_rows;
  for (int64_t x = 0; x < c.num_points; ++x) {
    c.point2voxel_map.push_back(int32_t(x / 2));
  }
  for (int64_t v = 0; v < c.num_voxel_rows; ++v) {
    for (size_t i = 0; i < grads.size(); ++i) {
      // Each voxel's row scaled differently, so that rounding differs.
      c.grad_voxel_feats.push_back(i == 13 ? grads[i] : grads[i] * (1 + v));
    }
  }
  c.feats.assign(size_t(c.num_points * c.num_channels), 0.0f);
  c.voxel_feats.assign(size_t(c.num_voxel_rows * c.num_channels), 0.0f);
  const std::vector<float> got = run_api(c, MLUOP_REDUCEMODE_MEAN);
  const std::vector<float> want =
      reference_grad_feats(c, MLUOP_REDUCEMODE_MEAN);
  ASSERT_EQ(got.size(), want.size());
  for (size_t k = 0; k < want.size(); ++k) {
    uint32_t got_bits, want_bits;
    std::memcpy(&got_bits, &got[k], 4);
    std::memcpy(&want_bits, &want[k], 4);
    EXPECT_EQ(got_bits, want_bits)
        << "point " << k / grads.size() << " (count "
        << counts[k / grads.size() / 2] << ") channel " << k % grads.size()
        << ": got " << got[k] << ", want " << want[k];
  }
}

// Many ties (features in {0, 1}) with the points of one voxel spread over
// many tasks, so that the atomic min decides between tasks.
TEST(DynamicScatterBackward, TiesAcrossTasks) {
  CaseOptions o = options(2000, 50, 24);
  o.feature_levels = 2;
  const Case c = make_case(o);
  expect_api_matches_reference(c);
  Handle handle;
  cnrtQueue_t queue = nullptr;
  mluOpGetQueue(handle, &queue);
  DeviceCase device(c);
  xbang::checked::clear_reports();
  ASSERT_EQ(device.run_kernels({16, 1, 1}, cnrtFuncTypeUnion1, queue,
                               MLUOP_REDUCEMODE_MAX, true),
            cnrtSuccess);
  expect_no_checked_reports();
  expect_matches_reference(c, MLUOP_REDUCEMODE_MAX, device.grad_feats());
}

// One point per voxel: max passes every gradient to its only point.
TEST(DynamicScatterBackward, VoxelHoldingOnePoint) {
  const Case c = make_case(options(50, 50, 9));
  const std::vector<float> got = run_api(c, MLUOP_REDUCEMODE_MAX);
  for (int64_t x = 0; x < c.num_points; ++x) {
    const int32_t v = c.point2voxel_map[x];
    ASSERT_GE(v, 0);
    for (int64_t i = 0; i < c.num_channels; ++i) {
      EXPECT_EQ(got[x * c.num_channels + i],
                c.grad_voxel_feats[v * c.num_channels + i]);
    }
  }
  expect_api_matches_reference(c);
}

// Points mapped to -1 get a zero gradient in every mode.
TEST(DynamicScatterBackward, PointsMappedToMinusOne) {
  CaseOptions o = options(300, 100, 12);
  o.invalid_fraction = 0.3;
  const Case c = make_case(o);
  for (mluOpReduceMode_t mode : kModes) {
    SCOPED_TRACE(mode_name(mode));
    const std::vector<float> got = run_api(c, mode);
    int64_t invalid = 0;
    for (int64_t x = 0; x < c.num_points; ++x) {
      if (c.point2voxel_map[x] != -1) continue;
      ++invalid;
      for (int64_t i = 0; i < c.num_channels; ++i) {
        EXPECT_EQ(got[x * c.num_channels + i], 0.0f);
      }
    }
    EXPECT_EQ(invalid, 90);
    expect_matches_reference(c, mode, got);
  }
}

// All points in one voxel: per channel exactly one point takes the gradient.
TEST(DynamicScatterBackward, AllPointsInOneVoxel) {
  const Case c = make_case(options(500, 1, 33));
  const std::vector<float> got = run_api(c, MLUOP_REDUCEMODE_MAX);
  for (int64_t i = 0; i < c.num_channels; ++i) {
    int nonzero = 0;
    for (int64_t x = 0; x < c.num_points; ++x) {
      nonzero += got[x * c.num_channels + i] != 0.0f;
    }
    EXPECT_EQ(nonzero, 1) << "channel " << i;
  }
  expect_api_matches_reference(c);
}

// C that is not a multiple of anything (1, primes, just past powers of 2).
TEST(DynamicScatterBackward, ChannelsNotAMultipleOfAnything) {
  for (int64_t channels : {1, 7, 37, 129}) {
    SCOPED_TRACE("C=" + std::to_string(channels));
    CaseOptions o = options(211, 97, channels, uint32_t(channels));
    o.invalid_fraction = 0.05;
    expect_api_matches_reference(make_case(o));
  }
}

// voxel_num smaller than the rows of voxel_feats: points mapped to the rows
// past it get nothing, and those rows' gradients go nowhere.
TEST(DynamicScatterBackward, VoxelNumSmallerThanRows) {
  CaseOptions o = options(150, 60, 10);
  o.voxel_num = 25;
  const Case c = make_case(o);
  for (mluOpReduceMode_t mode : kModes) {
    SCOPED_TRACE(mode_name(mode));
    const std::vector<float> got = run_api(c, mode);
    for (int64_t x = 0; x < c.num_points; ++x) {
      if (c.point2voxel_map[x] < 25) continue;
      for (int64_t i = 0; i < c.num_channels; ++i) {
        EXPECT_EQ(got[x * c.num_channels + i], 0.0f);
      }
    }
    expect_matches_reference(c, mode, got);
  }
}

// voxel_num past the rows is clamped to them; a negative one means no voxel.
TEST(DynamicScatterBackward, VoxelNumOutOfRangeIsClamped) {
  for (int32_t voxel_num : {-5, 0, 61, INT32_MAX}) {
    SCOPED_TRACE("voxel_num=" + std::to_string(voxel_num));
    CaseOptions o = options(150, 60, 10);
    o.voxel_num = voxel_num;
    expect_api_matches_reference(make_case(o));
  }
}

// Map values outside [-1, M - 1] never address memory outside the tensors
// (checked mode would report it) and give a zero gradient.
TEST(DynamicScatterBackward, MapValuesOutOfRangeAreSkipped) {
  Case c = make_case(options(200, 80, 6));
  const int32_t bad[] = {80, 81, 1000000, INT32_MAX, -2, INT32_MIN};
  for (size_t k = 0; k < std::size(bad); ++k) {
    c.point2voxel_map[k * 30] = bad[k];
  }
  recompute_voxels(c, 80);
  for (mluOpReduceMode_t mode : kModes) {
    SCOPED_TRACE(mode_name(mode));
    const std::vector<float> got = run_api(c, mode);
    for (size_t k = 0; k < std::size(bad); ++k) {
      for (int64_t i = 0; i < c.num_channels; ++i) {
        EXPECT_EQ(got[k * 30 * c.num_channels + i], 0.0f);
      }
    }
    expect_matches_reference(c, mode, got);
  }
}

TEST(DynamicScatterBackward, OneElement) {
  expect_api_matches_reference(make_case(options(1, 1, 1)));
}

// More work than one NRAM load in every tiled dimension (640 KB of NRAM on
// the 372 profile): C = 170000 is more than one channel tile in all the
// kernels; N = 60000 points and M = 50000 voxels of C = 4 on a single task
// are several loops of points (every kernel) and voxels (kernel 2). Through
// the API and on one Block task, with the VAA paths and without.
TEST(DynamicScatterBackward, MoreThanOneNramLoadInEveryDimension) {
  CaseOptions wide = options(8, 4, 170000);
  wide.invalid_fraction = 0.2;
  wide.feature_levels = 3;
  CaseOptions many = options(60000, 50000, 4, 7);
  many.invalid_fraction = 0.02;
  many.feature_levels = 5;
  Handle handle;
  cnrtQueue_t queue = nullptr;
  mluOpGetQueue(handle, &queue);
  for (const CaseOptions& o : {wide, many}) {
    const Case c = make_case(o);
    SCOPED_TRACE("N=" + std::to_string(c.num_points) +
                 " C=" + std::to_string(c.num_channels));
    expect_api_matches_reference(c);
    DeviceCase device(c);
    for (mluOpReduceMode_t mode : kModes) {
      for (bool use_vaa : {true, false}) {
        SCOPED_TRACE(std::string(mode_name(mode)) +
                     (use_vaa ? " vaa" : " no-vaa"));
        device.reset_grad_feats();
        xbang::checked::clear_reports();
        ASSERT_EQ(device.run_kernels({1, 1, 1}, cnrtFuncTypeBlock, queue, mode,
                                     use_vaa),
                  cnrtSuccess);
        expect_no_checked_reports();
        expect_matches_reference(c, mode, device.grad_feats());
      }
    }
  }
}

// The kernels through their wrappers with Block and Union1 launches of 1
// (Block only), 4 and 16 tasks, the VAA path and the fallback, in checked
// mode. Fewer points (3) and voxels (2) than tasks in the second case.
TEST(DynamicScatterBackward, KernelsWithEveryLaunch) {
  struct Launch {
    cnrtDim3_t dim;
    cnrtFunctionType_t type;
  };
  const Launch launches[] = {{{1, 1, 1}, cnrtFuncTypeBlock},
                             {{4, 1, 1}, cnrtFuncTypeBlock},
                             {{16, 1, 1}, cnrtFuncTypeBlock},
                             {{4, 1, 1}, cnrtFuncTypeUnion1},
                             {{16, 1, 1}, cnrtFuncTypeUnion1}};
  CaseOptions medium = options(700, 300, 40, 5);
  medium.invalid_fraction = 0.05;
  medium.feature_levels = 3;
  const Case cases[] = {make_case(medium), make_case(options(3, 2, 5, 6))};
  Handle handle;
  cnrtQueue_t queue = nullptr;
  mluOpGetQueue(handle, &queue);
  for (const Case& c : cases) {
    DeviceCase device(c);
    for (const Launch& launch : launches) {
      for (mluOpReduceMode_t mode : kModes) {
        for (bool use_vaa : {true, false}) {
          SCOPED_TRACE(
              std::string(mode_name(mode)) +
              " N=" + std::to_string(c.num_points) +
              " tasks=" + std::to_string(launch.dim.x) +
              (launch.type == cnrtFuncTypeBlock ? " Block" : " Union1") +
              (use_vaa ? " vaa" : " no-vaa"));
          device.reset_grad_feats();
          xbang::checked::clear_reports();
          ASSERT_EQ(
              device.run_kernels(launch.dim, launch.type, queue, mode, use_vaa),
              cnrtSuccess);
          expect_no_checked_reports();
          expect_matches_reference(c, mode, device.grad_feats());
        }
      }
    }
  }
}

// Zero elements: N == 0 or C == 0 returns at once; M == 0 zeroes grad_feats.
TEST(DynamicScatterBackward, ZeroPointsOrChannelsReturnSuccess) {
  for (const auto& shape :
       std::vector<std::vector<int64_t>>{{0, 0, 8}, {10, 5, 0}, {0, 0, 0}}) {
    const Case c = make_case(options(shape[0], shape[1], shape[2]));
    for (mluOpReduceMode_t mode : kModes) {
      EXPECT_TRUE(run_api(c, mode).empty());
    }
  }
}

TEST(DynamicScatterBackward, NoVoxelsZeroesGradFeats) {
  const Case c = make_case(options(20, 0, 4));
  for (mluOpReduceMode_t mode : kModes) {
    SCOPED_TRACE(mode_name(mode));
    EXPECT_EQ(run_api(c, mode), std::vector<float>(80, 0.0f));
  }
}

TEST(DynamicScatterBackward, WorkspaceSize) {
  Handle handle;
  TensorDesc feats(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {17176, 128});
  size_t size = 1;
  ASSERT_EQ(mluOpGetDynamicScatterBackwardWorkspaceSize(
                handle, MLUOP_REDUCEMODE_MAX, feats, &size),
            MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(size, 17176u * 128u * 4u);
  for (mluOpReduceMode_t mode : {MLUOP_REDUCEMODE_SUM, MLUOP_REDUCEMODE_MEAN}) {
    ASSERT_EQ(
        mluOpGetDynamicScatterBackwardWorkspaceSize(handle, mode, feats, &size),
        MLUOP_STATUS_SUCCESS);
    EXPECT_EQ(size, 0u);
  }
}

// ---------------------------------------------------------------------------
// Host checks, one table row per rule of dynamicScatterBackwardParamCheck:
// each row breaks one argument of a good call and names the status and the
// log line it must give.
// ---------------------------------------------------------------------------

// A good call on a small case; a rule breaks one argument of it.
struct Call {
  static constexpr int N = 8, M = 4, C = 3;

  Call() {
    grad_voxel_feats_desc = make({M, C});
    feats_desc = make({N, C});
    voxel_feats_desc = make({M, C});
    point2voxel_map_desc = make({N}, MLUOP_DTYPE_INT32);
    voxel_points_count_desc = make({M}, MLUOP_DTYPE_INT32);
    voxel_num_desc = make({1}, MLUOP_DTYPE_INT32);
    grad_feats_desc = make({N, C});
    grad_voxel_feats = buffer(M * C * 4);
    feats = buffer(N * C * 4);
    voxel_feats = buffer(M * C * 4);
    point2voxel_map = buffer(N * 4);
    voxel_points_count = buffer(M * 4);
    voxel_num = buffer(4);
    workspace = buffer(N * C * 4);
    workspace_size = N * C * 4;
    grad_feats = buffer(N * C * 4);
  }

  mluOpTensorDescriptor_t make(std::vector<int> dims,
                               mluOpDataType_t dtype = MLUOP_DTYPE_FLOAT) {
    descs_.push_back(
        std::make_unique<TensorDesc>(MLUOP_LAYOUT_ARRAY, dtype, dims));
    return descs_.back()->get();
  }
  void* buffer(size_t bytes) {
    buffers_.push_back(
        std::make_unique<DeviceBuffer>(std::vector<int32_t>(bytes / 4, 0)));
    return buffers_.back()->get();
  }

  mluOpStatus_t run() {
    return mluOpDynamicScatterBackward(
        handle_arg, mode, grad_voxel_feats_desc, grad_voxel_feats, feats_desc,
        feats, voxel_feats_desc, voxel_feats, point2voxel_map_desc,
        point2voxel_map, voxel_points_count_desc, voxel_points_count,
        voxel_num_desc, voxel_num, workspace, workspace_size, grad_feats_desc,
        grad_feats);
  }

  Handle handle;
  mluOpHandle_t handle_arg = handle.get();
  mluOpReduceMode_t mode = MLUOP_REDUCEMODE_MAX;
  mluOpTensorDescriptor_t grad_voxel_feats_desc, feats_desc, voxel_feats_desc,
      point2voxel_map_desc, voxel_points_count_desc, voxel_num_desc,
      grad_feats_desc;
  void *grad_voxel_feats, *feats, *voxel_feats, *point2voxel_map,
      *voxel_points_count, *voxel_num, *workspace, *grad_feats;
  size_t workspace_size;

 private:
  std::vector<std::unique_ptr<TensorDesc>> descs_;
  std::vector<std::unique_ptr<DeviceBuffer>> buffers_;
};

struct CheckRule {
  const char* name;
  mluOpStatus_t status;
  const char* log;  // the log line of the failed check contains this
  void (*breaks)(Call&);
};

constexpr int N = Call::N, M = Call::M, C = Call::C;
constexpr mluOpStatus_t kBad = MLUOP_STATUS_BAD_PARAM;
constexpr int kLargeN = 1 << 16, kLargeC = 1 << 15;  // 2^31 elements

// mluOpReduceMode_t's enumerators are 0..2, so 3 is a value of the type (its
// range is 0..3) that names no mode; values past 3 would be undefined
// behaviour to form in C++.
constexpr mluOpReduceMode_t kUnnamedMode = static_cast<mluOpReduceMode_t>(3);

const CheckRule kRules[] = {
    {"null handle", kBad, "handle is null",
     [](Call& c) { c.handle_arg = nullptr; }},
    {"null grad_voxel_feats_desc", kBad, "grad_voxel_feats_desc is null",
     [](Call& c) { c.grad_voxel_feats_desc = nullptr; }},
    {"null feats_desc", kBad, "feats_desc is null",
     [](Call& c) { c.feats_desc = nullptr; }},
    {"null voxel_feats_desc", kBad, "voxel_feats_desc is null",
     [](Call& c) { c.voxel_feats_desc = nullptr; }},
    {"null point2voxel_map_desc", kBad, "point2voxel_map_desc is null",
     [](Call& c) { c.point2voxel_map_desc = nullptr; }},
    {"null voxel_points_count_desc", kBad, "voxel_points_count_desc is null",
     [](Call& c) { c.voxel_points_count_desc = nullptr; }},
    {"null voxel_num_desc", kBad, "voxel_num_desc is null",
     [](Call& c) { c.voxel_num_desc = nullptr; }},
    {"null grad_feats_desc", kBad, "grad_feats_desc is null",
     [](Call& c) { c.grad_feats_desc = nullptr; }},
    {"no MLU200 series", MLUOP_STATUS_ARCH_MISMATCH, "needs an MLU370",
     [](Call& c) { mluOpSetDeviceArch(c.handle, 290); }},
    {"grad_voxel_feats float", kBad, "grad_voxel_feats dtype must be FLOAT",
     [](Call& c) {
       c.grad_voxel_feats_desc = c.make({M, C}, MLUOP_DTYPE_HALF);
     }},
    {"feats float", kBad, "feats dtype must be FLOAT",
     [](Call& c) {
       c.feats_desc = c.make({N, C}, MLUOP_DTYPE_INT32);
     }},
    {"voxel_feats float", kBad, "voxel_feats dtype must be FLOAT",
     [](Call& c) {
       c.voxel_feats_desc = c.make({M, C}, MLUOP_DTYPE_HALF);
     }},
    {"point2voxel_map int32", kBad, "point2voxel_map dtype must be INT32",
     [](Call& c) { c.point2voxel_map_desc = c.make({N}, MLUOP_DTYPE_INT64); }},
    {"voxel_points_count int32", kBad, "voxel_points_count dtype must be INT32",
     [](Call& c) { c.voxel_points_count_desc = c.make({M}); }},
    {"voxel_num int32", kBad, "voxel_num dtype must be INT32",
     [](Call& c) { c.voxel_num_desc = c.make({1}, MLUOP_DTYPE_INT16); }},
    {"grad_feats float", kBad, "grad_feats dtype must be FLOAT",
     [](Call& c) {
       c.grad_feats_desc = c.make({N, C}, MLUOP_DTYPE_HALF);
     }},
    {"grad_voxel_feats 2-D", kBad, "grad_voxel_feats must be [M, C]",
     [](Call& c) { c.grad_voxel_feats_desc = c.make({M * C}); }},
    {"feats 2-D", kBad, "feats must be [N, C]",
     [](Call& c) {
       c.feats_desc = c.make({N, C, 1});
     }},
    {"voxel_feats 2-D", kBad, "voxel_feats must be [M, C]",
     [](Call& c) { c.voxel_feats_desc = c.make({M * C}); }},
    {"point2voxel_map 1-D", kBad, "point2voxel_map must be [N]",
     [](Call& c) {
       c.point2voxel_map_desc = c.make({N, 1}, MLUOP_DTYPE_INT32);
     }},
    {"voxel_points_count 1-D", kBad, "voxel_points_count must be [M]",
     [](Call& c) {
       c.voxel_points_count_desc = c.make({M, 1}, MLUOP_DTYPE_INT32);
     }},
    {"voxel_num 1-D", kBad, "voxel_num must be [1]",
     [](Call& c) {
       c.voxel_num_desc = c.make({1, 1}, MLUOP_DTYPE_INT32);
     }},
    {"grad_feats 2-D", kBad, "grad_feats must be [N, C]",
     [](Call& c) { c.grad_feats_desc = c.make({N * C}); }},
    {"large feats", MLUOP_STATUS_NOT_SUPPORTED, "feats has 2^31 elements",
     [](Call& c) {
       c.feats_desc = c.make({kLargeN, kLargeC});
       c.grad_feats_desc = c.make({kLargeN, kLargeC});
       c.point2voxel_map_desc = c.make({kLargeN}, MLUOP_DTYPE_INT32);
       c.grad_voxel_feats_desc = c.make({M, kLargeC});
       c.voxel_feats_desc = c.make({M, kLargeC});
     }},
    {"reduce mode", kBad, "reduce_type must be MAX, SUM or MEAN, got 3",
     [](Call& c) { c.mode = kUnnamedMode; }},
    {"grad_feats shape of feats", kBad, "grad_feats must have the shape of",
     [](Call& c) {
       c.grad_feats_desc = c.make({N, C + 1});
     }},
    {"voxel_feats C of feats", kBad,
     "voxel_feats and feats must have the same C",
     [](Call& c) {
       c.voxel_feats_desc = c.make({M, C + 1});
     }},
    {"grad_voxel_feats shape of voxel_feats", kBad,
     "grad_voxel_feats must have the shape of voxel_feats",
     [](Call& c) {
       c.grad_voxel_feats_desc = c.make({M - 1, C});
     }},
    {"point2voxel_map [N]", kBad, "point2voxel_map must be [N] (",
     [](Call& c) {
       c.point2voxel_map_desc = c.make({N + 1}, MLUOP_DTYPE_INT32);
     }},
    {"voxel_points_count [M]", kBad, "voxel_points_count must be [M] (",
     [](Call& c) {
       c.voxel_points_count_desc = c.make({M + 1}, MLUOP_DTYPE_INT32);
     }},
    {"voxel_num [1]", kBad, "voxel_num must be [1], got [2]",
     [](Call& c) { c.voxel_num_desc = c.make({2}, MLUOP_DTYPE_INT32); }},
    {"M <= N", kBad, "M <= N",
     [](Call& c) {
       c.grad_voxel_feats_desc = c.make({N + 1, C});
       c.voxel_feats_desc = c.make({N + 1, C});
       c.voxel_points_count_desc = c.make({N + 1}, MLUOP_DTYPE_INT32);
     }},
    {"null feats", kBad, "feats is null", [](Call& c) { c.feats = nullptr; }},
    {"null point2voxel_map", kBad, "point2voxel_map is null",
     [](Call& c) { c.point2voxel_map = nullptr; }},
    {"null voxel_num", kBad, "voxel_num is null",
     [](Call& c) { c.voxel_num = nullptr; }},
    {"null grad_feats", kBad, "grad_feats is null",
     [](Call& c) { c.grad_feats = nullptr; }},
    {"null grad_voxel_feats", kBad, "grad_voxel_feats is null",
     [](Call& c) { c.grad_voxel_feats = nullptr; }},
    {"null voxel_feats", kBad, "voxel_feats is null",
     [](Call& c) { c.voxel_feats = nullptr; }},
    {"null voxel_points_count", kBad, "voxel_points_count is null",
     [](Call& c) { c.voxel_points_count = nullptr; }},
    {"workspace smaller than asked", kBad, "is smaller than the 96 bytes",
     [](Call& c) { c.workspace_size = N * C * 4 - 1; }},
    {"null workspace", kBad, "workspace is null",
     [](Call& c) { c.workspace = nullptr; }},
};

class DynamicScatterBackwardCheckTest
    : public ::testing::TestWithParam<CheckRule> {};

TEST_P(DynamicScatterBackwardCheckTest, FailsWithItsStatusAndLogLine) {
  const CheckRule& rule = GetParam();
  Call call;
  mluop::take_last_error();
  rule.breaks(call);
  EXPECT_EQ(call.run(), rule.status);
  xbang_test::ExpectLogLine("[mluOpDynamicScatterBackward]", rule.log);
}

INSTANTIATE_TEST_SUITE_P(Rules, DynamicScatterBackwardCheckTest,
                         ::testing::ValuesIn(kRules),
                         xbang_test::RuleTestName());

TEST(DynamicScatterBackwardChecks, GoodCallSucceedsInEveryMode) {
  for (mluOpReduceMode_t m : kModes) {
    Call call;
    call.mode = m;
    xbang::checked::clear_reports();
    EXPECT_EQ(call.run(), MLUOP_STATUS_SUCCESS) << mluop::take_last_error();
    expect_no_checked_reports();
  }
}

TEST(DynamicScatterBackwardChecks, SumAndMeanNeedNoWorkspace) {
  for (mluOpReduceMode_t m : {MLUOP_REDUCEMODE_SUM, MLUOP_REDUCEMODE_MEAN}) {
    Call call;
    call.mode = m;
    call.workspace = nullptr;
    call.workspace_size = 0;
    EXPECT_EQ(call.run(), MLUOP_STATUS_SUCCESS) << mluop::take_last_error();
  }
}

// The workspace-size function's own checks, one row each.
TEST(DynamicScatterBackwardChecks, WorkspaceSizeFunctionChecks) {
  Call call;
  size_t size = 0;
  const mluOpTensorDescriptor_t good = call.feats_desc;
  struct Row {
    const char* name;
    mluOpHandle_t handle;
    mluOpReduceMode_t mode;
    mluOpTensorDescriptor_t feats_desc;
    size_t* size;
    mluOpStatus_t status;
    const char* log;
  };
  const Row rows[] = {
      {"null handle", nullptr, MLUOP_REDUCEMODE_MAX, good, &size, kBad,
       "handle is null"},
      {"null feats_desc", call.handle, MLUOP_REDUCEMODE_MAX, nullptr, &size,
       kBad, "feats_desc is null"},
      {"null workspace_size", call.handle, MLUOP_REDUCEMODE_MAX, good, nullptr,
       kBad, "workspace_size is null"},
      {"feats float", call.handle, MLUOP_REDUCEMODE_MAX,
       call.make({N, C}, MLUOP_DTYPE_HALF), &size, kBad,
       "feats dtype must be FLOAT"},
      {"feats 2-D", call.handle, MLUOP_REDUCEMODE_MAX, call.make({N * C}),
       &size, kBad, "feats must be [N, C]"},
      {"large feats", call.handle, MLUOP_REDUCEMODE_MAX,
       call.make({kLargeN, kLargeC}), &size, MLUOP_STATUS_NOT_SUPPORTED,
       "feats has 2^31 elements"},
      {"reduce mode", call.handle, kUnnamedMode, good, &size, kBad,
       "reduce_type must be MAX, SUM or MEAN"},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    mluop::take_last_error();
    EXPECT_EQ(mluOpGetDynamicScatterBackwardWorkspaceSize(
                  row.handle, row.mode, row.feats_desc, row.size),
              row.status);
    const std::string log = mluop::take_last_error();
    EXPECT_NE(log.find("[mluOpGetDynamicScatterBackwardWorkspaceSize]"),
              std::string::npos)
        << log;
    EXPECT_NE(log.find(row.log), std::string::npos) << log;
  }
}

}  // namespace
}  // namespace dsb_test
