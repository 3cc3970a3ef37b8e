// What the CNNL tensor-function tests share: descriptors and handles that
// clean up after themselves, and small random inputs.
#pragma once

#include <cnnl.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

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

}  // namespace cnnl_test
