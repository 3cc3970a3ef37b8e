#include "timing_model.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <mutex>

#include "device_api.h"
#include "environment.h"

namespace xbang {
namespace detail {
namespace {

const ArchTiming& timing_of(const ArchProfile& profile) {
  const ArchTiming* timing = find_arch_timing(profile.arch);
  // Every profile has its timing row (test_timing_model checks it).
  return timing != nullptr ? *timing : kArchTimings[0];
}

Ticks ticks(double ns) { return Ticks(std::llround(ns * kTicksPerNs)); }

// Costs at `io_gbps` of GDRAM bandwidth (1 GB/s is one byte a nanosecond).
StreamCosts costs_at(const ArchTiming& t, double io_gbps) {
  const double cycle_ns = 1e3 / t.clock_mhz;
  StreamCosts c;
  c.io_per_byte = ticks(1 / io_gbps);
  c.move_per_byte = ticks(cycle_ns / kMoveBytesPerCycle);
  c.vector_per_byte = ticks(cycle_ns / kVectorBytesPerCycle);
  c.vector_min = ticks(cycle_ns);
  c.per_mac = ticks(cycle_ns / t.matrix_macs_per_cycle);
  c.issue = ticks(cycle_ns * kIssueCycles);
  return c;
}

}  // namespace

// The IO share is static (fixed by the launch's shape, not by what the cores
// do): a cluster gets its own limit or an equal part of the DRAM's, whichever
// is less, and splits it equally among the compute cores the launch puts on
// it. The MPU gets the whole cluster's: it loads SRAM while the compute cores
// wait for it at a barrier.
LaunchTiming::LaunchTiming(const ArchProfile& profile, const LaunchShape& shape,
                           int device_clusters)
    : timing_(timing_of(profile)),
      shape_(shape),
      device_clusters_(std::max(device_clusters, 1)) {
  const int cores_per_cluster = kComputeCoresPerCluster;
  int clusters_busy, cores_busy;
  if (shape.is_union()) {
    clusters_busy = std::min(shape.clusters, device_clusters_);
    cores_busy = cores_per_cluster;
  } else {
    const int active =
        std::min(shape.task_dim, device_clusters_ * cores_per_cluster);
    clusters_busy = (active + cores_per_cluster - 1) / cores_per_cluster;
    cores_busy = std::min(active, cores_per_cluster);
  }
  clusters_busy = std::max(clusters_busy, 1);
  cores_busy = std::max(cores_busy, 1);
  const double cluster_gbps =
      std::min(timing_.cluster_io_gbps, timing_.dram_gbps / clusters_busy);
  ipu_costs_ = costs_at(timing_, cluster_gbps / cores_busy);
  mpu_costs_ = costs_at(timing_, cluster_gbps);
  physical_.resize(size_t(device_clusters_) * kLaunchCoresPerCluster);
}

int LaunchTiming::physical_core(int index, const CoreSpec& spec) const {
  if (!shape_.is_union()) {
    return index % (device_clusters_ * kComputeCoresPerCluster);
  }
  const int slot = index % kLaunchCoresPerCluster;
  return (spec.cluster % device_clusters_) * kLaunchCoresPerCluster + slot;
}

void LaunchTiming::add_core(int index, const CoreSpec& spec,
                            const CoreTimeline& timeline) {
  PhysicalCore& p = physical_[size_t(physical_core(index, spec))];
  for (int s = 0; s < kNumStreams; ++s) {
    p.stream[s] += timeline.busy_ticks(Stream(s));
  }
  p.end += timeline.end_ticks();
  p.barrier += timeline.barrier_wait;
}

ModelledTime LaunchTiming::result() const {
  const PhysicalCore* slowest = &physical_[0];
  for (const PhysicalCore& p : physical_) {
    if (p.end > slowest->end) slowest = &p;
  }
  ModelledTime m;
  m.overhead_seconds = timing_.launch_overhead_us * 1e-6;
  m.seconds = ticks_to_seconds(slowest->end) + m.overhead_seconds;
  for (int s = 0; s < kNumStreams; ++s) {
    m.stream_seconds[size_t(s)] = ticks_to_seconds(slowest->stream[s]);
  }
  m.barrier_seconds = ticks_to_seconds(slowest->barrier);
  return m;
}

namespace {
// XBANG_TIME: host (the default) or model.
std::atomic<bool> model_time_flag{
    environment::choice("XBANG_TIME", {"host", "model"}, 0) == 1};
}  // namespace

void announce_time_source() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::fprintf(stderr,
                 time_source() == TimeSource::kModel
                     ? "[xbang] notifier times are the timing model's MLU "
                       "time (XBANG_TIME=model)\n"
                     : "[xbang] notifier times are host wall time "
                       "(XBANG_TIME=host)\n");
  });
}

}  // namespace detail

TimeSource time_source() {
  return detail::model_time_flag.load(std::memory_order_relaxed)
             ? TimeSource::kModel
             : TimeSource::kHost;
}

void set_time_source(TimeSource source) {
  detail::model_time_flag.store(source == TimeSource::kModel);
}

}  // namespace xbang
