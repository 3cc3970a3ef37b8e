// What the torch_mlu kernel tests share: the launch torch_mlu's operators
// make, tensor lists in GDRAM with their AddressList, seeded values, the
// element types' tolerances and data type codes, a queue.
#pragma once

#include <bang.h>
#include <cnrt.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "aten/operators/bang/internal/bang_internal.h"
#include "device.h"

namespace torch_mlu_test {

using xbang_test::DeviceBuffer;

// The launch torch_mlu's operators make: Union1 over every cluster. Eight
// clusters of four cores, as the emulated device reports.
constexpr cnrtDim3_t kDim = {4, 8, 1};
constexpr int kTasks = 32;

// Tensor sizes: a few elements, one region and a tail, several regions.
const std::vector<int> kSizes = {1, 37, 1000, 70001};

inline std::vector<float> random_values(int n, float lo, float hi,
                                        unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = dist(rng);
  return v;
}

// Element types the kernels take: float, and half stored on the device
// with float models computed from the rounded values.
template <class T>
std::vector<T> to_device_type(const std::vector<float>& v) {
  std::vector<T> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) out[i] = T(v[i]);
  return out;
}
template <class T>
std::vector<float> to_float(const std::vector<T>& v) {
  std::vector<float> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) out[i] = float(v[i]);
  return out;
}

// The tolerance of a result of a few float operations stored as T: float
// results are within a few float ulps; half results are rounded once (to
// nearest or down, as the kernels choose) from float.
template <class T>
double tolerance(double want) {
  if (std::is_same_v<T, float>) return 1e-5 * std::fabs(want) + 1e-6;
  return std::ldexp(std::fabs(want), -9) + 1e-6;
}

template <class T>
constexpr cnrtDataType_V2_t data_type_v2() {
  return std::is_same_v<T, float> ? cnrtFloat : cnrtHalf;
}
template <class T>
constexpr cnrtDataType_t data_type() {
  return std::is_same_v<T, float> ? CNRT_FLOAT32 : CNRT_FLOAT16;
}

// Tensors of one kind (grads, params...) in GDRAM and their AddressList.
template <class T>
struct TensorList {
  explicit TensorList(const std::vector<std::vector<float>>& values) {
    for (size_t t = 0; t < values.size(); ++t) {
      buffers.emplace_back(to_device_type<T>(values[t]));
      list.addresses[t] = buffers.back().get();
    }
  }
  std::vector<float> host(size_t t) const {
    return to_float(buffers[t].template to_host<T>());
  }
  std::vector<DeviceBuffer> buffers;
  AddressList list{};
};

inline SizeList size_list() {
  SizeList s{};
  for (size_t t = 0; t < kSizes.size(); ++t) s.sizes[t] = kSizes[t];
  return s;
}

inline std::vector<std::vector<float>> values_per_tensor(float lo, float hi,
                                                         unsigned seed) {
  std::vector<std::vector<float>> out;
  for (size_t t = 0; t < kSizes.size(); ++t) {
    out.push_back(random_values(kSizes[t], lo, hi, seed + unsigned(t)));
  }
  return out;
}

// Values as the device stores them (half rounds).
template <class T>
std::vector<std::vector<float>> stored(std::vector<std::vector<float>> v) {
  for (auto& tensor : v) tensor = to_float(to_device_type<T>(tensor));
  return v;
}

class Queue {
 public:
  Queue() { EXPECT_EQ(cnrtQueueCreate(&queue_), cnrtSuccess); }
  ~Queue() { cnrtQueueDestroy(queue_); }
  cnrtQueue_t get() const { return queue_; }
  void sync() const { ASSERT_EQ(cnrtQueueSync(queue_), cnrtSuccess); }

 private:
  cnrtQueue_t queue_ = nullptr;
};

}  // namespace torch_mlu_test
