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

// Which built-ins pass a core's turn (CoreContext::turns).
enum class Turns : uint8_t {
  kNone,          // the core runs freely
  kSramBuiltins,  // lockstep: a built-in with an SRAM operand passes
  kEveryBuiltin,  // XBANG_SCHEDULE: every built-in passes
};

// The core passes its turn and waits for the next one.
void pass_turn(CoreContext& core);
// Set by the entry when the built-in it runs passes the core's turn.
extern __thread bool tls_turn_due __attribute__((tls_model("initial-exec")));

}  // namespace detail
}  // namespace xbang
