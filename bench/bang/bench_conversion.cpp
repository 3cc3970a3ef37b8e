// Conversion built-ins on NRAM-resident data (4 KB, 32 KB and 160 KB of
// source): for each case the built-in, a plain scalar loop of the same
// semantics, and std::memcpy of the bytes the built-in touches, each as
// bytes/s, then a table of ratios measured in this run:
//   scalar time / built-in time   (goal for rounding conversions: >= 2)
//   built-in time / memcpy time
//
// As in bench_builtins.cpp: everything runs inside a one-task launch with
// checked mode off; "touched" bytes = source bytes read + destination bytes
// written, and the memcpy baseline copies that many bytes. The scalar loops
// are what a kernel author would write per element (std::round & co., F16C
// scalar half conversions, explicit saturation), compiled without
// auto-vectorisation. Where no such one-liner exists (ties-away or directed
// rounding to half, int32 to half) the scalar loop is the library's own
// scalar path (xbang::detail::conv::convert_scalar); the table says so.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "common/kernel.h"
#include "recording_reporter.h"
#include "run_in_core.h"
#include "xbang/isa/scalar.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/launch.h"

namespace {

__nram__ int8_t bench_nram[MAX_NRAM_SIZE];

// ---------------------------------------------------------------------------
// Plain scalar loops.

template <class T>
T saturate(float r) {  // r integral, NaN already handled
  if (r >= -float(std::numeric_limits<T>::min())) {
    return std::numeric_limits<T>::max();
  }
  if (r <= float(std::numeric_limits<T>::min())) {
    return std::numeric_limits<T>::min();
  }
  return T(r);
}

template <class T>
SCALAR_LOOP void scalar_float_to_int_rd(T* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) {
    d[i] = std::isnan(s[i]) ? T(0) : saturate<T>(std::round(s[i]));
  }
}
SCALAR_LOOP void scalar_float_to_int32_tz(int32_t* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) {
    d[i] = std::isnan(s[i]) ? 0 : saturate<int32_t>(std::trunc(s[i]));
  }
}
SCALAR_LOOP void scalar_float_to_int32_rn(int32_t* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) {
    d[i] = std::isnan(s[i]) ? 0 : saturate<int32_t>(std::nearbyint(s[i]));
  }
}
SCALAR_LOOP void scalar_float_to_int16_rn_position(int16_t* d, const float* s,
                                                   int n, int position) {
  const float scale = std::ldexp(1.0f, -position);
  for (int i = 0; i < n; ++i) {
    d[i] =
        std::isnan(s[i]) ? 0 : saturate<int16_t>(std::nearbyint(s[i] * scale));
  }
}
SCALAR_LOOP void scalar_half_to_int16_rd(int16_t* d, const half* s, int n) {
  for (int i = 0; i < n; ++i) {
    const float v = float(s[i]);
    d[i] = std::isnan(v) ? 0 : saturate<int16_t>(std::round(v));
  }
}
SCALAR_LOOP void scalar_half_to_int32_tz(int32_t* d, const half* s, int n) {
  for (int i = 0; i < n; ++i) {
    const float v = float(s[i]);
    d[i] = std::isnan(v) ? 0 : saturate<int32_t>(std::trunc(v));
  }
}
// One scalar conversion per element: the isa layer's single-value
// conversion (the F16C instruction where the CPU has it) for nearest-even,
// the portable scalar model for the other modes.
template <xbang::RoundMode M>
SCALAR_LOOP void scalar_float_to_half(half* d, const float* s, int n) {
  for (int i = 0; i < n; ++i) {
    if constexpr (M == xbang::RoundMode::kRn) {
      d[i] = xbang::half_from_bits(xbang::isa::float_to_half_bits_rn(s[i]));
    } else {
      d[i] = xbang::detail::conv::convert_scalar<float, half>(s[i], M, 0);
    }
  }
}
SCALAR_LOOP void scalar_half_to_float(float* d, const half* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = float(s[i]);
}
SCALAR_LOOP void scalar_int32_to_float(float* d, const int32_t* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = float(s[i]);
}
SCALAR_LOOP void scalar_int16_to_half(half* d, const int16_t* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = half(float(s[i]));
}
SCALAR_LOOP void scalar_int8_to_float(float* d, const int8_t* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = float(s[i]);
}
SCALAR_LOOP void scalar_int32_to_int16(int16_t* d, const int32_t* s, int n) {
  for (int i = 0; i < n; ++i) d[i] = int16_t(std::clamp(s[i], -32768, 32767));
}
SCALAR_LOOP void scalar_int16_to_int8(int8_t* d, const int16_t* s, int n) {
  for (int i = 0; i < n; ++i) {
    d[i] = int8_t(std::clamp<int16_t>(s[i], -128, 127));
  }
}
template <class From, class To, xbang::RoundMode M>
SCALAR_LOOP void scalar_library_path(To* d, const From* s, int n) {
  for (int i = 0; i < n; ++i) {
    d[i] = xbang::detail::conv::convert_scalar<From, To>(s[i], M, 0);
  }
}

// ---------------------------------------------------------------------------
// Cases: source at NRAM offset 0, destination after it.

struct Case {
  std::string op;
  std::string size;
  size_t touched_bytes;
  bool rounding;  // rounds or saturates: the 2x-over-scalar goal applies
  bool library_scalar = false;  // scalar loop = the library's scalar path
  std::function<void(int8_t*)> init;
  std::function<void(int8_t*)> builtin;
  std::function<void(int8_t*)> scalar;
};

// Values spread over a few hundred, with .5 ties, all finite.
template <class T>
void fill(T* p, int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-600, 600);
  for (int i = 0; i < n; ++i) {
    if constexpr (std::is_integral_v<T>) {
      p[i] = T(std::clamp<int>(dist(rng) * 64, std::numeric_limits<T>::min(),
                               std::numeric_limits<T>::max()));
    } else {
      p[i] = T(dist(rng) * 0.25f);
    }
  }
}

template <class From, class To>
void add_case(std::vector<Case>& cases, const std::string& op, int n,
              bool rounding, bool library_scalar,
              std::function<void(To*, const From*, int)> builtin,
              std::function<void(To*, const From*, int)> scalar) {
  const size_t src_bytes = size_t(n) * sizeof(From);
  auto src = [](int8_t* m) { return reinterpret_cast<From*>(m); };
  auto dst = [src_bytes](int8_t* m) {
    return reinterpret_cast<To*>(m + (src_bytes + 127) / 128 * 128);
  };
  cases.push_back({op, std::to_string(src_bytes / 1024) + "KB",
                   size_t(n) * (sizeof(From) + sizeof(To)), rounding,
                   library_scalar, [=](int8_t* m) { fill(src(m), n, 7); },
                   [=](int8_t* m) { builtin(dst(m), src(m), n); },
                   [=](int8_t* m) { scalar(dst(m), src(m), n); }});
}

std::vector<Case> make_cases() {
  using xbang::RoundMode;
  std::vector<Case> cases;
  for (size_t bytes : {size_t(4096), size_t(32768), size_t(163840)}) {
    const int n4 = int(bytes / 4), n2 = int(bytes / 2), n1 = int(bytes);
    add_case<float, int32_t>(
        cases, "__bang_float2int32_rd", n4, true, false,
        [](int32_t* d, const float* s, int n) {
          __bang_float2int32_rd(d, s, n);
        },
        scalar_float_to_int_rd<int32_t>);
    add_case<float, int32_t>(
        cases, "__bang_float2int32 (tz)", n4, true, false,
        [](int32_t* d, const float* s, int n) { __bang_float2int32(d, s, n); },
        scalar_float_to_int32_tz);
    add_case<float, int32_t>(
        cases, "__bang_float2int32_rn", n4, true, false,
        [](int32_t* d, const float* s, int n) {
          __bang_float2int32_rn(d, s, n);
        },
        scalar_float_to_int32_rn);
    add_case<float, int16_t>(
        cases, "__bang_float2int16_rn position 4", n4, true, false,
        [](int16_t* d, const float* s, int n) {
          __bang_float2int16_rn(d, s, n, 4);
        },
        [](int16_t* d, const float* s, int n) {
          scalar_float_to_int16_rn_position(d, s, n, 4);
        });
    add_case<float, int8_t>(
        cases, "__bang_float2int8_rd", n4, true, false,
        [](int8_t* d, const float* s, int n) { __bang_float2int8_rd(d, s, n); },
        scalar_float_to_int_rd<int8_t>);
    add_case<float, half>(
        cases, "__bang_float2half_rn", n4, true, false,
        [](half* d, const float* s, int n) { __bang_float2half_rn(d, s, n); },
        scalar_float_to_half<RoundMode::kRn>);
    add_case<float, half>(
        cases, "__bang_float2half_tz", n4, true, false,
        [](half* d, const float* s, int n) { __bang_float2half_tz(d, s, n); },
        scalar_float_to_half<RoundMode::kTz>);
    add_case<float, half>(
        cases, "__bang_float2half_rd", n4, true, true,
        [](half* d, const float* s, int n) { __bang_float2half_rd(d, s, n); },
        scalar_library_path<float, half, RoundMode::kRd>);
    add_case<half, float>(
        cases, "__bang_half2float", n2, false, false,
        [](float* d, const half* s, int n) { __bang_half2float(d, s, n); },
        scalar_half_to_float);
    add_case<half, int16_t>(
        cases, "__bang_half2int16_rd", n2, true, false,
        [](int16_t* d, const half* s, int n) { __bang_half2int16_rd(d, s, n); },
        scalar_half_to_int16_rd);
    add_case<half, int32_t>(
        cases, "__bang_half2int32 (tz)", n2, true, false,
        [](int32_t* d, const half* s, int n) { __bang_half2int32(d, s, n); },
        scalar_half_to_int32_tz);
    add_case<int32_t, float>(
        cases, "__bang_int322float (rn)", n4, true, false,
        [](float* d, const int32_t* s, int n) { __bang_int322float(d, s, n); },
        scalar_int32_to_float);
    add_case<int32_t, float>(
        cases, "__bang_int322float_dn", n4, true, true,
        [](float* d, const int32_t* s, int n) {
          __bang_int322float_dn(d, s, n);
        },
        scalar_library_path<int32_t, float, RoundMode::kDn>);
    add_case<int32_t, half>(
        cases, "__bang_int322half (rn)", n4, true, true,
        [](half* d, const int32_t* s, int n) { __bang_int322half(d, s, n); },
        scalar_library_path<int32_t, half, RoundMode::kRn>);
    add_case<int16_t, half>(
        cases, "__bang_int162half (rn)", n2, true, false,
        [](half* d, const int16_t* s, int n) { __bang_int162half(d, s, n); },
        scalar_int16_to_half);
    add_case<int8_t, float>(
        cases, "__bang_int82float", n1 / 4, false, false,
        [](float* d, const int8_t* s, int n) { __bang_int82float(d, s, n); },
        scalar_int8_to_float);
    add_case<int32_t, int16_t>(
        cases, "__bang_int322int16 (saturating)", n4, true, false,
        [](int16_t* d, const int32_t* s, int n) {
          __bang_int322int16(d, s, n);
        },
        scalar_int32_to_int16);
    add_case<int16_t, int8_t>(
        cases, "__bang_int162int8 (saturating)", n2, true, false,
        [](int8_t* d, const int16_t* s, int n) { __bang_int162int8(d, s, n); },
        scalar_int16_to_int8);
  }
  return cases;
}

std::string case_name(const Case& c, int variant) {
  return "conversion/" + c.op + "/" + c.size + "/" +
         xbang_bench::kInCoreVariants[variant];
}

// The goal of a case, judged on real-time ratios.
std::string goal(const Case& c, const xbang_bench::VariantRuns& v) {
  std::string text = "-";
  if (c.rounding) {
    text = v.scalar->seconds / v.builtin->seconds >= 2 ? ">=2x scalar: met"
                                                       : ">=2x scalar: MISSED";
  }
  if (c.library_scalar) text += " (scalar = library scalar path)";
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  xbang::checked::set_enabled(false);
  const std::vector<Case> cases = make_cases();
  xbang_bench::register_in_core(
      cases, [] { return static_cast<int8_t*>(bench_nram); },
      "bench_conversion", case_name);
  return xbang_bench::run_benchmarks(
      argc, argv, [&](const xbang_bench::RecordingReporter& runs) {
        xbang_bench::print_ratio_table(
            cases, runs, case_name, "built-in | source",
            [](const Case& c) { return c.op + " | " + c.size; }, "goal", goal);
      });
}
