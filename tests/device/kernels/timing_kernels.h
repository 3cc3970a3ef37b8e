// What test_timing_model.cpp and its kernels share.
#pragma once

#include <cnrt.h>

// Floats of one tile: 64 KiB, a whole number of GDRAM units and vector
// cycles.
constexpr int kTimingTileFloats = 16384;

// One task streams `tiles` tiles of `in` through NRAM to `out`, adding each
// tile to itself `adds` times: loads, adds and stores one after the other
// (plain) or with the next tile's load in flight during the adds (two-stage
// ping-pong).
cnrtRet_t LaunchStreamPlain(cnrtQueue_t queue, const float *in, float *out,
                            int tiles, int adds);
cnrtRet_t LaunchStreamPingPong(cnrtQueue_t queue, const float *in, float *out,
                               int tiles, int adds);
// Union1, one cluster: compute core c adds a tile (c + 1) times, all meet at
// __sync_cluster, then each adds it once more. The MPU only takes the
// barrier.
cnrtRet_t LaunchUnevenBarrier(cnrtQueue_t queue);
// Block, `tasks` tasks: each loads one tile from `in`.
cnrtRet_t LaunchLoadTiles(cnrtQueue_t queue, const float *in, int tasks);
// One task adds a tile to itself `adds` times (no GDRAM traffic).
cnrtRet_t LaunchAddOnly(cnrtQueue_t queue, int adds);
