// The main job's rows for psroipool_forward: docs/ops/psroipool_forward.md
// (tests) cases (1) and (2) and the R-FCN case, with checked mode off.
#include <algorithm>
#include <string>
#include <vector>

#include "machine_limits.h"
#include "main_job.h"
#include "metrics.h"
#include "psroipool_forward_runner.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

using psroipool_data::Case;

std::string shape_of(const Case& c) {
  const auto& s = c.shape;
  return c.name + ": input [" + std::to_string(s.batch) + "," +
         std::to_string(s.height) + "," + std::to_string(s.width) + "," +
         std::to_string(s.channels) + "] rois " + std::to_string(s.rois_num) +
         " out [" + std::to_string(s.pooled_height) + "," +
         std::to_string(s.pooled_width) + "," + std::to_string(s.output_dim) +
         "] scale " + std::to_string(s.spatial_scale).substr(0, 6);
}

xbang_main::Row row_of(const Case& c) {
  xbang_main::Row row;
  row.op = "psroipool_forward";
  row.shape = shape_of(c);
  row.dtype = "float";

  psroipool_run::DeviceCase d(c);
  xbang_test::Handle handle;
  // One call: accuracy and counters.
  if (psroipool_run::run_api(handle, c, d) != MLUOP_STATUS_SUCCESS) {
    row.accuracy = "mluOpPsRoiPoolForward failed";
    return row;
  }
  row.counters = xbang::last_launch_counters();
  const psroipool_run::Expected want = psroipool_run::run_reference(c);
  const xbang_test::Metrics m = psroipool_run::compare_output(d, want);
  const size_t mapping_mismatches = psroipool_run::mapping_mismatches(d, want);
  row.accuracy =
      m.text() + " mapping_mismatches=" + std::to_string(mapping_mismatches);
  row.pass = m.within(3e-3, 3e-3) && mapping_mismatches == 0;

  // Operator and reference timed in alternation, so that a change of load on
  // the machine hits both; medians of 7 rounds.
  std::vector<double> op_seconds, ref_seconds;
  psroipool_run::Expected scratch = want;
  for (int round = 0; round < 7; ++round) {
    op_seconds.push_back(xbang_bench::median_seconds(
        [&] { psroipool_run::run_api(handle, c, d); }, 1));
    ref_seconds.push_back(xbang_bench::median_seconds(
        [&] {
          psroipool_ref::psroipool_forward(c.shape, c.input.data(),
                                           c.rois.data(), scratch.output.data(),
                                           scratch.mapping.data());
        },
        1));
  }
  std::sort(op_seconds.begin(), op_seconds.end());
  std::sort(ref_seconds.begin(), ref_seconds.end());
  row.ms = 1e3 * op_seconds[op_seconds.size() / 2];
  row.reference_ms = 1e3 * ref_seconds[ref_seconds.size() / 2];
  const double bytes = psroipool_data::bytes_moved(c);
  row.gbps = bytes / (row.ms * 1e-3) / 1e9;
  row.memcpy_gbps = xbang_bench::memcpy_gbps(size_t(bytes));
  return row;
}

std::vector<xbang_main::Row> psroipool_forward_rows() {
  xbang::checked::set_enabled(false);
  return {row_of(psroipool_data::doc_case_1()),
          row_of(psroipool_data::doc_case_2()),
          row_of(psroipool_data::rfcn_case())};
}

}  // namespace

XBANG_MAIN_JOB(psroipool_forward, psroipool_forward_rows);
