// mlu-ops' three_interpolate kernels
// (kernels/three_interpolate/three_interpolate_union1.mlu) run unchanged
// through KernelThreeInterpolateForward/Backward, with the launch dims and
// NRAM tiling mluOpThreeInterpolateForward/Backward compute, against
// three_interpolate_reference.h (forward) and
// references/three_interpolate_backward. The operator's thresholds: diff1
// and diff2 <= 0.003, float and half; the float forward is bit-exact.
#include "kernels/three_interpolate/three_interpolate.h"

#include <bang.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "harness.h"
#include "three_interpolate_backward/three_interpolate_backward_reference.h"
#include "three_interpolate_reference.h"

namespace {

using namespace xbang_conformance;

constexpr double kThreshold = 0.003;

struct Shape {
  int64_t b, c, m, n;
};

struct Launch {
  cnrtDim3_t dims;
  int64_t c_limit, m_limit, n_limit;
};

int64_t ceil_align(int64_t x, int64_t a) { return (x + a - 1) / a * a; }
int64_t floor_align(int64_t x, int64_t a) { return x / a * a; }

// Whether `candidate` repeats (tiles over the device's cores) beat `best`:
// fewer rounds of all cores by more than one, or one round fewer with a
// partial last round for best, or as many rounds with a fuller last one,
// or one round more that ends exactly where best leaves a partial round.
bool better_repeats(int64_t best, int64_t candidate, int64_t cores) {
  const int64_t best_rounds = best / cores, best_rest = best % cores;
  const int64_t rounds = candidate / cores, rest = candidate % cores;
  if (best_rounds - rounds > 1) return true;
  if (best_rounds - rounds == 1) {
    return best_rest != 0 || (best_rest == rest && rest == 0);
  }
  if (best_rounds == rounds) {
    return best_rest != 0 && (rest == 0 || best_rest < rest);
  }
  return rounds - best_rounds == 1 && best_rest != 0 && rest == 0;
}

// policyFuncThreeInterpolate of three_interpolate.cpp: c, m and n tiles in
// multiples of 128 bytes that fit the NRAM the kernel lays out, the split
// dimension (n forward, m backward) shrunk while that spreads the tiles
// over the device's cores better, and one Union1 cluster per
// core_in_cluster tiles.
Launch three_interpolate_policy(const Shape& s, bool forward,
                                int64_t elem_bytes) {
  const DeviceCapacity capacity = device_capacity();
  const int64_t cores = capacity.cores();
  const int64_t align = 128 / elem_bytes;
  const int64_t nram = capacity.handle_nram_size();
  // Fixed NRAM: two n x c output tiles and six weights of one aligned row,
  // six int32 indices and three converted ones per n; the rest holds two
  // m rows per aligned c.
  int64_t m_limit = (nram - (2 * align * align + align * 6) * elem_bytes +
                     align * 6 * int64_t(sizeof(int32_t)) +
                     align * 3 * int64_t(sizeof(float))) /
                    (align * 2);
  int64_t c_limit = align, n_limit = align;
  const int64_t c_aligned = ceil_align(s.c, align);
  const int64_t m_aligned = ceil_align(s.m, align);
  const int64_t n_aligned = ceil_align(s.n, align);
  int64_t budget = c_limit * m_limit * n_limit;
  if (budget <= 0) budget = nram;
  auto fit = [&](int64_t aligned, int64_t room) {
    return aligned <= room ? aligned : floor_align(room, align);
  };
  while (true) {
    int64_t n_room = budget / (align * align);
    bool c_second = true;
    m_limit = fit(m_aligned, budget / (align * align));
    if (forward &&
        !(m_aligned * c_aligned <= budget / align || c_aligned > m_aligned)) {
      c_second = false;
      n_room = budget / (m_limit * align);
    }
    if (c_second) {
      c_limit = fit(c_aligned, budget / (m_limit * align));
      n_room = budget / (c_limit * m_limit);
    }
    n_limit = fit(n_aligned, n_room);
    // Shrink the split dimension one aligned step at a time, keeping the
    // size whose tile count spreads best over the cores.
    int64_t& split = forward ? n_limit : m_limit;
    const int64_t split_size = forward ? s.n : s.m;
    int64_t best_split = split;
    while (true) {
      const int64_t best =
          s.b * ceil_align(split_size, best_split) / best_split;
      const int64_t candidate = s.b * ceil_align(split_size, split) / split;
      if (better_repeats(best, candidate, cores)) best_split = split;
      split -= align;
      if (split < align) break;
      split = floor_align(split, align);
    }
    split = best_split;
    const int64_t c_room =
        c_second ? budget / (m_limit * align) : budget / (m_limit * n_limit);
    c_limit = fit(c_aligned, c_room);
    if (!forward) n_limit = fit(n_aligned, budget / (m_limit * c_limit));
    int64_t used = (std::max(c_limit * m_limit, c_limit * n_limit) +
                    m_limit * c_limit + 2 * n_limit * c_limit + n_limit * 6) *
                       elem_bytes +
                   n_limit * 6 * int64_t(sizeof(int32_t)) +
                   n_limit * 3 * int64_t(sizeof(float));
    if (!forward) used += c_limit * elem_bytes;
    if (used <= nram) break;
    budget -= align * align * align;
  }
  n_limit = std::min(n_limit, ceil_align(s.n, n_limit));
  m_limit = std::min(m_limit, ceil_align(s.m, m_limit));
  const int64_t tiles = forward ? s.b * ceil_align(s.n, n_limit) / n_limit
                                : s.b * ceil_align(s.m, m_limit) / m_limit;
  const int64_t clusters =
      (tiles + capacity.cores_per_cluster - 1) / capacity.cores_per_cluster;
  Launch launch;
  launch.dims = {uint32_t(capacity.cores_per_cluster),
                 uint32_t(std::min<int64_t>(clusters, capacity.clusters)), 1};
  launch.c_limit = c_limit;
  launch.m_limit = m_limit;
  launch.n_limit = n_limit;
  return launch;
}

struct Case {
  std::string name;
  Shape shape;
};

// mlu-ops' design cases: case1 (b 16, c 512, m 16, n 64: every core),
// case17 (7, 63, 127, 129: nothing a multiple of the vector length) and
// case16 (one of each).
const Case kCases[] = {{"case1", {16, 512, 16, 64}},
                       {"case17", {7, 63, 127, 129}},
                       {"case16", {1, 1, 1, 1}}};

template <class T>
mluOpDataType_t dtype_of() {
  return sizeof(T) == 2 ? MLUOP_DTYPE_HALF : MLUOP_DTYPE_FLOAT;
}

template <class T>
void check_forward(const Case& test_case, uint32_t seed) {
  const Shape& s = test_case.shape;
  const auto features = random_values<T>(s.b * s.c * s.m, 0, 100, seed);
  const auto indices = random_values<int>(s.b * s.n * 3, 0, s.m - 1, seed + 1);
  const auto weights = random_values<T>(s.b * s.n * 3, 0, 1, seed + 2);
  std::vector<T> want(s.b * s.c * s.n);
  threeInterpolateForwardReference(features.data(), indices.data(),
                                   weights.data(), s.b, s.c, s.m, s.n,
                                   want.data());
  const Launch launch = three_interpolate_policy(s, true, sizeof(T));
  in_both_checked_modes(test_case.name, [&] {
    Queue queue;
    DeviceBuffer features_dev(features), indices_dev(indices),
        weights_dev(weights), output(want.size() * sizeof(T));
    ASSERT_EQ(KernelThreeInterpolateForward(
                  launch.dims, cnrtFuncTypeUnion1, queue.get(), dtype_of<T>(),
                  features_dev.get(), indices_dev.get(), weights_dev.get(), s.b,
                  s.c, s.m, s.n, launch.c_limit, launch.m_limit, launch.n_limit,
                  output.get()),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m =
        measure(std::string("forward ") +
                    (sizeof(T) == 2 ? "half " : "float ") + test_case.name,
                output.to_host<T>(), want, sizeof(T) == 2 ? 1e-4 : 1e-6);
    EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
    // In float the kernel multiplies and adds in the reference's order.
    if (sizeof(T) == 4) EXPECT_TRUE(m.bit_exact()) << m.text();
  });
}

template <class T>
void check_backward(const Case& test_case, uint32_t seed) {
  const Shape& s = test_case.shape;
  const auto grad_output = random_values<T>(s.b * s.c * s.n, -1, 1, seed);
  const auto indices = random_values<int>(s.b * s.n * 3, 0, s.m - 1, seed + 1);
  const auto weights = random_values<T>(s.b * s.n * 3, 0, 1, seed + 2);
  std::vector<T> want(s.b * s.c * s.m);
  threeInterpolateBackwardReference(grad_output.data(), indices.data(),
                                    weights.data(), s.b, s.c, s.m, s.n,
                                    want.data());
  const Launch launch = three_interpolate_policy(s, false, sizeof(T));
  in_both_checked_modes(test_case.name, [&] {
    Queue queue;
    DeviceBuffer grad_output_dev(grad_output), indices_dev(indices),
        weights_dev(weights), grad_features(want.size() * sizeof(T));
    ASSERT_EQ(KernelThreeInterpolateBackward(
                  launch.dims, cnrtFuncTypeUnion1, queue.get(), dtype_of<T>(),
                  grad_output_dev.get(), indices_dev.get(), weights_dev.get(),
                  s.b, s.c, s.m, s.n, launch.c_limit, launch.m_limit,
                  launch.n_limit, grad_features.get()),
              MLUOP_STATUS_SUCCESS);
    ASSERT_EQ(queue.sync(), cnrtSuccess);
    const Metrics m =
        measure(std::string("backward ") +
                    (sizeof(T) == 2 ? "half " : "float ") + test_case.name,
                grad_features.to_host<T>(), want, sizeof(T) == 2 ? 1e-4 : 1e-6);
    EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
  });
}

TEST(ThreeInterpolateForward, FloatMatchesReference) {
  for (const Case& c : kCases) check_forward<float>(c, 11);
}

TEST(ThreeInterpolateForward, HalfMatchesReference) {
  for (const Case& c : kCases) check_forward<half>(c, 21);
}

TEST(ThreeInterpolateBackward, FloatMatchesReference) {
  for (const Case& c : kCases) check_backward<float>(c, 31);
}

TEST(ThreeInterpolateBackward, HalfMatchesReference) {
  for (const Case& c : kCases) check_backward<half>(c, 41);
}

}  // namespace
