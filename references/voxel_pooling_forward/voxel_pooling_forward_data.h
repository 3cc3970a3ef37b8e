// Problem generator for voxel_pooling_forward, shared by tests, the benchmark
// and the main job.
#pragma once

#include <cmath>
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
  // Bytes the operator reads: every coordinate, and the features of the
  // points inside the grid (those of the others are never loaded).
  size_t bytes_read() const {
    return geom_xyz.size() * sizeof(int) +
           inside_count() * size_t(num_channels) * sizeof(float);
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

// BEVDepth's camera frustum, whose points the design's network case pools:
// N = 6 cameras x 112 depth bins (2 m to 57.5 m by 0.5 m) x 16 x 44 feature
// pixels, in that order, each pixel's ray at its depth taken to the 0.8 m BEV
// grid of num_voxel_x x num_voxel_y cells centred on the ego and to one z cell
// from -5 m to 3 m. Cameras as on nuScenes (yaw 0, +-55, +-110 and 180
// degrees, 70 x 25 degree field of view, 1.5 m up); each batch's depths
// jittered by up to a quarter bin. Consecutive points are neighbouring pixels
// of one depth slice, so they land in the same or neighbouring voxels, and
// voxels near the ego gather many points: the access pattern of the network,
// not of uniform noise.
inline VoxelPoolingProblem make_frustum_problem(int batch_size,
                                                int num_channels,
                                                int num_voxel_x,
                                                int num_voxel_y,
                                                uint64_t seed) {
  constexpr int kCameras = 6, kDepthBins = 112, kRows = 16, kColumns = 44;
  constexpr double kPi = 3.14159265358979323846;
  constexpr double kYawDegrees[kCameras] = {0, -55, 55, -110, 110, 180};
  constexpr double kFovX = 70 * kPi / 180, kFovY = 25 * kPi / 180;
  constexpr double kVoxelSize = 0.8, kCameraHeight = 1.5;
  VoxelPoolingProblem p;
  p.batch_size = batch_size;
  p.num_points = kCameras * kDepthBins * kRows * kColumns;
  p.num_channels = num_channels;
  p.num_voxel_x = num_voxel_x;
  p.num_voxel_y = num_voxel_y;
  p.num_voxel_z = 1;
  Rng rng(seed);
  p.geom_xyz.resize(p.point_count() * 3);
  size_t i = 0;
  for (int b = 0; b < batch_size; ++b) {
    for (int cam = 0; cam < kCameras; ++cam) {
      const double yaw = kYawDegrees[cam] * kPi / 180;
      const double fx = std::cos(yaw), fy = std::sin(yaw);  // forward
      const double rx = fy, ry = -fx;                       // right
      for (int d = 0; d < kDepthBins; ++d) {
        const double depth = 2.0 + 0.5 * d + 0.125 * rng.uniform_float();
        for (int h = 0; h < kRows; ++h) {
          const double up = std::tan(kFovY * (0.5 - (h + 0.5) / kRows));
          for (int w = 0; w < kColumns; ++w, ++i) {
            const double right = std::tan(kFovX * ((w + 0.5) / kColumns - 0.5));
            const double x = fx + depth * (fx + right * rx);
            const double y = fy + depth * (fy + right * ry);
            const double z = kCameraHeight + depth * up;
            p.geom_xyz[i * 3] =
                int(std::floor(x / kVoxelSize + num_voxel_x / 2.0));
            p.geom_xyz[i * 3 + 1] =
                int(std::floor(y / kVoxelSize + num_voxel_y / 2.0));
            p.geom_xyz[i * 3 + 2] = int(std::floor((z + 5.0) / 8.0));
          }
        }
      }
    }
  }
  p.input_features.resize(p.point_count() * num_channels);
  for (float &v : p.input_features) v = rng.uniform_float();
  p.output_init.assign(p.output_count(), 0.0f);
  return p;
}

// The design's network case: B=2, N=473088, C=80, 128x128x1, the points
// of BEVDepth's frustum; output starts at zero as in BEVDepth.
inline VoxelPoolingProblem make_network_problem(uint64_t seed = 2022) {
  return make_frustum_problem(2, 80, 128, 128, seed);
}

// The same sizes with uniformly random coordinates (8 voxels of margin around
// x and y): no locality, the worst case for the output's caches.
inline VoxelPoolingProblem make_random_network_problem(uint64_t seed = 2022) {
  VoxelPoolingProblem p =
      make_random_problem(2, 473088, 80, 128, 128, 1, 8, seed);
  for (float &v : p.output_init) v = 0.0f;
  return p;
}

}  // namespace voxel_pooling_test
