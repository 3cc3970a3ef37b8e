// Compaction (collect.h) and table lookup (lut.h) built-ins against scalar
// models: value and bit masks (least significant bit first), in place,
// __bang_select's 128-byte count header, out-of-table indices; and their
// checked-mode reports.
#include "math_check.h"

namespace bang_test {
namespace {

template <class T>
class Collect : public ::testing::Test {};
using CollectTypes = ::testing::Types<half, float, int16_t, int32_t>;
TYPED_TEST_SUITE(Collect, CollectTypes);

template <class T>
bool model_nonzero(T x) {
  return is_nan(x) || Elem<T>::value(x) != 0.0;
}

// A value mask with zeros, -0, NaN and runs, and the matching bit mask.
template <class T>
std::vector<T> value_mask(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<T> m(n);
  for (int i = 0; i < n; ++i) {
    const uint32_t r = rng() % 8;
    const bool run_on = (i / 64) % 3 == 1, run_off = (i / 64) % 3 == 2;
    double v = r < 3 ? 0.0 : r == 3 ? -0.0 : r == 4 ? 2.5 : 1.0;
    if (run_on) v = 1.0;
    if (run_off) v = 0.0;
    m[i] = Elem<T>::make(v);
    if (kIsFloating<T> && r == 7 && !run_off) m[i] = Elem<T>::make(NAN);
  }
  return m;
}
std::vector<uint8_t> bit_mask(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> bits(n / 8);
  for (size_t i = 0; i < bits.size(); ++i) {
    const uint32_t r = rng() % 4;
    bits[i] = r == 0 ? 0x00 : r == 1 ? 0xFF : uint8_t(rng());
  }
  return bits;
}

TYPED_TEST(Collect, CollectByValues) {
  using T = TypeParam;
  for (int n : {0, 1, 7, 64, 1000, 8192}) {
    SCOPED_TRACE(std::string(Elem<T>::name()) + " n=" + std::to_string(n));
    const auto src = random_values<T>(n, 3 + n, -100, 100);
    const auto mask = value_mask<T>(n, 5 + n);
    std::vector<T> want;
    for (int i = 0; i < n; ++i) {
      if (model_nonzero(mask[i])) want.push_back(src[i]);
    }
    for (bool in_place : {false, true}) {
      NramCase c;
      const int is = c.add(src), im = c.add(mask);
      const int id = in_place ? is : c.add_filled<T>(n, sentinel<T>());
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        __bang_collect(k.ptr<T>(id), k.ptr<T>(is), k.ptr<T>(im), n);
      }));
      auto got = c.get<T>(id);
      got.resize(want.size());
      EXPECT_TRUE(arrays_equal(got, want)) << (in_place ? "in place" : "");
    }
  }
}

TYPED_TEST(Collect, BitIndexForms) {
  using T = TypeParam;
  for (int n : {0, 8, 64, 1000, 8192}) {
    SCOPED_TRACE(std::string(Elem<T>::name()) + " n=" + std::to_string(n));
    const auto src = random_values<T>(n, 7 + n, -100, 100, true);
    const auto bits = bit_mask(n, 9 + n);
    std::vector<T> want;
    for (int i = 0; i < n; ++i) {
      if (bits[i / 8] & (1u << (i % 8))) want.push_back(src[i]);
    }
    NramCase c;
    const int is = c.add(src), ib = c.add(bits);
    const int ic = c.add_filled<T>(n, sentinel<T>());
    const int ifl = c.add_filled<T>(n, sentinel<T>());
    uint32_t returned = 0;
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      __bang_collect_bitindex(k.ptr<T>(ic), k.ptr<T>(is), k.ptr<uint8_t>(ib),
                              n);
      returned = __bang_filter_bitindex(k.ptr<T>(ifl), k.ptr<T>(is),
                                        k.ptr<uint8_t>(ib), n);
    }));
    EXPECT_EQ(returned, want.size());
    for (int slot : {ic, ifl}) {
      auto got = c.get<T>(slot);
      if (want.size() < size_t(n)) {
        EXPECT_TRUE(same_value(got[want.size()], sentinel<T>()))
            << "elements past the packed ones are left alone";
      }
      got.resize(want.size());
      EXPECT_TRUE(arrays_equal(got, want));
    }
  }
}

// The even elements of an interleaved (x, y) array, as mlu-ops'
// ms_deform_attn selects them with 0x55.
TEST(CollectBits, EvenElementsWith0x55) {
  std::vector<float> xy;
  for (int i = 0; i < 64; ++i) xy.push_back(float(i));
  NramCase c;
  const int is = c.add(xy), im = c.add(std::vector<uint8_t>(8, 0x55));
  const int id = c.add_filled<float>(32, 0.f);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_filter_bitindex(k.ptr<float>(id), k.ptr<float>(is),
                           k.ptr<int8_t>(im), 64);
  }));
  std::vector<float> want;
  for (int i = 0; i < 64; i += 2) want.push_back(float(i));
  EXPECT_EQ(c.get<float>(id), want);
}

TYPED_TEST(Collect, SelectWritesCountHeader) {
  using T = TypeParam;
  for (int n : {0, 8, 1000}) {
    SCOPED_TRACE(std::string(Elem<T>::name()) + " n=" + std::to_string(n));
    const auto src = random_values<T>(n, 13 + n, -100, 100);
    const auto mask = value_mask<T>(n, 17 + n);
    const auto bits = bit_mask(n, 19 + n);
    std::vector<T> want, want_bits;
    for (int i = 0; i < n; ++i) {
      if (model_nonzero(mask[i])) want.push_back(src[i]);
      if (bits[i / 8] & (1u << (i % 8))) want_bits.push_back(src[i]);
    }
    const int header = int(128 / sizeof(T));
    NramCase c;
    const int is = c.add(src), im = c.add(mask), ib = c.add(bits);
    const int id = c.add_filled<T>(header + n, sentinel<T>());
    const int idb = c.add_filled<T>(header + n, sentinel<T>());
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      __bang_select(k.ptr<T>(id), k.ptr<T>(is), k.ptr<T>(im), n);
      __bang_select_bitindex(k.ptr<T>(idb), k.ptr<T>(is), k.ptr<uint8_t>(ib),
                             n);
    }));
    for (auto [slot, expect] : {std::pair{id, &want}, {idb, &want_bits}}) {
      const auto got = c.get<T>(slot);
      uint32_t count;
      std::memcpy(&count, got.data(), 4);
      EXPECT_EQ(count, expect->size());
      std::vector<uint8_t> zeros(124), got_zeros(124);
      std::memcpy(got_zeros.data(),
                  reinterpret_cast<const uint8_t*>(got.data()) + 4, 124);
      EXPECT_EQ(got_zeros, zeros);
      std::vector<T> elements(got.begin() + header,
                              got.begin() + header + expect->size());
      EXPECT_TRUE(arrays_equal(elements, *expect));
    }
  }
}

TEST(Lut, AllFormsAndOutOfTableIndices) {
  const int n = 1000, len = 64;
  std::vector<int32_t> table32(len);
  std::vector<int16_t> table16(len);
  for (int i = 0; i < len; ++i) {
    table32[i] = i * 1000003 - 7;
    table16[i] = int16_t(i * 301 - 5);
  }
  std::vector<uint32_t> idx32(n);
  std::vector<uint16_t> idx16(n);
  std::mt19937 rng(3);
  for (int i = 0; i < n; ++i) {
    const uint32_t r = rng() % 80;  // some past the table
    idx32[i] = i % 50 == 0 ? 0xFFFFFFFFu : r;
    idx16[i] = i % 50 == 0 ? uint16_t(0xFFFF) : uint16_t(r);
  }
  std::vector<int32_t> want32(n), want_s32(n);
  std::vector<int16_t> want16(n);
  for (int i = 0; i < n; ++i) {
    want32[i] = idx32[i] < uint32_t(len) ? table32[idx32[i]] : 0;
    want16[i] = idx16[i] < len ? table16[idx16[i]] : 0;
  }
  NramCase c;
  const int t32 = c.add(table32), t16 = c.add(table16);
  const int i32 = c.add(idx32), i16 = c.add(idx16);
  const int d32 = c.add_filled<int32_t>(n, 9), ds32 = c.add(idx32);
  const int d16 = c.add_filled<int16_t>(n, 9), ds16 = c.add(idx16);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_lut(k.ptr<int32_t>(d32), k.ptr<uint32_t>(i32), k.ptr<int32_t>(t32),
               n, len);
    __bang_lut(k.ptr<int16_t>(d16), k.ptr<uint16_t>(i16), k.ptr<int16_t>(t16),
               n, len);
    // In place, signed index forms (negative indices are outside the table).
    __bang_lut_s32(k.ptr<int32_t>(ds32), k.ptr<int32_t>(ds32),
                   k.ptr<int32_t>(t32), n, len);
    __bang_lut_s16(k.ptr<int16_t>(ds16), k.ptr<int16_t>(ds16),
                   k.ptr<int16_t>(t16), n, len);
  }));
  EXPECT_EQ(c.get<int32_t>(d32), want32);
  EXPECT_EQ(c.get<int16_t>(d16), want16);
  EXPECT_EQ(c.get<int32_t>(ds32), want32);
  EXPECT_EQ(c.get<int16_t>(ds16), want16);
}

TEST(CollectChecked, BadOperands) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 3.f));
  float* gdram = static_cast<float*>(g.get());
  expect_reported_by("__bang_collect", [&] {
    __bang_collect(arena_floats(), arena_floats(64), gdram, 64);
  });
  expect_reported_by("__bang_collect_bitindex", [&] {
    __bang_collect_bitindex(arena_floats(), arena_floats(64), arena_floats(128),
                            60);
  });
  expect_reported_by("__bang_select", [&] {
    float* near_end = arena_floats(arena_float_count() - 64);
    __bang_select(near_end, arena_floats(), arena_floats(64), 64);
  });
  expect_reported_by("__bang_lut_s32", [&] {
    int32_t* a = reinterpret_cast<int32_t*>(arena_floats());
    __bang_lut_s32(a, a, static_cast<const int32_t*>(g.get()), 64, 64);
  });
  expect_reported_by("__bang_lut", [&] {
    int32_t* near_end =
        reinterpret_cast<int32_t*>(arena_floats(arena_float_count() - 8));
    __bang_lut(near_end, reinterpret_cast<uint32_t*>(arena_floats()),
               reinterpret_cast<int32_t*>(arena_floats(64)), 64, 64);
  });
  EXPECT_EQ(g.to_host<float>(), std::vector<float>(64, 3.f));
}

}  // namespace
}  // namespace bang_test
