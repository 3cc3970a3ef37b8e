// Reduction built-ins (bang/include/xbang/builtins/reduction.h):
// __bang_reduce_sum's per-128-byte-block sums and __bang_sum's total,
// against sums in double (float results within the rounding of a different
// order of additions; int32 exact).
#include <cmath>

#include "elementwise_check.h"
#include "report_check.h"

namespace bang_test {
namespace {

template <class T>
double exact_sum(const std::vector<T>& v, size_t first, size_t count) {
  double s = 0;
  for (size_t i = first; i < first + count; ++i) s += Elem<T>::value(v[i]);
  return s;
}

// Tolerance: the result's rounding to T plus float rounding of partial sums
// (bounded by the largest magnitude times the count).
template <class T>
bool sum_close(T got, double want, double magnitude, size_t count) {
  const double g = Elem<T>::value(got);
  if (std::isnan(want) || std::isinf(want)) {
    return std::isnan(want) ? std::isnan(g) : g == want;
  }
  if constexpr (std::is_same_v<T, int32_t>) {
    return g == want;
  } else {
    const double eps = std::is_same_v<T, half> ? 1.0 / 1024 : 1.0 / (1 << 23);
    return std::fabs(g - want) <=
           eps * std::fabs(want) + std::ldexp(magnitude * double(count), -23);
  }
}

template <class T>
class Reduction : public ::testing::Test {};
using ReductionTypes = ::testing::Types<float, half, int32_t>;
TYPED_TEST_SUITE(Reduction, ReductionTypes);

TYPED_TEST(Reduction, SumOfEveryCount) {
  using T = TypeParam;
  for (int n : all_counts<T>(1)) {
    SCOPED_TRACE("n=" + std::to_string(n));
    const auto src = random_values<T>(n, 5u + n, -4, 4);
    NramCase c;
    const int is = c.add(src);
    const int io = c.add_filled<T>(1, T(0));
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      k.ptr<T>(io)[0] = __bang_sum(k.ptr<T>(is), n);
    }));
    const T got = c.get<T>(io)[0];
    EXPECT_TRUE(sum_close(got, exact_sum(src, 0, n), 4.0, size_t(n)))
        << show(got) << " vs " << exact_sum(src, 0, n);
  }
}

template <class T>
class FloatingReduction : public ::testing::Test {};
using FloatingTypes = ::testing::Types<float, half>;
TYPED_TEST_SUITE(FloatingReduction, FloatingTypes);

TYPED_TEST(FloatingReduction, SumPropagatesNanAndInfinity) {
  using T = TypeParam;
  {
    for (double special : {std::nan(""), double(INFINITY), -double(INFINITY)}) {
      std::vector<T> src(37, Elem<T>::make(1.0));
      src[20] = Elem<T>::make(special);
      NramCase c;
      const int is = c.add(src);
      const int io = c.add_filled<T>(1, T(0));
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        k.ptr<T>(io)[0] = __bang_sum(k.ptr<T>(is), 37);
      }));
      EXPECT_TRUE(sum_close(c.get<T>(io)[0], special, 1, 37));
    }
  }
}

TYPED_TEST(Reduction, ReduceSumPerBlock) {
  using T = TypeParam;
  constexpr int kBlock = 128 / int(sizeof(T));
  for (int n : {kBlock, 3 * kBlock, 3 * kBlock + 5, 7, 1000}) {
    for (bool in_place : {false, true}) {
      SCOPED_TRACE("n=" + std::to_string(n) + (in_place ? " in place" : ""));
      const auto src = random_values<T>(n, 11u + n, -3, 3);
      NramCase c;
      const int is = c.add(src);
      const int id = c.add_filled<T>(n + kTail, sentinel<T>());
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        T* dst = in_place ? k.ptr<T>(is) : k.ptr<T>(id);
        __bang_reduce_sum(dst, k.ptr<T>(is), n);
      }));
      const auto got = in_place ? c.get<T>(is) : c.get<T>(id);
      for (int first = 0; first < n; first += kBlock) {
        const int count = std::min(kBlock, n - first);
        EXPECT_TRUE(sum_close(got[first], exact_sum(src, first, count), 3.0,
                              size_t(count)))
            << "block at " << first << ": " << show(got[first]);
        for (int i = first + 1; i < first + count; ++i) {
          ASSERT_EQ(Elem<T>::value(got[i]), 0.0) << "at " << i;
        }
      }
      if (!in_place) {
        for (int i = 0; i < kTail; ++i) {
          EXPECT_TRUE(same_value(got[n + i], sentinel<T>()));
        }
      }
    }
  }
}

TEST(ReductionChecked, SourcePastTheArena) {
  expect_report("__bang_sum", [](int8_t* nram) {
    const float* f = reinterpret_cast<const float*>(nram);
    (void)__bang_sum(f, int(kArenaBytes));
  });
  expect_report("__bang_reduce_sum", [](int8_t* nram) {
    float* f = reinterpret_cast<float*>(nram);
    __bang_reduce_sum(f + 1, f, 64);  // partial overlap
  });
}

}  // namespace
}  // namespace bang_test
