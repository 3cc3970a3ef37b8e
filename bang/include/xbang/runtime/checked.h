// Checked mode (docs/architecture.md): every violation of the BANG contract
// becomes a report naming the built-in, the kernel and taskId, and the
// offending operation is skipped instead of corrupting memory. Compiled in with
// XBANG_CHECKED=1 (CMake option XBANG_CHECKED); switchable at run time (on by
// default, off with XBANG_CHECKED=0 in the environment or set_enabled(false)).
// Checks apply to built-ins called inside a launch; called directly on host
// memory (as unit tests do) they only compute.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

#include "xbang/core/arch.h"
#include "xbang/runtime/task.h"

#ifndef XBANG_CHECKED
#define XBANG_CHECKED 1
#endif

namespace xbang {
namespace checked {

bool enabled();
void set_enabled(bool on);

struct Report {
  std::string builtin;
  std::string kernel;
  int task_id;  // -1 on the host
  bool on_mpu;
  std::string message;
  std::string text() const;  // the line printed to stderr
};
std::vector<Report> reports();  // all reports since clear_reports()
void clear_reports();

}  // namespace checked

namespace detail {

// The memory spaces an operand may live in. kGdramOrSram: either of the two
// (atomics' destination).
enum class Space { kNram, kWram, kSram, kGdram, kGdramOrSram };
const char* space_name(Space s);

extern std::atomic<bool> checked_flag;

// True when checked mode is on and the caller runs inside a launch.
inline bool checking_now() {
  return tls_core != nullptr && checked_flag.load(std::memory_order_relaxed);
}
void report(const char* builtin, const std::string& message);

// Each returns true when the operand is fine; otherwise reports and returns
// false, and the built-in does nothing.
bool check_space(const char* builtin, const char* operand, const void* p,
                 std::ptrdiff_t bytes, Space space);
// Whether [p, p+bytes) lies in `space` for the calling core (no report).
bool in_space(const void* p, std::ptrdiff_t bytes, Space space);
// Whether check_space would pass [p, p+bytes) in `space`: inside one variable
// of a section window, one SRAM section or one allocation (no report). False
// where it cannot tell quickly (block-scope variables): the caller then
// checks each part with check_space. Built-ins that move many small parts
// of one range check that range once this way.
bool space_check_passes(const void* p, std::ptrdiff_t bytes, Space space);
// Bumped by every release of GDRAM (memory.cpp).
extern std::atomic<uint64_t> gdram_registry_generation;
// [p, p + bytes) inside [begin, end), computed without forming p + bytes.
inline bool range_inside(const char* p, size_t bytes, const char* begin,
                         const char* end) {
  return p >= begin && p <= end && bytes <= size_t(end - p);
}
// The part of space_check_passes decided from the core's own caches, inline
// so that the common operand costs no call: NRAM/WRAM inside a variable a
// recent passing operand lay in, GDRAM inside one of the core's recent
// allocations while none has been released since. False means "ask
// check_space", not "fails".
inline bool passes_recent(const CoreContext& core, const void* p,
                          std::ptrdiff_t bytes, Space space) {
  const char* begin = static_cast<const char*>(p);
  if (space == Space::kNram || space == Space::kWram) {
    const CheckedFastPath::PassedObjects& passed =
        core.checked.passed_objects[space == Space::kNram ? 0 : 1];
    for (const CheckedFastPath::Object& o : passed.objects) {
      if (begin >= o.begin && begin + bytes <= o.end) return true;
    }
    return false;
  }
  if (space != Space::kGdram || bytes < 0) return false;
  const CheckedFastPath::RecentAllocations& recent = core.checked.recent_gdram;
  if (recent.generation !=
      gdram_registry_generation.load(std::memory_order_acquire)) {
    return false;
  }
  for (int i = 0; i < CheckedFastPath::RecentAllocations::kSize; ++i) {
    if (range_inside(begin, size_t(bytes), recent.begin[i], recent.end[i])) {
      return true;
    }
  }
  return false;
}
// A block-scope __nram__ / __wram__ variable of a .mlu file, noted once per
// host thread (XBANG_ONCHIP_LOCAL_): GCC drops the section of such a variable
// in a function template instantiation, so its space is known only this way.
void note_local_onchip(const void* p, std::size_t bytes, Space space);
bool check_count(const char* builtin, long count);
// [a, a + an) and [b, b + bn) share a byte.
inline bool ranges_overlap(const char* a, std::ptrdiff_t an, const char* b,
                           std::ptrdiff_t bn) {
  return a < b + bn && b < a + an;
}
// Each reports its finding and returns false.
bool report_partial_overlap(const char* builtin);
bool report_overlap(const char* builtin);
// In-place operands must coincide exactly or not overlap at all.
inline bool check_inplace(const char* builtin, const void* dst,
                          std::ptrdiff_t dbytes, const void* src,
                          std::ptrdiff_t sbytes) {
  const char* d = static_cast<const char*>(dst);
  const char* s = static_cast<const char*>(src);
  if (d == s || !ranges_overlap(d, dbytes, s, sbytes)) return true;
  return report_partial_overlap(builtin);
}
inline bool check_disjoint(const char* builtin, const void* dst,
                           std::ptrdiff_t dbytes, const void* src,
                           std::ptrdiff_t sbytes) {
  if (!ranges_overlap(static_cast<const char*>(dst), dbytes,
                      static_cast<const char*>(src), sbytes)) {
    return true;
  }
  return report_overlap(builtin);
}
// Arch < 372: n*sizeof(T) must be a multiple of 128 bytes. Decided with the
// kernel's own compile-time profile (built-ins are header-only).
bool report_vector_bytes(const char* builtin, std::ptrdiff_t bytes, int arch);
inline bool check_vector_bytes(const char* builtin, std::ptrdiff_t bytes) {
  if (!kNeedsAlignedVectors || bytes % 128 == 0) return true;
  return report_vector_bytes(builtin, bytes, kArch);
}
// A built-in's access to bytes of an async copy not yet synced: a read of
// its destination, a write to its destination or its source. On hardware the
// result depends on when the copy lands, so it is a warning naming both
// built-ins; the built-in still runs (the caller checks that the core has
// unsynced copies first).
void warn_unsynced_access(const char* builtin, const void* p,
                          std::ptrdiff_t bytes, bool write);

}  // namespace detail
}  // namespace xbang

// Operand checks stay out of line so a built-in's hot path stays small.
#define XBANG_CHECK_PATH __attribute__((noinline, cold))

#if XBANG_CHECKED
#define XBANG_CHECKING() (::xbang::detail::checking_now())
#else
#define XBANG_CHECKING() false
#endif

// Warnings: findings the hardware tolerates or whose outcome depends on its
// timing. A built-in skipped on the MPU is printed and listed once per kernel
// and built-in; an access to bytes of an unsynced async copy is listed each
// time (up to 10000 kept) and printed as reports are (1st, 10th, 100th...
// time of a finding). They never fail a launch.
namespace xbang {
namespace checked {
std::vector<Report> warnings();  // since clear_warnings()
void clear_warnings();
}  // namespace checked
namespace detail {
void warn_once(const char* builtin, const char* message);
// A warning of the calling core, counted and printed as reports are.
void warn(const char* builtin, const std::string& message);
// The same for a core named by its kernel and taskId (the race check, which
// runs once the cores have finished).
void warn_for_core(const std::string& kernel, int task_id, bool on_mpu,
                   const char* builtin, const std::string& message);
}  // namespace detail
}  // namespace xbang
