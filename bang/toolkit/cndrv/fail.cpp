// How a failed CNDrv call reports itself.
#include <cstdio>

#include "toolkit_internal.h"

namespace xbang {
namespace detail {

CNresult cndrv_fail(const char* api, CNresult code, const char* why) {
  const char* name = nullptr;
  cnGetErrorName(code, &name);
  std::fprintf(stderr, "[xbang] %s: %s (%s)\n", api, why, name);
  return code;
}

}  // namespace detail
}  // namespace xbang
