// mlu-ops' dynamic_point_to_voxel_backward kernel
// (kernels/dynamic_point_to_voxel/dynamic_point_to_voxel_backward/
// dynamic_point_to_voxel_backward_union1.mlu) run unchanged through
// KernelDynamicPointToVoxelBackward, launched as
// mluOpDynamicPointToVoxelBackward launches it (the index workspace filled
// with N * C first). For max reduction it finds, per voxel and channel, the
// flat index n * C + c of the first point of that voxel whose feature equals
// the voxel's maximum; N * C where none does. Indices: exact.
#include "kernels/dynamic_point_to_voxel/dynamic_point_to_voxel_backward/dynamic_point_to_voxel_backward.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "harness.h"

namespace {

using namespace xbang_conformance;

// policyFunc of dynamic_point_to_voxel_backward.cpp: the largest Union task
// for more points than its cores, else the smallest Union task with at
// least a quarter as many clusters' cores as points (up to 64 points).
void launch_dims(int points, cnrtDim3_t* dims, cnrtFunctionType_t* type) {
  const DeviceCapacity capacity = device_capacity();
  if (points > capacity.job_limit_cores()) {
    *dims = {uint32_t(capacity.job_limit_cores()), 1, 1};
    *type = capacity.job_limit_type();
    return;
  }
  int clusters = 1;
  while (clusters < 16 && points > 4 * clusters) clusters *= 2;
  *dims = {uint32_t(capacity.cores_per_cluster * clusters), 1, 1};
  *type = cnrtFunctionType_t(int(cnrtFuncTypeUnion1) * clusters);
}

struct Problem {
  std::string name;
  int points = 0, voxels = 0, channels = 0;
  std::vector<float> feats;        // [points, channels]
  std::vector<float> voxel_feats;  // [voxels, channels]: the max per voxel
  std::vector<int> point2voxel;    // [points], -1 for a dropped point
};

// Every voxel gets one point at least, the other points a random voxel, one
// in 16 dropped (-1). Features are small integers, so several points of a
// voxel often share the maximum and the first of them must win.
Problem make_problem(std::string name, int points, int voxels, int channels,
                     uint32_t seed) {
  Problem p{std::move(name), points, voxels, channels};
  std::mt19937 gen(seed);
  p.point2voxel.resize(points);
  std::uniform_int_distribution<int> voxel_of(0, voxels - 1), drop(0, 15);
  for (int n = 0; n < points; ++n) {
    p.point2voxel[n] = n < voxels ? n : (drop(gen) == 0 ? -1 : voxel_of(gen));
  }
  std::shuffle(p.point2voxel.begin(), p.point2voxel.end(), gen);
  p.feats = random_values<float>(size_t(points) * channels, -4, 4, seed + 1);
  for (float& f : p.feats) f = float(int(f));
  p.voxel_feats.assign(size_t(voxels) * channels, -1e30f);
  for (int n = 0; n < points; ++n) {
    const int v = p.point2voxel[n];
    if (v < 0) continue;
    for (int c = 0; c < channels; ++c) {
      float& best = p.voxel_feats[size_t(v) * channels + c];
      best = std::max(best, p.feats[size_t(n) * channels + c]);
    }
  }
  return p;
}

std::vector<int> reference_voxel_from(const Problem& p) {
  const int none = p.points * p.channels;
  std::vector<int> from(size_t(p.voxels) * p.channels, none);
  for (int n = 0; n < p.points; ++n) {
    const int v = p.point2voxel[n];
    if (v < 0) continue;
    for (int c = 0; c < p.channels; ++c) {
      int& slot = from[size_t(v) * p.channels + c];
      if (p.feats[size_t(n) * p.channels + c] ==
          p.voxel_feats[size_t(v) * p.channels + c]) {
        slot = std::min(slot, n * p.channels + c);
      }
    }
  }
  return from;
}

// mlu-ops' design cases 1 and 4 (17176 points, 13743 voxels, 128 channels;
// 17398, 15130, 64), an odd channel count, and ten points (a Union4 task).
std::vector<Problem> problems() {
  return {make_problem("design1", 17176, 13743, 128, 1),
          make_problem("design4", 17398, 15130, 64, 2),
          make_problem("odd channels", 1001, 300, 37, 3),
          make_problem("ten points", 10, 4, 5, 4)};
}

TEST(DynamicPointToVoxelBackward, MaxIndicesMatchReference) {
  for (const Problem& p : problems()) {
    const std::vector<int> want = reference_voxel_from(p);
    cnrtDim3_t dims;
    cnrtFunctionType_t type;
    launch_dims(p.points, &dims, &type);
    in_both_checked_modes(p.name, [&] {
      Queue queue;
      DeviceBuffer feats(p.feats), voxel_feats(p.voxel_feats),
          point2voxel(p.point2voxel), voxel_num(std::vector<int>{p.voxels}),
          voxel_from(std::vector<int>(want.size(), p.points * p.channels));
      ASSERT_EQ(KernelDynamicPointToVoxelBackward(
                    dims, type, queue.get(), feats.get(), voxel_feats.get(),
                    voxel_from.get(), point2voxel.get(), voxel_num.get(),
                    p.points, p.channels),
                MLUOP_STATUS_SUCCESS);
      ASSERT_EQ(queue.sync(), cnrtSuccess);
      EXPECT_EQ(bit_mismatches(voxel_from.to_host<int>(), want), 0u);
    });
  }
}

}  // namespace
