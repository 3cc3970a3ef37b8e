// Runs three_interpolate_backward on device buffers, through the mluOp API
// or the kernel wrapper, and compares with the reference. Shared by the unit
// and network test executables.
#pragma once

#include <bang.h>
#include <gtest/gtest.h>
#include <xbang/ops/mlu_op.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "metrics.h"
#include "mluop_objects.h"
#include "three_interpolate_backward/three_interpolate_backward.h"
#include "three_interpolate_backward_data.h"
#include "three_interpolate_backward_reference.h"
#include "xbang/runtime/checked.h"

namespace three_interpolate_backward_test {

using three_interpolate_backward_data::Inputs;
using three_interpolate_backward_data::Shape;

using three_interpolate_backward_data::dtype_of;

// diff3 threshold of the MLU-OPS metrics per dtype.
template <class T>
double diff3_threshold() {
  return dtype_of<T>() == MLUOP_DTYPE_FLOAT ? 1e-6 : 1e-4;
}

// Elements on each side of grad_features that the operator must not touch.
constexpr size_t kGuard = 64;
constexpr float kGuardValue = 1234.5f;
// grad_features starts as this: the operator must overwrite every element.
constexpr float kStaleValue = -777.0f;

// What a run produced.
template <class T>
struct Result {
  mluOpStatus_t status = MLUOP_STATUS_SUCCESS;
  cnrtRet_t launch = cnrtSuccess;
  std::vector<T> grad_features;
  bool guards_intact = true;
  size_t checked_reports = 0;
};

// Device copies of the inputs plus a guarded output buffer.
template <class T>
class DeviceCase {
 public:
  DeviceCase(const Shape &s, const Inputs<T> &in)
      : shape_(s),
        grad_output_(in.grad_output),
        indices_(in.indices),
        weights_(in.weights),
        grad_features_((s.grad_features_elements() + 2 * kGuard) * sizeof(T)) {
    std::vector<T> initial(s.grad_features_elements() + 2 * kGuard,
                           T(kStaleValue));
    for (size_t i = 0; i < kGuard; ++i) {
      initial[i] = T(kGuardValue);
      initial[initial.size() - 1 - i] = T(kGuardValue);
    }
    grad_features_.from_host(initial);
  }
  void *grad_output() const { return grad_output_.get(); }
  void *indices() const { return indices_.get(); }
  void *weights() const { return weights_.get(); }
  void *grad_features() const {
    return static_cast<T *>(grad_features_.get()) + kGuard;
  }
  // Reads the output back and checks the guards.
  void collect(Result<T> *r) const {
    std::vector<T> all = grad_features_.to_host<T>();
    r->guards_intact = true;
    const float guard = float(T(kGuardValue));
    for (size_t i = 0; i < kGuard; ++i) {
      if (float(all[i]) != guard || float(all[all.size() - 1 - i]) != guard) {
        r->guards_intact = false;
      }
    }
    r->grad_features.assign(all.begin() + kGuard, all.end() - kGuard);
  }

 private:
  Shape shape_;
  xbang_test::DeviceBuffer grad_output_, indices_, weights_, grad_features_;
};

// Through mluOpThreeInterpolateBackward.
template <class T>
Result<T> run_api(const Shape &s, const Inputs<T> &in) {
  xbang_test::Handle handle;
  const mluOpDataType_t dtype = dtype_of<T>();
  xbang_test::TensorDesc grad_output_desc(MLUOP_LAYOUT_ARRAY, dtype,
                                          {s.b, s.c, s.n});
  xbang_test::TensorDesc indices_desc(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                                      {s.b, s.n, 3});
  xbang_test::TensorDesc weights_desc(MLUOP_LAYOUT_ARRAY, dtype, {s.b, s.n, 3});
  xbang_test::TensorDesc grad_features_desc(MLUOP_LAYOUT_ARRAY, dtype,
                                            {s.b, s.c, s.m});
  DeviceCase<T> device(s, in);
  xbang::checked::clear_reports();
  Result<T> r;
  r.status = mluOpThreeInterpolateBackward(
      handle, grad_output_desc, device.grad_output(), indices_desc,
      device.indices(), weights_desc, device.weights(), grad_features_desc,
      device.grad_features());
  r.checked_reports = xbang::checked::reports().size();
  device.collect(&r);
  return r;
}

// Through the kernel wrapper with an explicit launch and tiling.
template <class T>
Result<T> run_kernel(const Shape &s, const Inputs<T> &in, cnrtDim3_t k_dim,
                     cnrtFunctionType_t k_type,
                     const ThreeInterpolateBackwardTiling &tiling) {
  cnrtQueue_t queue = nullptr;
  cnrtQueueCreate(&queue);
  DeviceCase<T> device(s, in);
  xbang::checked::clear_reports();
  Result<T> r;
  r.launch = KernelThreeInterpolateBackward(
      k_dim, k_type, queue, dtype_of<T>(), device.grad_output(),
      device.indices(), device.weights(), s.b, s.c, s.m, s.n, tiling.c_limit,
      tiling.m_limit, tiling.n_limit, device.grad_features());
  cnrtQueueSync(queue);
  r.checked_reports = xbang::checked::reports().size();
  device.collect(&r);
  cnrtQueueDestroy(queue);
  return r;
}

template <class T>
std::vector<T> reference(const Shape &s, const Inputs<T> &in) {
  std::vector<T> out(s.grad_features_elements());
  threeInterpolateBackwardReference(in.grad_output.data(), in.indices.data(),
                                    in.weights.data(), s.b, s.c, s.m, s.n,
                                    out.data());
  return out;
}

template <class T>
xbang_test::Metrics compare(const std::vector<T> &out,
                            const std::vector<T> &ref) {
  EXPECT_EQ(out.size(), ref.size());
  return xbang_test::compute_metrics(out.data(), ref.data(),
                                     std::min(out.size(), ref.size()),
                                     diff3_threshold<T>());
}

// The docs/ops/three_interpolate_backward.md (accuracy) criterion, for both
// dtypes.
constexpr double kDiff1 = 3e-3;
constexpr double kDiff2 = 3e-3;

// A successful run matches the reference within the criterion, touches
// nothing outside grad_features and leaves no checked-mode report.
template <class T>
void expect_matches(const Result<T> &r, const std::vector<T> &ref,
                    const char *what) {
  EXPECT_EQ(r.status, MLUOP_STATUS_SUCCESS) << what;
  EXPECT_EQ(r.launch, cnrtSuccess) << what;
  EXPECT_EQ(r.checked_reports, 0u) << what;
  EXPECT_TRUE(r.guards_intact) << what;
  const xbang_test::Metrics metrics = compare(r.grad_features, ref);
  EXPECT_TRUE(metrics.within(kDiff1, kDiff2)) << what << ": " << metrics.text();
}

}  // namespace three_interpolate_backward_test
