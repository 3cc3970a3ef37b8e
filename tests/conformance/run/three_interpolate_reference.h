// CPU reference of three_interpolate forward: every output (b, c, n) is the
// weighted sum of the three features (b, c, indices[b, n, k]), products
// added in k order in float and rounded to T once. Each product is rounded
// before it is added, as the kernel's separate __bang_mul and __bang_add
// round it (a compiler may otherwise fuse them: Clang does within one
// expression).
#pragma once

#include <cstddef>

#include "separate_rounding.h"

template <class T>
void threeInterpolateForwardReference(const T* features, const int* indices,
                                      const T* weights, int b, int c, int m,
                                      int n, T* output) {
  for (int bi = 0; bi < b; ++bi) {
    for (int ci = 0; ci < c; ++ci) {
      const T* feature_row = features + (size_t(bi) * c + ci) * m;
      T* out_row = output + (size_t(bi) * c + ci) * n;
      for (int ni = 0; ni < n; ++ni) {
        const size_t nk = (size_t(bi) * n + ni) * 3;
        float sum = 0.f;
        for (int k = 0; k < 3; ++k) {
          sum += conformance_reference::mul_rounded(
              float(weights[nk + k]), float(feature_row[indices[nk + k]]));
        }
        out_row[ni] = T(sum);
      }
    }
  }
}
