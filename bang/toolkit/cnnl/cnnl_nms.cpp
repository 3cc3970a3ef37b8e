// CNNL's Nms_v2 on the emulated device (cnnl.h): greedy hard NMS of 2-D
// boxes as TensorFlow's non_max_suppression (CNNL's reference) computes it,
// with CNNL's box modes, boundary offset, confidence threshold and output
// layouts as mlu-ops' mluOpNms documents them. Ties keep the lower index.
// 3-D boxes ([boxes, 7]) follow mmcv's nms3d (bird's-eye-view IoU of
// rotated boxes); batched boxes are selected per batch and class.
#include <cnnl.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <new>
#include <vector>

#include "cnnl_vision_internal.h"

struct cnnlNmsStruct {
  int box_mode = CNNL_NMS_BOX_DIAGONAL;
  int output_mode = CNNL_NMS_OUTPUT_TARGET_INDICES;
  float iou_threshold = 0.5f;
  int max_output_size = 0;
  float confidence_threshold = 0.0f;
  float offset = 0.0f;
  int input_layout = 0;
  bool pad_to_max_output_size = false;
};

namespace {

using namespace xbang::cnnl_vision;

struct Point2 {
  double x, y;
};

template <class T>
bool take(const void* buf, size_t size, T* out) {
  if (size != sizeof(T)) return false;
  std::memcpy(out, buf, sizeof(T));
  return true;
}

// The columns one kept box contributes to the output, per output mode.
int output_columns(int mode) {
  switch (mode) {
    case CNNL_NMS_OUTPUT_TARGET_INDICES:
      return 1;
    case CNNL_NMS_OUTPUT_TARGET_BATCH_AND_CLASS:
      return 3;
    default:
      return 5;
  }
}

// Greedy hard NMS over n boxes, coord(i, j) the j-th value of box i: the
// kept indices in the order they were kept.
template <class Coord>
std::vector<int64_t> select_boxes(const cnnlNmsStruct& d, int64_t n,
                                  Coord coord, const double* score,
                                  int64_t keep_max) {
  // Corners of every box, ordered, for the IoU.
  const size_t count_n = static_cast<size_t>(n);
  std::vector<double> left(count_n), top(count_n), right(count_n),
      bottom(count_n);
  for (int64_t i = 0; i < n; ++i) {
    double a = coord(i, 0), c = coord(i, 1), e = coord(i, 2), g = coord(i, 3);
    if (d.box_mode == CNNL_NMS_BOX_CENTER) {
      a -= e * 0.5;
      e += a;
      c -= g * 0.5;
      g += c;
    } else {
      if (a > e) std::swap(a, e);
      if (c > g) std::swap(c, g);
    }
    left[size_t(i)] = a;
    top[size_t(i)] = c;
    right[size_t(i)] = e;
    bottom[size_t(i)] = g;
  }
  const double off = d.offset;
  std::vector<bool> alive(count_n, true);
  std::vector<int64_t> kept;
  while (int64_t(kept.size()) < keep_max) {
    int64_t best = -1;
    for (int64_t i = 0; i < n; ++i) {
      if (alive[size_t(i)] && score[i] > d.confidence_threshold &&
          (best < 0 || score[i] > score[best])) {
        best = i;
      }
    }
    if (best < 0) break;
    kept.push_back(best);
    alive[size_t(best)] = false;
    const size_t k = size_t(best);
    const double area_k =
        (right[k] - left[k] + off) * (bottom[k] - top[k] + off);
    for (int64_t i = 0; i < n; ++i) {
      const size_t j = size_t(i);
      if (!alive[j]) continue;
      const double w = std::max(
          0.0, std::min(right[k], right[j]) - std::max(left[k], left[j]) + off);
      const double h = std::max(
          0.0, std::min(bottom[k], bottom[j]) - std::max(top[k], top[j]) + off);
      const double inter = w * h;
      const double area_j =
          (right[j] - left[j] + off) * (bottom[j] - top[j] + off);
      const double iou = inter / (area_k + area_j - inter);
      if (iou > d.iou_threshold) alive[j] = false;
    }
  }
  return kept;
}

// Batched boxes [batches, boxes, 4] ([batches, 4, boxes] with layout 1)
// and confidence [batches, classes, boxes]: the 2-D selection for each batch
// and class (max_output_size each), written as (batch, class, index) rows
// in batch-then-class order.
cnnlStatus_t nms_batched(const char* api, const cnnlNmsStruct& d,
                         const Tensor& boxes_t, const void* boxes,
                         const Tensor& conf_t, const void* confidence,
                         cnnlTensorDescriptor_t output_desc, void* output,
                         void* output_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor out_t;
  if (!describe(api, output_desc, output, "output", &out_t, &status)) {
    return status;
  }
  const int64_t batches = boxes_t.dim(0);
  const int64_t coords = d.input_layout == 0 ? boxes_t.dim(2) : boxes_t.dim(1);
  const int64_t n = d.input_layout == 0 ? boxes_t.dim(1) : boxes_t.dim(2);
  if (coords != 4 || !is_float_or_half(boxes_t.dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "batched boxes is not a float or half [batches, boxes, 4] "
                "tensor (or [batches, 4, boxes] with input layout 1)");
  }
  if (conf_t.rank() != 3 || conf_t.dim(0) != batches || conf_t.dim(2) != n ||
      !is_float_or_half(conf_t.dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "confidence is not a float or half [batches, classes, boxes] "
                "tensor");
  }
  if (out_t.rank() != 2 || out_t.dim(1) != 3 ||
      (out_t.dtype != CNNL_DTYPE_INT32 && out_t.dtype != CNNL_DTYPE_UINT32)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output is not an int32 or uint32 [rows, 3] tensor");
  }
  const int64_t classes = conf_t.dim(1);
  const std::vector<double> b = read(boxes_t, boxes);
  const std::vector<double> score = read(conf_t, confidence);
  std::vector<double> rows;
  for (int64_t batch = 0; batch < batches; ++batch) {
    const double* box = b.data() + batch * n * 4;
    auto coord = [&](int64_t i, int j) {
      return d.input_layout == 0 ? box[i * 4 + j] : box[j * n + i];
    };
    for (int64_t cls = 0; cls < classes; ++cls) {
      const std::vector<int64_t> kept =
          select_boxes(d, n, coord, score.data() + (batch * classes + cls) * n,
                       d.max_output_size);
      for (const int64_t i : kept) {
        rows.push_back(double(batch));
        rows.push_back(double(cls));
        rows.push_back(double(i));
      }
    }
  }
  const int64_t count = int64_t(rows.size() / 3);
  if (count > out_t.dim(0)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output has fewer rows than the boxes kept");
  }
  std::vector<double> out = d.pad_to_max_output_size
                                ? std::vector<double>(size_t(out_t.count()), 0)
                                : read(out_t, output);
  std::copy(rows.begin(), rows.end(), out.begin());
  Tensor as_int = out_t;
  as_int.dtype = CNNL_DTYPE_INT32;
  write(as_int, output, out);
  const int32_t kept_rows = int32_t(count);
  std::memcpy(output_size, &kept_rows, sizeof(kept_rows));
  return CNNL_STATUS_SUCCESS;
}

// A convex polygon's area (shoelace).
double polygon_area(const std::vector<Point2>& poly) {
  double twice = 0;
  for (size_t i = 0; i < poly.size(); ++i) {
    const Point2& a = poly[i];
    const Point2& b = poly[(i + 1) % poly.size()];
    twice += a.x * b.y - a.y * b.x;
  }
  return std::fabs(twice) / 2;
}

// The corners of a bird's-eye-view box (x, y, dx, dy, heading),
// counter-clockwise.
std::vector<Point2> bev_corners(const double* box) {
  const double c = std::cos(box[4]), s = std::sin(box[4]);
  const double hx = box[2] / 2, hy = box[3] / 2;
  const double us[4] = {-hx, hx, hx, -hx}, vs[4] = {-hy, -hy, hy, hy};
  std::vector<Point2> corners(4);
  for (int i = 0; i < 4; ++i) {
    corners[size_t(i)] = {box[0] + us[i] * c - vs[i] * s,
                          box[1] + us[i] * s + vs[i] * c};
  }
  return corners;
}

// Area of the intersection of two boxes: one clipped by each edge of the
// other (Sutherland-Hodgman; both are convex and counter-clockwise).
double bev_overlap(const double* a, const double* b) {
  if (a[2] <= 0 || a[3] <= 0 || b[2] <= 0 || b[3] <= 0) return 0;
  std::vector<Point2> poly = bev_corners(a);
  const std::vector<Point2> clip = bev_corners(b);
  for (size_t e = 0; e < clip.size() && !poly.empty(); ++e) {
    const Point2 p = clip[e], q = clip[(e + 1) % clip.size()];
    auto side = [&](const Point2& r) {
      return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    };
    std::vector<Point2> kept;
    for (size_t i = 0; i < poly.size(); ++i) {
      const Point2 cur = poly[i], next = poly[(i + 1) % poly.size()];
      const double sc = side(cur), sn = side(next);
      if (sc >= 0) kept.push_back(cur);
      if ((sc >= 0) != (sn >= 0)) {
        const double t = sc / (sc - sn);
        kept.push_back(
            {cur.x + t * (next.x - cur.x), cur.y + t * (next.y - cur.y)});
      }
    }
    poly.swap(kept);
  }
  return poly.size() < 3 ? 0.0 : polygon_area(poly);
}

// 3-D boxes (x, y, z, dx, dy, dz, heading), [boxes, 7] or [7, boxes]:
// mmcv's nms3d. The boxes come sorted by confidence, so no confidence is
// read; in input order, each box not yet dropped is kept and drops every
// box whose bird's-eye-view IoU with it exceeds the IoU threshold. The
// output is the kept indices (int32 / uint32, room for every box).
cnnlStatus_t nms_3d(const char* api, const cnnlNmsStruct& d,
                    const Tensor& boxes_t, const void* boxes,
                    cnnlTensorDescriptor_t output_desc, void* output,
                    void* output_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor out_t;
  if (!describe(api, output_desc, output, "output", &out_t, &status)) {
    return status;
  }
  const int64_t n = d.input_layout == 0 ? boxes_t.dim(0) : boxes_t.dim(1);
  if (!is_float_or_half(boxes_t.dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "boxes is not float or half");
  }
  if (out_t.rank() != 1 || out_t.dim(0) < n ||
      (out_t.dtype != CNNL_DTYPE_INT32 && out_t.dtype != CNNL_DTYPE_UINT32)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output is not an int32 or uint32 vector with room for every "
                "box");
  }
  const std::vector<double> b = read(boxes_t, boxes);
  // x, y, dx, dy, heading of each box.
  std::vector<double> bev(static_cast<size_t>(n * 5));
  const int fields[5] = {0, 1, 3, 4, 6};
  for (int64_t i = 0; i < n; ++i) {
    for (int f = 0; f < 5; ++f) {
      bev[size_t(i * 5 + f)] = d.input_layout == 0
                                   ? b[size_t(i * 7 + fields[f])]
                                   : b[size_t(fields[f] * n + i)];
    }
  }
  constexpr double kEps = 1e-8;
  std::vector<bool> dropped(static_cast<size_t>(n), false);
  std::vector<double> out = read(out_t, output);
  int32_t kept = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (dropped[size_t(i)]) continue;
    out[size_t(kept++)] = double(i);
    const double* a = &bev[size_t(i * 5)];
    for (int64_t j = i + 1; j < n; ++j) {
      if (dropped[size_t(j)]) continue;
      const double* c = &bev[size_t(j * 5)];
      const double inter = bev_overlap(a, c);
      const double iou =
          inter / std::max(a[2] * a[3] + c[2] * c[3] - inter, kEps);
      if (iou > d.iou_threshold) dropped[size_t(j)] = true;
    }
  }
  Tensor as_int = out_t;
  as_int.dtype = CNNL_DTYPE_INT32;
  write(as_int, output, out);
  std::memcpy(output_size, &kept, sizeof(kept));
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlCreateNmsDescriptor(cnnlNmsDescriptor_t* desc) {
  return xbang::cnnl_vision::create("cnnlCreateNmsDescriptor", desc);
}

cnnlStatus_t cnnlDestroyNmsDescriptor(cnnlNmsDescriptor_t desc) {
  return xbang::cnnl_vision::destroy("cnnlDestroyNmsDescriptor", desc);
}

cnnlStatus_t cnnlSetNmsDescAttr(cnnlNmsDescriptor_t desc,
                                cnnlNmsDescAttribute_t attr, const void* buf,
                                size_t size_in_bytes) {
  const char* api = "cnnlSetNmsDescAttr";
  if (desc == nullptr || buf == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "desc or buf is NULL");
  }
  int i = 0;
  float f = 0.0f;
  bool b = false;
  switch (attr) {
    case CNNL_NMS_DESC_BOX_MODE:
      if (!take(buf, size_in_bytes, &i) ||
          (i != CNNL_NMS_BOX_DIAGONAL && i != CNNL_NMS_BOX_CENTER)) {
        return fail(api, CNNL_STATUS_BAD_PARAM,
                    "BOX_MODE is not a cnnlNmsBoxPointMode_t");
      }
      desc->box_mode = i;
      return CNNL_STATUS_SUCCESS;
    case CNNL_NMS_DESC_OUTPUT_MODE:
      if (!take(buf, size_in_bytes, &i) || i < CNNL_NMS_OUTPUT_TARGET_INDICES ||
          i > CNNL_NMS_OUTPUT_TARGET_BATCH_AND_CLASS) {
        return fail(api, CNNL_STATUS_BAD_PARAM,
                    "OUTPUT_MODE is not a cnnlNmsOutputMode_t");
      }
      desc->output_mode = i;
      return CNNL_STATUS_SUCCESS;
    case CNNL_NMS_DESC_IOU_THRESHOLD:
      if (!take(buf, size_in_bytes, &f) || std::isnan(f)) {
        return fail(api, CNNL_STATUS_BAD_PARAM,
                    "IOU_THRESHOLD is not a float or is NaN");
      }
      desc->iou_threshold = f;
      return CNNL_STATUS_SUCCESS;
    case CNNL_NMS_DESC_MAX_OUTPUT_SIZE:
      if (!take(buf, size_in_bytes, &i) || i < 0) {
        return fail(api, CNNL_STATUS_BAD_PARAM,
                    "MAX_OUTPUT_SIZE is not an int >= 0");
      }
      desc->max_output_size = i;
      return CNNL_STATUS_SUCCESS;
    case CNNL_NMS_DESC_CONFIDENCE_THRESHOLD:
      if (!take(buf, size_in_bytes, &f) || std::isnan(f)) {
        return fail(api, CNNL_STATUS_BAD_PARAM,
                    "CONFIDENCE_THRESHOLD is not a float or is NaN");
      }
      desc->confidence_threshold = f;
      return CNNL_STATUS_SUCCESS;
    case CNNL_NMS_DESC_OFFSET:
      if (!take(buf, size_in_bytes, &f) || (f != 0.0f && f != 1.0f)) {
        return fail(api, CNNL_STATUS_BAD_PARAM, "OFFSET is not 0 or 1");
      }
      desc->offset = f;
      return CNNL_STATUS_SUCCESS;
    case CNNL_NMS_DESC_INPUT_LAYOUT:
      if (!take(buf, size_in_bytes, &i) || (i != 0 && i != 1)) {
        return fail(api, CNNL_STATUS_BAD_PARAM, "INPUT_LAYOUT is not 0 or 1");
      }
      desc->input_layout = i;
      return CNNL_STATUS_SUCCESS;
    case CNNL_NMS_DESC_PAD_TO_MAX_OUTPUT_SIZE:
      if (!take(buf, size_in_bytes, &b)) {
        return fail(api, CNNL_STATUS_BAD_PARAM,
                    "PAD_TO_MAX_OUTPUT_SIZE is not a bool");
      }
      desc->pad_to_max_output_size = b;
      return CNNL_STATUS_SUCCESS;
  }
  return fail(api, CNNL_STATUS_BAD_PARAM, "unknown cnnlNmsDescAttribute_t");
}

cnnlStatus_t cnnlGetNmsWorkspaceSize_v4(
    cnnlHandle_t handle, const cnnlNmsDescriptor_t nms_desc,
    const cnnlTensorDescriptor_t boxes_desc,
    const cnnlTensorDescriptor_t /*confidence_desc*/, size_t* workspace_size) {
  if (handle == nullptr || nms_desc == nullptr || boxes_desc == nullptr ||
      workspace_size == nullptr) {
    return fail("cnnlGetNmsWorkspaceSize_v4", CNNL_STATUS_BAD_PARAM,
                "handle, nms_desc, boxes_desc or workspace_size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlNms_v2(cnnlHandle_t handle, const cnnlNmsDescriptor_t nms_desc,
                        const cnnlTensorDescriptor_t boxes_desc,
                        const void* boxes,
                        const cnnlTensorDescriptor_t confidence_desc,
                        const void* confidence, void* /*workspace*/,
                        size_t /*workspace_size*/,
                        const cnnlTensorDescriptor_t output_desc, void* output,
                        void* output_size) {
  const char* api = "cnnlNms_v2";
  if (handle == nullptr || nms_desc == nullptr || output_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "handle, nms_desc or output_size is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor boxes_t, conf_t, out_t;
  if (!describe(api, boxes_desc, boxes, "boxes", &boxes_t, &status)) {
    return status;
  }
  const cnnlNmsStruct& d = *nms_desc;
  if (boxes_t.rank() == 3) {
    if (!describe(api, confidence_desc, confidence, "confidence", &conf_t,
                  &status)) {
      return status;
    }
    if (d.output_mode == CNNL_NMS_OUTPUT_TARGET_BATCH_AND_CLASS) {
      return nms_batched(api, d, boxes_t, boxes, conf_t, confidence,
                         output_desc, output, output_size);
    }
    // One batch and one class: the 2-D case.
    if (boxes_t.dim(0) != 1 || conf_t.rank() != 3 || conf_t.dim(0) != 1 ||
        conf_t.dim(1) != 1) {
      return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                  "batched boxes with several batches or classes need output "
                  "mode CNNL_NMS_OUTPUT_TARGET_BATCH_AND_CLASS");
    }
    boxes_t.dims.erase(boxes_t.dims.begin());
    boxes_t.strides.erase(boxes_t.strides.begin());
  }
  if (boxes_t.rank() != 2) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "boxes is neither 2-D nor 3-D (batched)");
  }
  const int64_t coords = d.input_layout == 0 ? boxes_t.dim(1) : boxes_t.dim(0);
  if (coords == 7) {
    return nms_3d(api, d, boxes_t, boxes, output_desc, output, output_size);
  }
  if (coords != 4 || !is_float_or_half(boxes_t.dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "boxes is not a float or half [boxes, 4] tensor (or [4, "
                "boxes] with input layout 1)");
  }
  const int64_t n = d.input_layout == 0 ? boxes_t.dim(0) : boxes_t.dim(1);
  if (!describe(api, confidence_desc, confidence, "confidence", &conf_t,
                &status) ||
      !describe(api, output_desc, output, "output", &out_t, &status)) {
    return status;
  }
  if (conf_t.rank() == 3 && conf_t.dim(0) == 1 && conf_t.dim(1) == 1) {
    conf_t.dims.erase(conf_t.dims.begin(), conf_t.dims.begin() + 2);
    conf_t.strides.erase(conf_t.strides.begin(), conf_t.strides.begin() + 2);
  }
  if (conf_t.rank() != 1 || conf_t.dim(0) != n ||
      !is_float_or_half(conf_t.dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "confidence is not a float or half vector of one value per "
                "box");
  }
  const int mode = d.output_mode;
  const int64_t keep_max = d.max_output_size;
  const bool index_mode = mode == CNNL_NMS_OUTPUT_TARGET_INDICES ||
                          mode == CNNL_NMS_OUTPUT_TARGET_BATCH_AND_CLASS;
  const bool type_ok = index_mode ? (out_t.dtype == CNNL_DTYPE_INT32 ||
                                     out_t.dtype == CNNL_DTYPE_UINT32)
                                  : out_t.dtype == boxes_t.dtype;
  // The output holds max_output_size rows of output_columns(mode).
  const int64_t columns = output_columns(mode);
  bool shape_ok = false;
  if (mode == CNNL_NMS_OUTPUT_TARGET_INDICES) {
    shape_ok = out_t.rank() == 1 && out_t.dim(0) >= keep_max;
  } else if (mode == CNNL_NMS_OUTPUT_TARGET_CONFIDENCE_AND_POS_2) {
    shape_ok =
        out_t.rank() == 2 && out_t.dim(0) == 5 && out_t.dim(1) >= keep_max;
  } else {
    shape_ok = out_t.rank() == 2 && out_t.dim(0) >= keep_max &&
               out_t.dim(1) == columns;
  }
  if (!type_ok || !shape_ok) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output's shape or data type does not fit the output mode "
                "and max_output_size");
  }
  const std::vector<double> b = read(boxes_t, boxes);
  std::vector<double> score = read(conf_t, confidence);
  auto coord = [&](int64_t i, int j) {
    return d.input_layout == 0 ? b[size_t(i * 4 + j)] : b[size_t(j * n + i)];
  };
  const std::vector<int64_t> kept =
      select_boxes(d, n, coord, score.data(), keep_max);
  // Rows not kept: zero when padding, else as they were.
  std::vector<double> out = d.pad_to_max_output_size
                                ? std::vector<double>(size_t(out_t.count()), 0)
                                : read(out_t, output);
  const int64_t stride =
      mode == CNNL_NMS_OUTPUT_TARGET_CONFIDENCE_AND_POS_2 ? out_t.dim(1) : 0;
  for (size_t r = 0; r < kept.size(); ++r) {
    const int64_t i = kept[r];
    const double row[5] = {score[size_t(i)], coord(i, 0), coord(i, 1),
                           coord(i, 2), coord(i, 3)};
    switch (mode) {
      case CNNL_NMS_OUTPUT_TARGET_INDICES:
        out[r] = double(i);
        break;
      case CNNL_NMS_OUTPUT_TARGET_BATCH_AND_CLASS:
        out[r * 3 + 0] = 0;
        out[r * 3 + 1] = 0;
        out[r * 3 + 2] = double(i);
        break;
      case CNNL_NMS_OUTPUT_TARGET_CONFIDENCE_AND_POS_1:
        for (int j = 0; j < 5; ++j) out[r * 5 + size_t(j)] = row[j];
        break;
      default:
        for (int j = 0; j < 5; ++j) out[size_t(j * stride) + r] = row[j];
        break;
    }
  }
  if (out_t.dtype == CNNL_DTYPE_UINT32) {
    // Indices are non-negative: stored as int32 bits.
    Tensor as_int = out_t;
    as_int.dtype = CNNL_DTYPE_INT32;
    write(as_int, output, out);
  } else {
    write(out_t, output, out);
  }
  const int32_t count = int32_t(kept.size());
  std::memcpy(output_size, &count, sizeof(count));
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"

// The positional setters and the earlier workspace queries: each setter
// applies its arguments through cnnlSetNmsDescAttr to a copy (which logs the
// argument it refuses) and keeps the copy only when every one is accepted.
namespace {

struct NmsSetting {
  cnnlNmsDescAttribute_t attr;
  const void* value;
  size_t size;
};

cnnlStatus_t set_all(const char* api, cnnlNmsDescriptor_t desc,
                     std::initializer_list<NmsSetting> settings) {
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  cnnlNmsStruct copy = *desc;
  for (const NmsSetting& s : settings) {
    const cnnlStatus_t status =
        cnnlSetNmsDescAttr(&copy, s.attr, s.value, s.size);
    if (status != CNNL_STATUS_SUCCESS) {
      return fail(api, status, "an argument is refused (named above)");
    }
  }
  *desc = copy;
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlSetNmsDescriptor_v2(cnnlNmsDescriptor_t desc,
                                     const cnnlNmsOutputMode_t mode,
                                     const float iou_threshold,
                                     const int max_output_size,
                                     const float confidence_threshold,
                                     const int input_layout) {
  const int output_mode = mode;
  return set_all(
      "cnnlSetNmsDescriptor_v2", desc,
      {{CNNL_NMS_DESC_OUTPUT_MODE, &output_mode, sizeof(int)},
       {CNNL_NMS_DESC_IOU_THRESHOLD, &iou_threshold, sizeof(float)},
       {CNNL_NMS_DESC_MAX_OUTPUT_SIZE, &max_output_size, sizeof(int)},
       {CNNL_NMS_DESC_CONFIDENCE_THRESHOLD, &confidence_threshold,
        sizeof(float)},
       {CNNL_NMS_DESC_INPUT_LAYOUT, &input_layout, sizeof(int)}});
}

cnnlStatus_t cnnlSetNmsDescriptor_v5(
    cnnlNmsDescriptor_t desc, const cnnlNmsBoxPointMode_t box_mode,
    const cnnlNmsOutputMode_t output_mode, const cnnlNmsAlgo_t algo,
    const cnnlNmsMethodMode_t method_mode, const float iou_threshold,
    const float soft_nms_sigma, const int max_output_size,
    const float confidence_threshold, const float offset,
    const int input_layout, const bool pad_to_max_output_size) {
  const char* api = "cnnlSetNmsDescriptor_v5";
  if (algo != CNNL_NMS_ALGO_EXCLUDE_BOUNDARY &&
      algo != CNNL_NMS_ALGO_INCLUDE_BOUNDARY) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "algo is not a cnnlNmsAlgo_t");
  }
  if (method_mode != CNNL_NMS_HARD_NMS) {
    return fail(api,
                method_mode == CNNL_NMS_SOFT_NMS_LINEAR ||
                        method_mode == CNNL_NMS_SOFT_NMS_GAUSSIAN
                    ? CNNL_STATUS_NOT_SUPPORTED
                    : CNNL_STATUS_BAD_PARAM,
                "method_mode is not CNNL_NMS_HARD_NMS (soft NMS is not "
                "implemented)");
  }
  (void)soft_nms_sigma;  // read by the soft methods only
  const int box = box_mode, mode = output_mode;
  // Boxes that include their boundary measure one more in each direction.
  const float widen = algo == CNNL_NMS_ALGO_INCLUDE_BOUNDARY ? 1.0f : offset;
  return set_all(
      api, desc,
      {{CNNL_NMS_DESC_BOX_MODE, &box, sizeof(int)},
       {CNNL_NMS_DESC_OUTPUT_MODE, &mode, sizeof(int)},
       {CNNL_NMS_DESC_IOU_THRESHOLD, &iou_threshold, sizeof(float)},
       {CNNL_NMS_DESC_MAX_OUTPUT_SIZE, &max_output_size, sizeof(int)},
       {CNNL_NMS_DESC_CONFIDENCE_THRESHOLD, &confidence_threshold,
        sizeof(float)},
       {CNNL_NMS_DESC_OFFSET, &widen, sizeof(float)},
       {CNNL_NMS_DESC_INPUT_LAYOUT, &input_layout, sizeof(int)},
       {CNNL_NMS_DESC_PAD_TO_MAX_OUTPUT_SIZE, &pad_to_max_output_size,
        sizeof(bool)}});
}

cnnlStatus_t cnnlGetNmsWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t confidence_desc,
    size_t* workspace_size) {
  return xbang::cnnl_detail::zero_workspace_query(
      "cnnlGetNmsWorkspaceSize_v2", handle, confidence_desc, workspace_size);
}

cnnlStatus_t cnnlGetNmsWorkspaceSize_v3(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t boxes_desc,
    const cnnlTensorDescriptor_t /*confidence_desc*/, size_t* workspace_size) {
  // confidence_desc is NULL for 3-D boxes.
  return xbang::cnnl_detail::zero_workspace_query(
      "cnnlGetNmsWorkspaceSize_v3", handle, boxes_desc, workspace_size);
}

}  // extern "C"
