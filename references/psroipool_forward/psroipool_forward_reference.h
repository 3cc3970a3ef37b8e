// CPU reference of psroipool_forward: the PyTorch CUDA kernel the design
// cites (psroi_pooling_forward_cuda, R-FCN), one output element at a time,
// with the input and outputs in NHWC. Kept deliberately simple.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace psroipool_ref {

struct Shape {
  int batch = 1, height = 1, width = 1, channels = 1;  // input NHWC
  int rois_num = 1;
  int pooled_height = 1, pooled_width = 1, group_size = 1, output_dim = 1;
  float spatial_scale = 1.f;
  int64_t input_elements() const {
    return int64_t(batch) * height * width * channels;
  }
  int64_t output_elements() const {
    return int64_t(rois_num) * pooled_height * pooled_width * output_dim;
  }
};

// min(max(bound, 0), limit) of a floor/ceil result as the CUDA code's int
// conversion (saturating, NaN to 0) followed by its clip gives it.
inline int clip_bound(float bound, int limit) {
  if (!(bound > 0.f)) return 0;
  if (bound >= float(limit)) return limit;
  return int(bound);
}

// The input rectangle bin (ph, pw) of a roi averages over, as the CUDA code
// computes it. Where that code is undefined (batch_id out of range, NaN or
// Inf in a roi) the bin is empty, as the operator's header states.
struct Bin {
  int batch = 0;
  int hstart = 0, hend = 0, wstart = 0, wend = 0;
  bool empty = true;
};

inline Bin compute_bin(const Shape& s, const float* roi, int ph, int pw) {
  bool roi_valid = roi[0] > -1.f && roi[0] < float(s.batch);
  for (int k = 0; k < 5; ++k) roi_valid = roi_valid && std::isfinite(roi[k]);
  // nvcc fuses each product into the sum that follows it; std::fma says so
  // explicitly (and keeps the host compiler from choosing otherwise).
  const float roi_start_w = std::round(roi[1]) * s.spatial_scale;
  const float roi_start_h = std::round(roi[2]) * s.spatial_scale;
  const float roi_end_w_factor = static_cast<float>(std::round(roi[3]) + 1.);
  const float roi_end_h_factor = static_cast<float>(std::round(roi[4]) + 1.);
  // Force too small rois to be 1x1 (at least 0.1).
  const float roi_width = std::fmax(
      std::fma(roi_end_w_factor, s.spatial_scale, -roi_start_w), 0.1f);
  const float roi_height = std::fmax(
      std::fma(roi_end_h_factor, s.spatial_scale, -roi_start_h), 0.1f);
  const float bin_size_h = roi_height / float(s.pooled_height);
  const float bin_size_w = roi_width / float(s.pooled_width);
  Bin bin;
  bin.batch = roi_valid ? int(roi[0]) : 0;
  bin.hstart = clip_bound(
      std::floor(std::fma(float(ph), bin_size_h, roi_start_h)), s.height);
  bin.wstart = clip_bound(
      std::floor(std::fma(float(pw), bin_size_w, roi_start_w)), s.width);
  bin.hend = clip_bound(
      std::ceil(std::fma(float(ph + 1), bin_size_h, roi_start_h)), s.height);
  bin.wend = clip_bound(
      std::ceil(std::fma(float(pw + 1), bin_size_w, roi_start_w)), s.width);
  bin.empty = bin.hend <= bin.hstart || bin.wend <= bin.wstart || !roi_valid;
  return bin;
}

// output and mapping_channel: [rois_num, pooled_height, pooled_width,
// output_dim].
inline void psroipool_forward(const Shape& s, const float* input,
                              const float* rois, float* output,
                              int32_t* mapping_channel) {
  for (int n = 0; n < s.rois_num; ++n) {
    const float* roi = rois + int64_t(n) * 5;
    for (int ph = 0; ph < s.pooled_height; ++ph) {
      for (int pw = 0; pw < s.pooled_width; ++pw) {
        const Bin bin = compute_bin(s, roi, ph, pw);
        const int gh = ph, gw = pw;
        for (int ctop = 0; ctop < s.output_dim; ++ctop) {
          const int c = (ctop * s.group_size + gh) * s.group_size + gw;
          float out_sum = 0.f;
          if (!bin.empty) {
            for (int h = bin.hstart; h < bin.hend; ++h) {
              for (int w = bin.wstart; w < bin.wend; ++w) {
                const int64_t index =
                    ((int64_t(bin.batch) * s.height + h) * s.width + w) *
                        s.channels +
                    c;
                out_sum += input[index];
              }
            }
          }
          const float bin_area =
              float((bin.hend - bin.hstart) * (bin.wend - bin.wstart));
          const int64_t out_index =
              ((int64_t(n) * s.pooled_height + ph) * s.pooled_width + pw) *
                  s.output_dim +
              ctop;
          output[out_index] = bin.empty ? 0.f : out_sum / bin_area;
          mapping_channel[out_index] = c;
        }
      }
    }
  }
}

}  // namespace psroipool_ref
