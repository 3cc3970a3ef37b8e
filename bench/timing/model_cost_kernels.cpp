// The kernels of model_cost_kernels.h, named with MODEL_COST_PREFIX.
#include "model_cost_kernels.h"

#include <bang.h>

#include "xbang/runtime/launch.h"

#define MODEL_COST_CONCAT(a, b) a##b
#define MODEL_COST_NAME(a, b) MODEL_COST_CONCAT(a, b)
#define MODEL_COST_FN(name) MODEL_COST_NAME(MODEL_COST_PREFIX, name)

namespace {

__nram__ float cost_tiles[2][kCostTileFloats];
constexpr int kTileBytes = kCostTileFloats * sizeof(float);
constexpr int kSmallFloats = 256;

void add_tile(float* tile, int adds) {
  for (int a = 0; a < adds; ++a) {
    __bang_add(tile, tile, tile, kCostTileFloats);
  }
}

void stream_plain(const float* in, float* out, int first, int end, int adds) {
  float* tile = cost_tiles[0];
  for (int i = first; i < end; ++i) {
    __memcpy(tile, in + long(i) * kCostTileFloats, kTileBytes, GDRAM2NRAM);
    add_tile(tile, adds);
    __memcpy(out + long(i) * kCostTileFloats, tile, kTileBytes, NRAM2GDRAM);
  }
}

void stream_ping_pong(const float* in, float* out, int first, int end,
                      int adds) {
  if (first >= end) return;
  __memcpy_async(cost_tiles[0], in + long(first) * kCostTileFloats, kTileBytes,
                 GDRAM2NRAM);
  __sync_io();
  for (int i = first; i < end; ++i) {
    float* tile = cost_tiles[(i - first) % 2];
    if (i + 1 < end) {
      __memcpy_async(cost_tiles[(i + 1 - first) % 2],
                     in + long(i + 1) * kCostTileFloats, kTileBytes,
                     GDRAM2NRAM);
    }
    add_tile(tile, adds);
    __memcpy_async(out + long(i) * kCostTileFloats, tile, kTileBytes,
                   NRAM2GDRAM);
    __sync_io();
  }
}

}  // namespace

extern "C" {

cnrtRet_t MODEL_COST_FN(stream)(const float* in, float* out, int tiles,
                                int adds, int tasks, bool ping_pong) {
  const bool union1 = tasks % 4 == 0;
  const cnrtDim3_t dim{unsigned(tasks), 1, 1};
  return xbang::launch(
      dim, union1 ? cnrtFuncTypeUnion1 : cnrtFuncTypeBlock, nullptr,
      [=] {
        if (__is_mpu()) return;
        const int per_task = (tiles + taskDim - 1) / taskDim;
        const int first = taskId * per_task;
        const int end = first + per_task < tiles ? first + per_task : tiles;
        if (ping_pong) {
          stream_ping_pong(in, out, first, end, adds);
        } else {
          stream_plain(in, out, first, end, adds);
        }
      },
      ping_pong ? "stream_ping_pong" : "stream_plain");
}

cnrtRet_t MODEL_COST_FN(small_tiles)(const float* in, float* out, int tiles) {
  return xbang::launch(
      {1, 1, 1}, cnrtFuncTypeBlock, nullptr,
      [=] {
        float* a = cost_tiles[0];
        float* b = cost_tiles[0] + kSmallFloats;
        constexpr int kBytes = kSmallFloats * sizeof(float);
        for (int i = taskId; i < tiles; i += taskDim) {
          __memcpy(a, in + long(i) * kSmallFloats, kBytes, GDRAM2NRAM);
          __bang_mul_scalar(b, a, 0.5f, kSmallFloats);
          __bang_add(b, b, a, kSmallFloats);
          __bang_active_relu(b, b, kSmallFloats);
          __bang_maxequal(a, a, b, kSmallFloats);
          __memcpy(out + long(i) * kSmallFloats, a, kBytes, NRAM2GDRAM);
        }
      },
      "small_tiles");
}

}  // extern "C"
