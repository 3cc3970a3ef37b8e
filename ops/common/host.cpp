#include "common/host.h"

#include <algorithm>
#include <cstdio>
#include <new>

#include "xbang/core/arch.h"
#include "xbang/runtime/device.h"

namespace mluop {
namespace {
thread_local std::string last_error;
}

void log_error(const char* api, const std::string& message) {
  last_error = std::string(api) + " " + message;
  std::fprintf(stderr, "[mluOp] %s\n", last_error.c_str());
}

std::string take_last_error() {
  std::string out;
  out.swap(last_error);
  return out;
}

size_t dtype_size(mluOpDataType_t dtype) {
  switch (dtype) {
    case MLUOP_DTYPE_HALF:
    case MLUOP_DTYPE_INT16:
      return 2;
    case MLUOP_DTYPE_FLOAT:
    case MLUOP_DTYPE_INT32:
      return 4;
    case MLUOP_DTYPE_INT8:
    case MLUOP_DTYPE_BOOL:
      return 1;
    case MLUOP_DTYPE_INT64:
      return 8;
    default:
      return 0;
  }
}

const char* dtype_name(mluOpDataType_t dtype) {
  switch (dtype) {
    case MLUOP_DTYPE_HALF:
      return "HALF";
    case MLUOP_DTYPE_FLOAT:
      return "FLOAT";
    case MLUOP_DTYPE_INT8:
      return "INT8";
    case MLUOP_DTYPE_INT16:
      return "INT16";
    case MLUOP_DTYPE_INT32:
      return "INT32";
    case MLUOP_DTYPE_INT64:
      return "INT64";
    case MLUOP_DTYPE_BOOL:
      return "BOOL";
    default:
      return "INVALID";
  }
}

const char* layout_name(mluOpTensorLayout_t layout) {
  switch (layout) {
    case MLUOP_LAYOUT_NCHW:
      return "NCHW";
    case MLUOP_LAYOUT_NHWC:
      return "NHWC";
    case MLUOP_LAYOUT_HWCN:
      return "HWCN";
    case MLUOP_LAYOUT_NDHWC:
      return "NDHWC";
    case MLUOP_LAYOUT_ARRAY:
      return "ARRAY";
    case MLUOP_LAYOUT_NCDHW:
      return "NCDHW";
    default:
      return "INVALID";
  }
}

std::string tensor_name(const char* desc_argument) {
  std::string name = desc_argument;
  const std::string suffix = "_desc";
  if (name.size() > suffix.size() &&
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
    name.resize(name.size() - suffix.size());
  }
  return name;
}

std::string shape_text(const mluOpTensorDescriptor_t desc) {
  std::string s = "[";
  for (int i = 0; i < desc->dim; ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(desc->dims[i]);
  }
  return s + "]";
}

void policyUnion1(const mluOpHandle_t handle, int64_t work_items,
                  int64_t min_items_per_core, cnrtDim3_t* k_dim,
                  cnrtFunctionType_t* k_type) {
  const int64_t cores = handle->core_num_per_cluster;
  const int64_t items_per_cluster =
      cores * std::max<int64_t>(1, min_items_per_core);
  const int64_t clusters_needed =
      work_items / items_per_cluster + (work_items % items_per_cluster > 0);
  const int64_t clusters = std::clamp<int64_t>(
      clusters_needed, 1, std::clamp(handle->cluster_num, 1, kMaxClusterNum));
  *k_type = cnrtFuncTypeUnion1;
  *k_dim = {unsigned(cores), unsigned(clusters), 1u};
}

void policyBlock(const mluOpHandle_t handle, int64_t work_items,
                 cnrtDim3_t* k_dim, cnrtFunctionType_t* k_type) {
  const int64_t core_num =
      int64_t(std::clamp(handle->cluster_num, 1, kMaxClusterNum)) *
      handle->core_num_per_cluster;
  *k_type = cnrtFuncTypeBlock;
  *k_dim = {unsigned(std::clamp<int64_t>(work_items, 1, core_num)), 1u, 1u};
}

}  // namespace mluop

namespace {
constexpr const char* kHandleApi = "[mluOpHandle]";
constexpr const char* kTensorApi = "[mluOpTensorDescriptor]";

bool known_layout(mluOpTensorLayout_t layout) {
  return layout >= MLUOP_LAYOUT_NCHW && layout <= MLUOP_LAYOUT_NCDHW;
}
}  // namespace

extern "C" {

const char* mluOpGetErrorString(mluOpStatus_t status) {
  switch (status) {
    case MLUOP_STATUS_SUCCESS:
      return "MLUOP_STATUS_SUCCESS";
    case MLUOP_STATUS_NOT_INITIALIZED:
      return "MLUOP_STATUS_NOT_INITIALIZED";
    case MLUOP_STATUS_ALLOC_FAILED:
      return "MLUOP_STATUS_ALLOC_FAILED";
    case MLUOP_STATUS_BAD_PARAM:
      return "MLUOP_STATUS_BAD_PARAM";
    case MLUOP_STATUS_INTERNAL_ERROR:
      return "MLUOP_STATUS_INTERNAL_ERROR";
    case MLUOP_STATUS_ARCH_MISMATCH:
      return "MLUOP_STATUS_ARCH_MISMATCH";
    case MLUOP_STATUS_EXECUTION_FAILED:
      return "MLUOP_STATUS_EXECUTION_FAILED";
    case MLUOP_STATUS_NOT_SUPPORTED:
      return "MLUOP_STATUS_NOT_SUPPORTED";
  }
  return "unknown mluOpStatus_t";
}

mluOpStatus_t mluOpCreate(mluOpHandle_t* handle) {
  XBANG_HOST_CHECK_NULL(kHandleApi, handle);
  auto* ctx = new (std::nothrow) mluOpContext;
  XBANG_HOST_CHECK(kHandleApi, ctx != nullptr, MLUOP_STATUS_ALLOC_FAILED,
                   "out of host memory");
  // The handle stands for the device: its clusters, by the device's rule.
  const xbang::ClusterSetting clusters = xbang::device_cluster_setting();
  if (!clusters.valid) delete ctx;
  XBANG_HOST_CHECK(kHandleApi, clusters.valid, MLUOP_STATUS_BAD_PARAM,
                   "XBANG_CLUSTERS must be a whole number in [1, " +
                       std::to_string(mluop::kMaxClusterNum) + "]");
  ctx->arch = xbang::kArch;
  ctx->cluster_num = clusters.count;
  ctx->core_num_per_cluster = xbang::kCoresPerCluster;
  *handle = ctx;
  return MLUOP_STATUS_SUCCESS;
}

mluOpStatus_t mluOpDestroy(mluOpHandle_t handle) {
  XBANG_HOST_CHECK_NULL(kHandleApi, handle);
  delete handle;
  return MLUOP_STATUS_SUCCESS;
}

mluOpStatus_t mluOpSetQueue(mluOpHandle_t handle, cnrtQueue_t queue) {
  XBANG_HOST_CHECK_NULL(kHandleApi, handle);
  handle->queue = queue;
  return MLUOP_STATUS_SUCCESS;
}

mluOpStatus_t mluOpGetQueue(mluOpHandle_t handle, cnrtQueue_t* queue) {
  XBANG_HOST_CHECK_NULL(kHandleApi, handle);
  XBANG_HOST_CHECK_NULL(kHandleApi, queue);
  *queue = handle->queue;
  return MLUOP_STATUS_SUCCESS;
}

mluOpStatus_t mluOpSetDeviceArch(mluOpHandle_t handle, int arch) {
  XBANG_HOST_CHECK_NULL(kHandleApi, handle);
  XBANG_HOST_CHECK(kHandleApi, arch == 290 || arch == 372 || arch == 592,
                   MLUOP_STATUS_BAD_PARAM, "arch must be 290, 372 or 592");
  handle->arch = arch;
  return MLUOP_STATUS_SUCCESS;
}

int mluOpGetDeviceArch(mluOpHandle_t handle) {
  return handle != nullptr ? handle->arch : 0;
}

mluOpStatus_t mluOpSetClusterNum(mluOpHandle_t handle, int cluster_num) {
  XBANG_HOST_CHECK_NULL(kHandleApi, handle);
  XBANG_HOST_CHECK(kHandleApi,
                   cluster_num > 0 && cluster_num <= mluop::kMaxClusterNum,
                   MLUOP_STATUS_BAD_PARAM,
                   "cluster_num must be in [1, " +
                       std::to_string(mluop::kMaxClusterNum) + "]");
  handle->cluster_num = cluster_num;
  return MLUOP_STATUS_SUCCESS;
}

int mluOpGetClusterNum(mluOpHandle_t handle) {
  return handle != nullptr ? handle->cluster_num : 0;
}

int mluOpGetCoreNumPerCluster(mluOpHandle_t handle) {
  return handle != nullptr ? handle->core_num_per_cluster : 0;
}

mluOpStatus_t mluOpCreateTensorDescriptor(mluOpTensorDescriptor_t* desc) {
  XBANG_HOST_CHECK_NULL(kTensorApi, desc);
  auto* d = new (std::nothrow) mluOpTensorStruct;
  XBANG_HOST_CHECK(kTensorApi, d != nullptr, MLUOP_STATUS_ALLOC_FAILED,
                   "out of host memory");
  *desc = d;
  return MLUOP_STATUS_SUCCESS;
}

mluOpStatus_t mluOpSetTensorDescriptor(mluOpTensorDescriptor_t desc,
                                       mluOpTensorLayout_t layout,
                                       mluOpDataType_t dtype, int dimNb,
                                       const int dimSize[]) {
  XBANG_HOST_CHECK_NULL(kTensorApi, desc);
  XBANG_HOST_CHECK(kTensorApi, known_layout(layout), MLUOP_STATUS_BAD_PARAM,
                   "unknown layout");
  XBANG_HOST_CHECK(kTensorApi, mluop::dtype_size(dtype) != 0,
                   MLUOP_STATUS_BAD_PARAM, "unknown or invalid dtype");
  XBANG_HOST_CHECK(kTensorApi, dimNb > 0 && dimNb <= MLUOP_DIM_MAX,
                   MLUOP_STATUS_BAD_PARAM, "dimNb must be in [1, 8]");
  XBANG_HOST_CHECK_NULL(kTensorApi, dimSize);
  int64_t total = 1;
  for (int i = 0; i < dimNb; ++i) {
    XBANG_HOST_CHECK(kTensorApi, dimSize[i] >= 0, MLUOP_STATUS_BAD_PARAM,
                     "dims must not be negative");
    XBANG_HOST_CHECK(
        kTensorApi, !__builtin_mul_overflow(total, int64_t(dimSize[i]), &total),
        MLUOP_STATUS_BAD_PARAM, "element count overflows int64");
  }
  desc->layout = layout;
  desc->dtype = dtype;
  desc->dim = dimNb;
  for (int i = 0; i < MLUOP_DIM_MAX; ++i) {
    desc->dims[i] = i < dimNb ? dimSize[i] : 0;
  }
  desc->total_element_num = total;
  return MLUOP_STATUS_SUCCESS;
}

mluOpStatus_t mluOpGetTensorDescriptor(const mluOpTensorDescriptor_t desc,
                                       mluOpTensorLayout_t* layout,
                                       mluOpDataType_t* dtype, int* dimNb,
                                       int dimSize[]) {
  XBANG_HOST_CHECK_NULL(kTensorApi, desc);
  if (layout != nullptr) *layout = desc->layout;
  if (dtype != nullptr) *dtype = desc->dtype;
  if (dimNb != nullptr) *dimNb = desc->dim;
  if (dimSize != nullptr) {
    for (int i = 0; i < desc->dim; ++i) dimSize[i] = int(desc->dims[i]);
  }
  return MLUOP_STATUS_SUCCESS;
}

mluOpStatus_t mluOpDestroyTensorDescriptor(mluOpTensorDescriptor_t desc) {
  XBANG_HOST_CHECK_NULL(kTensorApi, desc);
  delete desc;
  return MLUOP_STATUS_SUCCESS;
}

size_t mluOpGetTensorElementNum(const mluOpTensorDescriptor_t desc) {
  return desc != nullptr ? size_t(desc->total_element_num) : 0;
}

mluOpStatus_t mluOpGetSizeOfDataType(mluOpDataType_t dtype, size_t* size) {
  XBANG_HOST_CHECK_NULL(kTensorApi, size);
  *size = mluop::dtype_size(dtype);
  XBANG_HOST_CHECK(kTensorApi, *size != 0, MLUOP_STATUS_BAD_PARAM,
                   "unknown or invalid dtype");
  return MLUOP_STATUS_SUCCESS;
}

}  // extern "C"
