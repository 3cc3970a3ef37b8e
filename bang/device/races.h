// Checked mode's cross-core race check (docs/architecture.md, "Cross-core
// races"): each core notes its built-ins' SRAM and GDRAM accesses in a log,
// tagged with the barriers it has passed; once every core of the launch has
// finished, the logs are compared. Two accesses of different cores race when
// they share a byte, one writes (atomics race only with plain accesses), and
// no barrier both cores take lies between them. Device-private.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sync_group.h"
#include "xbang/runtime/races.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

class LaunchState;

struct RaceLog {
  // A built-in's call site; the log's accesses name it by index.
  struct Site {
    const char* builtin;
    const char* file;
    int line;
  };
  // The barriers of each scope the core has passed (both cores of a pair
  // take part in the same ones, so equal counts mean no barrier between).
  struct Epoch {
    uint32_t cluster = 0, all = 0, all_ipu = 0, all_mpu = 0;
  };
  struct Record {
    const char* lo;
    const char* hi;
    uint32_t site;
    uint32_t epoch;
    uint32_t shape;  // index + 1 into shapes, 0: all of [lo, hi)
    Access access;
    bool sram;
  };
  struct Shape {
    const char* base;
    Segments segments;
  };

  CoreSpec spec{};
  size_t budget = 0;  // records this core may keep
  std::vector<Record> records;
  std::vector<Epoch> epochs{Epoch{}};
  std::vector<Site> sites;
  std::vector<Shape> shapes;
  bool stopped = false;  // the launch's record budget ran out
  // The records last made, by a hash of their range (index + 1; 0: none):
  // kernels read the same rows again and again.
  static constexpr size_t kRecent = 512;
  // Each with its record's lowest byte, so that a new range's lookup reads
  // no record of the log unless that byte matches.
  struct Recent {
    const char* lo = nullptr;
    uint32_t record = 0;
  };
  std::array<Recent, kRecent> recent{};
  // The sites by a hash of their call site (index + 1; 0: none): a loop
  // alternates between a few call sites.
  static constexpr size_t kSiteSlots = 64;
  std::array<uint32_t, kSiteSlots> site_slots{};
  // Each site's last record (index + 1; 0: none), by site: a loop's call
  // sites each grow their own record while the others note theirs.
  std::vector<uint32_t> site_record;
  // Atomics are noted by the span each call site updates in an epoch (one
  // record each, by site): kernels scatter millions of them.
  std::vector<std::pair<uint32_t, uint32_t>> atomic_spans;  // site, record

  // The index of a call site, noted on first sight.
  uint32_t site_index(const char* builtin, const char* file, int line) {
    const size_t slot =
        ((reinterpret_cast<uintptr_t>(file) ^
          reinterpret_cast<uintptr_t>(builtin) ^ (uintptr_t(line) << 20)) *
         0x9E3779B97F4A7C15ull) >>
        (64 - 6);
    static_assert(kSiteSlots == 64, "the slot takes 6 bits");
    const uint32_t cached = site_slots[slot];
    if (cached != 0) {
      const Site& s = sites[cached - 1];
      if (s.line == line && s.builtin == builtin && s.file == file) {
        return cached - 1;
      }
    }
    return find_site(builtin, file, line, slot);
  }
  uint32_t find_site(const char* builtin, const char* file, int line,
                     size_t slot);
  // Empties the log, its memory kept.
  void clear();
  // The core passed a barrier of `scope` (one it takes part in).
  void passed_barrier(BarrierScope scope);
};

// The logs of a launch's cores and the check over them.
class RaceCheck {
 public:
  explicit RaceCheck(int cores) : logs_(size_t(cores)) {}
  // Gives its logs' memory to the next launches: fresh pages for a big
  // log cost more than the check (the kernel clears each one).
  ~RaceCheck();
  RaceCheck(const RaceCheck&) = delete;
  RaceCheck& operator=(const RaceCheck&) = delete;
  // The log of core `index` (the core's own thread), made on first use.
  RaceLog* log_of(int index, const CoreSpec& spec);
  // Gives back the log of core `index` once the core has finished, when it
  // noted nothing: a Block launch of a million tasks that never touch SRAM or
  // GDRAM through built-ins then holds a log per running core, not per task.
  void release_if_unused(int index);
  // Hands its logs' memory to the next launches (the launch state itself
  // may live on in pool threads a while).
  void recycle();
  // Once every core has finished: warns about each racing pair of call
  // sites (once per pair) of kernel `kernel`; `is_union`: barriers order.
  void report(const std::string& kernel, bool is_union) const;

  // Records a launch keeps (32 bytes each), shared by its cores, at least
  // kMinRecordsPerCore each.
  static constexpr size_t kMaxRecords = size_t(1) << 22;
  static constexpr size_t kMinRecordsPerCore = size_t(1) << 14;

 private:
  std::vector<std::unique_ptr<RaceLog>> logs_;
};

}  // namespace detail
}  // namespace xbang
