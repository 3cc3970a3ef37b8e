// Comparison, bit-index comparison, logical and bitwise built-ins
// (docs/builtins.md) against scalar references, NaN/Inf/-0 included.
#include <cmath>

#include "elementwise_check.h"

namespace bang_test {
namespace {

template <class T>
class Compare : public ::testing::Test {};
using CompareTypes = ::testing::Types<half, float, int16_t, int32_t>;
TYPED_TEST_SUITE(Compare, CompareTypes);

enum class Cmp { kEq, kNe, kLt, kLe, kGt, kGe };
const char* cmp_name(Cmp c) {
  switch (c) {
    case Cmp::kEq:
      return "eq";
    case Cmp::kNe:
      return "ne";
    case Cmp::kLt:
      return "lt";
    case Cmp::kLe:
      return "le";
    case Cmp::kGt:
      return "gt";
    case Cmp::kGe:
      return "ge";
  }
  return "?";
}
const Cmp kAllCmps[] = {Cmp::kEq, Cmp::kNe, Cmp::kLt,
                        Cmp::kLe, Cmp::kGt, Cmp::kGe};

// IEEE: every comparison with NaN is false except ne; -0 == +0.
template <class T>
bool ref_cmp(Cmp c, T a, T b) {
  const double x = Elem<T>::value(a), y = Elem<T>::value(b);
  if (std::isnan(x) || std::isnan(y)) return c == Cmp::kNe;
  switch (c) {
    case Cmp::kEq:
      return x == y;
    case Cmp::kNe:
      return x != y;
    case Cmp::kLt:
      return x < y;
    case Cmp::kLe:
      return x <= y;
    case Cmp::kGt:
      return x > y;
    case Cmp::kGe:
      return x >= y;
  }
  return false;
}
template <class T>
T truth(bool b) {
  return Elem<T>::make(b ? 1.0 : 0.0);
}

template <class T>
void run_cmp(Cmp c, T* d, T* a, T* b, int n) {
  switch (c) {
    case Cmp::kEq:
      __bang_eq(d, a, b, n);
      break;
    case Cmp::kNe:
      __bang_ne(d, a, b, n);
      break;
    case Cmp::kLt:
      __bang_lt(d, a, b, n);
      break;
    case Cmp::kLe:
      __bang_le(d, a, b, n);
      break;
    case Cmp::kGt:
      __bang_gt(d, a, b, n);
      break;
    case Cmp::kGe:
      __bang_ge(d, a, b, n);
      break;
  }
}
template <class T>
void run_cmp_scalar(Cmp c, T* d, T* a, T s, int n) {
  switch (c) {
    case Cmp::kEq:
      __bang_eq_scalar(d, a, s, n);
      break;
    case Cmp::kNe:
      __bang_ne_scalar(d, a, s, n);
      break;
    case Cmp::kLt:
      __bang_lt_scalar(d, a, s, n);
      break;
    case Cmp::kLe:
      __bang_le_scalar(d, a, s, n);
      break;
    case Cmp::kGt:
      __bang_gt_scalar(d, a, s, n);
      break;
    case Cmp::kGe:
      __bang_ge_scalar(d, a, s, n);
      break;
  }
}
template <class T>
void run_cmp_bitindex(Cmp c, T* d, T* a, T* b, int n) {
  switch (c) {
    case Cmp::kEq:
      __bang_eq_bitindex(d, a, b, n);
      break;
    case Cmp::kNe:
      __bang_ne_bitindex(d, a, b, n);
      break;
    case Cmp::kLt:
      __bang_lt_bitindex(d, a, b, n);
      break;
    case Cmp::kLe:
      __bang_le_bitindex(d, a, b, n);
      break;
    case Cmp::kGt:
      __bang_gt_bitindex(d, a, b, n);
      break;
    case Cmp::kGe:
      __bang_ge_bitindex(d, a, b, n);
      break;
  }
}

template <class T>
double range() {
  // Small ranges make ties frequent.
  return kIsFloating<T> ? 4 : 5;
}

TYPED_TEST(Compare, Elementwise) {
  using T = TypeParam;
  for (Cmp c : kAllCmps) {
    check_binary<T>(
        std::string("__bang_") + cmp_name(c),
        [c](T* d, T* a, T* b, int n) { run_cmp(c, d, a, b, n); },
        [c](T a, T b) { return truth<T>(ref_cmp(c, a, b)); },
        gen_range<T>(-range<T>(), range<T>(), kIsFloating<T>),
        gen_partner<T>(-range<T>(), range<T>(), kIsFloating<T>));
  }
}

template <class T>
std::vector<T> compare_scalars() {
  if constexpr (kIsFloating<T>) {
    return {Elem<T>::make(1.0),      Elem<T>::make(-0.0),
            Elem<T>::make(0.0),      Elem<T>::make(NAN),
            Elem<T>::make(INFINITY), Elem<T>::make(-INFINITY)};
  } else {
    return {T(1), T(0), T(-3)};
  }
}

TYPED_TEST(Compare, ScalarForms) {
  using T = TypeParam;
  for (Cmp c : kAllCmps) {
    for (T s : compare_scalars<T>()) {
      check_unary<T>(
          std::string("__bang_") + cmp_name(c) + "_scalar s=" + show(s),
          [c, s](T* d, T* a, int n) { run_cmp_scalar(c, d, a, s, n); },
          [c, s](T a) { return truth<T>(ref_cmp(c, a, s)); },
          gen_range<T>(-range<T>(), range<T>(), kIsFloating<T>));
    }
  }
}

// One bit per element, least significant bit first; exactly n/8 bytes
// written.
TYPED_TEST(Compare, BitIndex) {
  using T = TypeParam;
  std::vector<int> counts = {0, 8, 64, 1000, 1024 + 8};
  counts.push_back(nram_count<T>(3) / 8 * 8);
  for (Cmp c : kAllCmps) {
    for (int n : counts) {
      SCOPED_TRACE(std::string("__bang_") + cmp_name(c) + "_bitindex " +
                   Elem<T>::name() + " n=" + std::to_string(n));
      const auto a =
          random_values<T>(n, 11 + n, -range<T>(), range<T>(), kIsFloating<T>);
      const auto b =
          partner_values<T>(a, 12 + n, -range<T>(), range<T>(), kIsFloating<T>);
      std::vector<uint8_t> want(n / 8 + 16, 0xA5);
      for (int i = 0; i < n; ++i) {
        const uint8_t bit = uint8_t(1u << (i % 8));
        if (i % 8 == 0) want[i / 8] = 0;
        if (ref_cmp(c, a[i], b[i])) want[i / 8] |= bit;
      }
      NramCase k;
      const int ia = k.add(a), ib = k.add(b);
      const int id = k.add_filled<uint8_t>(n / 8 + 16, 0xA5);
      ASSERT_TRUE(k.run([&](const NramCase& r) {
        run_cmp_bitindex(c, reinterpret_cast<T*>(r.ptr<uint8_t>(id)),
                         r.ptr<T>(ia), r.ptr<T>(ib), n);
      }));
      EXPECT_TRUE(arrays_equal(k.get<uint8_t>(id), want));
    }
  }
}

// The packing on a hand-written pattern: a[i] >= b[i] exactly for
// i in {0, 3, 9, 15}.
TEST(BitIndexPacking, KnownPattern) {
  std::vector<float> a(16, 0.f), b(16, 1.f);
  for (int i : {0, 3, 9, 15}) a[i] = 2.f;
  NramCase k;
  const int ia = k.add(a), ib = k.add(b);
  const int id = k.add_filled<uint8_t>(4, 0xEE);
  ASSERT_TRUE(k.run([&](const NramCase& r) {
    __bang_ge_bitindex(reinterpret_cast<float*>(r.ptr<uint8_t>(id)),
                       r.ptr<float>(ia), r.ptr<float>(ib), 16);
  }));
  EXPECT_EQ(k.get<uint8_t>(id), (std::vector<uint8_t>{0x09, 0x82, 0xEE, 0xEE}));
}

// Logical operations: nonzero (including NaN, not -0) is true.
template <class T>
bool truthy(T x) {
  return Elem<T>::value(x) != 0.0 || is_nan(x);
}

TYPED_TEST(Compare, Logical) {
  using T = TypeParam;
  const auto gen_a = [](int n, uint32_t seed) {
    auto v = random_values<T>(n, seed, -2, 2, kIsFloating<T>);
    // Plenty of zeros of both signs.
    for (int i = 0; i < n; i += 3) v[i] = Elem<T>::make(i % 2 ? -0.0 : 0.0);
    return v;
  };
  const auto gen_b = [&](const std::vector<T>& a, uint32_t seed) {
    return gen_a(int(a.size()), seed + 5);
  };
  check_binary<T>(
      "__bang_and", [](T* d, T* a, T* b, int n) { __bang_and(d, a, b, n); },
      [](T a, T b) { return truth<T>(truthy(a) && truthy(b)); }, gen_a, gen_b);
  check_binary<T>(
      "__bang_or", [](T* d, T* a, T* b, int n) { __bang_or(d, a, b, n); },
      [](T a, T b) { return truth<T>(truthy(a) || truthy(b)); }, gen_a, gen_b);
  check_binary<T>(
      "__bang_xor", [](T* d, T* a, T* b, int n) { __bang_xor(d, a, b, n); },
      [](T a, T b) { return truth<T>(truthy(a) != truthy(b)); }, gen_a, gen_b);
  check_unary<T>(
      "__bang_not", [](T* d, T* a, int n) { __bang_not(d, a, n); },
      [](T a) { return truth<T>(!truthy(a)); }, gen_a);
}

// Bitwise operations on the raw bits, every element type.
template <class T>
class Bitwise : public ::testing::Test {};
using BitwiseTypes = ::testing::Types<half, float, int8_t, uint8_t, int16_t,
                                      uint16_t, int32_t, uint32_t>;
TYPED_TEST_SUITE(Bitwise, BitwiseTypes);

template <class T>
std::vector<T> random_bits(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<T> v(n);
  for (auto& x : v) {
    const uint32_t r = rng();
    std::memcpy(&x, &r, sizeof(T));
  }
  return v;
}
template <class T, class F>
T bits_op(F f, T a, T b) {
  uint32_t x = 0, y = 0;
  std::memcpy(&x, &a, sizeof(T));
  std::memcpy(&y, &b, sizeof(T));
  const uint32_t z = f(x, y);
  T out;
  std::memcpy(&out, &z, sizeof(T));
  return out;
}

// Compare raw bits only (a NaN pattern must survive untouched).
template <class T>
Accept<T> bit_exact() {
  return [](T got, T want) { return raw_bits(got) == raw_bits(want); };
}

TYPED_TEST(Bitwise, BandBorBxorBnot) {
  using T = TypeParam;
  const auto gen = [](int n, uint32_t seed) { return random_bits<T>(n, seed); };
  const auto gen_b = [](const std::vector<T>& a, uint32_t seed) {
    return random_bits<T>(int(a.size()), seed + 77);
  };
  check_binary<T>(
      "__bang_band", [](T* d, T* a, T* b, int n) { __bang_band(d, a, b, n); },
      [](T a, T b) {
        return bits_op([](uint32_t x, uint32_t y) { return x & y; }, a, b);
      },
      gen, gen_b, bit_exact<T>());
  check_binary<T>(
      "__bang_bor", [](T* d, T* a, T* b, int n) { __bang_bor(d, a, b, n); },
      [](T a, T b) {
        return bits_op([](uint32_t x, uint32_t y) { return x | y; }, a, b);
      },
      gen, gen_b, bit_exact<T>());
  check_binary<T>(
      "__bang_bxor", [](T* d, T* a, T* b, int n) { __bang_bxor(d, a, b, n); },
      [](T a, T b) {
        return bits_op([](uint32_t x, uint32_t y) { return x ^ y; }, a, b);
      },
      gen, gen_b, bit_exact<T>());
  check_unary<T>(
      "__bang_bnot", [](T* d, T* a, int n) { __bang_bnot(d, a, n); },
      [](T a) {
        return bits_op([](uint32_t x, uint32_t) { return ~x; }, a, a);
      },
      gen, bit_exact<T>());
  const T mask = random_bits<T>(1, 99)[0];
  check_unary<T>(
      "__bang_band_scalar",
      [mask](T* d, T* a, int n) { __bang_band_scalar(d, a, mask, n); },
      [mask](T a) {
        return bits_op([](uint32_t x, uint32_t y) { return x & y; }, a, mask);
      },
      gen, bit_exact<T>());
}

}  // namespace
}  // namespace bang_test
