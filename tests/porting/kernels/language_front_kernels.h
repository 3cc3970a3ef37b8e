// Host wrapper of language_front_block.mlu.
#pragma once

#include <cnrt.h>

#include <cstdint>

// One core: values[i] = values[i] * 3 - 1 + 0.5 (one fuse instruction);
// bits[i] keeps NaN bit patterns and zeroes the rest; halves[2] = (h0 + h1)
// - h0 in half arithmetic, halves[3] = h0; flags: [0] whether __BANG__,
// __BANG_ARCH__ and __MLU_NRAM_SIZE__ were defined before the first line,
// [1] the highest set bit of n, [2] ceilf(2.5) + int8(3) + bfloat16(2),
// [3] whether values[0] came out NaN, [4] the sum of a block-scope NRAM
// table (15).
void KernelLanguageFront(cnrtQueue_t queue, float *values, int32_t *bits,
                         half *halves, int32_t *flags, int32_t n);
