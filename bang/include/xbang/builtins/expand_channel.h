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
      scalar(out, in, scale[i], c, functors::Mul{});
    } else {
      const T* add = addend + i * c;
      binary(out, in, add, c,
             [&](const B& x, const B& a) { return simd::fma(x, s, a); });
    }
  }
}

// The contract of the family: scale (n elements) in NRAM, the ones filter
// (c elements) in WRAM, dst, src and addend (n * c) in NRAM, exact in place
// only.
template <class T>
void expand_channel_contract(Contract& contract, const T* dst, const T* scale,
                             const T* wram, const T* src, const T* addend,
                             long n, long c) {
  const long bytes = n * c * long(sizeof(T));
  contract.count(n)
      .count(c)
      .operand("scale", scale, n * long(sizeof(T)), Space::kNram)
      .pending(scale, n * long(sizeof(T)))
      .operand("wram", wram, c * long(sizeof(T)), Space::kWram)
      .dst(dst, bytes)
      .src("src", src, bytes);
  if (addend != nullptr) contract.src("addend", addend, bytes);
}

// One built-in of the family; mul_add counts two operations per element.
template <class T>
void expand_channel_builtin(const char* name, T* dst, const T* scale,
                            const T* wram, const T* src, const T* addend,
                            long n, long c) {
  const long elements = n > 0 && c > 0 ? n * c : 0;
  run_builtin(
      name,
      Tally::elements(Family::kArithmetic,
                      addend != nullptr ? 2 * elements : elements),
      [=](Contract& contract) {
        expand_channel_contract(contract, dst, scale, wram, src, addend, n, c);
      },
      [&] {
        if (elements > 0) expand_channel(dst, scale, src, addend, n, c);
      });
}

}  // namespace detail
}  // namespace xbang

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_expand_channel_mul(T* dst, const T* scale, const T* wram,
                                      const T* src, int n, int c) {
  xbang::detail::expand_channel_builtin("__bang_expand_channel_mul", dst, scale,
                                        wram, src,
                                        static_cast<const T*>(nullptr), n, c);
}

template <class T, std::enable_if_t<::xbang::detail::is_float_type<T>, int> = 0>
inline void __bang_expand_channel_mul_add(T* dst, const T* scale, const T* wram,
                                          const T* src, const T* addend, int n,
                                          int c) {
  xbang::detail::expand_channel_builtin("__bang_expand_channel_mul_add", dst,
                                        scale, wram, src, addend, n, c);
}
