// CNRT's device queries over the emulated device's attributes (device_api.h).
#include <cn_api.h>
#include <cnrt.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <mutex>

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

// The device flags and configurations a process set (cnrtSetDeviceFlag,
// cnrtDeviceSetConfig): remembered and reported back.
std::atomic<uint32_t> device_flag{cnrtDeviceScheduleSpin};
std::mutex config_mutex;
int64_t device_config[cnrtDeviceConfigMaxNum] = {};

// The bus id cnrtDeviceGetPCIBusId reports, in its parts.
void pci_address(unsigned* domain, unsigned* bus) {
  int d = 0, b = 0;
  device_attribute(CN_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, &d);
  device_attribute(CN_DEVICE_ATTRIBUTE_PCI_BUS_ID, &b);
  *domain = unsigned(d);
  *bus = unsigned(b);
}

// Parses the whole of `text` as hexadecimal fields separated as `format`
// says ("%x:%x:%x.%x" and the like); true if every field and nothing else
// was read.
bool parse_bus_id(const char* text, const char* format, unsigned* fields,
                  int count) {
  int consumed = -1;
  int read = 0;
  switch (count) {
    case 3:
      read = std::sscanf(text, format, &fields[0], &fields[1], &fields[2],
                         &consumed);
      break;
    case 4:
      read = std::sscanf(text, format, &fields[0], &fields[1], &fields[2],
                         &fields[3], &consumed);
      break;
  }
  return read == count && consumed >= 0 && text[consumed] == '\0';
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

extern "C" {

cnrtRet_t cnrtGetDeviceProperties_V2(cnrtDeviceProp_t* prop, int device) {
  return cnrtGetDeviceProperties_V3(prop, device);
}

cnrtRet_t cnrtDeviceGetByPCIBusId(int* device, const char* pciBusId) {
  constexpr const char* kApi = "cnrtDeviceGetByPCIBusId";
  if (device == nullptr || pciBusId == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "device or pciBusId is NULL");
  }
  unsigned domain = 0, bus = 0;
  xbang::detail::pci_address(&domain, &bus);
  // domain:bus:device.function, domain:bus:device, bus:device.function.
  unsigned f[4] = {};
  bool match = false;
  if (xbang::detail::parse_bus_id(pciBusId, "%x:%x:%x.%x%n", f, 4)) {
    match = f[0] == domain && f[1] == bus && f[2] == 0 && f[3] == 0;
  } else if (xbang::detail::parse_bus_id(pciBusId, "%x:%x:%x%n", f, 3)) {
    match = f[0] == domain && f[1] == bus && f[2] == 0;
  } else if (xbang::detail::parse_bus_id(pciBusId, "%x:%x.%x%n", f, 3)) {
    match = domain == 0 && f[0] == bus && f[1] == 0 && f[2] == 0;
  } else {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "pciBusId is not domain:bus:device.function, "
                     "domain:bus:device or bus:device.function in hex");
  }
  if (!match) {
    return cnrt_fail(kApi, cnrtErrorDeviceInvalid,
                     "no device at that PCI address");
  }
  *device = 0;
  return cnrtSuccess;
}

cnrtRet_t cnrtGetPeerAccessibility(unsigned int* canAccess, int ordinal,
                                   int peerOrdinal) {
  constexpr const char* kApi = "cnrtGetPeerAccessibility";
  if (canAccess == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "canAccess is NULL");
  }
  if (ordinal != 0 || peerOrdinal != 0) {
    return cnrt_fail(kApi, cnrtErrorDeviceInvalid,
                     "the emulated device is ordinal 0");
  }
  *canAccess = 0;  // a device is not its own peer
  return cnrtSuccess;
}

cnrtRet_t cnrtGetDeviceFlag(uint32_t* pFlags) {
  if (pFlags == nullptr) {
    return cnrt_fail("cnrtGetDeviceFlag", cnrtErrorArgsInvalid,
                     "pFlags is NULL");
  }
  *pFlags = xbang::detail::device_flag.load();
  return cnrtSuccess;
}

cnrtRet_t cnrtSetDeviceFlag(uint32_t flags) {
  if (flags >= cnrtDeviceFlagsMaxNum) {
    return cnrt_fail("cnrtSetDeviceFlag", cnrtErrorArgsInvalid,
                     "flags is not a cnrtDeviceFlags_t");
  }
  xbang::detail::device_flag.store(flags);
  return cnrtSuccess;
}

cnrtRet_t cnrtDeviceGetConfig(int64_t* pValue, cnrtDeviceConfig_t type) {
  constexpr const char* kApi = "cnrtDeviceGetConfig";
  if (pValue == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "pValue is NULL");
  }
  if (type <= cnrtDeviceConfigReserved || type >= cnrtDeviceConfigMaxNum) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "type is not a cnrtDeviceConfig_t");
  }
  std::lock_guard<std::mutex> lock(xbang::detail::config_mutex);
  *pValue = xbang::detail::device_config[type];
  return cnrtSuccess;
}

cnrtRet_t cnrtDeviceSetConfig(cnrtDeviceConfig_t type, int64_t value) {
  constexpr const char* kApi = "cnrtDeviceSetConfig";
  if (type <= cnrtDeviceConfigReserved || type >= cnrtDeviceConfigMaxNum) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "type is not a cnrtDeviceConfig_t");
  }
  if (value < 0) return cnrt_fail(kApi, cnrtErrorArgsInvalid, "value < 0");
  std::lock_guard<std::mutex> lock(xbang::detail::config_mutex);
  xbang::detail::device_config[type] = value;
  return cnrtSuccess;
}

cnrtRet_t cnrtDeviceQueryKernelMemoryUsage(size_t* pBytes) {
  if (pBytes == nullptr) {
    return cnrt_fail("cnrtDeviceQueryKernelMemoryUsage", cnrtErrorArgsInvalid,
                     "pBytes is NULL");
  }
  *pBytes = 0;
  return cnrtSuccess;
}

cnrtRet_t cnrtDeviceGetQueuePriorityRange(int* pMinPriority,
                                          int* pMaxPriority) {
  if (pMinPriority == nullptr || pMaxPriority == nullptr) {
    return cnrt_fail("cnrtDeviceGetQueuePriorityRange", cnrtErrorArgsInvalid,
                     "an output is NULL");
  }
  *pMinPriority = 0;
  *pMaxPriority = 0;
  return cnrtSuccess;
}

cnrtRet_t cnrtDeviceResetPersistingL2Cache(void) { return cnrtSuccess; }

cnrtRet_t cnrtDriverGetVersion(int* major, int* minor, int* patch) {
  if (major == nullptr || minor == nullptr || patch == nullptr) {
    return cnrt_fail("cnrtDriverGetVersion", cnrtErrorArgsInvalid,
                     "an output is NULL");
  }
  // The emulated driver is CNDrv: its version (cnGetDriverVersion's).
  *major = CN_MAJOR_VERSION;
  *minor = CN_MINOR_VERSION;
  *patch = CN_PATCH_VERSION;
  return cnrtSuccess;
}

cnrtRet_t cnrtProfilerStart(void) { return cnrtSuccess; }

cnrtRet_t cnrtProfilerStop(void) { return cnrtSuccess; }

}  // extern "C"
