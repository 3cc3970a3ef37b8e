// A kernel library loaded with dlopen, launched, unloaded with dlclose,
// loaded again and launched again: the same results and the same
// checked-mode reports each time.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include "onchip_expectations.h"
#include "onchip_shared.h"

namespace {

struct KernelLibrary {
  void* handle = nullptr;
  decltype(&lib_run_private) run_private = nullptr;
  decltype(&lib_run_builtin_overrun) run_builtin_overrun = nullptr;
  decltype(&lib_run_plain_overrun) run_plain_overrun = nullptr;

  KernelLibrary() {
    handle = dlopen(DEVICE_KERNEL_PLUGIN, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      ADD_FAILURE() << "dlopen: " << dlerror();
      return;
    }
    run_private = reinterpret_cast<decltype(run_private)>(
        dlsym(handle, "lib_run_private"));
    run_builtin_overrun = reinterpret_cast<decltype(run_builtin_overrun)>(
        dlsym(handle, "lib_run_builtin_overrun"));
    run_plain_overrun = reinterpret_cast<decltype(run_plain_overrun)>(
        dlsym(handle, "lib_run_plain_overrun"));
  }
  bool loaded() const {
    return run_private != nullptr && run_builtin_overrun != nullptr &&
           run_plain_overrun != nullptr;
  }
  void unload() {
    ASSERT_EQ(dlclose(handle), 0) << dlerror();
    handle = nullptr;
  }
};

bool plugin_is_loaded() {
  void* handle = dlopen(DEVICE_KERNEL_PLUGIN, RTLD_NOW | RTLD_NOLOAD);
  if (handle == nullptr) return false;
  dlclose(handle);
  return true;
}

TEST(DeviceDlopenKernels, LoadRunUnloadLoadRun) {
  for (int round = 0; round < 2; ++round) {
    SCOPED_TRACE(round == 0 ? "first load" : "loaded again");
    KernelLibrary library;
    ASSERT_TRUE(library.loaded());
    expect_private_per_core(library.run_private, "dlopen'ed library");
    expect_overruns_named(library.run_builtin_overrun,
                          library.run_plain_overrun, "lib_kernels");
    library.unload();
    EXPECT_FALSE(plugin_is_loaded()) << "dlclose did not unload the library";
  }
}

}  // namespace
