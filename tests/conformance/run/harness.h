// What a run test of a real mlu-ops kernel needs on the host side: GDRAM
// buffers, a queue, the launch capacity mlu-ops' policy functions read from
// the handle, seeded random data, mlu-ops' accuracy metrics, bit-exact
// comparison, and a checked-mode scope that collects the reports of the
// launches inside it. Launch dims are computed in each test, as the
// operator's host .cpp computes them.
#pragma once

#include <cnrt.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "device.h"   // references/common: DeviceBuffer
#include "metrics.h"  // references/common: diff1, diff2, diff3
#include "xbang/runtime/checked.h"

namespace xbang_conformance {

using xbang_test::compute_metrics;
using xbang_test::DeviceBuffer;
using xbang_test::Metrics;

// A queue for the kernel wrappers' <<<k_dim, k_type, queue>>>.
class Queue {
 public:
  Queue() {
    if (cnrtQueueCreate(&queue_) != cnrtSuccess) queue_ = nullptr;
  }
  Queue(const Queue&) = delete;
  Queue& operator=(const Queue&) = delete;
  ~Queue() {
    if (queue_ != nullptr) cnrtQueueDestroy(queue_);
  }
  cnrtQueue_t get() const { return queue_; }
  cnrtRet_t sync() const { return cnrtQueueSync(queue_); }

 private:
  cnrtQueue_t queue_ = nullptr;
};

// The device capacity mlu-ops' handle holds (core_num_per_cluster,
// capability_cluster_num), which its policy functions turn into k_dim.
struct DeviceCapacity {
  int clusters = 1;           // mluop::runtime::getClusterLimitCapability
  int cores_per_cluster = 1;  // handle->core_num_per_cluster
  int nram_bytes = 0;         // NRAM per core
  int union_limit = 1;        // clusters of the largest Union task
  int cores() const { return clusters * cores_per_cluster; }
  // mluop::runtime::getJobLimitCapabilityCnrtFuncType and
  // getCoreNumOfJobLimitCapability: the largest Union task and its cores.
  cnrtFunctionType_t job_limit_type() const {
    return cnrtFunctionType_t(int(cnrtFuncTypeUnion1) * union_limit);
  }
  int job_limit_cores() const { return cores_per_cluster * union_limit; }
  // handle->nram_size: the NRAM per core less the 128 KB mlu-ops leaves to
  // the compiler's stack (REM_FOR_STACK).
  int handle_nram_size() const { return nram_bytes - 128 * 1024; }
};

inline DeviceCapacity device_capacity() {
  DeviceCapacity capacity;
  int device = 0;
  cnrtGetDevice(&device);
  cnrtDeviceGetAttribute(&capacity.clusters, cnrtAttrClusterCount, device);
  cnrtDeviceGetAttribute(&capacity.cores_per_cluster, cnrtAttrMcorePerCluster,
                         device);
  cnrtDeviceGetAttribute(&capacity.nram_bytes, cnrtAttrNramSizePerMcore,
                         device);
  cnrtDeviceGetAttribute(&capacity.union_limit,
                         cnrtAttrMaxClusterCountPerUnionTask, device);
  return capacity;
}

// The policy several mlu-ops operators share (psroipool, voxel_pooling,
// ...): a Union1 task of one cluster per core_in_cluster work items, at
// most the clusters the handle may use.
inline cnrtDim3_t union1_cluster_per_cores_items(int64_t items) {
  const DeviceCapacity capacity = device_capacity();
  const int64_t wanted =
      (items + capacity.cores_per_cluster - 1) / capacity.cores_per_cluster;
  return {uint32_t(capacity.cores_per_cluster),
          uint32_t(std::min<int64_t>(wanted, capacity.clusters)), 1};
}

// n values uniform in [lo, hi] (integers: both ends included), from `seed`.
// T is an arithmetic type or one constructible from float (half, bfloat16).
template <class T>
std::vector<T> random_values(size_t n, double lo, double hi, uint32_t seed) {
  std::mt19937 gen(seed);
  std::vector<T> values(n);
  if constexpr (std::is_integral_v<T>) {
    std::uniform_int_distribution<int64_t> dist{int64_t(lo), int64_t(hi)};
    for (T& v : values) v = T(dist(gen));
  } else {
    std::uniform_real_distribution<float> dist{float(lo), float(hi)};
    for (T& v : values) v = T(dist(gen));
  }
  return values;
}

// Number of elements whose bytes differ (NaNs of the same payload included).
template <class T>
size_t bit_mismatches(const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() != want.size()) return std::max(got.size(), want.size());
  size_t mismatches = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    mismatches += std::memcmp(&got[i], &want[i], sizeof(T)) != 0;
  }
  return mismatches;
}

// mlu-ops' metrics of `got` against the reference `want`, recorded as a
// test property (<name>: diff1=... diff2=... diff3=...) so the XML output
// and the log carry the measured numbers.
template <class T, class R>
Metrics measure(const std::string& name, const std::vector<T>& got,
                const std::vector<R>& want, double diff3_threshold = 1e-6) {
  Metrics m;
  if (got.size() != want.size()) {
    ADD_FAILURE() << name << ": " << got.size() << " elements, reference has "
                  << want.size();
    m.mismatched_nonfinite = std::max(got.size(), want.size());
    return m;
  }
  m = compute_metrics(got.data(), want.data(), got.size(), diff3_threshold);
  ::testing::Test::RecordProperty(name, m.text());
  std::printf("[ metrics  ] %s: %s\n", name.c_str(), m.text().c_str());
  return m;
}

// Checked mode on or off for the launches inside the scope; on, the scope
// starts with no reports, and reports() returns the lines of those found
// inside it.
class CheckedScope {
 public:
  explicit CheckedScope(bool on) : previous_(xbang::checked::enabled()) {
    xbang::checked::set_enabled(on);
    xbang::checked::clear_reports();
  }
  CheckedScope(const CheckedScope&) = delete;
  CheckedScope& operator=(const CheckedScope&) = delete;
  ~CheckedScope() { xbang::checked::set_enabled(previous_); }
  std::string reports() const {
    std::string text;
    for (const auto& report : xbang::checked::reports()) {
      text += report.text() + "\n";
    }
    return text;
  }

 private:
  bool previous_;
};

// Both checked-mode settings a test runs each case with: off (the result
// as a user gets it) and on (it must report nothing).
inline constexpr bool kCheckedModes[] = {false, true};

// Runs `run()` (launch, sync, compare) with checked mode off, then on; on,
// the launches must report nothing.
template <class Run>
void in_both_checked_modes(const std::string& what, const Run& run) {
  for (bool checked : kCheckedModes) {
    SCOPED_TRACE(what + (checked ? ", checked" : ""));
    CheckedScope scope(checked);
    run();
    if (checked) EXPECT_EQ(scope.reports(), "");
  }
}

}  // namespace xbang_conformance
