// xbang_main: every operator at its design doc's network scale on the
// emulator, one table: time, bandwidth (or GFLOP/s) against the machine's
// limit measured in the same run, speed-up over the doc's scalar reference,
// accuracy against that reference and the emulator's counters.
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "main_job.h"

namespace xbang_main {
namespace {
std::map<std::string, RowsFn>& registry() {
  static std::map<std::string, RowsFn> fns;
  return fns;
}
}  // namespace

Registrar::Registrar(const char* op, RowsFn fn) { registry()[op] = fn; }

}  // namespace xbang_main

int main(int argc, char** argv) {
  // Release numbers: checked mode off (the test suite runs it on).
  xbang::checked::set_enabled(false);
  const char* only = argc > 1 ? argv[1] : nullptr;
  std::vector<xbang_main::Row> rows;
  for (const auto& [op, fn] : xbang_main::registry()) {
    if (only != nullptr && op.find(only) == std::string::npos) continue;
    std::fprintf(stderr, "running %s ...\n", op.c_str());
    for (auto& row : fn()) rows.push_back(std::move(row));
  }
  std::printf(
      "| operator | case | dtype | time (ms) | vs scalar ref | throughput | vs "
      "machine limit | accuracy | pass | counters (one call) |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  bool all_pass = true;
  for (const auto& r : rows) {
    char speedup[32] = "-", throughput[48] = "-", limit[48] = "-";
    if (r.reference_ms > 0)
      std::snprintf(speedup, sizeof speedup, "%.2fx", r.reference_ms / r.ms);
    if (r.gflops > 0) {
      std::snprintf(throughput, sizeof throughput, "%.1f GFLOP/s", r.gflops);
      if (r.peak_gflops > 0) {
        std::snprintf(limit, sizeof limit, "%.0f%% of %.0f GFLOP/s FMA peak",
                      100 * r.gflops / r.peak_gflops, r.peak_gflops);
      }
    } else if (r.gbps > 0) {
      std::snprintf(throughput, sizeof throughput, "%.2f GB/s", r.gbps);
      if (r.memcpy_gbps > 0) {
        std::snprintf(limit, sizeof limit, "%.0f%% of memcpy %.1f GB/s",
                      100 * r.gbps / r.memcpy_gbps, r.memcpy_gbps);
      }
    }
    std::printf("| %s | %s | %s | %.2f | %s | %s | %s | %s | %s | %s |\n",
                r.op.c_str(), r.shape.c_str(), r.dtype.c_str(), r.ms, speedup,
                throughput, limit, r.accuracy.c_str(), r.pass ? "yes" : "NO",
                r.counters.summary().c_str());
    all_pass = all_pass && r.pass;
  }
  if (rows.empty()) {
    std::fprintf(stderr, "no operator registered a main-job row\n");
    return 1;
  }
  return all_pass ? 0 : 1;
}
