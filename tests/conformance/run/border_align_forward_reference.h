// Reference for mlu-ops' border_align forward. input is [N, H, W, 4 * C]:
// channel block b (top, left, bottom, right) belongs to border b. Box k of
// image n is (x1, y1, x2, y2); border b starts at (x1, y1) for top and left,
// at (x2, y2) for bottom and right, and walks pool_size steps of width /
// pool_size (top: +x, bottom: -x) or height / pool_size (left: +y, right:
// -y). output [N, K, 4, C] is the largest bilinear sample of the
// pool_size + 1 points, argmax_idx the first step reaching it. A sample
// outside [-1, H] x [-1, W] is 0; one inside is clamped to the map.
#pragma once

#include <cstdint>
#include <vector>

namespace conformance_reference {

struct BorderAlignOutput {
  std::vector<float> output;
  std::vector<int32_t> argmax_idx;
};

// The four bilinear corners of (y, x) on an h x w map and their weights, in
// the order (low, low), (low, high), (high, low), (high, high); false when
// the point lies outside [-1, h] x [-1, w]. Inside, it is clamped to the map.
struct BorderCorners {
  int y_low, x_low, y_high, x_high;
  float weight[4];
};

inline bool BorderCornersAt(int h, int w, float y, float x,
                            BorderCorners* corners) {
  if (y < -1.0f || y > h || x < -1.0f || x > w) return false;
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
  *corners = {
      y_low, x_low, y_high, x_high, {hy * hx, hy * lx, ly * hx, ly * lx}};
  return true;
}

// The start point and step of border `border` (top, left, bottom, right) of
// box (x1, y1, x2, y2) divided into pool_size steps.
inline void BorderWalk(const float* box, int border, int pool_size,
                       float* x_start, float* y_start, float* x_step,
                       float* y_step) {
  const float width = box[2] - box[0], height = box[3] - box[1];
  *x_start = box[border / 2 * 2];
  *y_start = box[border / 2 * 2 + 1];
  *x_step = 0;
  *y_step = 0;
  if (pool_size == 0) return;
  if (border == 0) *x_step = width / pool_size;
  if (border == 1) *y_step = height / pool_size;
  if (border == 2) *x_step = -width / pool_size;
  if (border == 3) *y_step = -height / pool_size;
}

// Bilinear sample of channel plane `plane` (stride `pixel_stride` between
// pixels) at (y, x); 0 outside.
inline float BorderBilinear(const float* plane, int h, int w, int pixel_stride,
                            float y, float x) {
  BorderCorners c;
  if (!BorderCornersAt(h, w, y, x, &c)) return 0;
  auto at = [&](int yy, int xx) {
    return plane[(int64_t(yy) * w + xx) * pixel_stride];
  };
  return c.weight[0] * at(c.y_low, c.x_low) +
         c.weight[1] * at(c.y_low, c.x_high) +
         c.weight[2] * at(c.y_high, c.x_low) +
         c.weight[3] * at(c.y_high, c.x_high);
}

inline BorderAlignOutput BorderAlignForward(const std::vector<float>& input,
                                            const std::vector<float>& boxes,
                                            int n, int h, int w, int c, int k,
                                            int pool_size) {
  BorderAlignOutput out{std::vector<float>(size_t(n) * k * 4 * c),
                        std::vector<int32_t>(size_t(n) * k * 4 * c)};
  for (int image = 0; image < n; ++image) {
    for (int box_index = 0; box_index < k; ++box_index) {
      const float* box = &boxes[(size_t(image) * k + box_index) * 4];
      for (int border = 0; border < 4; ++border) {
        float x_start, y_start, x_step, y_step;
        BorderWalk(box, border, pool_size, &x_start, &y_start, &x_step,
                   &y_step);
        for (int channel = 0; channel < c; ++channel) {
          const float* plane = &input[size_t(image) * h * w * 4 * c +
                                      size_t(border) * c + channel];
          float x = x_start, y = y_start;
          float best = BorderBilinear(plane, h, w, 4 * c, y, x);
          int32_t best_step = 0;
          for (int step = 1; step <= pool_size; ++step) {
            x += x_step;
            y += y_step;
            const float value = BorderBilinear(plane, h, w, 4 * c, y, x);
            if (value > best) {
              best = value;
              best_step = step;
            }
          }
          const size_t index =
              ((size_t(image) * k + box_index) * 4 + border) * c + channel;
          out.output[index] = best;
          out.argmax_idx[index] = best_step;
        }
      }
    }
  }
  return out;
}

}  // namespace conformance_reference
