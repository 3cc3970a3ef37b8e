// Emulator counters (docs/architecture.md): what each launch moved and
// computed.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

namespace xbang {

// Copy directions, in the order of mluMemcpyDirection_t.
inline constexpr int kNumDirections = 13;
const char* direction_name(int direction);

// Built-in families, as bang/include/xbang/builtins/ is organised.
enum class Family : int {
  kArithmetic,
  kCompareLogic,
  kSelection,
  kConversion,
  kLayout,
  kGatherScatter,
  kMatrix,  // counted in multiply-accumulates
  kAtomic,
  kCount
};
inline constexpr int kNumFamilies = static_cast<int>(Family::kCount);
const char* family_name(Family family);

struct Counters {
  std::array<uint64_t, kNumDirections> copy_bytes{};  // per direction
  std::array<uint64_t, kNumFamilies> elements{};      // per family
  uint64_t atomic_updates = 0;  // elements updated by __bang_atomic_*
  uint64_t barriers = 0;        // barrier arrivals, all cores
  uint64_t launches = 0;
  double seconds = 0;  // wall time of the launches
  // Per kernel name: launches and wall seconds (for time splits).
  std::map<std::string, std::pair<uint64_t, double>> kernels;

  Counters& operator+=(const Counters& other);
  uint64_t total_copy_bytes() const;
  uint64_t elements_of(Family f) const { return elements[static_cast<int>(f)]; }
  // One line, e.g. "G2N 12.0MB N2G 4.0MB arith 3.1M atomic 80K barriers 16".
  std::string summary() const;
};

// Counters of the last launch that finished on this host thread.
Counters last_launch_counters();
// Sum over all launches since the last reset (process-wide).
Counters total_counters();
void reset_counters();

}  // namespace xbang
