// Selection and counting built-ins (spec section 4): filter, count,
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

template <class T>
XBANG_CHECK_PATH bool read_ok(const char* name, const T* src, long n) {
  return check_count(name, n) &&
         check_space(name, "src", src, n * long(sizeof(T)), Space::kNram) &&
         check_not_pending(name, src, n * long(sizeof(T)));
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

}  // namespace detail
}  // namespace xbang

#define XBANG_SELECT ::xbang::Family::kSelection

// Packs the src[i] whose mask[i] is nonzero to the front of dst; returns how
// many.
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline uint32_t __bang_filter(T* dst, const T* src, const T* mask, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() && (!read_ok("__bang_filter", src, n) ||
                           !read_ok("__bang_filter", mask, n) ||
                           !check_space("__bang_filter", "dst", dst,
                                        n * long(sizeof(T)), Space::kNram))) {
    return 0;
  }
  uint32_t kept = 0;
  for (int i = 0; i < n; ++i) {
    if (nonzero(mask[i])) dst[kept++] = src[i];
  }
  count_elements(XBANG_SELECT, n > 0 ? uint64_t(n) : 0);
  return kept;
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline uint32_t __bang_count(const T* src, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() && !read_ok("__bang_count", src, n)) return 0;
  uint32_t count = 0;
  for (int i = 0; i < n; ++i) count += nonzero(src[i]) ? 1u : 0u;
  count_elements(XBANG_SELECT, n > 0 ? uint64_t(n) : 0);
  return count;
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline uint32_t __bang_findfirst1(const T* src, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() && !read_ok("__bang_findfirst1", src, n))
    return 0xFFFFFFFFu;
  count_elements(XBANG_SELECT, n > 0 ? uint64_t(n) : 0);
  for (int i = 0; i < n; ++i) {
    if (nonzero(src[i])) return uint32_t(i);
  }
  return 0xFFFFFFFFu;
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline uint32_t __bang_findlast1(const T* src, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() && !read_ok("__bang_findlast1", src, n))
    return 0xFFFFFFFFu;
  count_elements(XBANG_SELECT, n > 0 ? uint64_t(n) : 0);
  for (int i = n - 1; i >= 0; --i) {
    if (nonzero(src[i])) return uint32_t(i);
  }
  return 0xFFFFFFFFu;
}

// dst[0] = the extreme value, the bits of dst[1] (4 bytes from there) = its
// first index as uint32_t.
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_argmax(T* dst, const T* src, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() && (!read_ok("__bang_argmax", src, n) ||
                           !check_space("__bang_argmax", "dst", dst,
                                        long(sizeof(T)) + 4, Space::kNram))) {
    return;
  }
  arg_extreme(dst, src, n, [](T a, T b) { return a > b; });
  count_elements(XBANG_SELECT, n > 0 ? uint64_t(n) : 0);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_argmin(T* dst, const T* src, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() && (!read_ok("__bang_argmin", src, n) ||
                           !check_space("__bang_argmin", "dst", dst,
                                        long(sizeof(T)) + 4, Space::kNram))) {
    return;
  }
  arg_extreme(dst, src, n, [](T a, T b) { return a < b; });
  count_elements(XBANG_SELECT, n > 0 ? uint64_t(n) : 0);
}

#undef XBANG_SELECT
