// Checked mode: reports and the memory-space checks behind them.
#include "xbang/runtime/checked.h"

#include <cxxabi.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core_state.h"
#include "environment.h"
#include "launch_state.h"
#include "modules.h"
#include "onchip_objects.h"
#include "runtime_internal.h"
#include "sram.h"
#include "xbang/core/arch.h"

namespace {

bool env_enabled() { return xbang::environment::flag("XBANG_CHECKED", true); }

std::mutex reports_mutex;
std::vector<xbang::checked::Report> all_reports;
// Kept reports and printed findings are bounded: a kernel that reports in a
// loop, or a bad kernel launched a million times, prints each finding (one
// kernel, one built-in, one message up to its numbers) on its 1st, 10th,
// 100th... occurrence, with the count.
constexpr size_t kMaxKeptReports = 10000;
constexpr size_t kMaxDistinctFindings = 10000;
std::unordered_map<std::string, uint64_t> finding_counts;
uint64_t findings_beyond_table = 0;

// A finding's site: kernel, built-in and message with its numbers (addresses,
// sizes, task ids) blanked, so repeats in other cores and launches match.
std::string finding_key(const xbang::checked::Report& r) {
  std::string key = r.kernel + '\x1f' + r.builtin + '\x1f';
  bool in_number = false;
  for (char c : r.message) {
    const bool digit =
        (c >= '0' && c <= '9') ||
        (in_number && std::isxdigit(static_cast<unsigned char>(c))) ||
        (in_number && c == 'x');
    if (digit) {
      if (!in_number) key += '#';
      in_number = true;
    } else {
      in_number = false;
      key += c;
    }
  }
  return key;
}

bool is_power_of_ten(uint64_t n) {
  while (n % 10 == 0 && n >= 10) n /= 10;
  return n == 1;
}

// An on-chip variable as reports name it: "`name` (N bytes, file, extra)".
std::string variable_label(const xbang::detail::OnchipObject& object,
                           const std::string& extra = "") {
  return "`" + xbang::detail::demangle(object.name) + "` (" +
         std::to_string(object.size) + " bytes" +
         (object.file.empty() ? "" : ", " + object.file) +
         (extra.empty() ? "" : ", " + extra) + ")";
}

std::string hex(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}
}  // namespace

namespace xbang {
namespace detail {
std::atomic<bool> checked_flag{env_enabled()};

std::string demangle(const std::string& name) {
  int status = 0;
  char* text = abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status);
  if (status != 0 || text == nullptr) return name;
  std::string out = text;
  std::free(text);
  return out;
}
}  // namespace detail

namespace checked {

bool enabled() { return detail::checked_flag.load(std::memory_order_relaxed); }
void set_enabled(bool on) { detail::checked_flag.store(on); }

std::string Report::text() const {
  std::string out = "[xbang checked] " + builtin + ": " + message +
                    " (kernel " + kernel + ", taskId " +
                    std::to_string(task_id) + (on_mpu ? ", MPU" : "") + ")";
  return out;
}

std::vector<Report> reports() {
  std::lock_guard<std::mutex> lock(reports_mutex);
  return all_reports;
}

void clear_reports() {
  std::lock_guard<std::mutex> lock(reports_mutex);
  all_reports.clear();
  finding_counts.clear();
  findings_beyond_table = 0;
}

}  // namespace checked

namespace detail {

const char* space_name(Space s) {
  switch (s) {
    case Space::kNram:
      return "NRAM";
    case Space::kWram:
      return "WRAM";
    case Space::kSram:
      return "SRAM";
    case Space::kGdram:
      return "GDRAM";
    case Space::kGdramOrSram:
      return "GDRAM or SRAM";
  }
  return "?";
}

namespace {

// The profile of the device the core's launch runs on.
const ArchProfile& profile_of(const CoreContext& core) {
  return core.launch != nullptr ? core.launch->profile()
                                : device_profile(current_device());
}
// A finding of the calling core (or of the host, kernel "-").
checked::Report report_of_this_core(const char* builtin, std::string message) {
  checked::Report r;
  r.builtin = builtin;
  r.message = std::move(message);
  const CoreContext* core = tls_core;
  r.kernel = core != nullptr && core->kernel != nullptr ? core->kernel : "-";
  r.task_id = core != nullptr ? taskId : -1;
  r.on_mpu = core != nullptr && core->is_mpu;
  return r;
}
}  // namespace

void report(const char* builtin, const std::string& message) {
  checked::Report r = report_of_this_core(builtin, message);
  const CoreContext* core = tls_core;
  if (core != nullptr && core->launch != nullptr) {
    core->launch->add_report();
  }
  std::string key = finding_key(r);
  std::lock_guard<std::mutex> lock(reports_mutex);
  uint64_t count = 0;
  auto it = finding_counts.find(key);
  if (it != finding_counts.end()) {
    count = ++it->second;
  } else if (finding_counts.size() < kMaxDistinctFindings) {
    count = finding_counts[std::move(key)] = 1;
  } else {
    count = ++findings_beyond_table;
  }
  if (is_power_of_ten(count)) {
    if (count == 1) {
      std::fprintf(stderr, "%s\n", r.text().c_str());
    } else {
      std::fprintf(stderr, "%s [seen %llu times]\n", r.text().c_str(),
                   static_cast<unsigned long long>(count));
    }
  }
  if (all_reports.size() < kMaxKeptReports) all_reports.push_back(std::move(r));
}

void bind_onchip_windows(CoreContext& core) {
  std::vector<OnchipWindow>& onchip = private_state(core).onchip;
  onchip.clear();
  for (const auto& module : core.launch->modules()) {
    const ModuleSections& s = module->sections;
    const bool has_nram = s.nram_begin != s.nram_end;
    const bool has_wram = s.wram_begin != s.wram_end;
    if (s.probe_template == nullptr || (!has_nram && !has_wram)) continue;
    // Every TLS object of a module lies at one distance from its template
    // in a given thread.
    const std::ptrdiff_t delta = s.this_thread_probe() - s.probe_template;
    OnchipWindow window{module.get(), nullptr, nullptr, nullptr, nullptr};
    if (has_nram) {
      window.nram_begin = s.nram_begin + delta;
      window.nram_end = s.nram_end + delta;
    }
    if (has_wram) {
      window.wram_begin = s.wram_begin + delta;
      window.wram_end = s.wram_end + delta;
    }
    onchip.push_back(window);
  }
}

namespace {
const Module& module_of(const OnchipWindow& window) {
  return *static_cast<const Module*>(window.module);
}

const char* window_begin(const OnchipWindow& w, Space space) {
  return space == Space::kNram ? w.nram_begin : w.wram_begin;
}
const char* window_end(const OnchipWindow& w, Space space) {
  return space == Space::kNram ? w.nram_end : w.wram_end;
}

// The module whose SRAM section holds p, or nullptr.
const Module* sram_module(const CoreContext* core, const char* p) {
  if (core == nullptr || core->launch == nullptr) return nullptr;
  for (const auto& module : core->launch->modules()) {
    const ModuleSections& s = module->sections;
    if (p >= s.sram_begin && p < s.sram_end) return module.get();
  }
  return nullptr;
}
}  // namespace

namespace {
// Inside the core's section: the access must stay within one variable, and
// the file declaring it must fit the profile.
bool check_onchip_object(const char* builtin, const char* operand,
                         const char* begin, std::ptrdiff_t bytes, Space space,
                         const char* section_begin, const Module& module) {
  const OnchipTables& tables = module.tables();
  const auto& objects = space == Space::kNram ? tables.nram : tables.wram;
  if (objects.empty()) return true;  // no symbol table: section bounds only
  const OnchipObject* object = find_object(objects, begin - section_begin);
  auto what = [&] {
    return std::string(operand) + " [" + hex(begin) + ", +" +
           std::to_string(bytes) + ")";
  };
  if (object == nullptr) {
    report(builtin,
           what() + " is not inside any " + space_name(space) + " variable");
    return false;
  }
  const char* end = section_begin + object->offset + object->size;
  if (begin + bytes > end) {
    report(builtin, what() + " runs " + std::to_string(begin + bytes - end) +
                        " bytes past the end of " + space_name(space) +
                        " variable " + variable_label(*object) + " (overflow)");
    return false;
  }
  CoreContext* core = tls_core;
  const ArchProfile& profile = profile_of(*core);
  const long limit =
      space == Space::kNram ? profile.nram_bytes() : profile.wram_bytes();
  bool& budget_reported = private_state(*core).budget_reported;
  if (object->file_total > limit && !budget_reported) {
    budget_reported = true;
    report(builtin,
           std::string(space_name(space)) + " use beyond the profile: " +
               (object->file.empty() ? "the program" : object->file) +
               " declares " + std::to_string(object->file_total) +
               " bytes of " + space_name(space) + " variables, arch " +
               std::to_string(profile.arch) + " has " + std::to_string(limit));
    return false;
  }
  return true;
}
}  // namespace

bool check_count(const char* builtin, long count) {
  if (count >= 0) return true;
  report(builtin, "negative count " + std::to_string(count));
  return false;
}

namespace {

// The block-scope on-chip variables this host thread's cores have used; a
// variable is thread_local, so its address is this thread's copy.
struct LocalOnchip {
  const char* begin;
  const char* end;
  Space space;
};
thread_local std::vector<LocalOnchip> local_onchip;

// The noted block-scope variable holding [p, p + bytes), if any.
const LocalOnchip* local_onchip_holding(const char* p, std::ptrdiff_t bytes,
                                        Space space) {
  for (const LocalOnchip& v : local_onchip) {
    if (v.space == space && p >= v.begin && p + bytes <= v.end) return &v;
  }
  return nullptr;
}

// A block-scope thread_local object of a loaded module, in the calling
// thread's copy, that may be a kernel's __nram__ / __wram__ variable whose
// section the compiler dropped (onchip_objects.h, tls_statics).
struct BlockScopeStatic {
  const OnchipObject* object = nullptr;
  const char* begin = nullptr;  // this thread's copy
};

// The block-scope static of one of the launch's modules that holds p in the
// calling thread's TLS, if any. Each module's list is read once (its tables)
// and its thread's TLS copy lies at a fixed distance from its probe, so a
// lookup costs one probe call and one binary search per module.
BlockScopeStatic block_scope_static_holding(const CoreContext& core,
                                            const char* p) {
  if (core.launch == nullptr) return {};
  for (const auto& module : core.launch->modules()) {
    const ModuleSections& s = module->sections;
    if (s.this_thread_probe == nullptr) continue;
    const OnchipTables& tables = module->tables();
    if (tables.tls_statics.empty() || tables.tls_probe_offset < 0) continue;
    const char* segment = s.this_thread_probe() - tables.tls_probe_offset;
    const OnchipObject* object = find_object(tables.tls_statics, p - segment);
    if (object != nullptr) return {object, segment + object->offset};
  }
  return {};
}

// A pointer no section window and no noted variable holds, as an NRAM or a
// WRAM operand: inside a block-scope static of a module (GCC puts a
// function template instantiation's block-scope __nram__ / __wram__ there,
// without its section), this core's variable, checked against its bounds.
// Nothing tells NRAM from WRAM there, so either space accepts it. Returns
// false when no such object holds p (the caller reports it).
bool check_block_scope_static(const char* builtin, const char* operand,
                              const CoreContext& core, const char* p,
                              std::ptrdiff_t bytes, Space space, bool* ok) {
  const BlockScopeStatic hit = block_scope_static_holding(core, p);
  if (hit.object == nullptr) return false;
  const char* end = hit.begin + hit.object->size;
  *ok = p + bytes <= end;
  if (!*ok) {
    report(builtin,
           std::string(operand) + " [" + hex(p) + ", +" +
               std::to_string(bytes) + ") runs " +
               std::to_string(p + bytes - end) + " bytes past the end of " +
               space_name(space) + " variable " +
               variable_label(*hit.object, "block-scope") + " (overflow)");
  }
  return true;
}

}  // namespace

void note_local_onchip(const void* p, std::size_t bytes, Space space) {
  const char* begin = static_cast<const char*>(p);
  for (const LocalOnchip& v : local_onchip) {
    if (v.begin == begin && v.space == space) return;
  }
  local_onchip.push_back({begin, begin + bytes, space});
}

namespace {

// check_space for an operand space_check_passes did not pass: finds the
// block-scope variables, or why it fails. Kept out of line, so that the
// passing case pays for none of its frame.
__attribute__((noinline)) bool check_space_further(const char* builtin,
                                                   const char* operand,
                                                   const void* p,
                                                   std::ptrdiff_t bytes,
                                                   Space space) {
  const CoreContext* core = tls_core;
  const char* begin = static_cast<const char*>(p);
  const char* lo = nullptr;
  const char* hi = nullptr;
  const Module* module = nullptr;
  switch (space) {
    case Space::kNram:
    case Space::kWram: {
      if (core->is_mpu) {
        report(builtin, std::string(operand) + " touches " + space_name(space) +
                            " on the MPU, which has none");
        return false;
      }
      for (const OnchipWindow& w : private_state(*core).onchip) {
        const char* b = window_begin(w, space);
        if (b != nullptr && begin >= b && begin < window_end(w, space)) {
          lo = b;
          hi = window_end(w, space);
          module = &module_of(w);
          break;
        }
      }
      // Only where no section holds it: a block-scope variable whose section
      // the compiler dropped.
      if (lo == nullptr) {
        if (local_onchip_holding(begin, bytes, space)) return true;
        bool ok = false;
        if (check_block_scope_static(builtin, operand, *core, begin, bytes,
                                     space, &ok)) {
          return ok;
        }
      }
      break;
    }
    case Space::kSram:
      module = sram_module(core, begin);
      if (module != nullptr) {
        lo = module->sections.sram_begin;
        hi = module->sections.sram_end;
      }
      break;
    case Space::kGdramOrSram:  // check_space resolves it
    case Space::kGdram:
      if (gdram_contains(p, bytes)) return true;
      report(builtin, std::string(operand) + " [" + hex(p) + ", +" +
                          std::to_string(bytes) +
                          ") is not inside one cnrtMalloc allocation (GDRAM)");
      return false;
  }
  if (lo != nullptr && begin >= lo && begin + bytes <= hi) {
    if (space == Space::kSram) return true;
    return check_onchip_object(builtin, operand, begin, bytes, space, lo,
                               *module);
  }
  std::string why;
  if (lo != nullptr && begin >= lo && begin < hi) {
    why = " runs " + std::to_string(begin + bytes - hi) +
          " bytes past the end of this core's " + space_name(space) +
          " variables (overflow)";
  } else {
    why = " is not in this core's " + std::string(space_name(space));
    if (gdram_contains(p, 1)) why += " (it is GDRAM)";
  }
  report(builtin, std::string(operand) + " [" + hex(p) + ", +" +
                      std::to_string(bytes) + ")" + why);
  return false;
}

}  // namespace

bool check_space(const char* builtin, const char* operand, const void* p,
                 std::ptrdiff_t bytes, Space space) {
  if (tls_core == nullptr || bytes <= 0) return true;
  // The common case, decided without building any report.
  if (space_check_passes(p, bytes, space)) return true;
  if (space == Space::kGdramOrSram) space = Space::kGdram;  // not in SRAM
  return check_space_further(builtin, operand, p, bytes, space);
}

bool report_partial_overlap(const char* builtin) {
  report(builtin,
         "dst and src overlap partially (only exact in-place is "
         "allowed)");
  return false;
}

bool report_overlap(const char* builtin) {
  report(builtin, "dst and src must not overlap");
  return false;
}

bool report_vector_bytes(const char* builtin, std::ptrdiff_t bytes, int arch) {
  report(builtin, "n*sizeof(T) = " + std::to_string(bytes) +
                      " bytes is not a multiple of 128 on arch " +
                      std::to_string(arch));
  return false;
}

namespace {
std::string call_site(const UnsyncedCopy& copy) {
  if (copy.file == nullptr || *copy.file == '\0') return "";
  return std::string(" at ") + copy.file + ":" + std::to_string(copy.line);
}
}  // namespace

void warn_unsynced_access(const char* builtin, const void* p,
                          std::ptrdiff_t bytes, bool write) {
  const CoreContext* core = tls_core;
  if (core == nullptr || bytes <= 0) return;
  const char* b = static_cast<const char*>(p);
  // The latest copy the access meets: the one a sync would wait for last.
  const std::vector<UnsyncedCopy>& unsynced =
      private_state(*core).unsynced_copies;
  for (auto it = unsynced.rbegin(); it != unsynced.rend(); ++it) {
    const UnsyncedCopy& copy = *it;
    const bool meets_dst =
        ranges_overlap(b, bytes, copy.dst_lo, copy.dst_hi - copy.dst_lo);
    const bool meets_src = write && ranges_overlap(b, bytes, copy.src_lo,
                                                   copy.src_hi - copy.src_lo);
    if (!meets_dst && !meets_src) continue;
    warn(builtin, std::string(write ? "writes [" : "reads [") + hex(p) + ", +" +
                      std::to_string(bytes) + ") which " + copy.builtin +
                      call_site(copy) + (meets_dst ? " writes" : " reads") +
                      " with no __sync* since (the result depends on when "
                      "the copy lands)");
    return;
  }
}

namespace {
// The bytes between one on-chip object's end and the next object (alignment
// padding) belong to no variable and stay zero unless plain C++ code writes
// past the object's end. Returns the first changed byte's distance from the
// end of `object`, or -1; clears the gap so the next check starts clean.
void check_padding_after_objects(const char* builtin,
                                 const std::vector<OnchipObject>& objects,
                                 char* section, std::ptrdiff_t section_bytes,
                                 Space space) {
  for_each_padding_gap(
      objects, section_bytes,
      [&](const OnchipObject& object, std::ptrdiff_t gap_begin,
          std::ptrdiff_t gap_end) {
        char* gap = section + gap_begin;
        const std::ptrdiff_t bytes = gap_end - gap_begin;
        std::ptrdiff_t changed = -1;
        for (std::ptrdiff_t b = 0; b < bytes; ++b) {
          if (gap[b] != 0) {
            changed = b;
            break;
          }
        }
        if (changed < 0) return;
        std::memset(gap, 0, size_t(bytes));
        report(builtin,
               std::string("a write ran past the end of ") + space_name(space) +
                   " variable " + variable_label(object) + ": byte " +
                   std::to_string(object.size + changed) +
                   " of it was written (plain C++ overflow, not a built-in)");
      });
}
}  // namespace

void check_sram_padding(const ModuleList& modules, const char* where) {
  if (!checked_flag.load()) return;
  for (const auto& module : modules) {
    if (!module->has_sram()) continue;
    const ModuleSections& s = module->sections;
    check_padding_after_objects(where, module->tables().sram, s.sram_begin,
                                s.sram_end - s.sram_begin, Space::kSram);
  }
}

void check_onchip_padding(const char* where) {
  CoreContext* core = tls_core;
  if (core == nullptr || !checked_flag.load() || core->is_mpu) return;
  for (const OnchipWindow& w : private_state(*core).onchip) {
    const OnchipTables& tables = module_of(w).tables();
    if (w.nram_begin != nullptr) {
      check_padding_after_objects(where, tables.nram,
                                  const_cast<char*>(w.nram_begin),
                                  w.nram_end - w.nram_begin, Space::kNram);
    }
    if (w.wram_begin != nullptr) {
      check_padding_after_objects(where, tables.wram,
                                  const_cast<char*>(w.wram_begin),
                                  w.wram_end - w.wram_begin, Space::kWram);
    }
  }
}

}  // namespace detail
}  // namespace xbang

namespace xbang {
namespace detail {

bool in_space(const void* p, std::ptrdiff_t bytes, Space space) {
  const CoreContext* core = tls_core;
  const char* b = static_cast<const char*>(p);
  auto inside = [&](const char* lo, const char* hi) {
    return lo != nullptr && b >= lo && b + bytes <= hi;
  };
  switch (space) {
    case Space::kNram:
    case Space::kWram:
      if (core == nullptr || core->is_mpu) return false;
      for (const OnchipWindow& w : private_state(*core).onchip) {
        if (inside(window_begin(w, space), window_end(w, space))) return true;
      }
      if (local_onchip_holding(b, bytes, space) != nullptr) return true;
      // A block-scope static could be either space; the predicates
      // (__is_nram, __is_wram) give one answer, NRAM, where kernels keep
      // their block-scope tables.
      if (space != Space::kNram) return false;
      {
        const BlockScopeStatic hit = block_scope_static_holding(*core, b);
        return hit.object != nullptr &&
               b + bytes <= hit.begin + hit.object->size;
      }
    case Space::kSram: {
      const Module* module = sram_module(core, b);
      return module != nullptr &&
             inside(module->sections.sram_begin, module->sections.sram_end);
    }
    case Space::kGdramOrSram:
      return in_space(p, bytes, Space::kSram) || gdram_contains(p, bytes);
    case Space::kGdram:
      return gdram_contains(p, bytes);
  }
  return false;
}

bool space_check_passes(const void* p, std::ptrdiff_t bytes, Space space) {
  CoreContext* core = tls_core;
  if (core == nullptr || bytes <= 0) return true;
  if (passes_recent(*core, p, bytes, space)) return true;
  const char* begin = static_cast<const char*>(p);
  switch (space) {
    case Space::kNram:
    case Space::kWram: {
      CheckedFastPath::PassedObjects& passed =
          core->checked.passed_objects[space == Space::kNram ? 0 : 1];
      if (core->is_mpu) return false;
      for (const OnchipWindow& w : private_state(*core).onchip) {
        const char* lo = window_begin(w, space);
        if (lo == nullptr || begin < lo ||
            begin + bytes > window_end(w, space)) {
          continue;
        }
        // As check_onchip_object decides, without its reports.
        const OnchipTables& tables = module_of(w).tables();
        const auto& objects = space == Space::kNram ? tables.nram : tables.wram;
        if (objects.empty()) return true;
        const OnchipObject* object = find_object(objects, begin - lo);
        const ArchProfile& profile = profile_of(*core);
        const long limit =
            space == Space::kNram ? profile.nram_bytes() : profile.wram_bytes();
        if (object == nullptr ||
            begin + bytes > lo + object->offset + object->size ||
            (object->file_total > limit &&
             !private_state(*core).budget_reported)) {
          return false;
        }
        passed.objects[size_t(passed.next)] = {
            lo + object->offset, lo + object->offset + object->size};
        passed.next = (passed.next + 1) % CheckedFastPath::kPassedObjects;
        return true;
      }
      return false;
    }
    case Space::kSram: {
      const Module* module = sram_module(core, begin);
      return module != nullptr && begin >= module->sections.sram_begin &&
             begin + bytes <= module->sections.sram_end;
    }
    case Space::kGdramOrSram:
      return space_check_passes(p, bytes, Space::kSram) ||
             gdram_contains(p, bytes);
    case Space::kGdram:
      return gdram_contains(p, bytes);
  }
  return false;
}

}  // namespace detail
}  // namespace xbang

namespace {
std::mutex warnings_mutex;
std::vector<xbang::checked::Report> all_warnings;
std::set<std::pair<std::string, std::string>> warned_sites;
std::unordered_map<std::string, uint64_t> warning_counts;
// Bumped by clear_warnings: lets each thread trust its cache of the sites
// warn_once has seen without building a report or taking the lock.
std::atomic<uint64_t> warned_generation{0};
// The kernel by name: a launch's name dies with it, and the next launch's
// may lie at the same address.
struct WarnedCache {
  static constexpr int kSize = 8;
  uint64_t generation = 0;
  const char* builtin[kSize] = {};
  std::string kernel[kSize];
  int next = 0;
};
thread_local WarnedCache warned_cache;
}  // namespace

namespace xbang {
namespace checked {
std::vector<Report> warnings() {
  std::lock_guard<std::mutex> lock(warnings_mutex);
  return all_warnings;
}
void clear_warnings() {
  std::lock_guard<std::mutex> lock(warnings_mutex);
  all_warnings.clear();
  warned_sites.clear();
  warning_counts.clear();
  warned_generation.fetch_add(1, std::memory_order_acq_rel);
}
}  // namespace checked

namespace detail {
void warn_once(const char* builtin, const char* message) {
  // A site this thread has warned about, or found warned, since the last
  // clear_warnings (kernels call a skipped built-in on every MPU again and
  // again).
  const CoreContext* core = tls_core;
  const char* kernel =
      core != nullptr && core->kernel != nullptr ? core->kernel : "-";
  WarnedCache& cache = warned_cache;
  const uint64_t generation = warned_generation.load(std::memory_order_acquire);
  if (cache.generation == generation) {
    for (int i = 0; i < WarnedCache::kSize; ++i) {
      if (cache.builtin[i] == builtin && cache.kernel[i] == kernel) return;
    }
  } else {
    std::fill(std::begin(cache.builtin), std::end(cache.builtin), nullptr);
    cache.generation = generation;
  }
  cache.kernel[cache.next] = kernel;
  cache.builtin[cache.next] = builtin;
  cache.next = (cache.next + 1) % WarnedCache::kSize;
  checked::Report r = report_of_this_core(builtin, message);
  std::lock_guard<std::mutex> lock(warnings_mutex);
  if (!warned_sites.emplace(r.kernel, r.builtin).second) return;
  std::fprintf(stderr, "%s (warning)\n", r.text().c_str());
  all_warnings.push_back(std::move(r));
}

namespace {
void keep_warning(checked::Report r) {
  std::string key = finding_key(r);
  std::lock_guard<std::mutex> lock(warnings_mutex);
  uint64_t count = 1;
  auto it = warning_counts.find(key);
  if (it != warning_counts.end()) {
    count = ++it->second;
  } else if (warning_counts.size() < kMaxDistinctFindings) {
    warning_counts.emplace(std::move(key), 1);
  }
  if (is_power_of_ten(count)) {
    if (count == 1) {
      std::fprintf(stderr, "%s (warning)\n", r.text().c_str());
    } else {
      std::fprintf(stderr, "%s [seen %llu times] (warning)\n", r.text().c_str(),
                   static_cast<unsigned long long>(count));
    }
  }
  if (all_warnings.size() < kMaxKeptReports)
    all_warnings.push_back(std::move(r));
}
}  // namespace

void warn(const char* builtin, const std::string& message) {
  keep_warning(report_of_this_core(builtin, message));
}

void warn_for_core(const std::string& kernel, int task_id, bool on_mpu,
                   const char* builtin, const std::string& message) {
  checked::Report r;
  r.builtin = builtin;
  r.message = message;
  r.kernel = kernel;
  r.task_id = task_id;
  r.on_mpu = on_mpu;
  keep_warning(std::move(r));
}
}  // namespace detail
}  // namespace xbang
