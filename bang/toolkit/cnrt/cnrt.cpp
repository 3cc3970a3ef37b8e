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
#include <utility>

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
    {cnrtErrorQueueCaptureUnsupported, "cnrtErrorQueueCaptureUnsupported",
     "operation not permitted while a queue is capturing"},
    {cnrtErrorQueueCaptureInvalidated, "cnrtErrorQueueCaptureInvalidated",
     "the queue capture was invalidated by an earlier error"},
    {cnrtErrorQueueCaptureWrongThread, "cnrtErrorQueueCaptureWrongThread",
     "the queue capture ended on another thread"},
    {cnrtErrorQueueCaptureMerged, "cnrtErrorQueueCaptureMerged",
     "two independent queue captures were merged"},
    {cnrtErrorQueueCaptureUnjoined, "cnrtErrorQueueCaptureUnjoined",
     "a fork of the queue capture was not joined"},
    {cnrtErrorQueueCaptureIsolation, "cnrtErrorQueueCaptureIsolation",
     "a dependency crosses the queue capture boundary"},
    {cnrtErrorQueueCaptureUnmatched, "cnrtErrorQueueCaptureUnmatched",
     "the capture ended on a queue other than the one it began on"},
    {cnrtErrorTaskTopoEntityUpdateFailure,
     "cnrtErrorTaskTopoEntityUpdateFailure",
     "the TaskTopo entity update violates its constraints"},
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

// Which sides of a copy in direction `dir` are device memory; false for a
// direction the emulated device has no meaning for.
bool copy_sides(cnrtMemTransDir_t dir, const void* dst, const void* src,
                bool* dst_dev, bool* src_dev) {
  *dst_dev = *src_dev = false;
  switch (dir) {
    case cnrtMemcpyHostToDev:
      *dst_dev = true;
      return true;
    case cnrtMemcpyDevToDev:
      *dst_dev = *src_dev = true;
      return true;
    case cnrtMemcpyDevToHost:
      *src_dev = true;
      return true;
    case cnrtMemcpyHostToHost:
      return true;
    case cnrtMemcpyNoDirection:
      *dst_dev = gdram_contains(dst, 1);
      *src_dev = gdram_contains(src, 1);
      return true;
    default:
      return false;
  }
}

// One side of a pitched copy: `rows` rows of `slices` slices, `width` bytes
// each, starting `offset` bytes into `base`; rows `pitch` bytes apart and
// slices `slice_pitch` bytes apart.
struct PitchedSide {
  char* first;  // the first byte copied
  size_t span;  // bytes from it to the end of the last row
  size_t pitch;
  size_t slice_pitch;
};

// Fills `side` for a copy of width x rows x slices at byte offset
// x + y * pitch + z * pitch * ysize of `base`; false if a figure overflows.
bool pitched_side(void* base, size_t pitch, size_t ysize, size_t x, size_t y,
                  size_t z, size_t width, size_t rows, size_t slices,
                  PitchedSide* side) {
  size_t slice_pitch = 0, offset = 0, t = 0, span = 0, u = 0;
  if (__builtin_mul_overflow(pitch, ysize, &slice_pitch) ||
      __builtin_mul_overflow(z, slice_pitch, &offset) ||
      __builtin_mul_overflow(y, pitch, &t) ||
      __builtin_add_overflow(offset, t, &offset) ||
      __builtin_add_overflow(offset, x, &offset) ||
      __builtin_mul_overflow(slices - 1, slice_pitch, &span) ||
      __builtin_mul_overflow(rows - 1, pitch, &u) ||
      __builtin_add_overflow(span, u, &span) ||
      __builtin_add_overflow(span, width, &span) ||
      uintptr_t(base) > UINTPTR_MAX - offset) {
    return false;
  }
  *side = {static_cast<char*>(base) + offset, span, pitch, slice_pitch};
  return true;
}

// Checks and performs a pitched copy (the 2-D and 3-D calls).
cnrtRet_t pitched_copy(const char* api, PitchedSide dst, PitchedSide src,
                       size_t width, size_t rows, size_t slices,
                       cnrtMemTransDir_t dir) {
  bool dst_dev = false, src_dev = false;
  if (!copy_sides(dir, dst.first, src.first, &dst_dev, &src_dev)) {
    return cnrt_fail(api, cnrtErrorMemcpyDirectionInvalid,
                     "direction is not one of cnrtMemcpyHostToDev, "
                     "DevToDev, DevToHost, HostToHost, NoDirection");
  }
  for (const auto& [side, dev] :
       {std::pair{dst, dst_dev}, std::pair{src, src_dev}}) {
    if (dev && !(side.span <= size_t(PTRDIFF_MAX) &&
                 gdram_contains(side.first, std::ptrdiff_t(side.span)))) {
      return cnrt_fail(api, cnrtErrorArgsInvalid,
                       "the device side is not inside one cnrtMalloc "
                       "allocation");
    }
    if (!host_range_valid(side.first, side.span)) {
      return cnrt_fail(api, cnrtErrorArgsInvalid,
                       "the range wraps around the address space");
    }
  }
  for (size_t z = 0; z < slices; ++z) {
    for (size_t y = 0; y < rows; ++y) {
      std::memmove(dst.first + z * dst.slice_pitch + y * dst.pitch,
                   src.first + z * src.slice_pitch + y * src.pitch, width);
    }
  }
  return cnrtSuccess;
}

cnrtRet_t copy_2d(const char* api, void* dst, size_t dpitch, const void* src,
                  size_t spitch, size_t width, size_t height,
                  cnrtMemTransDir_t dir) {
  if (dst == nullptr || src == nullptr) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "dst or src is NULL");
  }
  if (width == 0 || height == 0) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "width or height is 0");
  }
  if (dpitch < width || spitch < width) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "a pitch is below width");
  }
  PitchedSide d, s;
  if (!pitched_side(dst, dpitch, height, 0, 0, 0, width, height, 1, &d) ||
      !pitched_side(const_cast<void*>(src), spitch, height, 0, 0, 0, width,
                    height, 1, &s)) {
    return cnrt_fail(api, cnrtErrorArgsInvalid,
                     "pitch x height overflows the address space");
  }
  return pitched_copy(api, d, s, width, height, 1, dir);
}

cnrtRet_t copy_3d(const char* api, const cnrtMemcpy3dParam_t* p) {
  if (p == nullptr) return cnrt_fail(api, cnrtErrorArgsInvalid, "p is NULL");
  void* dst = p->dst != nullptr ? p->dst : p->dstPtr.ptr;
  void* src = p->src != nullptr ? p->src : p->srcPtr.ptr;
  if (dst == nullptr || src == nullptr) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "dst or src is NULL");
  }
  const cnrtExtent_t& e = p->extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "an extent is 0");
  }
  if (p->dstPtr.pitch < e.width || p->srcPtr.pitch < e.width) {
    return cnrt_fail(api, cnrtErrorArgsInvalid,
                     "a pitch is below extent.width");
  }
  if (e.depth > 1 &&
      (p->dstPtr.ysize < e.height || p->srcPtr.ysize < e.height)) {
    return cnrt_fail(api, cnrtErrorArgsInvalid,
                     "a ysize is below extent.height");
  }
  PitchedSide d, s;
  if (!pitched_side(dst, p->dstPtr.pitch, p->dstPtr.ysize, p->dstPos.x,
                    p->dstPos.y, p->dstPos.z, e.width, e.height, e.depth, &d) ||
      !pitched_side(src, p->srcPtr.pitch, p->srcPtr.ysize, p->srcPos.x,
                    p->srcPos.y, p->srcPos.z, e.width, e.height, e.depth, &s)) {
    return cnrt_fail(api, cnrtErrorArgsInvalid,
                     "the positions and extent overflow the address space");
  }
  return pitched_copy(api, d, s, e.width, e.height, e.depth, p->dir);
}

// The queued form of a call: the queue must be live; the work then runs
// now, after everything before it on the queue.
cnrtRet_t check_live_queue(const char* api, cnrtQueue_t queue) {
  if (queue_is_live(queue)) return cnrtSuccess;
  return cnrt_fail(api, cnrtErrorInvalidResourceHandle, "not a live queue");
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

namespace {
cnrtRet_t memcpy_async(const char* api, void* dst, void* src, size_t bytes,
                       cnrtQueue_t queue, cnrtMemTransDir_t dir) {
  if (!xbang::detail::queue_is_live(queue)) {
    return cnrt_fail(api, cnrtErrorInvalidResourceHandle, "not a live queue");
  }
  if (bytes == 0) return cnrtSuccess;
  const cnrtRet_t ret = xbang::detail::check_copy(api, dst, src, bytes, dir);
  if (ret != cnrtSuccess) return ret;
  // Everything before it on the queue has finished: copying now keeps the
  // queue's order.
  return xbang::detail::enqueue(queue, cnrtTaskTopoNodeTypeMemcpy, api, [=] {
    const cnrtRet_t check =
        xbang::detail::check_copy(api, dst, src, bytes, dir);
    if (check == cnrtSuccess) std::memmove(dst, src, bytes);
    return check;
  });
}
}  // namespace

cnrtRet_t cnrtMemcpyAsync(void* dst, void* src, size_t bytes, cnrtQueue_t queue,
                          cnrtMemTransDir_t dir) {
  return memcpy_async("cnrtMemcpyAsync", dst, src, bytes, queue, dir);
}

cnrtRet_t cnrtMemcpyAsync_V2(void* dst, void* src, size_t bytes,
                             cnrtQueue_t queue, cnrtMemTransDir_t dir) {
  return memcpy_async("cnrtMemcpyAsync_V2", dst, src, bytes, queue, dir);
}

cnrtRet_t cnrtMemcpyAsync_V3(void* dst, void* src, size_t bytes,
                             cnrtQueue_t queue, cnrtMemTransDir_t dir) {
  return memcpy_async("cnrtMemcpyAsync_V3", dst, src, bytes, queue, dir);
}

cnrtRet_t cnrtMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch,
                       size_t width, size_t height,
                       cnrtMemTransDir_t direction) {
  return xbang::detail::copy_2d("cnrtMemcpy2D", dst, dpitch, src, spitch, width,
                                height, direction);
}

cnrtRet_t cnrtMemcpy2DAsync(void* dst, size_t dpitch, const void* src,
                            size_t spitch, size_t width, size_t height,
                            cnrtMemTransDir_t direction, cnrtQueue_t queue) {
  constexpr const char* kApi = "cnrtMemcpy2DAsync";
  const cnrtRet_t ret = xbang::detail::check_live_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  return xbang::detail::enqueue(queue, cnrtTaskTopoNodeTypeMemcpy, kApi, [=] {
    return xbang::detail::copy_2d(kApi, dst, dpitch, src, spitch, width, height,
                                  direction);
  });
}

cnrtRet_t cnrtMemcpy3D(const cnrtMemcpy3dParam_t* p) {
  return xbang::detail::copy_3d("cnrtMemcpy3D", p);
}

cnrtRet_t cnrtMemcpy3DAsync(const cnrtMemcpy3dParam_t* p, cnrtQueue_t queue) {
  constexpr const char* kApi = "cnrtMemcpy3DAsync";
  const cnrtRet_t ret = xbang::detail::check_live_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  if (p == nullptr) return xbang::detail::copy_3d(kApi, p);
  const cnrtMemcpy3dParam_t params = *p;
  return xbang::detail::enqueue(queue, cnrtTaskTopoNodeTypeMemcpy, kApi, [=] {
    return xbang::detail::copy_3d(kApi, &params);
  });
}

namespace {
cnrtRet_t memcpy_peer(const char* api, void* dst, int dst_dev, void* src,
                      int src_dev, size_t bytes) {
  if (dst_dev != 0 || src_dev != 0) {
    return cnrt_fail(api, cnrtErrorDeviceInvalid,
                     "the emulated device is ordinal 0");
  }
  if (bytes == 0) return cnrtSuccess;
  const cnrtRet_t ret =
      xbang::detail::check_copy(api, dst, src, bytes, cnrtMemcpyDevToDev);
  if (ret != cnrtSuccess) return ret;
  std::memmove(dst, src, bytes);
  return cnrtSuccess;
}
}  // namespace

cnrtRet_t cnrtMemcpyPeer(void* dst, int dstDev, void* src, int srcDev,
                         size_t bytes) {
  return memcpy_peer("cnrtMemcpyPeer", dst, dstDev, src, srcDev, bytes);
}

cnrtRet_t cnrtMemcpyPeerAsync(void* dst, int dstDev, void* src, int srcDev,
                              size_t bytes, cnrtQueue_t queue) {
  constexpr const char* kApi = "cnrtMemcpyPeerAsync";
  const cnrtRet_t ret = xbang::detail::check_live_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  return xbang::detail::enqueue(queue, cnrtTaskTopoNodeTypeMemcpy, kApi, [=] {
    return memcpy_peer(kApi, dst, dstDev, src, srcDev, bytes);
  });
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
  constexpr const char* kApi = "cnrtMemsetAsync";
  const cnrtRet_t ret = xbang::detail::check_set(kApi, ptr, bytes);
  if (ret != cnrtSuccess) return ret;
  return xbang::detail::enqueue(queue, cnrtTaskTopoNodeTypeMemset, kApi, [=] {
    const cnrtRet_t check = xbang::detail::check_set(kApi, ptr, bytes);
    if (check == cnrtSuccess) std::memset(ptr, value, bytes);
    return check;
  });
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

cnrtRet_t cnrtMcacheOperation(void* ptr, void* hostPtr, size_t size,
                              cnrtCacheOps_t ops) {
  constexpr const char* kApi = "cnrtMcacheOperation";
  if (ops != CNRT_FLUSH_CACHE && ops != CNRT_INVALID_CACHE) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "ops is not a cnrtCacheOps_t");
  }
  if (hostPtr == nullptr || !xbang::detail::host_range_valid(hostPtr, size)) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "hostPtr is NULL or its range wraps around");
  }
  (void)ptr;  // reserved
  // The host's caches are coherent with device memory (it is host memory).
  return cnrtSuccess;
}

namespace {
cnrtRet_t map_device(const char* api, void* ptr, void** host, size_t size) {
  if (ptr == nullptr || host == nullptr) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "ptr or pHostPtr is NULL");
  }
  if (size == 0 || size > size_t(PTRDIFF_MAX) ||
      !xbang::detail::gdram_contains(ptr, std::ptrdiff_t(size))) {
    return cnrt_fail(api, cnrtErrorArgsInvalid,
                     "the range is not inside one cnrtMalloc allocation");
  }
  *host = ptr;  // device memory is host memory at the same address
  return cnrtSuccess;
}
}  // namespace

cnrtRet_t cnrtMmap(void* ptr, void** pHostPtr, size_t size) {
  return map_device("cnrtMmap", ptr, pHostPtr, size);
}

cnrtRet_t cnrtMmapCached(void* ptr, void** pHostPtr, size_t size) {
  return map_device("cnrtMmapCached", ptr, pHostPtr, size);
}

cnrtRet_t cnrtMunmap(void* hostPtr, size_t size) {
  if (hostPtr == nullptr || size == 0 || size > size_t(PTRDIFF_MAX) ||
      !xbang::detail::gdram_contains(hostPtr, std::ptrdiff_t(size))) {
    return cnrt_fail("cnrtMunmap", cnrtErrorArgsInvalid,
                     "not a range cnrtMmap mapped");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtMemAllocAsync(void** pPtr, size_t byteSize, cnrtQueue_t queue) {
  constexpr const char* kApi = "cnrtMemAllocAsync";
  const cnrtRet_t ret = xbang::detail::check_live_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  if (xbang::detail::queue_capturing(queue)) {
    return cnrt_fail(kApi, cnrtErrorQueueCaptureUnsupported,
                     "queue-ordered allocation cannot be captured");
  }
  return allocate_device_memory(kApi, pPtr, byteSize);
}

cnrtRet_t cnrtMemFreeAsync(void* mluAddr, cnrtQueue_t hqueue) {
  constexpr const char* kApi = "cnrtMemFreeAsync";
  const cnrtRet_t ret = xbang::detail::check_live_queue(kApi, hqueue);
  if (ret != cnrtSuccess) return ret;
  if (xbang::detail::queue_capturing(hqueue)) {
    return cnrt_fail(kApi, cnrtErrorQueueCaptureUnsupported,
                     "queue-ordered allocation cannot be captured");
  }
  if (mluAddr == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "mluAddr is NULL");
  }
  if (!xbang::detail::gdram_unregister(mluAddr)) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "not the start of a live allocation");
  }
  xbang::detail::free_device_block(static_cast<const char*>(mluAddr));
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
