// A three_interpolate_backward problem on the device (descriptors, input
// buffers, output buffer) for benchmarks and the main job.
#pragma once

#include <xbang/ops/mlu_op.h>

#include "mluop_objects.h"
#include "three_interpolate_backward_data.h"

namespace three_interpolate_backward_data {

// The operator's inputs and output on the device, with descriptors.
template <class T>
struct DeviceProblem {
  DeviceProblem(const Shape &s, const Inputs<T> &in)
      : shape(s),
        grad_output_desc(MLUOP_LAYOUT_ARRAY, dtype_of<T>(), {s.b, s.c, s.n}),
        indices_desc(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32, {s.b, s.n, 3}),
        weights_desc(MLUOP_LAYOUT_ARRAY, dtype_of<T>(), {s.b, s.n, 3}),
        grad_features_desc(MLUOP_LAYOUT_ARRAY, dtype_of<T>(), {s.b, s.c, s.m}),
        grad_output(in.grad_output),
        indices(in.indices),
        weights(in.weights),
        grad_features(s.grad_features_elements() * sizeof(T)) {}
  mluOpStatus_t run(mluOpHandle_t handle) const {
    return mluOpThreeInterpolateBackward(
        handle, grad_output_desc, grad_output.get(), indices_desc,
        indices.get(), weights_desc, weights.get(), grad_features_desc,
        grad_features.get());
  }
  Shape shape;
  xbang_test::TensorDesc grad_output_desc, indices_desc, weights_desc,
      grad_features_desc;
  xbang_test::DeviceBuffer grad_output, indices, weights, grad_features;
};

}  // namespace three_interpolate_backward_data
