// The emulated device: its cluster count, the attributes CNRT and CNDrv
// report for each device (its profile, xbang/core/profiles.h, plus this
// host's clock, caches and memory) and its context.
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

#include "device_api.h"
#include "environment.h"
#include "launch_shape.h"
#include "runtime_internal.h"
#include "xbang/core/arch.h"
#include "xbang/core/timing.h"
#include "xbang/runtime/counters.h"

struct CNcontext_st {
  int device;
};

namespace xbang {

namespace {

environment::Reading<long long> read_clusters(const char* value) {
  return environment::parse_number("XBANG_CLUSTERS", value, 1, kMaxClusterCount,
                                   kDefaultClusterCount);
}

}  // namespace

ClusterSetting parse_cluster_setting(const char* value) {
  const environment::Reading<long long> r = read_clusters(value);
  return {int(r.value), r.problem.empty()};
}

ClusterSetting device_cluster_setting() {
  static const ClusterSetting setting = [] {
    const environment::Reading<long long> r =
        read_clusters(environment::raw("XBANG_CLUSTERS"));
    environment::report(r.problem);
    return ClusterSetting{int(r.value), r.problem.empty()};
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
  while (n < kMaxUnionClusters && n * 2 <= device_cluster_count()) n *= 2;
  return n;
}

// The DDR figures CNDrv reports: a 64-bit double-data-rate bus whose clock
// gives the measured host bandwidth.
constexpr int kMemoryBusBits = 64;
int memory_clock_khz(int device) {
  const double bytes_per_cycle = kMemoryBusBits / 8 * 2;
  return clamp_to_int((long long)(device_memory_bytes_per_second(device) /
                                  bytes_per_cycle / 1000));
}

}  // namespace

const char* device_name(int device) {
  // One name per profile, built once: the pointers stay valid.
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const ArchProfile& p : kArchProfiles) {
      all.push_back(std::string("xbang emulated ") + p.device_name + " (mtp_" +
                    std::to_string(p.arch) + ")");
    }
    return all;
  }();
  const ArchProfile& profile = device_profile(device);
  return names[size_t(&profile - kArchProfiles)].c_str();
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

int device_clock_khz(int device) {
  if (time_source() == TimeSource::kModel) {
    const ArchTiming* timing = find_arch_timing(device_profile(device).arch);
    if (timing != nullptr) return int(timing->clock_mhz * 1000);
  }
  return host_clock_khz();
}

double device_memory_bytes_per_second(int device) {
  if (time_source() == TimeSource::kModel) {
    const ArchTiming* timing = find_arch_timing(device_profile(device).arch);
    if (timing != nullptr) return timing->dram_gbps * 1e9;
  }
  return host_memory_bytes_per_second();
}

bool device_attribute(int code, int* value, int device) {
  const int clusters = device_cluster_count();
  const ArchProfile& profile = device_profile(device);
  const int arch = profile.arch;
  switch (code) {
    case CN_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
      *value = arch / 100;
      return true;
    case CN_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
      *value = arch / 10 % 10;
      return true;
    case CN_DEVICE_ATTRIBUTE_FP16_COMPUTING_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_INT8_COMPUTING_SUPPORTED:
    case CN_DEVICE_ATTRIBUTE_IS_MULTIPLE_TENSOR_PROCESSOR:
    case CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_NODE_COUNT:
    case CN_DEVICE_ATTRIBUTE_MAX_QUADRANT_COUNT:
      *value = 1;
      return true;
    case CN_DEVICE_ATTRIBUTE_BF16_COMPUTING_SUPPORTED:
      *value = profile.bf16 ? 1 : 0;
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
      *value = profile.cores_per_cluster;
      return true;
    case CN_DEVICE_ATTRIBUTE_MLU_ISA_VERSION:
      *value = arch;
      return true;
    case CN_DEVICE_ATTRIBUTE_MAX_L2_CACHE_SIZE:
      *value = host_l2_cache_bytes();
      return true;
    case CN_DEVICE_ATTRIBUTE_NRAM_SIZE_PER_CORE:
      *value = int(profile.nram_bytes());
      return true;
    case CN_DEVICE_ATTRIBUTE_WEIGHT_RAM_SIZE_PER_CORE:
      *value = int(profile.wram_bytes());
      return true;
    case CN_DEVICE_ATTRIBUTE_MAX_SHARED_RAM_SIZE_PER_CLUSTER:
      *value = int(profile.sram_bytes());
      return true;
    case CN_DEVICE_ATTRIBUTE_AVAILABLE_GLOBAL_MEMORY_SIZE:
      *value = clamp_to_int(host_bytes(_SC_AVPHYS_PAGES) >> 20);
      return true;
    case CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_TOTAL_SIZE:
      *value = clamp_to_int(host_bytes(_SC_PHYS_PAGES) >> 20);
      return true;
    case CN_DEVICE_ATTRIBUTE_CLUSTER_CLOCK_RATE:
      *value = device_clock_khz(device);
      return true;
    case CN_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE:
      *value = memory_clock_khz(device);
      return true;
    case CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH:
      *value = kMemoryBusBits;
      return true;
  }
  return false;
}

}  // namespace detail
}  // namespace xbang
