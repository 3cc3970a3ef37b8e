// Checked mode's cross-core race check (races.h).
#include "races.h"

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <set>
#include <tuple>
#include <utility>

#include "core_state.h"
#include "device_api.h"
#include "launch_state.h"
#include "xbang/runtime/checked.h"

namespace xbang {
namespace detail {

uint32_t RaceLog::find_site(const char* builtin, const char* file, int line,
                            size_t slot) {
  // Few sites per kernel.
  uint32_t index = uint32_t(sites.size());
  for (size_t i = sites.size(); i-- > 0;) {
    const Site& s = sites[i];
    if (s.line == line && s.builtin == builtin && s.file == file) {
      index = uint32_t(i);
      break;
    }
  }
  if (index == sites.size()) {
    sites.push_back({builtin, file, line});
    site_record.push_back(0);
  }
  site_slots[slot] = index + 1;
  return index;
}

void RaceLog::passed_barrier(BarrierScope scope) {
  atomic_spans.clear();
  Epoch next = epochs.back();
  switch (scope) {
    case BarrierScope::kCluster:
      ++next.cluster;
      break;
    case BarrierScope::kAll:
      ++next.all;
      break;
    case BarrierScope::kAllIpu:
      ++next.all_ipu;
      break;
    case BarrierScope::kAllMpu:
      ++next.all_mpu;
      break;
  }
  // An epoch without accesses is replaced, not kept.
  if (!records.empty() && records.back().epoch == epochs.size() - 1) {
    epochs.push_back(next);
  } else {
    epochs.back() = next;
  }
}

void RaceLog::clear() {
  records.clear();
  epochs.assign(1, Epoch{});
  sites.clear();
  shapes.clear();
  stopped = false;
  recent.fill({});
  site_slots.fill(0);
  site_record.clear();
  atomic_spans.clear();
}

namespace {
// Logs of finished launches, their memory kept for the next ones.
std::mutex spare_logs_mutex;
std::vector<std::unique_ptr<RaceLog>>& spare_logs() {
  static auto* logs = new std::vector<std::unique_ptr<RaceLog>>;
  return *logs;
}
constexpr size_t kMaxSpareLogs = 256;

std::unique_ptr<RaceLog> take_spare_log() {
  std::lock_guard<std::mutex> lock(spare_logs_mutex);
  auto& spare = spare_logs();
  if (spare.empty()) return std::make_unique<RaceLog>();
  std::unique_ptr<RaceLog> log = std::move(spare.back());
  spare.pop_back();
  return log;
}
}  // namespace

RaceCheck::~RaceCheck() { recycle(); }

void RaceCheck::recycle() {
  std::lock_guard<std::mutex> lock(spare_logs_mutex);
  auto& spare = spare_logs();
  for (auto& log : logs_) {
    if (!log || spare.size() >= kMaxSpareLogs) continue;
    log->clear();
    spare.push_back(std::move(log));
  }
}

void RaceCheck::release_if_unused(int index) {
  std::unique_ptr<RaceLog>& log = logs_[size_t(index)];
  if (!log || !log->records.empty()) return;
  log->clear();
  std::lock_guard<std::mutex> lock(spare_logs_mutex);
  auto& spare = spare_logs();
  if (spare.size() < kMaxSpareLogs) {
    spare.push_back(std::move(log));
  } else {
    log.reset();
  }
}

RaceLog* RaceCheck::log_of(int index, const CoreSpec& spec) {
  auto& log = logs_[size_t(index)];
  if (!log) {
    log = take_spare_log();
    log->spec = spec;
    log->budget = std::max(kMinRecordsPerCore, kMaxRecords / logs_.size());
  }
  return log.get();
}

namespace {

// Whether the segments cover every byte from their lowest to their highest.
bool dense(const Segments& s) {
  if (s.count() == 1) return true;
  if (s.n1 == 1) return s.stride0 == s.size;
  return s.stride0 == s.size && s.stride1 == s.size * s.n0;
}

}  // namespace

void note_shared_access(const char* builtin, const char* file, int line,
                        const void* base, const Segments& segments,
                        Access access, bool sram) {
  CoreContext* core = tls_core;
  if (core == nullptr || private_state(*core).race_log == nullptr) return;
  RaceLog& log = *private_state(*core).race_log;
  if (log.stopped || segments.size <= 0 || segments.count() <= 0) return;
  long lo_offset, hi_offset;
  segments.extent(&lo_offset, &hi_offset);
  const char* lo = static_cast<const char*>(base) + lo_offset;
  const char* hi = static_cast<const char*>(base) + hi_offset;
  const uint32_t site = log.site_index(builtin, file, line);
  const uint32_t epoch = uint32_t(log.epochs.size() - 1);
  const bool whole = dense(segments);
  // A loop over consecutive or repeated ranges grows one record per call
  // site: the site's last record, whatever the loop's other sites noted
  // since. A write grows only the log's last record: cores writing the same
  // bytes at one site (a cluster's staged tile) must keep equal records.
  const uint32_t site_last = log.site_record[site];
  if (whole && site_last != 0 &&
      (access != Access::kWrite || site_last == log.records.size())) {
    RaceLog::Record& last = log.records[site_last - 1];
    if (last.shape == 0 && last.epoch == epoch && last.access == access &&
        last.sram == sram && lo <= last.hi && hi >= last.lo) {
      last.lo = std::min(last.lo, lo);
      last.hi = std::max(last.hi, hi);
      return;
    }
  }
  if (access == Access::kAtomic) {
    for (const auto& span : log.atomic_spans) {
      RaceLog::Record& r = log.records[span.second];
      if (span.first != site || r.epoch != epoch || r.sram != sram) continue;
      // Inside the span already: it grows no further.
      if (lo >= r.lo && hi <= r.hi) return;
      // One site's updates grow one span, but never across GDRAM
      // allocations: the bytes between two buffers belong to others, whose
      // plain accesses would then seem to race with these updates.
      const char* span_lo = std::min(r.lo, lo);
      const char* span_hi = std::max(r.hi, hi);
      if (sram || gdram_contains(span_lo, span_hi - span_lo)) {
        r.lo = span_lo;
        r.hi = span_hi;
        return;
      }
    }
  }
  // The same access again in the same epoch adds nothing.
  const size_t slot = ((reinterpret_cast<uintptr_t>(lo) ^
                        (reinterpret_cast<uintptr_t>(hi) << 17)) *
                       0x9E3779B97F4A7C15ull) >>
                      (64 - 9);
  static_assert(RaceLog::kRecent == 512, "the slot takes 9 bits");
  if (whole && log.recent[slot].record != 0 && log.recent[slot].lo == lo) {
    const RaceLog::Record& seen = log.records[log.recent[slot].record - 1];
    if (seen.lo == lo && seen.hi == hi && seen.shape == 0 &&
        seen.site == site && seen.epoch == epoch && seen.access == access &&
        seen.sram == sram) {
      return;
    }
  }
  if (log.records.size() >= log.budget) {
    log.stopped = true;
    warn_once(builtin,
              "the race check stops noting this core's accesses here: "
              "its SRAM and GDRAM accesses exceed its budget of records");
    return;
  }
  uint32_t shape = 0;
  if (!whole) {
    log.shapes.push_back({static_cast<const char*>(base), segments});
    shape = uint32_t(log.shapes.size());
  }
  if (access == Access::kAtomic) {
    log.atomic_spans.emplace_back(site, uint32_t(log.records.size()));
  }
  log.records.push_back({lo, hi, site, epoch, shape, access, sram});
  if (whole) {
    log.recent[slot] = {lo, uint32_t(log.records.size())};
    log.site_record[site] = uint32_t(log.records.size());
  }
}

namespace {

struct Range {
  const char* lo;
  const char* hi;
  bool operator<(const Range& o) const { return lo < o.lo; }
};

constexpr long kMaxSegmentsCompared = 1 << 16;

// The byte ranges a record touches, sorted (its extent alone when it has
// too many segments to list).
std::vector<Range> ranges_of(const RaceLog& log, const RaceLog::Record& r) {
  if (r.shape == 0) return {{r.lo, r.hi}};
  const RaceLog::Shape& shape = log.shapes[r.shape - 1];
  const Segments& s = shape.segments;
  if (s.count() > kMaxSegmentsCompared) return {{r.lo, r.hi}};
  std::vector<Range> out;
  out.reserve(size_t(s.count()));
  for (long k = 0; k < s.count(); ++k) {
    const char* lo = shape.base + s.offset(k);
    out.push_back({lo, lo + s.size});
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The first bytes two records share, or an empty range.
Range shared_bytes(const RaceLog& a_log, const RaceLog::Record& a,
                   const RaceLog& b_log, const RaceLog::Record& b) {
  const std::vector<Range> as = ranges_of(a_log, a), bs = ranges_of(b_log, b);
  size_t i = 0, j = 0;
  while (i < as.size() && j < bs.size()) {
    const char* lo = std::max(as[i].lo, bs[j].lo);
    const char* hi = std::min(as[i].hi, bs[j].hi);
    if (lo < hi) return {lo, hi};
    if (as[i].hi <= bs[j].hi) {
      ++i;
    } else {
      ++j;
    }
  }
  return {nullptr, nullptr};
}

// The barriers both cores take part in, counted up to an access's epoch.
uint32_t shared_barriers(const CoreSpec& self, const CoreSpec& other,
                         const RaceLog::Epoch& e) {
  uint32_t n = e.all;
  if (self.cluster == other.cluster) n += e.cluster;
  if (!self.is_mpu && !other.is_mpu) n += e.all_ipu;
  if (self.is_mpu && other.is_mpu) n += e.all_mpu;
  return n;
}

// Two call sites and how each touches the bytes.
struct SitePair {
  const char* a_builtin;
  const char* a_file;
  int a_line;
  Access a_access;
  const char* b_builtin;
  const char* b_file;
  int b_line;
  Access b_access;
  auto tie() const {
    return std::tie(a_builtin, a_file, a_line, a_access, b_builtin, b_file,
                    b_line, b_access);
  }
  bool operator<(const SitePair& o) const { return tie() < o.tie(); }
  SitePair mirrored() const {
    return {b_builtin, b_file, b_line, b_access,
            a_builtin, a_file, a_line, a_access};
  }
};

struct Ref {
  const char* lo;
  const char* hi;
  uint32_t log;
  uint32_t record;
};

const char* access_verb(Access a) {
  switch (a) {
    case Access::kRead:
      return "reads";
    case Access::kWrite:
      return "writes";
    case Access::kAtomic:
      return "updates atomically";
  }
  return "?";
}

std::string site_text(const RaceLog::Site& s) {
  std::string out = s.builtin;
  if (s.file != nullptr && *s.file != '\0') {
    out += std::string(" at ") + s.file + ":" + std::to_string(s.line);
  }
  return out;
}

std::string core_text(const CoreSpec& spec) {
  return "taskId " + std::to_string(spec.task_id) +
         (spec.is_mpu ? " (MPU)" : "");
}

std::string hex(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

// Records sorted by their lowest byte, with the highest end among each
// prefix, so that a backward scan stops once no earlier record reaches.
struct SortedRefs {
  std::vector<Ref> refs;
  std::vector<const char*> highest;
  void sort() {
    std::sort(refs.begin(), refs.end(),
              [](const Ref& a, const Ref& b) { return a.lo < b.lo; });
    highest.resize(refs.size());
    for (size_t i = 0; i < refs.size(); ++i) {
      highest[i] = i == 0 ? refs[i].hi : std::max(highest[i - 1], refs[i].hi);
    }
  }
  // The records that start below `hi`.
  size_t below(const char* hi) const {
    return size_t(std::lower_bound(refs.begin(), refs.end(), hi,
                                   [](const Ref& r, const char* end) {
                                     return r.lo < end;
                                   }) -
                  refs.begin());
  }
};

}  // namespace

void RaceCheck::report(const std::string& kernel, bool is_union) const {
  // Plain writes, atomics and reads apart: two reads or two atomics never
  // race, and kernels make many of both.
  // Kept from one launch to the next for their memory (the launching
  // thread checks).
  thread_local SortedRefs writes, atomics;
  thread_local std::vector<Ref> reads;
  writes.refs.clear();
  atomics.refs.clear();
  reads.clear();
  for (size_t l = 0; l < logs_.size(); ++l) {
    if (!logs_[l]) continue;
    const auto& records = logs_[l]->records;
    for (size_t r = 0; r < records.size(); ++r) {
      const Ref ref{records[r].lo, records[r].hi, uint32_t(l), uint32_t(r)};
      switch (records[r].access) {
        case Access::kRead:
          reads.push_back(ref);
          break;
        case Access::kWrite:
          writes.refs.push_back(ref);
          break;
        case Access::kAtomic:
          atomics.refs.push_back(ref);
          break;
      }
    }
  }
  if (writes.refs.empty() && atomics.refs.empty()) return;
  writes.sort();
  atomics.sort();
  std::set<SitePair> reported;
  constexpr size_t kMaxReports = 64;
  // A pair of records of two cores: warns if they race.
  auto compare = [&](const Ref& x, const Ref& y) {
    if (x.log == y.log || reported.size() >= kMaxReports) return;
    const RaceLog& xl = *logs_[x.log];
    const RaceLog& yl = *logs_[y.log];
    const RaceLog::Record& xr = xl.records[x.record];
    const RaceLog::Record& yr = yl.records[y.record];
    if (xr.access == Access::kAtomic && yr.access == Access::kAtomic) return;
    // One built-in writing the same bytes on every core (kernels stage a
    // cluster's tile so): the cores write what the others write.
    if (xr.access == Access::kWrite && yr.access == Access::kWrite &&
        xr.lo == yr.lo && xr.hi == yr.hi && xr.shape == 0 && yr.shape == 0 &&
        xl.sites[xr.site].file == yl.sites[yr.site].file &&
        xl.sites[xr.site].line == yl.sites[yr.site].line &&
        xl.sites[xr.site].builtin == yl.sites[yr.site].builtin) {
      return;
    }
    if (xr.sram != yr.sram) return;
    // Each cluster has its own SRAM at the same addresses.
    if (xr.sram && xl.spec.cluster != yl.spec.cluster) return;
    if (is_union && xl.spec.group == yl.spec.group &&
        shared_barriers(xl.spec, yl.spec, xl.epochs[xr.epoch]) !=
            shared_barriers(yl.spec, xl.spec, yl.epochs[yr.epoch])) {
      return;  // a barrier of both lies between them
    }
    // The writer first.
    const bool x_first = xr.access != Access::kRead;
    const RaceLog& al = x_first ? xl : yl;
    const RaceLog& bl = x_first ? yl : xl;
    const RaceLog::Record& ar = x_first ? xr : yr;
    const RaceLog::Record& br = x_first ? yr : xr;
    const RaceLog::Site& as = al.sites[ar.site];
    const RaceLog::Site& bs = bl.sites[br.site];
    // A pair of call sites is reported once, whichever core comes first.
    const SitePair key{as.builtin, as.file, as.line, ar.access,
                       bs.builtin, bs.file, bs.line, br.access};
    if (reported.count(key) || reported.count(key.mirrored())) return;
    const Range bytes =
        ar.shape == 0 && br.shape == 0
            ? Range{std::max(ar.lo, br.lo), std::min(ar.hi, br.hi)}
            : shared_bytes(al, ar, bl, br);
    if (bytes.lo == nullptr || bytes.lo >= bytes.hi) return;
    reported.insert(key);
    const std::string space =
        ar.sram ? "SRAM of cluster " + std::to_string(al.spec.cluster)
                : std::string("GDRAM");
    warn_for_core(
        kernel, al.spec.task_id, al.spec.is_mpu, as.builtin,
        std::string("cross-core race: ") + site_text(as) + " on " +
            core_text(al.spec) + " " + access_verb(ar.access) + " [" +
            hex(bytes.lo) + ", +" + std::to_string(bytes.hi - bytes.lo) +
            ") of " + space + ", which " + site_text(bs) + " on " +
            core_text(bl.spec) + " " + access_verb(br.access) +
            (is_union ? " with no barrier of both cores between"
                      : " in the same launch (Block tasks never synchronise)") +
            " (the result depends on the cores' timing)");
  };
  constexpr size_t kMaxScan = 1 << 12;  // overlapping records looked at
  auto scan_below = [&](const SortedRefs& list, size_t end, const Ref& x) {
    size_t scanned = 0;
    for (size_t j = end;
         j-- > 0 && list.highest[j] > x.lo && scanned < kMaxScan;) {
      if (list.refs[j].hi > x.lo && list.refs[j].lo < x.hi) {
        compare(list.refs[j], x);
        ++scanned;
      }
    }
  };
  for (size_t i = 0; i < writes.refs.size(); ++i) {
    scan_below(writes, i, writes.refs[i]);
  }
  for (const Ref& a : atomics.refs) scan_below(writes, writes.below(a.hi), a);
  for (const Ref& r : reads) {
    scan_below(writes, writes.below(r.hi), r);
    scan_below(atomics, atomics.below(r.hi), r);
  }
}

}  // namespace detail
}  // namespace xbang
