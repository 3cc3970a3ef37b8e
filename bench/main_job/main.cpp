// xbang_main: every operator at its design doc's network scale on the
// emulator, one table: time, bandwidth (or GFLOP/s) against the machine's
// limit measured in the same run, speed-up over the doc's scalar reference,
// accuracy against that reference, the timing model's MLU time of one call
// (docs/timing-model.md) and the emulator's counters.
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

// "12.3 GB/s" and "45% of memcpy 27.0 GB/s" (or GFLOP/s against the FMA
// peak) of a row, "-" where it has none.
void format_throughput(const Row& r, char (&throughput)[48],
                       char (&limit)[48]) {
  std::snprintf(throughput, sizeof throughput, "-");
  std::snprintf(limit, sizeof limit, "-");
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
}

// The timing model's time of a row's call on the emulated MLU and its bound,
// "41.2 us io"; "-" when the row has no launch.
std::string modelled(const Row& r) {
  const xbang::ModelledTime& m = r.counters.modelled;
  if (m.seconds <= 0) return "-";
  char text[48];
  std::snprintf(text, sizeof text, "%.1f us %s", m.seconds * 1e6,
                xbang::bound_name(m.bound()));
  return text;
}

// xbang's operators.
void print_operator_table(const std::vector<Row>& rows, bool* all_pass) {
  std::printf(
      "| operator | case | dtype | time (ms) | modelled MLU time | vs scalar "
      "ref | throughput | vs machine limit | accuracy | pass | counters (one "
      "call) |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const auto& r : rows) {
    if (r.mlu_ops_operator) continue;
    char speedup[32] = "-", throughput[48], limit[48];
    if (r.reference_ms > 0)
      std::snprintf(speedup, sizeof speedup, "%.2fx", r.reference_ms / r.ms);
    format_throughput(r, throughput, limit);
    std::printf("| %s | %s | %s | %.2f | %s | %s | %s | %s | %s | %s | %s |\n",
                r.op.c_str(), r.shape.c_str(), r.dtype.c_str(), r.ms,
                modelled(r).c_str(), speedup, throughput, limit,
                r.accuracy.c_str(), r.pass ? "yes" : "NO",
                r.counters.summary().c_str());
    *all_pass = *all_pass && r.pass;
  }
}

// mlu-ops' own operators beside xbang's of the same API.
void print_mlu_ops_table(const std::vector<Row>& rows, bool* all_pass) {
  bool header = false;
  for (const auto& r : rows) {
    if (!r.mlu_ops_operator) continue;
    if (!header) {
      std::printf(
          "\nmlu-ops' own operators (mlu-ops main, built from its sources) on "
          "the same data:\n\n");
      std::printf(
          "| operator | case | dtype | mlu-ops (ms) | modelled MLU time | "
          "xbang's op (ms) | mlu-ops / xbang | throughput | vs machine limit | "
          "accuracy | pass | counters (one call) |\n");
      std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
      header = true;
    }
    char ratio[32] = "-", throughput[48], limit[48];
    if (r.xbang_op_ms > 0)
      std::snprintf(ratio, sizeof ratio, "%.2fx", r.ms / r.xbang_op_ms);
    format_throughput(r, throughput, limit);
    std::printf(
        "| %s | %s | %s | %.2f | %s | %.2f | %s | %s | %s | %s | %s | %s |\n",
        r.op.c_str(), r.shape.c_str(), r.dtype.c_str(), r.ms,
        modelled(r).c_str(), r.xbang_op_ms, ratio, throughput, limit,
        r.accuracy.c_str(), r.pass ? "yes" : "NO",
        r.counters.summary().c_str());
    *all_pass = *all_pass && r.pass;
  }
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
  bool all_pass = true;
  xbang_main::print_operator_table(rows, &all_pass);
  xbang_main::print_mlu_ops_table(rows, &all_pass);
  if (rows.empty()) {
    std::fprintf(stderr, "no operator registered a main-job row\n");
    return 1;
  }
  return all_pass ? 0 : 1;
}
