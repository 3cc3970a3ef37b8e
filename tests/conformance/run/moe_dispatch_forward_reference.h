// Reference for mlu-ops' moe_dispatch_forward: sample i with a valid expert
// e = indices[i] and slot l = locations[i] writes gates[i] * input[i][:] into
// dispatch[e * capacity + l][:]; every other row of dispatch is unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace conformance_reference {

inline void MoeDispatchForward(const std::vector<float>& gates,
                               const std::vector<int32_t>& indices,
                               const std::vector<int32_t>& locations,
                               const std::vector<float>& input, int samples,
                               int capacity, int hidden, int num_experts,
                               std::vector<float>& dispatch) {
  for (int i = 0; i < samples; ++i) {
    const int expert = indices[i];
    const int location = locations[i];
    if (expert < 0 || expert >= num_experts || location < 0 ||
        location >= capacity) {
      continue;
    }
    float* row = &dispatch[(size_t(expert) * capacity + location) * hidden];
    for (int j = 0; j < hidden; ++j) {
      row[j] = gates[i] * input[size_t(i) * hidden + j];
    }
  }
}

}  // namespace conformance_reference
