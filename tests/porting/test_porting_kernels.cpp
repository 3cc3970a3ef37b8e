// Kernels written as for the real toolchain (kernels/*.mlu, compiled through
// xbang_add_mlu_sources unchanged), run through their <<<>>> host wrappers
// in Block and Union launches and checked against scalar references.
#include <bang.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "device.h"
#include "kernels/porting_kernels.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/counters.h"

namespace {

using xbang_test::DeviceBuffer;

class PortingKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(cnrtQueueCreate(&queue_), cnrtSuccess);
    xbang::checked::clear_reports();
  }
  void TearDown() override { cnrtQueueDestroy(queue_); }

  // No checked-mode report since the last call.
  static void expect_no_reports() {
    for (const auto& report : xbang::checked::reports()) {
      ADD_FAILURE() << report.text();
    }
    xbang::checked::clear_reports();
  }

  cnrtQueue_t queue_ = nullptr;
};

template <class T>
uint16_t bits_of(T value) {
  uint16_t bits;
  static_assert(sizeof(T) == sizeof(bits));
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

struct Launch {
  cnrtFunctionType_t type;
  unsigned tasks;
};
std::string describe(const Launch& launch) {
  return (launch.type == cnrtFuncTypeBlock ? "Block x" : "Union x") +
         std::to_string(launch.tasks);
}

// --- scale_shift_union1.mlu: template kernel over T, ping-pong async copies.

template <class T>
void run_scale_shift(cnrtQueue_t queue, mluOpDataType_t dtype, int32_t n,
                     Launch launch) {
  SCOPED_TRACE(describe(launch) + ", n = " + std::to_string(n));
  const float alpha = 1.75f, beta = -0.5f;
  std::mt19937 rng(n);
  std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
  std::vector<T> x(n);
  for (auto& v : x) v = T(dist(rng));
  DeviceBuffer x_dev(x), y_dev(std::vector<T>(n, T(0.0f)));

  const cnrtDim3_t dim{launch.tasks, 1, 1};
  ASSERT_EQ(KernelScaleShift(dim, launch.type, queue, dtype, x_dev.get(),
                             y_dev.get(), n, alpha, beta),
            cnrtSuccess);
  const auto counters = xbang::last_launch_counters();
  EXPECT_EQ(counters.copy_bytes[GDRAM2NRAM], uint64_t(n) * sizeof(T));
  EXPECT_EQ(counters.copy_bytes[NRAM2GDRAM], uint64_t(n) * sizeof(T));
  EXPECT_EQ(counters.kernels.count("MLUKernelScaleShift"), 1u);

  const auto y = y_dev.to_host<T>();
  int mismatches = 0;
  for (int32_t i = 0; i < n && mismatches < 10; ++i) {
    // Each built-in rounds to T: the product, then the sum.
    const T scaled = T(float(x[i]) * float(T(alpha)));
    const T expected = T(float(scaled) + float(T(beta)));
    if constexpr (std::is_same_v<T, float>) {
      if (y[i] != expected) {
        ++mismatches;
        ADD_FAILURE() << "y[" << i << "] = " << y[i] << ", expected "
                      << expected << " (x = " << x[i] << ")";
      }
    } else if (bits_of(y[i]) != bits_of(expected)) {
      ++mismatches;
      ADD_FAILURE() << "y[" << i << "] = " << float(y[i]) << ", expected "
                    << float(expected) << " (x = " << float(x[i]) << ")";
    }
  }
}

// Large enough that one task streams several NRAM halves.
constexpr int32_t kLargeN = 4 * 81920 * 2 + 37;

TEST_F(PortingKernels, ScaleShiftFloat) {
  for (const Launch launch :
       {Launch{cnrtFuncTypeBlock, 1}, Launch{cnrtFuncTypeBlock, 4},
        Launch{cnrtFuncTypeUnion1, 4}, Launch{cnrtFuncTypeUnion1, 16}}) {
    for (const int32_t n : {0, 1, 7, 1000, kLargeN}) {
      run_scale_shift<float>(queue_, MLUOP_DTYPE_FLOAT, n, launch);
    }
  }
  expect_no_reports();
}

TEST_F(PortingKernels, ScaleShiftHalf) {
  for (const Launch launch :
       {Launch{cnrtFuncTypeBlock, 1}, Launch{cnrtFuncTypeUnion1, 4},
        Launch{cnrtFuncTypeUnion2, 16}}) {
    for (const int32_t n : {0, 1, 64, 999, 2 * kLargeN}) {
      run_scale_shift<half>(queue_, MLUOP_DTYPE_HALF, n, launch);
    }
  }
  expect_no_reports();
}

TEST_F(PortingKernels, FailedLaunchReachesTheWrapperThroughKernelCheck) {
  DeviceBuffer x(64), y(64);
  // Union1 needs a multiple of 4 tasks.
  EXPECT_NE(KernelScaleShift({6, 1, 1}, cnrtFuncTypeUnion1, queue_,
                             MLUOP_DTYPE_FLOAT, x.get(), y.get(), 16, 1, 0),
            cnrtSuccess);
  xbang::checked::clear_reports();
}

// --- class_histogram_union1.mlu: MPU stages SRAM, __sync_cluster, atomics.

void run_histogram(cnrtQueue_t queue, int32_t n, int32_t num_classes,
                   Launch launch) {
  SCOPED_TRACE(describe(launch) + ", n = " + std::to_string(n) +
               ", classes = " + std::to_string(num_classes));
  std::mt19937 rng(n + num_classes);
  // Some labels fall outside [0, num_classes) and must be skipped.
  std::uniform_int_distribution<int32_t> label_dist(-2, num_classes + 1);
  std::uniform_int_distribution<int32_t> weight_dist(-5, 9);
  std::vector<int32_t> labels(n), weights(num_classes), histogram(num_classes);
  for (auto& v : labels) v = label_dist(rng);
  for (auto& v : weights) v = weight_dist(rng);
  for (auto& v : histogram) v = weight_dist(rng);  // accumulated into

  std::vector<int32_t> expected = histogram;
  for (const int32_t label : labels) {
    if (label >= 0 && label < num_classes) expected[label] += weights[label];
  }

  DeviceBuffer labels_dev(labels), weights_dev(weights),
      histogram_dev(histogram);
  const cnrtDim3_t dim{launch.tasks, 1, 1};
  ASSERT_EQ(KernelClassHistogram(
                dim, launch.type, queue,
                static_cast<const int32_t*>(labels_dev.get()), n,
                static_cast<const int32_t*>(weights_dev.get()), num_classes,
                static_cast<int32_t*>(histogram_dev.get())),
            cnrtSuccess);
  const auto counters = xbang::last_launch_counters();
  // Every compute core adds its whole private histogram.
  EXPECT_EQ(counters.atomic_updates, uint64_t(launch.tasks) * num_classes);
  const uint64_t clusters = launch.tasks / 4;
  EXPECT_EQ(counters.copy_bytes[GDRAM2SRAM],
            clusters * num_classes * sizeof(int32_t));
  // One __sync_cluster: four compute cores and the memory core per cluster.
  EXPECT_EQ(counters.barriers, clusters * 5);
  EXPECT_EQ(histogram_dev.to_host<int32_t>(), expected);
}

TEST_F(PortingKernels, ClassHistogram) {
  for (const Launch launch :
       {Launch{cnrtFuncTypeUnion1, 4}, Launch{cnrtFuncTypeUnion1, 16},
        Launch{cnrtFuncTypeUnion2, 8}, Launch{cnrtFuncTypeUnion4, 16}}) {
    for (const int32_t n : {0, 1, 1000, 700001}) {
      for (const int32_t num_classes : {1, 10, kMaxHistogramClasses}) {
        run_histogram(queue_, n, num_classes, launch);
      }
    }
  }
  expect_no_reports();
}

// --- crop_bias_block.mlu: explicit template arguments, strided __memcpy.

template <class T>
void run_crop_bias(cnrtQueue_t queue, mluOpDataType_t dtype, int32_t rows,
                   int32_t cols, int32_t col_begin, int32_t width,
                   unsigned tasks) {
  SCOPED_TRACE("Block x" + std::to_string(tasks) + ", " + std::to_string(rows) +
               "x" + std::to_string(cols) + ", columns " +
               std::to_string(col_begin) + "+" + std::to_string(width));
  std::mt19937 rng(rows * 131 + cols);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  std::vector<T> input(size_t(rows) * cols), bias(width);
  for (auto& v : input) v = T(dist(rng));
  for (auto& v : bias) v = T(dist(rng));
  const T poison = T(-1000.0f);

  DeviceBuffer input_dev(input), bias_dev(bias),
      output_dev(std::vector<T>(size_t(rows) * width, poison));
  ASSERT_EQ(KernelCropBias({tasks, 1, 1}, cnrtFuncTypeBlock, queue, dtype,
                           input_dev.get(), rows, int64_t(cols) * sizeof(T),
                           col_begin, width, bias_dev.get(), output_dev.get()),
            cnrtSuccess);
  // The rows once, plus the bias once per task that has rows.
  const uint64_t rows_per_task = (rows + tasks - 1) / tasks;
  const uint64_t busy_tasks = (rows + rows_per_task - 1) / rows_per_task;
  EXPECT_EQ(xbang::last_launch_counters().copy_bytes[GDRAM2NRAM],
            (uint64_t(rows) * width + busy_tasks * width) * sizeof(T));

  const auto output = output_dev.to_host<T>();
  int mismatches = 0;
  for (int32_t r = 0; r < rows; ++r) {
    for (int32_t j = 0; j < width && mismatches < 10; ++j) {
      const T sum =
          T(float(input[size_t(r) * cols + col_begin + j]) + float(bias[j]));
      const T expected = T(float(sum) * 4.0f);
      const T got = output[size_t(r) * width + j];
      if (float(got) != float(expected)) {
        ++mismatches;
        ADD_FAILURE() << "output[" << r << "][" << j << "] = " << float(got)
                      << ", expected " << float(expected);
      }
    }
  }
}

TEST_F(PortingKernels, CropBias) {
  for (const unsigned tasks : {1u, 4u, 16u}) {
    run_crop_bias<float>(queue_, MLUOP_DTYPE_FLOAT, 1, 5, 2, 3, tasks);
    run_crop_bias<float>(queue_, MLUOP_DTYPE_FLOAT, 37, 100, 13, 64, tasks);
    // Several NRAM loads per task.
    run_crop_bias<float>(queue_, MLUOP_DTYPE_FLOAT, 700, 1200, 150, 1000,
                         tasks);
    run_crop_bias<half>(queue_, MLUOP_DTYPE_HALF, 9, 33, 1, 31, tasks);
    run_crop_bias<half>(queue_, MLUOP_DTYPE_HALF, 1000, 2049, 1000, 1049,
                        tasks);
  }
  expect_no_reports();
}

TEST_F(PortingKernels, CropBiasRejectsRowsThatDoNotFit) {
  DeviceBuffer buffer(64);
  EXPECT_EQ(KernelCropBias({1, 1, 1}, cnrtFuncTypeBlock, queue_,
                           MLUOP_DTYPE_FLOAT, buffer.get(), 1, int64_t(1) << 20,
                           0, 1 << 18, buffer.get(), buffer.get()),
            cnrtErrorArgsInvalid);
}

}  // namespace
