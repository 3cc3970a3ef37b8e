// The device's private part of an emulated core's state: what no inline
// built-in reads (CoreContext, xbang/runtime/task.h, is the part they do).
// Device-private. One lives beside each running core's CoreContext
// (launch.cpp), which points to it.
#pragma once

#include <vector>

#include "xbang/runtime/async_copies.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

struct RaceLog;  // races.h

// A core's copy of one module's __nram__ and __wram__ sections (each module,
// executable or shared library, has its own; see module.h).
struct OnchipWindow {
  const void* module;  // the device's record of the module
  const char* nram_begin;
  const char* nram_end;
  const char* wram_begin;
  const char* wram_end;
};

struct PrivateCoreState {
  // Checked mode: this core's copies of the modules' on-chip sections, and
  // whether the on-chip budget has been reported (once per core).
  std::vector<OnchipWindow> onchip;
  bool budget_reported = false;
  // The async-copy queue (async_copies.cpp): copies not yet performed
  // (XBANG_ASYNC=late) and, in checked mode, copies not yet synced. Their
  // counts are CoreContext::pending_copies and
  // CheckedFastPath::unsynced_copies.
  std::vector<PendingCopy> pending_copies;
  std::vector<UnsyncedCopy> unsynced_copies;
  // Checked mode: the core's SRAM and GDRAM accesses, for the race check
  // (null when the launch has none).
  RaceLog* race_log = nullptr;
};

inline PrivateCoreState& private_state(const CoreContext& core) {
  return *core.private_state;
}

inline bool has_unsynced_copies(const CoreContext& core) {
  return core.pending_copies != 0 || core.checked.unsynced_copies != 0;
}

}  // namespace detail
}  // namespace xbang
