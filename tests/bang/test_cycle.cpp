// Cycle forms (docs/builtins.md): dst[i] = src[i] op seg[i % seg_n], src_n a
// multiple of seg_n, for every op the spec lists and every arithmetic type.
#include <cmath>

#include "elementwise_check.h"

namespace bang_test {
namespace {

template <class T>
class Cycle : public ::testing::Test {};
using CycleTypes = ::testing::Types<half, float, int16_t, int32_t>;
TYPED_TEST_SUITE(Cycle, CycleTypes);

enum class Op {
  kAdd,
  kSub,
  kMul,
  kAnd,
  kOr,
  kMaxEqual,
  kMinEqual,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe
};
const Op kAllOps[] = {Op::kAdd,      Op::kSub,      Op::kMul, Op::kAnd, Op::kOr,
                      Op::kMaxEqual, Op::kMinEqual, Op::kEq,  Op::kNe,  Op::kLt,
                      Op::kLe,       Op::kGt,       Op::kGe};
const char* op_name(Op op) {
  static const char* const kNames[] = {
      "add", "sub", "mul", "and", "or", "maxequal", "minequal",
      "eq",  "ne",  "lt",  "le",  "gt", "ge"};
  return kNames[int(op)];
}

template <class T>
void run_cycle(Op op, T* d, T* s, T* seg, int src_n, int seg_n) {
  switch (op) {
    case Op::kAdd:
      __bang_cycle_add(d, s, seg, src_n, seg_n);
      break;
    case Op::kSub:
      __bang_cycle_sub(d, s, seg, src_n, seg_n);
      break;
    case Op::kMul:
      __bang_cycle_mul(d, s, seg, src_n, seg_n);
      break;
    case Op::kAnd:
      __bang_cycle_and(d, s, seg, src_n, seg_n);
      break;
    case Op::kOr:
      __bang_cycle_or(d, s, seg, src_n, seg_n);
      break;
    case Op::kMaxEqual:
      __bang_cycle_maxequal(d, s, seg, src_n, seg_n);
      break;
    case Op::kMinEqual:
      __bang_cycle_minequal(d, s, seg, src_n, seg_n);
      break;
    case Op::kEq:
      __bang_cycle_eq(d, s, seg, src_n, seg_n);
      break;
    case Op::kNe:
      __bang_cycle_ne(d, s, seg, src_n, seg_n);
      break;
    case Op::kLt:
      __bang_cycle_lt(d, s, seg, src_n, seg_n);
      break;
    case Op::kLe:
      __bang_cycle_le(d, s, seg, src_n, seg_n);
      break;
    case Op::kGt:
      __bang_cycle_gt(d, s, seg, src_n, seg_n);
      break;
    case Op::kGe:
      __bang_cycle_ge(d, s, seg, src_n, seg_n);
      break;
  }
}

// The same semantics as the non-cycle built-in of that name.
template <class T>
T ref_op(Op op, T a, T b) {
  const double x = Elem<T>::value(a), y = Elem<T>::value(b);
  const bool nan = std::isnan(x) || std::isnan(y);
  auto truth = [](bool v) { return Elem<T>::make(v ? 1.0 : 0.0); };
  auto truthy = [](double v) { return v != 0.0 || std::isnan(v); };
  auto arith = [&](auto f) -> T {
    if constexpr (kIsFloating<T>) {
      return round_to<T>(f(float(x), float(y)));
    } else {
      return static_cast<T>(f(int64_t(a), int64_t(b)));
    }
  };
  switch (op) {
    case Op::kAdd:
      return arith([](auto p, auto q) { return p + q; });
    case Op::kSub:
      return arith([](auto p, auto q) { return p - q; });
    case Op::kMul:
      return arith([](auto p, auto q) { return p * q; });
    case Op::kAnd:
      return truth(truthy(x) && truthy(y));
    case Op::kOr:
      return truth(truthy(x) || truthy(y));
    case Op::kMaxEqual:
      if (std::isnan(x)) return b;
      if (std::isnan(y)) return a;
      return x >= y ? a : b;
    case Op::kMinEqual:
      if (std::isnan(x)) return b;
      if (std::isnan(y)) return a;
      return x <= y ? a : b;
    case Op::kEq:
      return truth(!nan && x == y);
    case Op::kNe:
      return truth(nan || x != y);
    case Op::kLt:
      return truth(!nan && x < y);
    case Op::kLe:
      return truth(!nan && x <= y);
    case Op::kGt:
      return truth(!nan && x > y);
    case Op::kGe:
      return truth(!nan && x >= y);
  }
  return a;
}

template <class T>
void check_cycle(Op op, int seg_n, int src_n, bool in_place) {
  SCOPED_TRACE(std::string("__bang_cycle_") + op_name(op) + " " +
               Elem<T>::name() + " seg_n=" + std::to_string(seg_n) + " src_n=" +
               std::to_string(src_n) + (in_place ? " in place" : ""));
  const double r = (op == Op::kMul) ? 100 : kIsFloating<T> ? 4 : 6;
  const auto src = random_values<T>(src_n, 500 + src_n, -r, r, kIsFloating<T>);
  auto seg = random_values<T>(seg_n, 600 + seg_n, -r, r, kIsFloating<T>);
  // Zeros of both signs in the segment for and/or and -0 == +0.
  for (int i = 0; i < seg_n; i += 4) {
    seg[i] = Elem<T>::make(i % 8 ? -0.0 : 0.0);
  }
  std::vector<T> want(src_n);
  for (int i = 0; i < src_n; ++i) want[i] = ref_op(op, src[i], seg[i % seg_n]);
  const bool minmax = op == Op::kMaxEqual || op == Op::kMinEqual;
  const Accept<T> ok = minmax ? exact_any_zero_sign<T>() : exact<T>();
  NramCase c;
  const int is = c.add(src), ig = c.add(seg);
  const int id = in_place ? is : c.add_filled<T>(src_n + kTail, sentinel<T>());
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    run_cycle(op, k.ptr<T>(id), k.ptr<T>(is), k.ptr<T>(ig), src_n, seg_n);
  }));
  const auto got = c.get<T>(id);
  EXPECT_TRUE(accepted(got, want, ok, src_n));
  if (!in_place) {
    for (int i = 0; i < kTail; ++i) {
      EXPECT_TRUE(same_value(got[src_n + i], sentinel<T>())) << "past src_n";
    }
  }
  EXPECT_TRUE(arrays_equal(c.get<T>(ig), seg)) << "seg modified";
}

TYPED_TEST(Cycle, EveryOpAndSegmentLength) {
  using T = TypeParam;
  for (Op op : kAllOps) {
    for (int seg_n : {1, 3, 8, 64, 127, 200, 1000}) {
      for (int k : {0, 1, 5}) check_cycle<T>(op, seg_n, seg_n * k, false);
    }
    check_cycle<T>(op, 7, 7 * 9, true);
  }
}

TYPED_TEST(Cycle, NramSized) {
  using T = TypeParam;
  const int seg_n = 96;
  const int src_n = (nram_count<T>(2) - 2 * seg_n) / seg_n * seg_n;
  for (Op op : {Op::kAdd, Op::kMaxEqual, Op::kGe, Op::kOr}) {
    check_cycle<T>(op, seg_n, src_n, false);
    check_cycle<T>(op, 1, src_n, true);
  }
}

}  // namespace
}  // namespace bang_test
