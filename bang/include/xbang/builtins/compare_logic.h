// Comparison and logic built-ins (docs/builtins.md): comparisons writing 1/0 in
// T, their scalar, cycle and bit-index forms, logical and/or/xor/not (and
// their cycle forms) on truth values, bitwise operations on the raw bits of
// any element type (plain char included; vector, scalar and cycle forms),
// and the shifts __bang_srl, __bang_sll and __bang_sra.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"

#define XBANG_CMP ::xbang::Family::kCompareLogic

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_eq(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::Eq>("__bang_eq", XBANG_CMP,
                                                         dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_ne(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::Ne>("__bang_ne", XBANG_CMP,
                                                         dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_lt(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::Lt>("__bang_lt", XBANG_CMP,
                                                         dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_le(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::Le>("__bang_le", XBANG_CMP,
                                                         dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_gt(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::Gt>("__bang_gt", XBANG_CMP,
                                                         dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_ge(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::Ge>("__bang_ge", XBANG_CMP,
                                                         dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_eq_scalar(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::functors::Eq>(
      "__bang_eq_scalar", XBANG_CMP, dst, src, value, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_ne_scalar(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::functors::Ne>(
      "__bang_ne_scalar", XBANG_CMP, dst, src, value, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_lt_scalar(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::functors::Lt>(
      "__bang_lt_scalar", XBANG_CMP, dst, src, value, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_le_scalar(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::functors::Le>(
      "__bang_le_scalar", XBANG_CMP, dst, src, value, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_gt_scalar(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::functors::Gt>(
      "__bang_gt_scalar", XBANG_CMP, dst, src, value, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_ge_scalar(T* dst, const T* src,
                             ::xbang::detail::identity_t<T> value, int n) {
  ::xbang::detail::scalar_builtin<::xbang::functors::Ge>(
      "__bang_ge_scalar", XBANG_CMP, dst, src, value, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_eq(T* dst, const T* src, const T* seg, int src_n,
                            int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Eq>(
      "__bang_cycle_eq", XBANG_CMP, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_ne(T* dst, const T* src, const T* seg, int src_n,
                            int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Ne>(
      "__bang_cycle_ne", XBANG_CMP, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_lt(T* dst, const T* src, const T* seg, int src_n,
                            int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Lt>(
      "__bang_cycle_lt", XBANG_CMP, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_le(T* dst, const T* src, const T* seg, int src_n,
                            int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Le>(
      "__bang_cycle_le", XBANG_CMP, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_gt(T* dst, const T* src, const T* seg, int src_n,
                            int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Gt>(
      "__bang_cycle_gt", XBANG_CMP, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_ge(T* dst, const T* src, const T* seg, int src_n,
                            int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Ge>(
      "__bang_cycle_ge", XBANG_CMP, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_and(T* dst, const T* src, const T* seg, int src_n,
                             int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::And>(
      "__bang_cycle_and", XBANG_CMP, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_or(T* dst, const T* src, const T* seg, int src_n,
                            int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Or>(
      "__bang_cycle_or", XBANG_CMP, dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_cycle_xor(T* dst, const T* src, const T* seg, int src_n,
                             int seg_n) {
  ::xbang::detail::cycle_builtin<::xbang::functors::Xor>(
      "__bang_cycle_xor", ::xbang::Family::kCompareLogic, dst, src, seg, src_n,
      seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_and(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::And>(
      "__bang_and", XBANG_CMP, dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_or(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::Or>("__bang_or", XBANG_CMP,
                                                         dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_xor(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::binary_builtin<::xbang::functors::Xor>(
      "__bang_xor", XBANG_CMP, dst, a, b, n);
}

template <class T,
          std::enable_if_t<::xbang::detail::is_wrapping_arith_type<T>, int> = 0>
inline void __bang_not(T* dst, const T* src, int n) {
  ::xbang::detail::unary_builtin<::xbang::functors::Not>(
      "__bang_not", XBANG_CMP, dst, src, n);
}

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
      .operand("dst", dst, n / 8, Space::kNram)
      .operand("a", a, bytes, Space::kNram)
      .operand("b", b, bytes, Space::kNram)
      .pending(a, bytes)
      .pending(b, bytes);
}

// Bitwise built-ins on the raw bits of any element type: the elementwise
// contract on T, the operation on the unsigned integer of T's width.
template <class Op, class T>
XBANG_ENTRY_INLINE void bitwise_binary_builtin(const char* name, T* dst,
                                               const T* a, const T* b, int n) {
  run_elementwise(
      name, Family::kCompareLogic, dst, n,
      [&] { binary(raw(dst), raw(a), raw(b), n, Op{}); }, a, b);
}

template <class Op, class T>
XBANG_ENTRY_INLINE void bitwise_cycle_builtin(const char* name, T* dst,
                                              const T* src, const T* seg,
                                              int src_n, int seg_n) {
  run_builtin(
      name, Tally::elements(Family::kCompareLogic, src_n),
      [&](Contract& c) { cycle_contract(c, dst, src, seg, src_n, seg_n); },
      [&] { cycle(raw(dst), raw(src), raw(seg), src_n, seg_n, Op{}); });
}

// Shifts (__bang_srl, __bang_sll, __bang_sra).
template <class T>
inline constexpr bool is_shift_type =
    is_one_of<T, char, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t>;

// The shift applied for a requested amount, and whether it empties the
// element (amount >= width).
template <class T>
int shift_amount(int requested) {
  constexpr int kWidth = int(sizeof(T)) * 8;
  if (requested < 0) return 0;
  return requested >= kWidth ? kWidth : requested;
}

struct ShiftRightLogical {
  int amount;
  template <class B>
  B operator()(const B& x) const {
    using V = typename B::value_type;
    if (amount >= int(sizeof(V)) * 8) return B(V(0));
    return x >> amount;  // V is the unsigned raw type
  }
};
struct ShiftLeft {
  int amount;
  template <class B>
  B operator()(const B& x) const {
    using V = typename B::value_type;
    if (amount >= int(sizeof(V)) * 8) return B(V(0));
    return x << amount;
  }
};
struct ShiftRightArithmetic {
  int amount;
  template <class B>
  B operator()(const B& x) const {
    using V = typename B::value_type;
    const int width = int(sizeof(V)) * 8;
    return x >> (amount >= width ? width - 1 : amount);  // V is signed
  }
};

template <class T>
using signed_bits_t = std::make_signed_t<raw_bits_t<T>>;

}  // namespace detail
}  // namespace xbang

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_eq_bitindex(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::run_builtin(
      "__bang_eq_bitindex", ::xbang::detail::Tally::elements(XBANG_CMP, n),
      [&](::xbang::detail::Contract& c) {
        ::xbang::detail::bitindex_contract(c, dst, a, b, n);
      },
      [&] {
        ::xbang::detail::compare_bitindex(dst, a, b, n,
                                          ::xbang::functors::Eq{});
      });
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_ne_bitindex(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::run_builtin(
      "__bang_ne_bitindex", ::xbang::detail::Tally::elements(XBANG_CMP, n),
      [&](::xbang::detail::Contract& c) {
        ::xbang::detail::bitindex_contract(c, dst, a, b, n);
      },
      [&] {
        ::xbang::detail::compare_bitindex(dst, a, b, n,
                                          ::xbang::functors::Ne{});
      });
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_lt_bitindex(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::run_builtin(
      "__bang_lt_bitindex", ::xbang::detail::Tally::elements(XBANG_CMP, n),
      [&](::xbang::detail::Contract& c) {
        ::xbang::detail::bitindex_contract(c, dst, a, b, n);
      },
      [&] {
        ::xbang::detail::compare_bitindex(dst, a, b, n,
                                          ::xbang::functors::Lt{});
      });
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_le_bitindex(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::run_builtin(
      "__bang_le_bitindex", ::xbang::detail::Tally::elements(XBANG_CMP, n),
      [&](::xbang::detail::Contract& c) {
        ::xbang::detail::bitindex_contract(c, dst, a, b, n);
      },
      [&] {
        ::xbang::detail::compare_bitindex(dst, a, b, n,
                                          ::xbang::functors::Le{});
      });
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_gt_bitindex(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::run_builtin(
      "__bang_gt_bitindex", ::xbang::detail::Tally::elements(XBANG_CMP, n),
      [&](::xbang::detail::Contract& c) {
        ::xbang::detail::bitindex_contract(c, dst, a, b, n);
      },
      [&] {
        ::xbang::detail::compare_bitindex(dst, a, b, n,
                                          ::xbang::functors::Gt{});
      });
}

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_ge_bitindex(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::run_builtin(
      "__bang_ge_bitindex", ::xbang::detail::Tally::elements(XBANG_CMP, n),
      [&](::xbang::detail::Contract& c) {
        ::xbang::detail::bitindex_contract(c, dst, a, b, n);
      },
      [&] {
        ::xbang::detail::compare_bitindex(dst, a, b, n,
                                          ::xbang::functors::Ge{});
      });
}

// Bitwise on the raw bits of any element type.
template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_band(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::bitwise_binary_builtin<::xbang::functors::BitAnd>(
      "__bang_band", dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_bor(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::bitwise_binary_builtin<::xbang::functors::BitOr>(
      "__bang_bor", dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_bxor(T* dst, const T* a, const T* b, int n) {
  ::xbang::detail::bitwise_binary_builtin<::xbang::functors::BitXor>(
      "__bang_bxor", dst, a, b, n);
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_cycle_band(T* dst, const T* src, const T* seg, int src_n,
                              int seg_n) {
  ::xbang::detail::bitwise_cycle_builtin<::xbang::functors::BitAnd>(
      "__bang_cycle_band", dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_cycle_bor(T* dst, const T* src, const T* seg, int src_n,
                             int seg_n) {
  ::xbang::detail::bitwise_cycle_builtin<::xbang::functors::BitOr>(
      "__bang_cycle_bor", dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_cycle_bxor(T* dst, const T* src, const T* seg, int src_n,
                              int seg_n) {
  ::xbang::detail::bitwise_cycle_builtin<::xbang::functors::BitXor>(
      "__bang_cycle_bxor", dst, src, seg, src_n, seg_n);
}

template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_bnot(T* dst, const T* src, int n) {
  using ::xbang::detail::raw;
  ::xbang::detail::run_elementwise(
      "__bang_bnot", XBANG_CMP, dst, n,
      [&] {
        ::xbang::detail::unary(raw(dst), raw(src), n,
                               ::xbang::functors::BitNot{});
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
                                ::xbang::functors::BitAnd{});
      },
      src);
}

// Shifts: srl and sll shift the bits in zeros (by the width or more: 0);
// sra shifts in copies of the sign bit (by the width or more: all sign
// bits). A negative shift counts as 0 (shift_amount).
template <class T, std::enable_if_t<::xbang::detail::is_shift_type<T>, int> = 0>
inline void __bang_srl(T* dst, const T* src, int shift, int n) {
  using namespace xbang::detail;
  run_elementwise(
      "__bang_srl", xbang::Family::kCompareLogic, dst, n,
      [&] {
        unary(raw(dst), raw(src), n, ShiftRightLogical{shift_amount<T>(shift)});
      },
      src);
}
template <class T, std::enable_if_t<::xbang::detail::is_shift_type<T>, int> = 0>
inline void __bang_sll(T* dst, const T* src, int shift, int n) {
  using namespace xbang::detail;
  run_elementwise(
      "__bang_sll", xbang::Family::kCompareLogic, dst, n,
      [&] { unary(raw(dst), raw(src), n, ShiftLeft{shift_amount<T>(shift)}); },
      src);
}
template <class T, std::enable_if_t<::xbang::detail::is_shift_type<T>, int> = 0>
inline void __bang_sra(T* dst, const T* src, int shift, int n) {
  using namespace xbang::detail;
  using S = signed_bits_t<T>;
  run_elementwise(
      "__bang_sra", xbang::Family::kCompareLogic, dst, n,
      [&] {
        unary(reinterpret_cast<S*>(dst), reinterpret_cast<const S*>(src), n,
              ShiftRightArithmetic{shift_amount<T>(shift)});
      },
      src);
}

#undef XBANG_CMP
