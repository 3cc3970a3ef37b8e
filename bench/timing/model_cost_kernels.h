// Kernels the timing-model benchmark runs, built twice
// (bench/timing/CMakeLists.txt): into the benchmark with the model
// (modelled_*), and into a library of its own with XBANG_TIMING_MODEL=0
// (unmodelled_*), whose hidden symbols keep its built-ins apart.
#pragma once

#include <cnrt.h>

// Tiles of 64 KiB.
constexpr int kCostTileFloats = 16384;

#define MODEL_COST_KERNELS(prefix)                                           \
  /* `tiles` tiles of `in` through NRAM to `out` by `tasks` tasks (Union1    \
     when a multiple of 4, else Block), each tile added to itself `adds`     \
     times: loads, adds and stores in turn, or two-stage ping-pong. */       \
  cnrtRet_t prefix##stream(const float* in, float* out, int tiles, int adds, \
                           int tasks, bool ping_pong);                       \
  /* One task runs `tiles` tiles of 256 floats through four small            \
     built-ins (the most built-ins per byte). */                             \
  cnrtRet_t prefix##small_tiles(const float* in, float* out, int tiles);

extern "C" {
MODEL_COST_KERNELS(modelled_)
MODEL_COST_KERNELS(unmodelled_)
}
