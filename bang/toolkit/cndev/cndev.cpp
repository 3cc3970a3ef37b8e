// CNDev for the emulated device. The peaks are this host's, spread over the
// emulated cores, so that the usual efficiency formula
//   achieved / (per-core peak * clusters * cores per cluster * clock)
// compares a kernel with what this CPU can do: each host thread the runtime
// computes on issues one vector FMA per cycle (two operations per lane), and
// memory bandwidth is measured once (docs/host-toolkit.md).
#include <cndev.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <xsimd/xsimd.hpp>

#include "toolkit_internal.h"
#include "xbang/core/arch.h"
#include "xbang/runtime/device.h"
#include "xbang/runtime/launch.h"

namespace {

std::atomic<bool> initialized{false};

void fail(const char* api, cndevRet_t code, const char* why) {
  std::fprintf(stderr, "[xbang] %s: %s (%s)\n", api, why,
               cndevGetErrorString(code));
}

// Host operations per cycle for `lanes` lanes, `ops` operations each, per
// emulated core; at least 1 so a formula never divides by zero.
uint64_t per_core(long long lanes, int ops) {
  const long long emulated_cores =
      (long long)xbang::device_cluster_count() * xbang::kCoresPerCluster;
  const double total = double(lanes) * ops * xbang::host_parallelism();
  return std::max<uint64_t>(1, uint64_t(std::llround(total / emulated_cores)));
}

cndevRet_t check_call(const char* api, const void* out, int device) {
  if (!initialized.load()) {
    fail(api, CNDEV_ERROR_UNINITIALIZED, "call cndevInit first");
    return CNDEV_ERROR_UNINITIALIZED;
  }
  if (out == nullptr) {
    fail(api, CNDEV_ERROR_INVALID_ARGUMENT, "output is NULL");
    return CNDEV_ERROR_INVALID_ARGUMENT;
  }
  if (!xbang::detail::valid_device(device)) {
    fail(api, CNDEV_ERROR_INVALID_DEVICE_ID,
         "no emulated device has this ordinal (XBANG_DEVICE)");
    return CNDEV_ERROR_INVALID_DEVICE_ID;
  }
  return CNDEV_SUCCESS;
}

}  // namespace

extern "C" {

cndevRet_t cndevInit(int reserved) {
  if (reserved != 0) {
    fail("cndevInit", CNDEV_ERROR_INVALID_ARGUMENT, "reserved must be 0");
    return CNDEV_ERROR_INVALID_ARGUMENT;
  }
  initialized.store(true);
  return CNDEV_SUCCESS;
}

cndevRet_t cndevRelease(void) {
  initialized.store(false);
  return CNDEV_SUCCESS;
}

const char* cndevGetErrorString(cndevRet_t error) {
  switch (error) {
    case CNDEV_SUCCESS:
      return "CNDEV_SUCCESS";
    case CNDEV_ERROR_NO_DRIVER:
      return "CNDEV_ERROR_NO_DRIVER: no driver";
    case CNDEV_ERROR_LOW_DRIVER_VERSION:
      return "CNDEV_ERROR_LOW_DRIVER_VERSION: driver version too low";
    case CNDEV_ERROR_UNSUPPORTED_API_VERSION:
      return "CNDEV_ERROR_UNSUPPORTED_API_VERSION: unsupported API version";
    case CNDEV_ERROR_UNINITIALIZED:
      return "CNDEV_ERROR_UNINITIALIZED: cndevInit was not called";
    case CNDEV_ERROR_INVALID_ARGUMENT:
      return "CNDEV_ERROR_INVALID_ARGUMENT: invalid argument";
    case CNDEV_ERROR_INVALID_DEVICE_ID:
      return "CNDEV_ERROR_INVALID_DEVICE_ID: invalid device";
    case CNDEV_ERROR_UNKNOWN:
      return "CNDEV_ERROR_UNKNOWN: unknown error";
    case CNDEV_ERROR_MALLOC:
      return "CNDEV_ERROR_MALLOC: out of memory";
    case CNDEV_ERROR_INSUFFICIENT_SPACE:
      return "CNDEV_ERROR_INSUFFICIENT_SPACE: insufficient space";
    case CNDEV_ERROR_NOT_SUPPORTED:
      return "CNDEV_ERROR_NOT_SUPPORTED: not supported";
    case CNDEV_ERROR_INVALID_LINK:
      return "CNDEV_ERROR_INVALID_LINK: invalid link";
    case CNDEV_ERROR_NO_DEVICES:
      return "CNDEV_ERROR_NO_DEVICES: no devices";
    case CNDEV_ERROR_NO_PERMISSION:
      return "CNDEV_ERROR_NO_PERMISSION: no permission";
    case CNDEV_ERROR_NOT_FOUND:
      return "CNDEV_ERROR_NOT_FOUND: not found";
    case CNDEV_ERROR_IN_USE:
      return "CNDEV_ERROR_IN_USE: device in use";
    case CNDEV_ERROR_DUPLICATE:
      return "CNDEV_ERROR_DUPLICATE: duplicate";
    case CNDEV_ERROR_TIMEOUT:
      return "CNDEV_ERROR_TIMEOUT: timeout";
  }
  return "Cndev_ERROR not found!";
}

cndevRet_t cndevGetDeviceCount(cndevCardInfo_t* card_info) {
  const cndevRet_t ret = check_call("cndevGetDeviceCount", card_info, 0);
  if (ret != CNDEV_SUCCESS) return ret;
  card_info->number = xbang::detail::device_count();
  return CNDEV_SUCCESS;
}

cndevRet_t cndevGetDeviceMaxPerformance(
    cndevDeviceMaxPerformance_t* performance, int device) {
  const cndevRet_t ret =
      check_call("cndevGetDeviceMaxPerformance", performance, device);
  if (ret != CNDEV_SUCCESS) return ret;
  constexpr long long kFloatLanes = xsimd::batch<float>::size;
  constexpr int kFma = 2;
  // Half and bfloat16 compute in float lanes; the matmul is float FMAs
  // (one MAC each); 8- and 16-bit integers fill 4x / 2x the lanes.
  performance->int4Tensor = 0;
  performance->int8Tensor = per_core(kFloatLanes, 1);
  performance->int16Tensor = per_core(kFloatLanes, 1);
  performance->fp16Tensor = per_core(kFloatLanes, 1);
  performance->bf16Tensor = per_core(kFloatLanes, 1);
  performance->fp32Tensor = per_core(kFloatLanes, 1);
  performance->fp16Vector = per_core(kFloatLanes, kFma);
  performance->bf16Vector = per_core(kFloatLanes, kFma);
  performance->fp32Vector = per_core(kFloatLanes, kFma);
  performance->int8Vector = per_core(kFloatLanes * 4, 1);
  performance->int16Vector = per_core(kFloatLanes * 2, 1);
  return CNDEV_SUCCESS;
}

cndevRet_t cndevGetDDRInfo(cndevDDRInfo_t* ddr_info, int device) {
  const cndevRet_t ret = check_call("cndevGetDDRInfo", ddr_info, device);
  if (ret != CNDEV_SUCCESS) return ret;
  int bus_bits = 0;
  xbang::detail::device_attribute(CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH,
                                  &bus_bits);
  const double gbps =
      xbang::detail::device_memory_bytes_per_second(device) / 1e9;
  ddr_info->dataWidth = uint32_t(bus_bits);
  ddr_info->bandWidth = uint32_t(gbps);
  // The first decimal digit: samples add it as bandWidthDecimal / 10.
  ddr_info->bandWidthDecimal = uint32_t(gbps * 10) % 10;
  return CNDEV_SUCCESS;
}

cndevRet_t cndevGetDeviceHandleByIndex(int index, cndevDevice_t* handle) {
  const cndevRet_t ret =
      check_call("cndevGetDeviceHandleByIndex", handle, index);
  if (ret != CNDEV_SUCCESS) return ret;
  *handle = index;
  return CNDEV_SUCCESS;
}

cndevRet_t cndevGetFrequencyInfo(cndevFrequencyInfo_t* freq_info,
                                 cndevDevice_t device) {
  const cndevRet_t ret = check_call("cndevGetFrequencyInfo", freq_info, device);
  if (ret != CNDEV_SUCCESS) return ret;
  // The cores run at the host's clock, which CNDev cannot change.
  const int mhz = xbang::detail::device_clock_khz(device) / 1000;
  int memory_khz = 0;
  xbang::detail::device_attribute(CN_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE,
                                  &memory_khz);
  freq_info->boardFreq = mhz;
  freq_info->ddrFreq = memory_khz / 1000;
  freq_info->overtempDfsFlag = 0;
  freq_info->fastDfsFlag = 0;
  const int clusters = std::min(xbang::device_cluster_count(),
                                CNDEV_MLU_CLUSTER_FREQUENCY_COUNT);
  freq_info->mluClusterFreqCount = uint16_t(clusters);
  for (int i = 0; i < CNDEV_MLU_CLUSTER_FREQUENCY_COUNT; ++i) {
    freq_info->mluClusterFreq[i] = i < clusters ? uint16_t(mhz) : 0;
  }
  freq_info->boardDefaultFreq = mhz;
  freq_info->boardFreqArange[0] = mhz;
  freq_info->boardFreqArange[1] = mhz;
  return CNDEV_SUCCESS;
}

cndevRet_t cndevGetProcessInfo(unsigned int* count, cndevProcessInfo_t* info,
                               cndevDevice_t device) {
  constexpr const char* kApi = "cndevGetProcessInfo";
  const cndevRet_t ret = check_call(kApi, count, device);
  if (ret != CNDEV_SUCCESS) return ret;
  // One device state per process: the only process that can use this
  // device is the caller, listed while it holds device memory.
  const size_t bytes = xbang::detail::device_bytes_in_use();
  const unsigned int processes = bytes > 0 ? 1 : 0;
  if (processes > *count) {
    *count = processes;
    fail(kApi, CNDEV_ERROR_INSUFFICIENT_SPACE,
         "*count is smaller than the number of processes");
    return CNDEV_ERROR_INSUFFICIENT_SPACE;
  }
  if (processes > 0 && info == nullptr) {
    fail(kApi, CNDEV_ERROR_INVALID_ARGUMENT, "info is NULL");
    return CNDEV_ERROR_INVALID_ARGUMENT;
  }
  *count = processes;
  if (processes > 0) {
    const uint64_t kib = (uint64_t(bytes) + 1023) / 1024;
    info[0].pid = unsigned(getpid());
    info[0].physicalMemoryUsed = kib;
    info[0].virtualMemoryUsed = kib;
  }
  return CNDEV_SUCCESS;
}

}  // extern "C"
