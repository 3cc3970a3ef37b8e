// Reference for mlu-ops' border_align backward: each grad_output value
// (n, k, border, c) of [N, K, 4, C] goes back to the point the forward pass
// chose, start + argmax_idx * step along its border (border_align_forward_
// reference.h), spread over its four bilinear corners into grad_input
// [N, H, W, 4 * C] (channel border * C + c), which starts at zero. A point
// outside [-1, H] x [-1, W] contributes nothing; one inside is clamped.
#pragma once

#include <cstdint>
#include <vector>

namespace conformance_reference {

inline std::vector<float> BorderAlignBackward(
    const std::vector<float>& grad_output, const std::vector<float>& boxes,
    const std::vector<int32_t>& argmax_idx, int n, int h, int w, int c, int k,
    int pool_size) {
  std::vector<float> grad_input(size_t(n) * h * w * 4 * c, 0.0f);
  for (int image = 0; image < n; ++image) {
    for (int box_index = 0; box_index < k; ++box_index) {
      const float* box = &boxes[(size_t(image) * k + box_index) * 4];
      const float width = box[2] - box[0], height = box[3] - box[1];
      for (int border = 0; border < 4; ++border) {
        const float x_step = border == 0   ? width / pool_size
                             : border == 2 ? -(width / pool_size)
                                           : 0.0f;
        const float y_step = border == 1   ? height / pool_size
                             : border == 3 ? -(height / pool_size)
                                           : 0.0f;
        for (int channel = 0; channel < c; ++channel) {
          const size_t index =
              ((size_t(image) * k + box_index) * 4 + border) * c + channel;
          const float steps = float(argmax_idx[index]);
          float x = box[border / 2 * 2] + x_step * steps;
          float y = box[border / 2 * 2 + 1] + y_step * steps;
          if (y < -1.0f || y > h || x < -1.0f || x > w) continue;
          if (y <= 0) y = 0;
          if (x <= 0) x = 0;
          int y_low = static_cast<int>(y), x_low = static_cast<int>(x);
          int y_high = y_low + 1, x_high = x_low + 1;
          if (y_low >= h - 1) {
            y_high = y_low = h - 1;
            y = float(y_low);
          }
          if (x_low >= w - 1) {
            x_high = x_low = w - 1;
            x = float(x_low);
          }
          const float ly = y - y_low, lx = x - x_low;
          const float hy = 1 - ly, hx = 1 - lx;
          const float g = grad_output[index];
          auto add = [&](int yy, int xx, float weight) {
            grad_input[((size_t(image) * h + yy) * w + xx) * 4 * c +
                       size_t(border) * c + channel] += g * weight;
          };
          add(y_low, x_low, hy * hx);
          add(y_low, x_high, hy * lx);
          add(y_high, x_low, ly * hx);
          add(y_high, x_high, ly * lx);
        }
      }
    }
  }
  return grad_input;
}

}  // namespace conformance_reference
