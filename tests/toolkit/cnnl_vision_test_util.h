// Descriptors and data for the CNNL vision tests: RAII handles and tensors
// holding host data (device memory is host memory on the emulated device).
#pragma once

#include <cnnl.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "cnnl_test_support.h"
#include "xbang/core/half.h"

namespace cnnl_vision_test {

using cnnl_test::Handle;

// A dense tensor: its descriptor and bytes.
struct Tensor {
  cnnlTensorDescriptor_t desc = nullptr;
  cnnlDataType_t dtype = CNNL_DTYPE_FLOAT;
  std::vector<int> dims;
  std::vector<uint8_t> bytes;

  Tensor(cnnlTensorLayout_t layout, cnnlDataType_t type, std::vector<int> shape)
      : dtype(type), dims(std::move(shape)) {
    EXPECT_EQ(cnnlCreateTensorDescriptor(&desc), CNNL_STATUS_SUCCESS);
    EXPECT_EQ(cnnlSetTensorDescriptor(desc, layout, dtype, int(dims.size()),
                                      dims.data()),
              CNNL_STATUS_SUCCESS);
    bytes.assign(size_t(count()) * element_size(), 0);
  }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;
  ~Tensor() { cnnlDestroyTensorDescriptor(desc); }

  size_t element_size() const {
    return dtype == CNNL_DTYPE_HALF ? 2 : dtype == CNNL_DTYPE_INT64 ? 8 : 4;
  }
  int64_t count() const {
    int64_t n = 1;
    for (int d : dims) n *= d;
    return n;
  }
  void* data() { return bytes.data(); }

  double get(int64_t i) const {
    switch (dtype) {
      case CNNL_DTYPE_HALF:
        return xbang::half_bits_to_float(
            reinterpret_cast<const uint16_t*>(bytes.data())[i]);
      case CNNL_DTYPE_INT32:
        return reinterpret_cast<const int32_t*>(bytes.data())[i];
      case CNNL_DTYPE_INT64:
        return double(reinterpret_cast<const int64_t*>(bytes.data())[i]);
      default:
        return reinterpret_cast<const float*>(bytes.data())[i];
    }
  }
  void set(int64_t i, double v) {
    switch (dtype) {
      case CNNL_DTYPE_HALF:
        reinterpret_cast<uint16_t*>(bytes.data())[i] =
            xbang::float_to_half_bits_rn(float(v));
        return;
      case CNNL_DTYPE_INT32:
        reinterpret_cast<int32_t*>(bytes.data())[i] = int32_t(v);
        return;
      case CNNL_DTYPE_INT64:
        reinterpret_cast<int64_t*>(bytes.data())[i] = int64_t(v);
        return;
      default:
        reinterpret_cast<float*>(bytes.data())[i] = float(v);
        return;
    }
  }
  // Values as stored (after rounding to the data type).
  std::vector<double> values() const {
    std::vector<double> v(static_cast<size_t>(count()));
    for (int64_t i = 0; i < count(); ++i) v[size_t(i)] = get(i);
    return v;
  }
  void fill_uniform(std::mt19937* rng, double lo, double hi) {
    std::uniform_real_distribution<double> dist(lo, hi);
    for (int64_t i = 0; i < count(); ++i) set(i, dist(*rng));
  }
};

// Tolerance for a result rounded to `dtype` from an exact value.
inline double tolerance(cnnlDataType_t dtype, double expected) {
  const double rel = dtype == CNNL_DTYPE_HALF ? 2e-3 : 2e-5;
  return rel * (1.0 + std::abs(expected));
}

}  // namespace cnnl_vision_test
