// __bang_fusion: two arithmetic operations in one pass,
//   dst[i] = (a[i] OP1 b[i]) OP2 c[i]
// with OP1/OP2 named by the op code (FUSION_FMA = a*b+c, FMS = a*b-c,
// FAM = (a+b)*c, FSM = (a-b)*c, FAA = a+b+c, FAS = (a+b)-c, FSS = (a-b)-c,
// FSA = (a-b)+c). b and c are each an NRAM vector or a scalar. The six
// argument form reads n elements of every vector; the seven argument form
// (..., n, seg_n) repeats the vector b and c operands every seg_n elements
// (n a multiple of seg_n), as __bang_cycle_* does.
// Types: half, float, int16_t, int32_t (half computes in float and rounds
// once on store).
#pragma once

#include <string>

#include "xbang/builtins/detail/elementwise.h"

enum mluFusionOpCode {
  FUSION_FMA,
  FUSION_FMS,
  FUSION_FAM,
  FUSION_FSM,
  FUSION_FAA,
  FUSION_FAS,
  FUSION_FSS,
  FUSION_FSA
};

namespace xbang {
namespace detail {

// Whether FUSION_FMA/FMS round once (a fused multiply-add) or twice (the
// product, then the sum). Not documented for the hardware; xbang fuses, as
// the name of the built-in suggests. With false the result depends on the
// compiler: GCC contracts a*b+c into an FMA unless -ffp-contract=off.
inline constexpr bool kFusionSingleRounding = true;

// A vector operand: element i of the current segment.
template <class T>
struct VectorOperand {
  const T* p;
  typename Lanes<T>::batch load(long i) const { return Lanes<T>::load(p + i); }
  typename Lanes<T>::batch load_tail(long i, long count) const {
    return Tail<T>::load(p + i, count);
  }
};
// A scalar operand: the same value in every lane.
template <class T>
struct ScalarOperand {
  typename Lanes<T>::batch value;
  explicit ScalarOperand(T v)
      : value(static_cast<typename Lanes<T>::value>(v)) {}
  typename Lanes<T>::batch load(long) const { return value; }
  typename Lanes<T>::batch load_tail(long, long) const { return value; }
};

template <class B>
B fusion_multiply_add(const B& a, const B& b, const B& c) {
  if constexpr (kFusionSingleRounding &&
                std::is_floating_point_v<typename B::value_type>) {
    return simd::fma(a, b, c);
  } else {
    return a * b + c;
  }
}
template <class B>
B fusion_multiply_sub(const B& a, const B& b, const B& c) {
  if constexpr (kFusionSingleRounding &&
                std::is_floating_point_v<typename B::value_type>) {
    return simd::fms(a, b, c);
  } else {
    return a * b - c;
  }
}

// Applies one op code to three batches.
template <mluFusionOpCode kOp>
struct FusionOp {
  template <class B>
  B operator()(const B& a, const B& b, const B& c) const {
    if constexpr (kOp == FUSION_FMA) return fusion_multiply_add(a, b, c);
    if constexpr (kOp == FUSION_FMS) return fusion_multiply_sub(a, b, c);
    if constexpr (kOp == FUSION_FAM) return (a + b) * c;
    if constexpr (kOp == FUSION_FSM) return (a - b) * c;
    if constexpr (kOp == FUSION_FAA) return (a + b) + c;
    if constexpr (kOp == FUSION_FAS) return (a + b) - c;
    if constexpr (kOp == FUSION_FSS) return (a - b) - c;
    if constexpr (kOp == FUSION_FSA) return (a - b) + c;
  }
};

// dst[i] = op(a[i], b[i], c[i]) for i < n; b and c are operand objects.
template <class T, class Bop, class Cop, class Op>
void ternary(T* dst, const T* a, const Bop& b, const Cop& c, long n, Op op) {
  using L = Lanes<T>;
  const long step = long(L::size);
  long i = 0;
  for (; i + step <= n; i += step) {
    L::store(dst + i, op(L::load(a + i), b.load(i), c.load(i)));
  }
  if (i < n) {
    const long rest = n - i;
    Tail<T>::store(dst + i,
                   op(Tail<T>::load(a + i, rest), b.load_tail(i, rest),
                      c.load_tail(i, rest)),
                   rest);
  }
}

// Repeats the b and c operands every seg_n elements of a.
template <class T, class Bop, class Cop, class Op>
void ternary_cycle(T* dst, const T* a, const Bop& b, const Cop& c, long n,
                   long seg_n, Op op) {
  if (seg_n >= n) {
    ternary(dst, a, b, c, n, op);
    return;
  }
  for (long i = 0; i < n; i += seg_n) {
    ternary(dst + i, a + i, b, c, n - i < seg_n ? n - i : seg_n, op);
  }
}

template <class T, class Bop, class Cop>
void fusion_dispatch(mluFusionOpCode code, T* dst, const T* a, const Bop& b,
                     const Cop& c, long n, long seg_n) {
  switch (code) {
#define XBANG_FUSION_CASE(CODE)                              \
  case CODE:                                                 \
    ternary_cycle(dst, a, b, c, n, seg_n, FusionOp<CODE>{}); \
    break;
    XBANG_FUSION_CASE(FUSION_FMA)
    XBANG_FUSION_CASE(FUSION_FMS)
    XBANG_FUSION_CASE(FUSION_FAM)
    XBANG_FUSION_CASE(FUSION_FSM)
    XBANG_FUSION_CASE(FUSION_FAA)
    XBANG_FUSION_CASE(FUSION_FAS)
    XBANG_FUSION_CASE(FUSION_FSS)
    XBANG_FUSION_CASE(FUSION_FSA)
#undef XBANG_FUSION_CASE
  }
}

template <class T>
const T* vector_pointer(const VectorOperand<T>& v) {
  return v.p;
}
template <class T>
const T* vector_pointer(const ScalarOperand<T>&) {
  return nullptr;
}

// Every __bang_fusion form: the op code, counts, dst and a over n elements
// (the elementwise contract), vector b/c over seg_n elements (exact in place
// only), n counted in the arithmetic family.
template <class T, class Bop, class Cop>
void fusion(mluFusionOpCode code, T* dst, const T* a, const Bop& b,
            const Cop& c, int n, int seg_n) {
  const std::ptrdiff_t seg_bytes = seg_n * std::ptrdiff_t(sizeof(T));
  auto vector_operand = [&](Contract& k, const char* name, const T* p) {
    if (p != nullptr) k.src(name, p, seg_bytes);
  };
  run_builtin(
      "__bang_fusion", Tally::elements(Family::kArithmetic, n),
      [&](Contract& k) {
        k.require(
             int(code) >= int(FUSION_FMA) && int(code) <= int(FUSION_FSA),
             [&] { return "unknown op code " + std::to_string(int(code)); })
            .count(seg_n)
            .require(n <= 0 || (seg_n > 0 && n % seg_n == 0), [&] {
              return "n " + std::to_string(n) + " is not a multiple of seg_n " +
                     std::to_string(seg_n);
            });
        elementwise_contract(k, dst, n, a);
        vector_operand(k, "b", vector_pointer(b));
        vector_operand(k, "c", vector_pointer(c));
      },
      [&] {
        // Unchecked, a bad seg_n does nothing rather than loop or over-read.
        if (n > 0 && seg_n > 0) fusion_dispatch(code, dst, a, b, c, n, seg_n);
      });
}

}  // namespace detail
}  // namespace xbang

// Six argument forms: every vector operand has n elements.
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_fusion(mluFusionOpCode op, T* dst, const T* a, const T* b,
                          const T* c, int n) {
  using namespace xbang::detail;
  fusion(op, dst, a, VectorOperand<T>{b}, VectorOperand<T>{c}, n, n);
}
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_fusion(mluFusionOpCode op, T* dst, const T* a,
                          ::xbang::detail::identity_t<T> b, const T* c, int n) {
  using namespace xbang::detail;
  fusion(op, dst, a, ScalarOperand<T>(b), VectorOperand<T>{c}, n, n);
}
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_fusion(mluFusionOpCode op, T* dst, const T* a, const T* b,
                          ::xbang::detail::identity_t<T> c, int n) {
  using namespace xbang::detail;
  fusion(op, dst, a, VectorOperand<T>{b}, ScalarOperand<T>(c), n, n);
}
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_fusion(mluFusionOpCode op, T* dst, const T* a,
                          ::xbang::detail::identity_t<T> b,
                          ::xbang::detail::identity_t<T> c, int n) {
  using namespace xbang::detail;
  fusion(op, dst, a, ScalarOperand<T>(b), ScalarOperand<T>(c), n, n);
}

// Seven argument forms: vector b and c operands have seg_n elements and are
// repeated over the n elements of a.
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_fusion(mluFusionOpCode op, T* dst, const T* a, const T* b,
                          const T* c, int n, int seg_n) {
  using namespace xbang::detail;
  fusion(op, dst, a, VectorOperand<T>{b}, VectorOperand<T>{c}, n, seg_n);
}
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_fusion(mluFusionOpCode op, T* dst, const T* a,
                          ::xbang::detail::identity_t<T> b, const T* c, int n,
                          int seg_n) {
  using namespace xbang::detail;
  fusion(op, dst, a, ScalarOperand<T>(b), VectorOperand<T>{c}, n, seg_n);
}
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_fusion(mluFusionOpCode op, T* dst, const T* a, const T* b,
                          ::xbang::detail::identity_t<T> c, int n, int seg_n) {
  using namespace xbang::detail;
  fusion(op, dst, a, VectorOperand<T>{b}, ScalarOperand<T>(c), n, seg_n);
}
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_fusion(mluFusionOpCode op, T* dst, const T* a,
                          ::xbang::detail::identity_t<T> b,
                          ::xbang::detail::identity_t<T> c, int n, int seg_n) {
  using namespace xbang::detail;
  fusion(op, dst, a, ScalarOperand<T>(b), ScalarOperand<T>(c), n, seg_n);
}
