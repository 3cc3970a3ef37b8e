// CPU reference of indice_convolution_forward, as mmcv's indice_conv
// computes it (docs/ops/indice_convolution_forward.md (what it computes)):
// zero the output, then for every kernel offset k and l < indice_num[k] add
//   features[indice_pairs[k, 0, l], :] x W_k
// to features_out[indice_pairs[k, 1, l], :]. Sums in double; pairs with an
// input or output index out of range are skipped. Deliberately simple.
#pragma once

#include <cstdint>
#include <vector>

namespace indice_conv_test {

// W(k, ci, co) from filters in NDHWC ([co, K, ci]) or NCDHW ([co, ci, K]).
inline double FilterAt(const std::vector<float> &filters, bool ncdhw,
                       int64_t kernel_volume, int64_t ci_num, int64_t k,
                       int64_t ci, int64_t co) {
  return ncdhw ? filters[size_t((co * ci_num + ci) * kernel_volume + k)]
               : filters[size_t((co * kernel_volume + k) * ci_num + ci)];
}

// features [num_act_in, ci_num]; filters as above with co_num output
// channels; indice_pairs [K, 2, num_act_in]; returns [num_act_out, co_num].
inline std::vector<float> IndiceConvForwardReference(
    const std::vector<float> &features, int64_t num_act_in, int64_t ci_num,
    const std::vector<float> &filters, bool filters_ncdhw,
    int64_t kernel_volume, int64_t co_num,
    const std::vector<int32_t> &indice_pairs,
    const std::vector<int64_t> &indice_num, int64_t num_act_out) {
  std::vector<double> out(size_t(num_act_out * co_num), 0.0);
  std::vector<double> w_k(size_t(ci_num * co_num));
  for (int64_t k = 0; k < kernel_volume; ++k) {
    // W_k as [ci][co].
    for (int64_t ci = 0; ci < ci_num; ++ci) {
      for (int64_t co = 0; co < co_num; ++co) {
        w_k[size_t(ci * co_num + co)] =
            FilterAt(filters, filters_ncdhw, kernel_volume, ci_num, k, ci, co);
      }
    }
    const int32_t *in_index = indice_pairs.data() + k * 2 * num_act_in;
    const int32_t *out_index = in_index + num_act_in;
    for (int64_t l = 0; l < indice_num[size_t(k)]; ++l) {
      const int64_t i = in_index[l], o = out_index[l];
      if (i < 0 || i >= num_act_in || o < 0 || o >= num_act_out) continue;
      double *out_row = out.data() + o * co_num;
      for (int64_t ci = 0; ci < ci_num; ++ci) {
        const double x = features[size_t(i * ci_num + ci)];
        const double *w_row = w_k.data() + ci * co_num;
        for (int64_t co = 0; co < co_num; ++co) out_row[co] += x * w_row[co];
      }
    }
  }
  return std::vector<float>(out.begin(), out.end());
}

}  // namespace indice_conv_test
