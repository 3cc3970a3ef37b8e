// The timing constants of each architecture profile (profiles.h), which the
// timing model (xbang/runtime/timeline.h, docs/timing-model.md) turns a
// launch's built-ins into a modelled hardware time with. Every number's
// source is in docs/timing-model.md, "Constants".
#pragma once

namespace xbang {

struct ArchTiming {
  int arch;                      // the profile (profiles.h) these belong to
  double clock_mhz;              // core clock: one cycle of every stream
  double dram_gbps;              // the device's DRAM bandwidth (GB/s, 1e9)
  double cluster_io_gbps;        // what one cluster's cores reach together
                                 // (the DRAM's when no cluster limit is known)
  double matrix_macs_per_cycle;  // one core's __bang_conv / matmul MACs
  double launch_overhead_us;     // from the launch to its first instruction
};

// GDRAM moves whole 64-byte units; a write of a partial unit is a read and
// a write of it (docs/timing-model.md).
inline constexpr long kGdramUnitBytes = 64;
// A vector built-in processes 128 bytes a cycle and at least 128 bytes.
inline constexpr long kVectorBytesPerCycle = 128;
// On-chip copies (the move stream: SRAM, NRAM, WRAM among themselves).
inline constexpr long kMoveBytesPerCycle = 128;
// Cycles the scalar unit takes to issue one built-in.
inline constexpr double kIssueCycles = 1;

inline constexpr ArchTiming kArchTimings[] = {
    {290, 1000, 1228.8, 1228.8, 2048, 5},
    {372, 1000, 307.2, 128, 384, 5},
    {592, 1000, 2048, 2048, 384, 2},
};

constexpr const ArchTiming* find_arch_timing(int arch) {
  for (const ArchTiming& t : kArchTimings) {
    if (t.arch == arch) return &t;
  }
  return nullptr;
}

}  // namespace xbang
