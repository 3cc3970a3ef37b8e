// Reference for mlu-ops' mutual_information forward (the RNN-T style
// recursion): for batch b with boundary (s_begin, t_begin, s_end, t_end)
// (the whole [0, S] x [0, T] without one), p[b][s_begin][t_begin] = 0 and
//   p[s][t] = logaddexp(p[s - 1][t] + px[s - 1][t], p[s][t - 1] + py[s][t - 1])
// (a term whose index leaves the region is -inf); ans[b] = p[s_end][t_end].
// px is [B, S, T + 1], py [B, S + 1, T], p [B, S + 1, T + 1]; entries of p
// outside the region keep their input values. An empty region (its end
// before its start) leaves p as it is and gives ans 0. Evaluated in double.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace conformance_reference {

struct MutualInformation {
  std::vector<float> p;
  std::vector<float> ans;
};

inline double LogAddExp(double x, double y) {
  if (x == -std::numeric_limits<double>::infinity()) return y;
  if (y == -std::numeric_limits<double>::infinity()) return x;
  const double high = std::max(x, y);
  return high + std::log1p(std::exp(std::min(x, y) - high));
}

inline MutualInformation MutualInformationForward(
    const std::vector<float>& px, const std::vector<float>& py,
    const std::vector<int64_t>* boundary, const std::vector<float>& p_in,
    int batch, int s_size, int t_size) {
  MutualInformation out{p_in, std::vector<float>(batch)};
  const double minus_inf = -std::numeric_limits<double>::infinity();
  for (int b = 0; b < batch; ++b) {
    int s_begin = 0, t_begin = 0, s_end = s_size, t_end = t_size;
    if (boundary != nullptr) {
      s_begin = int((*boundary)[b * 4]);
      t_begin = int((*boundary)[b * 4 + 1]);
      s_end = int((*boundary)[b * 4 + 2]);
      t_end = int((*boundary)[b * 4 + 3]);
    }
    auto p_at = [&](int s, int t) -> float& {
      return out.p[(size_t(b) * (s_size + 1) + s) * (t_size + 1) + t];
    };
    auto px_at = [&](int s, int t) {
      return px[(size_t(b) * s_size + s) * (t_size + 1) + t];
    };
    auto py_at = [&](int s, int t) {
      return py[(size_t(b) * (s_size + 1) + s) * t_size + t];
    };
    if (s_begin > s_end || t_begin > t_end) {
      out.ans[b] = 0;
      continue;
    }
    p_at(s_begin, t_begin) = 0;
    for (int s = s_begin; s <= s_end; ++s) {
      for (int t = t_begin; t <= t_end; ++t) {
        if (s == s_begin && t == t_begin) continue;
        const double from_s =
            s > s_begin ? double(p_at(s - 1, t)) + px_at(s - 1, t) : minus_inf;
        const double from_t =
            t > t_begin ? double(p_at(s, t - 1)) + py_at(s, t - 1) : minus_inf;
        p_at(s, t) = float(LogAddExp(from_s, from_t));
      }
    }
    out.ans[b] = p_at(s_end, t_end);
  }
  return out;
}

}  // namespace conformance_reference
