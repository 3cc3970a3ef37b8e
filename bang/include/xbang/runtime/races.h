// What a kernel's built-ins tell the device about shared memory and turns
// (docs/architecture.md, "Cross-core races" and "Schedules"):
// - checked mode notes each built-in operand in SRAM or GDRAM; at the end of
//   the launch the device reports bytes one core writes and another core
//   reads or writes with no barrier of both between them;
// - a core that takes turns (XBANG_SCHEDULE, or the lockstep of a launch
//   with SRAM) passes its turn after a built-in.
#pragma once

#include <cstdint>

#include "xbang/runtime/async_copies.h"

namespace xbang {
namespace detail {

struct CoreContext;

// How a built-in touches an operand's bytes. Atomics do not race with each
// other, only with plain reads and writes.
enum class Access : uint8_t { kRead, kWrite, kAtomic };

// Checked mode: `builtin` (called at file:line; file may be null) touches
// the bytes of `segments` from `base`, in the SRAM of the core's cluster
// (`sram`) or in GDRAM.
void note_shared_access(const char* builtin, const char* file, int line,
                        const void* base, const Segments& segments,
                        Access access, bool sram);

// How a core keeps step with the others of its cluster (CoreContext::turns).
enum class Turns : uint8_t {
  kNone,  // it runs freely
  // Lockstep: the cores run at once, but a core's k-th built-in with an SRAM
  // operand since the last barrier starts only once every other core of
  // the cluster has finished its (k-1)-th or waits at a barrier.
  kSramBuiltins,
  // XBANG_SCHEDULE: one core at a time, each up to and including one
  // built-in, then the next core.
  kEveryBuiltin,
};

// Lockstep: before a built-in with an SRAM operand, waits until the others
// have caught up.
void keep_pace(CoreContext& core);
// After the built-in: lockstep counts it; a schedule passes the core's turn
// and waits for the next one.
void pass_turn(CoreContext& core);
// Set by the entry when the built-in it runs passes the core's turn.
extern __thread bool tls_turn_due __attribute__((tls_model("initial-exec")));

}  // namespace detail
}  // namespace xbang
