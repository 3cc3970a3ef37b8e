// The main job's rows for dynamic_scatter_backward: the design's network
// case (mvxnet, N = 17176, M = 13743, C = 128) in max, sum and mean, checked
// mode off. Max must be bit-exact (docs/ops/dynamic_scatter_backward.md
// (accuracy)); sum and mean are too.
#include <string>
#include <vector>

#include "dynamic_scatter_backward_runner.h"
#include "machine_limits.h"
#include "main_job.h"
#include "metrics.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

std::vector<xbang_main::Row> dynamic_scatter_backward_rows() {
  const bool was_checked = xbang::checked::enabled();
  xbang::checked::set_enabled(false);
  const dsb_test::Case c =
      dsb_test::make_case(dsb_test::network_case_options());
  dsb_test::DeviceCase device(c);
  xbang_test::Handle handle;
  std::vector<xbang_main::Row> rows;
  for (mluOpReduceMode_t mode :
       {MLUOP_REDUCEMODE_MAX, MLUOP_REDUCEMODE_SUM, MLUOP_REDUCEMODE_MEAN}) {
    xbang_main::Row row;
    row.op = "dynamic_scatter_backward";
    row.shape = std::string(dsb_test::mode_name(mode)) +
                " N=" + std::to_string(c.num_points) +
                " M=" + std::to_string(c.num_voxel_rows) +
                " C=" + std::to_string(c.num_channels);
    row.dtype = "float";

    // One call: accuracy and the counters of its launches.
    device.reset_grad_feats();
    xbang::reset_counters();
    if (device.run_api(handle, mode) != MLUOP_STATUS_SUCCESS) {
      row.accuracy = "mluOpDynamicScatterBackward failed";
      rows.push_back(row);
      continue;
    }
    row.counters = xbang::total_counters();
    const std::vector<float> got = device.grad_feats();
    std::vector<float> want(c.feats.size());
    row.reference_ms =
        1e3 * xbang_bench::median_seconds(
                  [&] {
                    dsb_test::dynamic_scatter_backward_reference(
                        mode, c.num_points, c.num_voxel_rows, c.num_channels,
                        c.voxel_num, c.grad_voxel_feats.data(), c.feats.data(),
                        c.voxel_feats.data(), c.point2voxel_map.data(),
                        c.voxel_points_count.data(), want.data());
                  },
                  5);
    const xbang_test::Metrics m =
        xbang_test::compute_metrics(got.data(), want.data(), want.size());
    row.accuracy = m.text();
    row.pass = m.bit_exact();

    row.ms = 1e3 * xbang_bench::median_seconds(
                       [&] { device.run_api(handle, mode); }, 7);
    const size_t bytes = dsb_test::essential_bytes(c, mode);
    row.gbps = double(bytes) / (row.ms * 1e-3) / 1e9;
    row.memcpy_gbps = xbang_bench::memcpy_gbps(bytes);
    rows.push_back(row);
  }
  xbang::checked::set_enabled(was_checked);
  return rows;
}

}  // namespace

XBANG_MAIN_JOB(dynamic_scatter_backward, dynamic_scatter_backward_rows);
