// More than half the profile's NRAM, declared by a file whose name another file
// in a different folder shares (test_budget_paths.cpp).
#include <bang.h>

#include "xbang/runtime/launch.h"

namespace {
constexpr int kBytes = (__MLU_NRAM_SIZE__ / 2 + 64) * 1024;
__nram__ int8_t budget_a_buffer[kBytes];
}  // namespace

cnrtRet_t launch_budget_a(cnrtQueue_t queue) {
  return xbang::launch(
      {4, 1, 1}, cnrtFuncTypeBlock, queue,
      [] { __bang_write_value(budget_a_buffer, kBytes, 1); }, "budget_a");
}
