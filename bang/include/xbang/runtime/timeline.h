// The timing model's per-core part (docs/timing-model.md): each emulated
// core keeps a timeline of its instruction streams, and the entry wrapper
// (builtins/detail/entry.h) charges every built-in to one of them. The
// device turns the cores' timelines into a launch's modelled time.
//
// Times are nanoseconds in doubles, added in the core's program order, so a
// core's timeline is the same on every run whatever the host threads do.
#pragma once

#include <array>
#include <cstdint>

namespace xbang {

// The instruction streams of a core (Cambricon's BANG C develop guide):
// IO (GDRAM to and from on-chip memory), move (on-chip to on-chip), compute
// (vector and matrix built-ins), scalar (issuing built-ins).
enum class Stream : int { kIo, kMove, kCompute, kScalar, kCount };
inline constexpr int kNumStreams = static_cast<int>(Stream::kCount);

namespace detail {

// What a unit of work costs on one core of one launch (nanoseconds): fixed
// by the profile's constants and the launch's shape (IO share).
struct StreamCosts {
  double io_ns_per_byte = 0;      // GDRAM, this core's share of bandwidth
  double move_ns_per_byte = 0;    // on-chip copies
  double vector_ns_per_byte = 0;  // vector built-ins
  double vector_min_ns = 0;       // a vector built-in's least: 128 bytes
  double mac_ns = 0;              // one multiply-accumulate (matrix)
  double issue_ns = 0;            // the scalar unit issuing one built-in
};

// Outside a launch nothing costs anything.
inline constexpr StreamCosts kNoCosts{};

struct CoreTimeline {
  const StreamCosts* costs = &kNoCosts;
  double now = 0;                      // where the core's program is
  std::array<double, kNumStreams> free_at{};  // when each stream is idle
  std::array<double, kNumStreams> busy{};     // time each stream worked
  double pending_until = 0;  // the end of the last async copy issued
  double barrier_wait = 0;   // time spent waiting at barriers

  // A built-in the program waits for: it starts when its stream is free.
  void run(Stream stream, double ns) {
    const int s = static_cast<int>(stream);
    now += costs->issue_ns;
    busy[int(Stream::kScalar)] += costs->issue_ns;
    const double start = free_at[s] > now ? free_at[s] : now;
    now = start + ns;
    free_at[s] = now;
    busy[s] += ns;
  }
  // __memcpy_async: queued on its stream; the program goes on.
  void issue_async(Stream stream, double ns) {
    const int s = static_cast<int>(stream);
    now += costs->issue_ns;
    busy[int(Stream::kScalar)] += costs->issue_ns;
    const double start = free_at[s] > now ? free_at[s] : now;
    free_at[s] = start + ns;
    busy[s] += ns;
    if (free_at[s] > pending_until) pending_until = free_at[s];
  }
  // A built-in that only issues (a scalar access).
  void issue() {
    now += costs->issue_ns;
    busy[int(Stream::kScalar)] += costs->issue_ns;
  }
  // __sync*, a barrier's arrival, the end of the kernel: the async copies
  // issued so far have landed.
  void sync() {
    if (pending_until > now) now = pending_until;
  }
  // Released from a barrier at `release` (the latest arrival).
  void wait_until(double release) {
    if (release > now) {
      barrier_wait += release - now;
      now = release;
    }
  }

  // Costs of the built-in families.
  double vector_ns(uint64_t bytes) const {
    const double ns = double(bytes) * costs->vector_ns_per_byte;
    return ns > costs->vector_min_ns ? ns : costs->vector_min_ns;
  }
};

}  // namespace detail
}  // namespace xbang
