// Reference for mlu-ops' tin_shift forward: input [N, T, C, HW]; channel c
// belongs to group c / (C / G) and the group's shift s = shifts[n][group]
// moves frame t to frame t + s; frames shifted in from outside are zero.
#pragma once

#include <cstddef>
#include <vector>

namespace conformance_reference {

template <typename T>
std::vector<T> TinShiftForward(const std::vector<T>& input,
                               const std::vector<int>& shifts, int batch,
                               int time, int channels, int hw, int groups) {
  std::vector<T> output(input.size(), T(0));
  const int group_channel = channels / groups;
  for (int n = 0; n < batch; ++n) {
    for (int c = 0; c < channels; ++c) {
      const int shift = shifts[n * groups + c / group_channel];
      for (int t = 0; t < time; ++t) {
        const int target = t + shift;
        if (target < 0 || target >= time) continue;
        const size_t from = ((size_t(n) * time + t) * channels + c) * hw;
        const size_t to = ((size_t(n) * time + target) * channels + c) * hw;
        for (int i = 0; i < hw; ++i) output[to + i] = input[from + i];
      }
    }
  }
  return output;
}

}  // namespace conformance_reference
