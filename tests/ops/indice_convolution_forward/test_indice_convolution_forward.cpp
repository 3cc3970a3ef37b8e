// indice_convolution_forward: the kernels against the reference on every
// launch shape (Block 1/4/16, Union1 4/16) and through the host API, the
// cases (filter layouts, indice_num with zeros, small and odd
// channel counts, sub_m on and off), the boundary cases of the checklist,
// and one test per host check.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "check_table.h"
#include "common/host.h"
#include "indice_convolution_forward_runner.h"
#include "launch_shapes.h"
#include "metrics.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/launch.h"

namespace indice_conv_test {
namespace {

const char *DtypeName(mluOpDataType_t dtype) {
  return dtype == MLUOP_DTYPE_HALF ? "half" : "float";
}

// docs/ops/indice_convolution_forward.md (accuracy).
double Tolerance(mluOpDataType_t dtype) {
  return dtype == MLUOP_DTYPE_HALF ? 3e-3 : 1e-5;
}
double Diff3Threshold(mluOpDataType_t dtype) {
  return dtype == MLUOP_DTYPE_HALF ? 1e-4 : 1e-6;
}

void ExpectNoCheckedReports() {
  const auto reports = xbang::checked::reports();
  EXPECT_TRUE(reports.empty())
      << reports.size() << " checked-mode reports, first: "
      << (reports.empty() ? "" : reports.front().text());
}

void ExpectMatchesReference(const IndiceConvProblem &p,
                            const std::vector<float> &out,
                            const std::vector<float> &ref) {
  ASSERT_EQ(out.size(), ref.size());
  const xbang_test::Metrics m = xbang_test::compute_metrics(
      out.data(), ref.data(), out.size(), Diff3Threshold(p.dtype));
  const double tol = Tolerance(p.dtype);
  EXPECT_TRUE(m.within(tol, tol)) << DtypeName(p.dtype) << ": " << m.text();
}

void ExpectMatchesReference(const IndiceConvProblem &p,
                            const std::vector<float> &out) {
  ExpectMatchesReference(p, out, Reference(p));
}

// Through the host API in checked mode; returns the output.
std::vector<float> RunApiChecked(const IndiceConvProblem &p) {
  xbang_test::Handle handle;
  DeviceProblem d(handle, p);
  EXPECT_EQ(d.workspace_status, MLUOP_STATUS_SUCCESS);
  xbang::checked::clear_reports();
  EXPECT_EQ(RunApi(handle, p, d), MLUOP_STATUS_SUCCESS)
      << mluop::take_last_error();
  ExpectNoCheckedReports();
  return d.Output(p.dtype);
}

// Every launch shape through the wrappers, with the fused kernel and with
// the separate ones, then the host API, each against the reference with no
// checked-mode report.
void ExpectEveryLaunchMatches(const IndiceConvProblem &p,
                              bool row_copies = false) {
  xbang_test::Handle handle;
  cnrtQueue_t queue = nullptr;
  mluOpGetQueue(handle, &queue);
  DeviceProblem d(handle, p);
  ASSERT_EQ(d.workspace_status, MLUOP_STATUS_SUCCESS);
  const std::vector<float> ref = Reference(p);
  for (bool fused : {true, false}) {
    for (const xbang_test::LaunchShape &shape : xbang_test::kLaunchShapes) {
      SCOPED_TRACE(std::string(shape.name) +
                   (fused ? ", fused kernel" : ", separate kernels"));
      d.PoisonOutput();
      xbang::checked::clear_reports();
      EXPECT_EQ(
          RunKernels(shape.dim, shape.type, queue, p, d, row_copies, fused),
          cnrtSuccess);
      ExpectNoCheckedReports();
      ExpectMatchesReference(p, d.Output(p.dtype), ref);
    }
  }
  SCOPED_TRACE("host API");
  d.PoisonOutput();
  xbang::checked::clear_reports();
  EXPECT_EQ(RunApi(handle, p, d), MLUOP_STATUS_SUCCESS)
      << mluop::take_last_error();
  ExpectNoCheckedReports();
  ExpectMatchesReference(p, d.Output(p.dtype), ref);
}

IndiceConvProblem RegularProblem(int64_t num_act_in, SpatialShape shape,
                                 ConvGeometry g, int64_t ci, int64_t co,
                                 mluOpDataType_t dtype,
                                 mluOpTensorLayout_t layout, uint32_t seed) {
  const RuleBook rb =
      BuildRuleBookConv(RandomVoxels(num_act_in, shape, seed), shape, g);
  return MakeProblem(rb, ci, co, g.kernel, dtype, layout, seed);
}

IndiceConvProblem SubMProblem(int64_t num_act_in, SpatialShape shape,
                              std::array<int32_t, 3> kernel, int64_t ci,
                              int64_t co, mluOpDataType_t dtype,
                              uint32_t seed) {
  const RuleBook rb =
      BuildRuleBookSubM(RandomVoxels(num_act_in, shape, seed), shape, kernel);
  return MakeProblem(rb, ci, co, kernel, dtype, MLUOP_LAYOUT_NDHWC, seed);
}

// A one-offset problem with `pairs` random pairs (duplicate outputs
// included, so atomics collide).
IndiceConvProblem RandomPairsProblem(int64_t num_act_in, int64_t num_act_out,
                                     int64_t pairs, int64_t ci, int64_t co,
                                     mluOpDataType_t dtype, uint32_t seed) {
  RuleBook rb = EmptyRuleBook(1, num_act_in);
  std::mt19937 rng(seed);
  for (int64_t l = 0; l < pairs; ++l) {
    rb.in_index(0, l) = int32_t(rng() % uint32_t(num_act_in));
    rb.out_index(0, l) = int32_t(rng() % uint32_t(num_act_out));
  }
  rb.indice_num[0] = pairs;
  rb.out_coords.resize(size_t(num_act_out));
  return MakeProblem(rb, ci, co, {1, 1, 1}, dtype, MLUOP_LAYOUT_NDHWC, seed);
}

const mluOpDataType_t kDtypes[] = {MLUOP_DTYPE_FLOAT, MLUOP_DTYPE_HALF};

// ---------------------------------------------------------------------------
// Launch shapes, layouts, modes.

TEST(IndiceConvolutionForward, EveryLaunchShapeRegularConv) {
  for (mluOpDataType_t dtype : kDtypes) {
    SCOPED_TRACE(DtypeName(dtype));
    ExpectEveryLaunchMatches(
        RegularProblem(3000, {12, 40, 40}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}},
                       24, 40, dtype, MLUOP_LAYOUT_NDHWC, 11));
  }
}

TEST(IndiceConvolutionForward, EveryLaunchShapeStridedConv) {
  for (mluOpDataType_t dtype : kDtypes) {
    SCOPED_TRACE(DtypeName(dtype));
    ExpectEveryLaunchMatches(
        RegularProblem(2000, {11, 30, 30}, {{3, 3, 3}, {2, 2, 2}, {0, 1, 1}},
                       16, 32, dtype, MLUOP_LAYOUT_NDHWC, 12));
  }
}

TEST(IndiceConvolutionForward, RowByRowGatherFallback) {
  // The path the host takes for features of 2 GiB or more, forced here.
  ExpectEveryLaunchMatches(
      RegularProblem(800, {8, 20, 20}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}}, 7, 9,
                     MLUOP_DTYPE_FLOAT, MLUOP_LAYOUT_NDHWC, 13),
      /*row_copies=*/true);
}

TEST(IndiceConvolutionForward, EveryFilterLayout) {
  const mluOpTensorLayout_t layouts[] = {MLUOP_LAYOUT_NDHWC, MLUOP_LAYOUT_NCDHW,
                                         MLUOP_LAYOUT_ARRAY};
  for (mluOpDataType_t dtype : kDtypes) {
    for (mluOpTensorLayout_t layout : layouts) {
      SCOPED_TRACE(std::string(DtypeName(dtype)) + " " +
                   mluop::layout_name(layout));
      // A non-cubic kernel so that D, H and W cannot be confused.
      const IndiceConvProblem p =
          RegularProblem(600, {9, 14, 16}, {{3, 1, 2}, {1, 1, 1}, {1, 0, 1}}, 5,
                         6, dtype, layout, 21);
      ExpectMatchesReference(p, RunApiChecked(p));
    }
  }
}

TEST(IndiceConvolutionForward, ArrayFiltersAreReadAsNdhwc) {
  // Bit-exact comparison of two runs: tasks one at a time, so that offsets
  // meeting in one output row add in the same order both times.
  const DeterministicScope deterministic;
  IndiceConvProblem p =
      RegularProblem(400, {8, 10, 10}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}}, 4, 3,
                     MLUOP_DTYPE_FLOAT, MLUOP_LAYOUT_NDHWC, 22);
  const std::vector<float> ndhwc = RunApiChecked(p);
  p.filters_layout = MLUOP_LAYOUT_ARRAY;
  EXPECT_EQ(RunApiChecked(p), ndhwc);
}

TEST(IndiceConvolutionForward, SubMOnAndOffGiveTheSameResult) {
  // Concurrent tasks add the offsets of one output row in either order
  // (float atomics); with tasks one at a time both paths add in the same
  // order and must agree exactly.
  const DeterministicScope deterministic;
  for (mluOpDataType_t dtype : kDtypes) {
    SCOPED_TRACE(DtypeName(dtype));
    IndiceConvProblem p =
        SubMProblem(5000, {10, 40, 40}, {3, 3, 3}, 16, 16, dtype, 31);
    // The centre offset pairs every site with itself.
    ASSERT_EQ(p.indice_num[13], p.num_act_in);
    p.sub_m = 0;
    xbang::reset_counters();
    const std::vector<float> off = RunApiChecked(p);
    EXPECT_EQ(
        xbang::total_counters().elements_of(xbang::Family::kGatherScatter),
        uint64_t(p.pair_count()));
    p.sub_m = 1;
    xbang::reset_counters();
    const std::vector<float> on = RunApiChecked(p);
    // The centre offset took the contiguous path: no __gather for it.
    EXPECT_EQ(
        xbang::total_counters().elements_of(xbang::Family::kGatherScatter),
        uint64_t(p.pair_count() - p.num_act_in));
    ExpectMatchesReference(p, on);
    // Each output row gets one addition per offset, in task order, on both
    // paths: the results are identical.
    ASSERT_EQ(on.size(), off.size());
    for (size_t i = 0; i < on.size(); ++i) {
      ASSERT_EQ(on[i], off[i]) << "element " << i;
    }
  }
}

TEST(IndiceConvolutionForward, SubMEveryLaunchShape) {
  IndiceConvProblem p =
      SubMProblem(3000, {10, 30, 30}, {3, 3, 3}, 8, 12, MLUOP_DTYPE_FLOAT, 32);
  p.sub_m = 1;
  ExpectEveryLaunchMatches(p);
}

TEST(IndiceConvolutionForward, SubMWithABrokenCentreRunFallsBack) {
  // sub_m set but the centre offset is not the identity everywhere: tiles
  // that are not one run take the general path.
  IndiceConvProblem p =
      SubMProblem(2000, {10, 30, 30}, {3, 3, 3}, 8, 8, MLUOP_DTYPE_FLOAT, 33);
  p.sub_m = 1;
  int32_t *centre_in = p.indice_pairs.data() + 13 * 2 * p.num_act_in;
  std::swap(centre_in[100], centre_in[1500]);
  centre_in[p.num_act_in + 700] = 5;  // output row 5 gets two centre terms
  ExpectEveryLaunchMatches(p);
}

// ---------------------------------------------------------------------------
// indice_num, channels, sizes.

TEST(IndiceConvolutionForward, IndiceNumWithZeros) {
  for (mluOpDataType_t dtype : kDtypes) {
    SCOPED_TRACE(DtypeName(dtype));
    IndiceConvProblem p =
        RegularProblem(1000, {10, 20, 20}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}}, 8,
                       8, dtype, MLUOP_LAYOUT_NDHWC, 41);
    // Zero counts with pairs still in the array: they must be ignored.
    for (size_t k = 0; k < p.indice_num.size(); k += 2) p.indice_num[k] = 0;
    ExpectMatchesReference(p, RunApiChecked(p));
  }
}

TEST(IndiceConvolutionForward, AllIndiceNumZeroGivesZeros) {
  for (mluOpDataType_t dtype : kDtypes) {
    SCOPED_TRACE(DtypeName(dtype));
    IndiceConvProblem p =
        RegularProblem(500, {8, 16, 16}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}}, 4,
                       5, dtype, MLUOP_LAYOUT_NDHWC, 42);
    for (int64_t &n : p.indice_num) n = 0;
    for (float v : RunApiChecked(p)) ASSERT_EQ(v, 0.f);
  }
}

TEST(IndiceConvolutionForward, SmallAndOddChannelCounts) {
  const std::pair<int, int> channels[] = {{1, 1},   {1, 3},   {3, 1},  {3, 3},
                                          {17, 33}, {5, 130}, {33, 7}, {65, 1}};
  for (mluOpDataType_t dtype : kDtypes) {
    for (auto [ci, co] : channels) {
      SCOPED_TRACE(std::string(DtypeName(dtype)) + " Ci=" + std::to_string(ci) +
                   " Co=" + std::to_string(co));
      const IndiceConvProblem p =
          RegularProblem(700, {9, 20, 20}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}},
                         ci, co, dtype, MLUOP_LAYOUT_NDHWC, 50 + ci * 7 + co);
      ExpectMatchesReference(p, RunApiChecked(p));
    }
  }
}

TEST(IndiceConvolutionForward, ChannelsWiderThanTheMatmulTiles) {
  // Ci and Co both wider than one WRAM / NRAM tile of the matmul kernel.
  const int ci = 700, co = 600;
  ASSERT_LT(IndiceConvMatmulCiTile(ci, co), ci);
  // The centre offset pairs all 120 sites: more than one fused load.
  ASSERT_LT(IndiceConvFusedRowsPerLoad(ci, co, 4), 120);
  ASSERT_LT(IndiceConvMatmulCoTile(co), co);
  for (mluOpDataType_t dtype : kDtypes) {
    SCOPED_TRACE(DtypeName(dtype));
    ExpectEveryLaunchMatches(
        RegularProblem(120, {4, 8, 8}, {{1, 1, 3}, {1, 1, 1}, {0, 0, 1}}, ci,
                       co, dtype, MLUOP_LAYOUT_NCDHW, 61));
  }
}

TEST(IndiceConvolutionForward, RowsWiderThanOneGatherTile) {
  // Rows of more elements than the gather and scatter kernels move at once.
  const int ci = 2100, co = 2050;
  const IndiceConvProblem p =
      RegularProblem(40, {2, 6, 6}, {{1, 1, 1}, {1, 1, 1}, {0, 0, 0}}, ci, co,
                     MLUOP_DTYPE_FLOAT, MLUOP_LAYOUT_NDHWC, 62);
  ExpectEveryLaunchMatches(p, false);
  ExpectEveryLaunchMatches(p, true);
}

TEST(IndiceConvolutionForward, MoreRowsThanOneNramLoadAndCollidingOutputs) {
  // One offset with more pairs than one NRAM load of every kernel even on a
  // single task, many pairs sharing an output row.
  const int ci = 16, co = 32;
  const int rows = std::max(IndiceConvGatherRowsPerLoad(ci, 2),
                            IndiceConvFusedRowsPerLoad(ci, co, 2));
  const int64_t pairs = int64_t(rows) * 5 / 2;
  for (mluOpDataType_t dtype : kDtypes) {
    SCOPED_TRACE(DtypeName(dtype));
    ExpectEveryLaunchMatches(
        RandomPairsProblem(pairs, pairs / 3, pairs, ci, co, dtype, 71));
  }
}

TEST(IndiceConvolutionForward, OneElement) {
  for (mluOpDataType_t dtype : kDtypes) {
    SCOPED_TRACE(DtypeName(dtype));
    ExpectEveryLaunchMatches(RandomPairsProblem(1, 1, 1, 1, 1, dtype, 81));
  }
}

TEST(IndiceConvolutionForward, FewerPairsThanTasks) {
  ExpectEveryLaunchMatches(
      RandomPairsProblem(5, 4, 3, 6, 10, MLUOP_DTYPE_FLOAT, 82));
}

TEST(IndiceConvolutionForward, OutOfRangePairsAreSkipped) {
  for (mluOpDataType_t dtype : kDtypes) {
    SCOPED_TRACE(DtypeName(dtype));
    IndiceConvProblem p =
        RegularProblem(900, {10, 20, 20}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}}, 9,
                       11, dtype, MLUOP_LAYOUT_NDHWC, 91);
    const int32_t bad_in[] = {-1, int32_t(p.num_act_in), INT_MAX, INT_MIN};
    const int32_t bad_out[] = {-7, int32_t(p.num_act_out), INT_MAX, INT_MIN};
    std::mt19937 rng(5);
    for (int64_t k = 0; k < p.kernel_volume(); ++k) {
      int32_t *in = p.indice_pairs.data() + k * 2 * p.num_act_in;
      int32_t *out = in + p.num_act_in;
      for (int64_t l = 0; l < p.indice_num[size_t(k)]; ++l) {
        const uint32_t r = rng() % 16;
        if (r == 0) in[l] = bad_in[rng() % 4];
        if (r == 1) out[l] = bad_out[rng() % 4];
      }
    }
    // An Inf filter: a skipped pair must not turn into NaN through it.
    p.filters[3] = std::numeric_limits<float>::infinity();
    ExpectEveryLaunchMatches(p);
  }
}

TEST(IndiceConvolutionForward, NanAndInfPropagateToTheirOutputs) {
  IndiceConvProblem p =
      RegularProblem(600, {8, 16, 16}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}}, 6, 5,
                     MLUOP_DTYPE_FLOAT, MLUOP_LAYOUT_NDHWC, 92);
  p.features[10 * 6 + 2] = std::numeric_limits<float>::quiet_NaN();
  p.features[300 * 6 + 4] = std::numeric_limits<float>::infinity();
  const std::vector<float> out = RunApiChecked(p);
  const std::vector<float> ref = Reference(p);
  size_t nonfinite = 0;
  for (float v : ref) nonfinite += std::isfinite(v) ? 0 : 1;
  EXPECT_GT(nonfinite, 0u);
  ExpectMatchesReference(p, out);
}

// ---------------------------------------------------------------------------
// Workspace size.

TEST(IndiceConvolutionForward, WorkspaceSizeCoversTheLayout) {
  for (mluOpDataType_t dtype : kDtypes) {
    const IndiceConvProblem p =
        RegularProblem(300, {6, 10, 10}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}}, 5,
                       7, dtype, MLUOP_LAYOUT_NDHWC, 101);
    xbang_test::Handle handle;
    DeviceProblem d(handle, p);
    ASSERT_EQ(d.workspace_status, MLUOP_STATUS_SUCCESS);
    const size_t dtype_bytes = dtype == MLUOP_DTYPE_HALF ? 2 : 4;
    // Transposed filters, and the float accumulator for half.
    size_t least = size_t(p.kernel_volume() * p.ci * p.co) * dtype_bytes;
    if (dtype == MLUOP_DTYPE_HALF) least += size_t(p.num_act_out * p.co) * 4;
    EXPECT_GE(d.workspace_bytes, least);
    EXPECT_LE(d.workspace_bytes, least + 2 * 128);
    size_t with_subm = 0;
    EXPECT_EQ(mluOpGetIndiceConvolutionForwardWorkspaceSize(
                  handle, d.features_desc, d.filters_desc, d.indice_pairs_desc,
                  d.features_out_desc, p.indice_num.data(), p.num_act_out, 0, 1,
                  &with_subm),
              MLUOP_STATUS_SUCCESS);
    EXPECT_EQ(with_subm, d.workspace_bytes);
  }
}

// ---------------------------------------------------------------------------
// Host checks: one table row per rule of indiceConvolutionForwardParamCheck
// (the public header lists them, 1 to 13).

// A valid small problem and its device copy, to break one thing at a time.
class Checks : public ::testing::Test {
 public:
  Checks()
      : p_(RegularProblem(200, {6, 10, 10}, {{3, 3, 3}, {1, 1, 1}, {1, 1, 1}},
                          4, 6, MLUOP_DTYPE_FLOAT, MLUOP_LAYOUT_NDHWC, 111)),
        d_(handle_, p_) {
    mluop::take_last_error();
  }

  struct Args {
    mluOpHandle_t handle;
    mluOpTensorDescriptor_t features_desc;
    const void *features;
    mluOpTensorDescriptor_t filters_desc;
    const void *filters;
    mluOpTensorDescriptor_t indice_pairs_desc;
    const void *indice_pairs;
    const int64_t *indice_num;
    int64_t num_act_out, inverse, sub_m;
    void *workspace;
    size_t workspace_size;
    mluOpTensorDescriptor_t features_out_desc;
    void *features_out;
  };
  Args Good() {
    return {handle_,
            d_.features_desc,
            d_.features.get(),
            d_.filters_desc,
            d_.filters.get(),
            d_.indice_pairs_desc,
            d_.indice_pairs.get(),
            p_.indice_num.data(),
            p_.num_act_out,
            0,
            0,
            d_.workspace.get(),
            d_.workspace.bytes(),
            d_.features_out_desc,
            d_.features_out.get()};
  }
  mluOpStatus_t Run(const Args &a) {
    return mluOpIndiceConvolutionForward(
        a.handle, a.features_desc, a.features, a.filters_desc, a.filters,
        a.indice_pairs_desc, a.indice_pairs, a.indice_num, a.num_act_out,
        a.inverse, a.sub_m, a.workspace, a.workspace_size, a.features_out_desc,
        a.features_out);
  }
  mluOpStatus_t Size(const Args &a, size_t *size) {
    return mluOpGetIndiceConvolutionForwardWorkspaceSize(
        a.handle, a.features_desc, a.filters_desc, a.indice_pairs_desc,
        a.features_out_desc, a.indice_num, a.num_act_out, a.inverse, a.sub_m,
        size);
  }
  // Both APIs fail with `status`, logging a line that contains `what`.
  void ExpectBoth(const Args &a, mluOpStatus_t status,
                  const std::string &what) {
    EXPECT_EQ(Run(a), status);
    const std::string run_log = mluop::take_last_error();
    EXPECT_NE(run_log.find(what), std::string::npos) << run_log;
    EXPECT_NE(run_log.find("[mluOpIndiceConvolutionForward]"),
              std::string::npos);
    size_t size = 0;
    EXPECT_EQ(Size(a, &size), status);
    const std::string size_log = mluop::take_last_error();
    EXPECT_NE(size_log.find(what), std::string::npos) << size_log;
  }
  void ExpectRun(const Args &a, mluOpStatus_t status, const std::string &what) {
    EXPECT_EQ(Run(a), status);
    const std::string log = mluop::take_last_error();
    EXPECT_NE(log.find(what), std::string::npos) << log;
  }

  IndiceConvProblem p_;
  xbang_test::Handle handle_;
  DeviceProblem d_;
};

TEST_F(Checks, GoodArgumentsSucceed) {
  size_t size = 0;
  EXPECT_EQ(Size(Good(), &size), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(size, d_.workspace_bytes);
  xbang::checked::clear_reports();
  EXPECT_EQ(Run(Good()), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluop::take_last_error(), "");
  ExpectNoCheckedReports();
  ExpectMatchesReference(p_, d_.Output(p_.dtype));
}

TEST_F(Checks, OtherZeroElementTensorsSucceedWithZeroOutput) {
  // numActIn = 0: no pairs at all; the output is zeroed.
  xbang_test::TensorDesc features(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT,
                                  {0, 4});
  xbang_test::TensorDesc pairs(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                               {27, 2, 0});
  const std::vector<int64_t> counts(27, 0);
  Args a = Good();
  a.features_desc = features;
  a.features = nullptr;
  a.indice_pairs_desc = pairs;
  a.indice_pairs = nullptr;
  a.indice_num = counts.data();
  a.workspace = nullptr;
  a.workspace_size = 0;
  size_t size = 1;
  EXPECT_EQ(Size(a, &size), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(size, 0u);
  d_.PoisonOutput();
  xbang::checked::clear_reports();
  EXPECT_EQ(Run(a), MLUOP_STATUS_SUCCESS);
  ExpectNoCheckedReports();
  for (float v : d_.Output(MLUOP_DTYPE_FLOAT)) ASSERT_EQ(v, 0.f);

  // num_act_out = 0: nothing to write, any output pointer.
  xbang_test::TensorDesc out(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {0, 6});
  a = Good();
  a.features_out_desc = out;
  a.features_out = nullptr;
  a.num_act_out = 0;
  EXPECT_EQ(Run(a), MLUOP_STATUS_SUCCESS);
}

// What a rule may need besides the arguments: the problem's sizes, room for
// the descriptors and counts it makes, and a handle of another device.
struct Keep {
  explicit Keep(const IndiceConvProblem &p)
      : n_in(int(p.num_act_in)),
        n_out(int(p.num_act_out)),
        counts(p.indice_num) {}
  mluOpTensorDescriptor_t desc(mluOpTensorLayout_t layout,
                               mluOpDataType_t dtype, std::vector<int> dims) {
    descs.push_back(
        std::make_unique<xbang_test::TensorDesc>(layout, dtype, dims));
    return descs.back()->get();
  }
  int n_in, n_out;
  std::vector<int64_t> counts;
  std::vector<std::unique_ptr<xbang_test::TensorDesc>> descs;
  xbang_test::Handle other_device;
};

struct CheckRule {
  const char *name;
  mluOpStatus_t status;
  const char *log;         // the log line of the failed check contains this
  bool size_function_too;  // the workspace-size function checks it as well
  void (*breaks)(Checks::Args &, Keep &);
};

constexpr mluOpStatus_t kBad = MLUOP_STATUS_BAD_PARAM;
constexpr mluOpTensorLayout_t ARRAY = MLUOP_LAYOUT_ARRAY,
                              NDHWC = MLUOP_LAYOUT_NDHWC;
constexpr mluOpDataType_t F32 = MLUOP_DTYPE_FLOAT, I32 = MLUOP_DTYPE_INT32;
using A = Checks::Args;

// The good problem: numActIn 200, K 27 (3 x 3 x 3), Ci 4, Co 6.
const CheckRule kRules[] = {
    {"null handle", kBad, "handle is null", true,
     [](A &a, Keep &) { a.handle = nullptr; }},
    {"null features_desc", kBad, "features_desc is null", true,
     [](A &a, Keep &) { a.features_desc = nullptr; }},
    {"null filters_desc", kBad, "filters_desc is null", true,
     [](A &a, Keep &) { a.filters_desc = nullptr; }},
    {"null indice_pairs_desc", kBad, "indice_pairs_desc is null", true,
     [](A &a, Keep &) { a.indice_pairs_desc = nullptr; }},
    {"null features_out_desc", kBad, "features_out_desc is null", true,
     [](A &a, Keep &) { a.features_out_desc = nullptr; }},
    {"null indice_num", kBad, "indice_num is null", true,
     [](A &a, Keep &) { a.indice_num = nullptr; }},
    {"200 series", MLUOP_STATUS_ARCH_MISMATCH, "200 series", true,
     [](A &a, Keep &k) {
       mluOpSetDeviceArch(k.other_device, 290);
       a.handle = k.other_device;
     }},
    {"features dtype", kBad, "features dtype must be half or float", true,
     [](A &a, Keep &k) {
       a.features_desc = k.desc(ARRAY, I32, {200, 4});
     }},
    {"filters dtype", kBad, "filters dtype", true,
     [](A &a, Keep &k) {
       a.filters_desc = k.desc(NDHWC, MLUOP_DTYPE_HALF, {6, 3, 3, 3, 4});
     }},
    {"features_out dtype", kBad, "features_out dtype", true,
     [](A &a, Keep &k) {
       a.features_out_desc = k.desc(ARRAY, MLUOP_DTYPE_HALF, {k.n_out, 6});
     }},
    {"indice_pairs dtype", kBad, "indice_pairs dtype must be int32", true,
     [](A &a, Keep &k) {
       a.indice_pairs_desc = k.desc(ARRAY, MLUOP_DTYPE_INT64, {27, 2, 200});
     }},
    {"features layout", kBad, "features layout", true,
     [](A &a, Keep &k) {
       a.features_desc = k.desc(MLUOP_LAYOUT_NHWC, F32, {200, 4});
     }},
    {"filters layout", kBad, "filters layout", true,
     [](A &a, Keep &k) {
       a.filters_desc = k.desc(MLUOP_LAYOUT_NCHW, F32, {6, 3, 3, 3, 4});
     }},
    {"indice_pairs layout", kBad, "indice_pairs layout", true,
     [](A &a, Keep &k) {
       a.indice_pairs_desc = k.desc(MLUOP_LAYOUT_NHWC, I32, {27, 2, 200});
     }},
    {"features_out layout", kBad, "features_out layout", true,
     [](A &a, Keep &k) {
       a.features_out_desc = k.desc(MLUOP_LAYOUT_NHWC, F32, {k.n_out, 6});
     }},
    {"features 2-D", kBad, "features must be [numActIn, Ci]", true,
     [](A &a, Keep &k) {
       a.features_desc = k.desc(ARRAY, F32, {200, 4, 1});
     }},
    {"filters 5-D", kBad, "only 3-D convolutions", true,
     [](A &a, Keep &k) {
       a.filters_desc = k.desc(NDHWC, F32, {6, 3, 3, 4});
     }},
    {"indice_pairs 3-D", kBad, "indice_pairs must be [K, 2, numActIn]", true,
     [](A &a, Keep &k) {
       a.indice_pairs_desc = k.desc(ARRAY, I32, {54, 200});
     }},
    {"features_out 2-D", kBad, "features_out must be [numActOut, Co]", true,
     [](A &a, Keep &k) {
       a.features_out_desc = k.desc(ARRAY, F32, {k.n_out, 6, 1});
     }},
    {"features Ci", kBad, "features dims[1] must equal the filters' Ci", true,
     [](A &a, Keep &k) {
       a.features_desc = k.desc(ARRAY, F32, {200, 5});
     }},
    // NCDHW filters read [Co, Ci, D, H, W]: the NDHWC dims are wrong for it.
    {"NCDHW filters Ci", kBad, "the filters' Ci", true,
     [](A &a, Keep &k) {
       a.filters_desc = k.desc(MLUOP_LAYOUT_NCDHW, F32, {6, 3, 3, 3, 4});
     }},
    {"features_out Co", kBad, "features_out dims[1] must equal the filters' Co",
     true,
     [](A &a, Keep &k) {
       a.features_out_desc = k.desc(ARRAY, F32, {k.n_out, 7});
     }},
    // With Co = 0 the filters' element count does not bound D * H * W:
    // 2^21 * 2^21 * 2^22 = 2^64 wraps to 0 in int64, which would match an
    // indice_pairs of K = 0.
    {"kernel volume wrapping int64", kBad, "kernel volume D * H * W", true,
     [](A &a, Keep &k) {
       a.filters_desc = k.desc(NDHWC, F32, {0, 1 << 21, 1 << 21, 1 << 22, 4});
       a.features_out_desc = k.desc(ARRAY, F32, {k.n_out, 0});
       a.indice_pairs_desc = k.desc(ARRAY, I32, {0, 2, k.n_in});
     }},
    // Exactly 2^31, one past the largest row count an int can give.
    {"kernel volume 2^31", kBad, "kernel volume D * H * W", true,
     [](A &a, Keep &k) {
       a.filters_desc = k.desc(NDHWC, F32, {0, 1 << 10, 1 << 10, 1 << 11, 4});
       a.features_out_desc = k.desc(ARRAY, F32, {k.n_out, 0});
       a.indice_pairs_desc = k.desc(ARRAY, I32, {0, 2, k.n_in});
     }},
    {"indice_pairs K", kBad, "indice_pairs dims[0] must equal K", true,
     [](A &a, Keep &k) {
       a.indice_pairs_desc = k.desc(ARRAY, I32, {26, 2, 200});
     }},
    {"indice_pairs 2 rows", kBad, "indice_pairs dims[1] must be 2", true,
     [](A &a, Keep &k) {
       a.indice_pairs_desc = k.desc(ARRAY, I32, {27, 3, 200});
     }},
    {"indice_pairs numActIn", kBad, "indice_pairs dims[2] must equal numActIn",
     true,
     [](A &a, Keep &k) {
       a.indice_pairs_desc = k.desc(ARRAY, I32, {27, 2, 199});
     }},
    {"num_act_out above the rows", kBad, "num_act_out must equal", true,
     [](A &a, Keep &) { a.num_act_out += 1; }},
    {"num_act_out zero", kBad, "num_act_out must equal", true,
     [](A &a, Keep &) { a.num_act_out = 0; }},
    {"indice_num negative", kBad, "indice_num[4] must be in", true,
     [](A &a, Keep &k) {
       k.counts[4] = -1;
       a.indice_num = k.counts.data();
     }},
    {"indice_num above numActIn", kBad, "indice_num[4] must be in", true,
     [](A &a, Keep &k) {
       k.counts[4] = k.n_in + 1;
       a.indice_num = k.counts.data();
     }},
    // features [2^27, 16]: 2^31 elements.
    {"large tensor", MLUOP_STATUS_NOT_SUPPORTED, "2^31 elements", true,
     [](A &a, Keep &k) {
       a.features_desc = k.desc(ARRAY, F32, {1 << 27, 16});
       a.filters_desc = k.desc(NDHWC, F32, {6, 1, 1, 1, 16});
       a.indice_pairs_desc = k.desc(ARRAY, I32, {1, 2, 1 << 27});
       k.counts = {0};
       a.indice_num = k.counts.data();
     }},
    {"inverse", MLUOP_STATUS_NOT_SUPPORTED, "inverse mode", true,
     [](A &a, Keep &) { a.inverse = 1; }},
    {"filters with zero elements", kBad, "filters must not have zero elements",
     true,
     [](A &a, Keep &k) {
       a.filters_desc = k.desc(NDHWC, F32, {0, 3, 3, 3, 4});
       a.features_out_desc = k.desc(ARRAY, F32, {k.n_out, 0});
     }},
    {"null features", kBad, "features is null", false,
     [](A &a, Keep &) { a.features = nullptr; }},
    {"null filters", kBad, "filters is null", false,
     [](A &a, Keep &) { a.filters = nullptr; }},
    {"null indice_pairs", kBad, "indice_pairs is null", false,
     [](A &a, Keep &) { a.indice_pairs = nullptr; }},
    {"null features_out", kBad, "features_out is null", false,
     [](A &a, Keep &) { a.features_out = nullptr; }},
    {"null workspace", kBad, "workspace is null", false,
     [](A &a, Keep &) { a.workspace = nullptr; }},
    {"workspace smaller than asked", kBad, "is smaller than the", false,
     [](A &a, Keep &) { a.workspace_size -= 1; }},
};

class IndiceConvolutionForwardCheckTest
    : public Checks,
      public ::testing::WithParamInterface<CheckRule> {};

TEST_P(IndiceConvolutionForwardCheckTest, FailsWithItsStatusAndLogLine) {
  const CheckRule &rule = GetParam();
  Args a = Good();
  Keep keep(p_);
  rule.breaks(a, keep);
  mluop::take_last_error();
  EXPECT_EQ(Run(a), rule.status);
  xbang_test::ExpectLogLine("[mluOpIndiceConvolutionForward]", rule.log);
  if (rule.size_function_too) {
    size_t size = 0;
    EXPECT_EQ(Size(a, &size), rule.status);
    xbang_test::ExpectLogLine("[mluOpGetIndiceConvolutionForwardWorkspaceSize]",
                              rule.log);
  }
}

INSTANTIATE_TEST_SUITE_P(Rules, IndiceConvolutionForwardCheckTest,
                         ::testing::ValuesIn(kRules),
                         xbang_test::RuleTestName());

TEST_F(Checks, SizeFunctionNeedsItsOutputPointer) {
  EXPECT_EQ(Size(Good(), nullptr), MLUOP_STATUS_BAD_PARAM);
  xbang_test::ExpectLogLine("[mluOpGetIndiceConvolutionForwardWorkspaceSize]",
                            "workspace_size is null");
}

}  // namespace
}  // namespace indice_conv_test
