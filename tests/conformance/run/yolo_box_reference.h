// Reference for mlu-ops' yolo_box (YOLOv3 box decoding). x is
// [n, an_num * (5 + class_num) (+ an_num with iou_aware), h, w]: per anchor,
// channels tx, ty, tw, th, objectness, then the class logits; with
// iou_aware, each batch starts with an_num IoU channels. A cell whose
// confidence sigmoid(objectness) (with iou_aware: conf^(1 - f) *
// sigmoid(iou)^f) is below conf_thresh keeps zero boxes and scores.
// Otherwise its box centre is ((l + sigmoid(tx) * scale + bias) * img_w / w,
// (k + sigmoid(ty) * scale + bias) * img_h / h), bias = -0.5 * (scale - 1),
// its size (exp(tw) * anchor_w * img_w / (downsample * w), likewise for h);
// boxes [n, an_num, 4, h * w] hold (x1, y1, x2, y2), clipped to
// [0, img - 1] with clip_bbox; scores [n, an_num, class_num, h * w] are
// conf * sigmoid(class logit). Evaluated in double.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace conformance_reference {

struct YoloBoxes {
  std::vector<float> boxes;
  std::vector<float> scores;
};

struct YoloBoxParams {
  int class_num;
  float conf_thresh;
  int downsample_ratio;
  bool clip_bbox;
  float scale;
  bool iou_aware;
  float iou_aware_factor;
};

inline double Sigmoid(double v) { return 1.0 / (1.0 + std::exp(-v)); }

inline YoloBoxes YoloBox(const std::vector<float>& x,
                         const std::vector<int32_t>& img_size,
                         const std::vector<int32_t>& anchors, int n, int h,
                         int w, const YoloBoxParams& p) {
  const int an_num = static_cast<int>(anchors.size() / 2);
  const size_t stride = size_t(h) * w;
  const size_t anchor_channels = size_t(5 + p.class_num);
  const size_t batch_channels =
      an_num * anchor_channels + (p.iou_aware ? an_num : 0);
  YoloBoxes out{
      std::vector<float>(size_t(n) * an_num * 4 * stride, 0.0f),
      std::vector<float>(size_t(n) * an_num * p.class_num * stride, 0.0f)};
  const double bias = -0.5 * (double(p.scale) - 1);
  for (int i = 0; i < n; ++i) {
    const double img_h = img_size[2 * i];
    const double img_w = img_size[2 * i + 1];
    const float* batch = &x[i * batch_channels * stride];
    const float* first_anchor = batch + (p.iou_aware ? an_num * stride : 0);
    for (int j = 0; j < an_num; ++j) {
      const float* entry = first_anchor + j * anchor_channels * stride;
      for (int k = 0; k < h; ++k) {
        for (int l = 0; l < w; ++l) {
          const size_t cell = size_t(k) * w + l;
          double conf = Sigmoid(entry[4 * stride + cell]);
          if (p.iou_aware) {
            const double iou = Sigmoid(batch[j * stride + cell]);
            conf = std::pow(conf, 1.0 - p.iou_aware_factor) *
                   std::pow(iou, double(p.iou_aware_factor));
          }
          if (conf < p.conf_thresh) continue;
          const double cx =
              (l + Sigmoid(entry[cell]) * p.scale + bias) * img_w / w;
          const double cy =
              (k + Sigmoid(entry[stride + cell]) * p.scale + bias) * img_h / h;
          const double bw = std::exp(double(entry[2 * stride + cell])) *
                            anchors[2 * j] * img_w /
                            (double(p.downsample_ratio) * w);
          const double bh = std::exp(double(entry[3 * stride + cell])) *
                            anchors[2 * j + 1] * img_h /
                            (double(p.downsample_ratio) * h);
          double box[4] = {cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2};
          if (p.clip_bbox) {
            box[0] = std::max(box[0], 0.0);
            box[1] = std::max(box[1], 0.0);
            box[2] = std::min(box[2], img_w - 1);
            box[3] = std::min(box[3], img_h - 1);
          }
          float* box_out = &out.boxes[(size_t(i) * an_num + j) * 4 * stride];
          for (int e = 0; e < 4; ++e)
            box_out[e * stride + cell] = float(box[e]);
          float* score_out =
              &out.scores[(size_t(i) * an_num + j) * p.class_num * stride];
          for (int c = 0; c < p.class_num; ++c) {
            score_out[c * stride + cell] =
                float(conf * Sigmoid(entry[(5 + c) * stride + cell]));
          }
        }
      }
    }
  }
  return out;
}

}  // namespace conformance_reference
