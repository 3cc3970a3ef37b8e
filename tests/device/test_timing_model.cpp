// The timing model (docs/timing-model.md): each launch's modelled time and
// bound, derived here from the profile's timing constants
// (xbang/core/timing.h) and the kernels' built-ins, never from a run.
#include <bang.h>
#include <cnrt.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "timing_kernels.h"
#include "xbang/core/profiles.h"
#include "xbang/core/timing.h"
#include "xbang/runtime/counters.h"
#include "xbang/runtime/device.h"
#include "xbang/runtime/launch.h"

namespace {

constexpr double kTileBytes = kTimingTileFloats * sizeof(float);

// The launches here run on the default device, an MLU370.
const xbang::ArchTiming& timing() {
  return *xbang::find_arch_timing(xbang::kDefaultDeviceArch);
}
double cycle_ns() { return 1e3 / timing().clock_mhz; }
double issue_ns() { return xbang::kIssueCycles * cycle_ns(); }
// One __bang_add over a tile: 128 bytes a cycle, plus its issue.
double add_ns() {
  return issue_ns() + kTileBytes / xbang::kVectorBytesPerCycle * cycle_ns();
}
// GDRAM bandwidth of one of `cores_busy` compute cores on each of
// `clusters_busy` clusters (GB/s, a byte a nanosecond).
double core_gbps(int clusters_busy, int cores_busy) {
  return std::min(timing().cluster_io_gbps,
                  timing().dram_gbps / clusters_busy) /
         cores_busy;
}
// A whole tile to or from GDRAM by the only task of a launch.
double tile_io_ns() { return kTileBytes / core_gbps(1, 1); }
double overhead_ns() { return timing().launch_overhead_us * 1e3; }

// The model keeps costs in ticks of 2^-16 ns: a per-byte cost is rounded to
// within 2e-4 of the constants'.
void expect_near(double modelled_ns, double want_ns, const char* what = "") {
  EXPECT_NEAR(modelled_ns, want_ns, 2e-4 * want_ns + 1e-3) << what;
}

// The last launch's modelled time in nanoseconds, launch overhead excluded.
double modelled_core_ns() {
  const xbang::Counters c = xbang::last_launch_counters();
  return c.modelled.seconds * 1e9 - overhead_ns();
}

class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t floats) {
    EXPECT_EQ(cnrtMalloc(&p_, floats * sizeof(float)), cnrtSuccess);
  }
  ~DeviceBuffer() { cnrtFree(p_); }
  float* get() const { return static_cast<float*>(p_); }

 private:
  void* p_ = nullptr;
};

// Plain: per tile its load, `adds` adds and its store, one after another.
double plain_ns(int tiles, int adds) {
  return tiles * (issue_ns() + tile_io_ns() + adds * add_ns() + issue_ns() +
                  tile_io_ns());
}
// Ping-pong: the first load alone, then per tile the next tile's load issued
// (it runs during the adds, which take longer), the adds, the store issued
// and waited for.
double ping_pong_ns(int tiles, int adds) {
  const double adds_ns = adds * add_ns();
  EXPECT_GE(adds_ns + issue_ns(), tile_io_ns())
      << "the load must hide under the adds for this formula";
  return issue_ns() + tile_io_ns() +
         (tiles - 1) * (issue_ns() + adds_ns + issue_ns() + tile_io_ns()) +
         (adds_ns + issue_ns() + tile_io_ns());
}

TEST(TimingModel, EveryProfileHasTimingConstants) {
  for (const xbang::ArchProfile& p : xbang::kArchProfiles) {
    const xbang::ArchTiming* t = xbang::find_arch_timing(p.arch);
    ASSERT_NE(t, nullptr) << p.device_name;
    EXPECT_GT(t->clock_mhz, 0);
    EXPECT_GT(t->dram_gbps, 0);
    EXPECT_GT(t->cluster_io_gbps, 0);
    EXPECT_GT(t->matrix_macs_per_cycle, 0);
  }
}

TEST(TimingModel, PingPongSavesTheHiddenLoads) {
  constexpr int kTiles = 8, kAdds = 2;
  DeviceBuffer in(kTiles * kTimingTileFloats), out(kTiles * kTimingTileFloats);
  ASSERT_EQ(LaunchStreamPlain(nullptr, in.get(), out.get(), kTiles, kAdds),
            cnrtSuccess);
  const double plain = modelled_core_ns();
  ASSERT_EQ(LaunchStreamPingPong(nullptr, in.get(), out.get(), kTiles, kAdds),
            cnrtSuccess);
  const double ping_pong = modelled_core_ns();
  expect_near(plain, plain_ns(kTiles, kAdds));
  expect_near(ping_pong, ping_pong_ns(kTiles, kAdds));
  // Every load but the first runs under the previous tile's adds.
  expect_near(plain - ping_pong, (kTiles - 1) * tile_io_ns());
  EXPECT_LT(ping_pong, plain);
}

TEST(TimingModel, BarrierWaitsForTheSlowestCore) {
  ASSERT_EQ(LaunchUnevenBarrier(nullptr), cnrtSuccess);
  // Core 3 arrives last, after 4 adds; every core then adds once more.
  expect_near(modelled_core_ns(), 5 * add_ns());
  const xbang::Counters c = xbang::last_launch_counters();
  EXPECT_GT(c.modelled.barrier_seconds, 0);
}

TEST(TimingModel, ClusterCoresShareTheIoBandwidth) {
  DeviceBuffer in(kTimingTileFloats);
  const int device_cores = xbang::device_cluster_count() * 4;
  for (int tasks : {1, 2, 4, 8, 16, device_cores, 2 * device_cores}) {
    ASSERT_EQ(LaunchLoadTiles(nullptr, in.get(), tasks), cnrtSuccess);
    const int active = std::min(tasks, device_cores);
    const int clusters_busy = (active + 3) / 4;
    const int cores_busy = std::min(active, 4);
    // Tasks beyond the device's cores run after the first ones.
    const int rounds = (tasks + device_cores - 1) / device_cores;
    const double want =
        rounds *
        (issue_ns() + kTileBytes / core_gbps(clusters_busy, cores_busy));
    expect_near(modelled_core_ns(), want,
                (std::to_string(tasks) + " tasks").c_str());
  }
  // Four cores of one cluster each get a quarter of its bandwidth.
  ASSERT_EQ(LaunchLoadTiles(nullptr, in.get(), 1), cnrtSuccess);
  const double alone = modelled_core_ns() - issue_ns();
  ASSERT_EQ(LaunchLoadTiles(nullptr, in.get(), 4), cnrtSuccess);
  expect_near(modelled_core_ns() - issue_ns(), 4 * alone);
}

const char* last_bound() {
  return xbang::bound_name(xbang::last_launch_counters().modelled.bound());
}

TEST(TimingModel, BoundNamesTheBusiestStream) {
  // Copies through NRAM, nothing computed: longer than the launch overhead.
  constexpr int kTiles = 16;
  ASSERT_GT(2 * kTiles * tile_io_ns(), overhead_ns());
  DeviceBuffer in(kTiles * kTimingTileFloats), out(kTiles * kTimingTileFloats);
  ASSERT_EQ(LaunchStreamPlain(nullptr, in.get(), out.get(), kTiles, 0),
            cnrtSuccess);
  EXPECT_STREQ(last_bound(), "io");
  // A tiny launch: its overhead.
  ASSERT_EQ(LaunchAddOnly(nullptr, 1), cnrtSuccess);
  EXPECT_STREQ(last_bound(), "launch");
  ASSERT_EQ(LaunchAddOnly(nullptr, 64), cnrtSuccess);
  EXPECT_STREQ(last_bound(), "compute");
  const xbang::Counters c = xbang::last_launch_counters();
  expect_near(c.modelled.stream_seconds[int(xbang::Stream::kCompute)] * 1e9,
              64 * (add_ns() - issue_ns()));
  EXPECT_NE(c.summary().find("compute-bound"), std::string::npos)
      << c.summary();
}

// The same launch gives the same time every run, with or without
// XBANG_DETERMINISTIC; ctest runs this test again with XBANG_THREADS=1, and
// the values are the constants' in both.
TEST(TimingModel, DeterministicAcrossRunsAndThreads) {
  constexpr int kTiles = 6, kAdds = 3;
  DeviceBuffer in(kTiles * kTimingTileFloats), out(kTiles * kTimingTileFloats);
  const int device_cores = xbang::device_cluster_count() * 4;
  std::vector<double> ping_pong, loads, barrier;
  for (int run = 0; run < 6; ++run) {
    xbang::set_deterministic(run % 2 == 1);
    ASSERT_EQ(LaunchStreamPingPong(nullptr, in.get(), out.get(), kTiles, kAdds),
              cnrtSuccess);
    ping_pong.push_back(xbang::last_launch_counters().modelled.seconds);
    ASSERT_EQ(LaunchLoadTiles(nullptr, in.get(), 3 * device_cores),
              cnrtSuccess);
    loads.push_back(xbang::last_launch_counters().modelled.seconds);
    xbang::set_deterministic(false);
    ASSERT_EQ(LaunchUnevenBarrier(nullptr), cnrtSuccess);
    barrier.push_back(xbang::last_launch_counters().modelled.seconds);
  }
  for (const auto* runs : {&ping_pong, &loads, &barrier}) {
    for (double s : *runs) EXPECT_EQ(s, runs->front());
  }
  expect_near(ping_pong.front() * 1e9 - overhead_ns(),
              ping_pong_ns(kTiles, kAdds));
  expect_near(barrier.front() * 1e9 - overhead_ns(), 5 * add_ns());
  expect_near(loads.front() * 1e9 - overhead_ns(),
              3 * (issue_ns() +
                   kTileBytes / core_gbps(xbang::device_cluster_count(), 4)));
}

TEST(TimingModel, ModelNotifiersMeasureTheModelledTime) {
  xbang::set_time_source(xbang::TimeSource::kModel);
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  cnrtNotifier_t start = nullptr, end = nullptr;
  ASSERT_EQ(cnrtNotifierCreate(&start), cnrtSuccess);
  ASSERT_EQ(cnrtNotifierCreate(&end), cnrtSuccess);
  DeviceBuffer in(2 * kTimingTileFloats), out(2 * kTimingTileFloats);
  ASSERT_EQ(cnrtPlaceNotifier(start, queue), cnrtSuccess);
  ASSERT_EQ(LaunchStreamPlain(queue, in.get(), out.get(), 2, 1), cnrtSuccess);
  const double modelled = xbang::last_launch_counters().modelled.seconds;
  ASSERT_EQ(cnrtPlaceNotifier(end, queue), cnrtSuccess);
  float us = 0;
  ASSERT_EQ(cnrtNotifierDuration(start, end, &us), cnrtSuccess);
  EXPECT_FLOAT_EQ(us, float(modelled * 1e6));
  float ms = 0;
  ASSERT_EQ(cnrtNotifierElapsedTime(start, end, &ms), cnrtSuccess);
  EXPECT_FLOAT_EQ(ms, float(modelled * 1e3));
  // A launch on another queue does not move this queue's clock.
  ASSERT_EQ(cnrtPlaceNotifier(start, queue), cnrtSuccess);
  ASSERT_EQ(LaunchAddOnly(nullptr, 4), cnrtSuccess);
  ASSERT_EQ(cnrtPlaceNotifier(end, queue), cnrtSuccess);
  ASSERT_EQ(cnrtNotifierDuration(start, end, &us), cnrtSuccess);
  EXPECT_EQ(us, 0.0f);

  // The device reports the profile's clock and DRAM bandwidth.
  int khz = 0;
  ASSERT_EQ(cnrtDeviceGetAttribute(&khz, cnrtAttrIpuClockRate, 0), cnrtSuccess);
  EXPECT_EQ(khz, int(timing().clock_mhz * 1000));
  xbang::set_time_source(xbang::TimeSource::kHost);
  cnrtNotifierDestroy(start);
  cnrtNotifierDestroy(end);
  cnrtQueueDestroy(queue);
}

}  // namespace
