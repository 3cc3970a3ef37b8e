// CNRT's device queries over the emulated device's attributes (device_api.h).
#include <cn_api.h>
#include <cnrt.h>

#include <cstdio>
#include <cstring>

#include "toolkit_internal.h"

namespace xbang {
namespace detail {
namespace {

// The checks every CNRT device query makes: an output and device 0.
cnrtRet_t check_device_query(const char* api, const void* out, int device) {
  if (out == nullptr) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "the output is NULL");
  }
  if (!valid_device(device)) {
    return cnrt_fail(api, cnrtErrorDeviceInvalid,
                     "no emulated device has this ordinal (XBANG_DEVICE)");
  }
  return cnrtSuccess;
}

}  // namespace
}  // namespace detail
}  // namespace xbang

using xbang::detail::check_device_query;
using xbang::detail::cnrt_fail;
using xbang::detail::valid_device;

extern "C" {

cnrtRet_t cnrtGetDeviceCount(unsigned int* count) {
  if (count == nullptr) {
    return cnrt_fail("cnrtGetDeviceCount", cnrtErrorArgsInvalid,
                     "count is NULL");
  }
  *count = unsigned(xbang::detail::device_count());
  return cnrtSuccess;
}

cnrtRet_t cnrtSetDevice(int device) {
  if (!xbang::detail::valid_device(device)) {
    return cnrt_fail("cnrtSetDevice", cnrtErrorDeviceInvalid,
                     "no emulated device has this ordinal (XBANG_DEVICE)");
  }
  xbang::detail::set_current_device(device);
  xbang::detail::bind_device_context();
  return cnrtSuccess;
}

cnrtRet_t cnrtGetDevice(int* device) {
  if (device == nullptr) {
    return cnrt_fail("cnrtGetDevice", cnrtErrorArgsInvalid, "device is NULL");
  }
  *device = xbang::detail::current_device();
  return cnrtSuccess;
}

cnrtRet_t cnrtDeviceGetAttribute(int* value, cnrtDeviceAttr_t attr,
                                 int device) {
  constexpr const char* kApi = "cnrtDeviceGetAttribute";
  const cnrtRet_t checked = check_device_query(kApi, value, device);
  if (checked != cnrtSuccess) return checked;
  // CNRT's attributes past cnrtAttrUnsupportedFlag have no CNDrv twin.
  switch (int(attr)) {
    case cnrtAttrConcurrentKernels:
    case cnrtAttrSupportUnifiedAddr:
      *value = 1;  // launches from several host threads run at once; device
                   // and host pointers share one address space
      return cnrtSuccess;
    case cnrtAttrCanMapHostMemory:
    case cnrtAttrCanSetQueueSize:
    case cnrtAttrCanSetNotifierSize:
    case cnrtAttrSupportManagedMem:
    case cnrtAttrSupportNativeAtomic:
    case cnrtAttrSupportPageableMemAccess:
    case cnrtAttrCanUseHostPointer:
    case cnrtAttrSupportHostRegsiter:
      *value = 0;
      return cnrtSuccess;
    case cnrtAttrCacheSize:
      return xbang::detail::device_attribute(
                 CN_DEVICE_ATTRIBUTE_MAX_L2_CACHE_SIZE, value, device)
                 ? cnrtSuccess
                 : cnrtErrorNoAttribute;
  }
  if (!xbang::detail::device_attribute(int(attr), value, device)) {
    return cnrt_fail(kApi, cnrtErrorNoAttribute, "unknown cnrtDeviceAttr_t");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtGetDeviceProperties_V3(cnrtDeviceProp_t* prop, int device) {
  const cnrtRet_t checked =
      check_device_query("cnrtGetDeviceProperties", prop, device);
  if (checked != cnrtSuccess) return checked;
  std::memset(prop, 0, sizeof(*prop));
  std::snprintf(prop->name, sizeof(prop->name), "%s",
                xbang::detail::device_name(device));
  auto attr = [device](int code) {
    int v = 0;
    xbang::detail::device_attribute(code, &v, device);
    return v;
  };
  prop->totalMem = attr(CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_TOTAL_SIZE);
  prop->maxDim[0] = attr(CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_X);
  prop->maxDim[1] = attr(CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_Y);
  prop->maxDim[2] = attr(CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_Z);
  prop->ipuClockRate = attr(CN_DEVICE_ATTRIBUTE_CLUSTER_CLOCK_RATE);
  prop->memClockRate = attr(CN_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
  prop->major = attr(CN_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  prop->minor = attr(CN_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  prop->maxL2CacheSize = attr(CN_DEVICE_ATTRIBUTE_MAX_L2_CACHE_SIZE);
  prop->FP16ComputingSupported =
      attr(CN_DEVICE_ATTRIBUTE_FP16_COMPUTING_SUPPORTED);
  prop->INT8ComputingSupported =
      attr(CN_DEVICE_ATTRIBUTE_INT8_COMPUTING_SUPPORTED);
  prop->BF16ComputingSupported =
      attr(CN_DEVICE_ATTRIBUTE_BF16_COMPUTING_SUPPORTED);
  prop->maxQueueSize = attr(CN_DEVICE_ATTRIBUTE_MAX_QUEUE_COUNT);
  prop->maxNotifierSize = attr(CN_DEVICE_ATTRIBUTE_MAX_NOTIFIER_COUNT);
  prop->maxClusterCountPerUnionTask =
      attr(CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT_PER_UNION_TASK);
  prop->clusterCount = attr(CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT);
  prop->McorePerCluster = attr(CN_DEVICE_ATTRIBUTE_MAX_CORE_COUNT_PER_CLUSTER);
  prop->maxQuadrantCount = attr(CN_DEVICE_ATTRIBUTE_MAX_QUADRANT_COUNT);
  prop->maxUnionTypePerQuadrant =
      attr(CN_DEVICE_ATTRIBUTE_MAX_UNION_TYPE_PER_QUADRANT);
  prop->maxClusterPerUnionLimitTask =
      attr(CN_DEVICE_ATTRIBUTE_MAX_CLUSTERS_PER_UNION_LIMIT_TASK);
  prop->ISAVersion = attr(CN_DEVICE_ATTRIBUTE_MLU_ISA_VERSION);
  prop->isMultipleTensorProcessor =
      attr(CN_DEVICE_ATTRIBUTE_IS_MULTIPLE_TENSOR_PROCESSOR);
  prop->NramSizePerMcore = attr(CN_DEVICE_ATTRIBUTE_NRAM_SIZE_PER_CORE);
  prop->WramSizePerMcore = attr(CN_DEVICE_ATTRIBUTE_WEIGHT_RAM_SIZE_PER_CORE);
  prop->SramSizePerMcore =
      attr(CN_DEVICE_ATTRIBUTE_MAX_SHARED_RAM_SIZE_PER_CLUSTER);
  prop->globalMemoryNodeCount =
      attr(CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_NODE_COUNT);
  prop->cacheSize = prop->maxL2CacheSize;
  prop->GmemBusWidth = attr(CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  prop->availableGlobalMemorySize =
      attr(CN_DEVICE_ATTRIBUTE_AVAILABLE_GLOBAL_MEMORY_SIZE);
  prop->totalGlobalMemSize = uint64_t(prop->totalMem) << 20;
  return cnrtSuccess;
}

cnrtRet_t cnrtDeviceGetPCIBusId(char* pciBusId, int len, int device) {
  constexpr const char* kApi = "cnrtDeviceGetPCIBusId";
  const cnrtRet_t checked = check_device_query(kApi, pciBusId, device);
  if (checked != cnrtSuccess) return checked;
  // Built from the PCI attributes the device reports, so both agree; the
  // function number of a one-function device is 0.
  int domain = 0, bus = 0;
  xbang::detail::device_attribute(CN_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, &domain,
                                  device);
  xbang::detail::device_attribute(CN_DEVICE_ATTRIBUTE_PCI_BUS_ID, &bus, device);
  char id[32];
  const int length = std::snprintf(id, sizeof(id), "%04x:%02x:%02x.0",
                                   unsigned(domain), unsigned(bus), 0u);
  if (len <= length) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "the bus id does not fit in len bytes");
  }
  std::memcpy(pciBusId, id, size_t(length) + 1);
  return cnrtSuccess;
}

}  // extern "C"
