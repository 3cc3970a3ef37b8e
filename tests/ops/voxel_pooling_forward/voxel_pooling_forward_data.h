// Problem generator for voxel_pooling_forward, shared by tests, the benchmark
// and the main job.
#pragma once

#include <cstdint>
#include <vector>

namespace voxel_pooling_test {

struct VoxelPoolingProblem {
  int batch_size = 0;
  int num_points = 0;
  int num_channels = 0;
  int num_voxel_x = 0;
  int num_voxel_y = 0;
  int num_voxel_z = 0;
  std::vector<int> geom_xyz;          // [B, N, 3]: x, y, z
  std::vector<float> input_features;  // [B, N, C]
  std::vector<float> output_init;     // [B, H, W, C]: what output starts as

  size_t point_count() const { return size_t(batch_size) * num_points; }
  size_t output_count() const {
    return size_t(batch_size) * num_voxel_y * num_voxel_x * num_channels;
  }
  // Bytes the operator must read: coordinates and features.
  size_t input_bytes() const {
    return geom_xyz.size() * sizeof(int) +
           input_features.size() * sizeof(float);
  }
  bool inside(size_t point) const {
    const int x = geom_xyz[point * 3], y = geom_xyz[point * 3 + 1],
              z = geom_xyz[point * 3 + 2];
    return x >= 0 && x < num_voxel_x && y >= 0 && y < num_voxel_y && z >= 0 &&
           z < num_voxel_z;
  }
  size_t inside_count() const {
    size_t n = 0;
    for (size_t p = 0; p < point_count(); ++p) n += inside(p);
    return n;
  }
};

// splitmix64: fast and reproducible, so that network-scale data is cheap.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [lo, hi).
  int uniform_int(int lo, int hi) {
    return lo + int(next() % uint64_t(int64_t(hi) - lo));
  }
  // Uniform in [-1, 1).
  float uniform_float() { return float(next() >> 40) * 0x1p-23f - 1.0f; }

 private:
  uint64_t state_;
};

// Random coordinates reaching `margin` voxels past every side of the x and y
// range, z inside with probability 7/8 (else -1 or num_voxel_z), features and
// the initial output uniform in [-1, 1).
inline VoxelPoolingProblem make_random_problem(int batch_size, int num_points,
                                               int num_channels,
                                               int num_voxel_x, int num_voxel_y,
                                               int num_voxel_z, int margin,
                                               uint64_t seed) {
  VoxelPoolingProblem p;
  p.batch_size = batch_size;
  p.num_points = num_points;
  p.num_channels = num_channels;
  p.num_voxel_x = num_voxel_x;
  p.num_voxel_y = num_voxel_y;
  p.num_voxel_z = num_voxel_z;
  Rng rng(seed);
  p.geom_xyz.resize(p.point_count() * 3);
  for (size_t i = 0; i < p.point_count(); ++i) {
    p.geom_xyz[i * 3] = rng.uniform_int(-margin, num_voxel_x + margin);
    p.geom_xyz[i * 3 + 1] = rng.uniform_int(-margin, num_voxel_y + margin);
    const int z_pick = rng.uniform_int(0, 16);
    p.geom_xyz[i * 3 + 2] = z_pick == 0   ? -1
                            : z_pick == 1 ? num_voxel_z
                                          : rng.uniform_int(0, num_voxel_z);
  }
  p.input_features.resize(p.point_count() * num_channels);
  for (float &v : p.input_features) v = rng.uniform_float();
  p.output_init.resize(p.output_count());
  for (float &v : p.output_init) v = rng.uniform_float();
  return p;
}

// The doc's network case (3.6): B=2, N=473088, C=80, 128x128x1; output starts
// at zero as in BEVDepth.
inline VoxelPoolingProblem make_network_problem(uint64_t seed = 2022) {
  VoxelPoolingProblem p =
      make_random_problem(2, 473088, 80, 128, 128, 1, 8, seed);
  for (float &v : p.output_init) v = 0.0f;
  return p;
}

}  // namespace voxel_pooling_test
