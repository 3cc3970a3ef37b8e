// Adaptive pooling, max pooling with indices and the second forms of the
// pooling calls (cnnl_pooling.h). oneDNN's pooling has neither adaptive
// windows nor PyTorch's indices, so these windows are walked here, in
// double, over images read densely in their layout (cnnl_onednn.h's
// Image gives each layout's dense strides).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "cnnl_internal.h"
#include "cnnl_onednn.h"

using namespace xbang::cnnl_detail;
using namespace xbang::cnnl_onednn;

namespace {

int64_t at(const Image& im, int64_t n, int64_t c, int64_t h, int64_t w) {
  return n * im.strides[0] + c * im.strides[1] + h * im.strides[2] +
         w * im.strides[3];
}

bool is_average(cnnlPoolingMode_t mode) {
  return mode == CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING ||
         mode == CNNL_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING;
}

// x and y images of one float, half or bfloat16 type with the same batch
// and channels.
bool images(const char* api, const cnnlTensorStruct& x, const char* x_name,
            const cnnlTensorStruct& y, const char* y_name, Image* xi, Image* yi,
            cnnlStatus_t* status) {
  char why[128];
  cnnlStatus_t code = CNNL_STATUS_BAD_PARAM;
  if (!image_of(x, xi) || !image_of(y, yi)) {
    std::snprintf(why, sizeof(why), "%s and %s must be 4-D, NCHW or NHWC",
                  x_name, y_name);
  } else if (!is_dnn_type(x.dtype)) {
    std::snprintf(why, sizeof(why), "%s is not float, half or bfloat16",
                  x_name);
    code = CNNL_STATUS_NOT_SUPPORTED;
  } else if (y.dtype != x.dtype) {
    std::snprintf(why, sizeof(why), "%s and %s differ in data type", x_name,
                  y_name);
  } else if (xi->n != yi->n || xi->c != yi->c) {
    std::snprintf(why, sizeof(why), "%s and %s differ in batch or channels",
                  x_name, y_name);
  } else {
    return true;
  }
  *status = fail(api, code, why);
  return false;
}

// An optional index tensor: int32 or int64 of `like`'s shape.
bool index_like(const char* api, cnnlTensorDescriptor_t index_desc,
                const void* index, const cnnlTensorStruct& like, bool required,
                cnnlStatus_t* status) {
  if (index_desc == nullptr && index == nullptr && !required) return true;
  if (!usable(api, index_desc, index, "index", status)) return false;
  if (index == nullptr) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "index is NULL");
    return false;
  }
  if (!is_index_type(index_desc->dtype) || index_desc->dims != like.dims) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "index is not int32 or int64 of the output's shape");
    return false;
  }
  return true;
}

bool mode_known(const char* api, cnnlPoolingMode_t mode, cnnlStatus_t* status) {
  if (mode == CNNL_POOLING_MAX || is_average(mode)) return true;
  *status = fail(api,
                 int(mode) == CNNL_POOLING_FIXED ? CNNL_STATUS_NOT_SUPPORTED
                                                 : CNNL_STATUS_BAD_PARAM,
                 "mode is not MAX or an AVERAGE mode");
  return false;
}

// The adaptive window [begin, end) of output cell i of `out` over `in`.
int64_t adaptive_begin(int64_t i, int64_t in, int64_t out) {
  return i * in / out;
}
int64_t adaptive_end(int64_t i, int64_t in, int64_t out) {
  return ((i + 1) * in + out - 1) / out;
}

cnnlStatus_t adaptive_forward(const char* api, cnnlHandle_t handle,
                              cnnlTensorDescriptor_t input_desc,
                              const void* input, cnnlPoolingMode_t mode,
                              const void* workspace, size_t workspace_size,
                              cnnlTensorDescriptor_t output_desc, void* output,
                              cnnlTensorDescriptor_t index_desc, void* index) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Image xi, yi;
  if (!handle_ok(api, handle, &status) || !mode_known(api, mode, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status) ||
      !images(api, *input_desc, "input", *output_desc, "output", &xi, &yi,
              &status) ||
      !index_like(api, index_desc, index, *output_desc, false, &status)) {
    return status;
  }
  if ((xi.h == 0 || xi.w == 0) && yi.h * yi.w > 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input is empty and output is not");
  }
  const std::vector<double> x = read_reals(*input_desc, input);
  std::vector<double> y(size_t(element_count(*output_desc)));
  std::vector<double> arg(index != nullptr ? y.size() : 0);
  for (int64_t n = 0; n < yi.n; ++n) {
    for (int64_t c = 0; c < yi.c; ++c) {
      for (int64_t i = 0; i < yi.h; ++i) {
        for (int64_t j = 0; j < yi.w; ++j) {
          const int64_t h0 = adaptive_begin(i, xi.h, yi.h),
                        h1 = adaptive_end(i, xi.h, yi.h);
          const int64_t w0 = adaptive_begin(j, xi.w, yi.w),
                        w1 = adaptive_end(j, xi.w, yi.w);
          double sum = 0, best = -std::numeric_limits<double>::infinity();
          int64_t best_at = h0 * xi.w + w0;
          for (int64_t h = h0; h < h1; ++h) {
            for (int64_t w = w0; w < w1; ++w) {
              const double v = x[size_t(at(xi, n, c, h, w))];
              sum += v;
              // NaN wins, as in PyTorch.
              if (v > best || (std::isnan(v) && !std::isnan(best))) {
                best = v;
                best_at = h * xi.w + w;
              }
            }
          }
          const size_t o = size_t(at(yi, n, c, i, j));
          y[o] = is_average(mode) ? sum / double((h1 - h0) * (w1 - w0)) : best;
          if (!arg.empty()) arg[o] = double(best_at);
        }
      }
    }
  }
  write_reals(*output_desc, output, y);
  if (!arg.empty()) write_reals(*index_desc, index, arg);
  return CNNL_STATUS_SUCCESS;
}

// ---- Reflection and replication padding ----

// A 4-D image or a 3-D sequence (NCL, NLC) as N, C, H, W with its dense
// strides in that order (a sequence has H = 1).
bool padded_geometry(const cnnlTensorStruct& t, Image* im) {
  if (image_of(t, im)) return true;
  if (t.dims.size() != 3) return false;
  const std::vector<int64_t>& d = t.dims;
  if (t.layout == CNNL_LAYOUT_NCL) {
    *im = {d[0], d[1], 1, d[2], {d[1] * d[2], d[2], 0, 1}};
    return true;
  }
  if (t.layout == CNNL_LAYOUT_NLC) {
    *im = {d[0], d[2], 1, d[1], {d[1] * d[2], 1, 0, d[2]}};
    return true;
  }
  return false;
}

// The input coordinate output coordinate `o` (in [-before, in + after))
// reads: mirrored about the edge (reflect) or clamped (replicate).
int64_t source_of(int64_t o, int64_t in, bool reflect) {
  if (reflect) {
    if (o < 0) return -o;
    if (o >= in) return 2 * (in - 1) - o;
    return o;
  }
  return std::min(std::max<int64_t>(o, 0), in - 1);
}

// The checks both pads and their gradients make; `small` is the input (x
// or dx), `big` the padded tensor. pad[] gives left, right, top, bottom.
bool pad_geometry(const char* api, cnnlHandle_t handle,
                  cnnlTensorDescriptor_t small_desc, const void* small,
                  const char* small_name, cnnlTensorDescriptor_t big_desc,
                  const void* big, const char* big_name, const int pad[],
                  bool reflect, bool arithmetic, Image* si, Image* bi,
                  int64_t* left, int64_t* top, cnnlStatus_t* status) {
  if (!handle_ok(api, handle, status) ||
      !usable(api, small_desc, small, small_name, status) ||
      !usable(api, big_desc, big, big_name, status)) {
    return false;
  }
  const char* why = nullptr;
  cnnlStatus_t code = CNNL_STATUS_BAD_PARAM;
  if (pad == nullptr) {
    why = "pad is NULL";
  } else if (!padded_geometry(*small_desc, si) ||
             !padded_geometry(*big_desc, bi) ||
             small_desc->dims.size() != big_desc->dims.size()) {
    why = "the tensors are not both NCHW / NHWC, or both NCL / NLC";
  } else if (big_desc->dtype != small_desc->dtype) {
    why = "the tensors differ in data type";
  } else if (arithmetic && !is_real_number(small_desc->dtype)) {
    why = "the gradient is not of a real-number type";
    code = CNNL_STATUS_NOT_SUPPORTED;
  } else {
    const bool image = small_desc->dims.size() == 4;
    const int64_t l = pad[0], r = pad[1], t = image ? pad[2] : 0,
                  b = image ? pad[3] : 0;
    if (l < 0 || r < 0 || t < 0 || b < 0) {
      why = "a pad is negative";
    } else if (bi->n != si->n || bi->c != si->c || bi->h != si->h + t + b ||
               bi->w != si->w + l + r) {
      why = "the padded tensor is not the input's shape plus the pads";
    } else if ((si->h == 0 || si->w == 0) && bi->h * bi->w > 0) {
      why = "the input is empty and the padded tensor is not";
    } else if (reflect &&
               (l >= si->w || r >= si->w || t >= si->h || b >= si->h)) {
      why = "a reflection pad is not below its dimension";
    } else {
      *left = l;
      *top = t;
      return true;
    }
  }
  *status = fail(api, code, why);
  return false;
}

// Calls visit(padded offset, source offset) for every element of the
// padded image, in dense offsets of each layout.
template <class Visit>
void for_each_padded(const Image& yi, const Image& xi, int64_t top,
                     int64_t left, bool reflect, Visit visit) {
  for (int64_t n = 0; n < yi.n; ++n) {
    for (int64_t c = 0; c < yi.c; ++c) {
      for (int64_t h = 0; h < yi.h; ++h) {
        const int64_t sh = source_of(h - top, xi.h, reflect);
        for (int64_t w = 0; w < yi.w; ++w) {
          const int64_t sw = source_of(w - left, xi.w, reflect);
          visit(size_t(at(yi, n, c, h, w)), size_t(at(xi, n, c, sh, sw)));
        }
      }
    }
  }
}

cnnlStatus_t pad_forward(const char* api, bool reflect, cnnlHandle_t handle,
                         cnnlTensorDescriptor_t x_desc, const void* x,
                         const int pad[], cnnlTensorDescriptor_t y_desc,
                         void* y) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Image xi, yi;
  int64_t left = 0, top = 0;
  if (!pad_geometry(api, handle, x_desc, x, "x", y_desc, y, "y", pad, reflect,
                    false, &xi, &yi, &left, &top, &status)) {
    return status;
  }
  const size_t bytes = element_bytes(x_desc->dtype);
  const std::vector<char> from = read_bytes(*x_desc, x);
  std::vector<char> data(size_t(element_count(*y_desc)) * bytes);
  for_each_padded(yi, xi, top, left, reflect, [&](size_t to, size_t src) {
    std::memcpy(data.data() + to * bytes, from.data() + src * bytes, bytes);
  });
  write_bytes(*y_desc, y, data);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t pad_backward(const char* api, bool reflect, cnnlHandle_t handle,
                          cnnlTensorDescriptor_t dy_desc, const void* dy,
                          const int pad[], cnnlTensorDescriptor_t dx_desc,
                          void* dx) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Image xi, yi;
  int64_t left = 0, top = 0;
  if (!pad_geometry(api, handle, dx_desc, dx, "dx", dy_desc, dy, "dy", pad,
                    reflect, true, &xi, &yi, &left, &top, &status)) {
    return status;
  }
  const std::vector<double> g = read_reals(*dy_desc, dy);
  std::vector<double> sum(size_t(element_count(*dx_desc)), 0.0);
  for_each_padded(yi, xi, top, left, reflect,
                  [&](size_t from, size_t to) { sum[to] += g[from]; });
  write_reals(*dx_desc, dx, sum);
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetAdaptivePoolingForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlPoolingMode_t mode, const cnnlTensorDescriptor_t output_desc,
    size_t* workspace_size) {
  const char* api = "cnnlGetAdaptivePoolingForwardWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!workspace_query_ok(api, handle,
                          input_desc != nullptr ? output_desc : nullptr,
                          workspace_size, &status) ||
      !mode_known(api, mode, &status)) {
    return status;
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlAdaptivePoolingForward_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlPoolingMode_t mode, void* workspace,
    size_t workspace_size, const cnnlTensorDescriptor_t output_desc,
    void* output, const cnnlTensorDescriptor_t index_desc, void* index) {
  return adaptive_forward("cnnlAdaptivePoolingForward_v2", handle, input_desc,
                          input, mode, workspace, workspace_size, output_desc,
                          output, index_desc, index);
}
cnnlStatus_t cnnlAdaptivePoolingForward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlPoolingMode_t mode,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t index_desc, void* index) {
  return adaptive_forward("cnnlAdaptivePoolingForward", handle, input_desc,
                          input, mode, nullptr, 0, output_desc, output,
                          index_desc, index);
}

cnnlStatus_t cnnlAdaptivePoolingBackward(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t y_desc, const void* y,
    const cnnlTensorDescriptor_t index_desc, const void* index,
    const cnnlPoolingMode_t mode, const cnnlTensorDescriptor_t diff_x_desc,
    void* diff_x) {
  const char* api = "cnnlAdaptivePoolingBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Image xi, yi;
  if (!handle_ok(api, handle, &status) || !mode_known(api, mode, &status) ||
      !usable(api, y_desc, y, "y", &status) ||
      !usable(api, diff_x_desc, diff_x, "diff_x", &status) ||
      !images(api, *diff_x_desc, "diff_x", *y_desc, "y", &xi, &yi, &status) ||
      !index_like(api, index_desc, index, *y_desc, mode == CNNL_POOLING_MAX,
                  &status)) {
    return status;
  }
  std::vector<double> arg;
  if (mode == CNNL_POOLING_MAX) {
    arg = read_reals(*index_desc, index);
    for (const double a : arg) {
      if (a < 0 || a >= double(xi.h * xi.w)) {
        return fail(api, CNNL_STATUS_BAD_PARAM,
                    "an index lies outside the input plane");
      }
    }
  }
  const std::vector<double> dy = read_reals(*y_desc, y);
  std::vector<double> dx(size_t(element_count(*diff_x_desc)), 0.0);
  for (int64_t n = 0; n < yi.n; ++n) {
    for (int64_t c = 0; c < yi.c; ++c) {
      for (int64_t i = 0; i < yi.h; ++i) {
        for (int64_t j = 0; j < yi.w; ++j) {
          const size_t o = size_t(at(yi, n, c, i, j));
          if (mode == CNNL_POOLING_MAX) {
            const int64_t k = int64_t(arg[o]);
            dx[size_t(at(xi, n, c, k / xi.w, k % xi.w))] += dy[o];
            continue;
          }
          const int64_t h0 = adaptive_begin(i, xi.h, yi.h),
                        h1 = adaptive_end(i, xi.h, yi.h);
          const int64_t w0 = adaptive_begin(j, xi.w, yi.w),
                        w1 = adaptive_end(j, xi.w, yi.w);
          const double share = dy[o] / double((h1 - h0) * (w1 - w0));
          for (int64_t h = h0; h < h1; ++h) {
            for (int64_t w = w0; w < w1; ++w) {
              dx[size_t(at(xi, n, c, h, w))] += share;
            }
          }
        }
      }
    }
  }
  write_reals(*diff_x_desc, diff_x, dx);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetPoolingWithIndexWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t y_desc, size_t* workspace_size) {
  return zero_workspace_query("cnnlGetPoolingWithIndexWorkspaceSize", handle,
                              x_desc != nullptr ? y_desc : nullptr,
                              workspace_size);
}
cnnlStatus_t cnnlGetPoolingWithIndexWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t y_desc, const cnnlTensorDescriptor_t,
    size_t* workspace_size) {
  return zero_workspace_query("cnnlGetPoolingWithIndexWorkspaceSize_v2", handle,
                              x_desc != nullptr ? y_desc : nullptr,
                              workspace_size);
}

cnnlStatus_t cnnlPoolingForwardWithIndex(
    cnnlHandle_t handle, const cnnlPoolingDescriptor_t pooling_desc,
    const void* alpha, const cnnlTensorDescriptor_t x_desc, const void* x,
    const void* beta, const cnnlTensorDescriptor_t y_desc, void* y,
    const cnnlTensorDescriptor_t index_desc, void* index, void* workspace,
    size_t workspace_size) {
  const char* api = "cnnlPoolingForwardWithIndex";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Image xi, yi;
  if (!handle_ok(api, handle, &status)) return status;
  if (pooling_desc == nullptr || !pooling_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "pooling_desc is NULL or was never set");
  }
  const cnnlPoolingStruct& p = *pooling_desc;
  if (p.mode != CNNL_POOLING_MAX) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "the pooling mode is not MAX");
  }
  if (!usable(api, x_desc, x, "x", &status) ||
      !usable(api, y_desc, y, "y", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status) ||
      !images(api, *x_desc, "x", *y_desc, "y", &xi, &yi, &status) ||
      !index_like(api, index_desc, index, *y_desc, true, &status)) {
    return status;
  }
  const int64_t ho = window_out(xi.h, p.pad[0], p.pad[1], p.window[0],
                                p.stride[0], p.dilation[0], p.ceil_mode);
  const int64_t wo = window_out(xi.w, p.pad[2], p.pad[3], p.window[1],
                                p.stride[1], p.dilation[1], p.ceil_mode);
  if (yi.h != ho || yi.w != wo) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "y's shape is not the pooling's output shape");
  }
  const double a = host_scalar(alpha, 1.0f), b = host_scalar(beta, 0.0f);
  const std::vector<double> xv = read_reals(*x_desc, x);
  std::vector<double> out =
      b != 0.0 ? read_reals(*y_desc, y)
               : std::vector<double>(size_t(element_count(*y_desc)), 0.0);
  std::vector<double> arg(out.size());
  for (int64_t n = 0; n < yi.n; ++n) {
    for (int64_t c = 0; c < yi.c; ++c) {
      for (int64_t i = 0; i < ho; ++i) {
        for (int64_t j = 0; j < wo; ++j) {
          double best = -std::numeric_limits<double>::infinity();
          int64_t best_at = 0;
          bool found = false;
          for (int kh = 0; kh < p.window[0]; ++kh) {
            const int64_t h = i * p.stride[0] - p.pad[0] + kh * p.dilation[0];
            if (h < 0 || h >= xi.h) continue;
            for (int kw = 0; kw < p.window[1]; ++kw) {
              const int64_t w = j * p.stride[1] - p.pad[2] + kw * p.dilation[1];
              if (w < 0 || w >= xi.w) continue;
              const double v = xv[size_t(at(xi, n, c, h, w))];
              if (!found || v > best || (std::isnan(v) && !std::isnan(best))) {
                best = v;
                best_at = h * xi.w + w;
                found = true;
              }
            }
          }
          const size_t o = size_t(at(yi, n, c, i, j));
          out[o] = a * best + b * out[o];
          arg[o] = double(best_at);
        }
      }
    }
  }
  write_reals(*y_desc, y, out);
  write_reals(*index_desc, index, arg);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetPoolingWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlPoolingDescriptor_t pooling_desc,
    const cnnlTensorDescriptor_t x_desc, const cnnlTensorDescriptor_t y_desc,
    size_t* workspace_size) {
  const char* api = "cnnlGetPoolingWorkspaceSize_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!workspace_query_ok(api, handle, x_desc != nullptr ? y_desc : nullptr,
                          workspace_size, &status)) {
    return status;
  }
  if (pooling_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "pooling_desc is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlPoolingForward_v2(cnnlHandle_t handle,
                                   const cnnlPoolingDescriptor_t pooling_desc,
                                   const void* alpha,
                                   const cnnlTensorDescriptor_t x_desc,
                                   const void* x, const void* beta,
                                   const void* /*extra_input*/,
                                   const cnnlTensorDescriptor_t y_desc, void* y,
                                   void* workspace, size_t workspace_size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!workspace_ok("cnnlPoolingForward_v2", workspace, workspace_size,
                    &status)) {
    return status;
  }
  return cnnlPoolingForward(handle, pooling_desc, alpha, x_desc, x, beta,
                            y_desc, y, workspace, workspace_size);
}
cnnlStatus_t cnnlGetPoolingExtraInputSize(cnnlHandle_t handle,
                                          cnnlPoolingMode_t mode, int output_w,
                                          int output_h, size_t* size) {
  const char* api = "cnnlGetPoolingExtraInputSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) || !mode_known(api, mode, &status)) {
    return status;
  }
  if (output_w < 0 || output_h < 0 || size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "a negative output size, or size is NULL");
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlInitPoolingExtraInput(
    cnnlHandle_t handle, const cnnlPoolingDescriptor_t pooling_desc,
    const cnnlTensorDescriptor_t x_desc, const cnnlTensorDescriptor_t y_desc,
    void* /*extra_host_input*/) {
  const char* api = "cnnlInitPoolingExtraInput";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (pooling_desc == nullptr || !pooling_desc->set || x_desc == nullptr ||
      y_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "pooling_desc, x_desc or y_desc is NULL or never set");
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSetPoolingNdDescriptor_v2(
    cnnlPoolingDescriptor_t pooling_desc, const cnnlPoolingMode_t mode,
    const cnnlNanPropagation_t nan_prop, int dims, const int window[],
    const int padding[], const int stride[], const int dilation[],
    bool ceil_mode) {
  const char* api = "cnnlSetPoolingNdDescriptor_v2";
  if (dims == 5) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "3-D pooling (dims 5) is not supported");
  }
  if (dims != 4) return fail(api, CNNL_STATUS_BAD_PARAM, "dims is not 4");
  if (window == nullptr || padding == nullptr || stride == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "window, padding or stride is NULL");
  }
  const int one[2] = {1, 1};
  const int* d = dilation != nullptr ? dilation : one;
  return cnnlSetPooling2dDescriptor_v2(pooling_desc, mode, nan_prop, window[0],
                                       window[1], padding[0], padding[1],
                                       padding[2], padding[3], stride[0],
                                       stride[1], d[0], d[1], ceil_mode);
}
cnnlStatus_t cnnlSetPoolingNdDescriptor(cnnlPoolingDescriptor_t pooling_desc,
                                        const cnnlPoolingMode_t mode,
                                        const cnnlNanPropagation_t nan_prop,
                                        int dims, const int window[],
                                        const int padding[],
                                        const int stride[]) {
  return cnnlSetPoolingNdDescriptor_v2(pooling_desc, mode, nan_prop, dims,
                                       window, padding, stride, nullptr, false);
}

cnnlStatus_t cnnlReflectionPad2d(cnnlHandle_t handle,
                                 const cnnlTensorDescriptor_t x_desc,
                                 const void* x, const int pad[],
                                 const cnnlTensorDescriptor_t y_desc, void* y) {
  return pad_forward("cnnlReflectionPad2d", true, handle, x_desc, x, pad,
                     y_desc, y);
}
cnnlStatus_t cnnlReplicationPad2d(cnnlHandle_t handle,
                                  const cnnlTensorDescriptor_t x_desc,
                                  const void* x, const int pad[],
                                  const cnnlTensorDescriptor_t y_desc,
                                  void* y) {
  return pad_forward("cnnlReplicationPad2d", false, handle, x_desc, x, pad,
                     y_desc, y);
}
cnnlStatus_t cnnlReflectionPadBackward(cnnlHandle_t handle,
                                       const cnnlTensorDescriptor_t dy_desc,
                                       const void* dy, const int pad[],
                                       const cnnlTensorDescriptor_t dx_desc,
                                       void* dx) {
  return pad_backward("cnnlReflectionPadBackward", true, handle, dy_desc, dy,
                      pad, dx_desc, dx);
}
cnnlStatus_t cnnlReplicationPadBackward(cnnlHandle_t handle,
                                        const cnnlTensorDescriptor_t dy_desc,
                                        const void* dy, const int pad[],
                                        const cnnlTensorDescriptor_t dx_desc,
                                        void* dx) {
  return pad_backward("cnnlReplicationPadBackward", false, handle, dy_desc, dy,
                      pad, dx_desc, dx);
}

}  // extern "C"
