// CPU reference of psroipool backward: every top_grad element, divided by
// its bin's area, is added to each input position of the bin at the channel
// mapping_channel names (the forward's bins, references/psroipool_forward).
// NHWC throughout; sums in float in roi, bin, channel, row, column order.
#pragma once

#include <cstdint>
#include <vector>

#include "psroipool_forward/psroipool_forward_reference.h"

inline std::vector<float> psroipool_backward_reference(
    const psroipool_ref::Shape& s, const float* top_grad,
    const int32_t* mapping_channel, const float* rois) {
  std::vector<float> bottom_grad(size_t(s.input_elements()), 0.f);
  for (int n = 0; n < s.rois_num; ++n) {
    for (int ph = 0; ph < s.pooled_height; ++ph) {
      for (int pw = 0; pw < s.pooled_width; ++pw) {
        const auto bin =
            psroipool_ref::compute_bin(s, rois + int64_t(n) * 5, ph, pw);
        if (bin.empty) continue;
        const float area =
            float((bin.hend - bin.hstart) * (bin.wend - bin.wstart));
        const int64_t top =
            ((int64_t(n) * s.pooled_height + ph) * s.pooled_width + pw) *
            s.output_dim;
        for (int ctop = 0; ctop < s.output_dim; ++ctop) {
          const float diff = top_grad[top + ctop] / area;
          const int c = mapping_channel[top + ctop];
          for (int h = bin.hstart; h < bin.hend; ++h) {
            for (int w = bin.wstart; w < bin.wend; ++w) {
              bottom_grad[((int64_t(bin.batch) * s.height + h) * s.width + w) *
                              s.channels +
                          c] += diff;
            }
          }
        }
      }
    }
  }
  return bottom_grad;
}
