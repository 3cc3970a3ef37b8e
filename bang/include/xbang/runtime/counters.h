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

// What bounds a launch's modelled time (docs/timing-model.md): the stream
// busiest on its slowest core, its barrier waits, or the launch overhead.
enum class Bound : int {
  kNone,
  kIo,
  kMove,
  kCompute,
  kScalar,
  kBarrier,
  kLaunch
};
const char* bound_name(Bound bound);

// The timing model's view of launches (docs/timing-model.md).
struct ModelledTime {
  double seconds = 0;  // modelled hardware time, launch overhead included
  // On the slowest core: each stream's busy time (IO, move, compute,
  // scalar, as xbang::Stream numbers them) and the time it waited at
  // barriers; and the launches' overhead.
  std::array<double, 4> stream_seconds{};
  double barrier_seconds = 0;
  double overhead_seconds = 0;

  ModelledTime& operator+=(const ModelledTime& other);
  Bound bound() const;
  // A stream's busy time over the modelled time, in [0, 1].
  double busy_fraction(int stream) const;
};

struct Counters {
  std::array<uint64_t, kNumDirections> copy_bytes{};  // per direction
  std::array<uint64_t, kNumFamilies> elements{};      // per family
  uint64_t atomic_updates = 0;  // elements updated by __bang_atomic_*
  uint64_t barriers = 0;        // barrier arrivals, all cores
  uint64_t launches = 0;
  double seconds = 0;  // wall time of the launches
  // Per kernel name: launches and wall seconds (for time splits).
  std::map<std::string, std::pair<uint64_t, double>> kernels;
  ModelledTime modelled;  // the timing model's time of the launches

  Counters& operator+=(const Counters& other);
  uint64_t total_copy_bytes() const;
  uint64_t elements_of(Family f) const { return elements[static_cast<int>(f)]; }
  // One line, e.g. "G2N 12.0MB N2G 4.0MB arith 3.1M barriers 16 | model
  // 41.2us io-bound (io 93% move 0% compute 22% scalar 1%)".
  std::string summary() const;
};

// What CNRT notifiers and the device's clock and memory figures report
// (XBANG_TIME, docs/environment.md): the host's wall time and figures, or
// the timing model's MLU (docs/timing-model.md).
enum class TimeSource { kHost, kModel };
TimeSource time_source();
void set_time_source(TimeSource source);

// Counters of the last launch that finished on this host thread.
Counters last_launch_counters();
// Sum over all launches since the last reset (process-wide).
Counters total_counters();
void reset_counters();

}  // namespace xbang
