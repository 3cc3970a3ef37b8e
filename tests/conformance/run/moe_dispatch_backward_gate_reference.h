// Reference for mlu-ops' moe_dispatch_backward_gate: grad_gates[i] is the
// dot product of input row i with dispatch row (indices[i] * capacity +
// locations[i]), or 0 when the expert or location is out of range. Summed
// in double.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace conformance_reference {

inline std::vector<float> MoeDispatchBackwardGate(
    const std::vector<int32_t>& indices, const std::vector<int32_t>& locations,
    const std::vector<float>& input, const std::vector<float>& dispatch,
    int samples, int capacity, int hidden, int num_experts) {
  std::vector<float> grad_gates(samples, 0.0f);
  for (int i = 0; i < samples; ++i) {
    if (indices[i] < 0 || indices[i] >= num_experts || locations[i] < 0 ||
        locations[i] >= capacity) {
      continue;
    }
    const float* row =
        &dispatch[(size_t(indices[i]) * capacity + locations[i]) * hidden];
    const float* in = &input[size_t(i) * hidden];
    double sum = 0;
    for (int j = 0; j < hidden; ++j) sum += double(row[j]) * in[j];
    grad_gates[i] = float(sum);
  }
  return grad_gates;
}

}  // namespace conformance_reference
