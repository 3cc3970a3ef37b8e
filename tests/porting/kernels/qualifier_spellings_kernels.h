// Host wrapper of qualifier_spellings_block.mlu.
#pragma once

#include <cnrt.h>

#include <cstdint>

// One core, n <= 64: values[i] = values[i] * 2 + 1 + (i % 4), read after an
// asynchronous copy that __sync_io_move_compute completes.
void KernelQualifierSpellings(cnrtQueue_t queue, float *values, int32_t n);

// Four cores, each on its n <= 64 values (values holds 4 * n):
// values[i] = {0, 10, 20, 30, 0...}[values[i]] through __bang_lut with a
// block-scope __nram__ table of a function template.
void KernelTableLookup(cnrtQueue_t queue, int32_t *values, int32_t n);

// The sum of the device functions of inline_spellings.h, one per spelling
// of an inline device function: 255 when each adds its own power of two.
int32_t InlineSpellingsTotal();
