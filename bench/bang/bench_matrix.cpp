// __bang_matmul and __bang_conv on on-chip data (lhs/src and dst in NRAM,
// rhs/kernel in WRAM), inside a one-task launch with checked mode off.
// For each case: the built-in and a plain scalar triple loop (compiled
// without auto-vectorisation), as GFLOP/s (2 flops per multiply-accumulate).
// The table at the end compares the built-in with the FMA peak of one host
// thread, xbang_bench::fma_peak_gflops() / xbang::host_parallelism(),
// measured in the same run, and (because the machine is shared and wall
// clock rates swing with others' load) also by CPU time against the same FMA
// loop on one thread timed by its CPU clock. Goal: a large fraction of the
// peak for k, n >= 32 (the table flags >= 50%).
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "common/kernel.h"
#include "machine_limits.h"
#include "recording_reporter.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/launch.h"

namespace {

__nram__ int8_t bench_nram[MAX_NRAM_SIZE];
__wram__ int8_t bench_wram[MAX_WRAM_SIZE];

#define SCALAR_LOOP                                      \
  __attribute__((noinline, optimize("no-tree-vectorize", \
                                    "no-tree-loop-distribute-patterns")))

template <class T>
SCALAR_LOOP void scalar_matmul(float* c, const T* a, const T* b, int m, int k,
                               int n) {
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      float sum = 0.f;
      for (int p = 0; p < k; ++p)
        sum += float(a[i * k + p]) * float(b[p * n + j]);
      c[i * n + j] = sum;
    }
  }
}

template <class T>
SCALAR_LOOP void scalar_conv(float* dst, const T* src, const T* kernel, int ci,
                             int h, int w, int kh, int kw, int sw, int sh,
                             int co) {
  const int oh = (h - kh) / sh + 1, ow = (w - kw) / sw + 1;
  for (int y = 0; y < oh; ++y) {
    for (int x = 0; x < ow; ++x) {
      for (int o = 0; o < co; ++o) {
        float sum = 0.f;
        for (int ky = 0; ky < kh; ++ky) {
          for (int kx = 0; kx < kw; ++kx) {
            const T* in = src + ((y * sh + ky) * w + x * sw + kx) * ci;
            const T* wt = kernel + ((o * kh + ky) * kw + kx) * ci;
            for (int c = 0; c < ci; ++c) sum += float(in[c]) * float(wt[c]);
          }
        }
        dst[(y * ow + x) * co + o] = sum;
      }
    }
  }
}

struct Case {
  std::string op;
  std::string shape;
  double flops;  // 2 * multiply-accumulates
  bool large;    // k and n (or depth and co) >= 32: the peak goal applies
  std::function<void(int8_t* nram, int8_t* wram)> init;
  std::function<void(int8_t* nram, int8_t* wram)> builtin;
  std::function<void(int8_t* nram, int8_t* wram)> scalar;
};

template <class T>
void fill(T* p, long n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  for (long i = 0; i < n; ++i) p[i] = T(dist(rng));
}

long pad(long bytes) { return (bytes + 127) / 128 * 128; }

// lhs at NRAM 0, dst after it; rhs at WRAM 0.
template <class D, class T>
void add_matmul(std::vector<Case>& cases, const std::string& op, int m, int k,
                int n) {
  auto lhs = [](int8_t* nram) { return reinterpret_cast<T*>(nram); };
  auto dst = [=](int8_t* nram) {
    return reinterpret_cast<D*>(nram + pad(long(m) * k * sizeof(T)));
  };
  auto rhs = [](int8_t* wram) { return reinterpret_cast<T*>(wram); };
  // The scalar loop writes float; for a half dst it uses the dst's NRAM
  // followed by spare room, so check it fits.
  const bool scalar_fits =
      pad(long(m) * k * sizeof(T)) + long(m) * n * 4 <= MAX_NRAM_SIZE;
  cases.push_back(
      {op,
       std::to_string(m) + "x" + std::to_string(k) + "x" + std::to_string(n),
       2.0 * m * k * n, k >= 32 && n >= 32,
       [=](int8_t* nram, int8_t* wram) {
         fill(lhs(nram), long(m) * k, 1);
         fill(rhs(wram), long(k) * n, 2);
       },
       [=](int8_t* nram, int8_t* wram) {
         __bang_matmul(dst(nram), lhs(nram), rhs(wram), m, k, n);
       },
       [=](int8_t* nram, int8_t* wram) {
         if (scalar_fits) {
           scalar_matmul(reinterpret_cast<float*>(dst(nram)), lhs(nram),
                         rhs(wram), m, k, n);
         }
       }});
}

template <class D, class T>
void add_conv(std::vector<Case>& cases, const std::string& op, int ci, int h,
              int w, int kh, int kw, int sw, int sh, int co) {
  const long oh = (h - kh) / sh + 1, ow = (w - kw) / sw + 1;
  const long depth = long(kh) * kw * ci;
  auto src = [](int8_t* nram) { return reinterpret_cast<T*>(nram); };
  auto dst = [=](int8_t* nram) {
    return reinterpret_cast<D*>(nram + pad(long(h) * w * ci * sizeof(T)));
  };
  auto kernel = [](int8_t* wram) { return reinterpret_cast<T*>(wram); };
  char shape[96];
  std::snprintf(shape, sizeof shape, "%dx%dx%d k%dx%d s%d co%d", h, w, ci, kh,
                kw, sw, co);
  cases.push_back({op, shape, 2.0 * oh * ow * co * depth,
                   depth >= 32 && co >= 32,
                   [=](int8_t* nram, int8_t* wram) {
                     fill(src(nram), long(h) * w * ci, 3);
                     fill(kernel(wram), long(co) * depth, 4);
                   },
                   [=](int8_t* nram, int8_t* wram) {
                     __bang_conv(dst(nram), src(nram), kernel(wram), ci, h, w,
                                 kh, kw, sw, sh, co);
                   },
                   [=](int8_t* nram, int8_t* wram) {
                     scalar_conv(reinterpret_cast<float*>(dst(nram)), src(nram),
                                 kernel(wram), ci, h, w, kh, kw, sw, sh, co);
                   }});
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  add_matmul<float, float>(cases, "__bang_matmul float", 6, 16, 16);
  add_matmul<float, float>(cases, "__bang_matmul float", 96, 32, 32);
  add_matmul<float, float>(cases, "__bang_matmul float", 2048, 32, 32);
  add_matmul<float, float>(cases, "__bang_matmul float", 1024, 64, 64);
  add_matmul<float, float>(cases, "__bang_matmul float", 512, 128, 128);
  add_matmul<float, float>(cases, "__bang_matmul float", 256, 256, 256);
  add_matmul<float, float>(cases, "__bang_matmul float", 100, 33, 17);
  add_matmul<float, half>(cases, "__bang_matmul half->float", 512, 128, 128);
  add_matmul<float, half>(cases, "__bang_matmul half->float", 256, 256, 256);
  add_matmul<half, half>(cases, "__bang_matmul half->half", 256, 256, 256);
  add_conv<float, float>(cases, "__bang_conv float", 32, 16, 16, 3, 3, 1, 1,
                         32);
  add_conv<float, float>(cases, "__bang_conv float", 64, 32, 32, 3, 3, 1, 1,
                         64);
  add_conv<float, float>(cases, "__bang_conv float", 16, 32, 32, 3, 3, 2, 2,
                         16);
  add_conv<float, half>(cases, "__bang_conv half->float", 64, 32, 32, 3, 3, 1,
                        1, 64);
  return cases;
}

void run_in_core(benchmark::State& state, const Case& c, int variant) {
  const cnrtRet_t ret = xbang::launch(
      {1, 1, 1}, cnrtFuncTypeBlock, nullptr,
      [&] {
        c.init(bench_nram, bench_wram);
        for (auto _ : state) {
          if (variant == 0) {
            c.builtin(bench_nram, bench_wram);
          } else {
            c.scalar(bench_nram, bench_wram);
          }
          benchmark::ClobberMemory();
        }
      },
      "bench_matrix");
  if (ret != cnrtSuccess) state.SkipWithError("launch failed");
  state.counters["GFLOP/s"] = benchmark::Counter(
      c.flops * double(state.iterations()) / 1e9, benchmark::Counter::kIsRate);
}

const char* const kVariants[] = {"builtin", "scalar"};

std::string case_name(const Case& c, int variant) {
  return "matrix/" + c.op + "/" + c.shape + "/" + kVariants[variant];
}

// The table, with the FMA peaks measured right after the runs: the shared
// helper's (all host threads at once, wall clock) divided per thread, and
// one thread by CPU time (the benchmark loop runs on the launched core's
// thread, so a run's CPU time is that core's).
void print_peak_table(const std::vector<Case>& cases,
                      const xbang_bench::RecordingReporter& runs) {
  const int threads = std::max(1, xbang::host_parallelism());
  const double peak = xbang_bench::fma_peak_gflops() / threads;
  const double peak_cpu = xbang_bench::fma_peak_gflops_per_cpu_second();

  std::printf(
      "\nFMA peak of one thread: %.1f GFLOP/s wall (fma_peak_gflops() / %d "
      "threads), %.1f GFLOP/s by CPU time\n\n"
      "| built-in | shape | GFLOP/s | of 1-thread peak | GFLOP/s (CPU time) | "
      "of 1-thread peak (CPU time) | scalar GFLOP/s | built-in/scalar speed | "
      "goal |\n"
      "|---|---|---|---|---|---|---|---|---|\n",
      peak, threads, peak_cpu);
  for (const Case& c : cases) {
    const auto* tb = runs.find(case_name(c, 0));
    const auto* ts = runs.find(case_name(c, 1));
    if (tb == nullptr || tb->seconds <= 0 || tb->cpu_seconds <= 0) {
      continue;  // filtered out
    }
    const double gflops = c.flops / tb->seconds / 1e9;
    const double gflops_cpu = c.flops / tb->cpu_seconds / 1e9;
    // The goal is judged on CPU time (robust to other processes' load).
    const std::string goal = !c.large ? "-"
                             : gflops_cpu / peak_cpu >= 0.5
                                 ? ">=50% peak: met"
                                 : ">=50% peak: MISSED";
    std::string scalar = "- | -";
    if (ts != nullptr && ts->seconds > 0) {
      char text[64];
      std::snprintf(text, sizeof text, "%.2f | %.0fx",
                    c.flops / ts->seconds / 1e9, ts->seconds / tb->seconds);
      scalar = text;
    }
    std::printf("| %s | %s | %.1f | %.2f | %.1f | %.2f | %s | %s |\n",
                c.op.c_str(), c.shape.c_str(), gflops, gflops / peak,
                gflops_cpu, gflops_cpu / peak_cpu, scalar.c_str(),
                goal.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  xbang::checked::set_enabled(false);
  const std::vector<Case> cases = make_cases();
  for (const Case& c : cases) {
    for (int v = 0; v < 2; ++v) {
      benchmark::RegisterBenchmark(
          case_name(c, v).c_str(),
          [&c, v](benchmark::State& s) { run_in_core(s, c, v); })
          ->UseRealTime()
          ->MinTime(v == 0 ? 0.2 : 0.05)
          ->Unit(benchmark::kMicrosecond);
    }
  }
  return xbang_bench::run_benchmarks(
      argc, argv, [&](const xbang_bench::RecordingReporter& runs) {
        print_peak_table(cases, runs);
      });
}
