// The view the CNNL vision functions take of a tensor (not installed API):
// a descriptor read through cnnl.h into its shape and strides, whose values
// are read into a dense array of doubles in row-major order of its shape,
// computed on, and written back through its strides with cnnl_internal.h's
// element access.
#pragma once

#include <cnnl.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "cnnl_internal.h"

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

// The tensor's values, dense and row-major, through cnnl_internal.h's
// element access.
inline std::vector<double> read(const Tensor& t, const void* data) {
  std::vector<double> values;
  if (data == nullptr) return values;
  values.reserve(size_t(t.count()));
  cnnl_detail::for_each_offset(t.dims, t.strides, [&](int64_t at) {
    values.push_back(cnnl_detail::load_real(t.dtype, data, at));
  });
  return values;
}

// Writes dense row-major values through the tensor's strides, rounded to
// its data type.
inline void write(const Tensor& t, void* data,
                  const std::vector<double>& values) {
  size_t i = 0;
  cnnl_detail::for_each_offset(t.dims, t.strides, [&](int64_t at) {
    if (i < values.size())
      cnnl_detail::store_real(t.dtype, data, at, values[i]);
    ++i;
  });
}

}  // namespace cnnl_vision
}  // namespace xbang
