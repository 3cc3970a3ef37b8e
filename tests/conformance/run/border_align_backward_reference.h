// Reference for mlu-ops' border_align backward: each grad_output value
// (n, k, border, c) of [N, K, 4, C] goes back to the point the forward pass
// chose, start + argmax_idx * step along its border (border_align_forward_
// reference.h), spread over its four bilinear corners into grad_input
// [N, H, W, 4 * C] (channel border * C + c), which starts at zero. A point
// outside [-1, H] x [-1, W] contributes nothing; one inside is clamped.
#pragma once

#include <cstdint>
#include <vector>

#include "border_align_forward_reference.h"

namespace conformance_reference {

inline std::vector<float> BorderAlignBackward(
    const std::vector<float>& grad_output, const std::vector<float>& boxes,
    const std::vector<int32_t>& argmax_idx, int n, int h, int w, int c, int k,
    int pool_size) {
  std::vector<float> grad_input(size_t(n) * h * w * 4 * c, 0.0f);
  for (int image = 0; image < n; ++image) {
    for (int box_index = 0; box_index < k; ++box_index) {
      const float* box = &boxes[(size_t(image) * k + box_index) * 4];
      for (int border = 0; border < 4; ++border) {
        float x_start, y_start, x_step, y_step;
        BorderWalk(box, border, pool_size, &x_start, &y_start, &x_step,
                   &y_step);
        for (int channel = 0; channel < c; ++channel) {
          const size_t index =
              ((size_t(image) * k + box_index) * 4 + border) * c + channel;
          const float steps = float(argmax_idx[index]);
          BorderCorners corners;
          if (!BorderCornersAt(h, w, y_start + y_step * steps,
                               x_start + x_step * steps, &corners)) {
            continue;
          }
          const float g = grad_output[index];
          auto add = [&](int yy, int xx, float weight) {
            grad_input[((size_t(image) * h + yy) * w + xx) * 4 * c +
                       size_t(border) * c + channel] += g * weight;
          };
          add(corners.y_low, corners.x_low, corners.weight[0]);
          add(corners.y_low, corners.x_high, corners.weight[1]);
          add(corners.y_high, corners.x_low, corners.weight[2]);
          add(corners.y_high, corners.x_high, corners.weight[3]);
        }
      }
    }
  }
  return grad_input;
}

}  // namespace conformance_reference
