// Each module (the executable or a shared library) whose code includes
// <bang.h> tells the emulated device where its on-chip variables lie, so
// that kernels in shared libraries, linked or dlopen'ed, get private
// __nram__ / __wram__ copies per core, SRAM switched per cluster, and checked
// mode's bounds, object names and guard zones, exactly as kernels in the
// executable.
//
// This header is the device's side; module_registration.h, which <bang.h>
// includes, is each module's.
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
