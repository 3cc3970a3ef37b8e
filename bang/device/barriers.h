// Barriers of a sync group (__sync_cluster, __sync_all and its IPU / MPU
// forms) and the detection of barriers that can never complete. All run with
// LaunchState::mutex held.
#pragma once

#include "launch_state.h"

namespace xbang {
namespace detail {

// A core that has returned counts as arrived at every later barrier of its
// group: it leaves each one (an early `return` on the MPU never deadlocks).
void leave_barriers(SyncGroup& group, const CoreSpec& spec);

// When every core of the group that has not returned waits at a barrier, no
// barrier can complete: records why in group.deadlock and wakes the waiters,
// which then fail the launch.
void detect_deadlock(LaunchState& launch, SyncGroup& group);

}  // namespace detail
}  // namespace xbang
