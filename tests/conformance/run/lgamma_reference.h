// Reference for mlu-ops' lgamma: y = log|Gamma(x)| element by element.
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace conformance_reference {

inline std::vector<float> Lgamma(const std::vector<float>& x) {
  std::vector<float> y(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    y[i] = static_cast<float>(std::lgamma(static_cast<double>(x[i])));
  }
  return y;
}

}  // namespace conformance_reference
