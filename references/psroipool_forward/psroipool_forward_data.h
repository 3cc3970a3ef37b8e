// Data generators for psroipool_forward, shared by the tests, the benchmark
// and the main job: docs/ops/psroipool_forward.md (tests) network cases and the
// R-FCN case of the issue.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "psroipool_forward_reference.h"

namespace psroipool_data {

using psroipool_ref::Shape;

struct Case {
  std::string name;
  Shape shape;
  std::vector<float> input;  // [batch, height, width, channels]
  std::vector<float> rois;   // [rois_num, 5]
};

inline Shape make_shape(int batch, int height, int width, int group_size,
                        int output_dim, int rois_num, float spatial_scale) {
  Shape s;
  s.batch = batch;
  s.height = height;
  s.width = width;
  s.group_size = s.pooled_height = s.pooled_width = group_size;
  s.output_dim = output_dim;
  s.channels = group_size * group_size * output_dim;
  s.rois_num = rois_num;
  s.spatial_scale = spatial_scale;
  return s;
}

inline std::vector<float> random_input(const Shape& s, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  std::vector<float> input(size_t(s.input_elements()));
  for (float& v : input) v = dist(gen);
  return input;
}

// Rois drawn inside an image of image_height x image_width pixels (the
// input is that image scaled by spatial_scale): corners uniform in the
// image, x1 <= x2 and y1 <= y2, batch ids uniform in [0, batch - 1].
inline std::vector<float> random_rois(const Shape& s, float image_height,
                                      float image_width, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> x(0.f, image_width - 1.f);
  std::uniform_real_distribution<float> y(0.f, image_height - 1.f);
  std::uniform_int_distribution<int> b(0, s.batch - 1);
  std::vector<float> rois;
  rois.reserve(size_t(s.rois_num) * 5);
  for (int n = 0; n < s.rois_num; ++n) {
    float x1 = x(gen), x2 = x(gen), y1 = y(gen), y2 = y(gen);
    if (x2 < x1) std::swap(x1, x2);
    if (y2 < y1) std::swap(y1, y2);
    rois.insert(rois.end(), {float(b(gen)), x1, y1, x2, y2});
  }
  return rois;
}

inline Case make_case(std::string name, const Shape& s, uint32_t seed) {
  Case c{std::move(name), s, random_input(s, seed), {}};
  c.rois = random_rois(s, float(s.height) / s.spatial_scale,
                       float(s.width) / s.spatial_scale, seed + 1);
  return c;
}

// docs/ops/psroipool_forward.md (tests) (1): input [1, 14, 14, 392], rois [320,
// 5], output [320, 7, 7, 8], spatial_scale 1, group_size 7.
inline Case doc_case_1() {
  return make_case("doc (1)", make_shape(1, 14, 14, 7, 8, 320, 1.f), 101);
}

// docs/ops/psroipool_forward.md (tests) (2): input [2, 14, 14, 198], rois [493,
// 5], output [493, 3, 3, 21], spatial_scale 0.0625, group_size 3.
inline Case doc_case_2() {
  return make_case("doc (2)", make_shape(2, 14, 14, 3, 21, 493, 0.0625f), 202);
}

// R-FCN: input [1, 38, 63, 1029] (7 * 7 * 21 channels), 300 rois
// inside a 608 x 1008 image, group_size 7, spatial_scale 1/16.
inline Case rfcn_case() {
  const Shape s = make_shape(1, 38, 63, 7, 21, 300, 1.f / 16);
  Case c{"R-FCN", s, random_input(s, 303), {}};
  c.rois = random_rois(s, 608.f, 1008.f, 304);
  return c;
}

// Bins: rois_num * pooled_height * pooled_width.
inline int64_t bins_of(const Shape& s) {
  return int64_t(s.rois_num) * s.pooled_height * s.pooled_width;
}

// Points (h, w) summed over all bins; each reads output_dim input elements.
inline int64_t bin_points_of(const Case& c) {
  int64_t points = 0;
  for (int n = 0; n < c.shape.rois_num; ++n) {
    for (int ph = 0; ph < c.shape.pooled_height; ++ph) {
      for (int pw = 0; pw < c.shape.pooled_width; ++pw) {
        const auto bin =
            psroipool_ref::compute_bin(c.shape, &c.rois[size_t(n) * 5], ph, pw);
        if (!bin.empty) {
          points += int64_t(bin.hend - bin.hstart) * (bin.wend - bin.wstart);
        }
      }
    }
  }
  return points;
}

// Bytes the operator must move at least: the input elements its bins read,
// the rois, and both outputs (float and int32).
inline double bytes_moved(const Case& c) {
  return 4.0 *
         (double(bin_points_of(c)) * c.shape.output_dim +
          double(c.rois.size()) + 2.0 * double(c.shape.output_elements()));
}

}  // namespace psroipool_data
