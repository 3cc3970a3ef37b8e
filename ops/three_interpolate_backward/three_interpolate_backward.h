// Internal interface of three_interpolate_backward: the NRAM partition of the
// docs/ops/three_interpolate_backward.md (kernel) (shared by the host tiling
// policy and the kernel), the host policy functions and the .mlu kernel
// wrapper.
#pragma once

#include <cnrt.h>
#include <xbang/ops/mlu_op.h>

#include <algorithm>

// Every buffer starts on a 128-byte boundary.
#define THREE_INTERPOLATE_NRAM_ALIGN 128

// Byte offsets of the design's NRAM buffers for tiles of c_limit (Co),
// m_limit (Mo) and n_limit (No). On chip everything is float: half inputs are
// widened when loaded, so that half accumulates in float.
//   grad_output                       Co*No
//   grad_output_transpose             No*Co + Co
//   grad_features                     Co*Mo   (accumulator, Mo x Co)
//   grad_features_transpose           max(Co*Mo, Co*No)
//   weights, weights_transpose        No*3 each
//   indices, indices_transpose        No*3 each (int32)
//   indices_transpose_float           No
//   indices_transpose_float_addition  No
// The design's indices_transpose_addition (No int32, the per-n selection) is
// left out: step 8 writes its result over indices_transpose instead.
struct ThreeInterpolateBackwardPartition {
  long grad_output = 0;
  long grad_output_transpose = 0;
  long grad_features = 0;
  long grad_features_transpose = 0;
  long weights = 0;
  long weights_transpose = 0;
  long indices = 0;
  long indices_transpose = 0;
  long indices_transpose_float = 0;
  long indices_transpose_float_addition = 0;
  long total_bytes = 0;
};

inline ThreeInterpolateBackwardPartition threeInterpolateBackwardPartition(
    int c_limit, int m_limit, int n_limit) {
  const long co = c_limit, mo = m_limit, no = n_limit;
  ThreeInterpolateBackwardPartition p;
  long offset = 0;
  auto take = [&offset](long elements) {
    const long start = offset;
    const long bytes = elements * 4;
    offset += (bytes + THREE_INTERPOLATE_NRAM_ALIGN - 1) /
              THREE_INTERPOLATE_NRAM_ALIGN * THREE_INTERPOLATE_NRAM_ALIGN;
    return start;
  };
  p.grad_output = take(co * no);
  p.grad_output_transpose = take(no * co + co);
  p.grad_features = take(co * mo);
  p.grad_features_transpose = take(std::max(co * mo, co * no));
  p.weights = take(no * 3);
  p.weights_transpose = take(no * 3);
  p.indices = take(no * 3);
  p.indices_transpose = take(no * 3);
  p.indices_transpose_float = take(no);
  p.indices_transpose_float_addition = take(no);
  p.total_bytes = offset;
  return p;
}

// NRAM bytes the kernel may use (MAX_NRAM_SIZE of the compiled profile).
long threeInterpolateBackwardNramBytes();

// Tile sizes for [B, C, N] -> [B, C, M] within `nram_bytes` (see the .cpp
// for the policy and why).
struct ThreeInterpolateBackwardTiling {
  int c_limit = 0;  // Co
  int m_limit = 0;  // Mo
  int n_limit = 0;  // No
};
ThreeInterpolateBackwardTiling threeInterpolateBackwardTiling(int c, int m,
                                                              int n,
                                                              long nram_bytes);

// Union1 launch over the B * ceil(M / Mo) (batch, M chunk) units
// (docs/ops/three_interpolate_backward.md (task split)).
void threeInterpolateBackwardPolicy(mluOpHandle_t handle, int b, int m,
                                    int m_limit, cnrtDim3_t *k_dim,
                                    cnrtFunctionType_t *k_type);

// Launches the kernel; d_type is MLUOP_DTYPE_HALF or MLUOP_DTYPE_FLOAT.
// Returns cnrtErrorArgsInvalid for another dtype, a nonpositive size or
// limit, or limits whose partition exceeds NRAM.
cnrtRet_t KernelThreeInterpolateBackward(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    mluOpDataType_t d_type, const void *grad_output, const void *indices,
    const void *weights, int b, int c, int m, int n, int c_limit, int m_limit,
    int n_limit, void *grad_features);
