// How a failed CNRT call reports itself.
#include <cstdio>

#include "toolkit_internal.h"

namespace xbang {
namespace detail {

cnrtRet_t cnrt_fail(const char* api, cnrtRet_t code, const char* why) {
  std::fprintf(stderr, "[xbang] %s: %s (%s)\n", api, why,
               cnrtGetErrorName(code));
  set_last_error(code);
  return code;
}

}  // namespace detail
}  // namespace xbang
