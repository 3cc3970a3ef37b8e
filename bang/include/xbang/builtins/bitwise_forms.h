// Bitwise built-ins beyond compare_logic.h, on the raw bits of any element
// type (plain char included):
//   __bang_cycle_band / _bor / _bxor(dst, src, seg, src_n, seg_n)
// the logical (truth value, 1 or 0) cycle xor beside compare_logic.h's
// cycle and/or:
//   __bang_cycle_xor(dst, src, seg, src_n, seg_n)
//   __bang_srl / __bang_sll / __bang_sra(dst, src, shift, n)
// srl and sll shift the bits in zeros (shifting by the width or more gives
// 0); sra shifts in copies of the sign bit (by the width or more: all sign
// bits). A negative shift counts as 0. See shift_amount().
#pragma once

#include <cstdint>
#include <type_traits>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"

namespace xbang {
namespace detail {

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

#define XBANG_CYCLE_BITWISE(NAME, OP)                                          \
  template <class T,                                                           \
            std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>       \
  inline void NAME(T* dst, const T* src, const T* seg, int src_n, int seg_n) { \
    using namespace xbang::detail;                                             \
    run_builtin(                                                               \
        #NAME, Tally::elements(::xbang::Family::kCompareLogic, src_n),         \
        [&](Contract& c) { cycle_contract(c, dst, src, seg, src_n, seg_n); },  \
        [&] { cycle(raw(dst), raw(src), raw(seg), src_n, seg_n, OP{}); });     \
  }
XBANG_CYCLE_BITWISE(__bang_cycle_band, ::xbang::ops::BitAnd)
XBANG_CYCLE_BITWISE(__bang_cycle_bor, ::xbang::ops::BitOr)
XBANG_CYCLE_BITWISE(__bang_cycle_bxor, ::xbang::ops::BitXor)
#undef XBANG_CYCLE_BITWISE

XBANG_CYCLE_BUILTIN(__bang_cycle_xor, ::xbang::ops::Xor, is_arith_type,
                    ::xbang::Family::kCompareLogic)

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
