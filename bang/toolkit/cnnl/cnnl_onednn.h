// What the CNNL functions computed by oneDNN share: the engine and stream,
// float views of tensors (the caller's memory when it is dense float, a
// converted copy otherwise, read and written through cnnl_internal.h's
// element access), and the log line of a oneDNN error.
#ifndef XBANG_TOOLKIT_CNNL_CNNL_ONEDNN_H_
#define XBANG_TOOLKIT_CNNL_CNNL_ONEDNN_H_

#include <dnnl.hpp>

#include "cnnl_internal.h"

struct cnnlActivationStruct {
  bool set = false;
  cnnlActivationMode_t mode = CNNL_ACTIVATION_RELU;
  float coef = 0;
  float gamma = 0;
  float scale = 0;
  bool approximate = false;
};

struct cnnlPoolingStruct {
  bool set = false;
  cnnlPoolingMode_t mode = CNNL_POOLING_MAX;
  int window[2] = {1, 1};
  int pad[4] = {0, 0, 0, 0};  // top, bottom, left, right
  int stride[2] = {1, 1};
  int dilation[2] = {1, 1};
  bool ceil_mode = false;
};

namespace xbang {
namespace cnnl_onednn {

using namespace xbang::cnnl_detail;

inline dnnl::engine& cpu_engine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}
inline dnnl::stream& cpu_stream() {
  thread_local dnnl::stream stream(cpu_engine());
  return stream;
}

inline bool is_dnn_type(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_FLOAT || dtype == CNNL_DTYPE_HALF ||
         dtype == CNNL_DTYPE_BFLOAT16;
}

inline float host_scalar(const void* p, float otherwise) {
  if (p == nullptr) return otherwise;
  float v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// A tensor as float elements dense in its descriptor's dimension order:
// the caller's memory itself when it already is, else a converted copy.
class FloatView {
 public:
  FloatView(const cnnlTensorStruct& t, const void* data) {
    if (t.dtype == CNNL_DTYPE_FLOAT && is_dense(t)) {
      data_ = static_cast<float*>(const_cast<void*>(data));
      return;
    }
    copy_.resize(size_t(element_count(t)));
    size_t i = 0;
    for_each_offset(t.dims, t.strides, [&](int64_t o) {
      copy_[i++] = float(load_real(t.dtype, data, o));
    });
    data_ = copy_.data();
  }
  float* data() { return data_; }

 private:
  float* data_ = nullptr;
  std::vector<float> copy_;
};

// Output room: the caller's memory when y = f(x) can be written straight
// into it (float, dense, alpha 1, beta 0), a float buffer otherwise, which
// finish() folds into y as alpha * buffer + beta * y.
class FloatOut {
 public:
  FloatOut(const cnnlTensorStruct& t, void* data, float alpha, float beta)
      : t_(t), out_(data), alpha_(alpha), beta_(beta) {
    direct_ = t.dtype == CNNL_DTYPE_FLOAT && is_dense(t) && alpha == 1.0f &&
              beta == 0.0f;
    if (direct_) {
      data_ = static_cast<float*>(data);
    } else {
      buffer_.resize(size_t(element_count(t)));
      data_ = buffer_.data();
    }
  }
  float* data() { return data_; }
  void finish() {
    if (direct_) return;
    size_t i = 0;
    for_each_offset(t_.dims, t_.strides, [&](int64_t o) {
      double v = double(alpha_) * double(buffer_[i++]);
      if (beta_ != 0.0f) v += double(beta_) * load_real(t_.dtype, out_, o);
      store_real(t_.dtype, out_, o, v);
    });
  }

 private:
  const cnnlTensorStruct& t_;
  void* out_;
  float alpha_, beta_;
  bool direct_ = false;
  float* data_ = nullptr;
  std::vector<float> buffer_;
};

inline bool dnn_failed(const char* api, const dnnl::error& e,
                       cnnlStatus_t* status) {
  char why[160];
  std::snprintf(why, sizeof(why), "oneDNN: %s", e.what());
  *status = fail(api, CNNL_STATUS_EXECUTION_FAILED, why);
  return false;
}

// An image tensor's N, C, H, W and the dense strides of its layout, in
// oneDNN's logical order (N, C, H, W).
struct Image {
  int64_t n, c, h, w;
  dnnl::memory::dims strides;
};
inline bool image_of(const cnnlTensorStruct& t, Image* image) {
  if (t.dims.size() != 4) return false;
  const std::vector<int64_t>& d = t.dims;
  if (t.layout == CNNL_LAYOUT_NHWC) {
    *image = {
        d[0], d[3], d[1], d[2], {d[1] * d[2] * d[3], 1, d[2] * d[3], d[3]}};
    return true;
  }
  if (t.layout == CNNL_LAYOUT_NCHW) {
    *image = {
        d[0], d[1], d[2], d[3], {d[1] * d[2] * d[3], d[2] * d[3], d[3], 1}};
    return true;
  }
  return false;
}

// The output size of a window sliding over `in` cells.
inline int64_t window_out(int64_t in, int pad_before, int pad_after, int window,
                          int stride, int dilation, bool ceil_mode) {
  const int64_t span = int64_t(dilation) * (window - 1) + 1;
  const int64_t room = in + pad_before + pad_after - span;
  if (room < 0) return 0;
  int64_t out = (ceil_mode ? (room + stride - 1) / stride : room / stride) + 1;
  // As PyTorch: the last window starts inside the image or its top / left
  // padding.
  if (ceil_mode && (out - 1) * stride >= in + pad_before) --out;
  return out;
}

}  // namespace cnnl_onednn
}  // namespace xbang

#endif  // XBANG_TOOLKIT_CNNL_CNNL_ONEDNN_H_
