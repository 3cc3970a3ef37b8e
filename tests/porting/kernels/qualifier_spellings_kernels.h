// Host wrapper of qualifier_spellings_block.mlu.
#pragma once

#include <cnrt.h>

#include <cstdint>

// One core, n <= 64: values[i] = values[i] * 2 + 1 + (i % 4), read after an
// asynchronous copy that __sync_io_move_compute completes.
void KernelQualifierSpellings(cnrtQueue_t queue, float *values, int32_t n);
