// Reference for mlu-ops' points_in_boxes: boxes are (cx, cy, cz, dx, dy, dz,
// heading) with cz the centre height; a point is inside when |z - cz| <=
// dz / 2 and, rotated by -heading around the box centre, |local x| < dx / 2
// + 1e-5 and |local y| < dy / 2 + 1e-5. Each point gets the index of the
// first box of its batch holding it, or -1.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "separate_rounding.h"

namespace conformance_reference {

// The bounds are half the size plus the margin in double, rounded once to
// float; each product and difference rounds, as the kernel's
// __bang_mul_scalar and __bang_sub compute them.
inline bool PointInBox3d(const float* point, const float* box) {
  constexpr double kMargin = 1e-5;
  if (std::fabs(point[2] - box[2]) > float(0.5 * box[5])) return false;
  const float cosa = std::cos(-box[6]);
  const float sina = std::sin(-box[6]);
  const float shift_x = point[0] - box[0];
  const float shift_y = point[1] - box[1];
  const float local_x = mul_rounded(shift_x, cosa) - mul_rounded(shift_y, sina);
  const float local_y = mul_rounded(shift_x, sina) + mul_rounded(shift_y, cosa);
  return std::fabs(local_x) < float(0.5 * box[3] + kMargin) &&
         std::fabs(local_y) < float(0.5 * box[4] + kMargin);
}

inline std::vector<int32_t> PointsInBoxes(const std::vector<float>& points,
                                          const std::vector<float>& boxes,
                                          int batch, int points_num,
                                          int boxes_num) {
  std::vector<int32_t> idx(size_t(batch) * points_num, -1);
  for (int b = 0; b < batch; ++b) {
    for (int p = 0; p < points_num; ++p) {
      const float* point = &points[(size_t(b) * points_num + p) * 3];
      for (int k = 0; k < boxes_num; ++k) {
        if (PointInBox3d(point, &boxes[(size_t(b) * boxes_num + k) * 7])) {
          idx[size_t(b) * points_num + p] = k;
          break;
        }
      }
    }
  }
  return idx;
}

}  // namespace conformance_reference
