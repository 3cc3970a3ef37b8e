// The machine's limits, measured in the same run as what is compared with
// them: memcpy bandwidth and an FMA peak loop on every host thread.
#pragma once

#include <cstddef>

namespace xbang_bench {

// std::memcpy of `bytes` bytes between two warm buffers, one host thread,
// best of several repetitions, in GB/s (1e9 bytes per second).
double memcpy_gbps(size_t bytes);

// Seconds one std::memcpy of `bytes` takes (same measurement as above).
double memcpy_seconds(size_t bytes);

// Fused multiply-add peak in GFLOP/s (2 flops per FMA lane) with a
// register-resident xsimd loop on xbang::host_parallelism() threads at once,
// best of several samples.
double fma_peak_gflops();

// The same FMA loop on the calling thread alone, in GFLOP per second of that
// thread's CPU time: one core's peak, steady on a shared machine.
double fma_peak_gflops_per_cpu_second();

// CPU seconds used so far by this thread / by the whole process.
double thread_cpu_seconds();
double process_cpu_seconds();

// Median wall time of `fn()` in seconds over `reps` runs after one warm-up.
template <class Fn>
double median_seconds(Fn &&fn, int reps = 5);

// Host threads the plain C++ floors run on: as many as the emulator computes
// with (xbang::host_parallelism(), XBANG_THREADS or the host's cores).
int host_threads();

// Runs `work(thread, first, last)` on `threads` host threads (the caller and
// threads kept from earlier calls), the items [0, items) split evenly, and
// waits for all of them: how the benchmarks' plain C++ floors use every core
// without the emulator.
template <class Work>
void split_over_host_threads(int threads, long items, Work work);

}  // namespace xbang_bench

#include "machine_limits_impl.h"
