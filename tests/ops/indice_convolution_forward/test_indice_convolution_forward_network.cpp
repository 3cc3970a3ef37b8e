// indice_convolution_forward at the design's network scale: the
// four layers of CenterPoint's sparse encoder on rule books built from a
// LiDAR-like scene, half and float, through the host API in checked mode;
// and a submanifold layer on the same scene with sub_m on and off.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/host.h"
#include "indice_convolution_forward_runner.h"
#include "metrics.h"
#include "xbang/runtime/checked.h"

namespace indice_conv_test {
namespace {

const std::vector<RuleBook> &Books() {
  static const std::vector<RuleBook> books = NetworkRuleBooks();
  return books;
}

std::vector<float> RunApiChecked(const IndiceConvProblem &p) {
  xbang_test::Handle handle;
  DeviceProblem d(handle, p);
  EXPECT_EQ(d.workspace_status, MLUOP_STATUS_SUCCESS);
  xbang::checked::clear_reports();
  EXPECT_EQ(RunApi(handle, p, d), MLUOP_STATUS_SUCCESS)
      << mluop::take_last_error();
  const auto reports = xbang::checked::reports();
  EXPECT_TRUE(reports.empty())
      << (reports.empty() ? "" : reports.front().text());
  return d.Output(p.dtype);
}

void ExpectMatchesReference(const IndiceConvProblem &p,
                            const std::vector<float> &out) {
  const std::vector<float> ref = Reference(p);
  ASSERT_EQ(out.size(), ref.size());
  const bool is_half = p.dtype == MLUOP_DTYPE_HALF;
  const xbang_test::Metrics m = xbang_test::compute_metrics(
      out.data(), ref.data(), out.size(), is_half ? 1e-4 : 1e-6);
  const double tol = is_half ? 3e-3 : 1e-5;
  EXPECT_TRUE(m.within(tol, tol)) << m.text();
}

class NetworkLayer : public ::testing::TestWithParam<int> {};

TEST_P(NetworkLayer, FloatAndHalfMatchTheReference) {
  const int index = GetParam();
  const auto &layer = NetworkLayers()[size_t(index)];
  const RuleBook &rb = Books()[size_t(index)];
  ASSERT_EQ(rb.num_act_in, layer.num_act_in);
  ASSERT_EQ(rb.num_act_out(), layer.num_act_out);
  for (mluOpDataType_t dtype : {MLUOP_DTYPE_FLOAT, MLUOP_DTYPE_HALF}) {
    SCOPED_TRACE(std::string(layer.name) +
                 (dtype == MLUOP_DTYPE_HALF ? " half" : " float"));
    const IndiceConvProblem p =
        MakeProblem(rb, layer.ci, layer.co, layer.geometry.kernel, dtype,
                    MLUOP_LAYOUT_NDHWC, 1000 + uint32_t(index));
    ExpectMatchesReference(p, RunApiChecked(p));
  }
}

INSTANTIATE_TEST_SUITE_P(DocTable, NetworkLayer, ::testing::Values(0, 1, 2, 3),
                         [](const ::testing::TestParamInfo<int> &info) {
                           return std::string(
                               NetworkLayers()[size_t(info.param)].name);
                         });

TEST(NetworkSubM, SubMOnAndOffAgreeOnTheLidarScene) {
  // CenterPoint's first block: SubMConv3d(16, 16, 3) on the raw voxels.
  LidarGrid grid;
  const std::vector<Coord> sites =
      LidarVoxels(NetworkLayers()[0].num_act_in, grid, 2022);
  const RuleBook rb = BuildRuleBookSubM(sites, grid.shape, {3, 3, 3});
  IndiceConvProblem p = MakeProblem(rb, 16, 16, {3, 3, 3}, MLUOP_DTYPE_FLOAT,
                                    MLUOP_LAYOUT_NDHWC, 2000);
  // Tasks one at a time: both paths add each row's terms in the same order.
  const DeterministicScope deterministic;
  p.sub_m = 1;
  const std::vector<float> on = RunApiChecked(p);
  ExpectMatchesReference(p, on);
  p.sub_m = 0;
  const std::vector<float> off = RunApiChecked(p);
  ASSERT_EQ(on.size(), off.size());
  for (size_t i = 0; i < on.size(); ++i) ASSERT_EQ(on[i], off[i]) << i;
}

}  // namespace
}  // namespace indice_conv_test
