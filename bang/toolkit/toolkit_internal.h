// Internals shared by the toolkit libraries' sources (not installed API):
// the device API they forward to and how a failed call reports itself.
#pragma once

#include <cn_api.h>
#include <cnrt.h>

#include "device_api.h"
#include "xbang/runtime/checked.h"

namespace xbang {
namespace detail {

// Logs "[xbang] <api>: <why>" to stderr, remembers `code` as this thread's
// last CNRT error and returns it (libcnrt).
cnrtRet_t cnrt_fail(const char* api, cnrtRet_t code, const char* why);
// Logs "[xbang] <api>: <why>" to stderr and returns `code` (libcndrv).
CNresult cndrv_fail(const char* api, CNresult code, const char* why);

}  // namespace detail
}  // namespace xbang
