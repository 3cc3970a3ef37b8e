// The registry of modules with on-chip sections (xbang/runtime/module.h).
#include "modules.h"

#include <dlfcn.h>
#include <link.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace xbang {
namespace detail {
namespace {

struct Registry {
  std::mutex mutex;
  ModuleList modules;
};

// Never destroyed: modules unregister from their destructors, which may run
// after this library's own at exit.
Registry& registry() {
  static Registry* instance = new Registry;
  return *instance;
}

// The file a loaded module was mapped from: the executable's own file for
// the main program (its name in the link map is empty).
std::string module_path(const void* address) {
  struct Search {
    uintptr_t address;
    std::string path;
    bool found = false;
  } search{reinterpret_cast<uintptr_t>(address), {}};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        auto* s = static_cast<Search*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD) continue;
          const uintptr_t begin = info->dlpi_addr + ph.p_vaddr;
          if (s->address >= begin && s->address < begin + ph.p_memsz) {
            const char* name = info->dlpi_name;
            s->path =
                name != nullptr && name[0] != '\0' ? name : "/proc/self/exe";
            s->found = true;
            return 1;
          }
        }
        return 0;
      },
      &search);
  return search.found ? search.path : std::string();
}

}  // namespace

const OnchipTables& Module::tables() const {
  std::call_once(tables_once_, [this] {
    // Any address inside the module names it: its probe's function.
    const std::string path =
        module_path(reinterpret_cast<const void*>(sections.this_thread_probe));
    if (!path.empty()) tables_ = read_onchip_tables(path);
    // The padding checks expect the bytes between SRAM variables to be zero.
    // Clang fills the alignment padding of the section with NOPs (it emits
    // `.p2align 6, 0x90` there): they belong to no variable, so clear them
    // before any kernel runs (the launch asks for the tables first).
    char* sram = sections.sram_begin;
    for_each_padding_gap(
        tables_.sram, sections.sram_end - sections.sram_begin,
        [&](const OnchipObject&, std::ptrdiff_t begin, std::ptrdiff_t end) {
          std::memset(sram + begin, 0, size_t(end - begin));
        });
  });
  return tables_;
}

void register_module(const ModuleSections* sections) {
  auto module = std::make_shared<Module>();
  module->sections = *sections;
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.modules.push_back(std::move(module));
}

void unregister_module(const ModuleSections* sections) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  // The record is a copy: find it by the module's own probe function.
  auto it = std::find_if(r.modules.begin(), r.modules.end(),
                         [&](const std::shared_ptr<const Module>& m) {
                           return m->sections.this_thread_probe ==
                                  sections->this_thread_probe;
                         });
  if (it != r.modules.end()) r.modules.erase(it);
}

ModuleList registered_modules() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return r.modules;
}

bool any_module_has_sram(const ModuleList& modules) {
  for (const auto& m : modules) {
    if (m->has_sram()) return true;
  }
  return false;
}

}  // namespace detail
}  // namespace xbang
