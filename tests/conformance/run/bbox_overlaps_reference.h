// Reference for mlu-ops' bbox_overlaps: boxes are (x1, y1, x2, y2); mode 0 is
// intersection over union, mode 1 intersection over the first box's area;
// `offset` (0 or 1) is added to every width and height; the divisor is never
// below `offset`. Aligned pairs box i with box i, otherwise every pair
// (i, j) gives ious[i * num_bbox2 + j].
#pragma once

#include <algorithm>
#include <vector>

namespace conformance_reference {

inline float BoxPairOverlap(const float* a, const float* b, int mode,
                            int offset) {
  const float area_a = (a[2] - a[0] + offset) * (a[3] - a[1] + offset);
  const float area_b = (b[2] - b[0] + offset) * (b[3] - b[1] + offset);
  const float width =
      std::max(std::min(a[2], b[2]) - std::max(a[0], b[0]) + offset, 0.0f);
  const float height =
      std::max(std::min(a[3], b[3]) - std::max(a[1], b[1]) + offset, 0.0f);
  const float intersection = width * height;
  const float divisor =
      mode == 0 ? std::max(area_a + area_b - intersection, float(offset))
                : std::max(area_a, float(offset));
  return intersection / divisor;
}

inline std::vector<float> BboxOverlaps(const std::vector<float>& bbox1,
                                       const std::vector<float>& bbox2,
                                       int num_bbox1, int num_bbox2, int mode,
                                       bool aligned, int offset) {
  std::vector<float> ious;
  if (aligned) {
    ious.resize(num_bbox1);
    for (int i = 0; i < num_bbox1; ++i) {
      ious[i] = BoxPairOverlap(&bbox1[4 * i], &bbox2[4 * i], mode, offset);
    }
    return ious;
  }
  ious.resize(size_t(num_bbox1) * num_bbox2);
  for (int i = 0; i < num_bbox1; ++i) {
    for (int j = 0; j < num_bbox2; ++j) {
      ious[size_t(i) * num_bbox2 + j] =
          BoxPairOverlap(&bbox1[4 * i], &bbox2[4 * j], mode, offset);
    }
  }
  return ious;
}

}  // namespace conformance_reference
