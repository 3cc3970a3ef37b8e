// Reference for mlu-ops' ball_query: for each of the m query centres of a
// batch, the indices of the first nsample of its n points whose squared
// distance d2 is 0 or in [min_radius^2, max_radius^2); the slots past the
// last found repeat the first found; a centre with none gets zeros.
#pragma once

#include <cstdint>
#include <vector>

#include "separate_rounding.h"

namespace conformance_reference {

inline std::vector<int32_t> BallQuery(const std::vector<float>& new_xyz,
                                      const std::vector<float>& xyz, int b,
                                      int m, int n, float min_radius,
                                      float max_radius, int nsample) {
  std::vector<int32_t> idx(size_t(b) * m * nsample, 0);
  const float min_radius2 = min_radius * min_radius;
  const float max_radius2 = max_radius * max_radius;
  for (int batch = 0; batch < b; ++batch) {
    for (int row = 0; row < m; ++row) {
      const float* centre = &new_xyz[(size_t(batch) * m + row) * 3];
      int32_t* out = &idx[(size_t(batch) * m + row) * nsample];
      int found = 0;
      for (int col = 0; col < n && found < nsample; ++col) {
        const float* point = &xyz[(size_t(batch) * n + col) * 3];
        // (dx^2 + dy^2) + dz^2 rounded step by step, as the kernel's
        // __bang_square and __bang_add compute it.
        const float dx = point[0] - centre[0];
        const float dy = point[1] - centre[1];
        const float dz = point[2] - centre[2];
        const float d2 = rounded(mul_rounded(dx, dx) + mul_rounded(dy, dy)) +
                         mul_rounded(dz, dz);
        if (d2 == 0 || (d2 >= min_radius2 && d2 < max_radius2)) {
          if (found == 0) {
            for (int s = 0; s < nsample; ++s) out[s] = col;
          }
          out[found++] = col;
        }
      }
    }
  }
  return idx;
}

}  // namespace conformance_reference
