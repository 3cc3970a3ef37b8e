// mlu-ops' border_align backward kernel (kernels/border_align/
// border_align_backward/border_align_backward_union1.mlu) at the shape of its
// test case: grad_output [1, 70, 4, 129] uniform in [0, 1000], 70 boxes with
// coordinates in [0, 3], argmax_idx in [0, pool_size = 10], into grad_input
// [1, 10, 7, 516] (zeroed first, as the host does, then accumulated with
// __bang_atomic_reduce_add). mlu-ops' thresholds diff1 <= 3e-3,
// diff2 <= 3e-3.
// Run with checked mode off only: the kernel's __bang_lut table is a
// block-scope __nram__ array inside a function template, and GCC drops the
// section attribute of a template's local statics, so the table lies in
// ordinary thread-local storage and checked mode reports it as outside NRAM
// (and skips the lookup). Off, the table holds the right values.
#include "kernels/border_align/border_align_backward/border_align_backward.h"

#include "border_align_backward_reference.h"
#include "harness.h"
#include "mluops_policy.h"

namespace xbang_conformance {
namespace {

constexpr double kThreshold = 3e-3;

TEST(BorderAlignBackwardRun, Case1) {
  const int n = 1, h = 10, w = 7, c = 129, k = 70, pool_size = 10;
  const size_t outputs = size_t(n) * k * 4 * c;
  const std::vector<float> grad_output =
      random_values<float>(outputs, 0, 1000, 23);
  const std::vector<float> boxes =
      random_values<float>(size_t(n) * k * 4, 0, 3, 24);
  const std::vector<int32_t> argmax_idx =
      random_values<int32_t>(outputs, 0, pool_size, 25);
  const std::vector<float> want = conformance_reference::BorderAlignBackward(
      grad_output, boxes, argmax_idx, n, h, w, c, k, pool_size);
  // policyFunc: Union1 over every cluster.
  const cnrtDim3_t dim = every_cluster_dim();
  CheckedScope unchecked(false);
  Queue queue;
  DeviceBuffer grad_output_dev(grad_output), boxes_dev(boxes),
      argmax_dev(argmax_idx);
  DeviceBuffer grad_input_dev(std::vector<float>(want.size(), 0.0f));
  ASSERT_EQ(KernelBorderAlignBackward(
                dim, cnrtFuncTypeUnion1, queue.get(), MLUOP_DTYPE_FLOAT,
                grad_output_dev.get(), boxes_dev.get(),
                static_cast<const int32_t*>(argmax_dev.get()), pool_size, n, h,
                w, c, k, grad_input_dev.get()),
            MLUOP_STATUS_SUCCESS);
  ASSERT_EQ(queue.sync(), cnrtSuccess);
  const Metrics m =
      measure("grad_input", grad_input_dev.to_host<float>(), want);
  EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
}

}  // namespace
}  // namespace xbang_conformance
