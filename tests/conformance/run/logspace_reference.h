// Reference for mlu-ops' logspace (float output): steps values
// base^(start + i * step), step = (end - start) / (steps - 1), evaluated in
// double so the reference carries no rounding of its own.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace conformance_reference {

inline std::vector<float> Logspace(float start, float end, int64_t steps,
                                   float base) {
  std::vector<float> values(static_cast<size_t>(steps));
  if (steps == 1) {
    values[0] = static_cast<float>(std::pow(double(base), double(start)));
    return values;
  }
  const double step = (double(end) - double(start)) / double(steps - 1);
  for (int64_t i = 0; i < steps; ++i) {
    values[i] = static_cast<float>(
        std::pow(double(base), double(start) + step * double(i)));
  }
  return values;
}

}  // namespace conformance_reference
