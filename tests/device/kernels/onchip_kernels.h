// Kernels over the on-chip variables of the .mlu file that includes this
// header, so that the test executable and the kernel libraries each carry
// the same kernels over variables of their own module. The includer defines
// ONCHIP_NAMESPACE and, before the #include:
//   __nram__ int nram_values[2 * kOnchipValues];
//   __wram__ int wram_values[kOnchipValues];
//   __mlu_shared__ int sram_value[16];
#include "onchip_shared.h"

namespace ONCHIP_NAMESPACE {

// Each core fills its NRAM with its taskId and its WRAM with taskId + 1000;
// a cluster's core 0 puts its taskId in the cluster's SRAM. After the
// cluster barrier each core copies out what it sees, which is its own values
// only when NRAM and WRAM are private per core and SRAM per cluster.
__mlu_global__ void Private(int *nram_out, int *sram_out) {
  if (__is_mpu()) return;
  for (int i = 0; i < kOnchipValues; ++i) {
    nram_values[i] = taskId;
    wram_values[i] = taskId + kWramOffset;
  }
  if (coreId == 0) {
    __memcpy(sram_value, nram_values, sizeof(int), NRAM2SRAM);
  }
  __sync_cluster();
  __memcpy(nram_values + kOnchipValues, wram_values,
           kOnchipValues * sizeof(int), WRAM2NRAM);
  __memcpy(nram_out + taskId * 2 * kOnchipValues, nram_values,
           2 * kOnchipValues * sizeof(int), NRAM2GDRAM);
  __memcpy(sram_out + taskId, sram_value, sizeof(int), SRAM2GDRAM);
}

// A built-in reads 16 bytes past the end of nram_values.
__mlu_global__ void BuiltinOverrun(int *out) {
  if (__is_mpu() || taskId != 0) return;
  __memcpy(out, nram_values + 2 * kOnchipValues - 4, 8 * sizeof(int),
           NRAM2GDRAM);
}

// Plain C++ writes one int past the end of nram_values (its guard zone).
__mlu_global__ void PlainOverrun() {
  if (__is_mpu() || taskId != 0) return;
  int *volatile hidden = nram_values;
  hidden[2 * kOnchipValues] = 1;
}

inline cnrtRet_t run_private(int *nram_out, int *sram_out) {
  return xbang::launch(Private, cnrtDim3_t{kOnchipTasks, 1, 1},
                       cnrtFuncTypeUnion1, nullptr, nram_out, sram_out);
}
inline cnrtRet_t run_builtin_overrun(int *out) {
  return xbang::launch(BuiltinOverrun, cnrtDim3_t{4, 1, 1}, cnrtFuncTypeUnion1,
                       nullptr, out);
}
inline cnrtRet_t run_plain_overrun() {
  return xbang::launch(PlainOverrun, cnrtDim3_t{4, 1, 1}, cnrtFuncTypeUnion1,
                       nullptr);
}

}  // namespace ONCHIP_NAMESPACE
