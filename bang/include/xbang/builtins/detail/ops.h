// Operations as small functors over compute batches, one contract each.
// Elementwise shape templates apply them; they never loop themselves.
#pragma once

#include <type_traits>
#include <xsimd/xsimd.hpp>

#include "xbang/isa/simd.h"

namespace xbang {
namespace functors {

template <class B>
using value_of = typename B::value_type;
template <class B>
inline constexpr bool is_float_batch = std::is_floating_point_v<value_of<B>>;

template <class B>
B isnan_mask_select(const B& x, const B& if_nan, const B& otherwise) {
  if constexpr (is_float_batch<B>) {
    return simd::select(xsimd::isnan(x), if_nan, otherwise);
  } else {
    return otherwise;
  }
}

#define XBANG_OP1(NAME, EXPR)        \
  struct NAME {                      \
    template <class B>               \
    B operator()(const B& a) const { \
      return EXPR;                   \
    }                                \
  };
#define XBANG_OP2(NAME, EXPR)                    \
  struct NAME {                                  \
    template <class B>                           \
    B operator()(const B& a, const B& b) const { \
      return EXPR;                               \
    }                                            \
  };

// Arithmetic.
XBANG_OP2(Add, a + b)
XBANG_OP2(Sub, a - b)
XBANG_OP2(Mul, a* b)
XBANG_OP2(Div, simd::div(a, b))
XBANG_OP1(Abs, xsimd::abs(a))
XBANG_OP1(Neg, -a)
XBANG_OP1(Square, a* a)
XBANG_OP1(Sqrt, simd::sqrt(a))
XBANG_OP1(Recip, simd::div(B(value_of<B>(1)), a))
XBANG_OP1(Floor, simd::floor(a))

// max/min where a NaN operand yields the other operand; on equal operands
// (including +0 and -0) the result is b.
struct MaxEqual {
  template <class B>
  B operator()(const B& a, const B& b) const {
    if constexpr (is_float_batch<B>) {
      return simd::select((a > b) | xsimd::isnan(b), a, b);
    } else {
      return xsimd::max(a, b);
    }
  }
};
struct MinEqual {
  template <class B>
  B operator()(const B& a, const B& b) const {
    if constexpr (is_float_batch<B>) {
      return simd::select((a < b) | xsimd::isnan(b), a, b);
    } else {
      return xsimd::min(a, b);
    }
  }
};
// max/min that propagate a NaN from either operand.
struct NanMax {
  template <class B>
  B operator()(const B& a, const B& b) const {
    return simd::select((a > b) | xsimd::isnan(a), a, b);
  }
};
struct NanMin {
  template <class B>
  B operator()(const B& a, const B& b) const {
    return simd::select((a < b) | xsimd::isnan(a), a, b);
  }
};

// Comparisons: 1 or 0 in the element type; IEEE (NaN compares false but ne).
#define XBANG_CMP_OP(NAME, CMP) \
  XBANG_OP2(NAME, simd::select(CMP, B(value_of<B>(1)), B(value_of<B>(0))))
XBANG_CMP_OP(Eq, a == b)
XBANG_OP2(Ne, simd::select(a == b, B(value_of<B>(0)), B(value_of<B>(1))))
XBANG_CMP_OP(Lt, a < b)
XBANG_CMP_OP(Le, a <= b)
XBANG_CMP_OP(Gt, a > b)
XBANG_CMP_OP(Ge, a >= b)

// Logic: nonzero is true (a NaN is nonzero), result 1 or 0.
template <class B>
B truth(const B& x) {
  return simd::select(x == B(value_of<B>(0)), B(value_of<B>(0)),
                      B(value_of<B>(1)));
}
XBANG_OP2(And, truth(a) * truth(b))
XBANG_OP2(Or, xsimd::max(truth(a), truth(b)))
XBANG_OP2(Xor, xsimd::abs(truth(a) - truth(b)))
XBANG_OP1(Not, B(value_of<B>(1)) - truth(a))

// Bitwise, applied to raw-bit batches.
XBANG_OP2(BitAnd, a& b)
XBANG_OP2(BitOr, a | b)
XBANG_OP2(BitXor, a ^ b)
XBANG_OP1(BitNot, ~a)

}  // namespace functors
}  // namespace xbang
