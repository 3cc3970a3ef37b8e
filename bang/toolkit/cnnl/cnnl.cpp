// CNNL on the emulated device: device memory is host memory, so each call
// computes on the host and has finished when it returns (cnnl.h).
#include <cmath>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

// n elements of a dense tensor set to the element at `value`.
template <class Bits>
void fill_dense(char* out, const void* value, int64_t n) {
  Bits bits;
  std::memcpy(&bits, value, sizeof bits);
  std::fill_n(reinterpret_cast<Bits*>(out), n, bits);
}

}  // namespace

extern "C" {

const char* cnnlGetErrorString(cnnlStatus_t status) {
  switch (status) {
    case CNNL_STATUS_SUCCESS:
      return "CNNL_STATUS_SUCCESS";
    case CNNL_STATUS_NOT_INITIALIZED:
      return "CNNL_STATUS_NOT_INITIALIZED";
    case CNNL_STATUS_ALLOC_FAILED:
      return "CNNL_STATUS_ALLOC_FAILED";
    case CNNL_STATUS_BAD_PARAM:
      return "CNNL_STATUS_BAD_PARAM";
    case CNNL_STATUS_INTERNAL_ERROR:
      return "CNNL_STATUS_INTERNAL_ERROR";
    case CNNL_STATUS_ARCH_MISMATCH:
      return "CNNL_STATUS_ARCH_MISMATCH";
    case CNNL_STATUS_EXECUTION_FAILED:
      return "CNNL_STATUS_EXECUTION_FAILED";
    case CNNL_STATUS_NOT_SUPPORTED:
      return "CNNL_STATUS_NOT_SUPPORTED";
    case CNNL_STATUS_NUMERICAL_OVERFLOW:
      return "CNNL_STATUS_NUMERICAL_OVERFLOW";
  }
  // As CNNL: an unknown status reads as a bad parameter.
  return "CNNL_STATUS_BAD_PARAM";
}

cnnlStatus_t cnnlCreate(cnnlHandle_t* handle) {
  return create("cnnlCreate", handle);
}
cnnlStatus_t cnnlDestroy(cnnlHandle_t handle) {
  return destroy("cnnlDestroy", handle);
}
cnnlStatus_t cnnlSetQueue(cnnlHandle_t handle, cnrtQueue_t queue) {
  if (handle == nullptr) {
    return fail("cnnlSetQueue", CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  handle->queue = queue;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetQueue(cnnlHandle_t handle, cnrtQueue_t* queue) {
  if (handle == nullptr || queue == nullptr) {
    return fail("cnnlGetQueue", CNNL_STATUS_BAD_PARAM,
                "handle or queue is NULL");
  }
  *queue = handle->queue;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlCreateTensorDescriptor(cnnlTensorDescriptor_t* desc) {
  return create("cnnlCreateTensorDescriptor", desc);
}
cnnlStatus_t cnnlDestroyTensorDescriptor(cnnlTensorDescriptor_t desc) {
  return destroy("cnnlDestroyTensorDescriptor", desc);
}
cnnlStatus_t cnnlSetTensorDescriptor(cnnlTensorDescriptor_t desc,
                                     cnnlTensorLayout_t layout,
                                     cnnlDataType_t dtype, int dimNb,
                                     const int dimSize[]) {
  return set_tensor<int>("cnnlSetTensorDescriptor", desc, layout, dtype, dimNb,
                         dimSize, nullptr);
}
cnnlStatus_t cnnlSetTensorDescriptor_v2(cnnlTensorDescriptor_t desc,
                                        cnnlTensorLayout_t layout,
                                        cnnlDataType_t dtype, int dimNb,
                                        const int64_t dimSize[]) {
  return set_tensor<int64_t>("cnnlSetTensorDescriptor_v2", desc, layout, dtype,
                             dimNb, dimSize, nullptr);
}
cnnlStatus_t cnnlSetTensorDescriptorEx(cnnlTensorDescriptor_t desc,
                                       cnnlTensorLayout_t layout,
                                       cnnlDataType_t dtype, int dimNb,
                                       const int dimSize[],
                                       const int dimStride[]) {
  return set_tensor<int>("cnnlSetTensorDescriptorEx", desc, layout, dtype,
                         dimNb, dimSize, dimStride, true);
}
cnnlStatus_t cnnlSetTensorDescriptorEx_v2(cnnlTensorDescriptor_t desc,
                                          cnnlTensorLayout_t layout,
                                          cnnlDataType_t dtype, int dimNb,
                                          const int64_t dimSize[],
                                          const int64_t dimStride[]) {
  return set_tensor<int64_t>("cnnlSetTensorDescriptorEx_v2", desc, layout,
                             dtype, dimNb, dimSize, dimStride, true);
}
cnnlStatus_t cnnlSetTensorDescriptorOnchipDataType(
    cnnlTensorDescriptor_t desc, cnnlDataType_t onchip_dtype) {
  const char* api = "cnnlSetTensorDescriptorOnchipDataType";
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (element_bytes(onchip_dtype) == 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown data type");
  }
  desc->onchip_dtype = onchip_dtype;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlSetTensorDescriptorPositionAndScale(
    cnnlTensorDescriptor_t desc, int position, float scale) {
  const char* api = "cnnlSetTensorDescriptorPositionAndScale";
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (!std::isfinite(scale) || scale == 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "scale is zero or not finite");
  }
  desc->position = position;
  desc->scale = scale;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlSetTensorDescriptorPosition(cnnlTensorDescriptor_t desc,
                                             int position) {
  if (desc == nullptr) {
    return fail("cnnlSetTensorDescriptorPosition", CNNL_STATUS_BAD_PARAM,
                "desc is NULL");
  }
  desc->position = position;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetTensorDescriptorPositionAndScale(
    cnnlTensorDescriptor_t desc, int* position, float* scale) {
  if (desc == nullptr || position == nullptr || scale == nullptr) {
    return fail("cnnlGetTensorDescriptorPositionAndScale",
                CNNL_STATUS_BAD_PARAM, "desc, position or scale is NULL");
  }
  *position = desc->position;
  *scale = desc->scale;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetTensorDescriptorPosition(cnnlTensorDescriptor_t desc,
                                             int* position) {
  if (desc == nullptr || position == nullptr) {
    return fail("cnnlGetTensorDescriptorPosition", CNNL_STATUS_BAD_PARAM,
                "desc or position is NULL");
  }
  *position = desc->position;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlSetTensorDescriptorPointerMode(
    cnnlTensorDescriptor_t desc, cnnlPointerMode_t pointer_mode) {
  const char* api = "cnnlSetTensorDescriptorPointerMode";
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (pointer_mode != CNNL_POINTER_MODE_HOST &&
      pointer_mode != CNNL_POINTER_MODE_DEVICE) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "pointer_mode is not a cnnlPointerMode_t");
  }
  desc->pointer_mode = pointer_mode;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetTensorDescriptorPointerMode(
    cnnlTensorDescriptor_t desc, cnnlPointerMode_t* pointer_mode) {
  if (desc == nullptr || pointer_mode == nullptr) {
    return fail("cnnlGetTensorDescriptorPointerMode", CNNL_STATUS_BAD_PARAM,
                "desc or pointer_mode is NULL");
  }
  *pointer_mode = desc->pointer_mode;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetTensorDescriptorEx(cnnlTensorDescriptor_t desc,
                                       cnnlTensorLayout_t* layout,
                                       cnnlDataType_t* dtype, int* dimNb,
                                       int dimSize[], int dimStride[]) {
  const char* api = "cnnlGetTensorDescriptor";
  if (desc == nullptr || !desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL or was never set");
  }
  if (layout != nullptr) *layout = desc->layout;
  if (dtype != nullptr) *dtype = desc->dtype;
  if (dimNb != nullptr) *dimNb = int(desc->dims.size());
  for (size_t i = 0; i < desc->dims.size(); ++i) {
    if (dimSize != nullptr) dimSize[i] = int(desc->dims[i]);
    if (dimStride != nullptr) dimStride[i] = int(desc->strides[i]);
  }
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetTensorDescriptor(cnnlTensorDescriptor_t desc,
                                     cnnlTensorLayout_t* layout,
                                     cnnlDataType_t* dtype, int* dimNb,
                                     int dimSize[]) {
  return cnnlGetTensorDescriptorEx(desc, layout, dtype, dimNb, dimSize,
                                   nullptr);
}
size_t cnnlGetTensorElementNum(cnnlTensorDescriptor_t desc) {
  if (desc == nullptr || !desc->set) return 0;
  return size_t(element_count(*desc));
}

cnnlStatus_t cnnlGetSizeOfDataType(cnnlDataType_t data_type, size_t* size) {
  const char* api = "cnnlGetSizeOfDataType";
  if (size == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "size is NULL");
  *size = element_bytes(data_type);
  if (*size == 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown data type");
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlFill_v3(cnnlHandle_t handle, cnnlPointerMode_t pointer_mode,
                         const void* value,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output) {
  const char* api = "cnnlFill_v3";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  if (pointer_mode != CNNL_POINTER_MODE_HOST &&
      pointer_mode != CNNL_POINTER_MODE_DEVICE) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown pointer mode");
  }
  if (value == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "value is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!usable(api, output_desc, output, "output", &status)) return status;
  // Host and device memory are both host memory here: one element of the
  // output's type is read from `value` either way.
  const size_t bytes = element_bytes(output_desc->dtype);
  char* out = static_cast<char*>(output);
  if (bytes > 0 && is_dense(*output_desc) &&
      reinterpret_cast<uintptr_t>(out) % bytes == 0) {
    const int64_t n = element_count(*output_desc);
    switch (bytes) {
      case 1:
        std::memset(out, *static_cast<const unsigned char*>(value), size_t(n));
        return CNNL_STATUS_SUCCESS;
      case 2:
        fill_dense<uint16_t>(out, value, n);
        return CNNL_STATUS_SUCCESS;
      case 4:
        fill_dense<uint32_t>(out, value, n);
        return CNNL_STATUS_SUCCESS;
      case 8:
        fill_dense<uint64_t>(out, value, n);
        return CNNL_STATUS_SUCCESS;
    }
  }
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t at) {
    std::memcpy(out + at * int64_t(bytes), value, bytes);
  });
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlCopy(cnnlHandle_t handle,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlCopy";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (input_desc->dtype != output_desc->dtype ||
      input_desc->dims != output_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type or shape");
  }
  const int64_t bytes = int64_t(element_bytes(output_desc->dtype));
  std::vector<int64_t> sources;
  sources.reserve(size_t(element_count(*input_desc)));
  for_each_offset(input_desc->dims, input_desc->strides,
                  [&](int64_t at) { sources.push_back(at); });
  // Through a gathered copy so that overlapping input and output read the
  // input as it was.
  std::vector<char> staged(sources.size() * size_t(bytes));
  const char* in = static_cast<const char*>(input);
  for (size_t i = 0; i < sources.size(); ++i) {
    std::memcpy(staged.data() + int64_t(i) * bytes, in + sources[i] * bytes,
                size_t(bytes));
  }
  char* out = static_cast<char*>(output);
  size_t next = 0;
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t at) {
    std::memcpy(out + at * bytes, staged.data() + int64_t(next++) * bytes,
                size_t(bytes));
  });
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlCreateTransposeDescriptor(cnnlTransposeDescriptor_t* desc) {
  return create("cnnlCreateTransposeDescriptor", desc);
}
cnnlStatus_t cnnlDestroyTransposeDescriptor(cnnlTransposeDescriptor_t desc) {
  return destroy("cnnlDestroyTransposeDescriptor", desc);
}
cnnlStatus_t cnnlSetTransposeDescriptor(cnnlTransposeDescriptor_t desc,
                                        const int dims, const int permute[]) {
  const char* api = "cnnlSetTransposeDescriptor";
  if (desc == nullptr || permute == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "desc or permute is NULL");
  }
  if (dims < 1 || dims > CNNL_DIM_MAX) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "dims is not in [1, CNNL_DIM_MAX]");
  }
  std::vector<bool> seen(size_t(dims), false);
  for (int i = 0; i < dims; ++i) {
    if (permute[i] < 0 || permute[i] >= dims || seen[size_t(permute[i])]) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "permute is not a permutation of 0 .. dims - 1");
    }
    seen[size_t(permute[i])] = true;
  }
  desc->permute.assign(permute, permute + dims);
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetTransposeWorkspaceSize(cnnlHandle_t handle,
                                           const cnnlTensorDescriptor_t x_desc,
                                           const cnnlTransposeDescriptor_t desc,
                                           size_t* size) {
  if (handle == nullptr || x_desc == nullptr || desc == nullptr ||
      size == nullptr) {
    return fail("cnnlGetTransposeWorkspaceSize", CNNL_STATUS_BAD_PARAM,
                "handle, x_desc, desc or size is NULL");
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlTranspose_v2(cnnlHandle_t handle,
                              const cnnlTransposeDescriptor_t desc,
                              const cnnlTensorDescriptor_t x_desc,
                              const void* x,
                              const cnnlTensorDescriptor_t y_desc, void* y,
                              void* /*workspace*/, size_t /*workspace_size*/) {
  const char* api = "cnnlTranspose_v2";
  if (handle == nullptr || desc == nullptr || desc->permute.empty()) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "handle or desc is NULL, or desc was never set");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!usable(api, x_desc, x, "x", &status) ||
      !usable(api, y_desc, y, "y", &status)) {
    return status;
  }
  const size_t rank = desc->permute.size();
  if (x_desc->dims.size() != rank || y_desc->dims.size() != rank ||
      x_desc->dtype != y_desc->dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "x, y and desc differ in rank or data type");
  }
  // y's dimension i walks x's dimension permute[i].
  std::vector<int64_t> x_strides(rank);
  for (size_t i = 0; i < rank; ++i) {
    const size_t from = size_t(desc->permute[i]);
    if (y_desc->dims[i] != x_desc->dims[from]) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "y's shape is not x's shape permuted");
    }
    x_strides[i] = x_desc->strides[from];
  }
  cnnlTensorStruct x_as_y = *x_desc;
  x_as_y.dims = y_desc->dims;
  x_as_y.strides = x_strides;
  return cnnlCopy(handle, &x_as_y, x, y_desc, y);
}
cnnlStatus_t cnnlTranspose(cnnlHandle_t handle,
                           const cnnlTransposeDescriptor_t desc,
                           const cnnlTensorDescriptor_t x_desc, const void* x,
                           const cnnlTensorDescriptor_t y_desc, void* y) {
  return cnnlTranspose_v2(handle, desc, x_desc, x, y_desc, y, nullptr, 0);
}

cnnlStatus_t cnnlCreateOpTensorDescriptor(cnnlOpTensorDescriptor_t* desc) {
  return create("cnnlCreateOpTensorDescriptor", desc);
}
cnnlStatus_t cnnlDestroyOpTensorDescriptor(cnnlOpTensorDescriptor_t desc) {
  return destroy("cnnlDestroyOpTensorDescriptor", desc);
}
cnnlStatus_t cnnlSetOpTensorDescriptor(cnnlOpTensorDescriptor_t desc,
                                       cnnlOpTensorDesc_t op_type,
                                       cnnlDataType_t op_tensor_comp_type,
                                       cnnlNanPropagation_t op_tensor_nan_opt) {
  const char* api = "cnnlSetOpTensorDescriptor";
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (op_type != CNNL_OP_TENSOR_ADD && op_type != CNNL_OP_TENSOR_SUB &&
      op_type != CNNL_OP_TENSOR_MUL) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown operation");
  }
  if (!is_computable(op_tensor_comp_type)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "compute type is not float, half or int32");
  }
  if (op_tensor_nan_opt != CNNL_NOT_PROPAGATE_NAN &&
      op_tensor_nan_opt != CNNL_PROPAGATE_NAN) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown NaN option");
  }
  desc->set = true;
  desc->op = op_type;
  desc->compute_type = op_tensor_comp_type;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetOpTensorWorkspaceSize(cnnlHandle_t handle,
                                          const cnnlTensorDescriptor_t a_desc,
                                          const cnnlTensorDescriptor_t b_desc,
                                          const cnnlTensorDescriptor_t c_desc,
                                          size_t* size) {
  if (handle == nullptr || a_desc == nullptr || b_desc == nullptr ||
      c_desc == nullptr || size == nullptr) {
    return fail("cnnlGetOpTensorWorkspaceSize", CNNL_STATUS_BAD_PARAM,
                "handle, a descriptor or size is NULL");
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetOpTensorWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlOpTensorDescriptor_t op_desc,
    const void* /*alpha1*/, const cnnlTensorDescriptor_t a_desc,
    const void* /*a*/, const void* /*alpha2*/,
    const cnnlTensorDescriptor_t b_desc, const void* /*b*/,
    const void* /*beta*/, const cnnlTensorDescriptor_t c_desc,
    const void* /*c*/, size_t* workspace_size) {
  if (op_desc == nullptr) {
    return fail("cnnlGetOpTensorWorkspaceSize_v2", CNNL_STATUS_BAD_PARAM,
                "op_desc is NULL");
  }
  return cnnlGetOpTensorWorkspaceSize(handle, a_desc, b_desc, c_desc,
                                      workspace_size);
}
cnnlStatus_t cnnlOpTensor(
    cnnlHandle_t handle, const cnnlOpTensorDescriptor_t op_tensor_desc,
    const void* alpha1, const cnnlTensorDescriptor_t a_desc, const void* a,
    const void* alpha2, const cnnlTensorDescriptor_t b_desc, const void* b,
    void* /*workspace*/, size_t /*workspace_size*/, const void* beta,
    const cnnlTensorDescriptor_t c_desc, void* c) {
  const char* api = "cnnlOpTensor";
  if (handle == nullptr || op_tensor_desc == nullptr || !op_tensor_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "handle or op_tensor_desc is NULL, or it was never set");
  }
  if (alpha1 == nullptr || alpha2 == nullptr || beta == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "alpha1, alpha2 or beta is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!usable(api, a_desc, a, "a", &status) ||
      !usable(api, b_desc, b, "b", &status) ||
      !usable(api, c_desc, c, "c", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = c_desc->dtype;
  if (a_desc->dtype != dtype || b_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a, b and c differ in data type");
  }
  if (!is_computable(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "data type is not float, half or int32");
  }
  std::vector<int64_t> a_strides, b_strides;
  if (!broadcast_strides(*a_desc, *c_desc, &a_strides) ||
      !broadcast_strides(*b_desc, *c_desc, &b_strides)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "a or b does not broadcast to c's shape");
  }
  // Scaling factors: int for int32 tensors, float otherwise.
  auto scalar = [&](const void* p) -> double {
    if (dtype == CNNL_DTYPE_INT32) return *static_cast<const int*>(p);
    return *static_cast<const float*>(p);
  };
  const double s1 = scalar(alpha1), s2 = scalar(alpha2), s3 = scalar(beta);
  std::vector<int64_t> a_at, b_at;
  for_each_offset(c_desc->dims, a_strides,
                  [&](int64_t at) { a_at.push_back(at); });
  for_each_offset(c_desc->dims, b_strides,
                  [&](int64_t at) { b_at.push_back(at); });
  std::vector<double> result(a_at.size());
  const char* a_bytes = static_cast<const char*>(a);
  const char* b_bytes = static_cast<const char*>(b);
  for (size_t i = 0; i < a_at.size(); ++i) {
    const double x = s1 * load(dtype, a_bytes, a_at[i]);
    const double y = s2 * load(dtype, b_bytes, b_at[i]);
    switch (op_tensor_desc->op) {
      case CNNL_OP_TENSOR_ADD:
        result[i] = x + y;
        break;
      case CNNL_OP_TENSOR_SUB:
        result[i] = x - y;
        break;
      case CNNL_OP_TENSOR_MUL:
        result[i] = x * y;
        break;
    }
  }
  char* c_bytes = static_cast<char*>(c);
  size_t next = 0;
  for_each_offset(c_desc->dims, c_desc->strides, [&](int64_t at) {
    const double old = s3 == 0 ? 0.0 : s3 * load(dtype, c_bytes, at);
    store(dtype, c_bytes, at, result[next++] + old);
  });
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlMatMulDescCreate(cnnlMatMulDescriptor_t* desc) {
  return create("cnnlMatMulDescCreate", desc);
}
cnnlStatus_t cnnlMatMulDescDestroy(cnnlMatMulDescriptor_t desc) {
  return destroy("cnnlMatMulDescDestroy", desc);
}
cnnlStatus_t cnnlCreateMatMulDescriptor(cnnlMatMulDescriptor_t* desc) {
  return create("cnnlCreateMatMulDescriptor", desc);
}
cnnlStatus_t cnnlDestroyMatMulDescriptor(cnnlMatMulDescriptor_t desc) {
  return destroy("cnnlDestroyMatMulDescriptor", desc);
}
cnnlStatus_t cnnlSetMatMulDescAttr(cnnlMatMulDescriptor_t desc,
                                   cnnlMatMulDescAttribute_t attr,
                                   const void* buf, size_t size_in_bytes) {
  const char* api = "cnnlSetMatMulDescAttr";
  if (desc == nullptr || buf == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "desc or buf is NULL");
  }
  if (size_in_bytes != sizeof(int32_t)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "size_in_bytes is not 4");
  }
  int32_t value;
  std::memcpy(&value, buf, sizeof(value));
  switch (attr) {
    case CNNL_MATMUL_DESC_TRANSA:
      desc->trans_a = value;
      return CNNL_STATUS_SUCCESS;
    case CNNL_MATMUL_DESC_TRANSB:
      desc->trans_b = value;
      return CNNL_STATUS_SUCCESS;
    // Choices of how the hardware computes, with one answer on the host:
    // the product is accumulated in double and rounded once.
    case CNNL_MATMUL_DESC_COMPUTE_TYPE:
    case CNNL_MATMUL_ALLOW_TF32:
      return CNNL_STATUS_SUCCESS;
    // alpha and beta are read as floats.
    case CNNL_MATMUL_DESC_SCALE_TYPE:
      if (value == CNNL_DTYPE_FLOAT) return CNNL_STATUS_SUCCESS;
      return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                  "SCALE_TYPE other than float is not supported");
    default:
      return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                  "only TRANSA, TRANSB, COMPUTE_TYPE, SCALE_TYPE (float) and "
                  "ALLOW_TF32 are implemented");
  }
}
cnnlStatus_t cnnlMatMulAlgoCreate(cnnlMatMulAlgo_t* algo) {
  return create("cnnlMatMulAlgoCreate", algo);
}
cnnlStatus_t cnnlMatMulAlgoDestroy(cnnlMatMulAlgo_t algo) {
  return destroy("cnnlMatMulAlgoDestroy", algo);
}
cnnlStatus_t cnnlCreateMatMulAlgo(cnnlMatMulAlgo_t* algo) {
  return create("cnnlCreateMatMulAlgo", algo);
}
cnnlStatus_t cnnlDestroyMatMulAlgo(cnnlMatMulAlgo_t algo) {
  return destroy("cnnlDestroyMatMulAlgo", algo);
}
cnnlStatus_t cnnlCreateMatMulHeuristicResult(
    cnnlMatMulHeuristicResult_t* result) {
  return create("cnnlCreateMatMulHeuristicResult", result);
}
cnnlStatus_t cnnlDestroyMatMulHeuristicResult(
    cnnlMatMulHeuristicResult_t result) {
  return destroy("cnnlDestroyMatMulHeuristicResult", result);
}
cnnlStatus_t cnnlGetMatMulAlgoHeuristic(
    cnnlHandle_t handle, cnnlMatMulDescriptor_t matmul_desc,
    cnnlTensorDescriptor_t a_desc, cnnlTensorDescriptor_t b_desc,
    cnnlTensorDescriptor_t c_desc, cnnlTensorDescriptor_t d_desc,
    cnnlMatMulPrefer_t /*preference*/, int requested_algo_count,
    cnnlMatMulHeuristicResult_t result_array[], int* return_algo_count) {
  if (handle == nullptr || matmul_desc == nullptr || a_desc == nullptr ||
      b_desc == nullptr || c_desc == nullptr || d_desc == nullptr ||
      result_array == nullptr || return_algo_count == nullptr ||
      requested_algo_count < 1) {
    return fail("cnnlGetMatMulAlgoHeuristic", CNNL_STATUS_BAD_PARAM,
                "a NULL argument or requested_algo_count < 1");
  }
  *return_algo_count = 1;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlGetMatMulHeuristicResult(cnnlMatMulHeuristicResult_t result,
                                          cnnlMatMulAlgo_t algo,
                                          size_t* workspace_size) {
  if (result == nullptr || algo == nullptr || workspace_size == nullptr) {
    return fail("cnnlGetMatMulHeuristicResult", CNNL_STATUS_BAD_PARAM,
                "result, algo or workspace_size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlMatMul_v2(cnnlHandle_t handle,
                           const cnnlMatMulDescriptor_t matmul_desc,
                           const cnnlMatMulAlgo_t /*algo*/, const void* alpha,
                           const cnnlTensorDescriptor_t a_desc, const void* a,
                           const cnnlTensorDescriptor_t b_desc, const void* b,
                           const void* beta,
                           const cnnlTensorDescriptor_t c_desc, void* c,
                           void* /*workspace*/, size_t /*workspace_size*/,
                           const cnnlTensorDescriptor_t d_desc, void* d) {
  const char* api = "cnnlMatMul_v2";
  if (handle == nullptr || matmul_desc == nullptr || alpha == nullptr ||
      beta == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "handle, matmul_desc, alpha or beta is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!usable(api, a_desc, a, "a", &status) ||
      !usable(api, b_desc, b, "b", &status) ||
      !usable(api, c_desc, c, "c", &status) ||
      !usable(api, d_desc, d, "d", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = d_desc->dtype;
  if (dtype != CNNL_DTYPE_FLOAT && dtype != CNNL_DTYPE_HALF) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "data type is not float or half");
  }
  if (a_desc->dtype != dtype || b_desc->dtype != dtype ||
      c_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "a, b, c and d differ in data type");
  }
  if (a_desc->dims.size() != 2 || b_desc->dims.size() != 2 ||
      c_desc->dims.size() != 2 || d_desc->dims.size() != 2) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "only 2-D a, b, c and d are implemented");
  }
  // a is m x k (k x m transposed), b is k x n (n x k transposed).
  const bool ta = matmul_desc->trans_a != 0, tb = matmul_desc->trans_b != 0;
  const int64_t m = a_desc->dims[ta ? 1 : 0], k = a_desc->dims[ta ? 0 : 1];
  const int64_t n = b_desc->dims[tb ? 0 : 1];
  if (b_desc->dims[tb ? 1 : 0] != k || c_desc->dims[0] != m ||
      c_desc->dims[1] != n || d_desc->dims != c_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "the shapes of a, b, c and d do not match");
  }
  const int64_t a_row = a_desc->strides[ta ? 1 : 0];
  const int64_t a_col = a_desc->strides[ta ? 0 : 1];
  const int64_t b_row = b_desc->strides[tb ? 1 : 0];
  const int64_t b_col = b_desc->strides[tb ? 0 : 1];
  matrix_product({dtype, a, a_row, a_col}, {dtype, b, b_row, b_col}, m, k, n,
                 *static_cast<const float*>(alpha),
                 *static_cast<const float*>(beta),
                 {dtype, c, c_desc->strides[0], c_desc->strides[1]}, dtype, d,
                 d_desc->strides[0], d_desc->strides[1]);
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
