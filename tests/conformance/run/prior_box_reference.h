// Reference for mlu-ops' prior_box (SSD anchors): for each feature cell
// (h, w) centred at ((w + offset) * step_w, (h + offset) * step_h) and each
// min size, the priors in order are the min-size square, the sqrt(min * max)
// square (when max sizes are given) and one box per aspect ratio other than
// 1 (min_max_aspect_ratios_order), or every aspect ratio first and then the
// sqrt(min * max) square (otherwise). Boxes are (x1, y1, x2, y2) divided by
// the image size, clipped to [0, 1] when `clip`; var repeats the variances
// for every prior.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace conformance_reference {

struct PriorBoxes {
  std::vector<float> boxes;      // [height, width, num_priors, 4]
  std::vector<float> variances;  // [height, width, num_priors, variances]
};

inline PriorBoxes PriorBox(const std::vector<float>& min_sizes,
                           const std::vector<float>& aspect_ratios,
                           const std::vector<float>& variances,
                           const std::vector<float>& max_sizes, int height,
                           int width, int im_height, int im_width, float step_h,
                           float step_w, float offset, bool clip,
                           bool min_max_aspect_ratios_order) {
  PriorBoxes result;
  auto push = [&](float centre_x, float centre_y, float half_w, float half_h) {
    const float box[4] = {
        (centre_x - half_w) / im_width, (centre_y - half_h) / im_height,
        (centre_x + half_w) / im_width, (centre_y + half_h) / im_height};
    for (float value : box) {
      result.boxes.push_back(clip ? std::min(std::max(value, 0.0f), 1.0f)
                                  : value);
    }
    result.variances.insert(result.variances.end(), variances.begin(),
                            variances.end());
  };
  for (int h = 0; h < height; ++h) {
    for (int w = 0; w < width; ++w) {
      const float centre_x = (w + offset) * step_w;
      const float centre_y = (h + offset) * step_h;
      for (size_t s = 0; s < min_sizes.size(); ++s) {
        const float min_size = min_sizes[s];
        auto push_ratios = [&](bool skip_unit_ratio) {
          for (float ratio : aspect_ratios) {
            if (skip_unit_ratio && std::fabs(ratio - 1.0f) < 1e-6f) continue;
            push(centre_x, centre_y, min_size * std::sqrt(ratio) / 2,
                 min_size / std::sqrt(ratio) / 2);
          }
        };
        auto push_max_square = [&] {
          if (max_sizes.empty()) return;
          const float half = std::sqrt(min_size * max_sizes[s]) / 2;
          push(centre_x, centre_y, half, half);
        };
        if (min_max_aspect_ratios_order) {
          push(centre_x, centre_y, min_size / 2, min_size / 2);
          push_max_square();
          push_ratios(true);
        } else {
          push_ratios(false);
          push_max_square();
        }
      }
    }
  }
  return result;
}

}  // namespace conformance_reference
