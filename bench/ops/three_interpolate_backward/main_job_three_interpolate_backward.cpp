// The main job's rows for three_interpolate_backward: the design's ten
// network cases, float and half, with checked mode off. Each row: the
// operator's median time, the bytes it must move (grad_output, indices and
// weights read once, grad_features written once) per second against memcpy
// of the same bytes measured in the same run, the scalar reference's time,
// accuracy against the reference and the counters of one call.
#include <cstdio>
#include <string>
#include <vector>

#include "machine_limits.h"
#include "main_job.h"
#include "metrics.h"
#include "three_interpolate_backward_data.h"
#include "three_interpolate_backward_device.h"
#include "three_interpolate_backward_reference.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

using three_interpolate_backward_data::DeviceProblem;
using three_interpolate_backward_data::Inputs;
using three_interpolate_backward_data::make_inputs;
using three_interpolate_backward_data::Shape;

// b, c, m, n of the design's network cases 1-10.
const Shape kNetworkCases[] = {{16, 512, 16, 64},     {16, 256, 64, 256},
                               {16, 256, 256, 1024},  {16, 128, 1024, 4096},
                               {16, 16, 512, 64},     {16, 64, 256, 256},
                               {16, 1024, 128, 4096}, {16, 1, 1024, 128},
                               {16, 128, 256, 512},   {16, 512, 128, 2048}};

template <class T>
xbang_main::Row network_row(int number, const Shape &s, const char *dtype) {
  xbang_main::Row row;
  row.op = "three_interpolate_backward";
  char shape[128];
  std::snprintf(shape, sizeof shape, "case %d B=%d C=%d N=%d M=%d", number, s.b,
                s.c, s.n, s.m);
  row.shape = shape;
  row.dtype = dtype;

  const Inputs<T> in = make_inputs<T>(s, 1000 + number);
  DeviceProblem<T> d(s, in);
  xbang_test::Handle handle;
  // One call: accuracy and counters.
  if (d.run(handle) != MLUOP_STATUS_SUCCESS) {
    row.accuracy = "mluOpThreeInterpolateBackward failed";
    return row;
  }
  row.counters = xbang::last_launch_counters();
  const std::vector<T> got = d.grad_features.template to_host<T>();
  std::vector<T> want(s.grad_features_elements());
  row.reference_ms =
      1e3 * xbang_bench::median_seconds(
                [&] {
                  threeInterpolateBackwardReference(
                      in.grad_output.data(), in.indices.data(),
                      in.weights.data(), s.b, s.c, s.m, s.n, want.data());
                },
                1);
  const xbang_test::Metrics m = xbang_test::compute_metrics(
      got.data(), want.data(), want.size(),
      three_interpolate_backward_data::dtype_of<T>() == MLUOP_DTYPE_FLOAT
          ? 1e-6
          : 1e-4);
  row.accuracy = m.text();
  row.pass = m.within(3e-3, 3e-3);

  row.ms = 1e3 * xbang_bench::median_seconds([&] { d.run(handle); }, 3);
  const size_t bytes = s.bytes_moved(sizeof(T));
  row.gbps = double(bytes) / (row.ms * 1e-3) / 1e9;
  row.memcpy_gbps = xbang_bench::memcpy_gbps(bytes);
  return row;
}

std::vector<xbang_main::Row> three_interpolate_backward_rows() {
  xbang::checked::set_enabled(false);
  std::vector<xbang_main::Row> rows;
  for (int i = 0; i < 10; ++i) {
    rows.push_back(network_row<float>(i + 1, kNetworkCases[i], "float"));
    rows.push_back(network_row<half>(i + 1, kNetworkCases[i], "half"));
  }
  return rows;
}

}  // namespace

XBANG_MAIN_JOB(three_interpolate_backward, three_interpolate_backward_rows);
