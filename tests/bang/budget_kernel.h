// More than half the profile's NRAM, declared once per file that includes
// this (test_budget_paths.cpp: two files of the same name in different
// folders), and a launch writing all of it through a built-in.
#pragma once

#include <bang.h>

#include "xbang/runtime/launch.h"

namespace {
constexpr int kBudgetBytes = (__MLU_NRAM_SIZE__ / 2 + 64) * 1024;
__nram__ int8_t budget_buffer[kBudgetBytes];

cnrtRet_t launch_budget_kernel(cnrtQueue_t queue, const char* name) {
  return xbang::launch(
      {4, 1, 1}, cnrtFuncTypeBlock, queue,
      [] { __bang_write_value(budget_buffer, kBudgetBytes, int8_t(1)); }, name);
}
}  // namespace
