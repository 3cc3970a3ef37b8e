// psroipool_forward at network scale: the design doc's 3.6 cases (1) and (2)
// through the host API and through every launch shape and gather path, and
// the R-FCN case of the issue through the host API.
#include <gtest/gtest.h>

#include <string>

#include "common/host.h"
#include "psroipool_forward_runner.h"
#include "xbang/runtime/checked.h"

namespace {

using psroipool_data::Case;
using psroipool_run::DeviceCase;
using psroipool_run::Expected;

std::string ReportsText() {
  std::string text;
  for (const auto& r : xbang::checked::reports()) text += r.text() + "\n";
  return text;
}

void ExpectMatches(const Case& c, const DeviceCase& d, const Expected& e,
                   const std::string& what) {
  const auto m = psroipool_run::compare_output(d, e);
  EXPECT_TRUE(m.within(3e-3, 3e-3))
      << c.name << " " << what << ": " << m.text();
  EXPECT_EQ(psroipool_run::mapping_mismatches(d, e), 0u)
      << c.name << " " << what;
  EXPECT_TRUE(xbang::checked::reports().empty())
      << c.name << " " << what << ":\n"
      << ReportsText();
}

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
  DeviceCase d(c);
  const Expected e = psroipool_run::run_reference(c);
  struct Launch {
    cnrtFunctionType_t type;
    unsigned tasks;
    const char* name;
  };
  const Launch launches[] = {{cnrtFuncTypeBlock, 1, "Block x1"},
                             {cnrtFuncTypeBlock, 4, "Block x4"},
                             {cnrtFuncTypeBlock, 16, "Block x16"},
                             {cnrtFuncTypeUnion1, 4, "Union1 x4"},
                             {cnrtFuncTypeUnion1, 16, "Union1 x16"}};
  for (const auto path :
       {PSROIPOOL_GATHER_NRAM2NRAM, PSROIPOOL_GATHER_GDRAM2NRAM}) {
    for (const Launch& l : launches) {
      const std::string what =
          std::string(l.name) +
          (path == PSROIPOOL_GATHER_NRAM2NRAM ? " NRAM2NRAM" : " GDRAM2NRAM");
      d.reset_outputs(c);
      xbang::checked::clear_reports();
      EXPECT_EQ(
          psroipool_run::run_kernel(c, d, {l.tasks, 1, 1}, l.type, queue, path),
          cnrtSuccess)
          << c.name << " " << what << "\n"
          << ReportsText();
      ExpectMatches(c, d, e, what);
    }
  }
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
