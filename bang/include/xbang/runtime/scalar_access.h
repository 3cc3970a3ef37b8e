// Checked mode's view of a kernel's plain C++ loads and stores
// (docs/cncc.md, "Scalar accesses"). A .mlu file compiled with
// `cncc --xbang-scalar-check` (Clang only) calls the device's
// __sanitizer_cov_load*/__sanitizer_cov_store* before each of its loads and
// stores (bang/device/scalar_access.cpp); those check the access against the
// core's unsynced __memcpy_async copies and note SRAM accesses for the race
// check. A built-in's own accesses are its contract's business: in such a
// file the entry wrapper runs each built-in out of line, uninstrumented, and
// counts it in tls_builtin_depth so that the callbacks skip whatever the
// built-in calls.
#pragma once

#include "xbang/runtime/checked.h"

#if defined(__clang__) && defined(XBANG_SCALAR_CHECK) && XBANG_SCALAR_CHECK && \
    XBANG_CHECKED
#define XBANG_SCALAR_CHECKED 1
#else
#define XBANG_SCALAR_CHECKED 0
#endif

namespace xbang {
namespace detail {

// The built-ins the calling thread is inside (nonzero: its loads and stores
// are a built-in's, not the kernel's).
extern __thread int tls_builtin_depth
    __attribute__((tls_model("initial-exec")));

struct BuiltinScope {
  BuiltinScope() { ++tls_builtin_depth; }
  ~BuiltinScope() { --tls_builtin_depth; }
  BuiltinScope(const BuiltinScope&) = delete;
  BuiltinScope& operator=(const BuiltinScope&) = delete;
};

}  // namespace detail
}  // namespace xbang
