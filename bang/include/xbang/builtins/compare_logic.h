// Comparison and logic built-ins (docs/builtins.md): comparisons writing 1/0 in
// T, their scalar, cycle and bit-index forms, logical and/or/xor/not on
// truth values, and bitwise operations on the raw bits.
#pragma once

#include <cstring>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"

#define XBANG_CMP ::xbang::Family::kCompareLogic

XBANG_BINARY_BUILTIN(__bang_eq, ::xbang::ops::Eq, is_arith_type, XBANG_CMP)
XBANG_BINARY_BUILTIN(__bang_ne, ::xbang::ops::Ne, is_arith_type, XBANG_CMP)
XBANG_BINARY_BUILTIN(__bang_lt, ::xbang::ops::Lt, is_arith_type, XBANG_CMP)
XBANG_BINARY_BUILTIN(__bang_le, ::xbang::ops::Le, is_arith_type, XBANG_CMP)
XBANG_BINARY_BUILTIN(__bang_gt, ::xbang::ops::Gt, is_arith_type, XBANG_CMP)
XBANG_BINARY_BUILTIN(__bang_ge, ::xbang::ops::Ge, is_arith_type, XBANG_CMP)

XBANG_SCALAR_BUILTIN(__bang_eq_scalar, ::xbang::ops::Eq, is_arith_type,
                     XBANG_CMP)
XBANG_SCALAR_BUILTIN(__bang_ne_scalar, ::xbang::ops::Ne, is_arith_type,
                     XBANG_CMP)
XBANG_SCALAR_BUILTIN(__bang_lt_scalar, ::xbang::ops::Lt, is_arith_type,
                     XBANG_CMP)
XBANG_SCALAR_BUILTIN(__bang_le_scalar, ::xbang::ops::Le, is_arith_type,
                     XBANG_CMP)
XBANG_SCALAR_BUILTIN(__bang_gt_scalar, ::xbang::ops::Gt, is_arith_type,
                     XBANG_CMP)
XBANG_SCALAR_BUILTIN(__bang_ge_scalar, ::xbang::ops::Ge, is_arith_type,
                     XBANG_CMP)

XBANG_CYCLE_BUILTIN(__bang_cycle_eq, ::xbang::ops::Eq, is_arith_type, XBANG_CMP)
XBANG_CYCLE_BUILTIN(__bang_cycle_ne, ::xbang::ops::Ne, is_arith_type, XBANG_CMP)
XBANG_CYCLE_BUILTIN(__bang_cycle_lt, ::xbang::ops::Lt, is_arith_type, XBANG_CMP)
XBANG_CYCLE_BUILTIN(__bang_cycle_le, ::xbang::ops::Le, is_arith_type, XBANG_CMP)
XBANG_CYCLE_BUILTIN(__bang_cycle_gt, ::xbang::ops::Gt, is_arith_type, XBANG_CMP)
XBANG_CYCLE_BUILTIN(__bang_cycle_ge, ::xbang::ops::Ge, is_arith_type, XBANG_CMP)
XBANG_CYCLE_BUILTIN(__bang_cycle_and, ::xbang::ops::And, is_arith_type,
                    XBANG_CMP)
XBANG_CYCLE_BUILTIN(__bang_cycle_or, ::xbang::ops::Or, is_arith_type, XBANG_CMP)

XBANG_BINARY_BUILTIN(__bang_and, ::xbang::ops::And, is_arith_type, XBANG_CMP)
XBANG_BINARY_BUILTIN(__bang_or, ::xbang::ops::Or, is_arith_type, XBANG_CMP)
XBANG_BINARY_BUILTIN(__bang_xor, ::xbang::ops::Xor, is_arith_type, XBANG_CMP)
XBANG_UNARY_BUILTIN(__bang_not, ::xbang::ops::Not, is_wrapping_arith_type,
                    XBANG_CMP)

namespace xbang {
namespace detail {

// One result bit per element, least significant bit first, into `dst`'s
// bytes: whole batches are compared and packed in registers, the rest
// compares vectorised into a small buffer and packs from there.
template <class T, class Cmp>
void compare_bitindex(void* dst, const T* a, const T* b, long n, Cmp cmp) {
  using L = Lanes<T>;
  auto* out = static_cast<uint8_t*>(dst);
  long base = 0;
  if constexpr (L::size % 8 == 0) {
    for (; base + long(L::size) <= n; base += long(L::size)) {
      simd::PackBits<typename L::batch>::run(
          cmp(L::load(a + base), L::load(b + base)), out + base / 8);
    }
  }
  constexpr long kChunk = 256;
  alignas(64) T flags[kChunk];
  for (; base < n; base += kChunk) {
    const long len = n - base < kChunk ? n - base : kChunk;
    binary(flags, a + base, b + base, len, cmp);
    for (long byte = 0; byte < (len + 7) / 8; ++byte) {
      uint8_t bits = 0;
      for (int bit = 0; bit < 8 && byte * 8 + bit < len; ++bit) {
        if (float(flags[byte * 8 + bit]) != 0.0f) bits |= uint8_t(1u << bit);
      }
      out[base / 8 + byte] = bits;
    }
  }
}

// The contract of a bit-index comparison: n a multiple of 8, n/8 bytes out.
template <class T>
void bitindex_contract(Contract& c, const T* dst, const T* a, const T* b,
                       long n) {
  const std::ptrdiff_t bytes = n * std::ptrdiff_t(sizeof(T));
  c.count(n)
      .require(n % 8 == 0,
               [&] {
                 return "n = " + std::to_string(n) + " is not a multiple of 8";
               })
      .operand("dst", dst, n / 8, Where::kNram)
      .operand("a", a, bytes, Where::kNram)
      .operand("b", b, bytes, Where::kNram)
      .pending(a, bytes)
      .pending(b, bytes);
}

}  // namespace detail
}  // namespace xbang

#define XBANG_BITINDEX_BUILTIN(NAME, OP)                                  \
  template <class T,                                                      \
            std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0> \
  inline void NAME(T* dst, const T* a, const T* b, int n) {               \
    ::xbang::detail::run_builtin(                                         \
        #NAME, ::xbang::detail::Tally::elements(XBANG_CMP, n),            \
        [&](::xbang::detail::Contract& c) {                               \
          ::xbang::detail::bitindex_contract(c, dst, a, b, n);            \
        },                                                                \
        [&] { ::xbang::detail::compare_bitindex(dst, a, b, n, OP{}); });  \
  }
XBANG_BITINDEX_BUILTIN(__bang_eq_bitindex, ::xbang::ops::Eq)
XBANG_BITINDEX_BUILTIN(__bang_ne_bitindex, ::xbang::ops::Ne)
XBANG_BITINDEX_BUILTIN(__bang_lt_bitindex, ::xbang::ops::Lt)
XBANG_BITINDEX_BUILTIN(__bang_le_bitindex, ::xbang::ops::Le)
XBANG_BITINDEX_BUILTIN(__bang_gt_bitindex, ::xbang::ops::Gt)
XBANG_BITINDEX_BUILTIN(__bang_ge_bitindex, ::xbang::ops::Ge)
#undef XBANG_BITINDEX_BUILTIN

// Bitwise on the raw bits of any element type.
#define XBANG_BITWISE_BINARY(NAME, OP)                                       \
  template <class T,                                                         \
            std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>     \
  inline void NAME(T* dst, const T* a, const T* b, int n) {                  \
    using ::xbang::detail::raw;                                              \
    ::xbang::detail::run_elementwise(                                        \
        #NAME, XBANG_CMP, dst, n,                                            \
        [&] { ::xbang::detail::binary(raw(dst), raw(a), raw(b), n, OP{}); }, \
        a, b);                                                               \
  }
XBANG_BITWISE_BINARY(__bang_band, ::xbang::ops::BitAnd)
XBANG_BITWISE_BINARY(__bang_bor, ::xbang::ops::BitOr)
XBANG_BITWISE_BINARY(__bang_bxor, ::xbang::ops::BitXor)
#undef XBANG_BITWISE_BINARY

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_bnot(T* dst, const T* src, int n) {
  using ::xbang::detail::raw;
  ::xbang::detail::run_elementwise(
      "__bang_bnot", XBANG_CMP, dst, n,
      [&] {
        ::xbang::detail::unary(raw(dst), raw(src), n, ::xbang::ops::BitNot{});
      },
      src);
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_band_scalar(T* dst, const T* src,
                               ::xbang::detail::identity_t<T> value, int n) {
  using ::xbang::detail::raw;
  ::xbang::detail::raw_bits_t<T> bits;
  std::memcpy(&bits, &value, sizeof bits);
  ::xbang::detail::run_elementwise(
      "__bang_band_scalar", XBANG_CMP, dst, n,
      [&] {
        ::xbang::detail::scalar(raw(dst), raw(src), bits, n,
                                ::xbang::ops::BitAnd{});
      },
      src);
}

#undef XBANG_CMP
