// bfloat16 conversions and the fixed-point integer conversions with
// positions (bang/include/xbang/builtins/conversion_fixed.h), against
// models written from distances in double, not from float bit tricks.
#include <algorithm>
#include <cfenv>
#include <cmath>

#include "elementwise_check.h"
#include "report_check.h"

namespace bang_test {
namespace {

enum class Mode { kRn, kRd, kDn, kUp, kTz, kOz };

float bits_float(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
uint32_t float_bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// The bfloat16 of f by mode: the two neighbours toward and away from zero,
// chosen by their distance to f.
uint16_t model_bfloat16(float f, Mode m) {
  if (std::isnan(f)) return 0x7fc0;  // compared as "any NaN"
  const uint32_t b = float_bits(f);
  const float toward = bits_float(b & 0xffff0000u);
  if (toward == f) return uint16_t(b >> 16);
  const float away = bits_float((b & 0xffff0000u) + 0x10000u);
  // Past the largest finite value the next step is 2^128 (which rounds to
  // Inf), as IEEE's nearest modes measure it.
  const double away_value =
      std::isinf(away) ? std::copysign(std::ldexp(1.0, 128), f) : away;
  const double d_toward = std::fabs(double(f) - double(toward));
  const double d_away = std::fabs(away_value - double(f));
  bool take_away = false;
  switch (m) {
    case Mode::kTz:
      take_away = false;
      break;
    case Mode::kOz:
      take_away = true;
      break;
    case Mode::kUp:
      take_away = f > 0;
      break;
    case Mode::kDn:
      take_away = f < 0;
      break;
    case Mode::kRd:
      take_away = d_away <= d_toward;
      break;
    case Mode::kRn:
      take_away =
          d_away < d_toward || (d_away == d_toward && ((b >> 16) & 1u) != 0);
      break;
  }
  return uint16_t((take_away ? float_bits(away) : float_bits(toward)) >> 16);
}

std::vector<float> bf16_inputs() {
  std::vector<float> v = {
      0.f,        -0.f,        1.f,      -1.f,      1.00390625f,
      1.0078125f, 1.01171875f, INFINITY, -INFINITY, NAN,
      3.0e38f,    -3.3e38f,    1e-40f,   -1e-42f,   1.17549435e-38f};
  // Exact ties, just above and below them.
  for (uint32_t hi : {0x3f80u, 0x3f81u, 0xbf80u, 0x7f7fu, 0x0001u}) {
    for (uint32_t lo : {0x7fffu, 0x8000u, 0x8001u, 0x0001u, 0xffffu}) {
      v.push_back(bits_float((hi << 16) | lo));
    }
  }
  const auto random = random_values<float>(1000, 17, -1e6, 1e6);
  v.insert(v.end(), random.begin(), random.end());
  return v;
}

// Every mode with its suffix, for the vector and the scalar forms.
#define BF16_MODES(X) \
  X(kRn, _rn) X(kRd, _rd) X(kDn, _dn) X(kUp, _up) X(kTz, _tz) X(kOz, _oz)

void run_float2bfloat16(Mode m, bfloat16_t* d, const float* s, int n) {
#define VECTOR_CASE(MODE, SUFFIX)           \
  case Mode::MODE:                          \
    __bang_float2bfloat16##SUFFIX(d, s, n); \
    break;
  switch (m) { BF16_MODES(VECTOR_CASE) }
#undef VECTOR_CASE
}

bfloat16_t scalar_float2bfloat16(Mode m, float x) {
#define SCALAR_CASE(MODE, SUFFIX) \
  case Mode::MODE:                \
    return __float2bfloat16##SUFFIX(x);
  switch (m) { BF16_MODES(SCALAR_CASE) }
#undef SCALAR_CASE
  return bfloat16_t(0.f);
}
#undef BF16_MODES

bool same_bfloat16(uint16_t got, uint16_t want) {
  const bool got_nan = (got & 0x7fffu) > 0x7f80u;
  const bool want_nan = (want & 0x7fffu) > 0x7f80u;
  if (got_nan || want_nan) return got_nan && want_nan;
  return got == want;
}

TEST(Bfloat16, EveryModeVectorAndScalarMatchTheModel) {
  const auto src = bf16_inputs();
  const int n = int(src.size());
  for (Mode m :
       {Mode::kRn, Mode::kRd, Mode::kDn, Mode::kUp, Mode::kTz, Mode::kOz}) {
    SCOPED_TRACE("mode " + std::to_string(int(m)));
    for (bool in_place : {false, true}) {
      NramCase c;
      const int is = c.add(src);
      const int id = c.add_filled<uint16_t>(n + kTail, 0xBEEF);
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        bfloat16_t* dst =
            in_place ? k.ptr<bfloat16_t>(is) : k.ptr<bfloat16_t>(id);
        run_float2bfloat16(m, dst, k.ptr<float>(is), n);
      }));
      const auto got = in_place ? c.get<uint16_t>(is) : c.get<uint16_t>(id);
      for (int i = 0; i < n; ++i) {
        ASSERT_TRUE(same_bfloat16(got[i], model_bfloat16(src[i], m)))
            << "x=" << src[i] << " got 0x" << std::hex << got[i] << " want 0x"
            << model_bfloat16(src[i], m) << (in_place ? " in place" : "");
        ASSERT_TRUE(same_bfloat16(scalar_float2bfloat16(m, src[i]).bits,
                                  model_bfloat16(src[i], m)))
            << "scalar x=" << src[i];
      }
      if (!in_place) {
        for (int i = n; i < n + kTail; ++i) EXPECT_EQ(got[i], 0xBEEF);
      }
    }
  }
  // The unsuffixed form rounds to nearest even.
  EXPECT_EQ(__float2bfloat16(bits_float(0x3f818000u)).bits, 0x3f82);
  EXPECT_EQ(__float2bfloat16(bits_float(0x3f808000u)).bits, 0x3f80);
}

// A sweep of the float bit patterns that matter to each mode: every upper
// half (every bfloat16 value, so every exponent, subnormals, Inf and NaN
// payloads of both signs), each with the lower halves of an exact value, a
// tie, its two neighbours, the largest and a pseudo-random one; vector
// forms (in NRAM-sized chunks) and scalar forms against the model.
TEST(Bfloat16, EveryModeOverASweepOfBitPatterns) {
  std::vector<float> src;
  for (uint32_t hi = 0; hi < 0x10000u; ++hi) {
    const uint32_t scrambled = (hi * 2654435761u) >> 16;
    for (uint32_t lo :
         {0x0000u, 0x7fffu, 0x8000u, 0x8001u, 0xffffu, scrambled}) {
      src.push_back(bits_float((hi << 16) | lo));
    }
  }
  constexpr int kChunk = 16384;
  for (Mode m :
       {Mode::kRn, Mode::kRd, Mode::kDn, Mode::kUp, Mode::kTz, Mode::kOz}) {
    SCOPED_TRACE("mode " + std::to_string(int(m)));
    int wrong = 0;
    for (size_t first = 0; first < src.size(); first += kChunk) {
      const std::vector<float> chunk(
          src.begin() + long(first),
          src.begin() + long(std::min(src.size(), first + kChunk)));
      const int n = int(chunk.size());
      NramCase c;
      const int is = c.add(chunk);
      const int id = c.add_filled<uint16_t>(n, 0xBEEF);
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        run_float2bfloat16(m, k.ptr<bfloat16_t>(id), k.ptr<float>(is), n);
      }));
      const auto got = c.get<uint16_t>(id);
      for (int i = 0; i < n; ++i) {
        const uint16_t want = model_bfloat16(chunk[i], m);
        const bool vector_ok = same_bfloat16(got[i], want);
        const bool scalar_ok =
            same_bfloat16(scalar_float2bfloat16(m, chunk[i]).bits, want);
        if ((!vector_ok || !scalar_ok) && ++wrong <= 10) {
          ADD_FAILURE() << "bits 0x" << std::hex << float_bits(chunk[i])
                        << " vector 0x" << got[i] << " scalar 0x"
                        << scalar_float2bfloat16(m, chunk[i]).bits << " want 0x"
                        << want;
        }
      }
    }
    EXPECT_EQ(wrong, 0);
  }
}

TEST(Bfloat16, WidensExactlyAndInPlace) {
  std::vector<uint16_t> bits;
  for (uint32_t b = 0; b < 0x10000u; b += 97) bits.push_back(uint16_t(b));
  const int n = int(bits.size());
  std::vector<uint16_t> padded(bits);
  padded.resize(2 * n, 0);
  NramCase c;
  const int is = c.add(bits), id = c.add_filled<float>(n, -1.f);
  const int ip = c.add(padded);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_bfloat162float(k.ptr<float>(id), k.ptr<bfloat16_t>(is), n);
    __bang_bfloat162float(k.ptr<float>(ip), k.ptr<bfloat16_t>(ip), n);
  }));
  const auto out = c.get<float>(id), in_place = c.get<float>(ip);
  for (int i = 0; i < n; ++i) {
    const uint32_t want = uint32_t(bits[i]) << 16;
    EXPECT_EQ(float_bits(out[i]), want) << i;
    EXPECT_EQ(float_bits(in_place[i]), want) << "in place " << i;
    EXPECT_EQ(float_bits(__bfloat162float(bfloat16_t::from_bits(bits[i]))),
              want);
  }
}

template <class From, class To>
To model_fixed(From x, int dst_position, int src_position) {
  std::fesetround(FE_TONEAREST);
  const double v =
      std::nearbyint(std::ldexp(double(x), src_position - dst_position));
  if (v >= double(std::numeric_limits<To>::max())) {
    return std::numeric_limits<To>::max();
  }
  if (v <= double(std::numeric_limits<To>::min())) {
    return std::numeric_limits<To>::min();
  }
  return To(v);
}

template <class From, class To, class Fn>
void check_fixed(const char* what, Fn fn) {
  auto src =
      random_values<From>(1000, 5, double(std::numeric_limits<From>::min()),
                          double(std::numeric_limits<From>::max()));
  // The type's limits, and ties of every right shift up to 3 (x.5 rounds
  // to even: 12 / 8 = 1.5 -> 2, 20 / 8 = 2.5 -> 2, and negatives).
  const From edges[] = {std::numeric_limits<From>::min(),
                        std::numeric_limits<From>::max(),
                        From(0),
                        From(1),
                        From(-1),
                        From(3),
                        From(-3),
                        From(12),
                        From(20),
                        From(-12),
                        From(-20),
                        From(6),
                        From(-6),
                        From(10),
                        From(-10)};
  for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); ++i) {
    src[i * 7] = edges[i];
  }
  for (auto [dst_position, src_position] :
       {std::pair{0, 0}, std::pair{3, 0}, std::pair{0, 5}, std::pair{-2, 1},
        std::pair{40, -40}, std::pair{1, 0}, std::pair{2, 0}, std::pair{0, 31},
        std::pair{0, 33}, std::pair{32, 0}, std::pair{33, 0},
        std::pair{-400, 400}, std::pair{500, -500}}) {
    SCOPED_TRACE(std::string(what) + " positions " +
                 std::to_string(dst_position) + "," +
                 std::to_string(src_position));
    const int n = int(src.size());
    std::vector<To> want(n);
    for (int i = 0; i < n; ++i) {
      want[i] = model_fixed<From, To>(src[i], dst_position, src_position);
    }
    NramCase c;
    const int is = c.add(src), id = c.add_filled<To>(n, To(0));
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      fn(k.ptr<To>(id), k.ptr<From>(is), n, dst_position, src_position);
    }));
    EXPECT_TRUE(arrays_equal(c.get<To>(id), want));
  }
}

TEST(FixedPoint, EveryIntegerPairWithPositions) {
  check_fixed<int32_t, int16_t>("int322int16",
                                [](auto... a) { __bang_int322int16(a...); });
  check_fixed<int32_t, int8_t>("int322int8",
                               [](auto... a) { __bang_int322int8(a...); });
  check_fixed<int16_t, int32_t>("int162int32",
                                [](auto... a) { __bang_int162int32(a...); });
  check_fixed<int16_t, int8_t>("int162int8",
                               [](auto... a) { __bang_int162int8(a...); });
  check_fixed<int8_t, int32_t>("int82int32",
                               [](auto... a) { __bang_int82int32(a...); });
  check_fixed<int8_t, int16_t>("int82int16",
                               [](auto... a) { __bang_int82int16(a...); });
}

TEST(FixedPoint, InPlaceNarrowingAsMluOpsCallsIt) {
  std::vector<int32_t> src = {0, 1, -1, 40000, -40000, 32767, -32768, 123};
  NramCase c;
  const int is = c.add(src);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_int322int16(k.ptr<int16_t>(is), k.ptr<int32_t>(is), 8, 0, 0);
  }));
  const auto got = c.get<int16_t>(is);
  const std::vector<int16_t> want = {0,      1,     -1,     32767,
                                     -32768, 32767, -32768, 123};
  EXPECT_EQ(std::vector<int16_t>(got.begin(), got.begin() + 8), want);
}

TEST(ConversionFixedChecked, WrongSpaceAndPartialOverlap) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 1.f));
  expect_report("__bang_float2bfloat16_tz", [&](int8_t* nram) {
    __bang_float2bfloat16_tz(reinterpret_cast<bfloat16_t*>(nram),
                             static_cast<float*>(g.get()), 64);
  });
  expect_report(
      "__bang_int322int16",
      [](int8_t* nram) {
        __bang_int322int16(reinterpret_cast<int16_t*>(nram + 2),
                           reinterpret_cast<int32_t*>(nram), 64, 1, 0);
      },
      "overlap");
}

}  // namespace
}  // namespace bang_test
