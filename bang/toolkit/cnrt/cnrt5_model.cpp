// CNRT 5's parameter descriptors: a data type and a shape, as code written
// for offline models passes them (the offline-model calls themselves are in
// not_supported.cpp).
#include <cstdint>
#include <vector>

#include "handle_registry.h"
#include "toolkit_internal.h"

struct cnrtParamDesc {
  cnrtDataType_t dtype = cnrtInvalid;
  std::vector<int> dims;
};

namespace {

// Never destroyed: calls made while the process exits find it intact.
xbang::detail::HandleRegistry<cnrtParamDesc>& descs() {
  static auto* registry = new xbang::detail::HandleRegistry<cnrtParamDesc>;
  return *registry;
}

// Bytes of one element; 0 for the types without a size (invalid, auto,
// 4-bit) and for values outside the enum.
size_t element_bytes(cnrtDataType_t t) {
  switch (t) {
    case cnrtInt8:
    case cnrtUInt8:
    case cnrtFix8:
    case cnrtQuant8:
    case cnrtBool:
      return 1;
    case cnrtFloat16:
    case cnrtInt16:
    case cnrtUInt16:
      return 2;
    case cnrtFloat32:
    case cnrtInt32:
    case cnrtUInt32:
      return 4;
    case cnrtFloat64:
    case cnrtInt64:
      return 8;
    default:
      return 0;
  }
}

bool known_type(cnrtDataType_t t) {
  return element_bytes(t) != 0 || t == cnrtInt4 || t == cnrtAuto;
}

template <class Use>
cnrtRet_t with_desc(const char* api, cnrtParamDesc_t desc, Use use) {
  cnrtRet_t ret = cnrtSuccess;
  if (!descs().with(desc, [&](cnrtParamDesc& d) { ret = use(d); })) {
    return xbang::detail::cnrt_fail(
        api, cnrtErrorArgsInvalid,
        "not a live descriptor from cnrtCreateParamDesc(Array)");
  }
  return ret;
}

// The element count, or false when a dim is below 1 or the product
// overflows.
bool element_count(const cnrtParamDesc& d, size_t* count) {
  size_t n = 1;
  for (int dim : d.dims) {
    if (dim < 1 || n > SIZE_MAX / size_t(dim)) return false;
    n *= size_t(dim);
  }
  *count = n;
  return !d.dims.empty();
}

}  // namespace

using xbang::detail::cnrt_fail;

extern "C" {

cnrtRet_t cnrtCreateParamDesc(cnrtParamDesc_t* param_desc) {
  if (param_desc == nullptr) {
    return cnrt_fail("cnrtCreateParamDesc", cnrtErrorArgsInvalid,
                     "param_desc is NULL");
  }
  *param_desc = descs().create();
  return cnrtSuccess;
}

cnrtRet_t cnrtDestroyParamDesc(cnrtParamDesc_t param_desc) {
  if (!descs().destroy(param_desc)) {
    return cnrt_fail("cnrtDestroyParamDesc", cnrtErrorArgsInvalid,
                     "not a live descriptor from cnrtCreateParamDesc");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtCreateParamDescArray(cnrtParamDescArray_t* param_descs,
                                   int param_num) {
  constexpr const char* kApi = "cnrtCreateParamDescArray";
  if (param_descs == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "param_descs is NULL");
  }
  if (param_num <= 0) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "param_num must be > 0");
  }
  auto* array = new cnrtParamDesc_t[size_t(param_num)];
  for (int i = 0; i < param_num; ++i) array[i] = descs().create();
  *param_descs = array;
  return cnrtSuccess;
}

cnrtRet_t cnrtDestroyParamDescArray(cnrtParamDescArray_t param_descs,
                                    int param_num) {
  constexpr const char* kApi = "cnrtDestroyParamDescArray";
  if (param_descs == nullptr || param_num <= 0) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "param_descs is NULL or param_num is not > 0");
  }
  // Every entry is checked before any is destroyed: a wrong count or a
  // foreign array changes nothing.
  for (int i = 0; i < param_num; ++i) {
    if (!descs().live(param_descs[i])) {
      return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                       "an entry is not a live descriptor");
    }
  }
  for (int i = 0; i < param_num; ++i) descs().destroy(param_descs[i]);
  delete[] param_descs;
  return cnrtSuccess;
}

cnrtRet_t cnrtSetShapeToParamDesc(cnrtParamDesc_t param_desc, int* dims,
                                  int dim_num) {
  constexpr const char* kApi = "cnrtSetShapeToParamDesc";
  if (dims == nullptr || dim_num < 1 || dim_num > CNRT_PARAM_DESC_MAX_DIMS) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "dims is NULL or dim_num is outside [1, "
                     "CNRT_PARAM_DESC_MAX_DIMS]");
  }
  for (int i = 0; i < dim_num; ++i) {
    if (dims[i] < 0) {
      return cnrt_fail(kApi, cnrtErrorArgsInvalid, "a dim is negative");
    }
  }
  return with_desc(kApi, param_desc, [&](cnrtParamDesc& d) {
    d.dims.assign(dims, dims + dim_num);
    return cnrtSuccess;
  });
}

cnrtRet_t cnrtSetDataTypeToParamDesc(cnrtParamDesc_t param_desc,
                                     cnrtDataType_t dtype) {
  constexpr const char* kApi = "cnrtSetDataTypeToParamDesc";
  if (!known_type(dtype)) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "dtype is not a cnrtDataType_t (or is cnrtInvalid)");
  }
  return with_desc(kApi, param_desc, [&](cnrtParamDesc& d) {
    d.dtype = dtype;
    return cnrtSuccess;
  });
}

cnrtRet_t cnrtGetShapeFromParamDesc(cnrtParamDesc_t param_desc, int** dims,
                                    int* dim_num) {
  constexpr const char* kApi = "cnrtGetShapeFromParamDesc";
  if (dims == nullptr || dim_num == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "dims or dim_num is NULL");
  }
  return with_desc(kApi, param_desc, [&](cnrtParamDesc& d) {
    if (d.dims.empty()) {
      return cnrt_fail(kApi, cnrtErrorArgsInvalid, "no shape was set");
    }
    *dims = d.dims.data();
    *dim_num = int(d.dims.size());
    return cnrtSuccess;
  });
}

cnrtRet_t cnrtGetDataTypeFromParamDesc(cnrtParamDesc_t param_desc,
                                       cnrtDataType_t* dtype) {
  constexpr const char* kApi = "cnrtGetDataTypeFromParamDesc";
  if (dtype == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "dtype is NULL");
  }
  return with_desc(kApi, param_desc, [&](cnrtParamDesc& d) {
    *dtype = d.dtype;
    return cnrtSuccess;
  });
}

cnrtRet_t cnrtGetParamElementNum(cnrtParamDesc_t param_desc, size_t* num) {
  constexpr const char* kApi = "cnrtGetParamElementNum";
  if (num == nullptr) return cnrt_fail(kApi, cnrtErrorArgsInvalid, "NULL num");
  return with_desc(kApi, param_desc, [&](cnrtParamDesc& d) {
    if (!element_count(d, num)) {
      return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                       "no shape, a dim below 1, or the count overflows");
    }
    return cnrtSuccess;
  });
}

cnrtRet_t cnrtGetParamDescSize(cnrtParamDesc_t param_desc, int64_t* size) {
  constexpr const char* kApi = "cnrtGetParamDescSize";
  if (size == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "size is NULL");
  }
  return with_desc(kApi, param_desc, [&](cnrtParamDesc& d) {
    size_t count = 0;
    const size_t bytes = element_bytes(d.dtype);
    if (bytes == 0) {
      return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                       "the data type has no byte size");
    }
    if (!element_count(d, &count) || count > size_t(INT64_MAX) / bytes) {
      return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                       "no shape, a dim below 1, or the size overflows");
    }
    *size = int64_t(count * bytes);
    return cnrtSuccess;
  });
}

}  // extern "C"
