// What the CNNL implementation files share: the objects behind CNNL's
// handles and descriptors, argument checks with their log line, and the
// element access of strided tensors in host memory.
#ifndef XBANG_TOOLKIT_CNNL_CNNL_INTERNAL_H_
#define XBANG_TOOLKIT_CNNL_CNNL_INTERNAL_H_

#include <cnnl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <vector>

#include "xbang/core/bfloat16.h"
#include "xbang/core/half.h"

struct cnnlContext {
  cnrtQueue_t queue = nullptr;
};

struct cnnlTensorStruct {
  bool set = false;
  cnnlTensorLayout_t layout = CNNL_LAYOUT_ARRAY;
  cnnlDataType_t dtype = CNNL_DTYPE_INVALID;
  cnnlDataType_t onchip_dtype = CNNL_DTYPE_INVALID;
  std::vector<int64_t> dims;
  std::vector<int64_t> strides;  // in elements
  // Fixed-point value = stored x 2^position / scale.
  int position = 0;
  float scale = 1;
  cnnlPointerMode_t pointer_mode = CNNL_POINTER_MODE_DEVICE;
};

struct cnnlOpTensorStruct {
  bool set = false;
  cnnlOpTensorDesc_t op = CNNL_OP_TENSOR_ADD;
  cnnlDataType_t compute_type = CNNL_DTYPE_FLOAT;
};

struct cnnlTransposeStruct {
  std::vector<int> permute;  // empty until set
};

struct cnnlMatMulStruct {
  int32_t trans_a = 0;
  int32_t trans_b = 0;
};

struct cnnlMatMulAlgoStruct {};
struct cnnlMatMulHeuristicResultStruct {};

namespace xbang {
namespace cnnl_detail {

inline cnnlStatus_t fail(const char* api, cnnlStatus_t code, const char* why) {
  std::fprintf(stderr, "[xbang] %s: %s (%s)\n", api, why,
               cnnlGetErrorString(code));
  return code;
}

inline size_t element_bytes(cnnlDataType_t dtype) {
  switch (dtype) {
    case CNNL_DTYPE_INT8:
    case CNNL_DTYPE_UINT8:
    case CNNL_DTYPE_BOOL:
      return 1;
    case CNNL_DTYPE_HALF:
    case CNNL_DTYPE_INT16:
    case CNNL_DTYPE_UINT16:
    case CNNL_DTYPE_BFLOAT16:
      return 2;
    case CNNL_DTYPE_FLOAT:
    case CNNL_DTYPE_INT31:
    case CNNL_DTYPE_INT32:
    case CNNL_DTYPE_UINT32:
    case CNNL_DTYPE_COMPLEX_HALF:
      return 4;
    case CNNL_DTYPE_INT64:
    case CNNL_DTYPE_UINT64:
    case CNNL_DTYPE_DOUBLE:
    case CNNL_DTYPE_COMPLEX_FLOAT:
      return 8;
    default:
      return 0;
  }
}

// Beyond this many elements a shape is refused (keeps every byte offset in
// range of int64_t and size_t).
inline constexpr int64_t kMaxElements = int64_t(1) << 48;

// `strides` NULL: dense. The Ex forms pass `strides_given`, so a NULL
// stride array there is a bad parameter.
template <class Int>
inline cnnlStatus_t set_tensor(const char* api, cnnlTensorDescriptor_t desc,
                               cnnlTensorLayout_t layout, cnnlDataType_t dtype,
                               int dim_count, const Int* dims,
                               const Int* strides, bool strides_given = false) {
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (int(layout) < CNNL_LAYOUT_NCHW || int(layout) > CNNL_LAYOUT_NCL) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown layout");
  }
  if (element_bytes(dtype) == 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown data type");
  }
  if (dim_count < 0 || dim_count > CNNL_DIM_MAX) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "dimNb is not in [0, CNNL_DIM_MAX]");
  }
  if (dim_count > 0 && dims == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "dimSize is NULL");
  }
  if (strides_given && dim_count > 0 && strides == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "dimStride is NULL");
  }
  int64_t elements = 1;
  for (int i = 0; i < dim_count; ++i) {
    if (dims[i] < 0) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "a dimension is negative");
    }
    if (dims[i] > 0 && elements > kMaxElements / int64_t(dims[i])) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "too many elements");
    }
    elements *= int64_t(dims[i]);
    if (strides != nullptr && strides[i] < 0) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "a stride is negative");
    }
    if (strides != nullptr && dims[i] > 1 &&
        int64_t(strides[i]) > kMaxElements / int64_t(dims[i])) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "a stride is too large");
    }
  }
  desc->set = true;
  desc->layout = layout;
  desc->dtype = dtype;
  desc->onchip_dtype = CNNL_DTYPE_INVALID;
  desc->position = 0;
  desc->scale = 1;
  desc->dims.assign(dims, dims + dim_count);
  desc->strides.assign(size_t(dim_count), 0);
  int64_t dense = 1;
  for (int i = dim_count - 1; i >= 0; --i) {
    desc->strides[size_t(i)] = strides != nullptr ? int64_t(strides[i]) : dense;
    dense *= desc->dims[size_t(i)];
  }
  return CNNL_STATUS_SUCCESS;
}

inline int64_t element_count(const cnnlTensorStruct& t) {
  int64_t n = 1;
  for (const int64_t d : t.dims) n *= d;
  return n;
}

// An axis of a tensor of `rank` dimensions, negative ones counted from the
// end (PyTorch's dim): the axis in [0, rank), or -1 when it is outside.
inline int axis_within(int axis, int rank) {
  const int resolved = axis < 0 ? axis + rank : axis;
  return resolved >= 0 && resolved < rank ? resolved : -1;
}

// A tensor descriptor a computation can use: created, set, and with data
// when it has elements.
inline bool usable(const char* api, cnnlTensorDescriptor_t desc,
                   const void* data, const char* name, cnnlStatus_t* status) {
  char why[96];
  if (desc == nullptr) {
    std::snprintf(why, sizeof(why), "%s_desc is NULL", name);
  } else if (!desc->set) {
    std::snprintf(why, sizeof(why), "%s_desc was never set", name);
  } else if (data == nullptr && element_count(*desc) > 0) {
    std::snprintf(why, sizeof(why), "%s is NULL", name);
  } else if (desc->position != 0 || desc->scale != 1) {
    std::snprintf(why, sizeof(why),
                  "%s_desc has a fixed-point position or scale", name);
    *status = fail(api, CNNL_STATUS_NOT_SUPPORTED, why);
    return false;
  } else {
    return true;
  }
  *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return false;
}

// Whether elements of these dims and strides lie at offsets 0..n-1 in
// row-major order (a dimension of 1 may have any stride).
inline bool is_dense(const std::vector<int64_t>& dims,
                     const std::vector<int64_t>& strides) {
  int64_t dense = 1;
  for (size_t axis = dims.size(); axis-- > 0;) {
    if (dims[axis] != 1 && strides[axis] != dense) return false;
    dense *= dims[axis];
  }
  return true;
}

// Calls visit(offset) with the element offset (in elements) of every
// element of a tensor of shape `dims` and strides `strides`, in row-major
// order of the shape.
template <class Visit>
inline void for_each_offset(const std::vector<int64_t>& dims,
                            const std::vector<int64_t>& strides, Visit visit) {
  for (const int64_t d : dims) {
    if (d == 0) return;
  }
  // Dense row-major strides (what nearly every caller passes): offsets 0..n-1.
  if (is_dense(dims, strides)) {
    int64_t n = 1;
    for (const int64_t d : dims) n *= d;
    for (int64_t offset = 0; offset < n; ++offset) visit(offset);
    return;
  }
  std::vector<int64_t> index(dims.size(), 0);
  int64_t offset = 0;
  for (;;) {
    visit(offset);
    size_t axis = dims.size();
    for (;;) {
      if (axis == 0) return;
      --axis;
      if (++index[axis] < dims[axis]) {
        offset += strides[axis];
        break;
      }
      offset -= strides[axis] * (dims[axis] - 1);
      index[axis] = 0;
    }
  }
}

// A number of a float, half or int32 tensor as the computation sees it.
inline double load(cnnlDataType_t dtype, const char* base, int64_t offset) {
  switch (dtype) {
    case CNNL_DTYPE_FLOAT: {
      float v;
      std::memcpy(&v, base + offset * 4, 4);
      return v;
    }
    case CNNL_DTYPE_HALF: {
      uint16_t bits;
      std::memcpy(&bits, base + offset * 2, 2);
      return xbang::half_bits_to_float(bits);
    }
    default: {
      int32_t v;
      std::memcpy(&v, base + offset * 4, 4);
      return v;
    }
  }
}
inline void store(cnnlDataType_t dtype, char* base, int64_t offset,
                  double value) {
  switch (dtype) {
    case CNNL_DTYPE_FLOAT: {
      const float v = float(value);
      std::memcpy(base + offset * 4, &v, 4);
      return;
    }
    case CNNL_DTYPE_HALF: {
      const uint16_t bits = xbang::float_to_half_bits_rn(float(value));
      std::memcpy(base + offset * 2, &bits, 2);
      return;
    }
    default: {
      const int32_t v = int32_t(value);
      std::memcpy(base + offset * 4, &v, 4);
      return;
    }
  }
}
inline bool is_computable(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_FLOAT || dtype == CNNL_DTYPE_HALF ||
         dtype == CNNL_DTYPE_INT32;
}

// Strides of `from` seen with `to`'s shape: a dimension of size 1 is
// broadcast (stride 0). False when the shapes do not broadcast.
inline bool broadcast_strides(const cnnlTensorStruct& from,
                              const cnnlTensorStruct& to,
                              std::vector<int64_t>* strides) {
  if (from.dims.size() != to.dims.size()) return false;
  strides->assign(to.dims.size(), 0);
  for (size_t i = 0; i < to.dims.size(); ++i) {
    if (from.dims[i] == to.dims[i]) {
      (*strides)[i] = from.strides[i];
    } else if (from.dims[i] != 1) {
      return false;
    }
  }
  return true;
}

template <class T>
inline cnnlStatus_t create(const char* api, T** out) {
  if (out == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "out is NULL");
  *out = new (std::nothrow) T();
  if (*out == nullptr) {
    return fail(api, CNNL_STATUS_ALLOC_FAILED, "out of host memory");
  }
  return CNNL_STATUS_SUCCESS;
}
template <class T>
inline cnnlStatus_t destroy(const char* api, T* object) {
  if (object == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "the object is NULL");
  }
  delete object;
  return CNNL_STATUS_SUCCESS;
}

// ---- Shared by the tensor functions (copy, pad, gather, reduce, ...) ----

inline bool handle_ok(const char* api, cnnlHandle_t handle,
                      cnnlStatus_t* status) {
  if (handle != nullptr) return true;
  *status = fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  return false;
}

// A workspace_size above 0 promises a workspace.
inline bool workspace_ok(const char* api, const void* workspace, size_t size,
                         cnnlStatus_t* status) {
  if (size == 0 || workspace != nullptr) return true;
  *status = fail(api, CNNL_STATUS_BAD_PARAM,
                 "workspace is NULL but workspace_size is not 0");
  return false;
}

// The checks every call from one tensor to another starts with: the
// handle, and both descriptors set with data.
inline bool unary_call_ok(const char* api, cnnlHandle_t handle,
                          cnnlTensorDescriptor_t input_desc, const void* input,
                          cnnlTensorDescriptor_t output_desc,
                          const void* output, cnnlStatus_t* status) {
  return handle_ok(api, handle, status) &&
         usable(api, input_desc, input, "input", status) &&
         usable(api, output_desc, output, "output", status);
}

// The checks of a workspace query: the handle, the descriptor it sizes
// for (NULL when any of several is NULL) and the output.
inline bool workspace_query_ok(const char* api, cnnlHandle_t handle,
                               const void* desc, const size_t* size,
                               cnnlStatus_t* status) {
  if (!handle_ok(api, handle, status)) return false;
  if (desc == nullptr || size == nullptr) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "a descriptor or workspace_size is NULL");
    return false;
  }
  return true;
}
// A workspace query of a call that needs no workspace on the host.
inline cnnlStatus_t zero_workspace_query(const char* api, cnnlHandle_t handle,
                                         const void* desc, size_t* size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!workspace_query_ok(api, handle, desc, size, &status)) return status;
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}

// Real data types an arithmetic function reads and writes through double
// (int64 and uint64 beyond 2^53 lose their low bits).
inline bool is_real_number(cnnlDataType_t dtype) {
  switch (dtype) {
    case CNNL_DTYPE_HALF:
    case CNNL_DTYPE_BFLOAT16:
    case CNNL_DTYPE_FLOAT:
    case CNNL_DTYPE_DOUBLE:
    case CNNL_DTYPE_INT8:
    case CNNL_DTYPE_INT16:
    case CNNL_DTYPE_INT32:
    case CNNL_DTYPE_INT64:
    case CNNL_DTYPE_UINT8:
    case CNNL_DTYPE_UINT16:
    case CNNL_DTYPE_UINT32:
    case CNNL_DTYPE_UINT64:
    case CNNL_DTYPE_BOOL:
      return true;
    default:
      return false;
  }
}
inline bool is_float_type(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_HALF || dtype == CNNL_DTYPE_BFLOAT16 ||
         dtype == CNNL_DTYPE_FLOAT || dtype == CNNL_DTYPE_DOUBLE;
}

template <class T>
inline T read_as(const char* at) {
  T v;
  std::memcpy(&v, at, sizeof(T));
  return v;
}
template <class T>
inline void write_as(char* at, T v) {
  std::memcpy(at, &v, sizeof(T));
}

// Element `offset` (in elements) of a tensor of a real type (is_real_number).
inline double load_real(cnnlDataType_t dtype, const void* base,
                        int64_t offset) {
  const char* at =
      static_cast<const char*>(base) + offset * int64_t(element_bytes(dtype));
  switch (dtype) {
    case CNNL_DTYPE_HALF:
      return xbang::half_bits_to_float(read_as<uint16_t>(at));
    case CNNL_DTYPE_BFLOAT16:
      return xbang::bfloat16_bits_to_float(read_as<uint16_t>(at));
    case CNNL_DTYPE_FLOAT:
      return read_as<float>(at);
    case CNNL_DTYPE_DOUBLE:
      return read_as<double>(at);
    case CNNL_DTYPE_INT8:
      return read_as<int8_t>(at);
    case CNNL_DTYPE_INT16:
      return read_as<int16_t>(at);
    case CNNL_DTYPE_INT32:
      return read_as<int32_t>(at);
    case CNNL_DTYPE_INT64:
      return double(read_as<int64_t>(at));
    case CNNL_DTYPE_UINT8:
      return read_as<uint8_t>(at);
    case CNNL_DTYPE_UINT16:
      return read_as<uint16_t>(at);
    case CNNL_DTYPE_UINT32:
      return read_as<uint32_t>(at);
    case CNNL_DTYPE_UINT64:
      return double(read_as<uint64_t>(at));
    case CNNL_DTYPE_BOOL:
      return read_as<uint8_t>(at) != 0 ? 1.0 : 0.0;
    default:
      return 0.0;
  }
}

// Integers saturate to their type's range (NaN stores 0); floats round to
// nearest.
template <class Int>
inline Int saturate(double v) {
  if (!(v == v)) return Int(0);
  const double lo = double(std::numeric_limits<Int>::min());
  const double hi = double(std::numeric_limits<Int>::max());
  if (v <= lo) return std::numeric_limits<Int>::min();
  if (v >= hi) return std::numeric_limits<Int>::max();
  return Int(std::nearbyint(v));
}
inline void store_real(cnnlDataType_t dtype, void* base, int64_t offset,
                       double v) {
  char* at = static_cast<char*>(base) + offset * int64_t(element_bytes(dtype));
  switch (dtype) {
    case CNNL_DTYPE_HALF:
      return write_as<uint16_t>(at, xbang::float_to_half_bits_rn(float(v)));
    case CNNL_DTYPE_BFLOAT16:
      return write_as<uint16_t>(at, xbang::float_to_bfloat16_bits_rn(float(v)));
    case CNNL_DTYPE_FLOAT:
      return write_as<float>(at, float(v));
    case CNNL_DTYPE_DOUBLE:
      return write_as<double>(at, v);
    case CNNL_DTYPE_INT8:
      return write_as<int8_t>(at, saturate<int8_t>(v));
    case CNNL_DTYPE_INT16:
      return write_as<int16_t>(at, saturate<int16_t>(v));
    case CNNL_DTYPE_INT32:
      return write_as<int32_t>(at, saturate<int32_t>(v));
    case CNNL_DTYPE_INT64:
      return write_as<int64_t>(at, saturate<int64_t>(v));
    case CNNL_DTYPE_UINT8:
      return write_as<uint8_t>(at, saturate<uint8_t>(v));
    case CNNL_DTYPE_UINT16:
      return write_as<uint16_t>(at, saturate<uint16_t>(v));
    case CNNL_DTYPE_UINT32:
      return write_as<uint32_t>(at, saturate<uint32_t>(v));
    case CNNL_DTYPE_UINT64:
      return write_as<uint64_t>(at, saturate<uint64_t>(v));
    case CNNL_DTYPE_BOOL:
      return write_as<uint8_t>(at, v != 0 ? 1 : 0);
    default:
      return;
  }
}

// The element offsets of every element of `t`, in row-major order of its
// shape.
inline std::vector<int64_t> offsets_of(const cnnlTensorStruct& t) {
  std::vector<int64_t> at;
  at.reserve(size_t(element_count(t)));
  for_each_offset(t.dims, t.strides, [&](int64_t o) { at.push_back(o); });
  return at;
}

inline bool is_dense(const cnnlTensorStruct& t) {
  return is_dense(t.dims, t.strides);
}

// The element offsets of `t` in row-major order of its index: i itself for a
// dense tensor, without a table; looked up otherwise.
class ElementOffsets {
 public:
  explicit ElementOffsets(const cnnlTensorStruct& t)
      : count_(element_count(t)), dense_(is_dense(t)) {
    if (!dense_) at_ = offsets_of(t);
  }
  int64_t operator[](int64_t i) const { return dense_ ? i : at_[size_t(i)]; }
  int64_t size() const { return count_; }
  // One past the largest offset (0 for an empty tensor).
  int64_t extent() const {
    if (count_ == 0) return 0;
    if (dense_) return count_;
    return *std::max_element(at_.begin(), at_.end()) + 1;
  }

 private:
  int64_t count_;
  bool dense_;
  std::vector<int64_t> at_;
};

// A tensor's elements as bytes, dense in row-major order of its shape
// (element_bytes each): for functions that move elements without
// arithmetic, so every type (int64 and complex included) moves exactly.
inline std::vector<char> read_bytes(const cnnlTensorStruct& t,
                                    const void* data) {
  const size_t bytes = element_bytes(t.dtype);
  std::vector<char> dense(size_t(element_count(t)) * bytes);
  const char* in = static_cast<const char*>(data);
  size_t next = 0;
  for_each_offset(t.dims, t.strides, [&](int64_t at) {
    std::memcpy(dense.data() + next, in + at * int64_t(bytes), bytes);
    next += bytes;
  });
  return dense;
}
inline void write_bytes(const cnnlTensorStruct& t, void* data,
                        const std::vector<char>& dense) {
  const size_t bytes = element_bytes(t.dtype);
  char* out = static_cast<char*>(data);
  size_t next = 0;
  for_each_offset(t.dims, t.strides, [&](int64_t at) {
    std::memcpy(out + at * int64_t(bytes), dense.data() + next, bytes);
    next += bytes;
  });
}
// A real-number tensor's elements (is_real_number) as doubles, dense in
// row-major order of its shape, and back.
inline std::vector<double> read_reals(const cnnlTensorStruct& t,
                                      const void* data) {
  std::vector<double> dense;
  dense.reserve(size_t(element_count(t)));
  for_each_offset(t.dims, t.strides, [&](int64_t at) {
    dense.push_back(load_real(t.dtype, data, at));
  });
  return dense;
}
inline void write_reals(const cnnlTensorStruct& t, void* data,
                        const std::vector<double>& dense) {
  size_t next = 0;
  for_each_offset(t.dims, t.strides, [&](int64_t at) {
    store_real(t.dtype, data, at, dense[next++]);
  });
}

// Dense row-major strides of a shape.
inline std::vector<int64_t> dense_strides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  int64_t dense = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = dense;
    dense *= dims[i];
  }
  return strides;
}

// An integer index tensor (int32 or int64) read as int64.
inline int64_t load_index(cnnlDataType_t dtype, const void* base,
                          int64_t offset) {
  const char* at = static_cast<const char*>(base);
  if (dtype == CNNL_DTYPE_INT64) return read_as<int64_t>(at + offset * 8);
  return read_as<int32_t>(at + offset * 4);
}
inline bool is_index_type(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_INT32 || dtype == CNNL_DTYPE_INT64;
}

// Strides of `from` seen with `to`'s shape under NumPy broadcasting
// (dimensions aligned from the last; a missing or size-1 dimension repeats
// with stride 0). False when the shapes do not broadcast.
inline bool numpy_strides(const cnnlTensorStruct& from,
                          const cnnlTensorStruct& to,
                          std::vector<int64_t>* strides) {
  if (from.dims.size() > to.dims.size()) return false;
  const size_t lead = to.dims.size() - from.dims.size();
  strides->assign(to.dims.size(), 0);
  for (size_t i = 0; i < from.dims.size(); ++i) {
    const int64_t want = to.dims[lead + i];
    if (from.dims[i] == want) {
      (*strides)[lead + i] = from.strides[i];
    } else if (from.dims[i] != 1) {
      return false;
    }
  }
  return true;
}

// Calls visit(a, b) with the element offsets of a tensor of shape `dims`
// under two stride sets, in row-major order of the shape.
template <class Visit>
inline void for_each_pair(const std::vector<int64_t>& dims,
                          const std::vector<int64_t>& sa,
                          const std::vector<int64_t>& sb, Visit visit) {
  for (const int64_t d : dims) {
    if (d == 0) return;
  }
  std::vector<int64_t> index(dims.size(), 0);
  int64_t a = 0, b = 0;
  for (;;) {
    visit(a, b);
    size_t axis = dims.size();
    for (;;) {
      if (axis == 0) return;
      --axis;
      if (++index[axis] < dims[axis]) {
        a += sa[axis];
        b += sb[axis];
        break;
      }
      a -= sa[axis] * (dims[axis] - 1);
      b -= sb[axis] * (dims[axis] - 1);
      index[axis] = 0;
    }
  }
}

// A strided matrix of a float or half tensor: element (i, j) at offset
// base + i * row + j * col (in elements).
struct MatrixView {
  cnnlDataType_t dtype;
  const void* data;
  int64_t row, col;
};
// d = alpha * a b + beta * c for an m x k a and a k x n b, in float through
// Eigen (cnnl_batch_matmul.cpp); d may be c.
void matrix_product(const MatrixView& a, const MatrixView& b, int64_t m,
                    int64_t k, int64_t n, float alpha, float beta,
                    const MatrixView& c, cnnlDataType_t d_type, void* d,
                    int64_t d_row, int64_t d_col);

}  // namespace cnnl_detail
}  // namespace xbang

#endif  // XBANG_TOOLKIT_CNNL_CNNL_INTERNAL_H_
