// The timing model's per-core part (docs/timing-model.md): each emulated
// core keeps a timeline of its instruction streams, and the entry wrapper
// (builtins/detail/entry.h) charges every built-in to one of them. The
// device turns the cores' timelines into a launch's modelled time.
//
// Times are integer ticks of 2^-16 ns, so that the hot path adds integers
// and every sum is exact: a core's timeline, and a launch's time summed from
// its cores in any order, are the same on every run.
#pragma once

#include <array>
#include <cstdint>

// 0 compiles the built-ins without charging the timeline: only the
// benchmark that measures what the model costs (bench/timing) does that.
#ifndef XBANG_TIMING_MODEL
#define XBANG_TIMING_MODEL 1
#endif

namespace xbang {

// The instruction streams of a core (Cambricon's BANG C develop guide):
// IO (GDRAM to and from on-chip memory), move (on-chip to on-chip), compute
// (vector and matrix built-ins), scalar (issuing built-ins).
enum class Stream : int { kIo, kMove, kCompute, kScalar, kCount };
inline constexpr int kNumStreams = static_cast<int>(Stream::kCount);

namespace detail {

// Model time: 2^-16 nanoseconds a tick.
using Ticks = uint64_t;
inline constexpr double kTicksPerNs = 65536;
inline double ticks_to_seconds(Ticks t) {
  return double(t) / kTicksPerNs * 1e-9;
}

// What a unit of work costs on one core of one launch (ticks): fixed by the
// profile's constants and the launch's shape (IO share).
struct StreamCosts {
  Ticks io_per_byte = 0;      // GDRAM, this core's share of bandwidth
  Ticks move_per_byte = 0;    // on-chip copies
  Ticks vector_per_byte = 0;  // vector built-ins
  Ticks vector_min = 0;       // a vector built-in's least: 128 bytes
  Ticks per_mac = 0;          // one multiply-accumulate (matrix)
  Ticks issue = 0;            // the scalar unit issuing one built-in
};

// Outside a launch nothing costs anything.
inline constexpr StreamCosts kNoCosts{};

// Per built-in the hot path does a few additions: compute never queues (a
// core waits for its vector built-ins), and the scalar stream's busy time is
// the built-ins issued times the issue cost, worked out at the end.
struct CoreTimeline {
  const StreamCosts* costs = &kNoCosts;
  Ticks now = 0;  // where the core's program is
  // When the IO and move streams are idle: async copies queue on them.
  std::array<Ticks, 2> free_at{};
  std::array<Ticks, 3> busy{};  // time the IO, move, compute streams worked
  uint64_t issued = 0;          // built-ins issued (the scalar stream)
  Ticks pending_until = 0;      // the end of the last async copy issued
  Ticks barrier_wait = 0;       // time spent waiting at barriers

  // A vector or matrix built-in: the program waits for it.
  void compute(Ticks t) {
    now += costs->issue + t;
    busy[int(Stream::kCompute)] += t;
    ++issued;
  }
  // A copy the program waits for (IO or move stream): it starts when its
  // stream is free.
  void copy(Stream stream, Ticks t) {
    const int s = static_cast<int>(stream);
    const Ticks issued_at = now + costs->issue;
    ++issued;
    now = (free_at[s] > issued_at ? free_at[s] : issued_at) + t;
    free_at[s] = now;
    busy[s] += t;
  }
  // __memcpy_async: queued on its stream; the program goes on.
  void copy_async(Stream stream, Ticks t) {
    const int s = static_cast<int>(stream);
    now += costs->issue;
    ++issued;
    free_at[s] = (free_at[s] > now ? free_at[s] : now) + t;
    busy[s] += t;
    if (free_at[s] > pending_until) pending_until = free_at[s];
  }
  // A built-in that only issues (a scalar access).
  void issue() {
    now += costs->issue;
    ++issued;
  }
  // __sync*, a barrier's arrival, the end of the kernel: the async copies
  // issued so far have landed.
  void sync() {
    if (pending_until > now) now = pending_until;
  }
  // Released from a barrier at `release` (the latest arrival).
  void wait_until(Ticks release) {
    if (release > now) {
      barrier_wait += release - now;
      now = release;
    }
  }

  // A vector built-in over `bytes`: 128 bytes a cycle, at least one cycle.
  Ticks vector_ticks(uint64_t bytes) const {
    const Ticks t = bytes * costs->vector_per_byte;
    return t > costs->vector_min ? t : costs->vector_min;
  }
  // The time stream `s` worked.
  Ticks busy_ticks(Stream stream) const {
    return stream == Stream::kScalar ? issued * costs->issue
                                     : busy[size_t(stream)];
  }
  // When everything the core issued has finished.
  Ticks end_ticks() const {
    Ticks end = now > pending_until ? now : pending_until;
    for (Ticks f : free_at) end = f > end ? f : end;
    return end;
  }
};

}  // namespace detail
}  // namespace xbang
