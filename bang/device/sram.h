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
// The turns within a group are the SyncGroup's (sync_group.h); this header
// is the process-wide ownership.
#pragma once

namespace xbang {
namespace detail {

// Process-wide ownership of the SRAM section; release may run on another
// thread than acquire (the thread that finishes the launch's last core).
void acquire_sram();
void release_sram();

}  // namespace detail
}  // namespace xbang
