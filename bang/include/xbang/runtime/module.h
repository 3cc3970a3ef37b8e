// Each module (the executable or a shared library) whose code includes
// <bang.h> tells the emulated device where its on-chip variables lie, so
// that kernels in shared libraries, linked or dlopen'ed, get private
// __nram__ / __wram__ copies per core, SRAM switched per cluster, and checked
// mode's bounds, object names and guard zones, exactly as kernels in the
// executable.
//
// The linker gives each module its own __start_/__stop_ symbols for the
// xbang_nram, xbang_wram and xbang_sram sections; hidden references resolve
// to the module's own. One registration per module: the objects below are
// inline (one copy per link, duplicates discarded) and hidden (never shared
// with another module), and are constructed when the module loads and
// destroyed when it unloads (exit or dlclose).
#pragma once

namespace xbang {
namespace detail {

// One module's on-chip sections. The TLS ranges are addresses in the
// module's TLS template; a thread's copy lies at the distance between
// this_thread_probe() and probe_template.
struct ModuleSections {
  const char* nram_begin;
  const char* nram_end;
  const char* wram_begin;
  const char* wram_end;
  char* sram_begin;
  char* sram_end;
  const char* probe_template;
  // The calling thread's copy of the module's TLS probe.
  const char* (*this_thread_probe)();
};

// Defined by the device (libxbang_device). `sections` stays valid until
// unregister_module.
void register_module(const ModuleSections* sections);
void unregister_module(const ModuleSections* sections);

}  // namespace detail
}  // namespace xbang

#define XBANG_MODULE_HIDDEN_ __attribute__((visibility("hidden")))
extern "C" {
extern char __start_xbang_nram[] __attribute__((weak)) XBANG_MODULE_HIDDEN_;
extern char __stop_xbang_nram[] __attribute__((weak)) XBANG_MODULE_HIDDEN_;
extern char __start_xbang_wram[] __attribute__((weak)) XBANG_MODULE_HIDDEN_;
extern char __stop_xbang_wram[] __attribute__((weak)) XBANG_MODULE_HIDDEN_;
extern char __start_xbang_sram[] __attribute__((weak)) XBANG_MODULE_HIDDEN_;
extern char __stop_xbang_sram[] __attribute__((weak)) XBANG_MODULE_HIDDEN_;
extern char __start_xbang_tlsprobe[] __attribute__((weak)) XBANG_MODULE_HIDDEN_;
}

namespace xbang {
namespace detail {
// Hidden as a whole: a module's constructor, probe and registration are its
// own even where another module defines the same inline names.
#pragma GCC visibility push(hidden)
namespace this_module {

// The module's only object in its xbang_tlsprobe section, so that section's
// start is its template address.
inline thread_local char tls_probe
    __attribute__((section("xbang_tlsprobe"), used)) XBANG_MODULE_HIDDEN_ = 1;

inline const char* this_thread_probe() XBANG_MODULE_HIDDEN_;
inline const char* this_thread_probe() { return &tls_probe; }

struct Registration {
  ModuleSections sections;
  Registration()
      : sections{__start_xbang_nram,     __stop_xbang_nram,  __start_xbang_wram,
                 __stop_xbang_wram,      __start_xbang_sram, __stop_xbang_sram,
                 __start_xbang_tlsprobe, &this_thread_probe} {
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
