// Table lookup built-ins: dst[i] = table[index[i]] for a table of
// table_len elements in NRAM.
//   __bang_lut(int32_t* dst, const uint32_t* index, const int32_t* table,
//              n, table_len)             (and the int16_t/uint16_t form)
//   __bang_lut_s32(int32_t* dst, const int32_t* index, const int32_t* table,
//                  n, table_len)
//   __bang_lut_s16(int16_t* ...)         (16-bit entries)
// mlu-ops fills 64-entry tables and indexes them with 0/1 masks; what the
// hardware does with an index past the table is not documented: xbang
// writes lut_missing_entry() there (negative signed indices included).
#pragma once

#include <cstdint>
#include <type_traits>

#include "xbang/builtins/detail/elementwise.h"

namespace xbang {
namespace detail {

// The result for an index outside [0, table_len).
template <class T>
constexpr T lut_missing_entry() {
  return T(0);
}

// One element at a time: the 32-bit gather instructions measured slower
// than this loop (AMD EPYC, AVX2 and AVX-512 builds; bench_bang_math), and
// 2-byte entries have none.
template <class D>
void lookup(D* dst, const raw_bits_t<D>* index, const D* table, long n,
            long table_len) {
  using U = raw_bits_t<D>;
  const U* entries = reinterpret_cast<const U*>(table);
  U* out = reinterpret_cast<U*>(dst);
  const U len = U(table_len);
  const U missing = U(lut_missing_entry<D>());
  for (long i = 0; i < n; ++i) {
    const U k = index[i];
    out[i] = k < len ? entries[k] : missing;
  }
}

template <class D, class I>
void lut_builtin(const char* name, D* dst, const I* index, const D* table,
                 int n, int table_len) {
  const std::ptrdiff_t bytes = n * std::ptrdiff_t(sizeof(D));
  const std::ptrdiff_t table_bytes = table_len * std::ptrdiff_t(sizeof(D));
  run_builtin(
      name, Tally::elements(Family::kGatherScatter, n),
      [&](Contract& c) {
        c.count(n)
            .count(table_len)
            .require(table_len > 0 || n == 0, [] { return "table_len is 0"; })
            .dst(dst, bytes)
            .src("index", index, bytes)
            .operand("table", table, table_bytes, Space::kNram)
            .pending(table, table_bytes);
      },
      [&] {
        lookup(dst, reinterpret_cast<const raw_bits_t<D>*>(index), table, n,
               table_len);
      });
}

template <class D>
inline constexpr bool is_lut_entry = is_one_of<D, int16_t, int32_t>;

}  // namespace detail
}  // namespace xbang

template <class D, std::enable_if_t<::xbang::detail::is_lut_entry<D>, int> = 0>
inline void __bang_lut(D* dst, const ::xbang::detail::raw_bits_t<D>* index,
                       const D* table, int n, int table_len) {
  xbang::detail::lut_builtin("__bang_lut", dst, index, table, n, table_len);
}
inline void __bang_lut_s32(int32_t* dst, const int32_t* index,
                           const int32_t* table, int n, int table_len) {
  xbang::detail::lut_builtin("__bang_lut_s32", dst, index, table, n, table_len);
}
inline void __bang_lut_s16(int16_t* dst, const int16_t* index,
                           const int16_t* table, int n, int table_len) {
  xbang::detail::lut_builtin("__bang_lut_s16", dst, index, table, n, table_len);
}
