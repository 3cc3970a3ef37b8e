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
// the built-in names; the store is then skipped and the load returns 0. On
// the MPU of a Union launch an NRAM or WRAM access is skipped the same way
// (the entry's rule).
#pragma once

#include "xbang/builtins/detail/entry.h"

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

#define XBANG_SCALAR_ACCESS(LOAD, STORE, WHERE)                          \
  template <class T>                                                     \
  inline T LOAD(const T* p) {                                            \
    using namespace ::xbang::detail;                                     \
    return run_builtin_or(                                               \
        T(0), #LOAD, Tally::none(),                                      \
        [=](Contract& c) { c.operand("p", p, long(sizeof(T)), WHERE); }, \
        [&] { return *p; });                                             \
  }                                                                      \
  template <class T, class V>                                            \
  inline void STORE(T* p, V value) {                                     \
    using namespace ::xbang::detail;                                     \
    run_builtin(                                                         \
        #STORE, Tally::none(),                                           \
        [=](Contract& c) { c.operand("p", p, long(sizeof(T)), WHERE); }, \
        [&] { *p = static_cast<T>(value); });                            \
  }
XBANG_SCALAR_ACCESS(__load_nram, __store_nram, Where::kNram)
XBANG_SCALAR_ACCESS(__load_wram, __store_wram, Where::kWram)
XBANG_SCALAR_ACCESS(__load_sram, __store_sram, Where::kSram)
XBANG_SCALAR_ACCESS(__load_gdram, __store_gdram, Where::kGdram)
#undef XBANG_SCALAR_ACCESS
