// Built-in families of bang/ on NRAM-resident data (a few KB up to what fits
// in NRAM): for each case the built-in, a plain scalar loop of the same
// semantics, and std::memcpy of the bytes the built-in touches, each as
// bytes/s (real time). After the runs a table gives the ratios (measured in
// this run):
//   built-in time / memcpy time   (goal for elementwise float and for the
//                                  built-ins real kernels spend their time
//                                  in, at their shapes: <= 1.5)
//   scalar time / built-in time   (goal for compare and transpose: >= 2)
//
// Everything runs inside a one-task launch, as a kernel would, with checked
// mode off. "Touched" bytes = bytes read + bytes written by the built-in; the
// memcpy baseline copies that many bytes (the main job's convention: an op's
// bytes/s against memcpy's bytes/s). The scalar loops are compiled without
// auto-vectorisation so that they are what their name says.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "common/kernel.h"
#include "device.h"
#include "recording_reporter.h"
#include "run_in_core.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/launch.h"

namespace {

__nram__ int8_t bench_nram[MAX_NRAM_SIZE];

// ---------------------------------------------------------------------------
// Scalar loops of the same semantics as the built-ins.

SCALAR_LOOP void scalar_add(float* d, const float* a, const float* b, int n) {
  for (int i = 0; i < n; ++i) d[i] = a[i] + b[i];
}
SCALAR_LOOP void scalar_add_half(half* d, const half* a, const half* b, int n) {
  for (int i = 0; i < n; ++i) d[i] = half(float(a[i]) + float(b[i]));
}
SCALAR_LOOP void scalar_add_scalar(float* d, const float* a, float s, int n) {
  for (int i = 0; i < n; ++i) d[i] = a[i] + s;
}
SCALAR_LOOP void scalar_maxequal(float* d, const float* a, const float* b,
                                 int n) {
  for (int i = 0; i < n; ++i) {
    const float x = a[i], y = b[i];
    d[i] = std::isnan(x) ? y : std::isnan(y) ? x : (x >= y ? x : y);
  }
}
SCALAR_LOOP void scalar_mul_int32(int32_t* d, const int32_t* a,
                                  const int32_t* b, int n) {
  for (int i = 0; i < n; ++i) d[i] = a[i] * b[i];
}
SCALAR_LOOP void scalar_lt(float* d, const float* a, const float* b, int n) {
  for (int i = 0; i < n; ++i) d[i] = a[i] < b[i] ? 1.f : 0.f;
}
SCALAR_LOOP void scalar_eq_scalar_half(half* d, const half* a, float s, int n) {
  for (int i = 0; i < n; ++i) d[i] = half(float(a[i]) == s ? 1.f : 0.f);
}
SCALAR_LOOP void scalar_ge_bitindex(uint8_t* d, const float* a, const float* b,
                                    int n) {
  for (int i = 0; i < n; i += 8) {
    uint8_t bits = 0;
    for (int k = 0; k < 8; ++k) bits |= uint8_t((a[i + k] >= b[i + k]) << k);
    d[i / 8] = bits;
  }
}
template <class T>
SCALAR_LOOP void scalar_transpose(T* d, const T* s, int h, int w) {
  for (int i = 0; i < h; ++i) {
    for (int j = 0; j < w; ++j) d[j * h + i] = s[i * w + j];
  }
}
SCALAR_LOOP void scalar_copy(int8_t* d, const int8_t* s, int bytes) {
  for (int i = 0; i < bytes; ++i) d[i] = s[i];
}
SCALAR_LOOP void scalar_gather(int8_t* d, const int8_t* s,
                               const uint32_t* offset, int size, int stride,
                               int count) {
  for (int k = 0; k < count; ++k) {
    for (int i = 0; i < size; ++i) d[k * stride + i] = s[offset[k] + i];
  }
}
SCALAR_LOOP void scalar_accumulate(float* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) d[i] += s[i];
}

// ---------------------------------------------------------------------------
// Cases

struct Case {
  std::string family;
  std::string op;
  std::string size;                 // human-readable problem size
  size_t touched_bytes;             // read + written by the built-in
  bool near_memcpy = false;         // 1.5x-of-memcpy goal applies
  bool faster_than_scalar = false;  // 2x-over-scalar goal applies
  std::function<void(int8_t* nram)> init;
  std::function<void(int8_t* nram)> builtin;
  std::function<void(int8_t* nram)> scalar;
};

void fill_random(void* p, size_t bytes, uint32_t seed) {
  std::mt19937 rng(seed);
  auto* b = static_cast<uint8_t*>(p);
  for (size_t i = 0; i < bytes; ++i) b[i] = uint8_t(rng() & 0x3f);  // finite
}
template <class T>
void fill_values(T* p, int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-100.f, 100.f);
  for (int i = 0; i < n; ++i) p[i] = T(dist(rng));
}

// Operand bytes per array: a few KB, L1-sized and as large as NRAM allows
// for three arrays.
const size_t kOperandBytes[] = {4096, 32768, 196608};

std::string kb(size_t bytes) { return std::to_string(bytes / 1024) + "KB"; }

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  for (size_t bytes : kOperandBytes) {
    const int nf = int(bytes / 4), nh = int(bytes / 2);
    // Three float operands at offsets 0, bytes, 2*bytes of NRAM.
    auto f = [bytes](int8_t* nram, int k) {
      return reinterpret_cast<float*>(nram + k * bytes);
    };
    auto h = [bytes](int8_t* nram, int k) {
      return reinterpret_cast<half*>(nram + k * bytes);
    };
    auto init_floats = [=](int8_t* nram) {
      fill_values(f(nram, 0), nf, 1);
      fill_values(f(nram, 1), nf, 2);
    };
    auto init_halves = [=](int8_t* nram) {
      fill_values(h(nram, 0), nh, 1);
      fill_values(h(nram, 1), nh, 2);
    };
    const std::string size = kb(bytes);

    cases.push_back(
        {"arithmetic", "__bang_add float", size, 3 * bytes, true, false,
         init_floats,
         [=](int8_t* m) { __bang_add(f(m, 2), f(m, 0), f(m, 1), nf); },
         [=](int8_t* m) { scalar_add(f(m, 2), f(m, 0), f(m, 1), nf); }});
    cases.push_back(
        {"arithmetic", "__bang_add half", size, 3 * bytes, true, false,
         init_halves,
         [=](int8_t* m) { __bang_add(h(m, 2), h(m, 0), h(m, 1), nh); },
         [=](int8_t* m) { scalar_add_half(h(m, 2), h(m, 0), h(m, 1), nh); }});
    cases.push_back(
        {"arithmetic", "__bang_add_scalar float", size, 2 * bytes, true, false,
         init_floats,
         [=](int8_t* m) { __bang_add_scalar(f(m, 2), f(m, 0), 1.5f, nf); },
         [=](int8_t* m) { scalar_add_scalar(f(m, 2), f(m, 0), 1.5f, nf); }});
    cases.push_back(
        {"arithmetic", "__bang_maxequal float", size, 3 * bytes, true, false,
         init_floats,
         [=](int8_t* m) { __bang_maxequal(f(m, 2), f(m, 0), f(m, 1), nf); },
         [=](int8_t* m) { scalar_maxequal(f(m, 2), f(m, 0), f(m, 1), nf); }});
    cases.push_back({"arithmetic", "__bang_mul int32", size, 3 * bytes, false,
                     false, [=](int8_t* m) { fill_random(m, 2 * bytes, 3); },
                     [=](int8_t* m) {
                       auto* i = reinterpret_cast<int32_t*>(m);
                       __bang_mul(i + 2 * nf, i, i + nf, nf);
                     },
                     [=](int8_t* m) {
                       auto* i = reinterpret_cast<int32_t*>(m);
                       scalar_mul_int32(i + 2 * nf, i, i + nf, nf);
                     }});

    cases.push_back(
        {"compare", "__bang_lt float", size, 3 * bytes, true, true, init_floats,
         [=](int8_t* m) { __bang_lt(f(m, 2), f(m, 0), f(m, 1), nf); },
         [=](int8_t* m) { scalar_lt(f(m, 2), f(m, 0), f(m, 1), nf); }});
    cases.push_back(
        {"compare", "__bang_eq_scalar half", size, 2 * bytes, false, true,
         init_halves,
         [=](int8_t* m) { __bang_eq_scalar(h(m, 2), h(m, 0), half(3.f), nh); },
         [=](int8_t* m) { scalar_eq_scalar_half(h(m, 2), h(m, 0), 3.f, nh); }});
    cases.push_back({"compare", "__bang_ge_bitindex float", size,
                     2 * bytes + bytes / 32, false, true, init_floats,
                     [=](int8_t* m) {
                       __bang_ge_bitindex(f(m, 2), f(m, 0), f(m, 1),
                                          nf / 8 * 8);
                     },
                     [=](int8_t* m) {
                       scalar_ge_bitindex(reinterpret_cast<uint8_t*>(f(m, 2)),
                                          f(m, 0), f(m, 1), nf / 8 * 8);
                     }});

    // Byte copies within NRAM, contiguous and strided.
    cases.push_back(
        {"memcpy", "__memcpy NRAM2NRAM", size, 2 * bytes, false, false,
         [=](int8_t* m) { fill_random(m, bytes, 4); },
         [=](int8_t* m) { __memcpy(m + bytes, m, int(bytes), NRAM2NRAM); },
         [=](int8_t* m) { scalar_copy(m + bytes, m, int(bytes)); }});
    const int seg = 64, count = int(bytes / 128);
    cases.push_back(
        {"memcpy", "__memcpy strided 64B", size, 2 * size_t(seg) * count, false,
         false, [=](int8_t* m) { fill_random(m, bytes, 5); },
         [=](int8_t* m) {
           __memcpy(m + bytes, m, seg, NRAM2NRAM, seg, 2 * seg, count - 1);
         },
         [=](int8_t* m) {
           xbang_bench::scalar_copy_strided(m + bytes, m, seg, seg, 2 * seg,
                                            count);
         }});
  }

  // Transposes: float and half, from 4KB to what two operands allow.
  struct Shape {
    int h, w;
  };
  for (Shape s : {Shape{32, 32}, Shape{64, 128}, Shape{256, 200},
                  Shape{3, 4096}, Shape{4096, 3}}) {
    const size_t bytes = size_t(s.h) * s.w * 4;
    const std::string size = std::to_string(s.h) + "x" + std::to_string(s.w);
    cases.push_back({"transpose", "__bang_transpose float", size, 2 * bytes,
                     false, true, [=](int8_t* m) { fill_random(m, bytes, 6); },
                     [=](int8_t* m) {
                       __bang_transpose(reinterpret_cast<float*>(m + bytes),
                                        reinterpret_cast<float*>(m), s.h, s.w);
                     },
                     [=](int8_t* m) {
                       scalar_transpose(reinterpret_cast<float*>(m + bytes),
                                        reinterpret_cast<float*>(m), s.h, s.w);
                     }});
    const size_t hbytes = bytes / 2;
    cases.push_back({"transpose", "__bang_transpose half", size, 2 * hbytes,
                     false, true, [=](int8_t* m) { fill_random(m, hbytes, 7); },
                     [=](int8_t* m) {
                       __bang_transpose(reinterpret_cast<half*>(m + hbytes),
                                        reinterpret_cast<half*>(m), s.h, s.w);
                     },
                     [=](int8_t* m) {
                       scalar_transpose(reinterpret_cast<uint16_t*>(m + hbytes),
                                        reinterpret_cast<uint16_t*>(m), s.h,
                                        s.w);
                     }});
  }
  return cases;
}

// Gather from a cache-resident GDRAM table and atomics into GDRAM need
// device memory; their cases hold it for the whole run.
struct DeviceCases {
  xbang_test::DeviceBuffer table{size_t(128) * 1024};
  xbang_test::DeviceBuffer accumulator{size_t(256) * 1024};
  // Rows 8 KB apart, as three_interpolate's features [c, m].
  xbang_test::DeviceBuffer strided_rows{size_t(512) * 8192};
};

// The built-ins mlu-ops' kernels spend their time in, at the shapes they call
// them with (docs/benchmarks.md, real kernels), each against memcpy of the
// bytes it touches.
void add_real_kernel_cases(std::vector<Case>& cases, DeviceCases& dev) {
  auto* table = static_cast<int8_t*>(dev.table.get());
  auto* rows = static_cast<int8_t*>(dev.strided_rows.get());
  fill_random(rows, dev.strided_rows.bytes(), 11);
  struct Copy {
    const char* kernel;
    const char* direction;
    mluMemcpyDirection_t dir;
    int size, dst_stride, src_stride, segments;
  };
  for (const Copy& k : {
           // psroipool forward: one pixel's group_size^2 channels of each of
           // output_dim rows, into rows 64 floats apart (R-FCN: 7x7, 21).
           Copy{"psroipool", "GDRAM2NRAM", GDRAM2NRAM, 196, 256, 196, 21},
           // three_interpolate backward: 128 B of each of 512 feature rows.
           Copy{"three_interpolate", "GDRAM2NRAM", GDRAM2NRAM, 128, 128, 8192,
                512},
           // three_interpolate backward: one of three weights of 32 points.
           Copy{"three_interpolate", "NRAM2NRAM", NRAM2NRAM, 4, 4, 12, 32},
       }) {
    const size_t moved = size_t(k.size) * k.segments;
    const size_t src_span = size_t(k.src_stride) * (k.segments - 1) + k.size;
    const size_t dst_offset = 64 * 1024;
    int8_t* gdram = k.src_stride > 1024 ? rows : table;
    const auto source = [=](int8_t* m) {
      return k.dir == NRAM2NRAM ? m : gdram;
    };
    cases.push_back(
        {"real kernels",
         std::string("__memcpy ") + k.direction + " (" + k.kernel + ")",
         std::to_string(k.segments) + " x " + std::to_string(k.size) +
             "B, strides " + std::to_string(k.dst_stride) + "/" +
             std::to_string(k.src_stride),
         2 * moved, true, false,
         [=](int8_t* m) {
           if (k.dir == NRAM2NRAM) fill_random(m, src_span, 12);
         },
         [=](int8_t* m) {
           __memcpy(m + dst_offset, source(m), k.size, k.dir, k.dst_stride,
                    k.src_stride, k.segments - 1);
         },
         [=](int8_t* m) {
           xbang_bench::scalar_copy_strided(m + dst_offset, source(m), k.size,
                                            k.dst_stride, k.src_stride,
                                            k.segments);
         }});
  }
  // dynamic_point_to_voxel backward: per point, three rows of C = 128 (its
  // feats, its voxel's feats and arg-max indices) from GDRAM rows far apart
  // by __memcpy_async, performed at the __sync; per voxel, one row back.
  constexpr int kRow = 128 * 4;
  constexpr int kRowsApart = 8192;
  cases.push_back({"real kernels",
                   "__memcpy_async GDRAM2NRAM x 3 + __sync (point_to_voxel)",
                   "3 x 512B", 3 * 2 * kRow, true, false, [](int8_t*) {},
                   [=](int8_t* m) {
                     for (int r = 0; r < 3; ++r) {
                       __memcpy_async(m + r * kRow, rows + r * kRowsApart, kRow,
                                      GDRAM2NRAM);
                     }
                     __sync();
                   },
                   [=](int8_t* m) {
                     xbang_bench::scalar_copy_strided(m, rows, kRow, kRow,
                                                      kRowsApart, 3);
                   }});
  cases.push_back(
      {"real kernels", "__memcpy NRAM2GDRAM (point_to_voxel)", "512B", 2 * kRow,
       true, false, [](int8_t* m) { fill_random(m, kRow, 14); },
       [=](int8_t* m) { __memcpy(rows, m, kRow, NRAM2GDRAM); },
       [=](int8_t* m) {
         xbang_bench::scalar_copy_strided(rows, m, kRow, kRow, kRow, 1);
       }});
  struct Transpose {
    const char* kernel;
    int h, w;
  };
  for (const Transpose& t : {Transpose{"psroipool", 64, 64},
                             Transpose{"three_interpolate", 512, 32}}) {
    const size_t bytes = size_t(t.h) * t.w * 4;
    cases.push_back({"real kernels",
                     std::string("__bang_transpose float (") + t.kernel + ")",
                     std::to_string(t.h) + "x" + std::to_string(t.w), 2 * bytes,
                     true, true, [=](int8_t* m) { fill_random(m, bytes, 13); },
                     [=](int8_t* m) {
                       __bang_transpose(reinterpret_cast<float*>(m + bytes),
                                        reinterpret_cast<float*>(m), t.h, t.w);
                     },
                     [=](int8_t* m) {
                       scalar_transpose(reinterpret_cast<float*>(m + bytes),
                                        reinterpret_cast<float*>(m), t.h, t.w);
                     }});
  }
}

void add_device_cases(std::vector<Case>& cases, DeviceCases& dev) {
  fill_random(dev.table.get(), dev.table.bytes(), 8);
  std::memset(dev.accumulator.get(), 0, dev.accumulator.bytes());
  auto* table = static_cast<int8_t*>(dev.table.get());
  auto* acc = static_cast<float*>(dev.accumulator.get());
  for (int count : {1024, 8192, 32768}) {
    for (int size : {4, 32}) {
      if (size_t(count) * size > 160 * 1024) continue;
      // Offsets (4 bytes each) at NRAM 0, gathered rows after them.
      const size_t offsets_bytes = size_t(count) * 4;
      const size_t rows_bytes = size_t(count) * size;
      auto offsets = [](int8_t* m) { return reinterpret_cast<uint32_t*>(m); };
      cases.push_back({"gather",
                       "__gather GDRAM2NRAM " + std::to_string(size) + "B",
                       std::to_string(count) + " rows",
                       offsets_bytes + 2 * rows_bytes, false, false,
                       [=](int8_t* m) {
                         std::mt19937 rng(9);
                         const uint32_t rows = uint32_t(128 * 1024 / size);
                         for (int k = 0; k < count; ++k)
                           offsets(m)[k] = (rng() % rows) * size;
                       },
                       [=](int8_t* m) {
                         __gather(m + offsets_bytes, table, offsets(m), size,
                                  GDRAM2NRAM, size, count);
                       },
                       [=](int8_t* m) {
                         scalar_gather(m + offsets_bytes, table, offsets(m),
                                       size, size, count);
                       }});
    }
  }
  for (size_t bytes : kOperandBytes) {
    const int n = int(std::min<size_t>(bytes, dev.accumulator.bytes()) / 4);
    cases.push_back(
        {"atomic", "__bang_atomic_reduce_add float", kb(bytes), 3 * bytes,
         false, false,
         [=](int8_t* m) { fill_values(reinterpret_cast<float*>(m), n, 10); },
         [=](int8_t* m) {
           __bang_atomic_reduce_add(acc, reinterpret_cast<float*>(m), n);
         },
         [=](int8_t* m) {
           scalar_accumulate(acc, reinterpret_cast<float*>(m), n);
         }});
  }
}

std::string case_name(const Case& c, int variant) {
  return c.family + "/" + c.op + "/" + c.size + "/" +
         xbang_bench::kInCoreVariants[variant];
}

// The goals of a case, judged on CPU-time ratios.
std::string goal(const Case& c, const xbang_bench::VariantRuns& v) {
  const double vs_memcpy = v.builtin->cpu_seconds / v.memcpy->cpu_seconds,
               vs_scalar = v.scalar->cpu_seconds / v.builtin->cpu_seconds;
  std::string text;
  if (c.near_memcpy) {
    text = vs_memcpy <= 1.5 ? "<=1.5x memcpy: met" : "<=1.5x memcpy: MISSED";
  }
  if (c.faster_than_scalar) {
    if (!text.empty()) text += "; ";
    text += vs_scalar >= 2 ? ">=2x scalar: met" : ">=2x scalar: MISSED";
  }
  return text.empty() ? "-" : text;
}

}  // namespace

int main(int argc, char** argv) {
  xbang::checked::set_enabled(false);
  std::vector<Case> cases = make_cases();
  DeviceCases device;
  add_device_cases(cases, device);
  add_real_kernel_cases(cases, device);
  xbang_bench::register_in_core(
      cases, [] { return static_cast<int8_t*>(bench_nram); }, "bench",
      case_name);
  return xbang_bench::run_benchmarks(
      argc, argv, [&](const xbang_bench::RecordingReporter& runs) {
        xbang_bench::print_ratio_table(
            cases, runs, case_name, "family | built-in | size",
            [](const Case& c) {
              return c.family + " | " + c.op + " | " + c.size;
            },
            "goal (cpu ratios)", goal);
      });
}
