// What test_onchip_guards.cpp launches from kernels/onchip_overrun_union1.mlu.
#pragma once

#include <cnrt.h>

enum OnchipOverrunTarget {
  kTargetNramExact = 0,  // __nram__ float[256]: 1024 bytes
  kTargetNramOdd = 1,    // __nram__ int8_t[100]
  kTargetWram = 2,       // __wram__ int8_t[128]
  kTargetSram = 3,       // __mlu_shared__ float[64]: 256 bytes
  // __nram__ float[64] declared by a macro, after alignas(128), and after a
  // function whose conditional opens a brace in each arm.
  kTargetNramMacro = 4,
  kTargetNramAligned = 5,
  kTargetNramAfterConditional = 6,
};

// An 8-task Union1 launch: every task fills the variables in range, then
// task `task` (or all of them, -1) writes `count` elements of `target` from
// element `first` on. Returns the launch's status.
cnrtRet_t launch_onchip_overrun(cnrtQueue_t queue, int target, int first,
                                int count, int task);
