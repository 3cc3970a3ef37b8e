// What the on-chip kernels (kernels/onchip_kernels.h) must produce and
// report, whichever module runs them.
#pragma once

#include <cn_api.h>
#include <cnrt.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "onchip_shared.h"
#include "xbang/runtime/checked.h"

// GDRAM for one launch's outputs.
struct PrivateOutputs {
  int* nram = nullptr;
  int* sram = nullptr;
  PrivateOutputs() {
    EXPECT_EQ(cnrtMalloc(reinterpret_cast<void**>(&nram),
                         kOnchipTasks * 2 * kOnchipValues * sizeof(int)),
              cnrtSuccess);
    EXPECT_EQ(
        cnrtMalloc(reinterpret_cast<void**>(&sram), kOnchipTasks * sizeof(int)),
        cnrtSuccess);
  }
  ~PrivateOutputs() {
    cnrtFree(nram);
    cnrtFree(sram);
  }
};

// Runs a module's Private kernel: every core must see its own NRAM and WRAM
// values and its cluster's SRAM value, with no checked-mode report.
template <class Run>
void expect_private_per_core(Run run, const char* module) {
  SCOPED_TRACE(module);
  xbang::checked::clear_reports();
  PrivateOutputs out;
  ASSERT_EQ(run(out.nram, out.sram), cnrtSuccess);
  for (const auto& r : xbang::checked::reports()) ADD_FAILURE() << r.text();
  for (int task = 0; task < kOnchipTasks; ++task) {
    const int* values = out.nram + task * 2 * kOnchipValues;
    for (int i = 0; i < kOnchipValues; ++i) {
      ASSERT_EQ(values[i], task) << "NRAM of task " << task;
      ASSERT_EQ(values[kOnchipValues + i], task + kWramOffset)
          << "WRAM of task " << task;
    }
    EXPECT_EQ(out.sram[task], task / 4 * 4) << "SRAM of task " << task;
  }
}

// The reports of the last launch include one that contains every part.
inline void expect_report(const std::vector<std::string>& parts) {
  const auto reports = xbang::checked::reports();
  for (const auto& r : reports) {
    bool all = true;
    for (const auto& part : parts) {
      all = all && r.message.find(part) != std::string::npos;
    }
    if (all) return;
  }
  std::string seen;
  for (const auto& r : reports) seen += "\n  " + r.text();
  std::string wanted;
  for (const auto& part : parts) wanted += " [" + part + "]";
  ADD_FAILURE() << "no report with" << wanted << "; reports:" << seen;
}

// A built-in reading past nram_values, and a plain C++ write past it (into
// its guard zone), are reported naming the variable and the module's file.
template <class BuiltinRun, class PlainRun>
void expect_overruns_named(BuiltinRun builtin, PlainRun plain,
                           const std::string& file) {
  SCOPED_TRACE(file);
  int* out = nullptr;
  ASSERT_EQ(cnrtMalloc(reinterpret_cast<void**>(&out), 8 * sizeof(int)),
            cnrtSuccess);
  xbang::checked::clear_reports();
  EXPECT_EQ(builtin(out), cnrtErrorLaunchFailed);
  expect_report({"16 bytes past the end of NRAM variable `",
                 "nram_values` (512 bytes", "overflow", file});
  xbang::checked::clear_reports();
  EXPECT_EQ(plain(), cnrtErrorLaunchFailed);
  expect_report({"a write ran past the end of NRAM variable `",
                 "nram_values` (512 bytes", file});
  xbang::checked::clear_reports();
  cnrtGetLastError();
  cnrtFree(out);
}
