// Drives an elementwise built-in over every count of the suite (0, 1, 7, 8,
// 64, 1000 and NRAM-sized), out of place and in place, and compares with a
// reference computed here from the spec text.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "harness.h"

namespace bang_test {

// Whether `got` is acceptable where the reference computed `want` from the
// inputs at index i.
template <class T>
using Accept = std::function<bool(T got, T want)>;

template <class T>
Accept<T> exact() {
  return [](T got, T want) { return same_value(got, want); };
}

// Exact except that +0 and -0 are interchangeable (max/min of +0 and -0 is
// not specified by the spec).
template <class T>
Accept<T> exact_any_zero_sign() {
  return [](T got, T want) {
    if (same_value(got, want)) return true;
    return Elem<T>::value(got) == 0.0 && Elem<T>::value(want) == 0.0;
  };
}

// Relative tolerance for operations real hardware approximates (div, sqrt,
// recip); classes (NaN, Inf, sign of an exact 0) must still match.
template <class T>
Accept<T> near(double rel) {
  return [rel](T got, T want) {
    const double g = Elem<T>::value(got), w = Elem<T>::value(want);
    if (std::isnan(w) || std::isnan(g)) return std::isnan(w) && std::isnan(g);
    if (std::isinf(w) || std::isinf(g)) return g == w;
    return std::fabs(g - w) <= rel * std::fabs(w) || (w == 0.0 && g == 0.0);
  };
}

template <class T>
::testing::AssertionResult accepted(const std::vector<T>& got,
                                    const std::vector<T>& want,
                                    const Accept<T>& ok, size_t check_n) {
  if (got.size() < check_n || want.size() < check_n) {
    return ::testing::AssertionFailure() << "short result";
  }
  int bad = 0;
  auto failure = ::testing::AssertionFailure();
  for (size_t i = 0; i < check_n; ++i) {
    if (!ok(got[i], want[i])) {
      if (bad < 5) {
        failure << "\n  [" << i << "] got " << show(got[i]) << " want "
                << show(want[i]);
      }
      ++bad;
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return failure << "\n  " << bad << " of " << check_n << " differ";
}

// The sentinel written past the end of every destination: a built-in must
// write exactly n elements.
template <class T>
T sentinel() {
  if constexpr (kIsFloating<T>) {
    return Elem<T>::make(-12345.0);
  } else {
    return static_cast<T>(-77);
  }
}
inline constexpr int kTail = 8;

// One input array, out of place and in place.
//   op(dst, src, n) runs the built-in; ref(x) the reference.
template <class T, class Op, class Ref>
void check_unary(const std::string& what, Op op, Ref ref,
                 const std::function<std::vector<T>(int, uint32_t)>& gen,
                 Accept<T> ok = exact<T>()) {
  for (int n : all_counts<T>(2)) {
    SCOPED_TRACE(what + " " + Elem<T>::name() + " n=" + std::to_string(n));
    const auto a = gen(n, 1000u + n);
    std::vector<T> want(n);
    for (int i = 0; i < n; ++i) want[i] = ref(a[i]);
    NramCase c;
    const int ia = c.add(a);
    const int id = c.add_filled<T>(n + kTail, sentinel<T>());
    ASSERT_TRUE(
        c.run([&](const NramCase& k) { op(k.ptr<T>(id), k.ptr<T>(ia), n); }));
    const auto got = c.get<T>(id);
    EXPECT_TRUE(accepted(got, want, ok, n));
    for (int i = 0; i < kTail; ++i) {
      EXPECT_TRUE(same_value(got[n + i], sentinel<T>()))
          << "wrote past n at " << n + i;
    }
    if (n == 1000 || n == 7) {
      NramCase in_place;
      const int ip = in_place.add(a);
      ASSERT_TRUE(in_place.run(
          [&](const NramCase& k) { op(k.ptr<T>(ip), k.ptr<T>(ip), n); }));
      EXPECT_TRUE(accepted(in_place.get<T>(ip), want, ok, n)) << "in place";
    }
  }
}

// Two input arrays, out of place, in place on a and in place on b.
//   op(dst, a, b, n) runs the built-in; ref(x, y) the reference.
template <class T, class Op, class Ref>
void check_binary(
    const std::string& what, Op op, Ref ref,
    const std::function<std::vector<T>(int, uint32_t)>& gen_a,
    const std::function<std::vector<T>(const std::vector<T>&, uint32_t)>& gen_b,
    Accept<T> ok = exact<T>()) {
  for (int n : all_counts<T>(3)) {
    SCOPED_TRACE(what + " " + Elem<T>::name() + " n=" + std::to_string(n));
    const auto a = gen_a(n, 2000u + n);
    const auto b = gen_b(a, 3000u + n);
    std::vector<T> want(n);
    for (int i = 0; i < n; ++i) want[i] = ref(a[i], b[i]);
    NramCase c;
    const int ia = c.add(a), ib = c.add(b);
    const int id = c.add_filled<T>(n + kTail, sentinel<T>());
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      op(k.ptr<T>(id), k.ptr<T>(ia), k.ptr<T>(ib), n);
    }));
    const auto got = c.get<T>(id);
    EXPECT_TRUE(accepted(got, want, ok, n));
    for (int i = 0; i < kTail; ++i) {
      EXPECT_TRUE(same_value(got[n + i], sentinel<T>()))
          << "wrote past n at " << n + i;
    }
    if (n == 1000 || n == 7) {
      NramCase in_place;
      const int pa = in_place.add(a), pb = in_place.add(b);
      ASSERT_TRUE(in_place.run([&](const NramCase& k) {
        op(k.ptr<T>(pa), k.ptr<T>(pa), k.ptr<T>(pb), n);
      }));
      EXPECT_TRUE(accepted(in_place.get<T>(pa), want, ok, n)) << "dst == a";
      NramCase in_place_b;
      const int qa = in_place_b.add(a), qb = in_place_b.add(b);
      ASSERT_TRUE(in_place_b.run([&](const NramCase& k) {
        op(k.ptr<T>(qb), k.ptr<T>(qa), k.ptr<T>(qb), n);
      }));
      EXPECT_TRUE(accepted(in_place_b.get<T>(qb), want, ok, n)) << "dst == b";
    }
  }
}

// Floating reference helpers: compute in float, round to T (docs/builtins.md).
template <class T, class F>
T float_ref(F f, T a, T b) {
  return round_to<T>(f(static_cast<float>(Elem<T>::value(a)),
                       static_cast<float>(Elem<T>::value(b))));
}
template <class T, class F>
T float_ref1(F f, T a) {
  return round_to<T>(f(static_cast<float>(Elem<T>::value(a))));
}

// The usual generators.
template <class T>
std::function<std::vector<T>(int, uint32_t)> gen_range(double lo, double hi,
                                                       bool specials) {
  return [=](int n, uint32_t seed) {
    return random_values<T>(n, seed, lo, hi, specials);
  };
}
template <class T>
std::function<std::vector<T>(const std::vector<T>&, uint32_t)> gen_partner(
    double lo, double hi, bool specials) {
  return [=](const std::vector<T>& a, uint32_t seed) {
    return partner_values<T>(a, seed, lo, hi, specials);
  };
}

}  // namespace bang_test
