// The device's memory registry (which host blocks are GDRAM) and the last
// error of each host thread. One copy per process: every toolkit library
// reaches them through device_api.h.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <shared_mutex>

#include "device_api.h"
#include "runtime_internal.h"

namespace xbang {
namespace detail {
namespace {

std::shared_mutex registry_mutex;
std::map<const char*, size_t> allocations;  // begin -> bytes
thread_local cnrtRet_t last_error = cnrtSuccess;

using RecentAllocations = CheckedFastPath::RecentAllocations;
// Host threads' cache; an emulated core keeps its own in its CoreContext,
// which it reaches without a TLS lookup call.
thread_local RecentAllocations host_recent;

}  // namespace

// Bumped by every release: lets each thread trust its cache of recently
// found allocations without touching the shared lock (checked mode asks
// this for every GDRAM operand, from every core at once).
std::atomic<uint64_t> gdram_registry_generation{0};

bool gdram_contains(const void* p, std::ptrdiff_t bytes) {
  if (bytes < 0 || p == nullptr) return false;
  const char* b = static_cast<const char*>(p);
  CoreContext* core = tls_core;
  RecentAllocations& recent =
      core != nullptr ? core->checked.recent_gdram : host_recent;
  const uint64_t generation =
      gdram_registry_generation.load(std::memory_order_acquire);
  if (recent.generation == generation) {
    for (int i = 0; i < RecentAllocations::kSize; ++i) {
      if (range_inside(b, size_t(bytes), recent.begin[i], recent.end[i])) {
        return true;
      }
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
  if (!range_inside(b, size_t(bytes), it->first, end)) return false;
  recent.begin[recent.next] = it->first;
  recent.end[recent.next] = end;
  recent.next = (recent.next + 1) % RecentAllocations::kSize;
  return true;
}

void gdram_register(const void* begin, size_t bytes) {
  std::unique_lock<std::shared_mutex> lock(registry_mutex);
  allocations[static_cast<const char*>(begin)] = bytes;
}

size_t device_bytes_in_use() {
  std::shared_lock<std::shared_mutex> lock(registry_mutex);
  size_t total = 0;
  for (const auto& block : allocations) total += block.second;
  return total;
}

bool gdram_unregister(const void* begin) {
  std::unique_lock<std::shared_mutex> lock(registry_mutex);
  auto it = allocations.find(static_cast<const char*>(begin));
  if (it == allocations.end()) return false;
  allocations.erase(it);
  gdram_registry_generation.fetch_add(1, std::memory_order_acq_rel);
  return true;
}

std::vector<const void*> gdram_unregister_all() {
  std::map<const char*, size_t> freed;
  {
    std::unique_lock<std::shared_mutex> lock(registry_mutex);
    freed.swap(allocations);
    gdram_registry_generation.fetch_add(1, std::memory_order_acq_rel);
  }
  std::vector<const void*> blocks;
  blocks.reserve(freed.size());
  for (const auto& block : freed) blocks.push_back(block.first);
  return blocks;
}

bool gdram_find(const void* p, const char** base, size_t* bytes) {
  const char* b = static_cast<const char*>(p);
  std::shared_lock<std::shared_mutex> lock(registry_mutex);
  auto it = allocations.upper_bound(b);
  if (it == allocations.begin()) return false;
  --it;
  if (b >= it->first + std::max<size_t>(it->second, 1)) return false;
  *base = it->first;
  *bytes = it->second;
  return true;
}

void set_last_error(cnrtRet_t ret) { last_error = ret; }

cnrtRet_t peek_last_error() { return last_error; }

cnrtRet_t take_last_error() {
  const cnrtRet_t ret = last_error;
  last_error = cnrtSuccess;
  return ret;
}

}  // namespace detail
}  // namespace xbang
