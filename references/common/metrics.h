// MLU-OPS accuracy metrics (operator checklist item 4), shared by tests,
// benchmarks and the main job.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>

namespace xbang_test {

struct Metrics {
  double diff1 = 0;                 // sum|e-b| / sum|b|
  double diff2 = 0;                 // sqrt(sum (e-b)^2 / sum b^2)
  double diff3_rel = 0;             // max relative error over |b| > th
  double diff3_abs = 0;             // max absolute error over |b| <= th
  size_t mismatched_nonfinite = 0;  // NaN/Inf that do not match exactly
  std::string text() const {
    char buf[160];
    std::snprintf(buf, sizeof buf, "diff1=%.3g diff2=%.3g diff3=(%.3g,%.3g)",
                  diff1, diff2, diff3_rel, diff3_abs);
    std::string s = buf;
    if (mismatched_nonfinite)
      s += " nonfinite_mismatch=" + std::to_string(mismatched_nonfinite);
    return s;
  }
  bool within(double d1, double d2) const {
    return mismatched_nonfinite == 0 && diff1 <= d1 && diff2 <= d2;
  }
  bool bit_exact() const {
    return mismatched_nonfinite == 0 && diff3_rel == 0 && diff3_abs == 0;
  }
};

// `th` is 1e-6 for float and 1e-4 for half. NaN/Inf positions must match
// exactly (same class and sign) and are left out of the sums. When both sums
// of |b| are 0, diff1/diff2 are the absolute sums instead.
template <class E, class B>
Metrics compute_metrics(const E* e, const B* b, size_t n, double th = 1e-6) {
  Metrics m;
  double sum_abs_diff = 0, sum_abs_b = 0, sum_sq_diff = 0, sum_sq_b = 0;
  for (size_t i = 0; i < n; ++i) {
    const double ev = static_cast<double>(static_cast<float>(e[i]));
    const double bv = static_cast<double>(static_cast<float>(b[i]));
    if (!std::isfinite(ev) || !std::isfinite(bv)) {
      const bool same = (std::isnan(ev) && std::isnan(bv)) || ev == bv;
      if (!same) ++m.mismatched_nonfinite;
      continue;
    }
    const double d = std::fabs(ev - bv);
    sum_abs_diff += d;
    sum_abs_b += std::fabs(bv);
    sum_sq_diff += d * d;
    sum_sq_b += bv * bv;
    if (std::fabs(bv) > th) {
      m.diff3_rel = std::max(m.diff3_rel, d / std::fabs(bv));
    } else {
      m.diff3_abs = std::max(m.diff3_abs, d);
    }
  }
  m.diff1 = sum_abs_b > 0 ? sum_abs_diff / sum_abs_b : sum_abs_diff;
  m.diff2 =
      sum_sq_b > 0 ? std::sqrt(sum_sq_diff / sum_sq_b) : std::sqrt(sum_sq_diff);
  return m;
}

}  // namespace xbang_test
