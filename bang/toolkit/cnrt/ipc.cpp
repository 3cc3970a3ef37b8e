// Inter-process memory handles. The emulated device lives in the process
// that loaded it, so a handle is a key into this process's table: mapping it
// gives the allocation's own address, and a handle from another process (or
// never acquired) finds no entry and is cnrtErrorArgsInvalid.
#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "toolkit_internal.h"

namespace {

struct MemHandleTable {
  std::mutex mutex;
  uint64_t next_key = 0;
  std::unordered_map<uint64_t, const char*> bases;  // handle -> allocation
  std::unordered_map<const void*, int> mappings;    // address -> open maps
};

// Never destroyed: calls made while the process exits find it intact.
MemHandleTable& table() {
  static auto* t = new MemHandleTable;
  return *t;
}

// Keys start high and step by an odd number, so a handle is never NULL and
// rarely equals a small integer or an address by accident.
constexpr uint64_t kFirstKey = 0x1badc0de00000000ull;
constexpr uint64_t kKeyStep = 0x9e3779b1ull;

}  // namespace

using xbang::detail::cnrt_fail;

extern "C" {

cnrtRet_t cnrtAcquireMemHandle(cnrtIpcMemHandle* handle, void* ptr) {
  constexpr const char* kApi = "cnrtAcquireMemHandle";
  if (handle == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "handle is NULL");
  }
  const char* base = nullptr;
  size_t bytes = 0;
  if (ptr == nullptr || !xbang::detail::gdram_find(ptr, &base, &bytes) ||
      base != ptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "ptr is not the start of a live cnrtMalloc allocation");
  }
  MemHandleTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  const uint64_t key = kFirstKey + kKeyStep * t.next_key++;
  t.bases[key] = base;
  *handle = reinterpret_cast<cnrtIpcMemHandle>(static_cast<uintptr_t>(key));
  return cnrtSuccess;
}

cnrtRet_t cnrtMapMemHandle(void** ptr, cnrtIpcMemHandle handle, int flags) {
  constexpr const char* kApi = "cnrtMapMemHandle";
  if (ptr == nullptr)
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "ptr is NULL");
  if (flags != 0) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "flags must be 0");
  }
  MemHandleTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  const auto it = t.bases.find(reinterpret_cast<uintptr_t>(handle));
  if (it == t.bases.end()) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "the handle was not acquired by cnrtAcquireMemHandle in "
                     "this process (the emulated device lives in one process)");
  }
  const char* base = nullptr;
  size_t bytes = 0;
  if (!xbang::detail::gdram_find(it->second, &base, &bytes) ||
      base != it->second) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "the handle's allocation was freed");
  }
  ++t.mappings[base];
  *ptr = const_cast<char*>(base);
  return cnrtSuccess;
}

cnrtRet_t cnrtUnMapMemHandle(void* ptr) {
  MemHandleTable& t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  const auto it = t.mappings.find(ptr);
  if (ptr == nullptr || it == t.mappings.end()) {
    return cnrt_fail("cnrtUnMapMemHandle", cnrtErrorArgsInvalid,
                     "ptr was not returned by cnrtMapMemHandle or is already "
                     "unmapped");
  }
  if (--it->second == 0) t.mappings.erase(it);
  return cnrtSuccess;
}

}  // extern "C"
