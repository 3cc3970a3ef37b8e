// Scalar access to a named memory space and the space predicates:
//   T __load_nram / __load_wram / __load_sram / __load_gdram(const T* p)
//   void __store_nram / __store_wram / __store_sram / __store_gdram(T* p, v)
//   bool __is_nram / __is_wram / __is_sram / __is_dram(const void* p)
// The predicates answer from the runtime's knowledge of this core's on-chip
// sections, so they hold whether checked mode is on or not. __is_dram is
// true for any address outside this core's NRAM and WRAM and outside SRAM
// (GDRAM, and host memory a unit test passes). Outside a launch no address
// is NRAM or WRAM.
// Checked mode reports a load or store whose address is not in the space
// the built-in names; the store is then skipped and the load returns 0.
#pragma once

#include "xbang/runtime/checked.h"

namespace xbang {
namespace detail {

XBANG_CHECK_PATH inline bool scalar_access_ok(const char* name, const void* p,
                                              long bytes, Space space) {
  return check_space(name, "p", p, bytes, space);
}

}  // namespace detail
}  // namespace xbang

inline bool __is_nram(const void* p) {
  return xbang::detail::in_space(p, 1, xbang::detail::Space::kNram);
}
inline bool __is_wram(const void* p) {
  return xbang::detail::in_space(p, 1, xbang::detail::Space::kWram);
}
inline bool __is_sram(const void* p) {
  return xbang::detail::in_space(p, 1, xbang::detail::Space::kSram);
}
inline bool __is_dram(const void* p) {
  return !__is_nram(p) && !__is_wram(p) && !__is_sram(p);
}

#define XBANG_SCALAR_ACCESS(LOAD, STORE, SPACE)                              \
  template <class T>                                                         \
  inline T LOAD(const T* p) {                                                \
    if (XBANG_CHECKING() &&                                                  \
        !::xbang::detail::scalar_access_ok(#LOAD, p, long(sizeof(T)),        \
                                           ::xbang::detail::Space::SPACE)) { \
      return T(0);                                                           \
    }                                                                        \
    return *p;                                                               \
  }                                                                          \
  template <class T, class V>                                                \
  inline void STORE(T* p, V value) {                                         \
    if (XBANG_CHECKING() &&                                                  \
        !::xbang::detail::scalar_access_ok(#STORE, p, long(sizeof(T)),       \
                                           ::xbang::detail::Space::SPACE)) { \
      return;                                                                \
    }                                                                        \
    *p = static_cast<T>(value);                                              \
  }
XBANG_SCALAR_ACCESS(__load_nram, __store_nram, kNram)
XBANG_SCALAR_ACCESS(__load_wram, __store_wram, kWram)
XBANG_SCALAR_ACCESS(__load_sram, __store_sram, kSram)
XBANG_SCALAR_ACCESS(__load_gdram, __store_gdram, kGdram)
#undef XBANG_SCALAR_ACCESS
