#pragma once

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "xbang/runtime/launch.h"

namespace xbang_bench {

template <class Fn>
double median_seconds(Fn&& fn, int reps) {
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

inline double fma_peak_gflops() {
  using batch = xsimd::batch<float>;
  constexpr int kChains = 10;  // independent accumulators hide FMA latency
  constexpr long kIters = 20'000'000;
  const int threads = std::max(1, xbang::host_parallelism());
  std::vector<float> sink(threads);
  auto worker = [&](int t) {
    batch acc[kChains];
    for (int c = 0; c < kChains; ++c) acc[c] = batch(float(c + t) * 1e-3f);
    const batch a(0.999999f), b(1e-7f);
    for (long i = 0; i < kIters; ++i) {
      for (int c = 0; c < kChains; ++c) acc[c] = xsimd::fma(acc[c], a, b);
    }
    batch total(0.f);
    for (int c = 0; c < kChains; ++c) total += acc[c];
    sink[t] = xsimd::hadd(total);
  };
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  for (auto& th : pool) th.join();
  const auto t1 = std::chrono::steady_clock::now();
  const double flops = 2.0 * batch::size * kChains * double(kIters) * threads;
  return flops / std::chrono::duration<double>(t1 - t0).count() / 1e9;
}

}  // namespace xbang_bench
