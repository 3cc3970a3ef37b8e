// Helpers the CNNL vision functions share (not installed API). They see
// tensor descriptors only through cnnl.h, so they work with any
// implementation of the descriptor: a tensor is read into a dense array of
// doubles in row-major order of its shape, computed on, and written back
// through its strides.
#pragma once

#include <cnnl.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "cnnl_internal.h"
#include "xbang/core/half.h"

namespace xbang {
namespace cnnl_vision {

// The log line, and descriptor creation and destruction, of every CNNL call.
using cnnl_detail::create;
using cnnl_detail::destroy;
using cnnl_detail::fail;

// A set tensor descriptor as the computation sees it.
struct Tensor {
  cnnlTensorLayout_t layout = CNNL_LAYOUT_ARRAY;
  cnnlDataType_t dtype = CNNL_DTYPE_INVALID;
  std::vector<int64_t> dims;
  std::vector<int64_t> strides;  // in elements

  int rank() const { return int(dims.size()); }
  int64_t dim(int i) const { return dims[size_t(i)]; }
  int64_t count() const {
    int64_t n = 1;
    for (const int64_t d : dims) n *= d;
    return n;
  }
};

// Reads `desc` into *out. A NULL or unset descriptor, or NULL data for a
// tensor with elements, is a bad parameter (logged, status in *status).
inline bool describe(const char* api, cnnlTensorDescriptor_t desc,
                     const void* data, const char* name, Tensor* out,
                     cnnlStatus_t* status) {
  char why[112];
  if (desc == nullptr) {
    std::snprintf(why, sizeof(why), "%s_desc is NULL", name);
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  }
  int dims[CNNL_DIM_MAX] = {}, strides[CNNL_DIM_MAX] = {}, rank = 0;
  if (cnnlGetTensorDescriptorEx(desc, &out->layout, &out->dtype, &rank, dims,
                                strides) != CNNL_STATUS_SUCCESS) {
    std::snprintf(why, sizeof(why), "%s_desc was never set", name);
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  }
  out->dims.assign(dims, dims + rank);
  out->strides.assign(strides, strides + rank);
  if (data == nullptr && out->count() > 0) {
    std::snprintf(why, sizeof(why), "%s is NULL", name);
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  }
  return true;
}

inline bool is_float_or_half(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_FLOAT || dtype == CNNL_DTYPE_HALF;
}

inline double load_element(cnnlDataType_t dtype, const void* base, int64_t at) {
  const char* p = static_cast<const char*>(base);
  switch (dtype) {
    case CNNL_DTYPE_HALF: {
      uint16_t bits;
      std::memcpy(&bits, p + at * 2, 2);
      return xbang::half_bits_to_float(bits);
    }
    case CNNL_DTYPE_INT32: {
      int32_t v;
      std::memcpy(&v, p + at * 4, 4);
      return v;
    }
    case CNNL_DTYPE_INT64: {
      int64_t v;
      std::memcpy(&v, p + at * 8, 8);
      return double(v);
    }
    default: {
      float v;
      std::memcpy(&v, p + at * 4, 4);
      return v;
    }
  }
}

inline void store_element(cnnlDataType_t dtype, void* base, int64_t at,
                          double value) {
  char* p = static_cast<char*>(base);
  switch (dtype) {
    case CNNL_DTYPE_HALF: {
      const uint16_t bits = xbang::float_to_half_bits_rn(float(value));
      std::memcpy(p + at * 2, &bits, 2);
      return;
    }
    case CNNL_DTYPE_INT32: {
      const int32_t v = int32_t(value);
      std::memcpy(p + at * 4, &v, 4);
      return;
    }
    case CNNL_DTYPE_INT64: {
      const int64_t v = int64_t(value);
      std::memcpy(p + at * 8, &v, 8);
      return;
    }
    default: {
      const float v = float(value);
      std::memcpy(p + at * 4, &v, 4);
      return;
    }
  }
}

// Element offsets of every element in row-major order of the shape.
inline std::vector<int64_t> offsets(const Tensor& t) {
  std::vector<int64_t> result;
  const int64_t n = t.count();
  if (n <= 0) return result;
  result.reserve(size_t(n));
  std::vector<int64_t> index(t.dims.size(), 0);
  int64_t at = 0;
  for (int64_t k = 0; k < n; ++k) {
    result.push_back(at);
    for (int axis = t.rank() - 1; axis >= 0; --axis) {
      const size_t a = size_t(axis);
      if (++index[a] < t.dims[a]) {
        at += t.strides[a];
        break;
      }
      at -= t.strides[a] * (t.dims[a] - 1);
      index[a] = 0;
    }
  }
  return result;
}

// The tensor's values, dense and row-major.
inline std::vector<double> read(const Tensor& t, const void* data) {
  std::vector<double> values;
  if (data == nullptr) return values;
  const std::vector<int64_t> at = offsets(t);
  values.reserve(at.size());
  for (const int64_t o : at) values.push_back(load_element(t.dtype, data, o));
  return values;
}

// Writes dense row-major values through the tensor's strides, rounded to
// its data type.
inline void write(const Tensor& t, void* data,
                  const std::vector<double>& values) {
  const std::vector<int64_t> at = offsets(t);
  for (size_t i = 0; i < at.size() && i < values.size(); ++i) {
    store_element(t.dtype, data, at[i], values[i]);
  }
}

}  // namespace cnnl_vision
}  // namespace xbang
