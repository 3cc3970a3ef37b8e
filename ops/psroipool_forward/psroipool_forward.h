// Host wrapper of the psroipool_forward Block kernel
// (psroipool_forward_block.mlu), called by the host API, tests and benchmarks.
#pragma once

#include <cnrt.h>

// How a bin point's output_dim channels reach NRAM
// (docs/ops/psroipool_forward.md (kernel and NRAM)).
enum PsRoiPoolGatherPath {
  // The design's path: one __memcpy of the point's whole channel vector
  // (group_size^2 * deal channels), then __gather NRAM2NRAM of the deal
  // channels the bin needs.
  PSROIPOOL_GATHER_NRAM2NRAM = 0,
  // __gather GDRAM2NRAM of only the needed channels (4-byte transfers), the
  // points of one bin row in one call, their rows summed pairwise; a roi's
  // bins are staged in NRAM and stored with one copy when output_dim fits in
  // one load.
  PSROIPOOL_GATHER_GDRAM2NRAM = 1,
};

// The faster path on the benchmarks (bench_psroipool_forward), used by
// mluOpPsRoiPoolForward.
inline constexpr PsRoiPoolGatherPath kPsRoiPoolDefaultGatherPath =
    PSROIPOOL_GATHER_GDRAM2NRAM;

// Launches MLUKernelPsRoiPoolForward on `queue` with `k_dim` tasks of type
// `k_type` and returns the launch's result. Pointers are GDRAM; rois_offset
// is 5; channels == pooled_height * pooled_width * output_dim.
cnrtRet_t KernelPsRoiPoolForward(
    cnrtDim3_t k_dim, cnrtFunctionType_t k_type, cnrtQueue_t queue,
    const float *bottom_data, const float *bottom_rois, float *top_data,
    int *mapping_channel, const int batch_size, const int height,
    const int width, const int channels, const int pooled_height,
    const int pooled_width, const int output_dim, const int group_size,
    const int rois_num, const int rois_offset, const float spatial_scale,
    const PsRoiPoolGatherPath path);

// Output channels one bin handles per NRAM load (num_deal of
// docs/ops/psroipool_forward.md (kernel); both paths share the partition), for
// tests that must exceed it.
int PsRoiPoolForwardNumDeal(const int group_size,
                            const PsRoiPoolGatherPath path);
