// Inputs of dynamic_scatter_backward as mmcv's forward produces them: each
// point mapped to a voxel (or -1), voxel_feats the per-channel max of the
// voxel's points, voxel_points_count their number. Shared by the tests, the
// benchmark and the main job.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace dsb_test {

struct CaseOptions {
  int64_t num_points = 0;      // N
  int64_t num_voxel_rows = 0;  // M, rows of the voxel tensors
  int64_t num_channels = 0;    // C
  // Voxels [0, num_voxels) get the points; -1 means num_voxel_rows. Rows past
  // it are filled with unrelated values (a voxel_num smaller than M).
  int64_t num_voxels = -1;
  // voxel_num as stored on the device; INT32_MIN means num_voxels.
  int32_t voxel_num = INT32_MIN;
  double invalid_fraction = 0.0;  // points mapped to -1
  // 0: features uniform in [-1, 1); k > 0: integers in [0, k), so that
  // several points of a voxel often tie for the max.
  int feature_levels = 0;
  uint32_t seed = 1;
};

struct Case {
  int64_t num_points = 0, num_voxel_rows = 0, num_channels = 0;
  int32_t voxel_num = 0;
  std::vector<float> grad_voxel_feats;      // [M, C]
  std::vector<float> feats;                 // [N, C]
  std::vector<float> voxel_feats;           // [M, C]
  std::vector<int32_t> point2voxel_map;     // [N]
  std::vector<int32_t> voxel_points_count;  // [M]
};

// Recomputes voxel_feats rows and counts of voxels [0, num_voxels) from the
// points (the forward's max reduction), after a test edited the map.
inline void recompute_voxels(Case& c, int64_t num_voxels) {
  const int64_t C = c.num_channels;
  for (int64_t v = 0; v < num_voxels; ++v) {
    c.voxel_points_count[v] = 0;
    std::fill(c.voxel_feats.begin() + v * C,
              c.voxel_feats.begin() + (v + 1) * C, -3.0e38f);
  }
  for (int64_t x = 0; x < c.num_points; ++x) {
    const int32_t v = c.point2voxel_map[x];
    if (v < 0 || v >= num_voxels) continue;
    ++c.voxel_points_count[v];
    for (int64_t i = 0; i < C; ++i) {
      float& m = c.voxel_feats[v * C + i];
      m = std::max(m, c.feats[x * C + i]);
    }
  }
}

inline Case make_case(const CaseOptions& o) {
  Case c;
  c.num_points = o.num_points;
  c.num_voxel_rows = o.num_voxel_rows;
  c.num_channels = o.num_channels;
  const int64_t N = o.num_points, M = o.num_voxel_rows, C = o.num_channels;
  const int64_t num_voxels = o.num_voxels < 0 ? M : o.num_voxels;
  c.voxel_num =
      o.voxel_num == INT32_MIN ? static_cast<int32_t>(num_voxels) : o.voxel_num;
  std::mt19937 rng(o.seed);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  auto feature = [&]() {
    return o.feature_levels > 0
               ? static_cast<float>(rng() %
                                    static_cast<uint32_t>(o.feature_levels))
               : uniform(rng);
  };
  c.feats.resize(N * C);
  for (float& f : c.feats) f = feature();
  c.grad_voxel_feats.resize(M * C);
  for (float& g : c.grad_voxel_feats) g = uniform(rng);
  c.voxel_feats.resize(M * C);
  for (float& f : c.voxel_feats) f = feature();
  c.voxel_points_count.assign(M, 0);
  for (int64_t v = num_voxels; v < M; ++v) {
    c.voxel_points_count[v] = 1 + static_cast<int32_t>(rng() % 4);
  }

  // Map: the first points cover every voxel once, the rest go to random
  // voxels or to -1; then the points are shuffled.
  c.point2voxel_map.resize(N);
  const int64_t num_invalid = static_cast<int64_t>(o.invalid_fraction * N);
  for (int64_t x = 0; x < N; ++x) {
    if (x < num_invalid || num_voxels == 0) {
      c.point2voxel_map[x] = -1;
    } else if (x - num_invalid < num_voxels) {
      c.point2voxel_map[x] = static_cast<int32_t>(x - num_invalid);
    } else {
      c.point2voxel_map[x] = static_cast<int32_t>(rng() % num_voxels);
    }
  }
  std::shuffle(c.point2voxel_map.begin(), c.point2voxel_map.end(), rng);
  recompute_voxels(c, num_voxels);
  return c;
}

// The design's network case: mvxnet, N = 17176, M = 13743, C = 128.
inline CaseOptions network_case_options() {
  CaseOptions o;
  o.num_points = 17176;
  o.num_voxel_rows = 13743;
  o.num_channels = 128;
  o.invalid_fraction = 0.01;  // points outside the voxel grid
  o.seed = 2023;
  return o;
}

}  // namespace dsb_test
