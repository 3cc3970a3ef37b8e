// Reference for mlu-ops' masked_im2col_forward kernel, in the layout the
// kernel works in: feature NHWC (batch 1) [H, W, C] and data_col
// [mask_cnt, kernel_h * kernel_w, C]. Column m gathers the kernel_h x
// kernel_w window whose top-left is (mask_h[m] - pad_h, mask_w[m] - pad_w);
// taps outside the image are zero.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace conformance_reference {

inline std::vector<float> MaskedIm2colForwardHwc(
    const std::vector<float>& feature_hwc, int height, int width, int channels,
    int kernel_h, int kernel_w, int pad_h, int pad_w,
    const std::vector<int32_t>& mask_h, const std::vector<int32_t>& mask_w) {
  const int mask_cnt = static_cast<int>(mask_h.size());
  std::vector<float> data_col(size_t(mask_cnt) * kernel_h * kernel_w * channels,
                              0.0f);
  for (int m = 0; m < mask_cnt; ++m) {
    for (int i = 0; i < kernel_h; ++i) {
      for (int j = 0; j < kernel_w; ++j) {
        const int h = mask_h[m] - pad_h + i;
        const int w = mask_w[m] - pad_w + j;
        if (h < 0 || h >= height || w < 0 || w >= width) continue;
        float* out =
            &data_col[((size_t(m) * kernel_h + i) * kernel_w + j) * channels];
        const float* in = &feature_hwc[(size_t(h) * width + w) * channels];
        for (int c = 0; c < channels; ++c) out[c] = in[c];
      }
    }
  }
  return data_col;
}

}  // namespace conformance_reference
