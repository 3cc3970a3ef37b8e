// CNDrv for the emulated device: errors, versions, the device and its
// attributes, the one context and its configuration, pinned host memory.
#include <cn_api.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "toolkit_internal.h"
#include "xbang/core/arch.h"
#include "xbang/runtime/device.h"

using xbang::detail::cndrv_fail;

namespace {

struct ResultName {
  CNresult code;
  const char* name;
  const char* message;
};

constexpr ResultName kResults[] = {
    {CN_SUCCESS, "CN_SUCCESS", "no error"},
    {CN_ERROR_NOT_READY, "CN_ERROR_NOT_READY",
     "asynchronous operations have not completed"},
    {CN_ERROR_NOT_INITIALIZED, "CN_ERROR_NOT_INITIALIZED",
     "CNDrv is not initialized"},
    {CN_ERROR_DEINITIALIZED, "CN_ERROR_DEINITIALIZED",
     "the driver is shutting down"},
    {CN_ERROR_NO_DEVICE, "CN_ERROR_NO_DEVICE", "no MLU device"},
    {CN_ERROR_INVALID_DEVICE, "CN_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CN_ERROR_INVALID_VALUE, "CN_ERROR_INVALID_VALUE", "invalid argument"},
    {CN_ERROR_OPERATING_SYSTEM, "CN_ERROR_OPERATING_SYSTEM",
     "an operating system call failed"},
    {CN_ERROR_SYSTEM_OUT_OF_MEMORY, "CN_ERROR_SYSTEM_OUT_OF_MEMORY",
     "out of host memory"},
    {CN_ERROR_INVALID_ADDRESS, "CN_ERROR_INVALID_ADDRESS",
     "invalid host address"},
    {CN_ERROR_INVALID_HANDLE, "CN_ERROR_INVALID_HANDLE",
     "invalid resource handle"},
    {CN_ERROR_ILLEGAL_STATE, "CN_ERROR_ILLEGAL_STATE",
     "resource in an illegal state"},
    {CN_OPS_ERROR_NOT_SUPPORTED, "CN_OPS_ERROR_NOT_SUPPORTED",
     "operation not supported"},
    {CN_OPS_ERROR_NOT_PERMITTED, "CN_OPS_ERROR_NOT_PERMITTED",
     "operation not permitted"},
    {CN_OPS_ERROR_TIMEOUT, "CN_OPS_ERROR_TIMEOUT", "operation timed out"},
    {CN_OPS_ERROR_OUT_OF_RESOURCES, "CN_OPS_ERROR_OUT_OF_RESOURCES",
     "out of resources"},
    {CN_QUEUE_ERROR_INVALID, "CN_QUEUE_ERROR_INVALID", "invalid queue"},
    {CN_NOTIFIER_ERROR_INVALID, "CN_NOTIFIER_ERROR_INVALID",
     "invalid notifier"},
    {CN_MEMORY_ERROR_OUT_OF_MEMORY, "CN_MEMORY_ERROR_OUT_OF_MEMORY",
     "out of MLU memory"},
    {CN_MEMORY_ERROR_INVALID_ADDRESS, "CN_MEMORY_ERROR_INVALID_ADDRESS",
     "invalid MLU address"},
    {CN_INVOKE_ERROR, "CN_INVOKE_ERROR", "kernel execution failed"},
    {CN_CONTEXT_ERROR_INVALID, "CN_CONTEXT_ERROR_INVALID",
     "invalid or unbound context"},
    {CN_ERROR_NOT_FOUND, "CN_ERROR_NOT_FOUND", "not found"},
    {CN_ERROR_INVALID_KERNEL, "CN_ERROR_INVALID_KERNEL", "invalid kernel"},
    {CN_ERROR_UNKNOWN, "CN_ERROR_UNKNOWN", "unknown error"},
};

const ResultName* find_result(CNresult code) {
  for (const ResultName& r : kResults) {
    if (r.code == code) return &r;
  }
  return nullptr;
}

int union_clusters(KernelClass kernel_class) {
  switch (kernel_class) {
    case CN_KERNEL_CLASS_UNION:
      return 1;
    case CN_KERNEL_CLASS_UNION2:
      return 2;
    case CN_KERNEL_CLASS_UNION4:
      return 4;
    case CN_KERNEL_CLASS_UNION8:
      return 8;
    case CN_KERNEL_CLASS_UNION16:
      return 16;
    default:
      return 0;
  }
}

// The checks every CNDrv device query makes: an output and device 0.
CNresult check_device_query(const char* api, const void* out, CNdev device) {
  if (out == nullptr) {
    return cndrv_fail(api, CN_ERROR_INVALID_VALUE, "the output is NULL");
  }
  if (!xbang::detail::valid_device(device)) {
    return cndrv_fail(api, CN_ERROR_INVALID_DEVICE,
                      "no emulated device has this ordinal (XBANG_DEVICE)");
  }
  return CN_SUCCESS;
}

bool valid_context(CNcontext context) {
  return context == xbang::detail::device_context();
}

// cnMalloc and cnMallocConstant through their CNRT twins.
CNresult allocate(const char* api, cnrtRet_t (*cnrt_allocate)(void**, size_t),
                  CNaddr* pmem, cn_uint64_t bytes) {
  if (pmem == nullptr) {
    return cndrv_fail(api, CN_ERROR_INVALID_VALUE, "pmem is NULL");
  }
  if (bytes == 0) {
    return cndrv_fail(api, CN_ERROR_INVALID_VALUE, "bytes is 0");
  }
  if (bytes > SIZE_MAX) {
    return cndrv_fail(api, CN_MEMORY_ERROR_OUT_OF_MEMORY,
                      "size does not fit the host's address space");
  }
  void* p = nullptr;
  const cnrtRet_t ret = cnrt_allocate(&p, size_t(bytes));
  if (ret != cnrtSuccess) {
    return ret == cnrtErrorArgsInvalid ? CN_ERROR_INVALID_VALUE
                                       : CN_MEMORY_ERROR_OUT_OF_MEMORY;
  }
  *pmem = CNaddr(uintptr_t(p));
  return CN_SUCCESS;
}

}  // namespace

extern "C" {

CNresult cnInit(unsigned int flags) {
  if (flags != 0) {
    return cndrv_fail("cnInit", CN_ERROR_INVALID_VALUE, "flags must be 0");
  }
  return CN_SUCCESS;
}

CNresult cnGetErrorString(CNresult error, const char** str) {
  if (str == nullptr) return CN_ERROR_INVALID_VALUE;
  const ResultName* r = find_result(error);
  *str = r != nullptr ? r->message : "unknown CNresult";
  return r != nullptr ? CN_SUCCESS : CN_ERROR_INVALID_VALUE;
}

CNresult cnGetErrorName(CNresult error, const char** str) {
  if (str == nullptr) return CN_ERROR_INVALID_VALUE;
  const ResultName* r = find_result(error);
  *str = r != nullptr ? r->name : "CN_ERROR_UNRECOGNIZED";
  return r != nullptr ? CN_SUCCESS : CN_ERROR_INVALID_VALUE;
}

CNresult cnGetLibVersion(int* major, int* minor, int* patch) {
  if (major == nullptr || minor == nullptr || patch == nullptr) {
    return cndrv_fail("cnGetLibVersion", CN_ERROR_INVALID_VALUE,
                      "an output is NULL");
  }
  *major = CN_MAJOR_VERSION;
  *minor = CN_MINOR_VERSION;
  *patch = CN_PATCH_VERSION;
  return CN_SUCCESS;
}

CNresult cnGetDriverVersion(int* major, int* minor, int* patch) {
  if (major == nullptr || minor == nullptr || patch == nullptr) {
    return cndrv_fail("cnGetDriverVersion", CN_ERROR_INVALID_VALUE,
                      "an output is NULL");
  }
  *major = CN_MAJOR_VERSION;
  *minor = CN_MINOR_VERSION;
  *patch = CN_PATCH_VERSION;
  return CN_SUCCESS;
}

CNresult cnDeviceGetCount(int* count) {
  if (count == nullptr) {
    return cndrv_fail("cnDeviceGetCount", CN_ERROR_INVALID_VALUE,
                      "count is NULL");
  }
  *count = xbang::detail::device_count();
  return CN_SUCCESS;
}

CNresult cnDeviceGet(CNdev* device, int ordinal) {
  const CNresult checked = check_device_query("cnDeviceGet", device, ordinal);
  if (checked != CN_SUCCESS) return checked;
  *device = ordinal;
  return CN_SUCCESS;
}

CNresult cnDeviceGetAttribute(int* value, CNdevice_attribute attribute,
                              CNdev device) {
  constexpr const char* kApi = "cnDeviceGetAttribute";
  const CNresult checked = check_device_query(kApi, value, device);
  if (checked != CN_SUCCESS) return checked;
  if (!xbang::detail::device_attribute(int(attribute), value, device)) {
    return cndrv_fail(kApi, CN_ERROR_INVALID_VALUE,
                      "unknown CNdevice_attribute");
  }
  return CN_SUCCESS;
}

CNresult cnDeviceGetName(char* name, unsigned int length, CNdev device) {
  constexpr const char* kApi = "cnDeviceGetName";
  const CNresult checked = check_device_query(kApi, name, device);
  if (checked != CN_SUCCESS) return checked;
  char full[64];
  std::snprintf(full, sizeof(full), "%s", xbang::detail::device_name(device));
  if (std::strlen(full) + 1 > length) {
    return cndrv_fail(kApi, CN_ERROR_INVALID_VALUE,
                      "the name does not fit in length bytes");
  }
  std::memcpy(name, full, std::strlen(full) + 1);
  return CN_SUCCESS;
}

CNresult cnDeviceTotalMem(cn_uint64_t* bytes, CNdev device) {
  int megabytes = 0;
  const CNresult r = cnDeviceGetAttribute(
      &megabytes, CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_TOTAL_SIZE, device);
  if (r != CN_SUCCESS) return r;
  if (bytes == nullptr) {
    return cndrv_fail("cnDeviceTotalMem", CN_ERROR_INVALID_VALUE,
                      "bytes is NULL");
  }
  *bytes = cn_uint64_t(megabytes) << 20;
  return CN_SUCCESS;
}

CNresult cnCtxGetCurrent(CNcontext* context) {
  if (context == nullptr) {
    return cndrv_fail("cnCtxGetCurrent", CN_ERROR_INVALID_VALUE,
                      "context is NULL");
  }
  *context = xbang::detail::device_context_bound()
                 ? xbang::detail::device_context()
                 : nullptr;
  return CN_SUCCESS;
}

CNresult cnCtxSetCurrent(CNcontext context) {
  if (context != nullptr && !valid_context(context)) {
    return cndrv_fail("cnCtxSetCurrent", CN_CONTEXT_ERROR_INVALID,
                      "not the device's context");
  }
  xbang::detail::set_device_context_bound(context != nullptr);
  return CN_SUCCESS;
}

CNresult cnCtxGetDevice(CNdev* device) {
  if (device == nullptr) {
    return cndrv_fail("cnCtxGetDevice", CN_ERROR_INVALID_VALUE,
                      "device is NULL");
  }
  if (!xbang::detail::device_context_bound()) {
    return cndrv_fail("cnCtxGetDevice", CN_CONTEXT_ERROR_INVALID,
                      "no context is bound to this thread (cnrtSetDevice "
                      "binds it)");
  }
  *device = 0;
  return CN_SUCCESS;
}

CNresult cnCtxSync(void) {
  // Work finishes before the call that enqueued it returns.
  return xbang::detail::device_context_bound()
             ? CN_SUCCESS
             : cndrv_fail("cnCtxSync", CN_CONTEXT_ERROR_INVALID,
                          "no context is bound to this thread");
}

CNresult cnSharedContextAcquire(CNcontext* context, CNdev device) {
  const CNresult checked =
      check_device_query("cnSharedContextAcquire", context, device);
  if (checked != CN_SUCCESS) return checked;
  *context = xbang::detail::device_context();
  return CN_SUCCESS;
}

CNresult cnSharedContextRelease(CNdev device) {
  return check_device_query("cnSharedContextRelease", &device, device);
}

CNresult cnGetCtxConfigParam(CNcontext context, CNctxConfigParamType type,
                             CNctxConfigParam* param) {
  constexpr const char* kApi = "cnGetCtxConfigParam";
  if (!valid_context(context)) {
    return cndrv_fail(kApi, CN_CONTEXT_ERROR_INVALID,
                      "not the device's context");
  }
  if (param == nullptr) {
    return cndrv_fail(kApi, CN_ERROR_INVALID_VALUE, "param is NULL");
  }
  const int clusters = xbang::device_cluster_count();
  switch (type) {
    case CN_CTX_CONFIG_VISIBLE_CLUSTER:
      param->visibleCluster =
          clusters >= 64 ? ~cn_uint64_t(0) : (cn_uint64_t(1) << clusters) - 1;
      return CN_SUCCESS;
    case CN_CTX_CONFIG_VISIBLE_CLUSTER_NUM:
      param->visibleClusterNumber = cn_uint64_t(clusters);
      return CN_SUCCESS;
    case CN_CTX_CONFIG_UNION_LIMIT: {
      int largest = 1;
      xbang::detail::device_attribute(
          CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT_PER_UNION_TASK, &largest);
      param->unionLimit = KernelClass(CN_KERNEL_CLASS_UNION * largest);
      return CN_SUCCESS;
    }
    default:
      return cndrv_fail(kApi, CN_ERROR_INVALID_VALUE,
                        "unknown CNctxConfigParamType");
  }
}

CNresult cnSetCtxConfigParam(CNcontext context, CNctxConfigParamType,
                             CNctxConfigParam* param) {
  constexpr const char* kApi = "cnSetCtxConfigParam";
  if (!valid_context(context)) {
    return cndrv_fail(kApi, CN_CONTEXT_ERROR_INVALID,
                      "not the device's context");
  }
  if (param == nullptr) {
    return cndrv_fail(kApi, CN_ERROR_INVALID_VALUE, "param is NULL");
  }
  return cndrv_fail(kApi, CN_OPS_ERROR_NOT_SUPPORTED,
                    "the emulated cluster set is fixed (XBANG_CLUSTERS)");
}

CNresult cnGetCtxMaxParallelUnionTasks(CNcontext context,
                                       KernelClass kernel_class, int* number) {
  constexpr const char* kApi = "cnGetCtxMaxParallelUnionTasks";
  if (!valid_context(context)) {
    return cndrv_fail(kApi, CN_CONTEXT_ERROR_INVALID,
                      "not the device's context");
  }
  if (number == nullptr) {
    return cndrv_fail(kApi, CN_ERROR_INVALID_VALUE, "number is NULL");
  }
  const int clusters = xbang::device_cluster_count();
  if (kernel_class == CN_KERNEL_CLASS_BLOCK) {
    *number = clusters * xbang::kCoresPerCluster;
    return CN_SUCCESS;
  }
  const int per_task = union_clusters(kernel_class);
  if (per_task == 0) {
    return cndrv_fail(kApi, CN_ERROR_INVALID_VALUE, "unknown KernelClass");
  }
  *number = clusters / per_task;
  return CN_SUCCESS;
}

CNresult cnQueueGetContext(CNqueue queue, CNcontext* context) {
  if (context == nullptr) {
    return cndrv_fail("cnQueueGetContext", CN_ERROR_INVALID_VALUE,
                      "context is NULL");
  }
  if (!xbang::detail::queue_is_live(queue)) {
    return cndrv_fail("cnQueueGetContext", CN_QUEUE_ERROR_INVALID,
                      "not a live queue");
  }
  *context = xbang::detail::device_context();
  return CN_SUCCESS;
}

CNresult cnMalloc(CNaddr* pmem, cn_uint64_t bytes) {
  return allocate("cnMalloc", cnrtMalloc, pmem, bytes);
}

CNresult cnMallocConstant(CNaddr* pmem, cn_uint64_t bytes) {
  return allocate("cnMallocConstant", cnrtMallocConstant, pmem, bytes);
}

CNresult cnFree(CNaddr ptr) {
  cnrtPointerAttributes_t attr;
  void* p = reinterpret_cast<void*>(uintptr_t(ptr));
  if (ptr == 0 || cnrtPointerGetAttributes(&attr, p) != cnrtSuccess ||
      attr.type != cnrtMemTypeDevice || attr.deviceBasePointer != p) {
    return cndrv_fail("cnFree", CN_MEMORY_ERROR_INVALID_ADDRESS,
                      "not the start of a live device allocation");
  }
  return cnrtFree(p) == cnrtSuccess ? CN_SUCCESS : CN_ERROR_INVALID_VALUE;
}

CNresult cnGetMemAttribute(void* data, CNmem_attribute attribute, CNaddr ptr) {
  constexpr const char* kApi = "cnGetMemAttribute";
  if (data == nullptr) {
    return cndrv_fail(kApi, CN_ERROR_INVALID_VALUE, "data is NULL");
  }
  cnrtPointerAttributes_t attr;
  const void* p = reinterpret_cast<const void*>(uintptr_t(ptr));
  if (ptr == 0 || cnrtPointerGetAttributes(&attr, p) != cnrtSuccess ||
      attr.type != cnrtMemTypeDevice) {
    return cndrv_fail(kApi, CN_MEMORY_ERROR_INVALID_ADDRESS,
                      "not inside a live device allocation");
  }
  switch (attribute) {
    case CN_MEM_ATTRIBUTE_ISLINEAR: {
      // Linear memory is mapped straight to MLU physical memory; the
      // emulated device has none, and reports no linear mapping support.
      int linear = 0;
      xbang::detail::device_attribute(
          CN_DEVICE_ATTRIBUTE_LINEAR_MAPPING_SUPPORTED, &linear);
      *static_cast<int*>(data) = linear;
      return CN_SUCCESS;
    }
    case CN_MEM_ATTRIBUTE_DEVICE_ORDINAL:
      *static_cast<int*>(data) = 0;
      return CN_SUCCESS;
    case CN_MEM_ATTRIBUTE_CONTEXT:
      *static_cast<CNcontext*>(data) = xbang::detail::device_context();
      return CN_SUCCESS;
    case CN_MEM_ATTRIBUTE_DEVICE_POINTER:
      *static_cast<CNaddr*>(data) = ptr;
      return CN_SUCCESS;
    case CN_MEM_ATTRIBUTE_RANGE_START_ADDR:
      *static_cast<CNaddr*>(data) = CNaddr(uintptr_t(attr.deviceBasePointer));
      return CN_SUCCESS;
    case CN_MEM_ATTRIBUTE_RANGE_SIZE:
      *static_cast<cn_uint64_t*>(data) = cn_uint64_t(attr.size);
      return CN_SUCCESS;
    default:
      return cndrv_fail(kApi, CN_OPS_ERROR_NOT_SUPPORTED,
                        "only ISLINEAR, DEVICE_ORDINAL, CONTEXT, "
                        "DEVICE_POINTER, RANGE_START_ADDR and RANGE_SIZE are "
                        "answered");
  }
}

CNresult cnMallocHost(void** ptr, cn_uint64_t bytes) {
  if (ptr == nullptr) {
    return cndrv_fail("cnMallocHost", CN_ERROR_INVALID_VALUE, "ptr is NULL");
  }
  if (bytes > SIZE_MAX) {
    return cndrv_fail("cnMallocHost", CN_ERROR_SYSTEM_OUT_OF_MEMORY,
                      "size does not fit the host's address space");
  }
  switch (cnrtHostMalloc(ptr, size_t(bytes))) {
    case cnrtSuccess:
      return CN_SUCCESS;
    case cnrtErrorArgsInvalid:
      return CN_ERROR_INVALID_VALUE;
    default:
      return CN_ERROR_SYSTEM_OUT_OF_MEMORY;
  }
}

CNresult cnFreeHost(void* ptr) {
  return cnrtFreeHost(ptr) == cnrtSuccess ? CN_SUCCESS : CN_ERROR_INVALID_VALUE;
}

}  // extern "C"
