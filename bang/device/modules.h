// The modules (executable, shared libraries) that registered on-chip
// sections with the device (xbang/runtime/module.h), and where one core's
// copies of them lie. Device-private.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "onchip_objects.h"
#include "xbang/runtime/module.h"

namespace xbang {
namespace detail {

struct Module {
  ModuleSections sections;
  // The module's __nram__ / __wram__ / __mlu_shared__ objects, read from its
  // file's symbol table on first use (empty when it has none).
  const OnchipTables& tables() const;
  bool has_sram() const { return sections.sram_begin != sections.sram_end; }

 private:
  mutable std::once_flag tables_once_;
  mutable OnchipTables tables_;
};

using ModuleList = std::vector<std::shared_ptr<const Module>>;

// The modules registered now (a launch keeps its own copy: a module
// unloaded while it runs stays described until it ends).
ModuleList registered_modules();
bool any_module_has_sram(const ModuleList& modules);

}  // namespace detail
}  // namespace xbang
