#pragma once

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <thread>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "xbang/runtime/launch.h"

namespace xbang_bench {

template <class Fn>
double median_seconds(Fn &&fn, int reps) {
  fn();
  std::vector<double> times;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    const auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

inline double memcpy_seconds(size_t bytes) {
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  double best = 1e30;
  for (int r = 0; r < 7; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    std::memcpy(dst.data(), src.data(), bytes);
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
  }
  // Keep the copy observable.
  volatile char sink = dst[bytes / 2];
  (void)sink;
  return best;
}

inline double memcpy_gbps(size_t bytes) {
  return double(bytes) / memcpy_seconds(bytes) / 1e9;
}

// `iterations` rounds of kChains independent FMA chains (enough to hide the
// FMA latency) on register-resident batches; returns the flops done.
inline double run_fma_loop(long iterations, int seed) {
  using batch = xsimd::batch<float>;
  constexpr int kChains = 10;
  batch acc[kChains];
  for (int c = 0; c < kChains; ++c) acc[c] = batch(float(c + seed) * 1e-3f);
  const batch a(0.999999f), b(1e-7f);
  for (long i = 0; i < iterations; ++i) {
    for (int c = 0; c < kChains; ++c) acc[c] = xsimd::fma(acc[c], a, b);
  }
  batch total(0.f);
  for (int c = 0; c < kChains; ++c) total += acc[c];
  volatile float sink = xsimd::hadd(total);
  (void)sink;
  return 2.0 * batch::size * kChains * double(iterations);
}

// Best of several short samples: on a shared machine a single sample often
// catches another process and reads the peak low (seen: 98 vs 202 GFLOP/s).
inline double fma_peak_gflops() {
  constexpr long kIters = 4'000'000;
  constexpr int kSamples = 7;
  const int threads = std::max(1, xbang::host_parallelism());
  const double flops =
      2.0 * xsimd::batch<float>::size * 10 * double(kIters) * threads;
  double best = 0;
  for (int sample = 0; sample < kSamples; ++sample) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back(run_fma_loop, kIters, t);
    }
    for (auto &th : pool) th.join();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::max(
        best, flops / std::chrono::duration<double>(t1 - t0).count() / 1e9);
  }
  return best;
}
inline double thread_cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

inline double process_cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

inline double fma_peak_gflops_per_cpu_second() {
  const double t0 = thread_cpu_seconds();
  const double flops = run_fma_loop(20'000'000, 0);
  return flops / (thread_cpu_seconds() - t0) / 1e9;
}

inline int host_threads() { return std::max(1, xbang::host_parallelism()); }

template <class Work>
void split_over_host_threads(int threads, long items, Work work) {
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&work, t, threads, items] {
      work(t, items * t / threads, items * (t + 1) / threads);
    });
  }
  for (std::thread &worker : workers) worker.join();
}

}  // namespace xbang_bench
