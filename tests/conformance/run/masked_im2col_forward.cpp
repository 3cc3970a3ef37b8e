// mlu-ops' masked_im2col_forward kernel (kernels/masked_im2col/
// masked_im2col_forward/masked_im2col_forward_union1.mlu) at the shape of
// its test case: feature [1, 8, 8, 8] uniform in [1, 10], 10 mask positions,
// 4 x 4 kernel, pad 1; and a 3 x 3 kernel over [1, 64, 20, 30] with 200
// positions. The kernel works on what the operator's host hands it: the
// feature transposed to NHWC and a zero-filled [mask_cnt, kh * kw, C]
// column buffer. A gather of strided copies: bit-exact (diff3 = 0).
#include "kernels/masked_im2col/masked_im2col_forward/masked_im2col_forward.h"

#include "harness.h"
#include "masked_im2col_forward_reference.h"
#include "mluops_policy.h"

namespace xbang_conformance {
namespace {

void run_masked_im2col(int channels, int height, int width, int kernel_h,
                       int kernel_w, int pad_h, int pad_w, int mask_cnt) {
  const std::vector<float> feature_chw =
      random_values<float>(size_t(channels) * height * width, 1, 10, 23);
  std::vector<float> feature_hwc(feature_chw.size());
  for (int c = 0; c < channels; ++c) {
    for (int i = 0; i < height * width; ++i) {
      feature_hwc[size_t(i) * channels + c] =
          feature_chw[size_t(c) * height * width + i];
    }
  }
  // Positions within the image, as a mask's nonzero coordinates are.
  const std::vector<int32_t> mask_h =
      random_values<int32_t>(mask_cnt, 0, height - 1, 24);
  const std::vector<int32_t> mask_w =
      random_values<int32_t>(mask_cnt, 0, width - 1, 25);
  const std::vector<float> want = conformance_reference::MaskedIm2colForwardHwc(
      feature_hwc, height, width, channels, kernel_h, kernel_w, pad_h, pad_w,
      mask_h, mask_w);
  in_both_checked_modes("masked_im2col_forward", [&] {
    Queue queue;
    DeviceBuffer feature_dev(feature_hwc), mask_h_dev(mask_h),
        mask_w_dev(mask_w);
    DeviceBuffer data_col_dev(std::vector<float>(want.size(), 0.0f));
    // policyFunc: Union1, one task per mask position.
    ASSERT_EQ(
        KernelMaskedIm2colForward(
            union1_cluster_per_cores_items(mask_cnt), cnrtFuncTypeUnion1,
            queue.get(), MLUOP_DTYPE_FLOAT, feature_dev.get(), height, width,
            channels, kernel_h, kernel_w, pad_h, pad_w, mask_h_dev.get(),
            mask_w_dev.get(), mask_cnt, data_col_dev.get()),
        MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    EXPECT_EQ(bit_mismatches(data_col_dev.to_host<float>(), want), 0u);
  });
}

TEST(MaskedIm2colForwardRun, Case0) {
  run_masked_im2col(8, 8, 8, 4, 4, 1, 1, 10);
}

TEST(MaskedIm2colForwardRun, Kernel3x3Pad1) {
  run_masked_im2col(64, 20, 30, 3, 3, 1, 1, 200);
}

}  // namespace
}  // namespace xbang_conformance
