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

template <class T>
inline T __load_nram(const T* p) {
  using namespace ::xbang::detail;
  return run_builtin_or(
      T(0), "__load_nram", Tally::none(),
      [=](Contract& c) { c.operand("p", p, long(sizeof(T)), Space::kNram); },
      [&] { return *p; });
}
template <class T, class V>
inline void __store_nram(T* p, V value) {
  using namespace ::xbang::detail;
  run_builtin(
      "__store_nram", Tally::none(),
      [=](Contract& c) { c.operand("p", p, long(sizeof(T)), Space::kNram); },
      [&] { *p = static_cast<T>(value); });
}

template <class T>
inline T __load_wram(const T* p) {
  using namespace ::xbang::detail;
  return run_builtin_or(
      T(0), "__load_wram", Tally::none(),
      [=](Contract& c) { c.operand("p", p, long(sizeof(T)), Space::kWram); },
      [&] { return *p; });
}
template <class T, class V>
inline void __store_wram(T* p, V value) {
  using namespace ::xbang::detail;
  run_builtin(
      "__store_wram", Tally::none(),
      [=](Contract& c) { c.operand("p", p, long(sizeof(T)), Space::kWram); },
      [&] { *p = static_cast<T>(value); });
}

template <class T>
inline T __load_sram(const T* p) {
  using namespace ::xbang::detail;
  return run_builtin_or(
      T(0), "__load_sram", Tally::none(),
      [=](Contract& c) { c.operand("p", p, long(sizeof(T)), Space::kSram); },
      [&] { return *p; });
}
template <class T, class V>
inline void __store_sram(T* p, V value) {
  using namespace ::xbang::detail;
  run_builtin(
      "__store_sram", Tally::none(),
      [=](Contract& c) {
        c.operand("p", p, long(sizeof(T)), Space::kSram, Access::kWrite);
      },
      [&] { *p = static_cast<T>(value); });
}

template <class T>
inline T __load_gdram(const T* p) {
  using namespace ::xbang::detail;
  return run_builtin_or(
      T(0), "__load_gdram", Tally::none(),
      [=](Contract& c) { c.operand("p", p, long(sizeof(T)), Space::kGdram); },
      [&] { return *p; });
}
template <class T, class V>
inline void __store_gdram(T* p, V value) {
  using namespace ::xbang::detail;
  run_builtin(
      "__store_gdram", Tally::none(),
      [=](Contract& c) {
        c.operand("p", p, long(sizeof(T)), Space::kGdram, Access::kWrite);
      },
      [&] { *p = static_cast<T>(value); });
}
