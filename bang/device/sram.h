// SRAM (__mlu_shared__): each module (executable, shared library) has one
// static copy of its xbang_sram section, and a cluster needs its own. So:
// - a Union launch in a process whose modules declare SRAM owns the
//   sections for its whole run: such launches run one at a time process-wide
//   (Block launches, which have no SRAM, and every launch of a program without
//   SRAM are not affected);
// - within the launch, one sync group runs at a time and, within it, one
//   cluster at a time: the active one. When all of its cores have finished
//   or wait at a group-wide barrier, its SRAM is saved and the next cluster
//   with cores ready to run is switched in.
// All functions but the ownership ones run with LaunchState::mutex held;
// cores waiting for their cluster's turn wait on SyncGroup::cv.
#pragma once

#include <mutex>

#include "launch_state.h"

namespace xbang {
namespace detail {

// Process-wide ownership of the SRAM section; release may run on another
// thread than acquire (the thread that finishes the launch's last core).
void acquire_sram();
void release_sram();

// A core about to start: waits (permit given back) until its cluster is the
// active one, then counts it as live.
void sram_wait_to_start(SyncGroup& group, const CoreSpec& spec,
                        std::unique_lock<std::mutex>& lock);
// A core waiting at a group-wide barrier stops counting as running.
void sram_park(SyncGroup& group, const CoreSpec& spec);
// A group-wide barrier completed: its parked cores may run again.
void sram_unpark_all(SyncGroup& group);
// A released core resumes once its cluster is active (the caller waits).
void sram_resume(SyncGroup& group, const CoreSpec& spec);
void sram_core_finished(SyncGroup& group, const CoreSpec& spec);

}  // namespace detail
}  // namespace xbang
