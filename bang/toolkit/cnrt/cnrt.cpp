// CNRT memory, errors and versions. Device memory is host memory the
// device has registered (checked mode asks its registry whether a pointer
// is GDRAM); every size and range is checked before use, without pointer or
// size overflow.
#include <cnrt.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <shared_mutex>

#include "toolkit_internal.h"

namespace xbang {
namespace detail {
namespace {

constexpr size_t kHugePageBytes = size_t(2) << 20;

std::mutex host_mutex;
std::map<const char*, size_t> host_allocations;  // cnrtHostMalloc

// The allocation of `registry` holding p (begin, bytes), if any.
const std::pair<const char* const, size_t>* find_holder(
    const std::map<const char*, size_t>& registry, const char* p) {
  auto it = registry.upper_bound(p);
  if (it == registry.begin()) return nullptr;
  --it;
  if (p >= it->first + std::max<size_t>(it->second, 1)) return nullptr;
  return &*it;
}

// A host range must not wrap around the address space.
bool host_range_valid(const void* p, size_t bytes) {
  return p != nullptr && bytes <= UINTPTR_MAX - uintptr_t(p);
}

void free_device_block(const char* p) { std::free(const_cast<char*>(p)); }

}  // namespace

namespace {

struct ErrorText {
  cnrtRet_t code;
  const char* name;
  const char* message;
};

constexpr ErrorText kErrors[] = {
    {cnrtSuccess, "cnrtSuccess", "no error"},
    {cnrtErrorNotReady, "cnrtErrorNotReady", "work is still in progress"},
    {cnrtErrorInit, "cnrtErrorInit", "initialization failed"},
    {cnrtErrorNoDevice, "cnrtErrorNoDevice", "no MLU device"},
    {cnrtErrorDeviceInvalid, "cnrtErrorDeviceInvalid",
     "invalid device ordinal"},
    {cnrtErrorArgsInvalid, "cnrtErrorArgsInvalid", "invalid argument"},
    {cnrtErrorSys, "cnrtErrorSys", "a system call failed"},
    {cnrtErrorSysNoMem, "cnrtErrorSysNoMem", "out of host memory"},
    {cnrtErrorInvalidResourceHandle, "cnrtErrorInvalidResourceHandle",
     "invalid resource handle"},
    {cnrtErrorIllegalState, "cnrtErrorIllegalState",
     "resource in an illegal state"},
    {cnrtErrorNotSupport, "cnrtErrorNotSupport", "not supported"},
    {cnrtErrorOpsNotPermitted, "cnrtErrorOpsNotPermitted",
     "operation not permitted"},
    {cnrtErrorQueue, "cnrtErrorQueue", "queue error"},
    {cnrtErrorNoMem, "cnrtErrorNoMem", "out of MLU memory"},
    {cnrtErrorAssert, "cnrtErrorAssert", "device-side assert triggered"},
    {cnrtErrorKernelTrap, "cnrtErrorKernelTrap",
     "kernel stopped by a trap (xbang: see the checked-mode report)"},
    {cnrtErrorKernelUserTrap, "cnrtErrorKernelUserTrap",
     "kernel stopped by a user trap"},
    {cnrtErrorNotFound, "cnrtErrorNotFound", "not found"},
    {cnrtErrorInvalidKernel, "cnrtErrorInvalidKernel", "invalid kernel"},
    {cnrtErrorUnsupportedKernelVersion, "cnrtErrorUnsupportedKernelVersion",
     "kernel compiled by an unsupported toolchain"},
    {cnrtErrorNoKernel, "cnrtErrorNoKernel", "kernel not registered"},
    {cnrtErrorNoModule, "cnrtErrorNoModule", "module not registered"},
    {cnrtErrorSetOnActiveProcess, "cnrtErrorSetOnActiveProcess",
     "device flags cannot change in an active process"},
    {cnrtErrorDevice, "cnrtErrorDevice", "resource belongs to another device"},
    {cnrtErrorNoAttribute, "cnrtErrorNoAttribute", "no such attribute"},
    {cnrtErrorMemcpyDirectionInvalid, "cnrtErrorMemcpyDirectionInvalid",
     "invalid copy direction"},
    {cnrtErrorBusy, "cnrtErrorBusy", "device busy"},
    {cnrtErrorCndrvFuncCall, "cnrtErrorCndrvFuncCall", "a CNDrv call failed"},
    {cnrtErrorCndevFuncCall, "cnrtErrorCndevFuncCall", "a CNDev call failed"},
    {cnrtErrorNoCnrtContext, "cnrtErrorNoCnrtContext", "no CNRT context"},
    {cnrtErrorCndrvFuncNotFound, "cnrtErrorCndrvFuncNotFound",
     "CNDrv function not found"},
    {cnrtErrorInvalidSymbol, "cnrtErrorInvalidSymbol", "invalid symbol"},
    {cnrtErrorUnknown, "cnrtErrorUnknown", "unknown error"},
};

const ErrorText* find_error(cnrtRet_t code) {
  for (const ErrorText& e : kErrors) {
    if (e.code == code) return &e;
  }
  return nullptr;
}

// Whether the device side(s) of a copy in direction `dir` are GDRAM and the
// host side(s) valid ranges; NoDirection infers each side from the pointer.
cnrtRet_t check_copy(const char* api, void* dst, void* src, size_t bytes,
                     cnrtMemTransDir_t dir) {
  if (dst == nullptr || src == nullptr) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "dst or src is NULL");
  }
  bool dst_dev = false, src_dev = false;
  switch (dir) {
    case cnrtMemcpyHostToDev:
      dst_dev = true;
      break;
    case cnrtMemcpyDevToDev:
      dst_dev = src_dev = true;
      break;
    case cnrtMemcpyDevToHost:
      src_dev = true;
      break;
    case cnrtMemcpyHostToHost:
      break;
    case cnrtMemcpyNoDirection:
      dst_dev = gdram_contains(dst, 1);
      src_dev = gdram_contains(src, 1);
      break;
    case cnrtMemcpyPeerToPeer:
    default:
      return cnrt_fail(api, cnrtErrorMemcpyDirectionInvalid,
                       "direction is not one of cnrtMemcpyHostToDev, "
                       "DevToDev, DevToHost, HostToHost, NoDirection");
  }
  const bool bytes_fit = bytes <= size_t(PTRDIFF_MAX);
  if ((dst_dev && !(bytes_fit && gdram_contains(dst, std::ptrdiff_t(bytes)))) ||
      (src_dev && !(bytes_fit && gdram_contains(src, std::ptrdiff_t(bytes))))) {
    return cnrt_fail(api, cnrtErrorArgsInvalid,
                     "the device side is not inside one cnrtMalloc "
                     "allocation");
  }
  if (!host_range_valid(dst, bytes) || !host_range_valid(src, bytes)) {
    return cnrt_fail(api, cnrtErrorArgsInvalid,
                     "the range wraps around the address space");
  }
  return cnrtSuccess;
}

cnrtRet_t check_set(const char* api, void* ptr, size_t bytes) {
  if (ptr == nullptr) return cnrt_fail(api, cnrtErrorArgsInvalid, "NULL ptr");
  if (bytes > size_t(PTRDIFF_MAX) ||
      !gdram_contains(ptr, std::ptrdiff_t(bytes))) {
    return cnrt_fail(api, cnrtErrorArgsInvalid,
                     "the range is not inside one cnrtMalloc allocation");
  }
  return cnrtSuccess;
}

}  // namespace
}  // namespace detail
}  // namespace xbang

using xbang::detail::cnrt_fail;

extern "C" {

namespace {
// More than the memory the device (the host) has cannot be allocated;
// refusing it before the allocator also keeps such sizes from the
// sanitizers' allocators, which abort on them.
bool beyond_total_memory(size_t bytes) {
  int total_mb = 0;
  return xbang::detail::device_attribute(
             CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_TOTAL_SIZE, &total_mb) &&
         total_mb > 0 && bytes > (size_t(total_mb) << 20);
}
}  // namespace

namespace {
cnrtRet_t allocate_device_memory(const char* api, void** ptr, size_t bytes) {
  if (ptr == nullptr) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "ptr is NULL");
  }
  // Big allocations on 2 MB pages, as device memory is mapped: random rows
  // (gathers, scatters, atomics) then rarely miss the host's TLB.
  const bool huge = bytes >= xbang::detail::kHugePageBytes;
  const size_t alignment = huge ? xbang::detail::kHugePageBytes : 64;
  if (bytes > SIZE_MAX - alignment || beyond_total_memory(bytes)) {
    return cnrt_fail(api, cnrtErrorNoMem,
                     "size beyond the device's global memory");
  }
  const size_t rounded =
      std::max(alignment, (bytes + alignment - 1) / alignment * alignment);
  void* p = std::aligned_alloc(alignment, rounded);
  if (p == nullptr) {
    return cnrt_fail(api, cnrtErrorNoMem, "out of memory");
  }
  if (huge) madvise(p, rounded, MADV_HUGEPAGE);
  // Fresh device memory holds garbage on hardware; checked mode makes it
  // NaN / -1 so that a kernel reading what nobody wrote shows it.
  if (xbang::checked::enabled()) std::memset(p, 0xff, rounded);
  xbang::detail::gdram_register(p, bytes);
  xbang::detail::bind_device_context();
  *ptr = p;
  return cnrtSuccess;
}
}  // namespace

cnrtRet_t cnrtMalloc(void** ptr, size_t bytes) {
  return allocate_device_memory("cnrtMalloc", ptr, bytes);
}

// Kernels only read constant memory; the host has no separate constant
// space, so it is device memory like any other (checked mode sees GDRAM).
cnrtRet_t cnrtMallocConstant(void** ptr, size_t bytes) {
  return allocate_device_memory("cnrtMallocConstant", ptr, bytes);
}

cnrtRet_t cnrtFree(void* ptr) {
  if (ptr == nullptr) return cnrtSuccess;
  if (!xbang::detail::gdram_unregister(ptr)) {
    return cnrt_fail("cnrtFree", cnrtErrorArgsInvalid,
                     "not the start of a live cnrtMalloc allocation");
  }
  xbang::detail::free_device_block(static_cast<const char*>(ptr));
  return cnrtSuccess;
}

cnrtRet_t cnrtDeviceReset(void) {
  for (const void* block : xbang::detail::gdram_unregister_all()) {
    xbang::detail::free_device_block(static_cast<const char*>(block));
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtHostMalloc(void** ptr, size_t bytes) {
  if (ptr == nullptr) {
    return cnrt_fail("cnrtHostMalloc", cnrtErrorArgsInvalid, "ptr is NULL");
  }
  constexpr size_t kAlignment = 64;
  if (bytes > SIZE_MAX - kAlignment || beyond_total_memory(bytes)) {
    return cnrt_fail("cnrtHostMalloc", cnrtErrorSysNoMem,
                     "size beyond the host's memory");
  }
  const size_t rounded =
      std::max(kAlignment, (bytes + kAlignment - 1) / kAlignment * kAlignment);
  void* p = std::aligned_alloc(kAlignment, rounded);
  if (p == nullptr) {
    return cnrt_fail("cnrtHostMalloc", cnrtErrorSysNoMem, "out of memory");
  }
  {
    std::lock_guard<std::mutex> lock(xbang::detail::host_mutex);
    xbang::detail::host_allocations[static_cast<const char*>(p)] = bytes;
  }
  *ptr = p;
  return cnrtSuccess;
}

cnrtRet_t cnrtFreeHost(void* ptr) {
  if (ptr == nullptr) return cnrtSuccess;
  {
    std::lock_guard<std::mutex> lock(xbang::detail::host_mutex);
    if (xbang::detail::host_allocations.erase(static_cast<const char*>(ptr)) ==
        0) {
      return cnrt_fail("cnrtFreeHost", cnrtErrorArgsInvalid,
                       "not the start of a live cnrtHostMalloc allocation");
    }
  }
  std::free(ptr);
  return cnrtSuccess;
}

cnrtRet_t cnrtMemcpy(void* dst, void* src, size_t bytes,
                     cnrtMemTransDir_t dir) {
  if (bytes == 0) return cnrtSuccess;
  const cnrtRet_t ret =
      xbang::detail::check_copy("cnrtMemcpy", dst, src, bytes, dir);
  if (ret != cnrtSuccess) return ret;
  std::memmove(dst, src, bytes);
  return cnrtSuccess;
}

cnrtRet_t cnrtMemcpyAsync(void* dst, void* src, size_t bytes, cnrtQueue_t queue,
                          cnrtMemTransDir_t dir) {
  if (!xbang::detail::queue_is_live(queue)) {
    return cnrt_fail("cnrtMemcpyAsync", cnrtErrorInvalidResourceHandle,
                     "not a live queue");
  }
  if (bytes == 0) return cnrtSuccess;
  const cnrtRet_t ret =
      xbang::detail::check_copy("cnrtMemcpyAsync", dst, src, bytes, dir);
  if (ret != cnrtSuccess) return ret;
  // Everything before it on the queue has finished: copying now keeps the
  // queue's order.
  std::memmove(dst, src, bytes);
  return cnrtSuccess;
}

cnrtRet_t cnrtMemset(void* ptr, int value, size_t bytes) {
  if (bytes == 0) return cnrtSuccess;
  const cnrtRet_t ret = xbang::detail::check_set("cnrtMemset", ptr, bytes);
  if (ret != cnrtSuccess) return ret;
  std::memset(ptr, value, bytes);
  return cnrtSuccess;
}

cnrtRet_t cnrtMemsetAsync(void* ptr, int value, size_t bytes,
                          cnrtQueue_t queue) {
  if (!xbang::detail::queue_is_live(queue)) {
    return cnrt_fail("cnrtMemsetAsync", cnrtErrorInvalidResourceHandle,
                     "not a live queue");
  }
  if (bytes == 0) return cnrtSuccess;
  const cnrtRet_t ret = xbang::detail::check_set("cnrtMemsetAsync", ptr, bytes);
  if (ret != cnrtSuccess) return ret;
  std::memset(ptr, value, bytes);
  return cnrtSuccess;
}

cnrtRet_t cnrtPointerGetAttributes(cnrtPointerAttributes_t* attr,
                                   const void* ptr) {
  if (attr == nullptr || ptr == nullptr) {
    return cnrt_fail("cnrtPointerGetAttributes", cnrtErrorArgsInvalid,
                     "attr or ptr is NULL");
  }
  std::memset(attr, 0, sizeof(*attr));
  attr->type = cnrtMemTypeUnregistered;
  attr->cacheMode = cnrtUvaUnknown;
  const char* p = static_cast<const char*>(ptr);
  const char* base = nullptr;
  size_t bytes = 0;
  if (xbang::detail::gdram_find(p, &base, &bytes)) {
    attr->type = cnrtMemTypeDevice;
    attr->size = bytes;
    attr->devicePointer = const_cast<void*>(ptr);
    attr->deviceBasePointer = const_cast<char*>(base);
    return cnrtSuccess;
  }
  std::lock_guard<std::mutex> lock(xbang::detail::host_mutex);
  if (auto* block =
          xbang::detail::find_holder(xbang::detail::host_allocations, p)) {
    attr->type = cnrtMemTypeHost;
    attr->size = block->second;
    attr->hostPointer = const_cast<void*>(ptr);
    attr->cacheMode = cnrtUvaCached;
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtMemGetInfo(size_t* available, size_t* total) {
  if (available == nullptr || total == nullptr) {
    return cnrt_fail("cnrtMemGetInfo", cnrtErrorArgsInvalid,
                     "an output is NULL");
  }
  int available_mb = 0, total_mb = 0;
  xbang::detail::device_attribute(
      CN_DEVICE_ATTRIBUTE_AVAILABLE_GLOBAL_MEMORY_SIZE, &available_mb);
  xbang::detail::device_attribute(CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_TOTAL_SIZE,
                                  &total_mb);
  *available = size_t(available_mb) << 20;
  *total = size_t(total_mb) << 20;
  return cnrtSuccess;
}

cnrtRet_t cnrtGetLastError(void) { return xbang::detail::take_last_error(); }

cnrtRet_t cnrtPeekAtLastError(void) { return xbang::detail::peek_last_error(); }

const char* cnrtGetErrorStr(cnrtRet_t error) {
  const auto* e = xbang::detail::find_error(error);
  return e != nullptr ? e->message : "unknown cnrtRet_t";
}

const char* cnrtGetErrorName(cnrtRet_t error) {
  const auto* e = xbang::detail::find_error(error);
  return e != nullptr ? e->name : "cnrtErrorUnrecognized";
}

void cnrtCheck(cnrtRet_t result, const char* const expression,
               const char* const file, int const line) {
  if (result == cnrtSuccess) return;
  std::fprintf(stderr, "CNRT error at %s:%d code=%d (%s) \"%s\": %s\n", file,
               line, int(result), cnrtGetErrorName(result),
               expression != nullptr ? expression : "",
               cnrtGetErrorStr(result));
  std::exit(1);
}

cnrtRet_t cnrtGetLibVersion(int* major, int* minor, int* patch) {
  if (major == nullptr || minor == nullptr || patch == nullptr) {
    return cnrt_fail("cnrtGetLibVersion", cnrtErrorArgsInvalid,
                     "an output is NULL");
  }
  *major = CNRT_MAJOR_VERSION;
  *minor = CNRT_MINOR_VERSION;
  *patch = CNRT_PATCH_VERSION;
  return cnrtSuccess;
}

}  // extern "C"
