// Channel-expanding products (the hardware runs them as a convolution with
// a ones filter in WRAM):
//   __bang_expand_channel_mul(dst, scale, wram_ones, src, n, c)
//     dst[i][j] = scale[i] * src[i][j]
//   __bang_expand_channel_mul_add(dst, scale, wram_ones, src, addend, n, c)
//     dst[i][j] = scale[i] * src[i][j] + addend[i][j]
// for i < n, j < c; scale has n elements, src, addend and dst n * c. Types:
// half and float.
//
// Choices where the meaning is uncertain: the WRAM operand is only checked
// (its first c elements must be WRAM), never read; mul_add is fused (one
// rounding of s * x + a in float lanes). dst may equal src or addend
// exactly.
#pragma once

#include <cstdint>
#include <xsimd/xsimd.hpp>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"

namespace xbang {
namespace detail {

// The one operand check of the family.
template <class T>
XBANG_CHECK_PATH bool expand_channel_ok(const char* name, const T* dst,
                                        const T* scale, const T* wram,
                                        const T* src, const T* addend, long n,
                                        long c) {
  if (!check_count(name, n) || !check_count(name, c)) return false;
  const long bytes = n * c * long(sizeof(T));
  return check_space(name, "scale", scale, n * long(sizeof(T)), Space::kNram) &&
         check_not_pending(name, scale, n * long(sizeof(T))) &&
         check_space(name, "wram", wram, c * long(sizeof(T)), Space::kWram) &&
         Contract(name, Contract::Mode::kValidate)
             .dst(dst, bytes)
             .src("src", src, bytes)
             .ok() &&
         (addend == nullptr ||
          (check_space(name, "addend", addend, bytes, Space::kNram) &&
           check_inplace(name, dst, bytes, addend, bytes) &&
           check_not_pending(name, addend, bytes)));
}

template <class T>
void expand_channel(T* dst, const T* scale, const T* src, const T* addend,
                    long n, long c) {
  using L = Lanes<T>;
  using B = typename L::batch;
  for (long i = 0; i < n; ++i) {
    const B s(static_cast<typename L::value>(scale[i]));
    T* out = dst + i * c;
    const T* in = src + i * c;
    if (addend == nullptr) {
      scalar(out, in, scale[i], c, ops::Mul{});
    } else {
      const T* add = addend + i * c;
      binary(out, in, add, c,
             [&](const B& x, const B& a) { return xsimd::fma(x, s, a); });
    }
  }
}

}  // namespace detail
}  // namespace xbang

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_expand_channel_mul(T* dst, const T* scale, const T* wram,
                                      const T* src, int n, int c) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() &&
      !expand_channel_ok("__bang_expand_channel_mul", dst, scale, wram, src,
                         static_cast<const T*>(nullptr), n, c)) {
    return;
  }
  if (n <= 0 || c <= 0) return;
  expand_channel(dst, scale, src, static_cast<const T*>(nullptr), n, c);
  count_elements(xbang::Family::kArithmetic, uint64_t(n) * uint64_t(c));
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_expand_channel_mul_add(T* dst, const T* scale, const T* wram,
                                          const T* src, const T* addend, int n,
                                          int c) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() &&
      !expand_channel_ok("__bang_expand_channel_mul_add", dst, scale, wram, src,
                         addend, n, c)) {
    return;
  }
  if (n <= 0 || c <= 0) return;
  expand_channel(dst, scale, src, addend, n, c);
  count_elements(xbang::Family::kArithmetic, 2 * uint64_t(n) * uint64_t(c));
}
