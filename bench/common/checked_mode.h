// Checked mode in the operators' benchmarks: off, as users time kernels,
// unless XBANG_BENCH_CHECKED=1 asks for it on, to measure what the checks
// cost (docs/benchmarks.md).
#pragma once

#include <cstdlib>
#include <cstring>

#include "xbang/runtime/checked.h"

namespace xbang_bench {

inline void set_checked_mode_for_timing() {
  const char* on = std::getenv("XBANG_BENCH_CHECKED");
  xbang::checked::set_enabled(on != nullptr && std::strcmp(on, "1") == 0);
}

}  // namespace xbang_bench
