// Runs psroipool_forward on a Case through the host API or straight through
// the kernel wrapper, and the reference on the same data (tests, benchmark
// and main job).
#pragma once

#include <xbang/ops/mlu_op.h>

#include <cstdint>
#include <vector>

#include "metrics.h"
#include "mluop_objects.h"
#include "psroipool_forward/psroipool_forward.h"
#include "psroipool_forward_data.h"
#include "psroipool_forward_reference.h"

namespace psroipool_run {

using psroipool_data::Case;
using xbang_test::DeviceBuffer;
using xbang_test::TensorDesc;

// A sentinel the outputs are filled with before a run, so that elements the
// operator does not write show up.
inline constexpr float kOutputSentinel = -12345.f;
inline constexpr int32_t kMappingSentinel = -777;

// The case's tensors in GDRAM, with their descriptors.
struct DeviceCase {
  explicit DeviceCase(const Case& c)
      : input(c.input),
        rois(c.rois),
        output(std::vector<float>(size_t(c.shape.output_elements()),
                                  kOutputSentinel)),
        mapping(std::vector<int32_t>(size_t(c.shape.output_elements()),
                                     kMappingSentinel)),
        input_desc(
            MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_FLOAT,
            {c.shape.batch, c.shape.height, c.shape.width, c.shape.channels}),
        rois_desc(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {c.shape.rois_num, 5}),
        output_desc(MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_FLOAT,
                    {c.shape.rois_num, c.shape.pooled_height,
                     c.shape.pooled_width, c.shape.output_dim}),
        mapping_desc(MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_INT32,
                     {c.shape.rois_num, c.shape.pooled_height,
                      c.shape.pooled_width, c.shape.output_dim}) {}

  void reset_outputs(const Case& c) {
    output.from_host(
        std::vector<float>(size_t(c.shape.output_elements()), kOutputSentinel));
    mapping.from_host(std::vector<int32_t>(size_t(c.shape.output_elements()),
                                           kMappingSentinel));
  }

  DeviceBuffer input, rois, output, mapping;
  TensorDesc input_desc, rois_desc, output_desc, mapping_desc;
};

inline mluOpStatus_t run_api(mluOpHandle_t handle, const Case& c,
                             DeviceCase& d) {
  const auto& s = c.shape;
  return mluOpPsRoiPoolForward(handle, s.pooled_height, s.pooled_width,
                               s.spatial_scale, s.group_size, s.output_dim,
                               d.input_desc, d.input.get(), d.rois_desc,
                               d.rois.get(), nullptr, 0, d.output_desc,
                               d.output.get(), d.mapping_desc, d.mapping.get());
}

inline cnrtRet_t run_kernel(const Case& c, DeviceCase& d, cnrtDim3_t k_dim,
                            cnrtFunctionType_t k_type, cnrtQueue_t queue,
                            PsRoiPoolGatherPath path) {
  const auto& s = c.shape;
  return KernelPsRoiPoolForward(
      k_dim, k_type, queue, static_cast<const float*>(d.input.get()),
      static_cast<const float*>(d.rois.get()),
      static_cast<float*>(d.output.get()),
      static_cast<int32_t*>(d.mapping.get()), s.batch, s.height, s.width,
      s.channels, s.pooled_height, s.pooled_width, s.output_dim, s.group_size,
      s.rois_num, 5, s.spatial_scale, path);
}

struct Expected {
  std::vector<float> output;
  std::vector<int32_t> mapping;
};

inline Expected run_reference(const Case& c) {
  Expected e;
  e.output.resize(size_t(c.shape.output_elements()));
  e.mapping.resize(e.output.size());
  psroipool_ref::psroipool_forward(c.shape, c.input.data(), c.rois.data(),
                                   e.output.data(), e.mapping.data());
  return e;
}

// docs/ops/psroipool_forward.md (accuracy): diff1 <= 3e-3 and diff2 <= 3e-3;
// non-finite values must sit where the reference has them.
inline xbang_test::Metrics compare_output(const DeviceCase& d,
                                          const Expected& e) {
  const auto got = d.output.to_host<float>();
  return xbang_test::compute_metrics(got.data(), e.output.data(), got.size());
}

// Number of mapping_channel elements that differ from the reference.
inline size_t mapping_mismatches(const DeviceCase& d, const Expected& e) {
  const auto got = d.mapping.to_host<int32_t>();
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); ++i) bad += got[i] != e.mapping[i];
  return bad;
}

}  // namespace psroipool_run
