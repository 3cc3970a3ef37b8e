// Reference for mlu-ops' roi_crop (NHWC): output bin (roi, oh, ow) samples
// image roi / (grid_n / batch) bilinearly at grid[roi][oh][ow] = (y, x), both
// in [-1, 1] mapped to [0, size - 1]; corners outside the image count as
// zero. The backward pass scatters grad_output with the same weights.
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace conformance_reference {

struct BilinearCorner {
  int y, x;
  float weight;
};

// The four corners of the sample point of grid value (gy, gx), in the order
// top-left, top-right, bottom-left, bottom-right.
inline void RoiCropCorners(float gy, float gx, int height, int width,
                           BilinearCorner corners[4]) {
  const float y = (gy + 1) * (height - 1) / 2;
  const float x = (gx + 1) * (width - 1) / 2;
  const int top = static_cast<int>(std::floor(y));
  const int left = static_cast<int>(std::floor(x));
  const float top_weight = 1 - (y - top);
  const float left_weight = 1 - (x - left);
  corners[0] = {top, left, top_weight * left_weight};
  corners[1] = {top, left + 1, top_weight * (1 - left_weight)};
  corners[2] = {top + 1, left, (1 - top_weight) * left_weight};
  corners[3] = {top + 1, left + 1, (1 - top_weight) * (1 - left_weight)};
}

inline bool CornerInside(const BilinearCorner& corner, int height, int width) {
  return corner.y >= 0 && corner.y < height && corner.x >= 0 &&
         corner.x < width;
}

// Calls visit(image, bin, corners) for every output bin (roi, oh, ow),
// bin = (roi * output_h + oh) * output_w + ow, with the roi's image and the
// four corners of its sample point.
template <class Visit>
void ForEachRoiCropBin(const std::vector<float>& grid, int batch, int height,
                       int width, int grid_n, int output_h, int output_w,
                       Visit visit) {
  const int roi_per_image = grid_n / batch;
  for (int roi = 0; roi < grid_n; ++roi) {
    for (int oh = 0; oh < output_h; ++oh) {
      for (int ow = 0; ow < output_w; ++ow) {
        const size_t bin = (size_t(roi) * output_h + oh) * output_w + ow;
        BilinearCorner corners[4];
        RoiCropCorners(grid[bin * 2], grid[bin * 2 + 1], height, width,
                       corners);
        visit(roi / roi_per_image, bin, corners);
      }
    }
  }
}

inline std::vector<float> RoiCropForward(const std::vector<float>& input,
                                         const std::vector<float>& grid,
                                         int batch, int height, int width,
                                         int channels, int grid_n, int output_h,
                                         int output_w) {
  std::vector<float> output(size_t(grid_n) * output_h * output_w * channels);
  ForEachRoiCropBin(
      grid, batch, height, width, grid_n, output_h, output_w,
      [&](int image_index, size_t bin, const BilinearCorner* corners) {
        const float* image =
            &input[size_t(image_index) * height * width * channels];
        for (int c = 0; c < channels; ++c) {
          float sum = 0;
          for (int i = 0; i < 4; ++i) {
            const BilinearCorner& corner = corners[i];
            if (!CornerInside(corner, height, width)) continue;
            sum += corner.weight *
                   image[(size_t(corner.y) * width + corner.x) * channels + c];
          }
          output[bin * channels + c] = sum;
        }
      });
  return output;
}

inline std::vector<float> RoiCropBackward(const std::vector<float>& grad_output,
                                          const std::vector<float>& grid,
                                          int batch, int height, int width,
                                          int channels, int grid_n,
                                          int output_h, int output_w) {
  std::vector<float> grad_input(size_t(batch) * height * width * channels, 0);
  ForEachRoiCropBin(
      grid, batch, height, width, grid_n, output_h, output_w,
      [&](int image_index, size_t bin, const BilinearCorner* corners) {
        float* image =
            &grad_input[size_t(image_index) * height * width * channels];
        for (int i = 0; i < 4; ++i) {
          const BilinearCorner& corner = corners[i];
          if (!CornerInside(corner, height, width)) continue;
          float* target =
              &image[(size_t(corner.y) * width + corner.x) * channels];
          for (int c = 0; c < channels; ++c) {
            target[c] += corner.weight * grad_output[bin * channels + c];
          }
        }
      });
  return grad_input;
}

}  // namespace conformance_reference
