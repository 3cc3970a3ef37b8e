// Checked mode's view of plain C++ loads and stores (xbang/runtime/
// scalar_access.h). Clang's -fsanitize-coverage=trace-loads,trace-stores
// makes every load and store of 1, 2, 4, 8 or 16 bytes in a file compiled
// with `cncc --xbang-scalar-check` call __sanitizer_cov_load<N>(addr) or
// __sanitizer_cov_store<N>(addr) first. They return at once on a thread
// running no core (host code in the same file), inside a built-in, or with
// checked mode off; otherwise they warn about an access to bytes of an
// unsynced __memcpy_async, as the entry wrapper does for a built-in's
// operand, and note an SRAM access for the cross-core race check.
#include "xbang/runtime/scalar_access.h"

#include <dlfcn.h>
#include <elf.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "core_state.h"
#include "launch_state.h"
#include "modules.h"
#include "races.h"
#include "runtime_internal.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

__thread int tls_builtin_depth __attribute__((tls_model("initial-exec"))) = 0;

namespace {

// A module's functions (STT_FUNC symbols of its file's symbol table), sorted
// by address: relative to the module's load base, or absolute for a
// position-dependent executable.
struct Function {
  uintptr_t begin;
  uintptr_t end;
  std::string name;
};
struct Functions {
  bool absolute = false;
  std::vector<Function> list;
};

Functions read_functions(const std::string& path) {
  Functions functions;
  std::vector<Function>& out = functions.list;
  std::ifstream file(path, std::ios::binary);
  if (!file) return functions;
  std::vector<char> image((std::istreambuf_iterator<char>(file)),
                          std::istreambuf_iterator<char>());
  auto in_image = [&](uint64_t offset, uint64_t bytes) {
    return offset <= image.size() && bytes <= image.size() - offset;
  };
  if (!in_image(0, sizeof(Elf64_Ehdr))) return functions;
  const auto* ehdr = reinterpret_cast<const Elf64_Ehdr*>(image.data());
  if (std::string(reinterpret_cast<const char*>(ehdr->e_ident), 4) !=
          "\177ELF" ||
      ehdr->e_ident[EI_CLASS] != ELFCLASS64 ||
      !in_image(ehdr->e_shoff, uint64_t(ehdr->e_shnum) * sizeof(Elf64_Shdr))) {
    return functions;
  }
  const auto* sections =
      reinterpret_cast<const Elf64_Shdr*>(image.data() + ehdr->e_shoff);
  functions.absolute = ehdr->e_type == ET_EXEC;
  for (int pass = 0; pass < 2 && out.empty(); ++pass) {
    // The full symbol table, else the dynamic one.
    const uint32_t wanted = pass == 0 ? SHT_SYMTAB : SHT_DYNSYM;
    for (size_t i = 0; i < ehdr->e_shnum; ++i) {
      const Elf64_Shdr& symtab = sections[i];
      if (symtab.sh_type != wanted || symtab.sh_link >= ehdr->e_shnum) {
        continue;
      }
      const Elf64_Shdr& strtab = sections[symtab.sh_link];
      if (!in_image(symtab.sh_offset, symtab.sh_size) ||
          !in_image(strtab.sh_offset, strtab.sh_size)) {
        continue;
      }
      const auto* symbols =
          reinterpret_cast<const Elf64_Sym*>(image.data() + symtab.sh_offset);
      const char* names = image.data() + strtab.sh_offset;
      for (size_t k = 0; k < symtab.sh_size / sizeof(Elf64_Sym); ++k) {
        const Elf64_Sym& sym = symbols[k];
        if (ELF64_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_value == 0 ||
            sym.st_name >= strtab.sh_size) {
          continue;
        }
        out.push_back(
            {uintptr_t(sym.st_value),
             uintptr_t(sym.st_value + std::max<uint64_t>(sym.st_size, 1)),
             names + sym.st_name});
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const Function& a, const Function& b) {
    return a.begin < b.begin;
  });
  return functions;
}

// Where the instrumented access at `pc` lies, as reports name it:
// "plain C++ access in `function` (module+0xoffset)"; the offset is what
// `addr2line -e module` takes for a shared library or a position-independent
// executable. Each distinct pc is worked out once and kept (the reports and
// the race log keep the pointer).
const char* describe_location(const void* pc) {
  static std::mutex mutex;
  static auto* known = new std::unordered_map<const void*, std::string>;
  static auto* functions = new std::map<std::string, Functions>;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = known->find(pc);
  if (it != known->end()) return it->second.c_str();
  std::string text = "plain C++ access";
  Dl_info info{};
  if (dladdr(pc, &info) != 0 && info.dli_fname != nullptr) {
    const std::string module = info.dli_fname;
    auto listed = functions->find(module);
    if (listed == functions->end()) {
      listed = functions->emplace(module, read_functions(module)).first;
    }
    const uintptr_t base = reinterpret_cast<uintptr_t>(info.dli_fbase);
    const uintptr_t address = reinterpret_cast<uintptr_t>(pc);
    const std::vector<Function>& list = listed->second.list;
    const bool absolute = listed->second.absolute;
    const uintptr_t key = absolute ? address : address - base;
    auto f = std::upper_bound(
        list.begin(), list.end(), key,
        [](uintptr_t a, const Function& fn) { return a < fn.begin; });
    std::string function;
    if (f != list.begin() && key < (f - 1)->end) {
      function = (f - 1)->name;
    } else if (info.dli_sname != nullptr) {
      function = info.dli_sname;
    }
    if (!function.empty()) text += " in `" + demangle(function) + "`";
    const std::string::size_type slash = module.rfind('/');
    char offset[32];
    std::snprintf(offset, sizeof offset, "+0x%llx",
                  static_cast<unsigned long long>(address - base));
    text += " (" +
            (slash == std::string::npos ? module : module.substr(slash + 1)) +
            offset + ")";
  }
  return known->emplace(pc, std::move(text)).first->second.c_str();
}

// describe_location through a per-thread cache: a kernel's SRAM accesses
// each name their place in the race log, and the cores must not queue for
// the table's lock.
const char* location_of(const void* pc) {
  struct Entry {
    const void* pc;
    const char* text;
  };
  static constexpr size_t kEntries = 64;
  // On the heap: the device library's static TLS stays small (it must fit
  // the surplus glibc keeps for libraries loaded with dlopen).
  thread_local std::unique_ptr<Entry[]> cache;
  if (!cache) cache.reset(new Entry[kEntries]());
  Entry& entry = cache[(reinterpret_cast<uintptr_t>(pc) >> 2) % kEntries];
  if (entry.pc != pc || entry.text == nullptr) {
    entry = {pc, describe_location(pc)};
  }
  return entry.text;
}

// The lowest and one-past-highest byte of the SRAM sections of the launch of
// the core this thread runs (bind_scalar_access); empty when it has none or
// no race check.
struct SramHull {
  const char* lo = nullptr;
  const char* hi = nullptr;
};
__thread SramHull tls_sram_hull __attribute__((tls_model("initial-exec")));

// Whether p lies in the SRAM section of one of the launch's modules.
bool in_sram(const CoreContext& core, const char* p) {
  if (core.launch == nullptr) return false;
  for (const auto& module : core.launch->modules()) {
    const ModuleSections& s = module->sections;
    if (p >= s.sram_begin && p < s.sram_end) return true;
  }
  return false;
}

bool meets_unsynced_copy(const CoreContext& core, const char* p, long bytes,
                         bool write) {
  for (const UnsyncedCopy& copy : private_state(core).unsynced_copies) {
    if (ranges_overlap(p, bytes, copy.dst_lo, copy.dst_hi - copy.dst_lo) ||
        (write &&
         ranges_overlap(p, bytes, copy.src_lo, copy.src_hi - copy.src_lo))) {
      return true;
    }
  }
  return false;
}

// The checks, for an access that may need them.
__attribute__((noinline)) void check_access(CoreContext& core, const void* pc,
                                            const void* addr, long bytes,
                                            bool write) {
  const char* p = static_cast<const char*>(addr);
  if (core.checked.unsynced_copies != 0 &&
      meets_unsynced_copy(core, p, bytes, write)) {
    warn_unsynced_access(location_of(pc), p, bytes, write);
  }
  if (core.checked.notes_shared_accesses && p >= tls_sram_hull.lo &&
      p < tls_sram_hull.hi && in_sram(core, p)) {
    note_shared_access(location_of(pc), nullptr, 0, p,
                       Segments{bytes, 0, 1, 0, 1},
                       write ? Access::kWrite : Access::kRead, /*sram=*/true);
  }
}

// The fast exits: no core on this thread, inside a built-in, checked mode
// off, nothing to check.
inline __attribute__((always_inline)) void access(const void* pc,
                                                  const void* addr, long bytes,
                                                  bool write) {
  CoreContext* const core = tls_core;
  if (core == nullptr) return;
  if (tls_builtin_depth != 0) return;
  if (!checked_flag.load(std::memory_order_relaxed)) return;
  const char* p = static_cast<const char*>(addr);
  if (core->checked.unsynced_copies == 0 &&
      (p < tls_sram_hull.lo || p >= tls_sram_hull.hi ||
       !core->checked.notes_shared_accesses)) {
    return;
  }
  check_access(*core, pc, addr, bytes, write);
}

}  // namespace

void bind_scalar_access(const CoreContext& core) {
  SramHull hull;
  if (core.launch != nullptr && core.checked.notes_shared_accesses) {
    for (const auto& module : core.launch->modules()) {
      const ModuleSections& s = module->sections;
      if (s.sram_begin == s.sram_end) continue;
      if (hull.lo == nullptr || s.sram_begin < hull.lo) hull.lo = s.sram_begin;
      if (hull.hi == nullptr || s.sram_end > hull.hi) hull.hi = s.sram_end;
    }
  }
  tls_sram_hull = hull;
}
}  // namespace detail
}  // namespace xbang

#define XBANG_SCALAR_CALLBACK(kind, bytes, type, write)                        \
  extern "C" __attribute__((                                                   \
      visibility("default"))) void __sanitizer_cov_##kind##bytes(type* addr) { \
    xbang::detail::access(__builtin_return_address(0), addr, bytes, write);    \
  }

XBANG_SCALAR_CALLBACK(load, 1, uint8_t, false)
XBANG_SCALAR_CALLBACK(load, 2, uint16_t, false)
XBANG_SCALAR_CALLBACK(load, 4, uint32_t, false)
XBANG_SCALAR_CALLBACK(load, 8, uint64_t, false)
XBANG_SCALAR_CALLBACK(load, 16, __int128, false)
XBANG_SCALAR_CALLBACK(store, 1, uint8_t, true)
XBANG_SCALAR_CALLBACK(store, 2, uint16_t, true)
XBANG_SCALAR_CALLBACK(store, 4, uint32_t, true)
XBANG_SCALAR_CALLBACK(store, 8, uint64_t, true)
XBANG_SCALAR_CALLBACK(store, 16, __int128, true)
