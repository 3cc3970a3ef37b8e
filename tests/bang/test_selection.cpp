// Selection and counting (docs/builtins.md): __bang_filter, __bang_count,
// __bang_findfirst1/findlast1, __bang_argmax/argmin.
#include <cmath>

#include "elementwise_check.h"

namespace bang_test {
namespace {

template <class T>
class Selection : public ::testing::Test {};
using SelectionTypes = ::testing::Types<half, float, int16_t, int32_t>;
TYPED_TEST_SUITE(Selection, SelectionTypes);

// Nonzero in the numeric sense: -0 is zero, NaN is not.
template <class T>
bool nonzero(T x) {
  return is_nan(x) || Elem<T>::value(x) != 0.0;
}

// A mask with mixed zero and nonzero values: 0, -0, 1, -2.5, 7 (and NaN for
// floating types), in runs so that whole vector blocks are empty or full.
template <class T>
std::vector<T> mask_values(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<T> m(n);
  int run = 0;
  bool on = false;
  for (int i = 0; i < n; ++i) {
    if (run-- <= 0) {
      run = int(rng() % 40);
      on = rng() % 2;
    }
    const uint32_t r = rng() % 6;
    if (!on || r == 0) {
      m[i] = Elem<T>::make((kIsFloating<T> && r == 1) ? -0.0 : 0.0);
    } else {
      const double v = r == 2 ? 1.0 : r == 3 ? -2.0 : r == 4 ? 7.0 : 3.0;
      m[i] = Elem<T>::make(v);
      if (kIsFloating<T> && r == 5 && rng() % 4 == 0) {
        m[i] = Elem<T>::make(NAN);
      }
    }
  }
  return m;
}

TYPED_TEST(Selection, Filter) {
  using T = TypeParam;
  for (int n : all_counts<T>(3)) {
    SCOPED_TRACE(std::string(Elem<T>::name()) + " n=" + std::to_string(n));
    const auto src = random_values<T>(n, 40 + n, -100, 100, false);
    const auto mask = mask_values<T>(n, 50 + n);
    std::vector<T> kept;
    for (int i = 0; i < n; ++i) {
      if (nonzero(mask[i])) kept.push_back(src[i]);
    }
    NramCase c;
    const int is = c.add(src), im = c.add(mask);
    const int id = c.add_filled<T>(n + 4, Elem<T>::make(-99));
    uint32_t returned = 0;
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      returned = __bang_filter(k.ptr<T>(id), k.ptr<T>(is), k.ptr<T>(im), n);
    }));
    EXPECT_EQ(returned, kept.size());
    auto got = c.get<T>(id);
    got.resize(kept.size());
    EXPECT_TRUE(arrays_equal(got, kept));
    if (n == 1000) {  // in place: dst == src
      NramCase p;
      const int ps = p.add(src), pm = p.add(mask);
      ASSERT_TRUE(p.run([&](const NramCase& k) {
        returned = __bang_filter(k.ptr<T>(ps), k.ptr<T>(ps), k.ptr<T>(pm), n);
      }));
      EXPECT_EQ(returned, kept.size());
      auto in_place = p.get<T>(ps);
      in_place.resize(kept.size());
      EXPECT_TRUE(arrays_equal(in_place, kept)) << "in place";
    }
  }
}

// Count, findfirst1 and findlast1 over the same masks, and over an all-zero
// array (-1 as uint32_t).
template <class T>
void check_counting() {
  for (int n : all_counts<T>(1)) {
    for (bool all_zero : {false, true}) {
      SCOPED_TRACE(std::string(Elem<T>::name()) + " n=" + std::to_string(n) +
                   (all_zero ? " all zero" : ""));
      auto src = mask_values<T>(n, 60 + n);
      if (all_zero) {
        for (int i = 0; i < n; ++i) {
          src[i] = Elem<T>::make(kIsFloating<T> && i % 2 ? -0.0 : 0.0);
        }
      }
      uint32_t want_count = 0, want_first = 0xFFFFFFFFu,
               want_last = 0xFFFFFFFFu;
      for (int i = 0; i < n; ++i) {
        if (!nonzero(src[i])) continue;
        ++want_count;
        if (want_first == 0xFFFFFFFFu) want_first = uint32_t(i);
        want_last = uint32_t(i);
      }
      NramCase c;
      const int is = c.add(src);
      uint32_t count = 1234, first = 1234, last = 1234;
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        count = __bang_count(k.ptr<T>(is), n);
        first = __bang_findfirst1(k.ptr<T>(is), n);
        last = __bang_findlast1(k.ptr<T>(is), n);
      }));
      EXPECT_EQ(count, want_count);
      EXPECT_EQ(first, want_first);
      EXPECT_EQ(last, want_last);
    }
  }
}

TYPED_TEST(Selection, CountFindFirstFindLast) { check_counting<TypeParam>(); }
TEST(SelectionBytes, CountFindFirstFindLastInt8) {
  check_counting<int8_t>();
  check_counting<uint8_t>();
}

// A single nonzero element at each interesting position (first, last, in the
// vector tail).
TEST(SelectionBytes, SingleNonzeroPositions) {
  const int n = 1000;
  for (int pos : {0, 1, 7, 8, 31, 32, 63, 64, 991, 998, 999}) {
    std::vector<float> src(n, 0.f);
    src[pos] = -1e-30f;  // tiny but nonzero
    NramCase c;
    const int is = c.add(src);
    uint32_t count = 0, first = 0, last = 0;
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      count = __bang_count(k.ptr<float>(is), n);
      first = __bang_findfirst1(k.ptr<float>(is), n);
      last = __bang_findlast1(k.ptr<float>(is), n);
    }));
    EXPECT_EQ(count, 1u) << pos;
    EXPECT_EQ(first, uint32_t(pos));
    EXPECT_EQ(last, uint32_t(pos));
  }
}

// dst[0] = the extreme value, the 4 bytes after dst[0] = its first index.
template <class T>
void check_arg(bool max) {
  const char* name = max ? "__bang_argmax" : "__bang_argmin";
  std::vector<int> counts = {1, 7, 8, 64, 1000, nram_count<T>(1)};
  for (int n : counts) {
    for (int variant = 0; variant < 3; ++variant) {
      SCOPED_TRACE(std::string(name) + " " + Elem<T>::name() + " n=" +
                   std::to_string(n) + " variant=" + std::to_string(variant));
      // Small ranges so the extreme occurs several times (first index wins);
      // variant 1 puts it last, variant 2 has -Inf/+Inf for floats.
      auto src = random_values<T>(n, 70 + n + variant, -50, 50, false);
      if (variant == 1) {
        src[n - 1] = Elem<T>::make(max ? 1000 : -1000);
      }
      if (variant == 2 && kIsFloating<T> && n > 3) {
        src[n / 2] = Elem<T>::make(-INFINITY);
        src[n / 3] = Elem<T>::make(INFINITY);
      }
      uint32_t want_index = 0;
      for (int i = 1; i < n; ++i) {
        const double v = Elem<T>::value(src[i]),
                     best = Elem<T>::value(src[want_index]);
        if (max ? v > best : v < best) want_index = uint32_t(i);
      }
      NramCase c;
      const int is = c.add(src);
      const int id = c.add(std::vector<uint8_t>(16, 0xEE));
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        T* dst = reinterpret_cast<T*>(k.ptr<uint8_t>(id));
        if (max) {
          __bang_argmax(dst, k.ptr<T>(is), n);
        } else {
          __bang_argmin(dst, k.ptr<T>(is), n);
        }
      }));
      const auto out = c.get<uint8_t>(id);
      T value;
      uint32_t index;
      std::memcpy(&value, out.data(), sizeof(T));
      std::memcpy(&index, out.data() + sizeof(T), 4);
      EXPECT_TRUE(same_value(value, src[want_index]))
          << show(value) << " vs " << show(src[want_index]);
      EXPECT_EQ(index, want_index);
    }
  }
}

TYPED_TEST(Selection, ArgMax) { check_arg<TypeParam>(true); }
TYPED_TEST(Selection, ArgMin) { check_arg<TypeParam>(false); }

}  // namespace
}  // namespace bang_test
