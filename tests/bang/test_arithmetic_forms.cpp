// The further arithmetic forms (arithmetic.h) and the cycle bitwise forms
// and shifts (compare_logic.h) against scalar models: write_zero, incseq,
// maxeq/mineq with a scalar, rem, add_tz (round toward zero), max/min
// reductions, cycle band/bor/bxor on char data, the shifts, the wrapping
// integer forms of add/sub/mul/not and the integer and scalar-divisor forms of
// div; plus checked-mode reports.
#include <cfenv>
#include <cmath>
#include <limits>
#include <type_traits>

#include "math_check.h"

namespace bang_test {
namespace {

TEST(ArithmeticForms, WriteZeroEveryType) {
  NramCase c;
  const int f = c.add_filled<float>(1003, 7.f);
  const int h = c.add_filled<half>(77, make_half(-1.f));
  const int u8 = c.add_filled<uint8_t>(300, uint8_t(9));
  const int ch = c.add_filled<int8_t>(130, int8_t(9));
  const int i64 = c.add_filled<int64_t>(9, int64_t(-5));
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_write_zero(k.ptr<float>(f), 1000);
    __bang_write_zero(k.ptr<half>(h), 77);
    __bang_write_zero(k.ptr<unsigned char>(u8), 300);
    __bang_write_zero(k.ptr<char>(ch), 129);
    __bang_write_zero(k.ptr<int64_t>(i64), 9);
  }));
  auto fl = c.get<float>(f);
  EXPECT_EQ(std::vector<float>(fl.begin(), fl.begin() + 1000),
            std::vector<float>(1000, 0.f));
  EXPECT_EQ(fl[1000], 7.f) << "wrote past n";
  for (half x : c.get<half>(h))
    EXPECT_EQ(xbang::half_bits(x), 0) << "+0, not -0";
  EXPECT_EQ(c.get<uint8_t>(u8), std::vector<uint8_t>(300, 0));
  auto chars = c.get<int8_t>(ch);
  EXPECT_EQ(chars[128], 0);
  EXPECT_EQ(chars[129], 9);
  EXPECT_EQ(c.get<int64_t>(i64), std::vector<int64_t>(9, 0));
}

TEST(ArithmeticForms, IncreasingSequence) {
  NramCase c;
  const int i32 = c.add_filled<int32_t>(1000, -1);
  const int i64 = c.add_filled<int64_t>(300, -1);
  const int f = c.add_filled<float>(77, -1.f);
  const int h = c.add_filled<half>(70, make_half(-1.f));
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_incseq(k.ptr<int32_t>(i32), 1000);
    __bang_incseq(k.ptr<int64_t>(i64), 300);
    __bang_incseq(k.ptr<float>(f), 77);
    __bang_incseq(k.ptr<half>(h), 70);
  }));
  const auto a = c.get<int32_t>(i32);
  const auto b = c.get<int64_t>(i64);
  const auto fl = c.get<float>(f);
  const auto hs = c.get<half>(h);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a[i], i);
  for (int i = 0; i < 300; ++i) ASSERT_EQ(b[i], i);
  for (int i = 0; i < 77; ++i) ASSERT_EQ(fl[i], float(i));
  for (int i = 0; i < 70; ++i) ASSERT_EQ(half_value(hs[i]), float(i));
}

template <class T>
class ScalarExtremes : public ::testing::Test {};
using ArithTypes = ::testing::Types<half, float, int16_t, int32_t>;
TYPED_TEST_SUITE(ScalarExtremes, ArithTypes);

TYPED_TEST(ScalarExtremes, MaxEqMinEqScalar) {
  using T = TypeParam;
  for (double s : {0.0, -3.5, 40.0}) {
    const T value = Elem<T>::make(s);
    // NaN in src gives the scalar (the __bang_maxequal rule: a NaN operand
    // yields the other one).
    check_unary<T>(
        "maxeq_scalar",
        [&](T* d, const T* x, int n) { __bang_maxeq_scalar(d, x, value, n); },
        [&](T x) {
          if (is_nan(x)) return value;
          return Elem<T>::value(x) > Elem<T>::value(value) ? x : value;
        },
        gen_range<T>(-100, 100, true), exact_any_zero_sign<T>());
    check_unary<T>(
        "mineq_scalar",
        [&](T* d, const T* x, int n) { __bang_mineq_scalar(d, x, value, n); },
        [&](T x) {
          if (is_nan(x)) return value;
          return Elem<T>::value(x) < Elem<T>::value(value) ? x : value;
        },
        gen_range<T>(-100, 100, true), exact_any_zero_sign<T>());
  }
}

TYPED_TEST(ScalarExtremes, MaxMinReductions) {
  using T = TypeParam;
  for (int n : {1, 7, 64, 1000}) {
    auto src = random_values<T>(n, 21 + n, -1000, 1000);
    if (n > 3) src[n / 2] = src[n / 3];  // a tie: the first index wins
    int max_i = 0, min_i = 0;
    for (int i = 1; i < n; ++i) {
      if (Elem<T>::value(src[i]) > Elem<T>::value(src[max_i])) max_i = i;
      if (Elem<T>::value(src[i]) < Elem<T>::value(src[min_i])) min_i = i;
    }
    NramCase c;
    const int is = c.add(src);
    const int dmax = c.add_filled<T>(8, T{}), dmin = c.add_filled<T>(8, T{});
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      __bang_max(k.ptr<T>(dmax), k.ptr<T>(is), n);
      __bang_min(k.ptr<T>(dmin), k.ptr<T>(is), n);
    }));
    for (auto [slot, index] : {std::pair{dmax, max_i}, {dmin, min_i}}) {
      const auto got = c.get<T>(slot);
      EXPECT_TRUE(same_value(got[0], src[index]));
      uint32_t got_index;
      std::memcpy(&got_index, got.data() + 1, 4);
      EXPECT_EQ(got_index, uint32_t(index));
    }
  }
}

TEST(ArithmeticForms, RemainderByScalar) {
  for (uint32_t m : {1u, 7u, 1000u, 0u}) {
    check_unary<uint32_t>(
        "rem_u32",
        [&](uint32_t* d, const uint32_t* x, int n) { __bang_rem(d, x, m, n); },
        [&](uint32_t x) { return m == 0 ? x : x % m; },
        [](int n, uint32_t seed) {
          std::mt19937 rng(seed);
          std::vector<uint32_t> v(n);
          for (auto& x : v) x = rng();
          return v;
        });
  }
  check_unary<int32_t>(
      "rem_s32",
      [](int32_t* d, const int32_t* x, int n) { __bang_rem(d, x, 7, n); },
      [](int32_t x) { return x % 7; }, gen_range<int32_t>(-1e6, 1e6, false));
  check_unary<float>(
      "rem_f32",
      [](float* d, const float* x, int n) { __bang_rem(d, x, 3.5f, n); },
      [](float x) { return std::fmod(x, 3.5f); }, gen_edges<float>(-1e3, 1e3));
  check_unary<half>(
      "rem_f16",
      [](half* d, const half* x, int n) {
        __bang_rem(d, x, make_half(3.f), n);
      },
      [](half x) { return make_half(std::fmod(half_value(x), 3.f)); },
      gen_edges<half>(-1e3, 1e3));
}

float add_toward_zero_model(float a, float b) {
  const int mode = std::fegetround();
  std::fesetround(FE_TOWARDZERO);
  volatile float x = a, y = b;
  volatile float sum = x + y;
  std::fesetround(mode);
  return sum;
}

TEST(ArithmeticForms, AddTowardZero) {
  auto gen = [](int n, uint32_t seed) {
    auto v = random_values<float>(n, seed, -1e6, 1e6, true);
    std::mt19937 rng(seed);
    for (int i = 0; i < n; i += 5) {  // spread exponents, denormals, limits
      uint32_t bits = rng();
      std::memcpy(&v[i], &bits, 4);
    }
    if (n > 3) v[3] = std::numeric_limits<float>::max();
    return v;
  };
  check_binary<float>(
      "add_tz",
      [](float* d, const float* a, const float* b, int n) {
        __bang_add_tz(d, a, b, n);
      },
      add_toward_zero_model, gen,
      [&](const std::vector<float>& a, uint32_t s) {
        auto b = gen(int(a.size()), s);
        if (a.size() > 3) b[3] = std::numeric_limits<float>::max();
        return b;
      });
  // Cycle form: the segment repeats.
  const int n = 1024, seg = 32;
  const auto src = gen(n, 3), s = gen(seg, 4);
  std::vector<float> want(n);
  for (int i = 0; i < n; ++i)
    want[i] = add_toward_zero_model(src[i], s[i % seg]);
  NramCase c;
  const int is = c.add(src), iseg = c.add(s), id = c.add_filled<float>(n, 0.f);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_cycle_add_tz(k.ptr<float>(id), k.ptr<float>(is), k.ptr<float>(iseg),
                        n, seg);
  }));
  EXPECT_TRUE(arrays_equal(c.get<float>(id), want));
}

TEST(BitwiseForms, CycleBandBorBxorOnChars) {
  const int n = 1024, seg = 128;
  std::vector<int8_t> src(n), s(seg);
  std::mt19937 rng(5);
  for (auto& x : src) x = int8_t(rng());
  for (auto& x : s) x = int8_t(rng());
  std::vector<int8_t> want_and(n), want_or(n), want_xor(n);
  for (int i = 0; i < n; ++i) {
    want_and[i] = int8_t(src[i] & s[i % seg]);
    want_or[i] = int8_t(src[i] | s[i % seg]);
    want_xor[i] = int8_t(src[i] ^ s[i % seg]);
  }
  NramCase c;
  const int is = c.add(src), iseg = c.add(s);
  const int da = c.add_filled<int8_t>(n, 0), dorr = c.add_filled<int8_t>(n, 0);
  const int dx = c.add(src);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_cycle_band(k.ptr<char>(da), k.ptr<char>(is), k.ptr<char>(iseg), n,
                      seg);
    __bang_cycle_bor(k.ptr<int8_t>(dorr), k.ptr<int8_t>(is),
                     k.ptr<int8_t>(iseg), n, seg);
    __bang_cycle_bxor(k.ptr<uint8_t>(dx), k.ptr<uint8_t>(dx),
                      k.ptr<uint8_t>(iseg), n, seg);
  }));
  EXPECT_EQ(c.get<int8_t>(da), want_and);
  EXPECT_EQ(c.get<int8_t>(dorr), want_or);
  EXPECT_EQ(c.get<int8_t>(dx), want_xor) << "in place";
}

TEST(BitwiseForms, CycleLogicalXor) {
  const int n = 96, seg = 32;
  std::vector<float> src(n), s(seg);
  for (int i = 0; i < n; ++i) src[i] = float((i % 3) - 1) * (i % 5 ? 1 : 0);
  for (int i = 0; i < seg; ++i) s[i] = i % 4 == 0 ? NAN : float(i % 2);
  s[2] = -0.f;
  std::vector<float> want(n);
  for (int i = 0; i < n; ++i) {
    const float b = s[i % seg];
    const bool x = src[i] != 0.f, y = b != 0.f || std::isnan(b);
    want[i] = x != y ? 1.f : 0.f;
  }
  NramCase c;
  const int is = c.add(src), iseg = c.add(s), id = c.add_filled<float>(n, 5.f);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_cycle_xor(k.ptr<float>(id), k.ptr<float>(is), k.ptr<float>(iseg), n,
                     seg);
  }));
  EXPECT_EQ(c.get<float>(id), want);
}

template <class T>
std::vector<T> random_bits(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<T> v(n);
  for (auto& x : v) x = T(rng());
  return v;
}

TEST(BitwiseForms, Shifts) {
  for (int shift : {0, 1, 29, 31, 32, 40, -3}) {
    SCOPED_TRACE("shift " + std::to_string(shift));
    const int eff = shift < 0 ? 0 : shift;
    check_unary<uint32_t>(
        "srl_u32",
        [&](uint32_t* d, const uint32_t* x, int n) {
          __bang_srl(d, x, shift, n);
        },
        [&](uint32_t x) { return eff >= 32 ? 0u : x >> eff; },
        random_bits<uint32_t>);
    check_unary<int32_t>(
        "srl_s32",
        [&](int32_t* d, const int32_t* x, int n) {
          __bang_srl(d, x, shift, n);
        },
        [&](int32_t x) { return int32_t(eff >= 32 ? 0u : uint32_t(x) >> eff); },
        random_bits<int32_t>);
    check_unary<int32_t>(
        "sll_s32",
        [&](int32_t* d, const int32_t* x, int n) {
          __bang_sll(d, x, shift, n);
        },
        [&](int32_t x) { return int32_t(eff >= 32 ? 0u : uint32_t(x) << eff); },
        random_bits<int32_t>);
    check_unary<int32_t>(
        "sra_s32",
        [&](int32_t* d, const int32_t* x, int n) {
          __bang_sra(d, x, shift, n);
        },
        [&](int32_t x) { return int32_t(x >> (eff >= 32 ? 31 : eff)); },
        random_bits<int32_t>);
    check_unary<int16_t>(
        "sra_s16",
        [&](int16_t* d, const int16_t* x, int n) {
          __bang_sra(d, x, shift, n);
        },
        [&](int16_t x) { return int16_t(x >> (eff >= 16 ? 15 : eff)); },
        random_bits<int16_t>);
    check_unary<uint16_t>(
        "sll_u16",
        [&](uint16_t* d, const uint16_t* x, int n) {
          __bang_sll(d, x, shift, n);
        },
        [&](uint16_t x) {
          return uint16_t(eff >= 16 ? 0u : uint32_t(x) << eff);
        },
        random_bits<uint16_t>);
  }
}

// Integer add/sub/mul wrap modulo 2^bits: the model computes in uint64_t
// and keeps the low bits.
template <class T>
T wrap(uint64_t x) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(x));
}
template <class T>
std::vector<T> integer_edges(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  const T edges[] = {std::numeric_limits<T>::min(),
                     std::numeric_limits<T>::max(),
                     T(0),
                     T(1),
                     T(-1),
                     T(std::numeric_limits<T>::max() / 2 + 1)};
  std::vector<T> v(n);
  for (int i = 0; i < n; ++i) {
    v[i] = rng() % 3 == 0 ? edges[rng() % 6] : static_cast<T>(rng());
  }
  return v;
}

template <class T>
class WrappingForms : public ::testing::Test {};
using WrappingTypes =
    ::testing::Types<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t>;
TYPED_TEST_SUITE(WrappingForms, WrappingTypes);

TYPED_TEST(WrappingForms, AddSubMulWrapAround) {
  using T = TypeParam;
  const auto partner = [](const std::vector<T>& a, uint32_t seed) {
    return integer_edges<T>(int(a.size()), seed);
  };
  check_binary<T>(
      "add",
      [](T* d, const T* a, const T* b, int n) { __bang_add(d, a, b, n); },
      [](T a, T b) { return wrap<T>(uint64_t(a) + uint64_t(b)); },
      integer_edges<T>, partner);
  check_binary<T>(
      "sub",
      [](T* d, const T* a, const T* b, int n) { __bang_sub(d, a, b, n); },
      [](T a, T b) { return wrap<T>(uint64_t(a) - uint64_t(b)); },
      integer_edges<T>, partner);
  check_binary<T>(
      "mul",
      [](T* d, const T* a, const T* b, int n) { __bang_mul(d, a, b, n); },
      [](T a, T b) { return wrap<T>(uint64_t(a) * uint64_t(b)); },
      integer_edges<T>, partner);
}

TYPED_TEST(WrappingForms, ScalarFormsWrapAround) {
  using T = TypeParam;
  for (T s : {std::numeric_limits<T>::max(), std::numeric_limits<T>::min(),
              T(-1), T(3)}) {
    SCOPED_TRACE("scalar " + show(s));
    check_unary<T>(
        "add_scalar",
        [&](T* d, const T* x, int n) { __bang_add_scalar(d, x, s, n); },
        [&](T x) { return wrap<T>(uint64_t(x) + uint64_t(s)); },
        integer_edges<T>);
    check_unary<T>(
        "sub_scalar",
        [&](T* d, const T* x, int n) { __bang_sub_scalar(d, x, s, n); },
        [&](T x) { return wrap<T>(uint64_t(x) - uint64_t(s)); },
        integer_edges<T>);
    check_unary<T>(
        "mul_scalar",
        [&](T* d, const T* x, int n) { __bang_mul_scalar(d, x, s, n); },
        [&](T x) { return wrap<T>(uint64_t(x) * uint64_t(s)); },
        integer_edges<T>);
  }
}

TYPED_TEST(WrappingForms, NotIsLogical) {
  using T = TypeParam;
  check_unary<T>(
      "not", [](T* d, const T* x, int n) { __bang_not(d, x, n); },
      [](T x) { return T(x == T(0) ? 1 : 0); },
      [](int n, uint32_t seed) {
        auto v = integer_edges<T>(n, seed);
        for (int i = 0; i < n; i += 3) v[i] = T(0);
        return v;
      });
}

TYPED_TEST(WrappingForms, CycleFormsWrapAround) {
  using T = TypeParam;
  for (int seg : {3, 64, 200}) {
    const int n = seg * 7;
    const auto src = integer_edges<T>(n, 11), s = integer_edges<T>(seg, 12);
    NramCase c;
    const int is = c.add(src), iseg = c.add(s);
    const int da = c.add_filled<T>(n, T(0)), ds = c.add_filled<T>(n, T(0));
    const int dm = c.add(src);
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      __bang_cycle_add(k.ptr<T>(da), k.ptr<T>(is), k.ptr<T>(iseg), n, seg);
      __bang_cycle_sub(k.ptr<T>(ds), k.ptr<T>(is), k.ptr<T>(iseg), n, seg);
      __bang_cycle_mul(k.ptr<T>(dm), k.ptr<T>(dm), k.ptr<T>(iseg), n, seg);
    }));
    const auto add = c.get<T>(da), sub = c.get<T>(ds), mul = c.get<T>(dm);
    for (int i = 0; i < n; ++i) {
      const uint64_t x = uint64_t(src[i]), y = uint64_t(s[i % seg]);
      ASSERT_EQ(add[i], wrap<T>(x + y)) << i;
      ASSERT_EQ(sub[i], wrap<T>(x - y)) << i;
      ASSERT_EQ(mul[i], wrap<T>(x * y)) << "in place, " << i;
    }
  }
}

// Integer __bang_div: quotient toward zero, x / 0 all ones, MIN / -1 MIN.
template <class T>
T quotient_model(T x, T y) {
  if (y == T(0)) return T(-1);
  if (std::is_signed_v<T> && y == T(-1)) return wrap<T>(0 - uint64_t(x));
  return T(x / y);
}

template <class T>
class IntegerDiv : public ::testing::Test {};
using IntegerDivTypes = ::testing::Types<int16_t, uint16_t, int32_t, uint32_t>;
TYPED_TEST_SUITE(IntegerDiv, IntegerDivTypes);

TYPED_TEST(IntegerDiv, VectorAndScalarDivisor) {
  using T = TypeParam;
  const auto divisors = [](const std::vector<T>& a, uint32_t seed) {
    auto v = integer_edges<T>(int(a.size()), seed);
    std::mt19937 rng(seed);
    for (auto& x : v) {
      if (rng() % 2) x = T(rng() % 97) - T(std::is_signed_v<T> ? 48 : 0);
    }
    return v;
  };
  check_binary<T>(
      "div",
      [](T* d, const T* a, const T* b, int n) { __bang_div(d, a, b, n); },
      quotient_model<T>, integer_edges<T>, divisors);
  for (T s : {T(7), T(0), T(-1), T(1), std::numeric_limits<T>::max()}) {
    SCOPED_TRACE("divisor " + show(s));
    check_unary<T>(
        "div_scalar", [&](T* d, const T* x, int n) { __bang_div(d, x, s, n); },
        [&](T x) { return quotient_model<T>(x, s); }, integer_edges<T>);
  }
}

template <class T>
class FloatDivByScalar : public ::testing::Test {};
using FloatTypes = ::testing::Types<half, float>;
TYPED_TEST_SUITE(FloatDivByScalar, FloatTypes);

TYPED_TEST(FloatDivByScalar, IeeeQuotient) {
  using T = TypeParam;
  const double inf = std::numeric_limits<double>::infinity();
  for (double s : {3.0, -0.5, 0.0, -0.0, inf, -inf,
                   std::numeric_limits<double>::quiet_NaN(), 1e-40}) {
    const T divisor = Elem<T>::make(s);
    SCOPED_TRACE("divisor " + show(divisor));
    check_unary<T>(
        "div_scalar",
        [&](T* d, const T* x, int n) { __bang_div(d, x, divisor, n); },
        [&](T x) {
          return float_ref<T>([](float a, float b) { return a / b; }, x,
                              divisor);
        },
        gen_edges<T>(-1e4, 1e4));
  }
}

// bfloat16 square root: the float square root of the widened value,
// rounded to nearest even; the model rounds with integer arithmetic.
uint16_t bf16_sqrt_model(uint16_t x) {
  const uint32_t in = uint32_t(x) << 16;
  float f;
  std::memcpy(&f, &in, 4);
  const float r = std::sqrt(f);
  uint32_t u;
  std::memcpy(&u, &r, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u) return uint16_t((u >> 16) | 0x40u);
  return uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

TEST(ArithmeticForms, SqrtBfloat16) {
  const uint16_t edges[] = {0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0,
                            0xffc1, 0x0001, 0x007f, 0x0080, 0x3f80,
                            0x4080, 0xbf80, 0x7f7f, 0x3f81, 0x4000};
  for (int n : {0, 1, 7, 8, 17, 64, 1000, 4099}) {
    SCOPED_TRACE("n=" + std::to_string(n));
    std::mt19937 rng(n);
    std::vector<bfloat16_t> src(n);
    for (int i = 0; i < n; ++i) {
      src[i] = bfloat16_t::from_bits(i < 15 ? edges[i] : uint16_t(rng()));
    }
    NramCase c;
    const int is = c.add(src);
    const int id = c.add(
        std::vector<bfloat16_t>(n + kTail, bfloat16_t::from_bits(0x1234)));
    const int ip = c.add(src);
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      __bang_sqrt(k.ptr<bfloat16_t>(id), k.ptr<bfloat16_t>(is), n);
      __bang_sqrt(k.ptr<bfloat16_t>(ip), k.ptr<bfloat16_t>(ip), n);
    }));
    const auto got = c.get<bfloat16_t>(id);
    const auto in_place = c.get<bfloat16_t>(ip);
    for (int i = 0; i < n; ++i) {
      const uint16_t want = bf16_sqrt_model(src[i].bits);
      ASSERT_EQ(got[i].bits, want) << "input 0x" << std::hex << src[i].bits;
      ASSERT_EQ(in_place[i].bits, want) << "in place";
    }
    for (int i = n; i < n + kTail; ++i) ASSERT_EQ(got[i].bits, 0x1234);
  }
}

TEST(ArithmeticFormsChecked, BadOperands) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 3.f));
  float* gdram = static_cast<float*>(g.get());
  expect_reported_by("__bang_write_zero",
                     [&] { __bang_write_zero(gdram, 64); });
  expect_reported_by("__bang_incseq", [&] {
    __bang_incseq(
        reinterpret_cast<int32_t*>(arena_floats(arena_float_count() - 4)), 64);
  });
  expect_reported_by("__bang_maxeq_scalar", [&] {
    __bang_maxeq_scalar(arena_floats(), gdram, 0.f, 64);
  });
  expect_reported_by("__bang_add_tz", [&] {
    __bang_add_tz(arena_floats(1), arena_floats(), arena_floats(64), 64);
  });
  expect_reported_by("__bang_cycle_band", [&] {
    char* a = reinterpret_cast<char*>(arena_floats());
    __bang_cycle_band(a, a, a + 512, 100, 64);
  });
  expect_reported_by("__bang_srl", [&] {
    __bang_srl(reinterpret_cast<uint32_t*>(arena_floats()),
               reinterpret_cast<uint32_t*>(gdram), 3, 64);
  });
  expect_reported_by("__bang_min",
                     [&] { __bang_min(arena_floats(), gdram, 64); });
  // The arena is per core: its address is taken inside each launch.
  const auto u32 = [] { return reinterpret_cast<uint32_t*>(arena_floats()); };
  expect_reported_by("__bang_add", [&] {
    __bang_add(u32(), u32(), reinterpret_cast<uint32_t*>(gdram), 64);
  });
  expect_reported_by("__bang_mul_scalar", [&] {
    __bang_mul_scalar(u32() + arena_float_count() - 32, u32(), 3u, 64);
  });
  expect_reported_by("__bang_not", [&] {
    __bang_not(reinterpret_cast<uint8_t*>(gdram),
               reinterpret_cast<uint8_t*>(u32()), 128);
  });
  expect_reported_by("__bang_div", [&] {
    __bang_div(
        reinterpret_cast<int32_t*>(u32()), reinterpret_cast<int32_t*>(u32()),
        reinterpret_cast<int32_t*>(u32()) + arena_float_count() - 32, 64);
  });
  expect_reported_by("__bang_div",
                     [&] { __bang_div(arena_floats(), gdram, 2.f, 64); });
  expect_reported_by("__bang_sqrt", [&] {
    auto* b = reinterpret_cast<bfloat16_t*>(arena_floats());
    __bang_sqrt(b + 1, b, 64);  // partial overlap
  });
  EXPECT_EQ(g.to_host<float>(), std::vector<float>(64, 3.f));
}

}  // namespace
}  // namespace bang_test
