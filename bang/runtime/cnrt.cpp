// The CNRT subset: device memory (host memory the runtime has registered),
// queues (synchronous), copies and the last-error slot.
#include <cnrt.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <shared_mutex>

#include "runtime_internal.h"

struct cnrtQueue {
  int id;
};

namespace xbang {
namespace detail {
namespace {

std::shared_mutex registry_mutex;
std::map<const char*, size_t> allocations;  // begin -> bytes
// Bumped by every cnrtFree: lets each thread trust its cache of recently
// found allocations without touching the shared lock (checked mode asks
// this for every GDRAM operand, from every core at once).
std::atomic<uint64_t> registry_generation{0};
thread_local cnrtRet_t last_error = cnrtSuccess;
constexpr size_t kHugePageBytes = size_t(2) << 20;

struct RecentAllocations {
  static constexpr int kSize = 8;
  uint64_t generation = ~uint64_t(0);
  const char* begin[kSize] = {};
  const char* end[kSize] = {};
  int next = 0;
};
thread_local RecentAllocations recent;

}  // namespace

bool gdram_contains(const void* p, std::ptrdiff_t bytes) {
  const char* b = static_cast<const char*>(p);
  const uint64_t generation =
      registry_generation.load(std::memory_order_acquire);
  if (recent.generation == generation) {
    for (int i = 0; i < RecentAllocations::kSize; ++i) {
      if (b >= recent.begin[i] && b + bytes <= recent.end[i]) return true;
    }
  } else {
    recent = RecentAllocations{};
    recent.generation = generation;
  }
  std::shared_lock<std::shared_mutex> lock(registry_mutex);
  auto it = allocations.upper_bound(b);
  if (it == allocations.begin()) return false;
  --it;
  const char* end = it->first + it->second;
  if (b < it->first || b + bytes > end) return false;
  recent.begin[recent.next] = it->first;
  recent.end[recent.next] = end;
  recent.next = (recent.next + 1) % RecentAllocations::kSize;
  return true;
}

void set_last_error(cnrtRet_t ret) { last_error = ret; }

cnrtRet_t take_last_error() {
  const cnrtRet_t ret = last_error;
  last_error = cnrtSuccess;
  return ret;
}

}  // namespace detail
}  // namespace xbang

using xbang::detail::allocations;
using xbang::detail::registry_generation;
using xbang::detail::registry_mutex;

extern "C" {

cnrtRet_t cnrtQueueCreate(cnrtQueue_t* queue) {
  if (queue == nullptr) return cnrtErrorArgsInvalid;
  static int next_id = 0;
  *queue = new cnrtQueue{++next_id};
  return cnrtSuccess;
}

// Launches finish before they return, so a queue has nothing to wait for.
cnrtRet_t cnrtQueueSync(cnrtQueue_t) { return cnrtSuccess; }
cnrtRet_t cnrtSyncDevice(void) { return cnrtSuccess; }

cnrtRet_t cnrtQueueDestroy(cnrtQueue_t queue) {
  delete queue;
  return cnrtSuccess;
}

cnrtRet_t cnrtMalloc(void** ptr, size_t bytes) {
  if (ptr == nullptr) return cnrtErrorArgsInvalid;
  // Big allocations on 2 MB pages, as device memory is mapped: random rows
  // (gathers, scatters, atomics) then rarely miss the host's TLB.
  const bool huge = bytes >= xbang::detail::kHugePageBytes;
  const size_t alignment = huge ? xbang::detail::kHugePageBytes : 64;
  const size_t rounded =
      std::max(alignment, (bytes + alignment - 1) / alignment * alignment);
  void* p = std::aligned_alloc(alignment, rounded);
  if (p != nullptr && huge) madvise(p, rounded, MADV_HUGEPAGE);
  if (p == nullptr) return cnrtErrorNoMem;
  // Fresh device memory holds garbage on hardware; checked mode makes it
  // NaN / -1 so that a kernel reading what nobody wrote shows it.
  if (xbang::checked::enabled()) std::memset(p, 0xff, rounded);
  {
    std::unique_lock<std::shared_mutex> lock(registry_mutex);
    allocations[static_cast<const char*>(p)] = bytes;
  }
  *ptr = p;
  return cnrtSuccess;
}

cnrtRet_t cnrtFree(void* ptr) {
  if (ptr == nullptr) return cnrtSuccess;
  {
    std::unique_lock<std::shared_mutex> lock(registry_mutex);
    auto it = allocations.find(static_cast<const char*>(ptr));
    if (it == allocations.end()) return cnrtErrorArgsInvalid;
    allocations.erase(it);
    registry_generation.fetch_add(1, std::memory_order_acq_rel);
  }
  std::free(ptr);
  return cnrtSuccess;
}

cnrtRet_t cnrtMemcpy(void* dst, void* src, size_t bytes,
                     cnrtMemTransDir_t dir) {
  if (bytes == 0) return cnrtSuccess;
  if (dst == nullptr || src == nullptr) return cnrtErrorArgsInvalid;
  const bool dst_dev = dir == cnrtMemcpyHostToDev || dir == cnrtMemcpyDevToDev;
  const bool src_dev = dir == cnrtMemcpyDevToHost || dir == cnrtMemcpyDevToDev;
  if ((dst_dev && !xbang::detail::gdram_contains(dst, bytes)) ||
      (src_dev && !xbang::detail::gdram_contains(src, bytes))) {
    std::fprintf(stderr,
                 "[xbang] cnrtMemcpy: device side is not inside one "
                 "cnrtMalloc allocation\n");
    return cnrtErrorArgsInvalid;
  }
  std::memmove(dst, src, bytes);
  return cnrtSuccess;
}

cnrtRet_t cnrtMemset(void* ptr, int value, size_t bytes) {
  if (bytes == 0) return cnrtSuccess;
  if (!xbang::detail::gdram_contains(ptr, bytes)) return cnrtErrorArgsInvalid;
  std::memset(ptr, value, bytes);
  return cnrtSuccess;
}

cnrtRet_t cnrtGetLastError(void) { return xbang::detail::take_last_error(); }

const char* cnrtGetErrorStr(cnrtRet_t ret) {
  switch (ret) {
    case cnrtSuccess:
      return "cnrtSuccess";
    case cnrtErrorArgsInvalid:
      return "cnrtErrorArgsInvalid: invalid argument";
    case cnrtErrorNoMem:
      return "cnrtErrorNoMem: out of memory";
    case cnrtErrorInvalidKernel:
      return "cnrtErrorInvalidKernel";
    case cnrtErrorLaunchFailed:
      return "cnrtErrorLaunchFailed: kernel failed (see the checked-mode "
             "report)";
  }
  return "unknown cnrtRet_t";
}

}  // extern "C"
