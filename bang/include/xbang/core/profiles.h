// The architecture profiles the emulated device knows, as run-time data: one
// table serves the device (which profile a device has, the attributes CNRT,
// CNDrv and CNDev report, checked mode's on-chip limits), cncc (which
// --bang-mlu-arch values it can compile) and xbang/core/arch.h, whose
// compile-time macros must agree with it.
//
// Numbers per profile (docs/architecture.md, "Profiles"): on-chip sizes in
// KiB per core (NRAM, WRAM) and per cluster (SRAM), as cncc's
// __MLU_NRAM_SIZE__ / __MLU_WRAM_SIZE__ / __MLU_SRAM_SIZE__ give them.
#pragma once

namespace xbang {

struct ArchProfile {
  int arch;                 // __BANG_ARCH__, the NNN of --bang-mlu-arch=mtp_NNN
  const char* device_name;  // the card family CNRT / CNDev name (MLU370)
  int nram_kib;             // __MLU_NRAM_SIZE__
  int wram_kib;             // __MLU_WRAM_SIZE__
  int sram_kib;             // __MLU_SRAM_SIZE__
  int cores_per_cluster;    // compute cores (IPUs) of a cluster
  bool bf16;                // bfloat16 computing supported

  constexpr long nram_bytes() const { return nram_kib * 1024L; }
  constexpr long wram_bytes() const { return wram_kib * 1024L; }
  constexpr long sram_bytes() const { return sram_kib * 1024L; }
};

inline constexpr ArchProfile kArchProfiles[] = {
    {290, "MLU290", 512, 512, 2048, 4, false},
    {372, "MLU370", 768, 1024, 4096, 4, true},
    {592, "MLU590", 512, 512, 2048, 4, true},
};

// The profile a device has when nothing chooses one (docs/environment.md,
// XBANG_DEVICE).
inline constexpr int kDefaultDeviceArch = 372;

// Architectures cncc is asked for that no public document gives the numbers
// of (on-chip sizes, cores per cluster): mlu-ops names them in its default
// build. A fat build skips them with a warning; a build for them alone fails.
inline constexpr int kUnmodelledArchs[] = {613, 617};

constexpr const ArchProfile* find_arch_profile(int arch) {
  for (const ArchProfile& p : kArchProfiles) {
    if (p.arch == arch) return &p;
  }
  return nullptr;
}

// True when `arch` is a known profile with these on-chip sizes (KiB).
constexpr bool profile_has_sizes(int arch, int nram_kib, int wram_kib,
                                 int sram_kib) {
  for (const ArchProfile& p : kArchProfiles) {
    if (p.arch == arch) {
      return p.nram_kib == nram_kib && p.wram_kib == wram_kib &&
             p.sram_kib == sram_kib;
    }
  }
  return false;
}

constexpr bool is_unmodelled_arch(int arch) {
  for (const int a : kUnmodelledArchs) {
    if (a == arch) return true;
  }
  return false;
}

}  // namespace xbang
