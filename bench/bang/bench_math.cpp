// The math built-in families (transcendental/active, fusion, lut,
// collect, arithmetic and bitwise forms, cn_math) on NRAM-resident data,
// 256 B to 128 KB per operand: for each case the built-in, a plain scalar
// loop of the same semantics (libm for the transcendental ones), and
// std::memcpy of the bytes the built-in touches, each as bytes/s, then a
// table of ratios measured in this run:
//   scalar time / built-in time, built-in time / memcpy time.
// As in bench_builtins.cpp: a one-task launch, checked mode off, "touched"
// bytes = bytes read + bytes written, scalar loops compiled without
// auto-vectorisation.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "common/kernel.h"
#include "recording_reporter.h"
#include "run_in_core.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/launch.h"

namespace {

__nram__ int8_t bench_nram[MAX_NRAM_SIZE];

SCALAR_LOOP void scalar_pow2(float* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = std::exp2(s[i]);
}
SCALAR_LOOP void scalar_log2(float* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = std::log2(s[i]);
}
SCALAR_LOOP void scalar_sin(float* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = std::sin(s[i]);
}
SCALAR_LOOP void scalar_sigmoid(float* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = 1.f / (1.f + std::exp(-s[i]));
}
SCALAR_LOOP void scalar_pow2_half(half* d, const half* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = half(std::exp2(float(s[i])));
}
SCALAR_LOOP void scalar_fma(float* d, const float* a, const float* b,
                            const float* c, int n) {
  for (int i = 0; i < n; ++i) d[i] = std::fma(a[i], b[i], c[i]);
}
SCALAR_LOOP void scalar_fms_cycle(float* d, const float* a, const float* b,
                                  float c, int n, int seg) {
  for (int i = 0; i < n; ++i) d[i] = std::fma(a[i], b[i % seg], -c);
}
SCALAR_LOOP void scalar_lut(int32_t* d, const int32_t* idx, const int32_t* t,
                            int n, int len) {
  for (int i = 0; i < n; ++i) {
    d[i] = uint32_t(idx[i]) < uint32_t(len) ? t[idx[i]] : 0;
  }
}
SCALAR_LOOP void scalar_collect(float* d, const float* s, const float* m,
                                int n) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (m[i] != 0.f || m[i] != m[i]) d[k++] = s[i];
  }
}
SCALAR_LOOP void scalar_collect_bits(float* d, const float* s,
                                     const uint8_t* bits, int n) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (bits[i / 8] & (1u << (i % 8))) d[k++] = s[i];
  }
}
SCALAR_LOOP void scalar_add_tz(float* d, const float* a, const float* b,
                               int n) {
  for (int i = 0; i < n; ++i) {
    const double exact = double(a[i]) + double(b[i]);
    float r = float(exact);
    if (std::fabs(double(r)) > std::fabs(exact)) {
      r = std::nextafter(r, 0.f);
    }
    d[i] = r;
  }
}
SCALAR_LOOP void scalar_rem(float* d, const float* s, float m, int n) {
  for (int i = 0; i < n; ++i) d[i] = std::fmod(s[i], m);
}
SCALAR_LOOP void scalar_srl(uint32_t* d, const uint32_t* s, int k, int n) {
  for (int i = 0; i < n; ++i) d[i] = s[i] >> k;
}
SCALAR_LOOP void scalar_cast(int32_t* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) {
    const float x = s[i];
    d[i] = std::isnan(x)        ? (std::signbit(x) ? INT32_MIN : INT32_MAX)
           : x >= 2147483648.f  ? INT32_MAX
           : x <= -2147483648.f ? INT32_MIN
                                : int32_t(x);
  }
}

struct Case {
  std::string op;
  std::string size;
  size_t touched_bytes;
  std::function<void(int8_t*)> init;
  std::function<void(int8_t*)> builtin;
  std::function<void(int8_t*)> scalar;
};

// Operand k of a case lives at nram + k * slot bytes.
template <class T>
T* operand(int8_t* nram, size_t slot, int k) {
  return reinterpret_cast<T*>(nram + slot * size_t(k));
}

template <class T>
void fill(T* p, int n, uint32_t seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  for (int i = 0; i < n; ++i) p[i] = T(dist(rng));
}

// A one-input float (or half) case: dst = f(src).
template <class T>
void add_unary(std::vector<Case>& cases, const std::string& op, size_t bytes,
               float lo, float hi, void (*builtin)(T*, const T*, int),
               void (*scalar)(T*, const T*, int)) {
  const int n = int(bytes / sizeof(T));
  const size_t slot = (bytes + 127) / 128 * 128;
  cases.push_back(
      {op, std::to_string(bytes) + "B", 2 * bytes,
       [=](int8_t* m) { fill(operand<T>(m, slot, 0), n, 3, lo, hi); },
       [=](int8_t* m) {
         builtin(operand<T>(m, slot, 1), operand<T>(m, slot, 0), n);
       },
       [=](int8_t* m) {
         scalar(operand<T>(m, slot, 1), operand<T>(m, slot, 0), n);
       }});
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  for (size_t bytes :
       {size_t(256), size_t(4096), size_t(65536), size_t(131072)}) {
    const int n = int(bytes / 4);
    const size_t slot = (bytes + 127) / 128 * 128;
    const std::string size = std::to_string(bytes) + "B";
    add_unary<float>(
        cases, "__bang_pow2", bytes, -20, 20,
        [](float* d, const float* s, int k) { __bang_pow2(d, s, k); },
        scalar_pow2);
    add_unary<half>(
        cases, "__bang_pow2 (half)", bytes, -10, 10,
        [](half* d, const half* s, int k) { __bang_pow2(d, s, k); },
        scalar_pow2_half);
    add_unary<float>(
        cases, "__bang_log2", bytes, 0.001f, 1000,
        [](float* d, const float* s, int k) { __bang_log2(d, s, k); },
        scalar_log2);
    add_unary<float>(
        cases, "__bang_sin", bytes, -100, 100,
        [](float* d, const float* s, int k) { __bang_sin(d, s, k); },
        scalar_sin);
    add_unary<float>(
        cases, "__bang_active_sigmoid", bytes, -20, 20,
        [](float* d, const float* s, int k) { __bang_active_sigmoid(d, s, k); },
        scalar_sigmoid);
    add_unary<float>(
        cases, "__cn_vector_cast_f32_to_s32", bytes, -3e9f, 3e9f,
        [](float* d, const float* s, int k) {
          __cn_vector_cast_f32_to_s32(k, reinterpret_cast<int32_t*>(d), s);
        },
        [](float* d, const float* s, int k) {
          scalar_cast(reinterpret_cast<int32_t*>(d), s, k);
        });
    cases.push_back(
        {"__bang_fusion FMA (vectors)", size, 4 * bytes,
         [=](int8_t* m) {
           for (int k = 0; k < 3; ++k) {
             fill(operand<float>(m, slot, k), n, 5 + k, -100, 100);
           }
         },
         [=](int8_t* m) {
           __bang_fusion(FUSION_FMA, operand<float>(m, slot, 3),
                         operand<float>(m, slot, 0), operand<float>(m, slot, 1),
                         operand<float>(m, slot, 2), n);
         },
         [=](int8_t* m) {
           scalar_fma(operand<float>(m, slot, 3), operand<float>(m, slot, 0),
                      operand<float>(m, slot, 1), operand<float>(m, slot, 2),
                      n);
         }});
    const int seg = n >= 256 ? 64 : n;
    cases.push_back({"__bang_fusion FMS (cycle, scalar c)", size,
                     2 * bytes + size_t(seg) * 4,
                     [=](int8_t* m) {
                       fill(operand<float>(m, slot, 0), n, 7, -100, 100);
                       fill(operand<float>(m, slot, 1), seg, 8, -100, 100);
                     },
                     [=](int8_t* m) {
                       __bang_fusion(FUSION_FMS, operand<float>(m, slot, 2),
                                     operand<float>(m, slot, 0),
                                     operand<float>(m, slot, 1), 0.5f, n, seg);
                     },
                     [=](int8_t* m) {
                       scalar_fms_cycle(operand<float>(m, slot, 2),
                                        operand<float>(m, slot, 0),
                                        operand<float>(m, slot, 1), 0.5f, n,
                                        seg);
                     }});
    cases.push_back({"__bang_lut_s32 (64 entries)", size, 2 * bytes,
                     [=](int8_t* m) {
                       int32_t* idx = operand<int32_t>(m, slot, 0);
                       for (int i = 0; i < n; ++i) idx[i] = (i * 7) % 70;
                       int32_t* table = operand<int32_t>(m, slot, 2);
                       for (int i = 0; i < 64; ++i) table[i] = i * 3;
                     },
                     [=](int8_t* m) {
                       __bang_lut_s32(operand<int32_t>(m, slot, 1),
                                      operand<int32_t>(m, slot, 0),
                                      operand<int32_t>(m, slot, 2), n, 64);
                     },
                     [=](int8_t* m) {
                       scalar_lut(operand<int32_t>(m, slot, 1),
                                  operand<int32_t>(m, slot, 0),
                                  operand<int32_t>(m, slot, 2), n, 64);
                     }});
    cases.push_back({"__bang_collect (half kept)", size, 3 * bytes,
                     [=](int8_t* m) {
                       fill(operand<float>(m, slot, 0), n, 9, -100, 100);
                       float* mask = operand<float>(m, slot, 1);
                       for (int i = 0; i < n; ++i)
                         mask[i] = float((i * 13 >> 2) & 1);
                     },
                     [=](int8_t* m) {
                       __bang_collect(operand<float>(m, slot, 2),
                                      operand<float>(m, slot, 0),
                                      operand<float>(m, slot, 1), n);
                     },
                     [=](int8_t* m) {
                       scalar_collect(operand<float>(m, slot, 2),
                                      operand<float>(m, slot, 0),
                                      operand<float>(m, slot, 1), n);
                     }});
    cases.push_back(
        {"__bang_collect_bitindex (0x55)", size, 2 * bytes + bytes / 32,
         [=](int8_t* m) {
           fill(operand<float>(m, slot, 0), n, 10, -100, 100);
           std::memset(operand<uint8_t>(m, slot, 1), 0x55, size_t(n) / 8);
         },
         [=](int8_t* m) {
           __bang_collect_bitindex(operand<float>(m, slot, 2),
                                   operand<float>(m, slot, 0),
                                   operand<uint8_t>(m, slot, 1), n);
         },
         [=](int8_t* m) {
           scalar_collect_bits(operand<float>(m, slot, 2),
                               operand<float>(m, slot, 0),
                               operand<uint8_t>(m, slot, 1), n);
         }});
    cases.push_back(
        {"__bang_add_tz", size, 3 * bytes,
         [=](int8_t* m) {
           fill(operand<float>(m, slot, 0), n, 11, -1e6f, 1e6f);
           fill(operand<float>(m, slot, 1), n, 12, -1e3f, 1e3f);
         },
         [=](int8_t* m) {
           __bang_add_tz(operand<float>(m, slot, 2), operand<float>(m, slot, 0),
                         operand<float>(m, slot, 1), n);
         },
         [=](int8_t* m) {
           scalar_add_tz(operand<float>(m, slot, 2), operand<float>(m, slot, 0),
                         operand<float>(m, slot, 1), n);
         }});
    add_unary<float>(
        cases, "__bang_rem (float)", bytes, -1000, 1000,
        [](float* d, const float* s, int k) { __bang_rem(d, s, 3.5f, k); },
        [](float* d, const float* s, int k) { scalar_rem(d, s, 3.5f, k); });
    cases.push_back(
        {"__bang_srl (uint32)", size, 2 * bytes,
         [=](int8_t* m) { fill(operand<float>(m, slot, 0), n, 13, 0, 1e9f); },
         [=](int8_t* m) {
           __bang_srl(operand<uint32_t>(m, slot, 1),
                      operand<uint32_t>(m, slot, 0), 29, n);
         },
         [=](int8_t* m) {
           scalar_srl(operand<uint32_t>(m, slot, 1),
                      operand<uint32_t>(m, slot, 0), 29, n);
         }});
  }
  return cases;
}

std::string case_name(const Case& c, int variant) {
  return "math/" + c.op + "/" + c.size + "/" +
         xbang_bench::kInCoreVariants[variant];
}

}  // namespace

int main(int argc, char** argv) {
  xbang::checked::set_enabled(false);
  const std::vector<Case> cases = make_cases();
  xbang_bench::register_in_core(
      cases, [] { return static_cast<int8_t*>(bench_nram); }, "bench_math",
      case_name);
  return xbang_bench::run_benchmarks(
      argc, argv, [&](const xbang_bench::RecordingReporter& runs) {
        xbang_bench::print_ratio_table(
            cases, runs, case_name, "built-in | operand",
            [](const Case& c) { return c.op + " | " + c.size; }, "note",
            [](const Case&, const xbang_bench::VariantRuns&) {
              return std::string("-");
            });
      });
}
