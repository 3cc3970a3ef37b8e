// Reference for mlu-ops' three_nn_forward: for each of the n unknown points
// of a batch, the squared distances to and indices of its three nearest
// known points (m per batch), nearest first; a tie keeps the smaller index.
#pragma once

#include <cstdint>
#include <vector>

#include "separate_rounding.h"

namespace conformance_reference {

struct ThreeNearest {
  std::vector<float> dist2;    // [b, n, 3]
  std::vector<int32_t> index;  // [b, n, 3]
};

inline float SquaredDistance3(const float* p, const float* q) {
  const float dx = q[0] - p[0];
  const float dy = q[1] - p[1];
  const float dz = q[2] - p[2];
  // (dx^2 + dy^2) + dz^2, each square and sum rounded, as the kernel's
  // __bang_square and two __bang_add.
  return rounded(mul_rounded(dx, dx) + mul_rounded(dy, dy)) +
         mul_rounded(dz, dz);
}

inline ThreeNearest ThreeNNForward(const std::vector<float>& unknown,
                                   const std::vector<float>& known, int b,
                                   int n, int m) {
  ThreeNearest result{std::vector<float>(size_t(b) * n * 3),
                      std::vector<int32_t>(size_t(b) * n * 3)};
  for (int batch = 0; batch < b; ++batch) {
    const float* known_points = &known[size_t(batch) * m * 3];
    for (int j = 0; j < n; ++j) {
      const float* point = &unknown[(size_t(batch) * n + j) * 3];
      float best[3] = {1e38f, 1e38f, 1e38f};
      int32_t best_index[3] = {0, 0, 0};
      for (int k = 0; k < m; ++k) {
        const float d = SquaredDistance3(point, &known_points[size_t(k) * 3]);
        int slot = 3;
        while (slot > 0 && d < best[slot - 1]) --slot;
        if (slot == 3) continue;
        for (int s = 2; s > slot; --s) {
          best[s] = best[s - 1];
          best_index[s] = best_index[s - 1];
        }
        best[slot] = d;
        best_index[slot] = k;
      }
      for (int s = 0; s < 3; ++s) {
        result.dist2[(size_t(batch) * n + j) * 3 + s] = best[s];
        result.index[(size_t(batch) * n + j) * 3 + s] = best_index[s];
      }
    }
  }
  return result;
}

}  // namespace conformance_reference
