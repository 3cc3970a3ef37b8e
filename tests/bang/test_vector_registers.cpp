// Vector-register types and __vv_* built-ins (bang/include/xbang/builtins/
// vector_registers.h): every operation against a lane-by-lane model, the
// Philox round mlu-ops' random generator runs, and mlu-ops' arange.
#include <numeric>

#include "harness.h"
#include "report_check.h"

namespace bang_test {
namespace {

template <class T>
using Reg = xbang::VectorRegister<T>;

template <class T>
Reg<T> lanes_from(uint32_t seed) {
  std::mt19937 rng(seed);
  Reg<T> r;
  for (auto& x : r.lane) {
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, half>) {
      x = T(float(int(rng() % 2001) - 1000) / 8.f);
    } else {
      x = T(rng());
    }
  }
  return r;
}

TEST(VectorRegisters, LengthAndLaneCounts) {
  EXPECT_EQ(__vv_get_length(), 256u);
  EXPECT_EQ(Reg<float>::kLanes, 64);
  EXPECT_EQ(Reg<uint16_t>::kLanes, 128);
  EXPECT_EQ(sizeof(vv_uint32), 256u);
  EXPECT_EQ(sizeof(vv_half), 256u);
}

template <class T>
class IntegerRegisters : public ::testing::Test {};
using IntegerLaneTypes = ::testing::Types<int32_t, uint32_t, int16_t, uint16_t>;
TYPED_TEST_SUITE(IntegerRegisters, IntegerLaneTypes);

TYPED_TEST(IntegerRegisters, ArithmeticAndBitsWrapLikeTheLaneType) {
  using T = TypeParam;
  using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
  const auto a = lanes_from<T>(1), b = lanes_from<T>(2), c = lanes_from<T>(3);
  const T s = T(0xD2511F53u);
  Reg<T> add, sub, mul, mulh, mulh_s, band, bor, bxor, tri, tri_s, adds;
  __vv_add(add, a, b);
  __vv_sub(sub, a, b);
  __vv_mul(mul, a, b);
  __vv_mulh(mulh, a, b);
  __vv_mulh(mulh_s, a, s);
  __vv_and(band, a, b);
  __vv_or(bor, a, b);
  __vv_xor(bxor, a, b);
  __vv_trixor(tri, a, b, c);
  __vv_trixor(tri_s, a, b, s);
  __vv_add(adds, a, 5);
  for (int i = 0; i < Reg<T>::kLanes; ++i) {
    const T x = a.lane[i], y = b.lane[i];
    ASSERT_EQ(add.lane[i], T(Wide(x) + Wide(y))) << i;
    ASSERT_EQ(sub.lane[i], T(Wide(x) - Wide(y))) << i;
    ASSERT_EQ(mul.lane[i], T(Wide(x) * Wide(y))) << i;
    ASSERT_EQ(mulh.lane[i], T((Wide(x) * Wide(y)) >> (8 * sizeof(T)))) << i;
    ASSERT_EQ(mulh_s.lane[i], T((Wide(x) * Wide(s)) >> (8 * sizeof(T)))) << i;
    ASSERT_EQ(band.lane[i], T(x & y));
    ASSERT_EQ(bor.lane[i], T(x | y));
    ASSERT_EQ(bxor.lane[i], T(x ^ y));
    ASSERT_EQ(tri.lane[i], T(x ^ y ^ c.lane[i]));
    ASSERT_EQ(tri_s.lane[i], T(x ^ y ^ s));
    ASSERT_EQ(adds.lane[i], T(Wide(x) + 5));
  }
}

TEST(VectorRegisters, FloatAndHalfLanes) {
  const auto a = lanes_from<float>(4), b = lanes_from<float>(5);
  vv_float add, mul, sub;
  __vv_add(add, a, b);
  __vv_mul(mul, a, 2.5f);
  __vv_sub(sub, a, b);
  for (int i = 0; i < 64; ++i) {
    ASSERT_EQ(add.lane[i], a.lane[i] + b.lane[i]);
    ASSERT_EQ(mul.lane[i], a.lane[i] * 2.5f);
    ASSERT_EQ(sub.lane[i], a.lane[i] - b.lane[i]);
  }
  const auto h = lanes_from<half>(6), g = lanes_from<half>(7);
  vv_half hm;
  __vv_mul(hm, h, g);
  for (int i = 0; i < 128; ++i) {
    const float want =
        half_value(make_half(half_value(h.lane[i]) * half_value(g.lane[i])));
    ASSERT_EQ(half_value(hm.lane[i]), want) << i;
  }
  // A half scalar operand, as `1 * n * step` with a half step gives.
  const half step = make_half(0.5f);
  vv_half shifted;
  __vv_add(shifted, h, 4 * step);
  for (int i = 0; i < 128; ++i) {
    ASSERT_EQ(half_value(shifted.lane[i]),
              half_value(make_half(half_value(h.lane[i]) + 2.f)))
        << i;
  }
}

TEST(VectorRegisters, MoveIndexLoadStoreThroughNram) {
  std::vector<float> src(64);
  std::iota(src.begin(), src.end(), 10.f);
  NramCase c;
  const int is = c.add(src);
  const int io = c.add_filled<float>(3 * 64 + 4, -1.f);
  const int iu = c.add_filled<uint16_t>(128, 0);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    vv_float r, copy, broadcast;
    __vv_load(r, k.ptr<float>(is));
    __vv_move(copy, r);
    __vv_move(broadcast, 3);
    float* out = k.ptr<float>(io);
    __vv_store(out, copy);
    __vv_store(out + 64, broadcast, 10);
    vv_float index;
    __vv_index(index, 0.5f, 2);
    __vv_store(out + 128, index, 64);
    vv_uint16 u;
    __vv_index(u, 65530, 1);  // wraps past 65535
    __vv_store(k.ptr<uint16_t>(iu), u);
  }));
  const auto out = c.get<float>(io);
  for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], src[i]);
  for (int i = 64; i < 74; ++i) ASSERT_EQ(out[i], 3.f);
  for (int i = 74; i < 128; ++i) ASSERT_EQ(out[i], -1.f) << "stored past 10";
  for (int i = 0; i < 64; ++i) ASSERT_EQ(out[128 + i], 0.5f + 2.f * i);
  const auto u = c.get<uint16_t>(iu);
  for (int i = 0; i < 128; ++i) ASSERT_EQ(u[i], uint16_t(65530 + i));
}

// One Philox-4x32 round pair as mlu-ops' generator writes it, against the
// round written with 64-bit products per lane.
TEST(VectorRegisters, PhiloxRoundsAsMluOpsWritesThem) {
  const uint32_t kA = 0xD2511F53, kB = 0xCD9E8D57;
  const uint32_t kKey0 = 0x12345678, kKey1 = 0x9abcdef0;
  vv_uint32 index, cx, cy, cz, cw, h0, h1, l0, l1, key0, key1;
  __vv_index(index, 0, 1);
  __vv_move(key0, kKey0);
  __vv_move(key1, kKey1);
  __vv_move(cx, 7u);
  __vv_move(cy, 9u);
  __vv_move(cz, index);
  __vv_move(cw, 0);
  __vv_add(cz, cz, 100u);
  __vv_mulh(h0, cx, kA);
  __vv_mulh(h1, cz, kB);
  __vv_mul(l0, cx, kA);
  __vv_mul(l1, cz, kB);
  __vv_trixor(cx, h1, cy, key0);
  __vv_trixor(cz, h0, cw, key1);
  for (uint32_t i = 0; i < 64; ++i) {
    const uint64_t p0 = uint64_t(7) * kA, p1 = uint64_t(100 + i) * kB;
    ASSERT_EQ(cx.lane[i], uint32_t(p1 >> 32) ^ 9u ^ kKey0);
    ASSERT_EQ(cz.lane[i], uint32_t(p0 >> 32) ^ 0u ^ kKey1);
    ASSERT_EQ(l0.lane[i], uint32_t(p0));
    ASSERT_EQ(l1.lane[i], uint32_t(p1));
  }
}

TEST(VectorRegistersChecked, StorePastTheRegisterOrOutsideNram) {
  expect_report(
      "__vv_store",
      [](int8_t* nram) {
        vv_float r;
        __vv_move(r, 1.f);
        __vv_store(reinterpret_cast<float*>(nram), r, 65);
      },
      "exceeds");
  xbang_test::DeviceBuffer g(std::vector<float>(64, 0.f));
  expect_report("__vv_load", [&](int8_t*) {
    vv_float r;
    __vv_load(r, static_cast<const float*>(g.get()));
  });
}

}  // namespace
}  // namespace bang_test
