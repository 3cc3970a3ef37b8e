#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "xbang/runtime/launch.h"
#include "xbang/runtime/spin_wait.h"

namespace xbang_bench {

// Bumped by stop_polling(); a HostTeam worker polling for its next job sees
// it change and blocks.
inline std::atomic<uint64_t> team_park_epoch{0};

// Ends every poll in progress, the emulator's idle workers' and the host
// team's: call it before timing host code alone (a thread spinning on the
// other vCPU of the shared VM slowed a single-threaded reference 20-55%).
inline void stop_polling() {
  xbang::park_idle_workers();
  team_park_epoch.fetch_add(1, std::memory_order_relaxed);
}

template <class Fn>
double median_seconds(Fn &&fn, int reps) {
  // Threads still polling after an earlier launch would slow a host-only fn.
  stop_polling();
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
  stop_polling();
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
  stop_polling();
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

// Host threads kept for the floors between calls: starting and joining two
// std::threads costs 0.3-0.5 ms on the shared VM, as much as a whole
// sum-mode call, and the emulator's own pool does not pay it per launch
// either. The calling thread takes share 0; the others wait for the next job
// as the emulator's workers do: polling for a while (xbang::poll_until),
// then blocked on a condition variable.
class HostTeam {
 public:
  static HostTeam &instance() {
    static HostTeam team;
    return team;
  }

  // Runs job(t) for t in [0, threads) and returns when all have finished.
  void run(int threads, const std::function<void(int)> &job) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (int(workers_.size()) < threads - 1) {
      const int index = int(workers_.size()) + 1;
      workers_.emplace_back([this, index] { serve(index); });
    }
    job_ = &job;
    threads_ = threads;
    pending_.store(threads - 1, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
    lock.unlock();
    start_.notify_all();
    job(0);
    xbang::poll_until(
        [&] { return pending_.load(std::memory_order_acquire) == 0; },
        xbang::poll_budget_for(threads));
    lock.lock();
    done_.wait(lock, [&] { return pending_.load() == 0; });
    job_ = nullptr;
  }

  ~HostTeam() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
      generation_.fetch_add(1, std::memory_order_release);
    }
    start_.notify_all();
    for (std::thread &worker : workers_) worker.join();
  }

 private:
  void serve(int index) {
    uint64_t seen = 0;
    for (;;) {
      const uint64_t park = team_park_epoch.load(std::memory_order_relaxed);
      xbang::poll_until(
          [&] {
            return generation_.load(std::memory_order_acquire) != seen ||
                   team_park_epoch.load(std::memory_order_relaxed) != park;
          },
          xbang::poll_budget_for(host_threads()));
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, [&] { return generation_.load() != seen; });
      seen = generation_.load();
      if (stopping_) return;
      if (index >= threads_) continue;
      const std::function<void(int)> *job = job_;
      lock.unlock();
      (*job)(index);
      lock.lock();
      if (pending_.fetch_sub(1, std::memory_order_release) == 1) {
        done_.notify_one();
      }
    }
  }

  std::mutex mutex_;
  std::condition_variable start_, done_;
  std::vector<std::thread> workers_;
  const std::function<void(int)> *job_ = nullptr;
  int threads_ = 0;
  std::atomic<int> pending_{0};  // jobs still running; polled without mutex_
  std::atomic<uint64_t> generation_{0};  // bumped per run; polled likewise
  bool stopping_ = false;
};

template <class Work>
void split_over_host_threads(int threads, long items, Work work) {
  threads = std::max(1, threads);
  HostTeam::instance().run(threads, [&](int t) {
    work(t, items * t / threads, items * (t + 1) / threads);
  });
}

}  // namespace xbang_bench
