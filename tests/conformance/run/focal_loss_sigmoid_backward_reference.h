// Reference for mlu-ops' focal_loss_sigmoid backward (reduction none): for
// input x [N, C] and target t [N] (t == C: no positive class), with
// p = sigmoid(x[n][c]),
//   c == t: -alpha * (1 - p)^gamma * (1 - p - gamma * p * log(p))
//   c != t: -(1 - alpha) * p^gamma * (gamma * (1 - p) * log(1 - p) - p)
// the logarithms' arguments floored at FLT_MIN, and times weight[t] when a
// weight is given and t < C. Evaluated in double.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <vector>

namespace conformance_reference {

inline std::vector<float> FocalLossSigmoidBackward(
    const std::vector<float>& input, const std::vector<int32_t>& target,
    const std::vector<float>* weight, int n, int c, float alpha, float gamma) {
  std::vector<float> grad(size_t(n) * c);
  for (int i = 0; i < n; ++i) {
    const int t = target[i];
    for (int j = 0; j < c; ++j) {
      const double p =
          1.0 / (1.0 + std::exp(-double(input[size_t(i) * c + j])));
      double value;
      if (j == t) {
        value = -alpha * std::pow(1 - p, double(gamma)) *
                (1 - p - gamma * p * std::log(std::max(p, double(FLT_MIN))));
      } else {
        value =
            -(1 - double(alpha)) * std::pow(p, double(gamma)) *
            (gamma * (1 - p) * std::log(std::max(1 - p, double(FLT_MIN))) - p);
      }
      if (weight != nullptr && t < c) value *= (*weight)[t];
      grad[size_t(i) * c + j] = float(value);
    }
  }
  return grad;
}

}  // namespace conformance_reference
