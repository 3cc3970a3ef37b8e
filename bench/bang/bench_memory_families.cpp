// The pool, reduction, fill, reshape, conversion (bfloat16, fixed-point),
// expand_channel, atomic, strided move, gather, cycle bitwise and
// vector-register built-ins on NRAM-resident data from 256 B to 256 KB per
// operand: for each case the built-in, a plain scalar loop of the same
// semantics, and std::memcpy of the bytes the built-in touches (read +
// written), all in the same run inside a one-task launch with checked mode off.
// A table of ratios follows the runs:
//   built-in time / memcpy time, scalar time / built-in time (CPU time of
//   the emulated core's thread, and real time).
// The scalar loops are compiled without auto-vectorisation.
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
#include "recording_reporter.h"
#include "run_in_core.h"
#include "xbang/runtime/checked.h"

namespace {

__nram__ int8_t bench_nram[MAX_NRAM_SIZE];
// The ones filter of the expand_channel built-ins (checked, never read).
__wram__ float bench_wram_ones[1024];
// Off-chip operands: the atomics' destination and the gathers' table.
std::vector<float> gdram_floats(size_t(1) << 16, 0.f);

// Scalar models. Pools: [h][w][c] with a kh x 1 window, stride kh.
SCALAR_LOOP void scalar_sumpool(float* d, const float* s, int c, int h,
                                int kh) {
  for (int y = 0; y < h / kh; ++y) {
    for (int ch = 0; ch < c; ++ch) {
      float acc = s[(y * kh) * c + ch];
      for (int k = 1; k < kh; ++k) acc += s[(y * kh + k) * c + ch];
      d[y * c + ch] = acc;
    }
  }
}
// Max (kMax) or min pool with the first extreme winning ties and NaN the
// extreme, as the built-ins choose.
enum class Extreme { kMax, kMin };
SCALAR_LOOP void scalar_extreme_pool(float* d, uint32_t* index, const float* s,
                                     int c, int h, int kh, Extreme extreme) {
  for (int y = 0; y < h / kh; ++y) {
    for (int ch = 0; ch < c; ++ch) {
      float best = s[(y * kh) * c + ch];
      uint32_t where = 0;
      for (int k = 1; k < kh; ++k) {
        const float x = s[(y * kh + k) * c + ch];
        const bool better = extreme == Extreme::kMax ? x > best : x < best;
        if (better || (std::isnan(x) && !std::isnan(best))) {
          best = x;
          where = uint32_t(k);
        }
      }
      d[y * c + ch] = best;
      if (index != nullptr) index[y * c + ch] = where;
    }
  }
}
SCALAR_LOOP void scalar_avgpool(float* d, const float* s, int c, int h,
                                int kh) {
  for (int y = 0; y < h / kh; ++y) {
    for (int ch = 0; ch < c; ++ch) {
      float acc = s[(y * kh) * c + ch];
      for (int k = 1; k < kh; ++k) acc += s[(y * kh + k) * c + ch];
      d[y * c + ch] = acc / float(kh);
    }
  }
}
SCALAR_LOOP float scalar_sum(const float* s, int n) {
  float acc = 0;
  for (int i = 0; i < n; ++i) acc += s[i];
  return acc;
}
SCALAR_LOOP void scalar_reduce_sum(float* d, const float* s, int n) {
  for (int first = 0; first < n; first += 32) {
    float acc = 0;
    for (int i = first; i < first + 32 && i < n; ++i) acc += s[i];
    for (int i = first; i < first + 32 && i < n; ++i) d[i] = 0;
    d[first] = acc;
  }
}
SCALAR_LOOP void scalar_fill(float* d, int n, float v) {
  for (int i = 0; i < n; ++i) d[i] = v;
}
SCALAR_LOOP void scalar_pad(float* d, const float* s, int h, int w, int right) {
  const int ow = w + right;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < ow; ++x) d[y * ow + x] = x < w ? s[y * w + x] : 0.f;
  }
}
SCALAR_LOOP void scalar_reshape_filter(float* d, const float* s, int n,
                                       int depth) {
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < depth; ++k) d[k * n + i] = s[i * depth + k];
  }
}
SCALAR_LOOP void scalar_float2bfloat16_rn(uint16_t* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) {
    uint32_t b;
    std::memcpy(&b, &s[i], 4);
    if ((b & 0x7fffffffu) > 0x7f800000u) {
      d[i] = uint16_t((b >> 16) | 0x40u);
    } else {
      d[i] = uint16_t((b + 0x7fffu + ((b >> 16) & 1u)) >> 16);
    }
  }
}
SCALAR_LOOP void scalar_mulh(uint32_t* d, const uint32_t* s, uint32_t k,
                             int n) {
  for (int i = 0; i < n; ++i) d[i] = uint32_t((uint64_t(s[i]) * k) >> 32);
}

SCALAR_LOOP void scalar_expand_channel_mul(float* d, const float* scale,
                                           const float* s, int n, int c) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < c; ++j) d[i * c + j] = scale[i] * s[i * c + j];
  }
}
SCALAR_LOOP void scalar_add_value(float* d, float v, int n) {
  for (int i = 0; i < n; ++i) d[i] += v;
}
SCALAR_LOOP void scalar_add_block(float* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) d[i] += s[i];
}
SCALAR_LOOP void scalar_gather(char* d, const char* s, const uint32_t* offset,
                               int size, int n) {
  for (int i = 0; i < n; ++i) {
    for (int b = 0; b < size; ++b) d[i * size + b] = s[offset[i] + b];
  }
}
SCALAR_LOOP void scalar_fixed_point(int16_t* d, const int32_t* s, int n,
                                    int shift) {
  for (int i = 0; i < n; ++i) {
    const double x = std::nearbyint(std::ldexp(double(s[i]), shift));
    d[i] = int16_t(x > 32767 ? 32767 : x < -32768 ? -32768 : x);
  }
}
SCALAR_LOOP void scalar_bfloat162float(float* d, const uint16_t* s, int n) {
  for (int i = 0; i < n; ++i) {
    const uint32_t b = uint32_t(s[i]) << 16;
    std::memcpy(&d[i], &b, 4);
  }
}
SCALAR_LOOP void scalar_cycle_band(int8_t* d, const int8_t* s,
                                   const int8_t* seg, int n, int seg_n) {
  for (int i = 0; i < n; ++i) d[i] = int8_t(s[i] & seg[i % seg_n]);
}

struct Case {
  std::string family, op, size;
  size_t touched_bytes;
  std::function<void(int8_t*)> init, builtin, scalar;
};

void fill_values(float* p, int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-100.f, 100.f);
  for (int i = 0; i < n; ++i) p[i] = dist(rng);
}

// Operand sizes: NRAM-resident, 256 B to 256 KB per source operand.
const int kOperandBytes[] = {256, 4096, 65536, 262144};

std::string size_name(int bytes) {
  return bytes < 1024 ? std::to_string(bytes) + "B"
                      : std::to_string(bytes / 1024) + "KB";
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  for (int bytes : kOperandBytes) {
    const int n = bytes / 4;
    const std::string size = size_name(bytes);
    auto src = [](int8_t* m) { return reinterpret_cast<float*>(m); };
    auto dst = [](int8_t* m) {
      return reinterpret_cast<float*>(m + 300 * 1024);
    };
    auto init = [n, src](int8_t* m) { fill_values(src(m), n, 7); };
    // Pools: 16 channels (64 B pixels), 4-row windows.
    const int c = 16, kh = 4, h = n / c;
    if (h >= kh) {
      const size_t pool_bytes = size_t(bytes) + size_t(bytes) / kh;
      cases.push_back(
          {"pool", "__bang_sumpool", size, pool_bytes, init,
           [=](int8_t* m) {
             __bang_sumpool(dst(m), src(m), c, h, 1, kh, 1, 1, kh);
           },
           [=](int8_t* m) { scalar_sumpool(dst(m), src(m), c, h, kh); }});
      cases.push_back({"pool", "__bang_maxpool", size, pool_bytes, init,
                       [=](int8_t* m) {
                         __bang_maxpool(dst(m), src(m), c, h, 1, kh, 1, 1, kh);
                       },
                       [=](int8_t* m) {
                         scalar_extreme_pool(dst(m), nullptr, src(m), c, h, kh,
                                             Extreme::kMax);
                       }});
      cases.push_back({"pool", "__bang_minpool", size, pool_bytes, init,
                       [=](int8_t* m) {
                         __bang_minpool(dst(m), src(m), c, h, 1, kh, 1, 1, kh);
                       },
                       [=](int8_t* m) {
                         scalar_extreme_pool(dst(m), nullptr, src(m), c, h, kh,
                                             Extreme::kMin);
                       }});
      cases.push_back(
          {"pool", "__bang_avgpool", size, pool_bytes, init,
           [=](int8_t* m) {
             __bang_avgpool(dst(m), src(m), c, h, 1, kh, 1, 1, kh);
           },
           [=](int8_t* m) { scalar_avgpool(dst(m), src(m), c, h, kh); }});
      cases.push_back({"pool", "__bang_maxpool_value_index", size,
                       pool_bytes + size_t(bytes) / kh, init,
                       [=](int8_t* m) {
                         __bang_maxpool_value_index(dst(m), src(m), c, h, 1, kh,
                                                    1, 1, kh, bytes / kh);
                       },
                       [=](int8_t* m) {
                         scalar_extreme_pool(
                             dst(m),
                             reinterpret_cast<uint32_t*>(dst(m) + n / kh),
                             src(m), c, h, kh, Extreme::kMax);
                       }});
    }
    cases.push_back(
        {"reduction", "__bang_sum", size, size_t(bytes), init,
         [=](int8_t* m) { benchmark::DoNotOptimize(__bang_sum(src(m), n)); },
         [=](int8_t* m) { benchmark::DoNotOptimize(scalar_sum(src(m), n)); }});
    cases.push_back({"reduction", "__bang_reduce_sum", size, 2 * size_t(bytes),
                     init,
                     [=](int8_t* m) { __bang_reduce_sum(dst(m), src(m), n); },
                     [=](int8_t* m) { scalar_reduce_sum(dst(m), src(m), n); }});
    cases.push_back({"fill", "__nramset", size, size_t(bytes), init,
                     [=](int8_t* m) { __nramset(dst(m), n, 1.5f); },
                     [=](int8_t* m) { scalar_fill(dst(m), n, 1.5f); }});
    // Pad: rows of 60 floats padded to 64.
    const int w = 60, rows = n / 64;
    if (rows > 0) {
      cases.push_back(
          {"reshape", "__bang_pad", size, size_t(rows) * (w + 64) * 4, init,
           [=](int8_t* m) {
             __bang_pad(dst(m), src(m), 1, rows, w, 0, 0, 0, 4);
           },
           [=](int8_t* m) { scalar_pad(dst(m), src(m), rows, w, 4); }});
    }
    const int filters = n >= 64 ? 16 : 4;
    cases.push_back(
        {"reshape", "__bang_reshape_filter", size, 2 * size_t(bytes), init,
         [=](int8_t* m) {
           __bang_reshape_filter(dst(m), src(m), filters, 1, 1, n / filters);
         },
         [=](int8_t* m) {
           scalar_reshape_filter(dst(m), src(m), filters, n / filters);
         }});
    cases.push_back({"conversion", "__bang_float2bfloat16_rn", size,
                     size_t(bytes) + size_t(bytes) / 2, init,
                     [=](int8_t* m) {
                       __bang_float2bfloat16_rn(
                           reinterpret_cast<bfloat16_t*>(dst(m)), src(m), n);
                     },
                     [=](int8_t* m) {
                       scalar_float2bfloat16_rn(
                           reinterpret_cast<uint16_t*>(dst(m)), src(m), n);
                     }});
    // expand_channel: n / 64 rows of 64 channels, one scale per row.
    if (n >= 64) {
      const int rows = n / 64;
      cases.push_back({"expand_channel", "__bang_expand_channel_mul", size,
                       2 * size_t(bytes) + size_t(rows) * 4, init,
                       [=](int8_t* m) {
                         __bang_expand_channel_mul(dst(m), src(m) + n - rows,
                                                   bench_wram_ones, src(m),
                                                   rows, 64);
                       },
                       [=](int8_t* m) {
                         scalar_expand_channel_mul(dst(m), src(m) + n - rows,
                                                   src(m), rows, 64);
                       }});
    }
    // Atomics: add a scalar to n off-chip floats.
    cases.push_back(
        {"atomics", "__bang_atomic_reduce_add(value)", size, 2 * size_t(bytes),
         init,
         [=](int8_t*) {
           __bang_atomic_reduce_add(gdram_floats.data(), 0.5f, n);
         },
         [=](int8_t*) { scalar_add_value(gdram_floats.data(), 0.5f, n); }});
    // Atomics, strided blocks: 64-float blocks of NRAM added into every
    // other 64-float block off chip (the 592 form).
    const int blocks = n / 64;
    if (blocks > 0) {
      cases.push_back({"atomics", "__bang_atomic_reduce_add(blocks)", size,
                       3 * size_t(bytes) / 2, init,
                       [=](int8_t* m) {
                         __bang_atomic_reduce_add(
                             gdram_floats.data(), src(m), 64,
                             blocks / 2 - 1 + (blocks == 1), 0, 2 * 256, 0, 256,
                             0);
                       },
                       [=](int8_t* m) {
                         for (int b = 0; b < std::max(blocks / 2, 1); ++b) {
                           scalar_add_block(gdram_floats.data() + b * 128,
                                            src(m) + b * 64, 64);
                         }
                       }});
    }
    // Strided move: runs of 48 bytes from a 64-byte pitch to a packed one.
    const int runs = bytes / 64;
    if (runs > 0) {
      cases.push_back(
          {"move", "__bang_move(strided)", size, 2 * size_t(runs) * 48, init,
           [=](int8_t* m) { __bang_move(dst(m), src(m), 48, 48, 64, runs); },
           [=](int8_t* m) {
             xbang_bench::scalar_copy_strided(
                 reinterpret_cast<int8_t*>(dst(m)),
                 reinterpret_cast<const int8_t*>(src(m)), 48, 48, 64, runs);
           }});
    }
    // Gather: 32-byte gathered at scattered offsets of an off-chip table.
    const int gathered = bytes / 32;
    auto gather_init = [n, gathered, src](int8_t* m) {
      fill_values(src(m), n, 7);
      uint32_t* offsets = reinterpret_cast<uint32_t*>(m + 600 * 1024);
      std::mt19937 rng(3);
      for (int i = 0; i < gathered; ++i) {
        offsets[i] = uint32_t(rng() % (gdram_floats.size() / 8)) * 32;
      }
    };
    cases.push_back(
        {"gather", "__bang_gather", size, 2 * size_t(bytes), gather_init,
         [=](int8_t* m) {
           __bang_gather(dst(m), gdram_floats.data(),
                         reinterpret_cast<const uint32_t*>(m + 600 * 1024), 32,
                         32, gathered);
         },
         [=](int8_t* m) {
           scalar_gather(reinterpret_cast<char*>(dst(m)),
                         reinterpret_cast<const char*>(gdram_floats.data()),
                         reinterpret_cast<const uint32_t*>(m + 600 * 1024), 32,
                         gathered);
         }});
    // Fixed-point: int32 with position 0 to int16 with position 4.
    auto int_init = [n, src](int8_t* m) {
      int32_t* p = reinterpret_cast<int32_t*>(src(m));
      std::mt19937 rng(5);
      for (int i = 0; i < n; ++i) p[i] = int32_t(rng() % 4096) - 2048;
    };
    cases.push_back({"conversion", "__bang_int322int16(positions)", size,
                     size_t(bytes) + size_t(bytes) / 2, int_init,
                     [=](int8_t* m) {
                       __bang_int322int16(
                           reinterpret_cast<int16_t*>(dst(m)),
                           reinterpret_cast<const int32_t*>(src(m)), n, 4, 0);
                     },
                     [=](int8_t* m) {
                       scalar_fixed_point(
                           reinterpret_cast<int16_t*>(dst(m)),
                           reinterpret_cast<const int32_t*>(src(m)), n, -4);
                     }});
    cases.push_back(
        {"conversion", "__bang_bfloat162float", size,
         size_t(bytes) + size_t(bytes) / 2, init,
         [=](int8_t* m) {
           __bang_bfloat162float(
               dst(m), reinterpret_cast<const bfloat16_t*>(src(m)), n / 2);
         },
         [=](int8_t* m) {
           scalar_bfloat162float(
               dst(m), reinterpret_cast<const uint16_t*>(src(m)), n / 2);
         }});
    // Cycle bitwise: bytes of src against a 128-byte segment.
    if (bytes >= 128) {
      cases.push_back(
          {"cycle_bitwise", "__bang_cycle_band", size, 2 * size_t(bytes), init,
           [=](int8_t* m) {
             char* s = reinterpret_cast<char*>(src(m));
             __bang_cycle_band(reinterpret_cast<char*>(dst(m)), s, s, bytes,
                               128);
           },
           [=](int8_t* m) {
             const int8_t* s = reinterpret_cast<const int8_t*>(src(m));
             scalar_cycle_band(reinterpret_cast<int8_t*>(dst(m)), s, s, bytes,
                               128);
           }});
    }
    // Registers: load, high multiply, store, one register at a time.
    const int lanes = int(__vv_get_length() / 4);
    if (n >= lanes) {
      cases.push_back(
          {"vector_registers", "__vv_mulh", size, 2 * size_t(bytes), init,
           [=](int8_t* m) {
             const uint32_t* s = reinterpret_cast<const uint32_t*>(src(m));
             uint32_t* d = reinterpret_cast<uint32_t*>(dst(m));
             vv_uint32 r;
             for (int i = 0; i + lanes <= n; i += lanes) {
               __vv_load(r, s + i);
               __vv_mulh(r, r, 0xD2511F53u);
               __vv_store(d + i, r);
             }
           },
           [=](int8_t* m) {
             scalar_mulh(reinterpret_cast<uint32_t*>(dst(m)),
                         reinterpret_cast<const uint32_t*>(src(m)), 0xD2511F53u,
                         n / lanes * lanes);
           }});
    }
  }
  return cases;
}

std::string case_name(const Case& c, int variant) {
  return c.family + "/" + c.op + "/" + c.size + "/" +
         xbang_bench::kInCoreVariants[variant];
}

}  // namespace

int main(int argc, char** argv) {
  xbang::checked::set_enabled(false);
  const std::vector<Case> cases = make_cases();
  xbang_bench::register_in_core(
      cases, [] { return static_cast<int8_t*>(bench_nram); },
      "bench_memory_families", case_name);
  return xbang_bench::run_benchmarks(
      argc, argv, [&](const xbang_bench::RecordingReporter& runs) {
        xbang_bench::print_ratio_table(
            cases, runs, case_name, "family | built-in | size",
            [](const Case& c) {
              return c.family + " | " + c.op + " | " + c.size;
            },
            "note",
            [](const Case&, const xbang_bench::VariantRuns&) {
              return std::string("-");
            });
      });
}
