// A core's async-copy queue (xbang/runtime/async_copies.h): the copies
// XBANG_ASYNC=late holds until the core's sync, and the ranges checked mode
// keeps of every copy not yet synced.
#include "xbang/runtime/async_copies.h"

#include <vector>

#include "core_state.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

namespace {
struct Range {
  const char* lo;
  const char* hi;
  bool meets(const Range& o) const { return lo < o.hi && o.lo < hi; }
};
Range range_of(const void* base, const Segments& segments) {
  long lo, hi;
  segments.extent(&lo, &hi);
  return Range{static_cast<const char*>(base) + lo,
               static_cast<const char*>(base) + hi};
}
}  // namespace

void flush_pending_copies(CoreContext& core) {
  PrivateCoreState& state = private_state(core);
  for (const PendingCopy& copy : state.pending_copies) copy.perform();
  state.pending_copies.clear();
  state.unsynced_copies.clear();
  core.pending_copies = 0;
  core.checked.unsynced_copies = 0;
}

void queue_pending_copy(CoreContext& core, const PendingCopy& copy) {
  PrivateCoreState& state = private_state(core);
  state.pending_copies.push_back(copy);
  state.pending_copies.back().prefetch_source();
  core.pending_copies = uint32_t(state.pending_copies.size());
  if (state.pending_copies.size() > kMaxPendingCopies) {
    flush_pending_copies(core);
  }
}

void land_pending_copies_meeting(CoreContext& core, const void* dst,
                                 const void* src, const Segments& d,
                                 const Segments& s) {
  const Range to = range_of(dst, d), from = range_of(src, s);
  for (const PendingCopy& pending : private_state(core).pending_copies) {
    const Range pending_to = range_of(pending.dst, pending.d);
    if (pending_to.meets(to) || pending_to.meets(from) ||
        range_of(pending.src, pending.s).meets(to)) {
      flush_pending_copies(core);
      return;
    }
  }
}

// At kMaxPendingCopies the list starts afresh, as late mode lands its copies
// there, so that one check never walks more.
void note_unsynced_copy(CoreContext& core, const char* builtin, const void* dst,
                        const void* src, const Segments& d, const Segments& s,
                        const char* file, int line) {
  std::vector<UnsyncedCopy>& unsynced = private_state(core).unsynced_copies;
  if (unsynced.size() >= kMaxPendingCopies) unsynced.clear();
  const Range to = range_of(dst, d), from = range_of(src, s);
  unsynced.push_back({to.lo, to.hi, from.lo, from.hi, builtin, file, line});
  core.checked.unsynced_copies = uint32_t(unsynced.size());
}

void sync_pending_copies() {
  if (CoreContext* core = tls_core) {
    core->timeline.sync();
    if (has_unsynced_copies(*core)) flush_pending_copies(*core);
  }
}

}  // namespace detail
}  // namespace xbang
