// The task model seen from inside a kernel (docs/architecture.md): task
// variables, the per-core context the built-ins count into, __is_mpu and the
// barriers.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "xbang/runtime/async_copies.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/timeline.h"
#include "xbang/runtime/races.h"

// Task variables: one set per emulated core, set by the runtime.
// Initial-exec, like tls_core below: kernels read them in their loops
// (`n % taskDim == taskId`), and from a kernel in a shared library a
// general-dynamic access is a call to __tls_get_addr.
#define XBANG_TASK_VARIABLE __attribute__((tls_model("initial-exec"))) __thread
extern XBANG_TASK_VARIABLE int32_t taskDim, taskDimX, taskDimY, taskDimZ;
extern XBANG_TASK_VARIABLE int32_t taskId, taskIdX, taskIdY, taskIdZ;
extern XBANG_TASK_VARIABLE int32_t coreDim, coreId, clusterDim, clusterId;

namespace xbang {
namespace detail {

class LaunchState;  // runtime-private
struct RaceLog;     // runtime-private: checked mode's shared-memory accesses

// A core's copy of one module's __nram__ and __wram__ sections (each module,
// executable or shared library, has its own; see module.h).
struct OnchipWindow {
  const void* module;  // the device's record of the module
  const char* nram_begin;
  const char* nram_end;
  const char* wram_begin;
  const char* wram_end;
};

// State of the emulated core running on this host thread.
struct CoreContext {
  LaunchState* launch = nullptr;
  int core_index = 0;  // in the launch's core order (runtime-private)
  const char* kernel = "";
  bool is_mpu = false;
  std::array<uint64_t, kNumDirections> copy_bytes{};
  std::array<uint64_t, kNumFamilies> elements{};
  uint64_t atomic_updates = 0;
  uint64_t barriers = 0;
  // This core's copies of the modules' on-chip sections (checked mode).
  std::vector<OnchipWindow> onchip;
  bool budget_reported = false;  // checked mode: on-chip budget, once per core
  // Checked mode: the NRAM and WRAM variables the last passing operands of
  // each space lay in (kernels call built-ins on a few buffers again and
  // again), the oldest replaced first.
  struct CheckedObject {
    const char* begin = nullptr;
    const char* end = nullptr;
  };
  static constexpr int kPassedObjects = 4;
  struct PassedObjects {
    std::array<CheckedObject, kPassedObjects> objects{};
    int next = 0;
  };
  std::array<PassedObjects, 2> passed_objects{};  // NRAM, WRAM
  // Checked mode: the GDRAM allocations this core's operands lay in lately,
  // valid while no allocation is released (memory.cpp).
  struct RecentAllocations {
    static constexpr int kSize = 8;
    uint64_t generation = ~uint64_t(0);
    const char* begin[kSize] = {};
    const char* end[kSize] = {};
    int next = 0;
  };
  RecentAllocations recent_gdram;
  // __memcpy_async copies not yet performed (XBANG_ASYNC=late) and, in
  // checked mode, the copies not yet synced (see async_copies.h).
  std::vector<PendingCopy> pending_copies;
  std::vector<UnsyncedCopy> unsynced_copies;
  // The timing model: this core's streams (docs/timing-model.md).
  CoreTimeline timeline;
  // Which built-ins pass the core's turn (races.h).
  Turns turns = Turns::kNone;
  // Checked mode: the core's SRAM and GDRAM accesses, for the race check.
  RaceLog* race_log = nullptr;
};

// Initial-exec: every built-in reads it, from kernels in executables and in
// shared libraries alike, and a general-dynamic access is a call
// (__tls_get_addr). One pointer fits the static TLS glibc keeps for
// libraries loaded later.
extern __thread CoreContext* tls_core
    __attribute__((tls_model("initial-exec")));
inline CoreContext* current_core() { return tls_core; }

// Performs the core's delayed __memcpy_async copies, in issue order, and
// forgets the unsynced ones: the core's sync, barrier or return.
void flush_pending_copies(CoreContext& core);
inline bool has_unsynced_copies(const CoreContext& core) {
  return !core.pending_copies.empty() || !core.unsynced_copies.empty();
}

// Counting outside the entry wrapper (inline assembly): each count is one
// vector instruction of 4-byte elements on the core's timeline.
inline void count_elements(Family family, uint64_t n) {
  if (CoreContext* core = tls_core) {
    core->elements[static_cast<int>(family)] += n;
    if constexpr (XBANG_TIMING_MODEL != 0) {
      core->timeline.vector(n * 4);
    }
  }
}
inline void count_atomic(uint64_t n) {
  if (CoreContext* core = tls_core) core->atomic_updates += n;
}

enum class BarrierScope { kCluster, kAll, kAllIpu, kAllMpu };
void barrier(BarrierScope scope);

}  // namespace detail
}  // namespace xbang

inline bool __is_mpu() {
  const auto* core = xbang::detail::current_core();
  return core != nullptr && core->is_mpu;
}
inline bool __is_ipu() { return !__is_mpu(); }

// Barriers: a core that has returned from the kernel counts as arrived.
inline void __sync_cluster() {
  xbang::detail::barrier(xbang::detail::BarrierScope::kCluster);
}
inline void __sync_all() {
  xbang::detail::barrier(xbang::detail::BarrierScope::kAll);
}
inline void __sync_all_ipu() {
  xbang::detail::barrier(xbang::detail::BarrierScope::kAllIpu);
}
inline void __sync_all_mpu() {
  xbang::detail::barrier(xbang::detail::BarrierScope::kAllMpu);
}
