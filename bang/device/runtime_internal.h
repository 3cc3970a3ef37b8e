// Device internals shared by the device's .cpp files (not installed API).
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "device_api.h"
#include "modules.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/cnrt_types.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

// Fill the calling thread's on-chip windows into `core`: its own TLS copy of
// each module's xbang_nram / xbang_wram sections (the modules of its launch).
void bind_onchip_windows(CoreContext& core);
// Notes where the SRAM of the core's launch lies when the launch has a race
// check, for the checks of plain loads and stores (scalar_access.cpp), on
// the core's own thread.
void bind_scalar_access(const CoreContext& core);

// Checked mode: reports a plain C++ write past the end of one of this core's
// __nram__ / __wram__ variables that landed in the guard zone or alignment
// padding after it. `where` names the check point.
void check_onchip_padding(const char* where);
// The same for the __mlu_shared__ variables. The caller holds the launch's
// lock at a point where no core of the active cluster runs (a completed
// barrier, the cluster's last core parked or finished): the section is
// shared by the cluster's cores, so any other moment races with them.
void check_sram_padding(const ModuleList& modules, const char* where);

// A C++ symbol as reports name it (the name itself when it does not
// demangle).
std::string demangle(const std::string& name);

// Merge a finished core's counts into the launch totals.
void record_launch_counters(const Counters& launch);

// Runs `body` on the emulated cores of a device with `profile`
// (launch.cpp); launch_site (variants.cpp) has chosen the code.
cnrtRet_t run_launch(const ArchProfile& profile, cnrtDim3_t dim,
                     cnrtFunctionType_t type, cnrtQueue_t queue,
                     std::function<void()> body, const std::string& name);

// A launch refused before anything runs: logs `why` and returns `status`.
cnrtRet_t refuse_launch(const std::string& name, const std::string& why,
                        cnrtRet_t status = cnrtErrorArgsInvalid);

}  // namespace detail
}  // namespace xbang
