// Device-side helpers every operator's .mlu file shares (mlu-ops'
// kernels/utils/common.h in spirit).
#pragma once

#include <bang.h>
#include <stdint.h>

// Usable on-chip sizes: the profile minus what the toolchain reserves.
#define MAX_NRAM_SIZE (__MLU_NRAM_SIZE__ * 1024 - 128 * 1024)
#define MAX_WRAM_SIZE (__MLU_WRAM_SIZE__ * 1024)
#define MAX_SRAM_SIZE (__MLU_SRAM_SIZE__ * 1024 - 128 * 1024)

#define PAD_UP(x, y) (((x) / (y) + (int)((x) % (y) > 0)) * (y))
#define PAD_DOWN(x, y) (((x) / (y)) * (y))
#define CEIL_DIV(x, y) (((x) + (y)-1) / (y))

// The contiguous share [start, end) of `total` work items that one task
// takes: an even split over taskDim, the first total % taskDim tasks taking
// one item more. A task past the work gets an empty range (count 0).
struct TaskRange {
  int64_t start;
  int64_t count;
  int64_t end;
};

__mlu_func__ TaskRange taskRangeOf(int64_t total) {
  const int64_t per_task = total / taskDim;
  const int64_t remainder = total % taskDim;
  TaskRange range;
  range.count = per_task + (taskId < remainder ? 1 : 0);
  range.start = taskId * per_task + (taskId < remainder ? taskId : remainder);
  range.end = range.start + range.count;
  return range;
}
