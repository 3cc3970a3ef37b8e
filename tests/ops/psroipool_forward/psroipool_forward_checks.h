// The checks both psroipool_forward test programs make: an output against
// the reference with no checked-mode report, and every launch shape on both
// gather paths through the kernel wrapper.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "psroipool_forward_runner.h"
#include "xbang/runtime/checked.h"

namespace psroipool_check {

using psroipool_data::Case;
using psroipool_run::DeviceCase;
using psroipool_run::Expected;

inline std::string ReportsText() {
  std::string text;
  for (const auto& r : xbang::checked::reports()) text += r.text() + "\n";
  return text;
}

// Output within docs/ops/psroipool_forward.md (accuracy), mapping_channel
// exact, no checked-mode report.
inline void ExpectMatches(const Case& c, const DeviceCase& d, const Expected& e,
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

// Through the kernel wrapper on `queue`: both gather paths, Block launches
// of 1, 4 and 16 tasks and Union1 launches of 4 and 16 tasks. (Union1 x16 is
// {16, 1, 1} here, unlike xbang_test::kLaunchShapes' {4, 4, 1}.)
inline void ExpectEveryLaunchMatches(const Case& c, cnrtQueue_t queue) {
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
      cnrtQueueSync(queue);
      EXPECT_EQ(
          psroipool_run::run_kernel(c, d, {l.tasks, 1, 1}, l.type, queue, path),
          cnrtSuccess)
          << c.name << " " << what << "\n"
          << ReportsText();
      ExpectMatches(c, d, e, what);
    }
  }
}

}  // namespace psroipool_check
