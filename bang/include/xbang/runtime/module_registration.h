// One module's registration with the device (module.h), in every module
// whose code includes <bang.h>. The linker gives each module its own
// __start_/__stop_ symbols for the xbang_nram, xbang_wram and xbang_sram
// sections; hidden references resolve to the module's own, also under a
// version script that hides everything else. One registration per module:
// the objects below are inline (one copy per link, duplicates discarded) and
// hidden (never shared with another module), and are constructed when the
// module loads and destroyed when it unloads (exit or dlclose).
#pragma once

#include "xbang/runtime/module.h"

#define XBANG_MODULE_HIDDEN_ __attribute__((visibility("hidden")))

namespace xbang {
namespace detail {
// Hidden as a whole: a module's constructor, probe and registration are its
// own even where another module defines the same inline names.
#pragma GCC visibility push(hidden)
namespace this_module {

// The linker's bounds of this module's sections, by their symbol names
// (__start_<section>, __stop_<section>); null when the module has none.
#define XBANG_SECTION_BOUND_(name, symbol) \
  extern char name[] __asm__(symbol) __attribute__((weak)) XBANG_MODULE_HIDDEN_
XBANG_SECTION_BOUND_(nram_begin, "__start_xbang_nram");
XBANG_SECTION_BOUND_(nram_end, "__stop_xbang_nram");
XBANG_SECTION_BOUND_(wram_begin, "__start_xbang_wram");
XBANG_SECTION_BOUND_(wram_end, "__stop_xbang_wram");
XBANG_SECTION_BOUND_(sram_begin, "__start_xbang_sram");
XBANG_SECTION_BOUND_(sram_end, "__stop_xbang_sram");
XBANG_SECTION_BOUND_(probe_begin, "__start_xbang_tlsprobe");
#undef XBANG_SECTION_BOUND_

// The module's only object in its xbang_tlsprobe section, so that section's
// start is its template address.
inline thread_local char tls_probe
    __attribute__((section("xbang_tlsprobe"), used)) XBANG_MODULE_HIDDEN_ = 1;

inline const char* this_thread_probe() XBANG_MODULE_HIDDEN_;
inline const char* this_thread_probe() { return &tls_probe; }

struct Registration {
  ModuleSections sections;
  Registration()
      : sections{nram_begin, nram_end, wram_begin,  wram_end,
                 sram_begin, sram_end, probe_begin, &this_thread_probe} {
    register_module(&sections);
  }
  ~Registration() { unregister_module(&sections); }
  Registration(const Registration&) = delete;
  Registration& operator=(const Registration&) = delete;
};

inline Registration registration XBANG_MODULE_HIDDEN_;

}  // namespace this_module
#pragma GCC visibility pop
}  // namespace detail
}  // namespace xbang
#undef XBANG_MODULE_HIDDEN_
