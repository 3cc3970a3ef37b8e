// Input generators for three_interpolate_backward tests, benchmarks and the
// main job: grad_output uniform in [-1, 1), weights uniform in [0, 1) (they
// are interpolation weights), indices uniform in [0, M-1]. A small
// splitmix64 generator keeps network-scale inputs quick to make.
#pragma once

#include <bang.h>
#include <xbang/ops/mlu_op.h>

#include <cstdint>
#include <vector>

namespace three_interpolate_backward_data {

template <class T>
mluOpDataType_t dtype_of();
template <>
inline mluOpDataType_t dtype_of<float>() {
  return MLUOP_DTYPE_FLOAT;
}
template <>
inline mluOpDataType_t dtype_of<half>() {
  return MLUOP_DTYPE_HALF;
}

class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1).
  float uniform() { return float(next() >> 40) * (1.0f / 16777216.0f); }
  float uniform(float low, float high) {
    return low + (high - low) * uniform();
  }
  // Uniform in [0, bound).
  int below(int bound) { return int((next() >> 33) % uint64_t(bound)); }

 private:
  uint64_t state_;
};

struct Shape {
  int b, c, m, n;
  size_t grad_output_elements() const { return size_t(b) * c * n; }
  size_t indices_elements() const { return size_t(b) * n * 3; }
  size_t grad_features_elements() const { return size_t(b) * c * m; }
  // Bytes the operator must move: grad_output, indices and weights read
  // once, grad_features written once.
  size_t bytes_moved(size_t dtype_bytes) const {
    return grad_output_elements() * dtype_bytes + indices_elements() * 4 +
           indices_elements() * dtype_bytes +
           grad_features_elements() * dtype_bytes;
  }
};

template <class T>
struct Inputs {
  std::vector<T> grad_output;
  std::vector<int> indices;
  std::vector<T> weights;
};

template <class T>
Inputs<T> make_inputs(const Shape &s, uint64_t seed) {
  Random random(seed);
  Inputs<T> in;
  in.grad_output.resize(s.grad_output_elements());
  for (auto &v : in.grad_output) v = T(random.uniform(-1.0f, 1.0f));
  in.indices.resize(s.indices_elements());
  for (auto &v : in.indices) v = s.m > 0 ? random.below(s.m) : 0;
  in.weights.resize(s.indices_elements());
  for (auto &v : in.weights) v = T(random.uniform());
  return in;
}

}  // namespace three_interpolate_backward_data
