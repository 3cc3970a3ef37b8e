// CNNL's RoiAlign and RoiPooling on the emulated device (cnnl.h). CNNL
// documents them as mmcv's roi_align (bilinear samples per bin, average or
// maximum, the "aligned" half-pixel shift) and torchvision's roi_pool
// (rounded box, maximum per bin, argmax as h * W + w); the formulas below
// are those frameworks', which mlu-ops' own CPU references repeat.
// Computed in double on NHWC data, channels innermost.
#include <cnnl.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <new>
#include <vector>

#include "cnnl_vision_internal.h"

struct cnnlRoiAlignStruct {
  bool set = false;
  int pooled_height = 0;
  int pooled_width = 0;
  int sampling_ratio = 0;
  float spatial_scale = 1.0f;
  int pool_mode = 1;
  bool aligned = false;
};

namespace {

using namespace xbang::cnnl_vision;

constexpr int kMaxPool = 0;
constexpr int kAveragePool = 1;

// One bilinear sample: the four neighbours (row-major offsets into an H x W
// plane) and their weights; no neighbour when outside the image.
struct Sample {
  bool inside = false;
  int64_t at[4] = {0, 0, 0, 0};
  double w[4] = {0, 0, 0, 0};
};

Sample bilinear(int64_t height, int64_t width, double y, double x) {
  Sample s;
  if (y < -1.0 || y > double(height) || x < -1.0 || x > double(width)) {
    return s;
  }
  y = std::max(y, 0.0);
  x = std::max(x, 0.0);
  int64_t y_low = int64_t(y), x_low = int64_t(x), y_high, x_high;
  if (y_low >= height - 1) {
    y_high = y_low = height - 1;
    y = double(y_low);
  } else {
    y_high = y_low + 1;
  }
  if (x_low >= width - 1) {
    x_high = x_low = width - 1;
    x = double(x_low);
  } else {
    x_high = x_low + 1;
  }
  const double ly = y - double(y_low), lx = x - double(x_low);
  const double hy = 1.0 - ly, hx = 1.0 - lx;
  s.inside = true;
  s.at[0] = y_low * width + x_low;
  s.at[1] = y_low * width + x_high;
  s.at[2] = y_high * width + x_low;
  s.at[3] = y_high * width + x_high;
  s.w[0] = hy * hx;
  s.w[1] = hy * lx;
  s.w[2] = ly * hx;
  s.w[3] = ly * lx;
  return s;
}

// An NHWC float or half image.
bool image(const char* api, const Tensor& t, const char* name,
           cnnlStatus_t* status) {
  if (t.rank() == 4 && is_float_or_half(t.dtype)) return true;
  char why[112];
  std::snprintf(why, sizeof(why), "%s is not a 4-D float or half tensor", name);
  *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return false;
}

// Boxes [rois, 5] of the image's data type, batch indices inside the image
// batch; the rows are returned.
bool boxes_of(const char* api, const Tensor& boxes, const void* data,
              const Tensor& img, double scale, std::vector<double>* rows,
              cnnlStatus_t* status) {
  if (boxes.rank() != 2 || boxes.dim(1) != 5 || boxes.dtype != img.dtype) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "boxes is not a [rois, 5] tensor of the image's data type");
    return false;
  }
  *rows = read(boxes, data);
  for (int64_t r = 0; r < boxes.dim(0); ++r) {
    const double b = (*rows)[size_t(r * 5)];
    if (!(b >= 0) || b >= double(img.dim(0))) {
      *status = fail(api, CNNL_STATUS_BAD_PARAM,
                     "a box's batch index is outside the image batch");
      return false;
    }
    // Coordinates become sample positions and integer pixel bounds.
    for (int j = 1; j < 5; ++j) {
      if (!std::isfinite((*rows)[size_t(r * 5 + j)] * scale)) {
        *status = fail(api, CNNL_STATUS_BAD_PARAM,
                       "a box coordinate (scaled) is not finite");
        return false;
      }
    }
  }
  return true;
}

// The sampling grid of one box (mmcv's roi_align).
struct Grid {
  int64_t batch;
  double start_y, start_x, bin_h, bin_w;
  int64_t grid_h, grid_w;
  double count;
};

Grid grid_of(const double* box, double scale, bool aligned, int64_t ph,
             int64_t pw, int sampling_ratio) {
  Grid g;
  const double offset = aligned ? 0.5 : 0.0;
  g.batch = int64_t(box[0]);
  g.start_x = box[1] * scale - offset;
  g.start_y = box[2] * scale - offset;
  double roi_w = box[3] * scale - offset - g.start_x;
  double roi_h = box[4] * scale - offset - g.start_y;
  if (!aligned) {
    roi_w = std::max(roi_w, 1.0);
    roi_h = std::max(roi_h, 1.0);
  }
  g.bin_h = roi_h / double(ph);
  g.bin_w = roi_w / double(pw);
  g.grid_h = sampling_ratio > 0 ? sampling_ratio
                                : int64_t(std::ceil(roi_h / double(ph)));
  g.grid_w = sampling_ratio > 0 ? sampling_ratio
                                : int64_t(std::ceil(roi_w / double(pw)));
  g.grid_h = std::max<int64_t>(g.grid_h, 0);
  g.grid_w = std::max<int64_t>(g.grid_w, 0);
  g.count = double(std::max<int64_t>(g.grid_h * g.grid_w, 1));
  return g;
}

double sample_y(const Grid& g, int64_t ph, int64_t iy) {
  return g.start_y + double(ph) * g.bin_h +
         (double(iy) + 0.5) * g.bin_h / double(g.grid_h);
}
double sample_x(const Grid& g, int64_t pw, int64_t ix) {
  return g.start_x + double(pw) * g.bin_w +
         (double(ix) + 0.5) * g.bin_w / double(g.grid_w);
}

bool argmax_tensor(const char* api, cnnlTensorDescriptor_t desc,
                   const void* data, const char* name, const Tensor& out,
                   Tensor* t, cnnlStatus_t* status) {
  if (data == nullptr || desc == nullptr) {
    char why[112];
    std::snprintf(why, sizeof(why), "max mode needs %s and its descriptor",
                  name);
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  }
  if (!describe(api, desc, data, name, t, status)) return false;
  if (t->dims != out.dims || t->dtype != out.dtype) {
    char why[112];
    std::snprintf(why, sizeof(why),
                  "%s differs from the pooled tensor in shape or data type",
                  name);
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  }
  return true;
}

// The box-independent checks of RoiAlign forward and backward: the image,
// the pooled tensor [rois, ph, pw, C] and the boxes.
bool roi_shapes(const char* api, const Tensor& img, const Tensor& pooled,
                const Tensor& boxes, const void* boxes_data, double scale,
                std::vector<double>* rows, cnnlStatus_t* status) {
  if (!image(api, img, "image", status) ||
      !image(api, pooled, "pooled tensor", status)) {
    return false;
  }
  if (pooled.dtype != img.dtype || pooled.dim(0) != boxes.dim(0) ||
      pooled.dim(3) != img.dim(3)) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "the pooled tensor is not [rois, ph, pw, C] of the image's "
                   "data type");
    return false;
  }
  return boxes_of(api, boxes, boxes_data, img, scale, rows, status);
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlCreateRoiAlignDescriptor(cnnlRoiAlignDescriptor_t* desc) {
  return xbang::cnnl_vision::create("cnnlCreateRoiAlignDescriptor", desc);
}

cnnlStatus_t cnnlDestroyRoiAlignDescriptor(cnnlRoiAlignDescriptor_t desc) {
  return xbang::cnnl_vision::destroy("cnnlDestroyRoiAlignDescriptor", desc);
}

cnnlStatus_t cnnlSetRoiAlignDescriptor_v2(
    cnnlRoiAlignDescriptor_t desc, const int pooled_height,
    const int pooled_width, const int sampling_ratio, const float spatial_scale,
    const int pool_mode, const bool aligned) {
  const char* api = "cnnlSetRoiAlignDescriptor_v2";
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (pooled_height <= 0 || pooled_width <= 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "pooled_height or pooled_width is not positive");
  }
  if (sampling_ratio < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "sampling_ratio is negative");
  }
  if (!(spatial_scale > 0.0f) || !std::isfinite(spatial_scale)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "spatial_scale is not positive and finite");
  }
  if (pool_mode != kMaxPool && pool_mode != kAveragePool) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "pool_mode is neither 0 (max) nor 1 (average)");
  }
  desc->set = true;
  desc->pooled_height = pooled_height;
  desc->pooled_width = pooled_width;
  desc->sampling_ratio = sampling_ratio;
  desc->spatial_scale = spatial_scale;
  desc->pool_mode = pool_mode;
  desc->aligned = aligned;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRoiAlign_v2(
    cnnlHandle_t handle, const cnnlRoiAlignDescriptor_t roialign_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t boxes_desc, const void* boxes,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t argmax_x_desc, void* argmax_x,
    const cnnlTensorDescriptor_t argmax_y_desc, void* argmax_y) {
  const char* api = "cnnlRoiAlign_v2";
  if (handle == nullptr || roialign_desc == nullptr || !roialign_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "handle or roialign_desc is NULL, or it was never set");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor in_t, boxes_t, out_t, ax_t, ay_t;
  std::vector<double> rows;
  if (!describe(api, input_desc, input, "input", &in_t, &status) ||
      !describe(api, boxes_desc, boxes, "boxes", &boxes_t, &status) ||
      !describe(api, output_desc, output, "output", &out_t, &status) ||
      !roi_shapes(api, in_t, out_t, boxes_t, boxes,
                  roialign_desc->spatial_scale, &rows, &status)) {
    return status;
  }
  const cnnlRoiAlignStruct& d = *roialign_desc;
  if (out_t.dim(1) != d.pooled_height || out_t.dim(2) != d.pooled_width) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output's height and width are not the descriptor's pooled "
                "size");
  }
  const bool max_mode = d.pool_mode == kMaxPool;
  if (max_mode && (!argmax_tensor(api, argmax_x_desc, argmax_x, "argmax_x",
                                  out_t, &ax_t, &status) ||
                   !argmax_tensor(api, argmax_y_desc, argmax_y, "argmax_y",
                                  out_t, &ay_t, &status))) {
    return status;
  }
  const int64_t h = in_t.dim(1), w = in_t.dim(2), c = in_t.dim(3);
  const int64_t ph_n = d.pooled_height, pw_n = d.pooled_width;
  const std::vector<double> img = read(in_t, input);
  std::vector<double> out(size_t(out_t.count()));
  std::vector<double> ax, ay;
  if (max_mode) {
    ax.assign(out.size(), -1.0);
    ay.assign(out.size(), -1.0);
  }
  std::vector<double> acc(static_cast<size_t>(c));
  for (int64_t r = 0; r < boxes_t.dim(0); ++r) {
    const Grid g = grid_of(&rows[size_t(r * 5)], d.spatial_scale, d.aligned,
                           ph_n, pw_n, d.sampling_ratio);
    const double* plane = img.data() + g.batch * h * w * c;
    for (int64_t ph = 0; ph < ph_n; ++ph) {
      for (int64_t pw = 0; pw < pw_n; ++pw) {
        const size_t base = size_t(((r * ph_n + ph) * pw_n + pw) * c);
        // A bin without samples reads -FLT_MAX in max mode, as in mmcv.
        std::fill(acc.begin(), acc.end(), max_mode ? -double(FLT_MAX) : 0.0);
        for (int64_t iy = 0; iy < g.grid_h; ++iy) {
          const double y = sample_y(g, ph, iy);
          for (int64_t ix = 0; ix < g.grid_w; ++ix) {
            const double x = sample_x(g, pw, ix);
            const Sample s = bilinear(h, w, y, x);
            for (int64_t k = 0; k < c; ++k) {
              double v = 0;
              if (s.inside) {
                for (int n = 0; n < 4; ++n) {
                  v += s.w[n] * plane[s.at[n] * c + k];
                }
              }
              if (!max_mode) {
                acc[size_t(k)] += v;
              } else if (v > acc[size_t(k)]) {
                acc[size_t(k)] = v;
                ax[base + size_t(k)] = x;
                ay[base + size_t(k)] = y;
              }
            }
          }
        }
        for (int64_t k = 0; k < c; ++k) {
          out[base + size_t(k)] =
              max_mode ? acc[size_t(k)] : acc[size_t(k)] / g.count;
        }
      }
    }
  }
  write(out_t, output, out);
  if (max_mode) {
    write(ax_t, argmax_x, ax);
    write(ay_t, argmax_y, ay);
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRoiAlignBackward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t grads_desc,
    const void* grads, const cnnlTensorDescriptor_t boxes_desc,
    const void* boxes, const cnnlTensorDescriptor_t argmax_x_desc,
    const void* argmax_x, const cnnlTensorDescriptor_t argmax_y_desc,
    const void* argmax_y, const float spatial_scale, const int sampling_ratio,
    const bool aligned, const int pool_mode,
    const cnnlTensorDescriptor_t grads_image_desc, void* grads_image) {
  const char* api = "cnnlRoiAlignBackward_v2";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  if (pool_mode != kMaxPool && pool_mode != kAveragePool) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "pool_mode is neither 0 (max) nor 1 (average)");
  }
  if (!(spatial_scale > 0.0f) || !std::isfinite(spatial_scale) ||
      sampling_ratio < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "spatial_scale is not positive and finite, or sampling_ratio "
                "is negative");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor g_t, boxes_t, img_t, ax_t, ay_t;
  std::vector<double> rows;
  if (!describe(api, grads_desc, grads, "grads", &g_t, &status) ||
      !describe(api, boxes_desc, boxes, "boxes", &boxes_t, &status) ||
      !describe(api, grads_image_desc, grads_image, "grads_image", &img_t,
                &status) ||
      !roi_shapes(api, img_t, g_t, boxes_t, boxes, spatial_scale, &rows,
                  &status)) {
    return status;
  }
  const bool max_mode = pool_mode == kMaxPool;
  std::vector<double> ax, ay;
  if (max_mode) {
    if (!argmax_tensor(api, argmax_x_desc, argmax_x, "argmax_x", g_t, &ax_t,
                       &status) ||
        !argmax_tensor(api, argmax_y_desc, argmax_y, "argmax_y", g_t, &ay_t,
                       &status)) {
      return status;
    }
    ax = read(ax_t, argmax_x);
    ay = read(ay_t, argmax_y);
  }
  const int64_t h = img_t.dim(1), w = img_t.dim(2), c = img_t.dim(3);
  const int64_t ph_n = g_t.dim(1), pw_n = g_t.dim(2);
  const std::vector<double> gs = read(g_t, grads);
  std::vector<double> out(size_t(img_t.count()), 0.0);
  for (int64_t r = 0; r < boxes_t.dim(0); ++r) {
    const Grid g = grid_of(&rows[size_t(r * 5)], spatial_scale, aligned, ph_n,
                           pw_n, sampling_ratio);
    double* plane = out.data() + g.batch * h * w * c;
    for (int64_t ph = 0; ph < ph_n; ++ph) {
      for (int64_t pw = 0; pw < pw_n; ++pw) {
        const size_t base = size_t(((r * ph_n + ph) * pw_n + pw) * c);
        if (max_mode) {
          for (int64_t k = 0; k < c; ++k) {
            const size_t at = base + size_t(k);
            if (ay[at] == -1.0) continue;
            const Sample s = bilinear(h, w, ay[at], ax[at]);
            if (!s.inside) continue;
            for (int n = 0; n < 4; ++n) {
              plane[s.at[n] * c + k] += gs[at] * s.w[n];
            }
          }
          continue;
        }
        for (int64_t iy = 0; iy < g.grid_h; ++iy) {
          const double y = sample_y(g, ph, iy);
          for (int64_t ix = 0; ix < g.grid_w; ++ix) {
            const Sample s = bilinear(h, w, y, sample_x(g, pw, ix));
            if (!s.inside) continue;
            for (int64_t k = 0; k < c; ++k) {
              const double share = gs[base + size_t(k)] / g.count;
              for (int n = 0; n < 4; ++n) {
                plane[s.at[n] * c + k] += share * s.w[n];
              }
            }
          }
        }
      }
    }
  }
  write(img_t, grads_image, out);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRoiPoolingForward(cnnlHandle_t handle,
                                   cnnlPoolingMode_t pooling_mode,
                                   const cnnlTensorDescriptor_t input_desc,
                                   const void* input,
                                   const cnnlTensorDescriptor_t rois_desc,
                                   const void* rois, float spatial_scale,
                                   const cnnlTensorDescriptor_t output_desc,
                                   void* output, int* argmax) {
  const char* api = "cnnlRoiPoolingForward";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  if (pooling_mode != CNNL_POOLING_MAX) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "only CNNL_POOLING_MAX is implemented");
  }
  if (!(spatial_scale > 0.0f) || !std::isfinite(spatial_scale)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "spatial_scale is not positive and finite");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor in_t, rois_t, out_t;
  std::vector<double> rows;
  if (!describe(api, input_desc, input, "input", &in_t, &status) ||
      !describe(api, rois_desc, rois, "rois", &rois_t, &status) ||
      !describe(api, output_desc, output, "output", &out_t, &status) ||
      !roi_shapes(api, in_t, out_t, rois_t, rois, spatial_scale, &rows,
                  &status)) {
    return status;
  }
  const int64_t h = in_t.dim(1), w = in_t.dim(2), c = in_t.dim(3);
  const int64_t ph_n = out_t.dim(1), pw_n = out_t.dim(2);
  const std::vector<double> img = read(in_t, input);
  std::vector<double> out(size_t(out_t.count()));
  std::vector<int> index(out.size(), -1);
  for (int64_t r = 0; r < rois_t.dim(0); ++r) {
    const double* roi = &rows[size_t(r * 5)];
    const int64_t batch = int64_t(roi[0]);
    const int64_t x1 = int64_t(std::round(roi[1] * spatial_scale));
    const int64_t y1 = int64_t(std::round(roi[2] * spatial_scale));
    const int64_t x2 = int64_t(std::round(roi[3] * spatial_scale));
    const int64_t y2 = int64_t(std::round(roi[4] * spatial_scale));
    const double bin_w =
        double(std::max<int64_t>(x2 - x1 + 1, 1)) / double(pw_n);
    const double bin_h =
        double(std::max<int64_t>(y2 - y1 + 1, 1)) / double(ph_n);
    const double* plane = img.data() + batch * h * w * c;
    for (int64_t ph = 0; ph < ph_n; ++ph) {
      const int64_t hs = std::clamp<int64_t>(
          int64_t(std::floor(double(ph) * bin_h)) + y1, 0, h);
      const int64_t he = std::clamp<int64_t>(
          int64_t(std::ceil(double(ph + 1) * bin_h)) + y1, 0, h);
      for (int64_t pw = 0; pw < pw_n; ++pw) {
        const int64_t ws = std::clamp<int64_t>(
            int64_t(std::floor(double(pw) * bin_w)) + x1, 0, w);
        const int64_t we = std::clamp<int64_t>(
            int64_t(std::ceil(double(pw + 1) * bin_w)) + x1, 0, w);
        const bool empty = he <= hs || we <= ws;
        const size_t base = size_t(((r * ph_n + ph) * pw_n + pw) * c);
        for (int64_t k = 0; k < c; ++k) {
          double best = empty ? 0.0 : -DBL_MAX;
          int at = -1;
          for (int64_t y = hs; y < he; ++y) {
            for (int64_t x = ws; x < we; ++x) {
              const double v = plane[(y * w + x) * c + k];
              if (v > best) {
                best = v;
                at = int(y * w + x);
              }
            }
          }
          out[base + size_t(k)] = best;
          index[base + size_t(k)] = at;
        }
      }
    }
  }
  write(out_t, output, out);
  if (argmax != nullptr) std::copy(index.begin(), index.end(), argmax);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRoiPoolingBackward(
    cnnlHandle_t handle, cnnlPoolingMode_t pooling_mode,
    const cnnlTensorDescriptor_t grads_desc, const void* grads,
    const cnnlTensorDescriptor_t rois_desc, const void* rois,
    const cnnlTensorDescriptor_t argmax_desc, const int* argmax,
    const float spatial_scale, const cnnlTensorDescriptor_t grads_image_desc,
    void* grads_image) {
  const char* api = "cnnlRoiPoolingBackward";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  if (pooling_mode != CNNL_POOLING_MAX) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "only CNNL_POOLING_MAX is implemented");
  }
  if (!(spatial_scale > 0.0f) || !std::isfinite(spatial_scale)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "spatial_scale is not positive and finite");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor g_t, rois_t, arg_t, img_t;
  std::vector<double> rows;
  if (!describe(api, grads_desc, grads, "grads", &g_t, &status) ||
      !describe(api, rois_desc, rois, "rois", &rois_t, &status) ||
      !describe(api, argmax_desc, argmax, "argmax", &arg_t, &status) ||
      !describe(api, grads_image_desc, grads_image, "grads_image", &img_t,
                &status) ||
      !roi_shapes(api, img_t, g_t, rois_t, rois, spatial_scale, &rows,
                  &status)) {
    return status;
  }
  if (arg_t.dims != g_t.dims || arg_t.dtype != CNNL_DTYPE_INT32) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "argmax is not an int32 tensor of grads' shape");
  }
  const int64_t h = img_t.dim(1), w = img_t.dim(2), c = img_t.dim(3);
  const std::vector<double> gs = read(g_t, grads), idx = read(arg_t, argmax);
  for (const double at : idx) {
    if (at < -1 || at >= double(h * w)) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "an argmax is outside the image plane");
    }
  }
  const int64_t per_roi = g_t.dim(1) * g_t.dim(2) * c;
  std::vector<double> out(size_t(img_t.count()), 0.0);
  for (size_t i = 0; i < gs.size(); ++i) {
    if (idx[i] < 0) continue;
    const int64_t batch = int64_t(rows[size_t(int64_t(i) / per_roi * 5)]);
    const int64_t k = int64_t(i) % c;
    out[size_t((batch * h * w + int64_t(idx[i])) * c + k)] += gs[i];
  }
  write(img_t, grads_image, out);
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
