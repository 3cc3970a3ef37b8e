// Test data for indice_convolution_forward: LiDAR-like voxel sets and the
// rule books spconv's get_indice_pairs builds on them (regular and
// submanifold convolutions, with a hash map from output site to output
// index), plus the design's four network layers as a CenterPoint
// chain. Shared by the tests, the benchmark and the main job.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace indice_conv_test {

// A voxel's (z, y, x); every set here is batch 0.
struct Coord {
  int32_t z, y, x;
};

// [D, H, W] of a sparse tensor (spconv's spatial_shape, z first).
struct SpatialShape {
  int32_t d, h, w;
  int64_t volume() const { return int64_t(d) * h * w; }
  int64_t index(const Coord &c) const {
    return (int64_t(c.z) * h + c.y) * w + c.x;
  }
};

// Kernel, stride and padding per dimension (z, y, x); dilation is 1.
struct ConvGeometry {
  std::array<int32_t, 3> kernel{3, 3, 3};
  std::array<int32_t, 3> stride{1, 1, 1};
  std::array<int32_t, 3> padding{1, 1, 1};
  int64_t kernel_volume() const {
    return int64_t(kernel[0]) * kernel[1] * kernel[2];
  }
  SpatialShape out_shape(const SpatialShape &in) const {
    const int32_t s[3] = {in.d, in.h, in.w};
    int32_t o[3];
    for (int i = 0; i < 3; ++i) {
      o[i] = (s[i] + 2 * padding[i] - (kernel[i] - 1) - 1) / stride[i] + 1;
    }
    return {o[0], o[1], o[2]};
  }
};

// spconv's rule book: indice_pairs [K, 2, num_act_in] (row 0 input, row 1
// output index; -1 past indice_num[k]), indice_num [K], the output sites in
// output-index order.
struct RuleBook {
  int64_t kernel_volume = 0;
  int64_t num_act_in = 0;
  std::vector<int32_t> indice_pairs;
  std::vector<int64_t> indice_num;
  std::vector<Coord> out_coords;
  SpatialShape out_shape{0, 0, 0};
  int64_t natural_num_act_out = 0;  // before AdjustOutputCount

  int64_t num_act_out() const { return int64_t(out_coords.size()); }
  int64_t pair_count() const {
    int64_t total = 0;
    for (int64_t n : indice_num) total += n;
    return total;
  }
  int32_t &in_index(int64_t k, int64_t l) {
    return indice_pairs[(k * 2) * num_act_in + l];
  }
  int32_t &out_index(int64_t k, int64_t l) {
    return indice_pairs[(k * 2 + 1) * num_act_in + l];
  }
};

// spconv's getValidOutPos: the output sites input site `in` reaches, and the
// kernel offset (row-major over z, y, x) of each.
inline int ValidOutPositions(const Coord &in, const ConvGeometry &g,
                             const SpatialShape &out_shape, Coord *out,
                             int32_t *offset) {
  const int32_t pos[3] = {in.z, in.y, in.x};
  const int32_t shape[3] = {out_shape.d, out_shape.h, out_shape.w};
  int32_t lowers[3], uppers[3], counter_size[3];
  int num_points = 1;
  for (int i = 0; i < 3; ++i) {
    // C++ division truncates, exactly as in spconv.
    lowers[i] = (pos[i] - (g.kernel[i] - 1) - 1 + g.stride[i] + g.padding[i]) /
                g.stride[i];
    uppers[i] = (pos[i] + g.padding[i]) / g.stride[i];
    counter_size[i] = uppers[i] - lowers[i] + 1;
    num_points *= counter_size[i];
  }
  int counter[3] = {0, 0, 0};
  int valid_count = 0;
  for (int p = 0; p < num_points; ++p) {
    bool valid = true;
    int32_t m = 1, off = 0, val[3];
    for (int j = 2; j >= 0; --j) {
      val[j] = uppers[j] - counter[j];
      if (val[j] < 0 || val[j] > shape[j] - 1) valid = false;
      off += m * (pos[j] - val[j] * g.stride[j] + g.padding[j]);
      m *= g.kernel[j];
    }
    if (valid) {
      out[valid_count] = {val[0], val[1], val[2]};
      offset[valid_count] = off;
      ++valid_count;
    }
    counter[2] += 1;
    for (int c = 2; c > 0; --c) {
      if (counter[c] == counter_size[c]) {
        counter[c - 1] += 1;
        counter[c] = 0;
      }
    }
  }
  return valid_count;
}

inline RuleBook EmptyRuleBook(int64_t kernel_volume, int64_t num_act_in) {
  RuleBook rb;
  rb.kernel_volume = kernel_volume;
  rb.num_act_in = num_act_in;
  rb.indice_pairs.assign(size_t(kernel_volume * 2 * num_act_in), -1);
  rb.indice_num.assign(size_t(kernel_volume), 0);
  return rb;
}

// spconv's getIndicePairsConv: output sites numbered in order of discovery
// (input order, then getValidOutPos order), through a hash map.
inline RuleBook BuildRuleBookConv(const std::vector<Coord> &in,
                                  const SpatialShape &in_shape,
                                  const ConvGeometry &g) {
  RuleBook rb = EmptyRuleBook(g.kernel_volume(), int64_t(in.size()));
  rb.out_shape = g.out_shape(in_shape);
  std::unordered_map<int64_t, int32_t> hash;
  hash.reserve(in.size() * 2);
  std::vector<Coord> points(size_t(g.kernel_volume()));
  std::vector<int32_t> offsets(size_t(g.kernel_volume()));
  for (size_t j = 0; j < in.size(); ++j) {
    const int n = ValidOutPositions(in[j], g, rb.out_shape, points.data(),
                                    offsets.data());
    for (int i = 0; i < n; ++i) {
      const int64_t key = rb.out_shape.index(points[i]);
      auto it = hash.find(key);
      int32_t out_index;
      if (it == hash.end()) {
        out_index = int32_t(rb.out_coords.size());
        hash.emplace(key, out_index);
        rb.out_coords.push_back(points[i]);
      } else {
        out_index = it->second;
      }
      const int64_t k = offsets[i];
      const int64_t l = rb.indice_num[k]++;
      rb.in_index(k, l) = int32_t(j);
      rb.out_index(k, l) = out_index;
    }
  }
  rb.natural_num_act_out = rb.num_act_out();
  return rb;
}

// spconv's getIndicePairsSubM: outputs are the inputs (stride 1, padding
// kernel / 2); the centre offset pairs every site with itself.
inline RuleBook BuildRuleBookSubM(const std::vector<Coord> &in,
                                  const SpatialShape &shape,
                                  const std::array<int32_t, 3> &kernel) {
  ConvGeometry g;
  g.kernel = kernel;
  g.stride = {1, 1, 1};
  g.padding = {kernel[0] / 2, kernel[1] / 2, kernel[2] / 2};
  RuleBook rb = EmptyRuleBook(g.kernel_volume(), int64_t(in.size()));
  rb.out_shape = shape;
  rb.out_coords = in;
  std::unordered_map<int64_t, int32_t> hash;
  hash.reserve(in.size() * 2);
  for (size_t j = 0; j < in.size(); ++j) {
    hash.emplace(shape.index(in[j]), int32_t(j));
  }
  std::vector<Coord> points(size_t(g.kernel_volume()));
  std::vector<int32_t> offsets(size_t(g.kernel_volume()));
  for (size_t j = 0; j < in.size(); ++j) {
    const int n =
        ValidOutPositions(in[j], g, shape, points.data(), offsets.data());
    for (int i = 0; i < n; ++i) {
      auto it = hash.find(shape.index(points[i]));
      if (it == hash.end()) continue;
      const int64_t k = offsets[i];
      const int64_t l = rb.indice_num[k]++;
      rb.in_index(k, l) = int32_t(j);
      rb.out_index(k, l) = it->second;
    }
  }
  rb.natural_num_act_out = rb.num_act_out();
  return rb;
}

// Makes the rule book have exactly `target` outputs, as the design's table
// fixes the counts: with more, the outputs numbered `target` and up are
// dropped with their pairs (the rest keep their order); with fewer, free
// sites next to existing outputs are added without pairs (rows that stay 0).
inline void AdjustOutputCount(RuleBook *rb, int64_t target, uint32_t seed) {
  const int64_t natural = rb->num_act_out();
  if (natural > target) {
    for (int64_t k = 0; k < rb->kernel_volume; ++k) {
      int64_t kept = 0;
      for (int64_t l = 0; l < rb->indice_num[k]; ++l) {
        const int32_t in = rb->in_index(k, l), out = rb->out_index(k, l);
        if (out >= target) continue;
        rb->in_index(k, kept) = in;
        rb->out_index(k, kept) = out;
        ++kept;
      }
      for (int64_t l = kept; l < rb->indice_num[k]; ++l) {
        rb->in_index(k, l) = -1;
        rb->out_index(k, l) = -1;
      }
      rb->indice_num[k] = kept;
    }
    rb->out_coords.resize(size_t(target));
  } else if (natural < target) {
    std::mt19937 rng(seed);
    std::unordered_set<int64_t> used;
    for (const Coord &c : rb->out_coords) used.insert(rb->out_shape.index(c));
    const SpatialShape s = rb->out_shape;
    if (s.volume() < target) throw std::runtime_error("output grid too small");
    while (rb->num_act_out() < target) {
      Coord c = rb->out_coords[rng() % rb->out_coords.size()];
      c.z = std::clamp<int32_t>(c.z + int32_t(rng() % 3) - 1, 0, s.d - 1);
      c.y = std::clamp<int32_t>(c.y + int32_t(rng() % 3) - 1, 0, s.h - 1);
      c.x = std::clamp<int32_t>(c.x + int32_t(rng() % 3) - 1, 0, s.w - 1);
      if (used.insert(s.index(c)).second) rb->out_coords.push_back(c);
    }
  }
}

// ---------------------------------------------------------------------------
// A LiDAR-like point cloud: a 32-beam spinning sensor (nuScenes-like,
// elevations -30.67 to +10.67 degrees) driving along a street of cars,
// poles, pedestrians and buildings over flat ground, several sweeps
// accumulated as CenterPoint does, voxelised in CenterPoint's nuScenes grid
// (x, y in [-54, 54) m at 0.075 m, z in [-5, 3) m at 0.2 m: [41, 1440, 1440]).
struct LidarGrid {
  float x_min = -54.f, y_min = -54.f, z_min = -5.f;
  float voxel_x = 0.075f, voxel_y = 0.075f, voxel_z = 0.2f;
  SpatialShape shape{41, 1440, 1440};
};

namespace lidar_detail {

struct Box {  // oriented about z
  float cx, cy, cz, hx, hy, hz, cos_yaw, sin_yaw, radius;
};
struct Cylinder {
  float cx, cy, r, z0, z1;
};
// A tree crown: rays entering it stop at a random depth (foliage).
struct Crown {
  float cx, cy, cz, r;
};

constexpr float kSensorHeight = 1.84f;  // ground at z = -kSensorHeight
constexpr float kMaxRange = 70.f;

inline float RayBox(const Box &b, float ox, float oy, float oz, float dx,
                    float dy, float dz) {
  // Into the box frame.
  const float px = ox - b.cx, py = oy - b.cy, pz = oz - b.cz;
  const float lx = px * b.cos_yaw + py * b.sin_yaw;
  const float ly = -px * b.sin_yaw + py * b.cos_yaw;
  const float ex = dx * b.cos_yaw + dy * b.sin_yaw;
  const float ey = -dx * b.sin_yaw + dy * b.cos_yaw;
  float t0 = 0.f, t1 = kMaxRange;
  const float o[3] = {lx, ly, pz}, d[3] = {ex, ey, dz},
              h[3] = {b.hx, b.hy, b.hz};
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(d[i]) < 1e-9f) {
      if (std::fabs(o[i]) > h[i]) return -1.f;
      continue;
    }
    float ta = (-h[i] - o[i]) / d[i], tb = (h[i] - o[i]) / d[i];
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
    if (t0 > t1) return -1.f;
  }
  return t0 > 0.f ? t0 : -1.f;
}

// Entry and exit of the ray through the crown's sphere (false if missed).
inline bool RayCrown(const Crown &c, float ox, float oy, float oz, float dx,
                     float dy, float dz, float *t_in, float *t_out) {
  const float px = ox - c.cx, py = oy - c.cy, pz = oz - c.cz;
  const float b = px * dx + py * dy + pz * dz;
  const float cc = px * px + py * py + pz * pz - c.r * c.r;
  const float disc = b * b - cc;
  if (disc < 0.f) return false;
  const float root = std::sqrt(disc);
  *t_in = -b - root;
  *t_out = -b + root;
  return *t_in > 0.f;
}

inline float RayCylinder(const Cylinder &c, float ox, float oy, float oz,
                         float dx, float dy, float dz) {
  const float px = ox - c.cx, py = oy - c.cy;
  const float a = dx * dx + dy * dy;
  if (a < 1e-12f) return -1.f;
  const float b = 2.f * (px * dx + py * dy);
  const float cc = px * px + py * py - c.r * c.r;
  const float disc = b * b - 4.f * a * cc;
  if (disc < 0.f) return -1.f;
  const float t = (-b - std::sqrt(disc)) / (2.f * a);
  if (t <= 0.f) return -1.f;
  const float z = oz + t * dz;
  return (z >= c.z0 && z <= c.z1) ? t : -1.f;
}

}  // namespace lidar_detail

// The first `count` distinct voxels the sweeps hit, in scan order.
inline std::vector<Coord> LidarVoxels(int64_t count, const LidarGrid &grid,
                                      uint32_t seed) {
  using namespace lidar_detail;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uni(0.f, 1.f);
  std::normal_distribution<float> noise(0.f, 0.03f);
  const float pi = 3.14159265358979f;

  // The street runs along x; cars on it, poles and people on the
  // sidewalks, buildings behind.
  std::vector<Box> boxes;
  std::vector<Cylinder> cylinders;
  auto add_box = [&](float cx, float cy, float cz, float lx, float ly, float lz,
                     float yaw) {
    boxes.push_back({cx, cy, cz, lx / 2, ly / 2, lz / 2, std::cos(yaw),
                     std::sin(yaw), 0.5f * std::sqrt(lx * lx + ly * ly)});
  };
  for (int i = 0; i < 70; ++i) {  // cars
    const float y = (uni(rng) < 0.5f ? -1.f : 1.f) * (1.5f + 7.f * uni(rng));
    add_box(-60.f + 120.f * uni(rng), y, -kSensorHeight + 0.8f,
            4.2f + 0.8f * uni(rng), 1.8f + 0.2f * uni(rng),
            1.5f + 0.3f * uni(rng),
            (uni(rng) < 0.5f ? 0.f : pi) + 0.2f * (uni(rng) - 0.5f));
  }
  for (int i = 0; i < 40; ++i) {  // buildings
    const float y = (uni(rng) < 0.5f ? -1.f : 1.f) * (16.f + 25.f * uni(rng));
    const float height = 5.f + 15.f * uni(rng);
    add_box(-60.f + 120.f * uni(rng), y, -kSensorHeight + height / 2,
            8.f + 20.f * uni(rng), 8.f + 12.f * uni(rng), height,
            0.3f * (uni(rng) - 0.5f));
  }
  for (int i = 0; i < 120; ++i) {  // poles, trees, pedestrians
    const float y = (uni(rng) < 0.5f ? -1.f : 1.f) * (10.f + 5.f * uni(rng));
    const bool person = uni(rng) < 0.5f;
    cylinders.push_back(
        {-60.f + 120.f * uni(rng), y, person ? 0.3f : 0.1f + 0.4f * uni(rng),
         -kSensorHeight,
         -kSensorHeight + (person ? 1.7f : 3.f + 5.f * uni(rng))});
  }

  std::vector<Crown> crowns;
  for (int i = 0; i < 150; ++i) {  // street trees
    const float y = (uni(rng) < 0.5f ? -1.f : 1.f) * (9.f + 8.f * uni(rng));
    const float r = 1.5f + 2.f * uni(rng);
    const float x = -60.f + 120.f * uni(rng);
    crowns.push_back({x, y, -kSensorHeight + 2.5f + r, r});
    cylinders.push_back({x, y, 0.15f + 0.15f * uni(rng), -kSensorHeight,
                         -kSensorHeight + 2.5f + r});
  }
  std::exponential_distribution<float> foliage_depth(2.f);

  constexpr int kBeams = 32;
  constexpr int kAzimuthSteps = 1084;
  std::vector<Coord> voxels;
  voxels.reserve(size_t(count));
  std::unordered_set<int64_t> seen;
  seen.reserve(size_t(count) * 2);
  std::vector<int> box_candidates, cylinder_candidates, crown_candidates;
  for (int sweep = 0; sweep < 400 && int64_t(voxels.size()) < count; ++sweep) {
    // The car drives along the street; sweeps accumulate in one frame.
    const float sx = -45.f + 90.f * uni(rng);
    const float sy = -6.f + 12.f * uni(rng);
    const float sz = 0.f;
    const float azimuth0 = uni(rng) * 2.f * pi / kAzimuthSteps;
    for (int a = 0; a < kAzimuthSteps && int64_t(voxels.size()) < count; ++a) {
      const float az = azimuth0 + 2.f * pi * float(a) / kAzimuthSteps;
      const float ca = std::cos(az), sa = std::sin(az);
      // Objects this azimuth can hit (bounding circle in bird's-eye view).
      box_candidates.clear();
      cylinder_candidates.clear();
      for (size_t i = 0; i < boxes.size(); ++i) {
        const float vx = boxes[i].cx - sx, vy = boxes[i].cy - sy;
        const float along = vx * ca + vy * sa;
        const float across = std::fabs(-vx * sa + vy * ca);
        if (along > -boxes[i].radius && across <= boxes[i].radius) {
          box_candidates.push_back(int(i));
        }
      }
      for (size_t i = 0; i < cylinders.size(); ++i) {
        const float vx = cylinders[i].cx - sx, vy = cylinders[i].cy - sy;
        const float along = vx * ca + vy * sa;
        const float across = std::fabs(-vx * sa + vy * ca);
        if (along > -cylinders[i].r && across <= cylinders[i].r) {
          cylinder_candidates.push_back(int(i));
        }
      }
      crown_candidates.clear();
      for (size_t i = 0; i < crowns.size(); ++i) {
        const float vx = crowns[i].cx - sx, vy = crowns[i].cy - sy;
        const float along = vx * ca + vy * sa;
        const float across = std::fabs(-vx * sa + vy * ca);
        if (along > -crowns[i].r && across <= crowns[i].r) {
          crown_candidates.push_back(int(i));
        }
      }
      for (int beam = 0; beam < kBeams; ++beam) {
        const float elevation =
            (-30.67f + (41.34f * beam) / (kBeams - 1)) * pi / 180.f;
        const float ce = std::cos(elevation);
        const float dx = ce * ca, dy = ce * sa, dz = std::sin(elevation);
        float t = kMaxRange + 1.f;
        if (dz < 0.f) t = std::min(t, (-kSensorHeight - sz) / dz);
        for (int i : box_candidates) {
          const float h = RayBox(boxes[size_t(i)], sx, sy, sz, dx, dy, dz);
          if (h > 0.f) t = std::min(t, h);
        }
        for (int i : cylinder_candidates) {
          const float h =
              RayCylinder(cylinders[size_t(i)], sx, sy, sz, dx, dy, dz);
          if (h > 0.f) t = std::min(t, h);
        }
        for (int i : crown_candidates) {
          float t_in, t_out;
          if (!RayCrown(crowns[size_t(i)], sx, sy, sz, dx, dy, dz, &t_in,
                        &t_out)) {
            continue;
          }
          const float h = t_in + foliage_depth(rng);
          if (h < t_out) t = std::min(t, h);
        }
        if (t > kMaxRange) continue;
        t += noise(rng);
        const float px = sx + t * dx, py = sy + t * dy, pz = sz + t * dz;
        const int32_t vx =
            int32_t(std::floor((px - grid.x_min) / grid.voxel_x));
        const int32_t vy =
            int32_t(std::floor((py - grid.y_min) / grid.voxel_y));
        const int32_t vz =
            int32_t(std::floor((pz - grid.z_min) / grid.voxel_z));
        if (vx < 0 || vx >= grid.shape.w || vy < 0 || vy >= grid.shape.h ||
            vz < 0 || vz >= grid.shape.d - 1) {
          continue;
        }
        const Coord c{vz, vy, vx};
        if (seen.insert(grid.shape.index(c)).second) {
          voxels.push_back(c);
          if (int64_t(voxels.size()) == count) break;
        }
      }
    }
  }
  if (int64_t(voxels.size()) < count) {
    throw std::runtime_error("LiDAR scene has fewer than " +
                             std::to_string(count) + " voxels");
  }
  return voxels;
}

// `count` distinct random sites of `shape` (small tests).
inline std::vector<Coord> RandomVoxels(int64_t count, const SpatialShape &shape,
                                       uint32_t seed) {
  if (count > shape.volume()) throw std::runtime_error("grid too small");
  std::mt19937 rng(seed);
  std::unordered_set<int64_t> seen;
  std::vector<Coord> out;
  while (int64_t(out.size()) < count) {
    const Coord c{int32_t(rng() % uint32_t(shape.d)),
                  int32_t(rng() % uint32_t(shape.h)),
                  int32_t(rng() % uint32_t(shape.w))};
    if (seen.insert(shape.index(c)).second) out.push_back(c);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The docs/ops/indice_convolution_forward.md (tests) network layers:
// CenterPoint's sparse encoder on nuScenes (sparse shape [41, 1440, 1440]).
// Each layer's output sites are the next layer's input sites.
struct NetworkLayer {
  const char *name;
  int64_t num_act_in, ci, co, num_act_out;
  ConvGeometry geometry;
};

inline const std::vector<NetworkLayer> &NetworkLayers() {
  static const std::vector<NetworkLayer> layers = {
      {"layer1", 248636, 16, 32, 280511, {{3, 3, 3}, {2, 2, 2}, {1, 1, 1}}},
      {"layer2", 280511, 32, 64, 149100, {{3, 3, 3}, {2, 2, 2}, {1, 1, 1}}},
      {"layer3", 149100, 64, 128, 58838, {{3, 3, 3}, {2, 2, 2}, {0, 1, 1}}},
      {"layer4", 58838, 128, 128, 45406, {{3, 1, 1}, {2, 1, 1}, {0, 0, 0}}},
  };
  return layers;
}

// Rule books of layers 0..last (indices into NetworkLayers()), built along
// the chain from one LiDAR scene.
inline std::vector<RuleBook> NetworkRuleBooks(size_t last = 3) {
  const auto &layers = NetworkLayers();
  LidarGrid grid;
  std::vector<Coord> sites = LidarVoxels(layers[0].num_act_in, grid, 2022);
  SpatialShape shape = grid.shape;
  std::vector<RuleBook> books;
  for (size_t i = 0; i <= last && i < layers.size(); ++i) {
    RuleBook rb = BuildRuleBookConv(sites, shape, layers[i].geometry);
    AdjustOutputCount(&rb, layers[i].num_act_out, 77 + uint32_t(i));
    sites = rb.out_coords;
    shape = rb.out_shape;
    books.push_back(std::move(rb));
  }
  return books;
}

}  // namespace indice_conv_test
