// dynamic_scatter_backward at the design's network scale (mvxnet:
// N = 17176 points, M = 13743 voxels, C = 128) in max, sum and mean, through
// the public API in checked mode. Max is bit-exact
// (docs/ops/dynamic_scatter_backward.md (accuracy): diff3 = 0).
#include <gtest/gtest.h>

#include "common/host.h"
#include "dynamic_scatter_backward_checks.h"
#include "xbang/runtime/checked.h"

namespace dsb_test {
namespace {

class DynamicScatterBackwardNetwork
    : public ::testing::TestWithParam<mluOpReduceMode_t> {};

TEST_P(DynamicScatterBackwardNetwork, MatchesReference) {
  const mluOpReduceMode_t mode = GetParam();
  const Case c = make_case(network_case_options());
  xbang_test::Handle handle;
  DeviceCase device(c);
  xbang::checked::clear_reports();
  ASSERT_EQ(device.run_api(handle, mode), MLUOP_STATUS_SUCCESS)
      << mluop::take_last_error();
  expect_no_checked_reports();
  expect_matches_reference(c, mode, device.grad_feats());
}

INSTANTIATE_TEST_SUITE_P(
    AllModes, DynamicScatterBackwardNetwork,
    ::testing::Values(MLUOP_REDUCEMODE_MAX, MLUOP_REDUCEMODE_SUM,
                      MLUOP_REDUCEMODE_MEAN),
    [](const ::testing::TestParamInfo<mluOpReduceMode_t>& info) {
      return std::string(mode_name(info.param));
    });

}  // namespace
}  // namespace dsb_test
