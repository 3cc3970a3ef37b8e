// psroipool_forward at network scale: docs/ops/psroipool_forward.md (tests)
// cases (1) and (2) through the host API and through every launch shape and
// gather path, and the R-FCN case of the issue through the host API.
#include <gtest/gtest.h>

#include <string>

#include "common/host.h"
#include "psroipool_forward_checks.h"
#include "psroipool_forward_runner.h"
#include "xbang/runtime/checked.h"

namespace {

using psroipool_data::Case;
using psroipool_run::DeviceCase;
using psroipool_run::Expected;

using psroipool_check::ExpectMatches;

void CheckApi(const Case& c) {
  xbang_test::Handle handle;
  DeviceCase d(c);
  const Expected e = psroipool_run::run_reference(c);
  xbang::checked::clear_reports();
  ASSERT_EQ(psroipool_run::run_api(handle, c, d), MLUOP_STATUS_SUCCESS)
      << mluop::take_last_error();
  ExpectMatches(c, d, e, "API");
}

void CheckLaunches(const Case& c) {
  xbang_test::Handle handle;
  cnrtQueue_t queue = nullptr;
  mluOpGetQueue(handle, &queue);
  psroipool_check::ExpectEveryLaunchMatches(c, queue);
}

TEST(PsRoiPoolForwardNetwork, DocCase1) {
  const Case c = psroipool_data::doc_case_1();
  CheckApi(c);
  CheckLaunches(c);
}

TEST(PsRoiPoolForwardNetwork, DocCase2) {
  const Case c = psroipool_data::doc_case_2();
  CheckApi(c);
  CheckLaunches(c);
}

TEST(PsRoiPoolForwardNetwork, RfcnCase) {
  CheckApi(psroipool_data::rfcn_case());
}

}  // namespace
