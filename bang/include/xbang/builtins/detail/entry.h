// The one entry every built-in goes through. A built-in states its
// contract (counts, operands with their space and byte size, in-place
// rules, the pre-372 vector-bytes rule, its own conditions) and what it
// counts; the entry then
//   - on the MPU of a Union launch, skips a built-in that touches NRAM or
//     WRAM (the memory core has neither; on hardware such a call does
//     nothing) without counting it, and in checked mode warns once per
//     kernel and built-in;
//   - in checked mode, validates the contract and skips the built-in on the
//     first violation (reported with built-in, kernel and taskId), and notes
//     its SRAM and GDRAM operands with its call site for the race check
//     (races.h);
//   - when the core keeps step with its cluster (a schedule, or the
//     lockstep of a launch with SRAM), waits for its turn around the body;
//   - runs the body and adds the tally to the core's counters.
// With checked mode off the contract is never built: the hot path is one
// thread-local load, one flag test, the body and one counter add.
//
//   template <class T>
//   void __bang_foo(T* dst, const T* src, int n) {
//     xbang::detail::run_builtin(
//         "__bang_foo", xbang::detail::Tally::elements(Family::kArithmetic, n),
//         [&](xbang::detail::Contract& c) {
//           c.count(n).dst(dst, n * sizeof(T)).vector_bytes(n * sizeof(T))
//               .src("src", src, n * sizeof(T));
//         },
//         [&] { /* compute */ });
//   }
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "xbang/core/timing.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/scalar_access.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

// A built-in's contract, evaluated in one of two modes: kValidate checks
// each clause in order and stops at the first violation (reported);
// kProbe checks nothing and only records whether an operand is on-chip
// (NRAM/WRAM), for the MPU rule.
class Contract {
 public:
  enum class Mode { kValidate, kProbe };
  Contract(const char* builtin, Mode mode) : builtin_(builtin), mode_(mode) {}

  bool ok() const { return ok_; }
  bool touches_onchip() const { return onchip_; }
  bool touches_sram() const { return sram_; }
  const char* builtin() const { return builtin_; }

  // A count or size argument: must not be negative.
  Contract& count(long n) {
    if (validating() && n < 0) ok_ = check_count(builtin_, n);  // reports
    return *this;
  }
  // A condition of the built-in's own; `message()` says what is wrong.
  template <class Message>
  Contract& require(bool condition, Message message) {
    if (validating() && !condition) {
      report(builtin_, message());
      ok_ = false;
    }
    return *this;
  }
  // The destination: [p, p + bytes) inside `where`. Later sources are
  // checked against it.
  Contract& dst(const void* p, std::ptrdiff_t bytes,
                Space where = Space::kNram) {
    dst_ = p;
    dst_bytes_ = bytes;
    operand("dst", p, bytes, where, Access::kWrite);
    return unsynced(p, bytes, /*write=*/true);
  }
  // A source read in full: inside `where`, equal to or disjoint from dst
  // (exact in place); a read of bytes an unsynced __memcpy_async writes is
  // warned about.
  Contract& src(const char* name, const void* p, std::ptrdiff_t bytes,
                Space where = Space::kNram) {
    operand(name, p, bytes, where);
    if (validating() && dst_ != nullptr) {
      ok_ = check_inplace(builtin_, dst_, dst_bytes_, p, bytes);
    }
    return pending(p, bytes);
  }
  // A source that must not overlap dst at all.
  Contract& disjoint_src(const char* name, const void* p, std::ptrdiff_t bytes,
                         Space where = Space::kNram) {
    operand(name, p, bytes, where);
    if (validating() && dst_ != nullptr) {
      ok_ = check_disjoint(builtin_, dst_, dst_bytes_, p, bytes);
    }
    return pending(p, bytes);
  }
  // Any other operand: its space is checked and, in SRAM or GDRAM, its
  // access noted for the race check (`shape`: the segments from `base` it
  // touches, when not all of [p, p + bytes)).
  Contract& operand(const char* name, const void* p, std::ptrdiff_t bytes,
                    Space where, Access access = Access::kRead,
                    const void* base = nullptr,
                    const Segments* shape = nullptr) {
    if (where == Space::kNram || where == Space::kWram) onchip_ = true;
    if (where == Space::kSram) sram_ = true;
    if (!validating()) {
      if (mode_ == Mode::kProbe && where == Space::kGdramOrSram &&
          in_space(p, bytes, Space::kSram)) {
        sram_ = true;
      }
      return *this;
    }
    bool sram = where == Space::kSram;
    if (where == Space::kGdramOrSram) {
      // Inside one of the core's recent allocations: GDRAM, not SRAM (the
      // two never share an address).
      const CoreContext* core = tls_core;
      if (core == nullptr || bytes <= 0 ||
          !passes_recent(*core, p, bytes, Space::kGdram)) {
        sram = in_space(p, bytes, Space::kSram);
        if (!sram && !in_space(p, bytes, Space::kGdram)) {
          ok_ =
              check_space(builtin_, name, p, bytes, Space::kGdram);  // reports
        }
      }
    } else {
      const CoreContext* core = tls_core;
      if (core != nullptr && bytes > 0 &&
          !passes_recent(*core, p, bytes, where)) {
        ok_ = check_space(builtin_, name, p, bytes, where);
      }
    }
    if (ok_ && bytes > 0 && where != Space::kNram && where != Space::kWram &&
        tls_core != nullptr && tls_core->checked.notes_shared_accesses) {
      if (shape != nullptr) {
        note_shared_access(builtin_, file_, line_, base, *shape, access, sram);
      } else {
        note_shared_access(builtin_, file_, line_, p, contiguous_bytes(bytes),
                           access, sram);
      }
    }
    return *this;
  }
  // The built-in's call site, for race reports.
  Contract& at(const char* file, int line) {
    file_ = file;
    line_ = line;
    return *this;
  }
  // A compute-core instruction whatever its operands (a scalar operand is
  // staged in NRAM): skipped on the MPU like an on-chip operand.
  Contract& compute_core_only() {
    onchip_ = true;
    return *this;
  }
  // A read: warned about when an unsynced __memcpy_async writes those bytes
  // (what it reads depends on when the copy lands).
  Contract& pending(const void* p, std::ptrdiff_t bytes) {
    return unsynced(p, bytes, /*write=*/false);
  }
  // The one test an access pays while no async copy is unsynced.
  Contract& unsynced(const void* p, std::ptrdiff_t bytes, bool write) {
    const CoreContext* core = tls_core;
    if (validating() && core != nullptr && core->checked.unsynced_copies != 0) {
      warn_unsynced_access(builtin_, p, bytes, write);
    }
    return *this;
  }
  // Arch < 372: a vector operand's byte size is a multiple of 128.
  Contract& vector_bytes(std::ptrdiff_t bytes) {
    if (validating()) ok_ = check_vector_bytes(builtin_, bytes);
    return *this;
  }

 private:
  bool validating() const { return mode_ == Mode::kValidate && ok_; }
  static Segments contiguous_bytes(std::ptrdiff_t bytes) {
    return {long(bytes), 0, 1, 0, 1};
  }

  const char* builtin_;
  Mode mode_;
  bool ok_ = true;
  bool onchip_ = false;
  bool sram_ = false;
  const char* file_ = nullptr;
  int line_ = 0;
  const void* dst_ = nullptr;
  std::ptrdiff_t dst_bytes_ = 0;
};

// Copy directions (mluMemcpyDirection_t, numbered as direction_name lists
// them) that read or write GDRAM: bit d for direction d. The others stay on
// chip (the move stream).
inline constexpr uint32_t kGdramReadDirections =
    (1u << 0) | (1u << 2) | (1u << 9) | (1u << 12);  // G2N G2S G2W G2G
inline constexpr uint32_t kGdramWriteDirections =
    (1u << 1) | (1u << 3) | (1u << 12);  // N2G S2G G2G
inline constexpr uint32_t kGdramDirections =
    kGdramReadDirections | kGdramWriteDirections;

// What a built-in adds to the core's counters when it runs, and what it
// costs on the core's timeline (xbang/runtime/timeline.h).
struct Tally {
  enum class Kind { kNone, kElements, kCopy, kAtomic };
  Kind kind = Kind::kNone;
  bool async = false;  // a __memcpy_async
  int index = 0;       // Family or copy direction
  uint64_t amount = 0;
  uint64_t unit = 0;      // an element's bytes, or a copy segment's
  uint64_t segments = 0;  // a copy's segments

  static Tally none() { return {}; }
  // n elements (a negative n counts nothing) of a built-in family, each
  // `element_bytes` wide (the matrix family counts multiply-accumulates).
  static Tally elements(Family family, long long n, int element_bytes = 4) {
    return {Kind::kElements,          false,
            static_cast<int>(family), n > 0 ? uint64_t(n) : 0,
            uint64_t(element_bytes),  0};
  }
  // `segments` runs of `segment_bytes` moved in a copy direction.
  static Tally copy(int direction, long long segment_bytes, long long segments,
                    bool async = false) {
    if (unsigned(direction) >= unsigned(kNumDirections) || segment_bytes <= 0 ||
        segments <= 0) {
      return {Kind::kCopy, async, 0, 0, 0, 0};
    }
    return {Kind::kCopy,
            async,
            direction,
            uint64_t(segment_bytes * segments),
            uint64_t(segment_bytes),
            uint64_t(segments)};
  }
  // One contiguous run of `bytes`.
  static Tally copy(int direction, long long bytes) {
    return copy(direction, bytes, 1);
  }
  // Elements updated atomically (also counted in the atomic family).
  static Tally atomic(long long n) {
    return {Kind::kAtomic,           false, static_cast<int>(Family::kAtomic),
            n > 0 ? uint64_t(n) : 0, 0,     0};
  }

  // A copy's time: GDRAM in whole 64-byte units per segment (a partial unit
  // written is also read), on-chip bytes as they are.
  Ticks copy_ticks(const StreamCosts& costs) const {
    const uint32_t bit = 1u << index;
    if (!(bit & kGdramDirections)) return amount * costs.move_per_byte;
    const uint64_t units = (unit + kGdramUnitBytes - 1) / kGdramUnitBytes;
    uint64_t bytes = 0;
    if (bit & kGdramReadDirections) bytes += units;
    if (bit & kGdramWriteDirections) {
      bytes += units + (unit % kGdramUnitBytes != 0 ? 1 : 0);
    }
    return bytes * segments * kGdramUnitBytes * costs.io_per_byte;
  }

  // Inlined into every entry, where the kind is a constant.
  __attribute__((always_inline)) void add_to(CoreContext& core) const {
    switch (kind) {
      case Kind::kElements:
        core.elements[index] += amount;
        break;
      case Kind::kCopy:
        core.copy_bytes[index] += amount;
        break;
      case Kind::kAtomic:
        core.atomic_updates += amount;
        core.elements[index] += amount;
        break;
      case Kind::kNone:
        break;
    }
    if constexpr (XBANG_TIMING_MODEL != 0) charge(core.timeline);
  }

  // A copy's charge.
  __attribute__((always_inline)) static void charge_copy_here(
      CoreTimeline& timeline, const Tally& tally) {
    const Stream stream =
        ((1u << tally.index) & kGdramDirections) ? Stream::kIo : Stream::kMove;
    const Ticks ticks = tally.copy_ticks(timeline.costs);
    if (tally.async) {
      timeline.copy_async(stream, ticks);
    } else {
      timeline.copy(stream, ticks);
    }
  }
  // The same, out of line: inlined where the direction is not a constant,
  // its code would make the compiler stop inlining the copy built-ins into
  // kernels, which costs more than a call.
  __attribute__((noinline)) static void charge_copy(CoreTimeline& timeline,
                                                    const Tally& tally) {
    charge_copy_here(timeline, tally);
  }

  // The built-in's time on the core's timeline.
  __attribute__((always_inline)) void charge(CoreTimeline& timeline) const {
    const StreamCosts& costs = timeline.costs;
    switch (kind) {
      case Kind::kElements:
        if (index == static_cast<int>(Family::kMatrix)) {
          timeline.matrix(amount * costs.per_mac);
        } else {
          timeline.vector(amount * unit);
        }
        break;
      case Kind::kCopy:
        // A direction known where the built-in is inlined (a kernel's
        // __memcpy) folds the charge to a few additions.
        if (__builtin_constant_p(index) && __builtin_constant_p(async)) {
          charge_copy_here(timeline, *this);
        } else {
          charge_copy(timeline, *this);
        }
        break;
      case Kind::kAtomic:
        // Each element: a GDRAM unit read and written.
        timeline.copy(Stream::kIo,
                      amount * 2 * kGdramUnitBytes * costs.io_per_byte);
        break;
      case Kind::kNone:
        timeline.issue();
        break;
    }
  }
};

// A copy a built-in makes besides what its tally counts (the segments a
// gather moved): counted and costed like a copy's tally.
inline void add_copy(int direction, long long segment_bytes,
                     long long segments) {
  if (CoreContext* core = tls_core) {
    Tally::copy(direction, segment_bytes, segments).add_to(*core);
  }
}

inline bool checked_mode_on() {
#if XBANG_CHECKED
  return checked_flag.load(std::memory_order_relaxed);
#else
  return false;
#endif
}

// Whether the built-in may run on this core: the MPU rule, then (checked
// mode) the contract.
template <class Describe>
XBANG_CHECK_PATH bool admit(const char* builtin, CoreContext& core,
                            const Describe& describe) {
  const bool checking = checked_mode_on();
  if (core.is_mpu || core.turns != Turns::kNone) {
    Contract probe(builtin, Contract::Mode::kProbe);
    describe(probe);
    if (core.turns == Turns::kEveryBuiltin) {
      tls_turn_due = true;  // passed once the built-in has run or been skipped
    } else if (core.turns == Turns::kSramBuiltins && probe.touches_sram()) {
      keep_pace(core);
      tls_turn_due = true;
    }
    if (core.is_mpu && probe.touches_onchip()) {
      if (checking) {
        warn_once(builtin,
                  "called on the MPU, which has no NRAM or WRAM: skipped "
                  "(missing `if (__is_mpu()) return;`?)");
      }
      return false;
    }
  }
  if (!checking) return true;
  Contract contract(builtin, Contract::Mode::kValidate);
  describe(contract);
  return contract.ok();
}

// Forced inline, so that the body sees the call site's constants (a pad's
// row sizes, a register's lane count) as it would without the entry. For
// the same reason a contract lambda captures by value ([=]): operands it
// captured by reference would escape into the out-of-line check and be
// reloaded in the body.
// In a file compiled for checked mode's scalar accesses
// (xbang/runtime/scalar_access.h), out of line and uninstrumented instead:
// the built-in's loads and stores call no callback, and what it calls out of
// line is skipped by its BuiltinScope.
#if XBANG_SCALAR_CHECKED
#define XBANG_ENTRY_INLINE \
  inline __attribute__((noinline, no_sanitize("coverage")))
#define XBANG_ENTRY_SCOPE() const BuiltinScope builtin_scope
#else
#define XBANG_ENTRY_INLINE inline __attribute__((always_inline))
#define XBANG_ENTRY_SCOPE() (void)0
#endif

// Runs `body()` under the entry's rules and returns its result, or
// `skipped` when the built-in does not run.
// A core that takes turns passes its turn once the built-in that made it
// due has run or been skipped.
XBANG_CHECK_PATH inline void pass_turn_if_due(CoreContext& core) {
  if (!tls_turn_due) return;
  tls_turn_due = false;
  pass_turn(core);
}

// Whether the entry takes its slow path: the MPU rule, turns, checked mode.
inline bool entry_checks(const CoreContext& core) {
  return core.is_mpu || core.turns != Turns::kNone || checked_mode_on();
}

template <class R, class Describe, class Body>
XBANG_ENTRY_INLINE R run_builtin_or(R skipped, const char* builtin, Tally tally,
                                    const Describe& describe,
                                    const Body& body) {
  XBANG_ENTRY_SCOPE();
  CoreContext* const core = tls_core;
  if (core != nullptr && entry_checks(*core) &&
      !admit(builtin, *core, describe)) {
    if (core->turns != Turns::kNone) pass_turn_if_due(*core);
    return skipped;
  }
  R result = body();
  if (core != nullptr) {
    tally.add_to(*core);
    if (core->turns != Turns::kNone) pass_turn_if_due(*core);
  }
  return result;
}

template <class Describe, class Body>
XBANG_ENTRY_INLINE void run_builtin(const char* builtin, Tally tally,
                                    const Describe& describe,
                                    const Body& body) {
  XBANG_ENTRY_SCOPE();
  CoreContext* const core = tls_core;
  if (core != nullptr && entry_checks(*core) &&
      !admit(builtin, *core, describe)) {
    if (core->turns != Turns::kNone) pass_turn_if_due(*core);
    return;
  }
  body();
  if (core != nullptr) {
    tally.add_to(*core);
    if (core->turns != Turns::kNone) pass_turn_if_due(*core);
  }
}

}  // namespace detail
}  // namespace xbang
