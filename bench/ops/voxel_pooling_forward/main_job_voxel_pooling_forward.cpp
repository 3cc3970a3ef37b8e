// The main job's rows for voxel_pooling_forward: the design's network
// case (B=2, N=473088, C=80, 128x128x1) on BEVDepth's frustum points and on
// uniformly random ones, checked mode off.
#include <string>
#include <vector>

#include "machine_limits.h"
#include "main_job.h"
#include "metrics.h"
#include "voxel_pooling_forward_runner.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

using voxel_pooling_test::DeviceProblem;
using voxel_pooling_test::VoxelPoolingProblem;
using voxel_pooling_test::VoxelPoolingResult;

xbang_main::Row network_row(const VoxelPoolingProblem &p,
                            const std::string &data) {
  DeviceProblem d(p);
  xbang_test::Handle handle;

  xbang_main::Row row;
  row.op = "voxel_pooling_forward";
  row.shape = "B=2 N=473088 C=80 128x128x1 " + data;
  row.dtype = "float";

  // One call from the problem's zeroed output: accuracy and counters.
  if (voxel_pooling_test::run_api(handle, p, d) != MLUOP_STATUS_SUCCESS) {
    row.accuracy = "mluOpVoxelPoolingForward failed";
    return row;
  }
  row.counters = xbang::last_launch_counters();
  const VoxelPoolingResult got = d.result();
  VoxelPoolingResult want;
  row.reference_ms =
      1e3 * xbang_bench::median_seconds(
                [&] { want = voxel_pooling_test::run_reference(p); }, 3);
  const xbang_test::Metrics m = xbang_test::compute_metrics(
      got.output_features.data(), want.output_features.data(),
      want.output_features.size());
  size_t pos_memo_mismatches = 0;
  for (size_t i = 0; i < want.pos_memo.size(); ++i) {
    pos_memo_mismatches += got.pos_memo[i] != want.pos_memo[i];
  }
  row.accuracy =
      m.text() + " pos_memo_mismatches=" + std::to_string(pos_memo_mismatches);
  row.pass = m.within(3e-3, 3e-3) && pos_memo_mismatches == 0;

  // Time of further calls (they accumulate into the output, as the op does).
  row.ms = 1e3 * xbang_bench::median_seconds(
                     [&] { voxel_pooling_test::run_api(handle, p, d); }, 5);
  // Bytes read: the coordinates and the inside points' features.
  const double bytes = double(p.bytes_read());
  row.gbps = bytes / (row.ms * 1e-3) / 1e9;
  row.memcpy_gbps = xbang_bench::memcpy_gbps(p.bytes_read());
  return row;
}

std::vector<xbang_main::Row> voxel_pooling_forward_rows() {
  xbang::checked::set_enabled(false);
  return {
      network_row(voxel_pooling_test::make_network_problem(), "frustum"),
      network_row(voxel_pooling_test::make_random_network_problem(), "random")};
}

}  // namespace

XBANG_MAIN_JOB(voxel_pooling_forward, voxel_pooling_forward_rows);
