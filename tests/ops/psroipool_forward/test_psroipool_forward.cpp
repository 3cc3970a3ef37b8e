// psroipool_forward: boundary cases of the issue and the checklist, both
// gather paths under Block and Union1 launches, and one test per host check.
// The design's network cases are in test_psroipool_forward_network.cpp.
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "check_table.h"
#include "common/host.h"
#include "psroipool_forward_checks.h"
#include "psroipool_forward_runner.h"
#include "xbang/runtime/checked.h"

namespace {

using psroipool_data::Case;
using psroipool_data::make_case;
using psroipool_data::make_shape;
using psroipool_run::DeviceCase;
using psroipool_run::Expected;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

using psroipool_check::ExpectMatches;
using psroipool_check::ReportsText;

class PsRoiPoolForwardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    xbang::checked::clear_reports();
    mluop::take_last_error();
  }

  // Through the host API (default gather path).
  Expected CheckApi(const Case& c) {
    DeviceCase d(c);
    const Expected e = psroipool_run::run_reference(c);
    xbang::checked::clear_reports();
    EXPECT_EQ(psroipool_run::run_api(handle_, c, d), MLUOP_STATUS_SUCCESS)
        << c.name << ": " << mluop::take_last_error();
    ExpectMatches(c, d, e, "API");
    return e;
  }

  // Through the kernel wrapper: both gather paths, Block launches of 1, 4
  // and 16 tasks and Union1 launches of 4 and 16.
  void CheckLaunches(const Case& c) {
    psroipool_check::ExpectEveryLaunchMatches(c, queue());
  }

  cnrtQueue_t queue() {
    cnrtQueue_t q = nullptr;
    mluOpGetQueue(handle_, &q);
    return q;
  }
  void queue_sync() { cnrtQueueSync(queue()); }

  xbang_test::Handle handle_;
};

// A small case with hand-written rois: [batch_id, x1, y1, x2, y2].
Case HandCase(std::string name, int batch, int height, int width, int group,
              int output_dim, float scale, std::vector<float> rois,
              uint32_t seed = 7) {
  const int rois_num = int(rois.size() / 5);
  Case c = make_case(
      std::move(name),
      make_shape(batch, height, width, group, output_dim, rois_num, scale),
      seed);
  c.rois = std::move(rois);
  return c;
}

// Number of bins of the case that the reference finds empty.
int EmptyBins(const Case& c) {
  int empty = 0;
  for (int n = 0; n < c.shape.rois_num; ++n) {
    for (int ph = 0; ph < c.shape.pooled_height; ++ph) {
      for (int pw = 0; pw < c.shape.pooled_width; ++pw) {
        empty +=
            psroipool_ref::compute_bin(c.shape, &c.rois[size_t(n) * 5], ph, pw)
                .empty;
      }
    }
  }
  return empty;
}

// A handle cannot stand for more clusters than a launch can hold (the
// operator's task count, clusters times cores, stays within int); at the
// most it can, the Block launch still takes one task per roi.
TEST_F(PsRoiPoolForwardTest, ClusterCountIsBoundedByTheLaunchLimit) {
  EXPECT_EQ(mluOpSetClusterNum(handle_, INT_MAX), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(mluop::take_last_error().find("cluster_num must be in"),
            std::string::npos);
  ASSERT_EQ(mluOpSetClusterNum(handle_, mluop::kMaxClusterNum),
            MLUOP_STATUS_SUCCESS);
  CheckApi(make_case("max clusters", make_shape(1, 6, 7, 2, 3, 5, 0.5f), 71));
}

TEST_F(PsRoiPoolForwardTest, RandomRoisOddSizes) {
  // Sizes that are multiples of nothing: 37 rois, group 5, output_dim 3.
  const Case c =
      make_case("odd sizes", make_shape(3, 9, 11, 5, 3, 37, 0.25f), 11);
  CheckApi(c);
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, RoisPartlyOutsideGiveEmptyBins) {
  const Case c =
      HandCase("partly outside", 2, 6, 7, 3, 5, 0.5f, {0, -10,   -6, 5,  4,   //
                                                       1, 8,     7,  30, 25,  //
                                                       1, -40,   3,  6,  40,  //
                                                       0, 10.6f, -3, 20, 8.4f});
  ASSERT_GT(EmptyBins(c), 0);
  const Expected e = CheckApi(c);
  // The empty bins are exactly 0.
  DeviceCase d(c);
  ASSERT_EQ(psroipool_run::run_api(handle_, c, d), MLUOP_STATUS_SUCCESS);
  const auto got = d.output.to_host<float>();
  int zeros_checked = 0;
  for (int n = 0; n < c.shape.rois_num; ++n) {
    for (int ph = 0; ph < 3; ++ph) {
      for (int pw = 0; pw < 3; ++pw) {
        if (!psroipool_ref::compute_bin(c.shape, &c.rois[size_t(n) * 5], ph, pw)
                 .empty) {
          continue;
        }
        for (int ctop = 0; ctop < 5; ++ctop) {
          EXPECT_EQ(got[size_t(((n * 3 + ph) * 3 + pw) * 5 + ctop)], 0.f);
          ++zeros_checked;
        }
      }
    }
  }
  EXPECT_GT(zeros_checked, 0);
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, RoisFullyOutsideGiveZeros) {
  const Case c =
      HandCase("fully outside", 2, 6, 7, 3, 5, 0.5f, {0, 40,  40,  60,  60,   //
                                                      1, -30, -30, -10, -10,  //
                                                      1, 3,   30,  9,   50,   //
                                                      0, 100, 2,   120, 9});
  ASSERT_EQ(EmptyBins(c), 4 * 9);
  const Expected e = CheckApi(c);
  for (float v : e.output) ASSERT_EQ(v, 0.f);
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, RoisSmallerThanOnePixel) {
  // At scale 1/16 a one-pixel roi is 1/16 of an input pixel: forced to 0.1.
  const Case c = HandCase("sub-pixel", 1, 8, 9, 3, 4, 0.0625f,
                          {0, 33.2f, 40.4f, 33.2f,  40.4f,   //
                           0, 0,     0,     0,      0,       //
                           0, 143,   127,   143.4f, 127.3f,  //
                           0, 70,    20,    71,     21});
  CheckApi(c);
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, X2LessThanX1) {
  const Case c =
      HandCase("x2 < x1", 2, 6, 7, 3, 5, 0.5f, {0, 9,  8,  2,   1,   //
                                                1, 12, 3,  11,  10,  //
                                                1, 4,  10, 6,   -5,  //
                                                0, 13, 11, -13, -11});
  CheckApi(c);
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, PooledSizeOne) {
  const Case c = make_case("pooled 1", make_shape(2, 5, 6, 1, 7, 9, 0.5f), 21);
  CheckApi(c);
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, OneElement) {
  const Case c = HandCase("one element", 1, 1, 1, 1, 1, 1.f, {0, 0, 0, 0, 0});
  const Expected e = CheckApi(c);
  EXPECT_EQ(e.output[0], c.input[0]);
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, BinsOfManyPoints) {
  // Bins wider than many points and a roi over the whole input, so the
  // GDRAM2NRAM path sums long rows.
  const Case c = HandCase("wide bins", 1, 40, 150, 2, 3, 1.f,
                          {0, 0, 0, 149, 39,   //
                           0, -5, 3, 160, 30,  //
                           0, 20, 0, 21, 39});
  CheckApi(c);
  CheckLaunches(c);
}

// output_dim above one NRAM load (num_deal of docs/ops/psroipool_forward.md
// (kernel)) on each path.
TEST_F(PsRoiPoolForwardTest, OutputDimLargerThanOneNramLoad) {
  for (const auto path :
       {PSROIPOOL_GATHER_NRAM2NRAM, PSROIPOOL_GATHER_GDRAM2NRAM}) {
    const int group = path == PSROIPOOL_GATHER_NRAM2NRAM ? 7 : 1;
    const int num_deal = PsRoiPoolForwardNumDeal(group, path);
    const int output_dim = num_deal + 37;
    const Case c = HandCase("output_dim " + std::to_string(output_dim), 1, 3, 4,
                            group, output_dim, 1.f,
                            {0, 0, 0, 3, 2,  //
                             0, 1, 1, 2, 2,  //
                             0, -1, 0, 1, 5});
    SCOPED_TRACE(c.name);
    DeviceCase d(c);
    const Expected e = psroipool_run::run_reference(c);
    for (const unsigned tasks : {1u, 4u}) {
      d.reset_outputs(c);
      xbang::checked::clear_reports();
      ASSERT_EQ(psroipool_run::run_kernel(c, d, {tasks, 1, 1},
                                          cnrtFuncTypeBlock, queue(), path),
                cnrtSuccess)
          << ReportsText();
      ExpectMatches(c, d, e, tasks == 1 ? "Block x1" : "Block x4");
    }
    if (path == kPsRoiPoolDefaultGatherPath) CheckApi(c);
  }
}

// Bins with more points than the GDRAM2NRAM gather's dst rows: output_dim
// close to one load leaves room for a single row, so each point is its own
// gather and the sums accumulate across them.
TEST_F(PsRoiPoolForwardTest, BinPointsBeyondOneGather) {
  const int output_dim =
      PsRoiPoolForwardNumDeal(2, PSROIPOOL_GATHER_GDRAM2NRAM) - 5;
  const Case c = HandCase("one point per gather", 1, 3, 5, 2, output_dim, 1.f,
                          {0, 0, 0, 4, 2,  //
                           0, 1, 0, 4, 1});
  CheckApi(c);
  DeviceCase d(c);
  const Expected e = psroipool_run::run_reference(c);
  xbang::checked::clear_reports();
  ASSERT_EQ(psroipool_run::run_kernel(c, d, {2, 1, 1}, cnrtFuncTypeBlock,
                                      queue(), PSROIPOOL_GATHER_GDRAM2NRAM),
            cnrtSuccess)
      << ReportsText();
  ExpectMatches(c, d, e, "Block x2 GDRAM2NRAM");
}

// group_size 72: group_size^2 channel vectors do not fit the design's
// partition, so both paths run the GDRAM2NRAM gather bin by bin.
TEST_F(PsRoiPoolForwardTest, GroupSizeBeyondTheNramPartition) {
  const Case c = HandCase("group 72", 1, 2, 3, 72, 1, 1.f,
                          {0, 0, 0, 2, 1,  //
                           0, 1, 0, 2, 1});
  CheckApi(c);
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, NanAndInfInInputReachOnlyTheirBins) {
  Case c = HandCase("nan/inf input", 1, 6, 7, 3, 4, 1.f, {0, 0, 0, 6, 5,  //
                                                          0, 4, 3, 6, 5,  //
                                                          0, 0, 0, 1, 1,  //
                                                          0, 2, 0, 6, 2});
  const auto at = [&](int h, int w, int ch) {
    return size_t((h * c.shape.width + w) * c.shape.channels + ch);
  };
  c.input[at(1, 1, 0)] = kNaN;   // (ctop 0, bin 0, 0)
  c.input[at(4, 5, 13)] = kInf;  // ctop 1, bin (1, 1)
  c.input[at(4, 5, 14)] = -kInf;
  const Expected e = CheckApi(c);
  size_t nonfinite = 0;
  for (float v : e.output) nonfinite += !std::isfinite(v);
  EXPECT_GT(nonfinite, 0u);
  EXPECT_LT(nonfinite, e.output.size() / 4);
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, UncheckableRoisGiveZerosAndReadNothingOutside) {
  const Case c =
      HandCase("bad rois", 2, 6, 7, 3, 5, 0.5f,
               {2,     0,      0,      8,     8,      // batch_id == batch
                -1,    0,      0,      8,     8,      // batch_id -1
                1e9f,  0,      0,      8,     8,      // far out
                kNaN,  0,      0,      8,     8,      //
                0,     kNaN,   0,      8,     8,      //
                1,     0,      0,      kInf,  8,      //
                0,     -kInf,  -kInf,  3,     3,      //
                -0.5f, 0,      0,      8,     8,      // truncates to 0: valid
                1.9f,  2,      2,      10,    10,     // truncates to 1: valid
                0,     -1e30f, -1e30f, 1e30f, 1e30f,  // huge, finite
                1,     -3e38f, 0,      3e38f, 5});    // size overflows
  const Expected e = CheckApi(c);
  for (int n = 0; n < 7; ++n) {
    for (int k = 0; k < 45; ++k) ASSERT_EQ(e.output[size_t(n * 45 + k)], 0.f);
  }
  CheckLaunches(c);
}

TEST_F(PsRoiPoolForwardTest, FewerRoisThanTasks) {
  const Case c = make_case("3 rois", make_shape(2, 7, 5, 2, 6, 3, 0.5f), 31);
  CheckLaunches(c);
}

// The "no checked-mode report" assertions above can fail: an output that is
// not GDRAM is reported and fails the launch.
TEST_F(PsRoiPoolForwardTest, CheckedModeReportsAnOutputOutsideGdram) {
  const Case c =
      make_case("host output", make_shape(1, 4, 4, 2, 3, 2, 1.f), 43);
  DeviceCase d(c);
  std::vector<float> host_output(size_t(c.shape.output_elements()));
  const auto& s = c.shape;
  xbang::checked::clear_reports();
  EXPECT_EQ(KernelPsRoiPoolForward(
                {1, 1, 1}, cnrtFuncTypeBlock, queue(),
                static_cast<const float*>(d.input.get()),
                static_cast<const float*>(d.rois.get()), host_output.data(),
                static_cast<int32_t*>(d.mapping.get()), s.batch, s.height,
                s.width, s.channels, s.pooled_height, s.pooled_width,
                s.output_dim, s.group_size, s.rois_num, 5, s.spatial_scale,
                kPsRoiPoolDefaultGatherPath),
            cnrtErrorLaunchFailed);
  EXPECT_FALSE(xbang::checked::reports().empty());
  xbang::checked::clear_reports();
}

TEST_F(PsRoiPoolForwardTest, ZeroElementInputWritesNothing) {
  const Case c = make_case("zero", make_shape(1, 4, 4, 2, 3, 5, 1.f), 41);
  DeviceCase d(c);
  xbang_test::TensorDesc empty_input(MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_FLOAT,
                                     {0, 4, 4, 12});
  const auto& s = c.shape;
  EXPECT_EQ(mluOpPsRoiPoolForward(
                handle_, s.pooled_height, s.pooled_width, s.spatial_scale,
                s.group_size, s.output_dim, empty_input, d.input.get(),
                d.rois_desc, d.rois.get(), nullptr, 0, d.output_desc,
                d.output.get(), d.mapping_desc, d.mapping.get()),
            MLUOP_STATUS_SUCCESS);
  for (float v : d.output.to_host<float>()) {
    ASSERT_EQ(v, psroipool_run::kOutputSentinel);
  }
  for (int32_t v : d.mapping.to_host<int32_t>()) {
    ASSERT_EQ(v, psroipool_run::kMappingSentinel);
  }
}

// ---- Host checks: one test per rule of docs/ops/psroipool_forward.md
// (parameters and checks), in its order. --

// The arguments of one mluOpPsRoiPoolForward call, valid by default.
struct Call {
  explicit Call(const Case& c, const DeviceCase& d, mluOpHandle_t h)
      : handle(h),
        pooled_height(c.shape.pooled_height),
        pooled_width(c.shape.pooled_width),
        spatial_scale(c.shape.spatial_scale),
        group_size(c.shape.group_size),
        output_dim(c.shape.output_dim),
        input_desc(d.input_desc),
        input(d.input.get()),
        rois_desc(d.rois_desc),
        rois(d.rois.get()),
        output_desc(d.output_desc),
        output(d.output.get()),
        mapping_desc(d.mapping_desc),
        mapping(d.mapping.get()) {}
  mluOpStatus_t run() const {
    return mluOpPsRoiPoolForward(handle, pooled_height, pooled_width,
                                 spatial_scale, group_size, output_dim,
                                 input_desc, input, rois_desc, rois, nullptr, 0,
                                 output_desc, output, mapping_desc, mapping);
  }
  mluOpHandle_t handle;
  int pooled_height, pooled_width;
  float spatial_scale;
  int group_size, output_dim;
  mluOpTensorDescriptor_t input_desc;
  const void* input;
  mluOpTensorDescriptor_t rois_desc;
  const void* rois;
  mluOpTensorDescriptor_t output_desc;
  void* output;
  mluOpTensorDescriptor_t mapping_desc;
  void* mapping;
};

struct CheckRule {
  const char* name;
  mluOpStatus_t status;
  const char* log;  // a piece of the log line naming the check
  // Breaks the rule in `call`; descriptors it makes go to `keep`.
  std::function<void(Call&,
                     std::vector<std::unique_ptr<xbang_test::TensorDesc>>&)>
      mutate;
};

using Keep = std::vector<std::unique_ptr<xbang_test::TensorDesc>>;

mluOpTensorDescriptor_t NewDesc(Keep& keep, mluOpTensorLayout_t layout,
                                mluOpDataType_t dtype, std::vector<int> dims) {
  keep.push_back(
      std::make_unique<xbang_test::TensorDesc>(layout, dtype, std::move(dims)));
  return keep.back()->get();
}

// Base case: group 2, output_dim 3 (channels 12), 4 rois.
constexpr mluOpTensorLayout_t NHWC = MLUOP_LAYOUT_NHWC;
constexpr mluOpTensorLayout_t ARRAY = MLUOP_LAYOUT_ARRAY;
constexpr mluOpDataType_t F32 = MLUOP_DTYPE_FLOAT;
constexpr mluOpDataType_t I32 = MLUOP_DTYPE_INT32;

const std::vector<CheckRule>& Rules() {
  static const std::vector<CheckRule> rules = {
      {"null handle", MLUOP_STATUS_BAD_PARAM, "(handle) != nullptr",
       [](Call& c, Keep&) { c.handle = nullptr; }},
      {"null input_desc", MLUOP_STATUS_BAD_PARAM, "(input_desc) != nullptr",
       [](Call& c, Keep&) { c.input_desc = nullptr; }},
      {"null input", MLUOP_STATUS_BAD_PARAM, "(input) != nullptr",
       [](Call& c, Keep&) { c.input = nullptr; }},
      {"null rois_desc", MLUOP_STATUS_BAD_PARAM, "(rois_desc) != nullptr",
       [](Call& c, Keep&) { c.rois_desc = nullptr; }},
      {"null rois", MLUOP_STATUS_BAD_PARAM, "(rois) != nullptr",
       [](Call& c, Keep&) { c.rois = nullptr; }},
      {"null output_desc", MLUOP_STATUS_BAD_PARAM, "(output_desc) != nullptr",
       [](Call& c, Keep&) { c.output_desc = nullptr; }},
      {"null output", MLUOP_STATUS_BAD_PARAM, "(output) != nullptr",
       [](Call& c, Keep&) { c.output = nullptr; }},
      {"null mapping_channel_desc", MLUOP_STATUS_BAD_PARAM,
       "(mapping_channel_desc) != nullptr",
       [](Call& c, Keep&) { c.mapping_desc = nullptr; }},
      {"null mapping_channel", MLUOP_STATUS_BAD_PARAM,
       "(mapping_channel) != nullptr",
       [](Call& c, Keep&) { c.mapping = nullptr; }},
      {"zero-element rois", MLUOP_STATUS_BAD_PARAM, "zero element: rois",
       [](Call& c, Keep& k) {
         c.rois_desc = NewDesc(k, ARRAY, F32, {0, 5});
       }},
      {"1 group_size == pooled_height", MLUOP_STATUS_BAD_PARAM,
       "param 1:", [](Call& c, Keep&) { c.group_size = 3; }},
      {"2 pooled_width == pooled_height", MLUOP_STATUS_BAD_PARAM,
       "param 2:", [](Call& c, Keep&) { c.pooled_width = 3; }},
      {"3 input layout NHWC", MLUOP_STATUS_BAD_PARAM, "param 3:",
       [](Call& c, Keep& k) {
         c.input_desc = NewDesc(k, MLUOP_LAYOUT_NCHW, F32, {1, 4, 5, 12});
       }},
      {"4 group_size >= 1", MLUOP_STATUS_BAD_PARAM, "param 4:",
       [](Call& c, Keep&) {
         c.group_size = c.pooled_height = c.pooled_width = 0;
       }},
      {"5 output_dim >= 1", MLUOP_STATUS_BAD_PARAM,
       "param 5:", [](Call& c, Keep&) { c.output_dim = 0; }},
      {"6 spatial_scale > 0", MLUOP_STATUS_BAD_PARAM,
       "param 6:", [](Call& c, Keep&) { c.spatial_scale = 0.f; }},
      {"6 spatial_scale NaN", MLUOP_STATUS_BAD_PARAM,
       "param 6:", [](Call& c, Keep&) { c.spatial_scale = kNaN; }},
      {"7 rois_offset == 5", MLUOP_STATUS_BAD_PARAM, "param 7:",
       [](Call& c, Keep& k) {
         c.rois_desc = NewDesc(k, ARRAY, F32, {4, 4});
       }},
      {"8 mapping_channel layout NHWC", MLUOP_STATUS_BAD_PARAM, "param 8:",
       [](Call& c, Keep& k) {
         c.mapping_desc = NewDesc(k, ARRAY, I32, {4, 2, 2, 3});
       }},
      {"9 input float", MLUOP_STATUS_BAD_PARAM, "param 9:",
       [](Call& c, Keep& k) {
         c.input_desc = NewDesc(k, NHWC, MLUOP_DTYPE_HALF, {1, 4, 5, 12});
       }},
      {"10 rois float", MLUOP_STATUS_BAD_PARAM, "param 10:",
       [](Call& c, Keep& k) {
         c.rois_desc = NewDesc(k, ARRAY, I32, {4, 5});
       }},
      {"11 output float", MLUOP_STATUS_BAD_PARAM, "param 11:",
       [](Call& c, Keep& k) {
         c.output_desc = NewDesc(k, NHWC, I32, {4, 2, 2, 3});
       }},
      {"12 mapping_channel int32", MLUOP_STATUS_BAD_PARAM, "param 12:",
       [](Call& c, Keep& k) {
         c.mapping_desc = NewDesc(k, NHWC, F32, {4, 2, 2, 3});
       }},
      {"13 channels", MLUOP_STATUS_BAD_PARAM, "param 13:",
       [](Call& c, Keep& k) {
         c.input_desc = NewDesc(k, NHWC, F32, {1, 4, 5, 13});
       }},
      {"13 channels past int64", MLUOP_STATUS_BAD_PARAM, "param 13:",
       [](Call& c, Keep&) {
         c.group_size = c.pooled_height = c.pooled_width = c.output_dim =
             std::numeric_limits<int>::max();
       }},
      {"14 input dim 4", MLUOP_STATUS_BAD_PARAM, "param 14:",
       [](Call& c, Keep& k) {
         c.input_desc = NewDesc(k, NHWC, F32, {1, 4, 5, 12, 1});
       }},
      {"15 rois dim 2", MLUOP_STATUS_BAD_PARAM, "param 15:",
       [](Call& c, Keep& k) {
         c.rois_desc = NewDesc(k, ARRAY, F32, {4, 5, 1});
       }},
      {"16 output dim 4", MLUOP_STATUS_BAD_PARAM, "param 16:",
       [](Call& c, Keep& k) {
         c.output_desc = NewDesc(k, NHWC, F32, {4, 2, 2, 3, 1});
       }},
      {"17 mapping_channel dim 4", MLUOP_STATUS_BAD_PARAM, "param 17:",
       [](Call& c, Keep& k) {
         c.mapping_desc = NewDesc(k, NHWC, I32, {4, 2, 6});
       }},
      {"output layout NHWC", MLUOP_STATUS_BAD_PARAM, "output layout",
       [](Call& c, Keep& k) {
         c.output_desc = NewDesc(k, MLUOP_LAYOUT_NCHW, F32, {4, 2, 2, 3});
       }},
      {"output dims", MLUOP_STATUS_BAD_PARAM, "output dims",
       [](Call& c, Keep& k) {
         c.output_desc = NewDesc(k, NHWC, F32, {5, 2, 2, 3});
       }},
      {"mapping_channel dims", MLUOP_STATUS_BAD_PARAM, "mapping_channel dims",
       [](Call& c, Keep& k) {
         c.mapping_desc = NewDesc(k, NHWC, I32, {4, 2, 3, 2});
       }},
      {"large input", MLUOP_STATUS_NOT_SUPPORTED, "input has 2^31",
       [](Call& c, Keep& k) {
         c.group_size = c.pooled_height = c.pooled_width = 1;
         c.output_dim = 1;
         c.input_desc = NewDesc(k, NHWC, F32, {1, 65536, 32768, 1});
         c.output_desc = NewDesc(k, NHWC, F32, {4, 1, 1, 1});
         c.mapping_desc = NewDesc(k, NHWC, I32, {4, 1, 1, 1});
       }},
      {"large rois", MLUOP_STATUS_NOT_SUPPORTED, "rois has 2^31",
       [](Call& c, Keep& k) {
         const int n = int((int64_t(1) << 31) / 5 + 1);  // 5 n >= 2^31
         c.group_size = c.pooled_height = c.pooled_width = 1;
         c.output_dim = 1;
         c.input_desc = NewDesc(k, NHWC, F32, {1, 4, 5, 1});
         c.rois_desc = NewDesc(k, ARRAY, F32, {n, 5});
         c.output_desc = NewDesc(k, NHWC, F32, {n, 1, 1, 1});
         c.mapping_desc = NewDesc(k, NHWC, I32, {n, 1, 1, 1});
       }},
      {"large output", MLUOP_STATUS_NOT_SUPPORTED, "output has 2^31",
       [](Call& c, Keep& k) {
         const int n = int((int64_t(1) << 31) / 9 + 1);  // 9 n >= 2^31 > 5 n
         c.group_size = c.pooled_height = c.pooled_width = 3;
         c.output_dim = 1;
         c.input_desc = NewDesc(k, NHWC, F32, {1, 4, 5, 9});
         c.rois_desc = NewDesc(k, ARRAY, F32, {n, 5});
         c.output_desc = NewDesc(k, NHWC, F32, {n, 3, 3, 1});
         c.mapping_desc = NewDesc(k, NHWC, I32, {n, 3, 3, 1});
       }},
  };
  return rules;
}

class PsRoiPoolForwardCheckTest : public ::testing::TestWithParam<CheckRule> {};

TEST_P(PsRoiPoolForwardCheckTest, FailsWithItsStatusAndLog) {
  const CheckRule& rule = GetParam();
  SCOPED_TRACE(rule.name);
  const Case c = make_case("checks", make_shape(1, 4, 5, 2, 3, 4, 1.f), 51);
  DeviceCase d(c);
  xbang_test::Handle handle;
  Keep keep;
  Call call(c, d, handle);
  // The unbroken call succeeds, so the rule alone makes it fail.
  ASSERT_EQ(call.run(), MLUOP_STATUS_SUCCESS) << mluop::take_last_error();
  d.reset_outputs(c);
  rule.mutate(call, keep);
  mluop::take_last_error();
  EXPECT_EQ(call.run(), rule.status);
  xbang_test::ExpectLogLine("[mluOpPsRoiPoolForward]", rule.log);
  // Nothing written.
  for (float v : d.output.to_host<float>()) {
    ASSERT_EQ(v, psroipool_run::kOutputSentinel);
  }
}

INSTANTIATE_TEST_SUITE_P(Rules, PsRoiPoolForwardCheckTest,
                         ::testing::ValuesIn(Rules()),
                         xbang_test::RuleTestName());

// The checks come in the design's order: with two rules broken, the earlier
// one is reported.
TEST(PsRoiPoolForwardCheckOrder, EarlierRuleWins) {
  const Case c = make_case("order", make_shape(1, 4, 5, 2, 3, 4, 1.f), 61);
  DeviceCase d(c);
  xbang_test::Handle handle;
  const auto& rules = Rules();
  for (size_t i = 0; i + 1 < rules.size(); ++i) {
    for (size_t j = i + 1; j < rules.size(); ++j) {
      // NOT_SUPPORTED rules reshape several tensors at once.
      if (rules[i].status != MLUOP_STATUS_BAD_PARAM ||
          rules[j].status != MLUOP_STATUS_BAD_PARAM) {
        continue;
      }
      Keep keep;
      Call call(c, d, handle);
      rules[j].mutate(call, keep);
      rules[i].mutate(call, keep);
      mluop::take_last_error();
      call.run();
      const std::string log = mluop::take_last_error();
      EXPECT_NE(log.find(rules[i].log), std::string::npos)
          << rules[i].name << " then " << rules[j].name << ": " << log;
    }
  }
}

}  // namespace
