// The main job's rows for mlu-ops' own operators (real_kernel_cases.h),
// checked mode off: each row times mlu-ops' operator and xbang's operator of
// the same API on the same data, in alternation, and checks mlu-ops' output
// against the scalar reference with the operator's criterion.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "machine_limits.h"
#include "main_job.h"
#include "real_kernel_cases.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

std::vector<xbang_main::Row> mlu_ops_kernel_rows() {
  xbang::checked::set_enabled(false);
  std::string error;
  const mlu_ops_library::Library* library =
      mlu_ops_library::Library::get(&error);
  if (library == nullptr) {
    std::fprintf(stderr, "mlu-ops' operators not loaded: %s\n", error.c_str());
    xbang_main::Row row;
    row.op = "mlu-ops' operators";
    row.accuracy = "not loaded: " + error;
    row.mlu_ops_operator = true;
    return {row};
  }
  std::vector<xbang_main::Row> rows;
  for (const real_kernels::Case& c : real_kernels::cases()) {
    xbang_main::Row row;
    row.op = c.op;
    row.shape = c.shape;
    row.dtype = c.dtype;
    row.mlu_ops_operator = true;
    const auto comparison = c.make(*library);
    xbang::reset_counters();
    const real_kernels::Accuracy accuracy = comparison->check_mlu_ops();
    row.counters = xbang::total_counters();
    row.accuracy = accuracy.text;
    row.pass = accuracy.pass;
    if (accuracy.pass) {
      // Medians of 5 rounds, each timing both operators, so that a change of
      // load on the machine hits both.
      std::vector<double> theirs, own;
      for (int round = 0; round < 5; ++round) {
        theirs.push_back(
            xbang_bench::median_seconds([&] { comparison->run_mlu_ops(); }, 1));
        own.push_back(
            xbang_bench::median_seconds([&] { comparison->run_xbang(); }, 1));
      }
      std::sort(theirs.begin(), theirs.end());
      std::sort(own.begin(), own.end());
      row.ms = 1e3 * theirs[theirs.size() / 2];
      row.xbang_op_ms = 1e3 * own[own.size() / 2];
      row.gbps = comparison->bytes_moved() / (row.ms * 1e-3) / 1e9;
      row.memcpy_gbps =
          xbang_bench::memcpy_gbps(size_t(comparison->bytes_moved()));
    }
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

XBANG_MAIN_JOB(mlu_ops_kernels, mlu_ops_kernel_rows);
