// Arithmetic built-ins (docs/builtins.md) against scalar references: every
// spec type, every count of the suite, in place, NaN/Inf/-0 for floats.
#include <cmath>

#include "elementwise_check.h"

namespace bang_test {
namespace {

template <class T>
class Arithmetic : public ::testing::Test {};
using ArithTypes = ::testing::Types<half, float, int16_t, int32_t>;
TYPED_TEST_SUITE(Arithmetic, ArithTypes);

template <class T>
class FloatArithmetic : public ::testing::Test {};
using FloatTypes = ::testing::Types<half, float>;
TYPED_TEST_SUITE(FloatArithmetic, FloatTypes);

// Value ranges that cannot overflow the type for add/sub and mul.
template <class T>
double add_range() {
  if constexpr (std::is_same_v<T, int16_t>) return 10000;
  if constexpr (std::is_same_v<T, int32_t>) return 1e8;
  return 1000;
}
template <class T>
double mul_range() {
  if constexpr (std::is_same_v<T, int16_t>) return 150;
  if constexpr (std::is_same_v<T, int32_t>) return 30000;
  return 100;
}

// The reference of a binary op: float then rounded for floating T, exact
// 64-bit for integers (ranges keep results in T).
template <class T, class F>
T ref2(F f, T a, T b) {
  if constexpr (kIsFloating<T>) {
    return float_ref(f, a, b);
  } else {
    return static_cast<T>(f(int64_t(a), int64_t(b)));
  }
}

template <class T>
double ref_value(T x) {
  return Elem<T>::value(x);
}

// maxequal/minequal: a NaN operand yields the other operand.
template <class T>
T ref_maxequal(T a, T b) {
  if (is_nan(a)) return b;
  if (is_nan(b)) return a;
  return ref_value(a) >= ref_value(b) ? a : b;
}
template <class T>
T ref_minequal(T a, T b) {
  if (is_nan(a)) return b;
  if (is_nan(b)) return a;
  return ref_value(a) <= ref_value(b) ? a : b;
}
// nan_maximum/nan_minimum: NaN propagates.
template <class T>
T ref_nan_maximum(T a, T b) {
  if (is_nan(a)) return a;
  if (is_nan(b)) return b;
  return ref_value(a) >= ref_value(b) ? a : b;
}
template <class T>
T ref_nan_minimum(T a, T b) {
  if (is_nan(a)) return a;
  if (is_nan(b)) return b;
  return ref_value(a) <= ref_value(b) ? a : b;
}

template <class T>
bool specials() {
  return kIsFloating<T>;
}

TYPED_TEST(Arithmetic, Add) {
  using T = TypeParam;
  const double r = add_range<T>();
  check_binary<T>(
      "__bang_add", [](T* d, T* a, T* b, int n) { __bang_add(d, a, b, n); },
      [](T a, T b) { return ref2([](auto x, auto y) { return x + y; }, a, b); },
      gen_range<T>(-r, r, specials<T>()), gen_partner<T>(-r, r, specials<T>()));
}

TYPED_TEST(Arithmetic, Sub) {
  using T = TypeParam;
  const double r = add_range<T>();
  check_binary<T>(
      "__bang_sub", [](T* d, T* a, T* b, int n) { __bang_sub(d, a, b, n); },
      [](T a, T b) { return ref2([](auto x, auto y) { return x - y; }, a, b); },
      gen_range<T>(-r, r, specials<T>()), gen_partner<T>(-r, r, specials<T>()));
}

TYPED_TEST(Arithmetic, Mul) {
  using T = TypeParam;
  const double r = mul_range<T>();
  check_binary<T>(
      "__bang_mul", [](T* d, T* a, T* b, int n) { __bang_mul(d, a, b, n); },
      [](T a, T b) { return ref2([](auto x, auto y) { return x * y; }, a, b); },
      gen_range<T>(-r, r, specials<T>()), gen_partner<T>(-r, r, specials<T>()));
}

TYPED_TEST(FloatArithmetic, Div) {
  using T = TypeParam;
  // Hardware divides through a reciprocal: allow a few ulps of T.
  const double rel = std::is_same_v<T, half> ? 1e-3 : 1e-6;
  check_binary<T>(
      "__bang_div", [](T* d, T* a, T* b, int n) { __bang_div(d, a, b, n); },
      [](T a, T b) { return ref2([](auto x, auto y) { return x / y; }, a, b); },
      gen_range<T>(-100, 100, true), gen_partner<T>(-100, 100, true),
      near<T>(rel));
}

template <class T>
std::vector<T> scalar_operands() {
  if constexpr (kIsFloating<T>) {
    return {Elem<T>::make(2.5), Elem<T>::make(-0.0), Elem<T>::make(-3.0),
            Elem<T>::make(INFINITY)};
  } else {
    return {T(3), T(0), T(-7)};
  }
}

template <class T, class Op, class F>
void check_scalar_form(const char* name, Op op, F f) {
  for (T s : scalar_operands<T>()) {
    check_unary<T>(
        std::string(name) + " scalar=" + show(s),
        [&](T* d, T* a, int n) { op(d, a, s, n); },
        [&](T a) { return ref2(f, a, s); },
        gen_range<T>(-mul_range<T>(), mul_range<T>(), specials<T>()));
  }
}

TYPED_TEST(Arithmetic, AddScalar) {
  using T = TypeParam;
  check_scalar_form<T>(
      "__bang_add_scalar",
      [](T* d, T* a, T s, int n) { __bang_add_scalar(d, a, s, n); },
      [](auto x, auto y) { return x + y; });
}

TYPED_TEST(Arithmetic, SubScalar) {
  using T = TypeParam;
  check_scalar_form<T>(
      "__bang_sub_scalar",
      [](T* d, T* a, T s, int n) { __bang_sub_scalar(d, a, s, n); },
      [](auto x, auto y) { return x - y; });
}

TYPED_TEST(Arithmetic, MulScalar) {
  using T = TypeParam;
  check_scalar_form<T>(
      "__bang_mul_scalar",
      [](T* d, T* a, T s, int n) { __bang_mul_scalar(d, a, s, n); },
      [](auto x, auto y) { return x * y; });
}

// The _const spellings of older toolkits compute as the _scalar forms.
TYPED_TEST(Arithmetic, ConstForms) {
  using T = TypeParam;
  check_scalar_form<T>(
      "__bang_add_const",
      [](T* d, T* a, T s, int n) { __bang_add_const(d, a, s, n); },
      [](auto x, auto y) { return x + y; });
  check_scalar_form<T>(
      "__bang_sub_const",
      [](T* d, T* a, T s, int n) { __bang_sub_const(d, a, s, n); },
      [](auto x, auto y) { return x - y; });
  check_scalar_form<T>(
      "__bang_mul_const",
      [](T* d, T* a, T s, int n) { __bang_mul_const(d, a, s, n); },
      [](auto x, auto y) { return x * y; });
}

TYPED_TEST(Arithmetic, MaxEqualNanYieldsOtherOperand) {
  using T = TypeParam;
  const double r = add_range<T>();
  check_binary<T>(
      "__bang_maxequal",
      [](T* d, T* a, T* b, int n) { __bang_maxequal(d, a, b, n); },
      ref_maxequal<T>, gen_range<T>(-r, r, specials<T>()),
      gen_partner<T>(-r, r, specials<T>()), exact_any_zero_sign<T>());
  check_binary<T>(
      "__bang_maximum",
      [](T* d, T* a, T* b, int n) { __bang_maximum(d, a, b, n); },
      ref_maxequal<T>, gen_range<T>(-r, r, specials<T>()),
      gen_partner<T>(-r, r, specials<T>()), exact_any_zero_sign<T>());
}

TYPED_TEST(Arithmetic, MinEqualNanYieldsOtherOperand) {
  using T = TypeParam;
  const double r = add_range<T>();
  check_binary<T>(
      "__bang_minequal",
      [](T* d, T* a, T* b, int n) { __bang_minequal(d, a, b, n); },
      ref_minequal<T>, gen_range<T>(-r, r, specials<T>()),
      gen_partner<T>(-r, r, specials<T>()), exact_any_zero_sign<T>());
  check_binary<T>(
      "__bang_minimum",
      [](T* d, T* a, T* b, int n) { __bang_minimum(d, a, b, n); },
      ref_minequal<T>, gen_range<T>(-r, r, specials<T>()),
      gen_partner<T>(-r, r, specials<T>()), exact_any_zero_sign<T>());
}

TYPED_TEST(FloatArithmetic, NanMaximumPropagatesNan) {
  using T = TypeParam;
  check_binary<T>(
      "__bang_nan_maximum",
      [](T* d, T* a, T* b, int n) { __bang_nan_maximum(d, a, b, n); },
      ref_nan_maximum<T>, gen_range<T>(-10, 10, true),
      gen_partner<T>(-10, 10, true), exact_any_zero_sign<T>());
}

TYPED_TEST(FloatArithmetic, NanMinimumPropagatesNan) {
  using T = TypeParam;
  check_binary<T>(
      "__bang_nan_minimum",
      [](T* d, T* a, T* b, int n) { __bang_nan_minimum(d, a, b, n); },
      ref_nan_minimum<T>, gen_range<T>(-10, 10, true),
      gen_partner<T>(-10, 10, true), exact_any_zero_sign<T>());
}

// The NaN rules on a hand-written table, both operand orders, so that a
// failure reads directly.
TEST(MinMaxSpecials, Table) {
  const float nan = NAN, inf = INFINITY;
  const std::vector<float> a = {nan, 1.f, nan, inf, -inf, 2.f, -inf, nan};
  const std::vector<float> b = {1.f, nan, nan, 5.f, 3.f, -inf, nan, -inf};
  const std::vector<float> max_eq = {1.f, 1.f, nan, inf, 3.f, 2.f, -inf, -inf};
  const std::vector<float> min_eq = {1.f,  1.f,  nan,  5.f,
                                     -inf, -inf, -inf, -inf};
  const std::vector<float> nan_max = {nan, nan, nan, inf, 3.f, 2.f, nan, nan};
  const std::vector<float> nan_min = {nan, nan, nan, 5.f, -inf, -inf, nan, nan};
  NramCase c;
  const int ia = c.add(a), ib = c.add(b);
  const int o1 = c.add_filled<float>(8, 0), o2 = c.add_filled<float>(8, 0),
            o3 = c.add_filled<float>(8, 0), o4 = c.add_filled<float>(8, 0);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_maxequal(k.ptr<float>(o1), k.ptr<float>(ia), k.ptr<float>(ib), 8);
    __bang_minequal(k.ptr<float>(o2), k.ptr<float>(ia), k.ptr<float>(ib), 8);
    __bang_nan_maximum(k.ptr<float>(o3), k.ptr<float>(ia), k.ptr<float>(ib), 8);
    __bang_nan_minimum(k.ptr<float>(o4), k.ptr<float>(ia), k.ptr<float>(ib), 8);
  }));
  EXPECT_TRUE(arrays_equal(c.get<float>(o1), max_eq)) << "maxequal";
  EXPECT_TRUE(arrays_equal(c.get<float>(o2), min_eq)) << "minequal";
  EXPECT_TRUE(arrays_equal(c.get<float>(o3), nan_max)) << "nan_maximum";
  EXPECT_TRUE(arrays_equal(c.get<float>(o4), nan_min)) << "nan_minimum";
}

// half at its edges: overflow to Inf, the largest finite value, subnormal
// results, each computed in float and rounded once to nearest even.
TEST(HalfEdges, AddSubMulRoundOnce) {
  const std::vector<float> xs = {
      65504.f, 60000.f,  -65504.f, 6.1e-5f, 1e-4f, 5.96e-8f, 2049.f,  1.f,
      0.333f,  -2.5e-3f, 1024.f,   3.f,     -0.f,  7e-6f,    32768.f, 0.5f};
  const std::vector<float> ys = {
      1.f, 10000.f,  -100.f, 6.1e-5f, 1e-3f, 0.5f,  1.f, 4.9e-4f,
      3.f, -2.5e-3f, 0.001f, 21845.f, 0.f,   1e-3f, 2.f, -0.5f};
  std::vector<half> a, b;
  for (float x : xs) a.push_back(make_half(x));
  for (float y : ys) b.push_back(make_half(y));
  const int n = int(a.size());
  std::vector<half> add(n), sub(n), mul(n);
  for (int i = 0; i < n; ++i) {
    const float x = half_value(a[i]), y = half_value(b[i]);
    add[i] = make_half(x + y);
    sub[i] = make_half(x - y);
    mul[i] = make_half(x * y);
  }
  NramCase c;
  const int ia = c.add(a), ib = c.add(b);
  const int o1 = c.add_filled<half>(n, make_half(0)),
            o2 = c.add_filled<half>(n, make_half(0)),
            o3 = c.add_filled<half>(n, make_half(0));
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_add(k.ptr<half>(o1), k.ptr<half>(ia), k.ptr<half>(ib), n);
    __bang_sub(k.ptr<half>(o2), k.ptr<half>(ia), k.ptr<half>(ib), n);
    __bang_mul(k.ptr<half>(o3), k.ptr<half>(ia), k.ptr<half>(ib), n);
  }));
  EXPECT_TRUE(arrays_equal(c.get<half>(o1), add)) << "add";
  EXPECT_TRUE(arrays_equal(c.get<half>(o2), sub)) << "sub";
  EXPECT_TRUE(arrays_equal(c.get<half>(o3), mul)) << "mul";
}

TYPED_TEST(Arithmetic, Abs) {
  using T = TypeParam;
  check_unary<T>(
      "__bang_abs", [](T* d, T* a, int n) { __bang_abs(d, a, n); },
      [](T a) {
        if constexpr (kIsFloating<T>) {
          return float_ref1([](float x) { return std::fabs(x); }, a);
        } else {
          return static_cast<T>(a < 0 ? -a : a);
        }
      },
      gen_range<T>(-add_range<T>(), add_range<T>(), specials<T>()));
}

TYPED_TEST(Arithmetic, Square) {
  using T = TypeParam;
  check_unary<T>(
      "__bang_square", [](T* d, T* a, int n) { __bang_square(d, a, n); },
      [](T a) { return ref2([](auto x, auto y) { return x * y; }, a, a); },
      gen_range<T>(-mul_range<T>(), mul_range<T>(), specials<T>()));
}

TYPED_TEST(FloatArithmetic, Sqrt) {
  using T = TypeParam;
  const double rel = std::is_same_v<T, half> ? 1e-3 : 1e-6;
  check_unary<T>(
      "__bang_sqrt", [](T* d, T* a, int n) { __bang_sqrt(d, a, n); },
      [](T a) { return float_ref1([](float x) { return std::sqrt(x); }, a); },
      gen_range<T>(-10, 1000, true), near<T>(rel));
}

TYPED_TEST(FloatArithmetic, Recip) {
  using T = TypeParam;
  const double rel = std::is_same_v<T, half> ? 1e-3 : 1e-6;
  check_unary<T>(
      "__bang_recip", [](T* d, T* a, int n) { __bang_recip(d, a, n); },
      [](T a) { return float_ref1([](float x) { return 1.0f / x; }, a); },
      gen_range<T>(-100, 100, true), near<T>(rel));
}

TYPED_TEST(FloatArithmetic, Floor) {
  using T = TypeParam;
  check_unary<T>(
      "__bang_floor", [](T* d, T* a, int n) { __bang_floor(d, a, n); },
      [](T a) { return float_ref1([](float x) { return std::floor(x); }, a); },
      gen_range<T>(-50, 50, true));
}

// Exact ties and signed zeros of floor and abs, written out.
TEST(FloorAbsSpecials, Table) {
  const std::vector<float> x = {-0.5f, -0.f, 0.f,     2.f,
                                -2.f,  2.5f, -1e-30f, 1e30f};
  const std::vector<float> floor_want = {-1.f, -0.f, 0.f,  2.f,
                                         -2.f, 2.f,  -1.f, 1e30f};
  const std::vector<float> abs_want = {0.5f, 0.f,  0.f,    2.f,
                                       2.f,  2.5f, 1e-30f, 1e30f};
  NramCase c;
  const int ix = c.add(x), f = c.add_filled<float>(8, 9),
            a = c.add_filled<float>(8, 9);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_floor(k.ptr<float>(f), k.ptr<float>(ix), 8);
    __bang_abs(k.ptr<float>(a), k.ptr<float>(ix), 8);
  }));
  EXPECT_TRUE(arrays_equal(c.get<float>(f), floor_want));
  EXPECT_TRUE(arrays_equal(c.get<float>(a), abs_want));
}

}  // namespace
}  // namespace bang_test
