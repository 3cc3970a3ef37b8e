// Device-side helpers every operator's .mlu file shares (mlu-ops'
// kernels/utils/common.h in spirit).
#pragma once

#include <bang.h>

// Usable on-chip sizes: the profile minus what the toolchain reserves.
#define MAX_NRAM_SIZE (__MLU_NRAM_SIZE__ * 1024 - 128 * 1024)
#define MAX_WRAM_SIZE (__MLU_WRAM_SIZE__ * 1024)
#define MAX_SRAM_SIZE (__MLU_SRAM_SIZE__ * 1024 - 128 * 1024)

#define PAD_UP(x, y) (((x) / (y) + (int)((x) % (y) > 0)) * (y))
#define PAD_DOWN(x, y) (((x) / (y)) * (y))
#define CEIL_DIV(x, y) (((x) + (y)-1) / (y))
