#include "xbang/runtime/counters.h"

#include <cstdio>
#include <mutex>

#include "runtime_internal.h"

namespace xbang {

const char* direction_name(int direction) {
  static const char* const kNames[kNumDirections] = {
      "GDRAM2NRAM", "NRAM2GDRAM", "GDRAM2SRAM", "SRAM2GDRAM", "SRAM2NRAM",
      "NRAM2SRAM",  "NRAM2NRAM",  "NRAM2WRAM",  "WRAM2NRAM",  "GDRAM2WRAM",
      "SRAM2WRAM",  "SRAM2SRAM",  "GDRAM2GDRAM"};
  return direction >= 0 && direction < kNumDirections ? kNames[direction] : "?";
}

const char* family_name(Family family) {
  switch (family) {
    case Family::kArithmetic:
      return "arith";
    case Family::kCompareLogic:
      return "compare";
    case Family::kSelection:
      return "select";
    case Family::kConversion:
      return "convert";
    case Family::kLayout:
      return "layout";
    case Family::kGatherScatter:
      return "gather";
    case Family::kMatrix:
      return "mac";
    case Family::kAtomic:
      return "atomic";
    default:
      return "?";
  }
}

const char* bound_name(Bound bound) {
  switch (bound) {
    case Bound::kIo:
      return "io";
    case Bound::kMove:
      return "move";
    case Bound::kCompute:
      return "compute";
    case Bound::kScalar:
      return "scalar";
    case Bound::kBarrier:
      return "barrier";
    case Bound::kLaunch:
      return "launch";
    default:
      return "-";
  }
}

ModelledTime& ModelledTime::operator+=(const ModelledTime& other) {
  seconds += other.seconds;
  for (size_t s = 0; s < stream_seconds.size(); ++s) {
    stream_seconds[s] += other.stream_seconds[s];
  }
  barrier_seconds += other.barrier_seconds;
  overhead_seconds += other.overhead_seconds;
  return *this;
}

// The largest of the slowest core's stream times, its barrier waits and the
// overhead; ties go to the first in that order.
Bound ModelledTime::bound() const {
  if (seconds <= 0) return Bound::kNone;
  Bound bound = Bound::kIo;
  double most = stream_seconds[0];
  const Bound streams[] = {Bound::kIo, Bound::kMove, Bound::kCompute,
                           Bound::kScalar};
  for (size_t s = 1; s < stream_seconds.size(); ++s) {
    if (stream_seconds[s] > most) {
      most = stream_seconds[s];
      bound = streams[s];
    }
  }
  if (barrier_seconds > most) {
    most = barrier_seconds;
    bound = Bound::kBarrier;
  }
  if (overhead_seconds > most) bound = Bound::kLaunch;
  return bound;
}

double ModelledTime::busy_fraction(int stream) const {
  if (seconds <= 0 || stream < 0 || stream >= int(stream_seconds.size())) {
    return 0;
  }
  return stream_seconds[size_t(stream)] / seconds;
}

Counters& Counters::operator+=(const Counters& other) {
  for (int d = 0; d < kNumDirections; ++d) copy_bytes[d] += other.copy_bytes[d];
  for (int f = 0; f < kNumFamilies; ++f) elements[f] += other.elements[f];
  atomic_updates += other.atomic_updates;
  barriers += other.barriers;
  launches += other.launches;
  seconds += other.seconds;
  modelled += other.modelled;
  for (const auto& [name, stats] : other.kernels) {
    auto& mine = kernels[name];
    mine.first += stats.first;
    mine.second += stats.second;
  }
  return *this;
}

uint64_t Counters::total_copy_bytes() const {
  uint64_t total = 0;
  for (uint64_t b : copy_bytes) total += b;
  return total;
}

namespace {
std::string human(double v, const char* unit) {
  static const char* const kPrefixes[] = {"", "K", "M", "G", "T"};
  int p = 0;
  while (v >= 1000 && p < 4) {
    v /= 1000;
    ++p;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, p == 0 ? "%.0f%s%s" : "%.1f%s%s", v,
                kPrefixes[p], unit);
  return buf;
}

// 41.2us, 3.10ms, 1.20s.
std::string human_seconds(double s) {
  char buf[32];
  if (s < 1e-3) {
    std::snprintf(buf, sizeof buf, "%.1fus", s * 1e6);
  } else if (s < 1) {
    std::snprintf(buf, sizeof buf, "%.2fms", s * 1e3);
  } else {
    std::snprintf(buf, sizeof buf, "%.2fs", s);
  }
  return buf;
}

std::mutex totals_mutex;
Counters totals;
thread_local Counters last_launch;
}  // namespace

std::string Counters::summary() const {
  static const char* const kShort[kNumDirections] = {
      "G2N", "N2G", "G2S", "S2G", "S2N", "N2S", "N2N",
      "N2W", "W2N", "G2W", "S2W", "S2S", "G2G"};
  std::string out;
  auto add = [&](const std::string& item) {
    if (!out.empty()) out += ' ';
    out += item;
  };
  for (int d = 0; d < kNumDirections; ++d) {
    if (copy_bytes[d] != 0)
      add(std::string(kShort[d]) + " " + human(double(copy_bytes[d]), "B"));
  }
  for (int f = 0; f < kNumFamilies; ++f) {
    if (elements[f] != 0) {
      add(std::string(family_name(static_cast<Family>(f))) + " " +
          human(double(elements[f]), ""));
    }
  }
  if (atomic_updates != 0)
    add("atomic-upd " + human(double(atomic_updates), ""));
  if (barriers != 0) add("barriers " + human(double(barriers), ""));
  if (launches > 1) add("launches " + std::to_string(launches));
  if (modelled.seconds > 0) {
    char buf[160];
    std::snprintf(
        buf, sizeof buf,
        "| model %s %s-bound (io %.0f%% move %.0f%% compute %.0f%% "
        "scalar %.0f%% barrier %.0f%%)",
        human_seconds(modelled.seconds).c_str(), bound_name(modelled.bound()),
        100 * modelled.busy_fraction(0), 100 * modelled.busy_fraction(1),
        100 * modelled.busy_fraction(2), 100 * modelled.busy_fraction(3),
        100 * modelled.barrier_seconds / modelled.seconds);
    add(buf);
  }
  return out.empty() ? "-" : out;
}

Counters last_launch_counters() { return last_launch; }

Counters total_counters() {
  std::lock_guard<std::mutex> lock(totals_mutex);
  return totals;
}

void reset_counters() {
  std::lock_guard<std::mutex> lock(totals_mutex);
  totals = Counters{};
}

namespace detail {
void record_launch_counters(const Counters& launch) {
  last_launch = launch;
  std::lock_guard<std::mutex> lock(totals_mutex);
  totals += launch;
}
}  // namespace detail

}  // namespace xbang
