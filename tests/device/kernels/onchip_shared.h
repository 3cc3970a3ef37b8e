// Sizes the on-chip kernels (onchip_kernels.h) and their tests share, and
// the entry points of the kernel libraries (lib_kernels.mlu).
#pragma once

#include <cnrt.h>

constexpr int kOnchipValues = 64;
constexpr int kWramOffset = 1000;
constexpr int kOnchipTasks = 8;  // two clusters of a Union1 launch

extern "C" {
// The kernel library's launches (onchip_kernels.h over its own variables).
cnrtRet_t lib_run_private(int *nram_out, int *sram_out);
cnrtRet_t lib_run_builtin_overrun(int *out);
cnrtRet_t lib_run_plain_overrun();
// CNRT seen from the library's side: whether p is device memory, and the
// calling thread's last error (not cleared).
int lib_is_device_memory(const void *p);
cnrtRet_t lib_peek_last_error();
}
