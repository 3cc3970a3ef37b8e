// The main job's rows for indice_convolution_forward: the design's four
// network layers on the LiDAR rule books of the tests, float, checked
// mode off. Each row: median time, GFLOP/s against the FMA peak measured in
// the same run, the scalar reference's time, accuracy against it, and the
// counters of one call (all its launches).
#include <string>
#include <vector>

#include "indice_convolution_forward_runner.h"
#include "machine_limits.h"
#include "main_job.h"
#include "metrics.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

std::vector<xbang_main::Row> IndiceConvolutionForwardRows() {
  using namespace indice_conv_test;
  xbang::checked::set_enabled(false);
  const std::vector<RuleBook> books = NetworkRuleBooks();
  xbang_test::Handle handle;
  std::vector<xbang_main::Row> rows;
  for (size_t i = 0; i < books.size(); ++i) {
    const NetworkLayer &layer = NetworkLayers()[i];
    const IndiceConvProblem p =
        MakeProblem(books[i], layer.ci, layer.co, layer.geometry.kernel,
                    MLUOP_DTYPE_FLOAT, MLUOP_LAYOUT_NDHWC, 1000 + uint32_t(i));
    DeviceProblem d(handle, p);
    xbang_main::Row row;
    row.op = "indice_convolution_forward";
    row.shape = "[" + std::to_string(layer.num_act_in) + "," +
                std::to_string(layer.ci) + "] " +
                std::to_string(layer.geometry.kernel[0]) + "x" +
                std::to_string(layer.geometry.kernel[1]) + "x" +
                std::to_string(layer.geometry.kernel[2]) + " " +
                std::to_string(layer.ci) + "->" + std::to_string(layer.co) +
                " out " + std::to_string(layer.num_act_out) + " pairs " +
                std::to_string(p.pair_count());
    row.dtype = "float";

    // One call: accuracy and the counters of all its launches.
    xbang::reset_counters();
    if (RunApi(handle, p, d) != MLUOP_STATUS_SUCCESS) {
      row.accuracy = "mluOpIndiceConvolutionForward failed";
      rows.push_back(row);
      continue;
    }
    row.counters = xbang::total_counters();
    const std::vector<float> got = d.Output(p.dtype);
    std::vector<float> want;
    row.reference_ms =
        1e3 * xbang_bench::median_seconds([&] { want = Reference(p); }, 1);
    const xbang_test::Metrics m =
        xbang_test::compute_metrics(got.data(), want.data(), want.size());
    row.accuracy = m.text();
    row.pass = m.within(1e-5, 1e-5);

    row.ms =
        1e3 * xbang_bench::median_seconds([&] { RunApi(handle, p, d); }, 5);
    row.gflops = p.flops() / (row.ms * 1e-3) / 1e9;
    row.peak_gflops = xbang_bench::fma_peak_gflops();
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

XBANG_MAIN_JOB(indice_convolution_forward, IndiceConvolutionForwardRows);
