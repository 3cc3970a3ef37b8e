// CPU reference of three_interpolate_backward: mmcv's CUDA kernel
// (three_interpolate_backward_cuda_kernel,
// docs/ops/three_interpolate_backward.md (what it computes)) as plain loops.
// Every (b, c, n) adds grad_output * weight into the three grad_features
// entries its indices name. Accumulation is in float for both dtypes and the
// result is rounded to T once; an index outside [0, M-1] is
// skipped.
#pragma once

#include <cstddef>
#include <vector>

template <class T>
void threeInterpolateBackwardReference(const T *grad_output, const int *indices,
                                       const T *weights, int b, int c, int m,
                                       int n, T *grad_features) {
  std::vector<float> accumulator(size_t(b) * c * m, 0.0f);
  for (int bi = 0; bi < b; ++bi) {
    for (int ci = 0; ci < c; ++ci) {
      const T *grad_row = grad_output + (size_t(bi) * c + ci) * n;
      float *out_row = accumulator.data() + (size_t(bi) * c + ci) * m;
      for (int ni = 0; ni < n; ++ni) {
        const size_t nk = (size_t(bi) * n + ni) * 3;
        for (int k = 0; k < 3; ++k) {
          const int index = indices[nk + k];
          if (index < 0 || index >= m) continue;
          out_row[index] += float(grad_row[ni]) * float(weights[nk + k]);
        }
      }
    }
  }
  for (size_t i = 0; i < accumulator.size(); ++i) {
    grad_features[i] = T(accumulator[i]);
  }
}
