// The emulated device: its cluster count, the attributes CNRT and CNDrv
// report for it (the profile of xbang/core/arch.h plus this host's clock,
// caches and memory), its context, and CNRT's device calls.
#include "xbang/runtime/device.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "runtime_internal.h"
#include "toolkit_internal.h"
#include "xbang/core/arch.h"

struct CNcontext_st {
  int device;
};

namespace xbang {

ClusterSetting parse_cluster_setting(const char* value) {
  if (value == nullptr) return {kDefaultClusterCount, true};
  // Digits only: strtol alone would take leading blanks and signs.
  long long count = 0;
  const char* digit = value;
  for (; *digit >= '0' && *digit <= '9'; ++digit) {
    count = count * 10 + (*digit - '0');
    if (count > kMaxClusterCount) break;
  }
  const bool valid = digit != value && *digit == '\0' && count >= 1 &&
                     count <= kMaxClusterCount;
  return {valid ? int(count) : kDefaultClusterCount, valid};
}

ClusterSetting device_cluster_setting() {
  static const ClusterSetting setting = [] {
    const char* env = std::getenv("XBANG_CLUSTERS");
    const ClusterSetting parsed = parse_cluster_setting(env);
    if (!parsed.valid) {
      std::fprintf(stderr,
                   "[xbang] XBANG_CLUSTERS=\"%s\" is not a whole number in "
                   "[1, %d]; the device has %d clusters\n",
                   env, kMaxClusterCount, parsed.count);
    }
    return parsed;
  }();
  return setting;
}

int device_cluster_count() { return device_cluster_setting().count; }

namespace detail {
namespace {

CNcontext_st the_context{0};
thread_local bool context_bound = false;

int clamp_to_int(long long v) {
  return int(std::min<long long>(std::max<long long>(v, 0), INT_MAX));
}

long long host_bytes(int pages_name) {
  const long pages = sysconf(pages_name);
  const long page_size = sysconf(_SC_PAGESIZE);
  return pages > 0 && page_size > 0 ? (long long)pages * page_size : 0;
}

int host_l2_cache_bytes() {
#ifdef _SC_LEVEL2_CACHE_SIZE
  return clamp_to_int(sysconf(_SC_LEVEL2_CACHE_SIZE));
#else
  return 0;
#endif
}

// The largest union width (1, 2, 4, 8, 16 clusters) the device can run.
int largest_union_clusters() {
  int n = 1;
  while (n < 16 && n * 2 <= device_cluster_count()) n *= 2;
  return n;
}

// The DDR figures CNDrv reports: a 64-bit double-data-rate bus whose clock
// gives the measured host bandwidth.
constexpr int kMemoryBusBits = 64;
int memory_clock_khz() {
  const double bytes_per_cycle = kMemoryBusBits / 8 * 2;
  return clamp_to_int(
      (long long)(host_memory_bytes_per_second() / bytes_per_cycle / 1000));
}

}  // namespace

cnrtRet_t cnrt_fail(const char* api, cnrtRet_t code, const char* why) {
  std::fprintf(stderr, "[xbang] %s: %s (%s)\n", api, why,
               cnrtGetErrorName(code));
  set_last_error(code);
  return code;
}

CNresult cndrv_fail(const char* api, CNresult code, const char* why) {
  const char* name = nullptr;
  cnGetErrorName(code, &name);
  std::fprintf(stderr, "[xbang] %s: %s (%s)\n", api, why, name);
  return code;
}

CNcontext device_context() { return &the_context; }
void bind_device_context() { context_bound = true; }
bool device_context_bound() { return context_bound; }
void set_device_context_bound(bool bound) { context_bound = bound; }

int host_clock_khz() {
  static const int khz = [] {
    std::ifstream max_freq(
        "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
    long long value = 0;
    if (max_freq >> value && value > 0) return clamp_to_int(value);
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
      if (line.rfind("cpu MHz", 0) != 0) continue;
      const size_t colon = line.find(':');
      if (colon == std::string::npos) break;
      const double mhz = std::atof(line.c_str() + colon + 1);
      if (mhz > 0) return clamp_to_int((long long)(mhz * 1000));
      break;
    }
    return 1000000;  // unknown: 1 GHz
  }();
  return khz;
}

double host_memory_bytes_per_second() {
  static const double rate = [] {
    constexpr size_t kBytes = size_t(32) << 20;
    std::vector<char> a(kBytes, 1), b(kBytes, 2);
    double best = 0;
    for (int i = 0; i < 4; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      std::memcpy(i % 2 ? a.data() : b.data(), i % 2 ? b.data() : a.data(),
                  kBytes);
      const std::chrono::duration<double> dt =
          std::chrono::steady_clock::now() - t0;
      if (dt.count() > 0) best = std::max(best, 2.0 * kBytes / dt.count());
    }
    // Keeps the copies from being optimised away.
    std::atomic_signal_fence(std::memory_order_seq_cst);
    return best > 0 ? best : 1e9;
  }();
  return rate;
}

bool device_attribute(int code, int* value) {
  const int clusters = device_cluster_count();
  switch (code) {
    case CN_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
      *value = kArch / 100;
      return true;
    case CN_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
      *value = kArch / 10 % 10;
      return true;
    case CN_DEVICE_ATTRIBUTE_FP16_COMPUTING_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_INT8_COMPUTING_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_IS_MULTIPLE_TENSOR_PROCESSOR:
    case CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_NODE_COUNT:
    case CN_DEVICE_ATTRIBUTE_MAX_QUADRANT_COUNT:
      *value = 1;
      return true;
    case CN_DEVICE_ATTRIBUTE_BF16_COMPUTING_SUPPORTED:
      *value = kArch >= 372 ? 1 : 0;
      return true;
    case CN_DEVICE_ATTRIBUTE_SPARSE_COMPUTING_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_INT4_COMPUTING_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_TF32_COMPUTING_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_COMPUTE_MODE:
    case CN_DEVICE_ATTRIBUTE_QUEUE_PRIORITIES_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_TINY_CORE_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_CODEC_JPEG_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_CODEC_H264_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_CODEC_H265_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_AIISP_CORE_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_MULTI_CTX_NOTIFIER_WAIT_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_IPCNOTIFIER_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_IPCRESOURCE_PER_CTX:
    case CN_DEVICE_ATTRIBUTE_TOTAL_CONST_MEMORY_SIZE:
    case CN_DEVICE_ATTRIBUTE_LOCAL_MEMORY_SIZE_PER_CORE:
    case CN_DEVICE_ATTRIBUTE_CLUSTER_L1_CACHE_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE:
    case CN_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_SIZE_PER_UNION_TASK:
    case CN_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM:
    case CN_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY:
    case CN_DEVICE_ATTRIBUTE_LINEAR_MAPPING_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_LINEAR_RECOMMEND_GRANULARITY:
    case CN_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_ECC_ENABLED:
    case CN_DEVICE_ATTRIBUTE_PCI_BUS_ID:
    case CN_DEVICE_ATTRIBUTE_PCI_DEVICE_ID:
    case CN_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID:
    case CN_DEVICE_ATTRIBUTE_MDR_MEMORY_SIZE:
    case CN_DEVICE_ATTRIBUTE_PCI_MPS:
    case CN_DEVICE_ATTRIBUTE_PCI_MRRS:
      *value = 0;
      return true;
    // Queues and notifiers are host objects: no count limit.
    case CN_DEVICE_ATTRIBUTE_MAX_QUEUE_COUNT:
    case CN_DEVICE_ATTRIBUTE_MAX_NOTIFIER_COUNT:
      *value = INT_MAX;
      return true;
    case CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_X:
    case CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_Y:
    case CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_Z:
      *value = INT_MAX;
      return true;
    case CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT_PER_UNION_TASK:
    case CN_DEVICE_ATTRIBUTE_MAX_UNION_TYPE_PER_QUADRANT:
      *value = largest_union_clusters();
      return true;
    case CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT:
    case CN_DEVICE_ATTRIBUTE_MAX_CLUSTERS_PER_UNION_LIMIT_TASK:
      *value = clusters;
      return true;
    case CN_DEVICE_ATTRIBUTE_MAX_CORE_COUNT_PER_CLUSTER:
      *value = kCoresPerCluster;
      return true;
    case CN_DEVICE_ATTRIBUTE_MLU_ISA_VERSION:
      *value = kArch;
      return true;
    case CN_DEVICE_ATTRIBUTE_MAX_L2_CACHE_SIZE:
      *value = host_l2_cache_bytes();
      return true;
    case CN_DEVICE_ATTRIBUTE_NRAM_SIZE_PER_CORE:
      *value = int(kNramBytes);
      return true;
    case CN_DEVICE_ATTRIBUTE_WEIGHT_RAM_SIZE_PER_CORE:
      *value = int(kWramBytes);
      return true;
    case CN_DEVICE_ATTRIBUTE_MAX_SHARED_RAM_SIZE_PER_CLUSTER:
      *value = int(kSramBytes);
      return true;
    case CN_DEVICE_ATTRIBUTE_AVAILABLE_GLOBAL_MEMORY_SIZE:
      *value = clamp_to_int(host_bytes(_SC_AVPHYS_PAGES) >> 20);
      return true;
    case CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_TOTAL_SIZE:
      *value = clamp_to_int(host_bytes(_SC_PHYS_PAGES) >> 20);
      return true;
    case CN_DEVICE_ATTRIBUTE_CLUSTER_CLOCK_RATE:
      *value = host_clock_khz();
      return true;
    case CN_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE:
      *value = memory_clock_khz();
      return true;
    case CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH:
      *value = kMemoryBusBits;
      return true;
  }
  return false;
}

// The checks every CNRT device query makes: an output and device 0.
cnrtRet_t check_device_query(const char* api, const void* out, int device) {
  if (out == nullptr) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "the output is NULL");
  }
  if (device != 0) {
    return cnrt_fail(api, cnrtErrorDeviceInvalid,
                     "the emulated device is ordinal 0");
  }
  return cnrtSuccess;
}

}  // namespace detail
}  // namespace xbang

using xbang::detail::check_device_query;
using xbang::detail::cnrt_fail;

extern "C" {

cnrtRet_t cnrtGetDeviceCount(unsigned int* count) {
  if (count == nullptr) {
    return cnrt_fail("cnrtGetDeviceCount", cnrtErrorArgsInvalid,
                     "count is NULL");
  }
  *count = 1;
  return cnrtSuccess;
}

cnrtRet_t cnrtSetDevice(int device) {
  if (device != 0) {
    return cnrt_fail("cnrtSetDevice", cnrtErrorDeviceInvalid,
                     "the emulated device is ordinal 0");
  }
  xbang::detail::bind_device_context();
  return cnrtSuccess;
}

cnrtRet_t cnrtGetDevice(int* device) {
  if (device == nullptr) {
    return cnrt_fail("cnrtGetDevice", cnrtErrorArgsInvalid, "device is NULL");
  }
  *device = 0;
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
                 CN_DEVICE_ATTRIBUTE_MAX_L2_CACHE_SIZE, value)
                 ? cnrtSuccess
                 : cnrtErrorNoAttribute;
  }
  if (!xbang::detail::device_attribute(int(attr), value)) {
    return cnrt_fail(kApi, cnrtErrorNoAttribute, "unknown cnrtDeviceAttr_t");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtGetDeviceProperties_V3(cnrtDeviceProp_t* prop, int device) {
  const cnrtRet_t checked =
      check_device_query("cnrtGetDeviceProperties", prop, device);
  if (checked != cnrtSuccess) return checked;
  std::memset(prop, 0, sizeof(*prop));
  cnDeviceGetName(prop->name, sizeof(prop->name), 0);
  auto attr = [](int code) {
    int v = 0;
    xbang::detail::device_attribute(code, &v);
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
  xbang::detail::device_attribute(CN_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, &domain);
  xbang::detail::device_attribute(CN_DEVICE_ATTRIBUTE_PCI_BUS_ID, &bus);
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
