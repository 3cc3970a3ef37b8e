// Conversion built-ins (docs/builtins.md, Conversions) against references
// written from the spec: every pair and mode, vector and scalar forms, ties,
// saturation, NaN, +-Inf, -0, subnormal halves, positions, sizes, in place.
//
// The references are independent of bang/: integer rounding chooses between
// floorl and ceill of the exact long double value; floating rounding brackets
// the value between two neighbours of the target (a table of every half, or
// nextafterf for float) and picks one by the mode.
#include <bang.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "harness.h"

namespace {

enum class Type { kFloat, kHalf, kInt32, kInt16, kInt8 };
enum class Mode { kRn, kRd, kDn, kUp, kTz, kOz };

int size_of(Type t) {
  switch (t) {
    case Type::kFloat:
    case Type::kInt32:
      return 4;
    case Type::kHalf:
    case Type::kInt16:
      return 2;
    default:
      return 1;
  }
}
bool is_int(Type t) {
  return t == Type::kInt32 || t == Type::kInt16 || t == Type::kInt8;
}
const char* mode_name(Mode m) {
  static const char* names[] = {"rn", "rd", "dn", "up", "tz", "oz"};
  return names[int(m)];
}

// --- binary16 decoded from its definition (not through bang/).
long double half_value(uint16_t bits) {
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  long double v;
  if (exponent == 0x1f) {
    v = mantissa ? std::numeric_limits<long double>::quiet_NaN()
                 : std::numeric_limits<long double>::infinity();
  } else if (exponent == 0) {
    v = std::ldexp((long double)mantissa, -24);
  } else {
    v = std::ldexp((long double)(1024 + mantissa), exponent - 25);
  }
  return (bits & 0x8000) ? -v : v;
}

// Every non-negative finite half, in increasing order (index == bits).
const std::vector<long double>& half_table() {
  static const std::vector<long double> table = [] {
    std::vector<long double> t;
    for (uint32_t b = 0; b <= 0x7bff; ++b) t.push_back(half_value(uint16_t(b)));
    return t;
  }();
  return table;
}

long double element_value(Type t, const void* base, long i) {
  switch (t) {
    case Type::kFloat: {
      float f;
      std::memcpy(&f, static_cast<const char*>(base) + 4 * i, 4);
      return f;
    }
    case Type::kHalf: {
      uint16_t b;
      std::memcpy(&b, static_cast<const char*>(base) + 2 * i, 2);
      return half_value(b);
    }
    case Type::kInt32:
      return static_cast<const int32_t*>(base)[i];
    case Type::kInt16:
      return static_cast<const int16_t*>(base)[i];
    default:
      return static_cast<const int8_t*>(base)[i];
  }
}

// --- references.

// Integer target: floor or ceil of the exact value by the mode, saturated.
long double reference_int(long double v, Mode m, long double lo,
                          long double hi) {
  if (std::isnan(v)) return 0;
  const long double down = std::floor(v), up = std::ceil(v);
  long double r;
  if (down == up) {
    r = v;  // integral or infinite
  } else {
    switch (m) {
      case Mode::kDn:
        r = down;
        break;
      case Mode::kUp:
        r = up;
        break;
      case Mode::kTz:
        r = v > 0 ? down : up;
        break;
      case Mode::kOz:
        r = v > 0 ? up : down;
        break;
      default: {
        const long double below = v - down, above = up - v;
        if (below < above) {
          r = down;
        } else if (above < below) {
          r = up;
        } else if (m == Mode::kRd) {
          r = v > 0 ? up : down;
        } else {
          r = std::fmod(down, 2.0L) == 0 ? down : up;
        }
      }
    }
  }
  return std::min(std::max(r, lo), hi) + 0.0L;  // integers have no -0
}

// The two neighbours of a magnitude a >= 0 in a floating format.
struct Bracket {
  long double below;       // largest format value <= a
  long double above;       // smallest format value > a (unused if exact)
  bool below_even;         // last significand bit of `below` is 0
  bool above_is_overflow;  // `above` lies past the largest finite value
};

Bracket bracket_half(long double a) {
  const auto& table = half_table();
  const long i =
      long(std::upper_bound(table.begin(), table.end(), a) - table.begin()) - 1;
  Bracket b;
  b.below = table[i];
  b.below_even = (i % 2) == 0;
  b.above_is_overflow = i + 1 >= long(table.size());
  b.above = b.above_is_overflow ? 65536.0L : table[i + 1];
  return b;
}

Bracket bracket_float(long double a) {
  const float inf = std::numeric_limits<float>::infinity();
  float f = float(a);  // some neighbour
  if (f == inf || (long double)f > a) f = std::nextafter(f, 0.0f);
  Bracket b;
  b.below = f;
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  b.below_even = (bits & 1) == 0;
  const float next = std::nextafter(f, inf);
  b.above_is_overflow = next == inf;
  b.above = b.above_is_overflow ? std::ldexp(1.0L, 128) : next;
  return b;
}

// Floating target: the neighbour the mode picks (IEEE, overflow included).
long double reference_floating(long double v, Mode m, Type to) {
  if (std::isnan(v) || std::isinf(v) || v == 0) return v;
  const bool negative = v < 0;
  const long double a = std::fabs(v);
  const Bracket b = to == Type::kHalf ? bracket_half(a) : bracket_float(a);
  if (b.below == a) return v;
  bool take_above;  // the larger magnitude
  switch (m) {
    case Mode::kTz:
      take_above = false;
      break;
    case Mode::kOz:
      take_above = true;
      break;
    case Mode::kDn:
      take_above = negative;
      break;
    case Mode::kUp:
      take_above = !negative;
      break;
    default: {
      const long double below = a - b.below, above = b.above - a;
      take_above = above < below ||
                   (above == below && (m == Mode::kRd || !b.below_even));
    }
  }
  const long double r =
      take_above
          ? (b.above_is_overflow ? std::numeric_limits<long double>::infinity()
                                 : b.above)
          : b.below;
  return negative ? -r : r;
}

long double reference(Type from, Type to, long double x, Mode m, int position) {
  long double v = x;
  if (!is_int(from) && is_int(to)) v = std::ldexp(v, -position);
  if (is_int(from) && !is_int(to)) v = std::ldexp(v, position);
  switch (to) {
    case Type::kInt32:
      return reference_int(v, m, -2147483648.0L, 2147483647.0L);
    case Type::kInt16:
      return reference_int(v, m, -32768, 32767);
    case Type::kInt8:
      return reference_int(v, m, -128, 127);
    default:
      return reference_floating(v, m, to);
  }
}

bool same_value(long double got, long double want) {
  if (std::isnan(want)) return std::isnan(got);
  return got == want && std::signbit(got) == std::signbit(want);
}

std::string describe(long double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.20Lg", v);
  return text;
}

// --- the built-ins under test, generated by the same names BANG uses.

using VectorFn = void (*)(void* dst, const void* src, int n, int position);
using ScalarFn = long double (*)(const void* src);

struct Case {
  std::string name;
  Type from, to;
  Mode mode;
  bool has_position;
  VectorFn vector;
  ScalarFn scalar;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

template <class T>
long double as_long_double(T v) {
  if constexpr (std::is_same_v<T, half>) {
    return half_value(xbang::half_bits(v));
  } else {
    return v;
  }
}

#define POSITION_ARG_POS , position
#define POSITION_ARG_NOPOS
#define HAS_POSITION_POS true
#define HAS_POSITION_NOPOS false

#define CASE(from, FromT, FromK, to, ToT, ToK, suffix, M, kind)       \
  Case {                                                              \
    "__bang_" #from "2" #to #suffix, Type::FromK, Type::ToK, Mode::M, \
        HAS_POSITION_##kind,                                          \
        [](void* d, const void* s, int n, int position) {             \
          (void)position;                                             \
          __bang_##from##2##to##suffix(static_cast<ToT*>(d),          \
                                       static_cast<const FromT*>(s),  \
                                       n POSITION_ARG_##kind);        \
        },                                                            \
        [](const void* s) -> long double {                            \
          FromT x;                                                    \
          std::memcpy(&x, s, sizeof x);                               \
          return as_long_double(__##from##2##to##suffix(x));          \
        }                                                             \
  }

// The unsuffixed form: _tz from float/half to int, _rn otherwise.
#define PAIR(from, FromT, FromK, to, ToT, ToK, kind, DEFAULT) \
  CASE(from, FromT, FromK, to, ToT, ToK, , DEFAULT, kind),    \
      CASE(from, FromT, FromK, to, ToT, ToK, _rn, kRn, kind), \
      CASE(from, FromT, FromK, to, ToT, ToK, _rd, kRd, kind), \
      CASE(from, FromT, FromK, to, ToT, ToK, _dn, kDn, kind), \
      CASE(from, FromT, FromK, to, ToT, ToK, _up, kUp, kind), \
      CASE(from, FromT, FromK, to, ToT, ToK, _tz, kTz, kind), \
      CASE(from, FromT, FromK, to, ToT, ToK, _oz, kOz, kind)

const std::vector<Case>& all_cases() {
  static const std::vector<Case> cases = {
      PAIR(float, float, kFloat, half, half, kHalf, NOPOS, kRn),
      PAIR(float, float, kFloat, int32, int32_t, kInt32, POS, kTz),
      PAIR(float, float, kFloat, int16, int16_t, kInt16, POS, kTz),
      PAIR(float, float, kFloat, int8, int8_t, kInt8, POS, kTz),
      PAIR(half, half, kHalf, float, float, kFloat, NOPOS, kRn),
      PAIR(half, half, kHalf, int32, int32_t, kInt32, POS, kTz),
      PAIR(half, half, kHalf, int16, int16_t, kInt16, POS, kTz),
      PAIR(half, half, kHalf, int8, int8_t, kInt8, POS, kTz),
      PAIR(int32, int32_t, kInt32, float, float, kFloat, POS, kRn),
      PAIR(int32, int32_t, kInt32, half, half, kHalf, POS, kRn),
      PAIR(int32, int32_t, kInt32, int16, int16_t, kInt16, NOPOS, kRn),
      PAIR(int32, int32_t, kInt32, int8, int8_t, kInt8, NOPOS, kRn),
      PAIR(int16, int16_t, kInt16, float, float, kFloat, POS, kRn),
      PAIR(int16, int16_t, kInt16, half, half, kHalf, POS, kRn),
      PAIR(int16, int16_t, kInt16, int32, int32_t, kInt32, NOPOS, kRn),
      PAIR(int16, int16_t, kInt16, int8, int8_t, kInt8, NOPOS, kRn),
      PAIR(int8, int8_t, kInt8, float, float, kFloat, POS, kRn),
      PAIR(int8, int8_t, kInt8, half, half, kHalf, POS, kRn),
      PAIR(int8, int8_t, kInt8, int32, int32_t, kInt32, NOPOS, kRn),
      PAIR(int8, int8_t, kInt8, int16, int16_t, kInt16, NOPOS, kRn),
  };
  return cases;
}

// --- inputs: every half, int16 and int8; for float and int32 the values
// where rounding, saturation and special cases happen, plus random ones.

template <class T>
void push(std::vector<uint8_t>& bytes, T v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  bytes.insert(bytes.end(), p, p + sizeof v);
}

std::vector<uint8_t> corpus(Type t) {
  std::vector<uint8_t> bytes;
  std::mt19937 rng(12345);
  switch (t) {
    case Type::kHalf:
      for (uint32_t b = 0; b <= 0xffff; ++b) push(bytes, uint16_t(b));
      break;
    case Type::kInt16:
      for (int v = -32768; v <= 32767; ++v) push(bytes, int16_t(v));
      break;
    case Type::kInt8:
      for (int v = -128; v <= 127; ++v) push(bytes, int8_t(v));
      break;
    case Type::kFloat: {
      const float inf = std::numeric_limits<float>::infinity();
      std::vector<float> v = {
          0.0f, -0.0f, std::nanf(""), -std::nanf(""), inf, -inf,
          std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
          std::numeric_limits<float>::denorm_min(),
          -std::numeric_limits<float>::denorm_min(), 1e-40f, -1e-40f,
          std::numeric_limits<float>::min(),
          // int saturation edges
          126.5f, 127.0f, 127.49f, 127.5f, 128.0f, -128.0f, -128.49f, -128.5f,
          -129.0f, 32766.5f, 32767.5f, 32768.0f, -32768.5f, -32769.0f,
          2147483520.0f, 2147483648.0f, -2147483648.0f, -2147483904.0f, 1e10f,
          -1e10f,
          // half range edges
          65504.0f, 65519.0f, 65519.996f, 65520.0f, 65535.0f, 65536.0f, 1e5f,
          -65520.0f, -65519.0f, 5.9604645e-08f, 2.9802322e-08f, 2.98e-08f,
          8.9406967e-08f, -2.9802322e-08f, 6.1035156e-05f, 0.49999997f,
          -0.49999997f, 0.50000006f};
      for (int k = -300; k <= 300; ++k) {  // every .5 tie and its neighbours
        const float tie = k + 0.5f;
        v.push_back(tie);
        v.push_back(std::nextafter(tie, inf));
        v.push_back(std::nextafter(tie, -inf));
        v.push_back(float(k));
        v.push_back(k * 0.25f);
      }
      for (int e = -30; e <= 31; ++e) {  // ties at every scale, for positions
        v.push_back(std::ldexp(1.5f, e));
        v.push_back(-std::ldexp(1.5f, e));
        v.push_back(std::ldexp(1.75f, e));
      }
      std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
      std::uniform_int_distribution<int> exponent(-40, 40);
      for (int i = 0; i < 4000; ++i) {
        v.push_back(std::ldexp(unit(rng), exponent(rng)));
      }
      for (float f : v) push(bytes, f);
      break;
    }
    case Type::kInt32: {
      std::vector<int32_t> v = {0,           1,          -1,
                                2,           3,          127,
                                128,         -128,       -129,
                                32767,       32768,      -32768,
                                -32769,      2049,       2051,
                                2053,        -2049,      -2051,
                                4097,        4099,       65504,
                                65519,       65520,      65521,
                                65535,       65536,      -65520,
                                -65519,      16777216,   16777217,
                                16777218,    16777219,   16777221,
                                -16777217,   -16777219,  33554434,
                                33554438,    2147483647, -2147483647 - 1,
                                -2147483647, 2147483520, 2147483584,
                                2147483583,  -2147483584};
      for (int i = 0; i < 4000; ++i) v.push_back(int32_t(rng()));
      std::uniform_int_distribution<int32_t> small(-70000, 70000);
      for (int i = 0; i < 4000; ++i) v.push_back(small(rng));
      for (int32_t x : v) push(bytes, x);
      break;
    }
  }
  return bytes;
}

const std::vector<uint8_t>& cached_corpus(Type t) {
  static std::vector<uint8_t> cache[5];
  static bool ready[5] = {};
  if (!ready[int(t)]) {
    cache[int(t)] = corpus(t);
    ready[int(t)] = true;
  }
  return cache[int(t)];
}

enum class Where { kHost, kNram };

class Conversion : public ::testing::TestWithParam<Case> {
 protected:
  // Runs the built-in over `count` elements of the corpus starting at
  // `offset` (wrapping), on host memory or inside a launch on NRAM (checked
  // mode on), checks each result and that nothing past n moved.
  void run(long count, long offset, int position, bool in_place,
           Where where = Where::kHost) {
    const Case& c = GetParam();
    const auto& input = cached_corpus(c.from);
    const int from_size = size_of(c.from), to_size = size_of(c.to);
    const long available = long(input.size()) / from_size;
    std::vector<uint8_t> src(count * from_size);
    for (long i = 0; i < count; ++i) {
      std::memcpy(&src[i * from_size],
                  &input[((offset + i) % available) * from_size], from_size);
    }
    const long guard = 64;
    std::vector<uint8_t> buffer(
        (count + guard) * (in_place ? std::max(from_size, to_size) : to_size),
        0xA5);
    const std::vector<uint8_t> pristine = buffer;
    if (in_place) std::memcpy(buffer.data(), src.data(), src.size());
    if (where == Where::kHost) {
      c.vector(buffer.data(), in_place ? buffer.data() : src.data(), int(count),
               position);
    } else {
      bang_test::NramCase k;
      const int dst_slot = k.add(buffer);
      const int src_slot = in_place ? dst_slot : k.add(src);
      ASSERT_TRUE(k.run(
          [&](const bang_test::NramCase& on) {
            c.vector(on.ptr<uint8_t>(dst_slot), on.ptr<uint8_t>(src_slot),
                     int(count), position);
          },
          c.name.c_str()));
      buffer = k.get<uint8_t>(dst_slot);
      EXPECT_EQ(k.counters().elements_of(xbang::Family::kConversion),
                uint64_t(count));
    }
    long failures = 0;
    for (long i = 0; i < count && failures < 10; ++i) {
      const long double x = element_value(c.from, src.data(), i);
      const long double want = reference(c.from, c.to, x, c.mode, position);
      const long double got = element_value(c.to, buffer.data(), i);
      if (!same_value(got, want)) {
        ++failures;
        ADD_FAILURE() << c.name << " position " << position << " n " << count
                      << (in_place ? " in place" : "") << " element " << i
                      << ": " << describe(x) << " -> " << describe(got)
                      << ", expected " << describe(want);
      }
    }
    if (!in_place) {
      EXPECT_TRUE(std::equal(buffer.begin() + count * to_size, buffer.end(),
                             pristine.begin() + count * to_size))
          << c.name << " wrote past n = " << count;
    }
  }
};

std::vector<int> positions_of(const Case& c) {
  if (!c.has_position) return {0};
  // 100 and -100 take the scalar path; the others the vector one.
  return {0, 4, -4, 20, -20, 100, -100};
}

TEST_P(Conversion, WholeCorpusEveryPosition) {
  const Case& c = GetParam();
  const long n = long(cached_corpus(c.from).size()) / size_of(c.from);
  for (int position : positions_of(c)) run(n, 0, position, false);
}

TEST_P(Conversion, SizesAndOffsets) {
  for (long n : {0L, 1L, 7L, 8L, 9L, 64L, 1000L}) {
    for (long offset : {0L, 3L, 601L}) run(n, offset, 0, false);
  }
  // Special values land in the vector body and in the scalar tail.
  for (long offset = 0; offset < 16; ++offset) run(23, offset, 0, false);
  if (GetParam().has_position) run(1000, 5, 3, false);
}

TEST_P(Conversion, InPlace) {
  const Case& c = GetParam();
  for (long n : {1L, 7L, 8L, 64L, 1000L}) run(n, 11, 0, true);
  const long n = long(cached_corpus(c.from).size()) / size_of(c.from);
  run(n, 0, c.has_position ? -4 : 0, true);
}

// The largest counts the NRAM arena holds, inside a launch with checked
// mode on (which must report nothing), separate and in place.
TEST_P(Conversion, NramSized) {
  const Case& c = GetParam();
  const long both = size_of(c.from) + size_of(c.to);
  const long wider = std::max(size_of(c.from), size_of(c.to));
  const long budget = long(bang_test::kArenaBytes) - 1024;
  run(budget / both - 64, 0, 0, false, Where::kNram);
  run(budget / wider - 64, 0, c.has_position ? 3 : 0, true, Where::kNram);
  run(1000, 7, 0, false, Where::kNram);
}

TEST_P(Conversion, ScalarForm) {
  const Case& c = GetParam();
  const auto& input = cached_corpus(c.from);
  const long n = long(input.size()) / size_of(c.from);
  long failures = 0;
  for (long i = 0; i < n && failures < 10; ++i) {
    const long double x = element_value(c.from, input.data(), i);
    const long double want = reference(c.from, c.to, x, c.mode, 0);
    const long double got = c.scalar(&input[i * size_of(c.from)]);
    if (!same_value(got, want)) {
      ++failures;
      ADD_FAILURE() << "__" << c.name.substr(7) << "(" << describe(x)
                    << ") = " << describe(got) << ", expected "
                    << describe(want);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllPairsAndModes, Conversion,
                         ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return info.param.name.substr(7);  // drop "__bang_"
                         });

// --- hand-written expectations, so that the references are checked too.

TEST(ConversionSpot, TiesAndDefaults) {
  const float ties[] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 127.5f, -128.5f};
  int32_t out[8];
  __bang_float2int32_rn(out, ties, 8);
  EXPECT_EQ(std::vector<int32_t>(out, out + 8),
            (std::vector<int32_t>{0, 2, 2, 0, -2, -2, 128, -128}));
  __bang_float2int32_rd(out, ties, 8);
  EXPECT_EQ(std::vector<int32_t>(out, out + 8),
            (std::vector<int32_t>{1, 2, 3, -1, -2, -3, 128, -129}));
  __bang_float2int32(out, ties, 8);  // default _tz
  EXPECT_EQ(std::vector<int32_t>(out, out + 8),
            (std::vector<int32_t>{0, 1, 2, 0, -1, -2, 127, -128}));
  __bang_float2int32_oz(out, ties, 8);
  EXPECT_EQ(std::vector<int32_t>(out, out + 8),
            (std::vector<int32_t>{1, 2, 3, -1, -2, -3, 128, -129}));
  int8_t bytes[8];
  __bang_float2int8_rd(bytes, ties, 8);
  EXPECT_EQ(bytes[6], 127);
  EXPECT_EQ(bytes[7], -128);
  EXPECT_EQ(__float2int32_rd(2.5f), 3);
  EXPECT_EQ(__float2int_rn(2.5f), 2);
  EXPECT_EQ(__float2int32(-2.7f), -2);
  EXPECT_EQ(__float2int32_dn(-2.1f), -3);
  EXPECT_EQ(__float2int32_up(-2.9f), -2);
}

TEST(ConversionSpot, SaturationAndSpecials) {
  const float inf = std::numeric_limits<float>::infinity();
  const float in[8] = {std::nanf(""), inf,   -inf,          3e9f,
                       -3e9f,         -0.0f, 2147483520.0f, 40000.0f};
  int32_t out[8];
  __bang_float2int32_rn(out, in, 8);
  EXPECT_EQ(std::vector<int32_t>(out, out + 8),
            (std::vector<int32_t>{0, 2147483647, -2147483647 - 1, 2147483647,
                                  -2147483647 - 1, 0, 2147483520, 40000}));
  int16_t words[8];
  __bang_float2int16_tz(words, in, 8);
  EXPECT_EQ(
      std::vector<int16_t>(words, words + 8),
      (std::vector<int16_t>{0, 32767, -32768, 32767, -32768, 0, 32767, 32767}));
  const int32_t ints[4] = {100000, -100000, 300, -300};
  int8_t bytes[4];
  __bang_int322int8(bytes, ints, 4);  // saturating
  EXPECT_EQ(std::vector<int8_t>(bytes, bytes + 4),
            (std::vector<int8_t>{127, -128, 127, -128}));
}

TEST(ConversionSpot, HalfOverflowByMode) {
  const float in[2] = {70000.0f, -70000.0f};
  half out[2];
  auto bits = [&] {
    return std::vector<uint16_t>{xbang::half_bits(out[0]),
                                 xbang::half_bits(out[1])};
  };
  __bang_float2half_rn(out, in, 2);
  EXPECT_EQ(bits(), (std::vector<uint16_t>{0x7c00, 0xfc00}));
  __bang_float2half_tz(out, in, 2);
  EXPECT_EQ(bits(), (std::vector<uint16_t>{0x7bff, 0xfbff}));
  __bang_float2half_dn(out, in, 2);
  EXPECT_EQ(bits(), (std::vector<uint16_t>{0x7bff, 0xfc00}));
  __bang_float2half_up(out, in, 2);
  EXPECT_EQ(bits(), (std::vector<uint16_t>{0x7c00, 0xfbff}));
  __bang_float2half_oz(out, in, 2);
  EXPECT_EQ(bits(), (std::vector<uint16_t>{0x7c00, 0xfc00}));
  // Smallest subnormal half: 2^-24; half of it ties to even (0) in _rn and
  // away (2^-24) in _rd.
  const float tiny[2] = {std::ldexp(1.0f, -25), -std::ldexp(1.0f, -25)};
  __bang_float2half_rn(out, tiny, 2);
  EXPECT_EQ(bits(), (std::vector<uint16_t>{0x0000, 0x8000}));
  __bang_float2half_rd(out, tiny, 2);
  EXPECT_EQ(bits(), (std::vector<uint16_t>{0x0001, 0x8001}));
  EXPECT_EQ(xbang::half_bits(__float2half_rn(1.0f)), 0x3c00);
  EXPECT_EQ(__half2float(xbang::half_from_bits(0x0001)), std::ldexp(1.0f, -24));
}

// The "int" spellings of older toolkits: int32 to float rounded to
// nearest even, float to int32 toward zero, both scaled by the position.
TEST(ConversionSpot, OlderIntSpellings) {
  const std::vector<int32_t> ints = {
      0,         1, -1, 16777217, -16777219, 2147483647, -2147483647 - 1,
      123456789, -7};
  const std::vector<float> floats = {
      0.0f,          -0.0f,  2.75f,      -2.75f,   1e10f,    -1e10f,
      std::nanf(""), 0.999f, -123456.5f, INFINITY, -INFINITY};
  for (const int position : {0, 3, -2}) {
    SCOPED_TRACE("position " + std::to_string(position));
    std::vector<float> f(ints.size());
    __bang_int2float(f.data(), ints.data(), int(ints.size()), position);
    for (size_t i = 0; i < ints.size(); ++i) {
      EXPECT_EQ(f[i], float(std::ldexp(double(ints[i]), position))) << i;
    }
    std::vector<int32_t> t(floats.size());
    __bang_float2int_tz(t.data(), floats.data(), int(floats.size()), position);
    for (size_t i = 0; i < floats.size(); ++i) {
      const double v = std::trunc(std::ldexp(double(floats[i]), -position));
      const int32_t want = std::isnan(v)        ? 0
                           : v >= 2147483647.0  ? 2147483647
                           : v <= -2147483648.0 ? int32_t(-2147483647 - 1)
                                                : int32_t(v);
      EXPECT_EQ(t[i], want) << floats[i];
    }
  }
}

TEST(ConversionSpot, Positions) {
  const float in[3] = {10.0f, -10.0f, 0.75f};
  int32_t out[3];
  __bang_float2int32_rn(out, in, 3, 2);  // x * 2^-2
  EXPECT_EQ(std::vector<int32_t>(out, out + 3),
            (std::vector<int32_t>{2, -2, 0}));
  __bang_float2int32_up(out, in, 3, -3);  // x * 2^3
  EXPECT_EQ(std::vector<int32_t>(out, out + 3),
            (std::vector<int32_t>{80, -80, 6}));
  // A nonzero value scaled below every float still rounds up to 1.
  const float small[2] = {1e-30f, -1e-30f};
  __bang_float2int32_up(out, small, 2, 60);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[1], 0);
  // Extreme positions: below every step, or beyond every range.
  __bang_float2int32_up(out, small, 2, 1000);
  EXPECT_EQ(out[0], 1);
  __bang_float2int32_dn(out, small, 2, 100000);
  EXPECT_EQ(out[1], -1);
  __bang_float2int32_rn(out, in, 3, -100000);
  EXPECT_EQ(std::vector<int32_t>(out, out + 3),
            (std::vector<int32_t>{2147483647, -2147483647 - 1, 2147483647}));
  const int16_t three[1] = {3};
  half h[1];
  __bang_int162half_up(h, three, 1, -1000);
  EXPECT_EQ(xbang::half_bits(h[0]), 0x0001);
  __bang_int162half_tz(h, three, 1, 1000);
  EXPECT_EQ(xbang::half_bits(h[0]), 0x7bff);
  __bang_int162half_rn(h, three, 1, 1000);
  EXPECT_EQ(xbang::half_bits(h[0]), 0x7c00);
  const int16_t q[2] = {3, -5};
  float f[2];
  __bang_int162float(f, q, 2, -2);  // x * 2^-2
  EXPECT_EQ(f[0], 0.75f);
  EXPECT_EQ(f[1], -1.25f);
}

// Every half midpoint (and its float neighbours) converted with every mode.
TEST(ConversionSpot, FloatToHalfEveryMidpoint) {
  std::vector<float> in;
  const auto& table = half_table();
  for (size_t i = 0; i + 1 < table.size(); ++i) {
    const float mid = float((table[i] + table[i + 1]) / 2);
    for (float v :
         {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 1e9f)}) {
      in.push_back(v);
      in.push_back(-v);
    }
  }
  std::vector<half> out(in.size());
  using Fn = void (*)(half*, const float*, int);
  const std::pair<Mode, Fn> modes[] = {
      {Mode::kRn, __bang_float2half_rn}, {Mode::kRd, __bang_float2half_rd},
      {Mode::kDn, __bang_float2half_dn}, {Mode::kUp, __bang_float2half_up},
      {Mode::kTz, __bang_float2half_tz}, {Mode::kOz, __bang_float2half_oz}};
  for (const auto& [mode, fn] : modes) {
    fn(out.data(), in.data(), int(in.size()));
    long failures = 0;
    for (size_t i = 0; i < in.size() && failures < 10; ++i) {
      const long double want = reference_floating(in[i], mode, Type::kHalf);
      const long double got = half_value(xbang::half_bits(out[i]));
      if (!same_value(got, want)) {
        ++failures;
        ADD_FAILURE() << "float2half_" << mode_name(mode) << "("
                      << describe(in[i]) << ") = " << describe(got)
                      << ", expected " << describe(want);
      }
    }
  }
}

// mlu-ops' "bit-up" layout: half values in the upper half of a float
// buffer widen into the whole buffer (dst ends where src ends), as its log,
// sqrt and div kernels do; and the reverse narrowing into the lower half.
// Checked mode accepts both; a widening dst that starts inside src is
// reported.
TEST(ConversionLaunch, OverlapThatStreamsSafely) {
  constexpr int kN = 1000;  // no multiple of the vector length
  std::vector<half> halves(kN);
  for (int i = 0; i < kN; ++i) halves[i] = half(float(i % 97) - 48.5f);
  xbang_test::DeviceBuffer g_in(halves), g_wide(std::vector<float>(kN, 0.f)),
      g_back(std::vector<half>(kN, half(0.f)));
  xbang::checked::clear_reports();
  cnrtRet_t ret = bang_test::launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        auto* wide = reinterpret_cast<float*>(bang_test::nram_arena());
        half* upper = reinterpret_cast<half*>(wide) + kN;
        __memcpy(upper, g_in.get(), kN * sizeof(half), GDRAM2NRAM);
        __bang_half2float(wide, upper, kN);
        __memcpy(g_wide.get(), wide, kN * sizeof(float), NRAM2GDRAM);
        auto* lower = reinterpret_cast<half*>(wide);
        __bang_float2half_rn(lower, wide, kN);
        __memcpy(g_back.get(), lower, kN * sizeof(half), NRAM2GDRAM);
      },
      "conversion_bit_up");
  ASSERT_EQ(ret, cnrtSuccess) << bang_test::reports_text();
  const auto wide = g_wide.to_host<float>();
  const auto back = g_back.to_host<half>();
  for (int i = 0; i < kN; ++i) {
    ASSERT_EQ(wide[i], float(halves[i])) << "element " << i;
    ASSERT_EQ(float(back[i]), float(halves[i])) << "element " << i;
  }

  ret = bang_test::launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        auto* base = reinterpret_cast<half*>(bang_test::nram_arena());
        __bang_half2float(reinterpret_cast<float*>(base + 2), base, 64);
      },
      "conversion_overlap_unsafe");
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
  const auto reports = xbang::checked::reports();
  ASSERT_FALSE(reports.empty());
  EXPECT_NE(reports[0].message.find("overlap"), std::string::npos);
  xbang::checked::clear_reports();
}

// Checked mode names the conversion when its source is not in NRAM.
TEST(ConversionLaunch, SourceOutsideNramIsReported) {
  xbang_test::DeviceBuffer gdram(std::vector<float>(64, 1.5f));
  xbang::checked::clear_reports();
  const cnrtRet_t ret = bang_test::launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        auto* dst = reinterpret_cast<int32_t*>(bang_test::nram_arena());
        __bang_float2int32_rn(dst, static_cast<const float*>(gdram.get()), 64);
      },
      "conversion_wrong_space");
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
  const auto reports = xbang::checked::reports();
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(reports[0].builtin, "__bang_float2int32_rn");
  xbang::checked::clear_reports();
}

}  // namespace
