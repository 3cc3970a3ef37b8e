// The task model seen from inside a kernel (docs/architecture.md): task
// variables, the per-core context the built-ins count into, __is_mpu and the
// barriers.
#pragma once

#include <array>
#include <cstdint>

#include "xbang/runtime/async_copies.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/races.h"
#include "xbang/runtime/timeline.h"

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

class LaunchState;        // runtime-private
struct PrivateCoreState;  // device-private (bang/device/core_state.h)

// What checked mode's inline operand checks read (checked.h, entry.h):
// public so that a passing operand costs loads, not calls (checked mode's
// per-call cost is a measured goal). The device keeps it in step with the
// core's PrivateCoreState.
struct CheckedFastPath {
  // The NRAM and WRAM variables the last passing operands of each space lay
  // in (kernels call built-ins on a few buffers again and again), the oldest
  // replaced first.
  struct Object {
    const char* begin = nullptr;
    const char* end = nullptr;
  };
  static constexpr int kPassedObjects = 4;
  struct PassedObjects {
    std::array<Object, kPassedObjects> objects{};
    int next = 0;
  };
  std::array<PassedObjects, 2> passed_objects{};  // NRAM, WRAM
  // The GDRAM allocations this core's operands lay in lately, valid while no
  // allocation is released (memory.cpp).
  struct RecentAllocations {
    static constexpr int kSize = 8;
    uint64_t generation = ~uint64_t(0);
    const char* begin[kSize] = {};
    const char* end[kSize] = {};
    int next = 0;
  };
  RecentAllocations recent_gdram;
  // The async copies not yet synced; their ranges are device-private.
  uint32_t unsynced_copies = 0;
  // Whether the launch checks races: the core then notes its SRAM and GDRAM
  // accesses in its race log (device-private).
  bool notes_shared_accesses = false;
};

// State of the emulated core running on this host thread: what inline
// built-ins read and count into. The rest (on-chip windows, async-copy
// queues, race log) is the device's, behind private_state.
struct CoreContext {
  // Which core this is: for the device and its reports.
  LaunchState* launch = nullptr;
  int core_index = 0;  // in the launch's core order (runtime-private)
  const char* kernel = "";
  bool is_mpu = false;
  std::array<uint64_t, kNumDirections> copy_bytes{};
  std::array<uint64_t, kNumFamilies> elements{};
  uint64_t atomic_updates = 0;
  uint64_t barriers = 0;
  // The timing model: this core's streams (docs/timing-model.md).
  CoreTimeline timeline;
  // Which built-ins pass the core's turn (races.h).
  Turns turns = Turns::kNone;
  // __memcpy_async copies queued and not yet performed (XBANG_ASYNC=late):
  // a synchronous copy tests it before asking the device about them.
  uint32_t pending_copies = 0;
  CheckedFastPath checked;
  // The device's part, set by the launch for the core's life.
  PrivateCoreState* private_state = nullptr;
};

// Initial-exec: every built-in reads it, from kernels in executables and in
// shared libraries alike, and a general-dynamic access is a call
// (__tls_get_addr). One pointer fits the static TLS glibc keeps for
// libraries loaded later.
extern __thread CoreContext* tls_core
    __attribute__((tls_model("initial-exec")));
inline CoreContext* current_core() { return tls_core; }

// The core's async-copy queue (bang/device/async_copies.cpp).
// Performs the core's queued __memcpy_async copies, in issue order, and
// forgets the unsynced ones: the core's sync, barrier or return.
void flush_pending_copies(CoreContext& core);
// XBANG_ASYNC=late: queues a copy until the core's next sync, prefetching
// its source; past kMaxPendingCopies the queue lands first.
void queue_pending_copy(CoreContext& core, const PendingCopy& copy);
// Lands the queued copies first when one writes a byte the synchronous copy
// (dst, d from src, s) reads or writes, or reads a byte it writes: the IO
// queue performs copies in issue order.
void land_pending_copies_meeting(CoreContext& core, const void* dst,
                                 const void* src, const Segments& d,
                                 const Segments& s);
// Checked mode: keeps an async copy's ranges until the core's next sync, for
// warn_unsynced_access (checked.h).
void note_unsynced_copy(CoreContext& core, const char* builtin, const void* dst,
                        const void* src, const Segments& d, const Segments& s,
                        const char* file, int line);

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
