// Selection and counting built-ins (docs/builtins.md): filter, count,
// findfirst1/findlast1, argmax/argmin.
#pragma once

#include <cstdint>
#include <cstring>

#include "xbang/builtins/detail/elementwise.h"

namespace xbang {
namespace detail {

template <class T>
bool nonzero(T v) {
  return float(v) != 0.0f || (v != v);  // NaN counts as nonzero
}

// n elements of src read in full.
template <class T>
void read_contract(Contract& c, const char* operand, const T* src, long n) {
  const std::ptrdiff_t bytes = n * std::ptrdiff_t(sizeof(T));
  c.count(n).operand(operand, src, bytes, Space::kNram).pending(src, bytes);
}

// A built-in that reads n elements of src and returns a count or an index
// (`skipped` when it does not run).
template <class T, class Body>
uint32_t run_reduction(const char* name, const T* src, long n, uint32_t skipped,
                       const Body& body) {
  return run_builtin_or(
      skipped, name, Tally::elements(Family::kSelection, n),
      [&](Contract& c) { read_contract(c, "src", src, n); }, body);
}

// First index of the extreme value; NaN elements are skipped (an all-NaN
// input gives NaN at index 0).
template <class T, class Better>
void arg_extreme(T* dst, const T* src, long n, Better better) {
  if (n <= 0) return;
  long best = -1;
  for (long i = 0; i < n; ++i) {
    if (src[i] != src[i]) continue;
    if (best < 0 || better(src[i], src[best])) best = i;
  }
  const uint32_t index = best < 0 ? 0u : uint32_t(best);
  dst[0] = src[best < 0 ? 0 : best];
  // For 2-byte T the index spans dst[1] and dst[2].
  std::memcpy(static_cast<void*>(dst + 1), &index, 4);
}

// argmax/argmin: the extreme value and its 4-byte index after it in dst.
template <class T, class Better>
void run_arg_extreme(const char* name, T* dst, const T* src, long n,
                     Better better) {
  run_builtin(
      name, Tally::elements(Family::kSelection, n),
      [&](Contract& c) {
        read_contract(c, "src", src, n);
        c.operand("dst", dst, long(sizeof(T)) + 4, Space::kNram);
      },
      [&] { arg_extreme(dst, src, n, better); });
}

}  // namespace detail
}  // namespace xbang

// Packs the src[i] whose mask[i] is nonzero to the front of dst; returns how
// many.
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline uint32_t __bang_filter(T* dst, const T* src, const T* mask, int n) {
  using namespace xbang::detail;
  return run_builtin_or(
      0u, "__bang_filter", Tally::elements(xbang::Family::kSelection, n),
      [&](Contract& c) {
        read_contract(c, "src", src, n);
        read_contract(c, "mask", mask, n);
        c.operand("dst", dst, n * long(sizeof(T)), Space::kNram);
      },
      [&] {
        uint32_t kept = 0;
        for (int i = 0; i < n; ++i) {
          if (nonzero(mask[i])) dst[kept++] = src[i];
        }
        return kept;
      });
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline uint32_t __bang_count(const T* src, int n) {
  return xbang::detail::run_reduction("__bang_count", src, n, 0u, [&] {
    uint32_t count = 0;
    for (int i = 0; i < n; ++i) count += xbang::detail::nonzero(src[i]);
    return count;
  });
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline uint32_t __bang_findfirst1(const T* src, int n) {
  return xbang::detail::run_reduction("__bang_findfirst1", src, n, 0xFFFFFFFFu,
                                      [&] {
                                        for (int i = 0; i < n; ++i) {
                                          if (xbang::detail::nonzero(src[i]))
                                            return uint32_t(i);
                                        }
                                        return 0xFFFFFFFFu;
                                      });
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline uint32_t __bang_findlast1(const T* src, int n) {
  return xbang::detail::run_reduction("__bang_findlast1", src, n, 0xFFFFFFFFu,
                                      [&] {
                                        for (int i = n - 1; i >= 0; --i) {
                                          if (xbang::detail::nonzero(src[i]))
                                            return uint32_t(i);
                                        }
                                        return 0xFFFFFFFFu;
                                      });
}

// dst[0] = the extreme value, the bits of dst[1] (4 bytes from there) = its
// first index as uint32_t. half, float, int16_t, int32_t; bfloat16_t on 5xx.
template <class T, std::enable_if_t<
                       ::xbang::detail::is_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_argmax(T* dst, const T* src, int n) {
  static_assert(
      ::xbang::detail::form_on_arch<T>,
      "__bang_argmax: no bfloat16_t form on this arch (__BANG_ARCH__ < "
      "500; mtp_592 has it)");
  xbang::detail::run_arg_extreme("__bang_argmax", dst, src, n,
                                 [](T a, T b) { return a > b; });
}

template <class T, std::enable_if_t<
                       ::xbang::detail::is_arith_or_bfloat16_type<T>, int> = 0>
inline void __bang_argmin(T* dst, const T* src, int n) {
  static_assert(
      ::xbang::detail::form_on_arch<T>,
      "__bang_argmin: no bfloat16_t form on this arch (__BANG_ARCH__ < "
      "500; mtp_592 has it)");
  xbang::detail::run_arg_extreme("__bang_argmin", dst, src, n,
                                 [](T a, T b) { return a < b; });
}
