// What the CNNL tensor-function tests share: descriptors and handles that
// clean up after themselves, and small random inputs.
#pragma once

#include <cnnl.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "xbang/core/bfloat16.h"
#include "xbang/core/half.h"

namespace cnnl_test {

// A set tensor descriptor, destroyed at scope exit.
class Tensor {
 public:
  Tensor(cnnlDataType_t dtype, std::vector<int64_t> dims,
         std::vector<int64_t> strides = {}) {
    EXPECT_EQ(cnnlCreateTensorDescriptor(&desc_), CNNL_STATUS_SUCCESS);
    const cnnlStatus_t status =
        strides.empty()
            ? cnnlSetTensorDescriptor_v2(desc_, CNNL_LAYOUT_ARRAY, dtype,
                                         int(dims.size()), dims.data())
            : cnnlSetTensorDescriptorEx_v2(desc_, CNNL_LAYOUT_ARRAY, dtype,
                                           int(dims.size()), dims.data(),
                                           strides.data());
    EXPECT_EQ(status, CNNL_STATUS_SUCCESS);
  }
  ~Tensor() { cnnlDestroyTensorDescriptor(desc_); }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;
  cnnlTensorDescriptor_t get() const { return desc_; }

 private:
  cnnlTensorDescriptor_t desc_ = nullptr;
};

class Handle {
 public:
  Handle() { EXPECT_EQ(cnnlCreate(&handle_), CNNL_STATUS_SUCCESS); }
  ~Handle() { cnnlDestroy(handle_); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  cnnlHandle_t get() const { return handle_; }

 private:
  cnnlHandle_t handle_ = nullptr;
};

inline std::vector<float> random_floats(size_t n, unsigned seed,
                                        float lo = -4.0f, float hi = 4.0f) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = dist(gen);
  return v;
}
inline std::vector<int32_t> random_ints(size_t n, unsigned seed, int lo,
                                        int hi) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> dist(lo, hi);
  std::vector<int32_t> v(n);
  for (int32_t& x : v) x = dist(gen);
  return v;
}
inline std::vector<uint16_t> to_half(const std::vector<float>& v) {
  std::vector<uint16_t> h(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    h[i] = xbang::float_to_half_bits_rn(v[i]);
  }
  return h;
}
inline float from_half(uint16_t h) { return xbang::half_bits_to_float(h); }

// A set descriptor with a layout, destroyed at scope exit.
class Desc {
 public:
  Desc(cnnlTensorLayout_t layout, cnnlDataType_t dtype,
       std::vector<int64_t> dims, std::vector<int64_t> strides = {}) {
    cnnlCreateTensorDescriptor(&desc_);
    const cnnlStatus_t status =
        strides.empty()
            ? cnnlSetTensorDescriptor_v2(desc_, layout, dtype, int(dims.size()),
                                         dims.data())
            : cnnlSetTensorDescriptorEx_v2(desc_, layout, dtype,
                                           int(dims.size()), dims.data(),
                                           strides.data());
    EXPECT_EQ(status, CNNL_STATUS_SUCCESS);
  }
  ~Desc() { cnnlDestroyTensorDescriptor(desc_); }
  Desc(const Desc&) = delete;
  Desc& operator=(const Desc&) = delete;
  cnnlTensorDescriptor_t get() const { return desc_; }

 private:
  cnnlTensorDescriptor_t desc_ = nullptr;
};

// Elements of a float, half or bfloat16 tensor held as bytes.
struct Buffer {
  cnnlDataType_t dtype;
  std::vector<uint8_t> bytes;
  Buffer(cnnlDataType_t t, size_t n)
      : dtype(t), bytes(n * (t == CNNL_DTYPE_FLOAT ? 4 : 2), 0) {}
  void set(size_t i, float v) {
    if (dtype == CNNL_DTYPE_FLOAT) {
      std::memcpy(&bytes[i * 4], &v, 4);
      return;
    }
    const uint16_t b = dtype == CNNL_DTYPE_HALF
                           ? xbang::float_to_half_bits_rn(v)
                           : xbang::float_to_bfloat16_bits_rn(v);
    std::memcpy(&bytes[i * 2], &b, 2);
  }
  float get(size_t i) const {
    if (dtype == CNNL_DTYPE_FLOAT) {
      float v;
      std::memcpy(&v, &bytes[i * 4], 4);
      return v;
    }
    uint16_t b;
    std::memcpy(&b, &bytes[i * 2], 2);
    return dtype == CNNL_DTYPE_HALF ? xbang::half_bits_to_float(b)
                                    : xbang::bfloat16_bits_to_float(b);
  }
  void* data() { return bytes.data(); }
};

// Fills a buffer with random values and returns them as the tensor holds
// them (rounded to its type).
inline std::vector<float> fill(Buffer* b, size_t n, unsigned seed,
                               float lo = -2, float hi = 2) {
  const std::vector<float> v = random_floats(n, seed, lo, hi);
  std::vector<float> held(n);
  for (size_t i = 0; i < n; ++i) {
    b->set(i, v[i]);
    held[i] = b->get(i);
  }
  return held;
}

inline float tolerance(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_FLOAT  ? 1e-4f
         : dtype == CNNL_DTYPE_HALF ? 4e-3f
                                    : 2e-2f;
}

// An NCHW or NHWC image: its descriptor dims and the element index of
// (n, c, h, w) in a buffer whose channel stride is padded to cs >= C.
struct Layout {
  cnnlTensorLayout_t layout;
  int64_t n, c, h, w;
  int64_t cs;  // NHWC: the pixel stride; NCHW: the plane count per image
  std::vector<int64_t> dims() const {
    return layout == CNNL_LAYOUT_NHWC ? std::vector<int64_t>{n, h, w, c}
                                      : std::vector<int64_t>{n, c, h, w};
  }
  std::vector<int64_t> strides() const {
    return layout == CNNL_LAYOUT_NHWC
               ? std::vector<int64_t>{h * w * cs, w * cs, cs, 1}
               : std::vector<int64_t>{cs * h * w, h * w, w, 1};
  }
  size_t size() const { return size_t(n * cs * h * w); }
  size_t at(int64_t in, int64_t ic, int64_t ih, int64_t iw) const {
    return layout == CNNL_LAYOUT_NHWC
               ? size_t(((in * h + ih) * w + iw) * cs + ic)
               : size_t(((in * cs + ic) * h + ih) * w + iw);
  }
};

// Runs a row of a bad-call table on `objects`: the row's status, a log line
// naming a CNNL function, and the objects' `out` (64 floats, zero at
// start) left untouched.
template <class Objects>
void expect_refused(Objects& objects,
                    const BadCall<cnnlStatus_t, Objects&>& row) {
  const float before[64] = {};
  testing::internal::CaptureStderr();
  const cnnlStatus_t status = row.call(objects);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, row.expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(row.expected);
  EXPECT_NE(log.find("[xbang] cnnl"), std::string::npos) << log;
  EXPECT_EQ(std::memcmp(objects.out, before, sizeof(before)), 0);
}

}  // namespace cnnl_test
