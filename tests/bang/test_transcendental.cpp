// Transcendental and activation built-ins (transcendental.h) and the
// __cn_scalar_*/__cn_vector_* library (cn_math.h) against double-precision
// scalar models rounded to T, over every count of the suite, in place, with
// NaN, +-Inf, +-0 and denormal inputs; plus their checked-mode reports.
#include <algorithm>
#include <cmath>
#include <string>

#include "math_check.h"

namespace bang_test {
namespace {

template <class T>
class Transcendental : public ::testing::Test {};
using FloatTypes = ::testing::Types<half, float>;
TYPED_TEST_SUITE(Transcendental, FloatTypes);

// xsimd's float functions are within a few ULP; half results may differ by
// one half ULP from the double model after rounding.
template <class T>
Accept<T> close_to_model() {
  const double rel = std::is_same_v<T, half> ? 2e-3 : 4e-6;
  return [rel](T got, T want) {
    const double g = Elem<T>::value(got), w = Elem<T>::value(want);
    if (std::isnan(w) || std::isnan(g)) return std::isnan(w) && std::isnan(g);
    if (std::isinf(w) || std::isinf(g)) return g == w;
    return std::fabs(g - w) <= rel * std::fabs(w) + rel / 4;
  };
}

template <class T, class Op>
void check_math(const char* what, Op op, double (*model)(double), double lo,
                double hi) {
  check_unary<T>(
      what, op, [&](T x) { return Elem<T>::make(model(Elem<T>::value(x))); },
      gen_edges<T>(lo, hi), close_to_model<T>());
}

double pow2_model(double x) { return std::exp2(x); }
double log2_model(double x) { return std::log2(x); }
double ln_model(double x) { return std::log(x); }
double exp_model(double x) { return std::exp(x); }
double sin_model(double x) { return std::sin(x); }
double cos_model(double x) { return std::cos(x); }
double tanh_model(double x) { return std::tanh(x); }
double abs_model(double x) { return std::fabs(x); }
double recip_model(double x) { return 1.0 / x; }
double sqrt_model(double x) { return std::sqrt(x); }
double rsqrt_model(double x) { return 1.0 / std::sqrt(x); }
double sigmoid_model(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double relu_model(double x) { return x > 0 ? x : 0.0; }
double sign_model(double x) {
  if (std::isnan(x)) return x;
  return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
}
double gelu_model(double x) {
  return 0.5 * x *
         (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}
double gelup_model(double x) { return 0.5 * x * (1 + std::erf(x / M_SQRT2)); }

#define XBANG_CALL(NAME) [](auto* d, const auto* s, int n) { NAME(d, s, n); }

TYPED_TEST(Transcendental, Pow2LogSinCos) {
  using T = TypeParam;
  check_math<T>("pow2", XBANG_CALL(__bang_pow2), pow2_model, -20, 20);
  check_math<T>("log2", XBANG_CALL(__bang_log2), log2_model, 0, 1000);
  // __bang_log is base 2 (see transcendental.h).
  check_math<T>("log", XBANG_CALL(__bang_log), log2_model, 0, 1000);
  check_math<T>("sin", XBANG_CALL(__bang_sin), sin_model, -100, 100);
  check_math<T>("cos", XBANG_CALL(__bang_cos), cos_model, -100, 100);
}

TYPED_TEST(Transcendental, Activations) {
  using T = TypeParam;
  check_math<T>("active_abs", XBANG_CALL(__bang_active_abs), abs_model, -50,
                50);
  check_math<T>("active_sign", XBANG_CALL(__bang_active_sign), sign_model, -5,
                5);
  check_math<T>("active_relu", XBANG_CALL(__bang_active_relu), relu_model, -5,
                5);
  check_math<T>("active_sigmoid", XBANG_CALL(__bang_active_sigmoid),
                sigmoid_model, -30, 30);
  check_math<T>("active_tanh", XBANG_CALL(__bang_active_tanh), tanh_model, -8,
                8);
  check_math<T>("active_gelu", XBANG_CALL(__bang_active_gelu), gelu_model, -6,
                6);
  check_math<T>("active_gelup", XBANG_CALL(__bang_active_gelup), gelup_model,
                -6, 6);
  check_math<T>("active_exp", XBANG_CALL(__bang_active_exp), exp_model, -20,
                10);
  check_math<T>("active_exphp", XBANG_CALL(__bang_active_exphp), exp_model, -20,
                10);
  check_math<T>("active_exp_less_0", XBANG_CALL(__bang_active_exp_less_0),
                exp_model, -20, 0);
  check_math<T>("active_pow2", XBANG_CALL(__bang_active_pow2), pow2_model, -20,
                15);
  check_math<T>("active_log", XBANG_CALL(__bang_active_log), ln_model, 0, 1e4);
  check_math<T>("active_loghp", XBANG_CALL(__bang_active_loghp), ln_model, 0,
                1e4);
  check_math<T>("active_sin", XBANG_CALL(__bang_active_sin), sin_model, -10,
                10);
  check_math<T>("active_cos", XBANG_CALL(__bang_active_cos), cos_model, -10,
                10);
  check_math<T>("active_recip", XBANG_CALL(__bang_active_recip), recip_model,
                -100, 100);
  check_math<T>("active_reciphp", XBANG_CALL(__bang_active_reciphp),
                recip_model, -100, 100);
  check_math<T>("active_recip_greater_1",
                XBANG_CALL(__bang_active_recip_greater_1), recip_model, 1, 1e4);
  check_math<T>("active_sqrt", XBANG_CALL(__bang_active_sqrt), sqrt_model, 0,
                1e4);
  check_math<T>("active_sqrthp", XBANG_CALL(__bang_active_sqrthp), sqrt_model,
                0, 1e4);
  check_math<T>("active_rsqrt", XBANG_CALL(__bang_active_rsqrt), rsqrt_model, 0,
                1e4);
  check_math<T>("active_rsqrthp", XBANG_CALL(__bang_active_rsqrthp),
                rsqrt_model, 0, 1e4);
}

// Spellings of older toolkits: relu, relun and the Taylor sine and cosine.
TYPED_TEST(Transcendental, OlderSpellings) {
  using T = TypeParam;
  check_unary<T>(
      "relu", XBANG_CALL(__bang_relu),
      [](T x) { return Elem<T>::make(relu_model(Elem<T>::value(x))); },
      gen_edges<T>(-5, 5));
  for (const double limit : {2.5, 0.0, 6.0}) {
    check_unary<T>(
        "relun limit=" + std::to_string(limit),
        [limit](T* d, const T* s, int n) {
          __bang_relun(d, s, n, Elem<T>::make(limit));
        },
        [limit](T x) {
          return Elem<T>::make(std::min(relu_model(Elem<T>::value(x)), limit));
        },
        gen_edges<T>(-10, 10));
  }
  for (const int n : {0, 1, 7, 1000}) {
    SCOPED_TRACE("taylor4 n=" + std::to_string(n));
    const auto in = gen_range<T>(-M_PI, M_PI, false)(n, 7u + n);
    NramCase c;
    const int is = c.add(in);
    const int ids = c.add_filled<T>(n + kTail, sentinel<T>());
    const int idc = c.add_filled<T>(n + kTail, sentinel<T>());
    const int s1 = c.add_filled<T>(n + 1, Elem<T>::make(0));
    const int s2 = c.add_filled<T>(n + 1, Elem<T>::make(0));
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      __bang_taylor4_sin(k.ptr<T>(ids), k.ptr<T>(is), k.ptr<T>(s1),
                         k.ptr<T>(s2), n);
      __bang_taylor4_cos(k.ptr<T>(idc), k.ptr<T>(is), k.ptr<T>(s1),
                         k.ptr<T>(s2), n);
    }));
    std::vector<T> want_sin(n), want_cos(n);
    for (int i = 0; i < n; ++i) {
      want_sin[i] = Elem<T>::make(std::sin(Elem<T>::value(in[i])));
      want_cos[i] = Elem<T>::make(std::cos(Elem<T>::value(in[i])));
    }
    const auto got_sin = c.get<T>(ids), got_cos = c.get<T>(idc);
    EXPECT_TRUE(accepted(got_sin, want_sin, close_to_model<T>(), n));
    EXPECT_TRUE(accepted(got_cos, want_cos, close_to_model<T>(), n));
    for (int i = n; i < n + kTail; ++i) {
      EXPECT_TRUE(same_value(got_sin[i], sentinel<T>())) << i;
      EXPECT_TRUE(same_value(got_cos[i], sentinel<T>())) << i;
    }
  }
}

TEST(TranscendentalIntegers, ReluAndRelun) {
  check_unary<int32_t>(
      "relu int32", XBANG_CALL(__bang_relu),
      [](int32_t x) { return x > 0 ? x : 0; },
      gen_range<int32_t>(-100000, 100000, false));
  check_unary<int16_t>(
      "relun int16",
      [](int16_t* d, const int16_t* s, int n) { __bang_relun(d, s, n, 300); },
      [](int16_t x) { return int16_t(std::min(x > 0 ? int(x) : 0, 300)); },
      gen_range<int16_t>(-1000, 1000, false));
}

// Exact IEEE special cases the models above only sample.
TEST(TranscendentalEdges, SpecialValues) {
  const float inf = INFINITY;
  std::vector<float> in = {0.f, -0.f, inf, -inf, NAN, 1.f, -1.f, 128.f};
  NramCase c;
  const int s = c.add(in);
  const int p = c.add_filled<float>(8, 0.f), l = c.add_filled<float>(8, 0.f),
            g = c.add_filled<float>(8, 0.f);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_pow2(k.ptr<float>(p), k.ptr<float>(s), 8);
    __bang_log2(k.ptr<float>(l), k.ptr<float>(s), 8);
    __bang_active_sign(k.ptr<float>(g), k.ptr<float>(s), 8);
  }));
  EXPECT_TRUE(arrays_equal(
      c.get<float>(p), {1.f, 1.f, inf, 0.f, NAN, 2.f, 0.5f, std::exp2(128.f)}));
  EXPECT_TRUE(arrays_equal(c.get<float>(l),
                           {-inf, -inf, inf, NAN, NAN, 0.f, NAN, 7.f}));
  EXPECT_TRUE(arrays_equal(c.get<float>(g),
                           {0.f, 0.f, 1.f, -1.f, NAN, 1.f, -1.f, 1.f}));
}

TEST(CnMath, ScalarFunctions) {
  for (float x : {0.f, 0.5f, -3.f, 100.f}) {
    EXPECT_EQ(__cn_scalar_sin_f32(x), std::sin(x));
    EXPECT_EQ(__cn_scalar_cos_f32(x), std::cos(x));
    EXPECT_EQ(half_value(__cn_scalar_sin_f16(make_half(x))),
              half_value(make_half(std::sin(half_value(make_half(x))))));
    EXPECT_EQ(half_value(__cn_scalar_cos_f16(make_half(x))),
              half_value(make_half(std::cos(half_value(make_half(x))))));
  }
  EXPECT_EQ(__cn_scalar_div_s32(7, 0), -1);
  EXPECT_EQ(__cn_scalar_div_s32(INT32_MIN, -1), INT32_MIN);
  EXPECT_EQ(__cn_scalar_div_s32(-7, 2), -3);
  EXPECT_EQ(__cn_scalar_div_u32(7u, 0u), 0xFFFFFFFFu);
  EXPECT_EQ(__cn_scalar_hypot_f32(3.f, 4.f), 5.f);
}

TEST(CnMath, VectorSinCosDivHypot) {
  check_unary<float>(
      "cn_sin",
      [](float* y, const float* x, int n) { __cn_vector_sin_f32(n, y, x); },
      [](float x) { return float(std::sin(double(x))); },
      gen_edges<float>(-50, 50), close_to_model<float>());
  check_unary<float>(
      "cn_cos",
      [](float* y, const float* x, int n) { __cn_vector_cos_f32(n, y, x); },
      [](float x) { return float(std::cos(double(x))); },
      gen_edges<float>(-50, 50), close_to_model<float>());
  check_unary<half>(
      "cn_sin_f16",
      [](half* y, const half* x, int n) { __cn_vector_sin_f16(n, y, x); },
      [](half x) { return make_half(float(std::sin(double(half_value(x))))); },
      gen_edges<half>(-50, 50), close_to_model<half>());
  check_binary<float>(
      "cn_div_f32_rn",
      [](float* z, const float* x, const float* y, int n) {
        __cn_vector_div_f32_rn(n, z, x, y);
      },
      [](float x, float y) { return x / y; }, gen_edges<float>(-100, 100),
      gen_partner<float>(-100, 100, true));
  check_binary<float>(
      "cn_hypot_f32",
      [](float* z, const float* x, const float* y, int n) {
        __cn_vector_hypot_f32(n, z, x, y);
      },
      [](float x, float y) { return float(std::hypot(double(x), double(y))); },
      gen_edges<float>(-1e20, 1e20), gen_partner<float>(-1e20, 1e20, true),
      close_to_model<float>());
}

TEST(CnMath, VectorIntegerDivision) {
  check_binary<int32_t>(
      "cn_div_s32",
      [](int32_t* z, const int32_t* x, const int32_t* y, int n) {
        __cn_vector_div_s32(n, z, x, y);
      },
      [](int32_t x, int32_t y) {
        return y == 0 ? -1 : (x == INT32_MIN && y == -1) ? x : x / y;
      },
      gen_range<int32_t>(-1e6, 1e6, false),
      gen_partner<int32_t>(-20, 20, false));
}

// The half forms compute in float lanes and round once; the unsigned
// division gives all ones for a zero divisor, as the signed one gives -1.
TEST(CnMath, HalfFormsAndUnsignedDivision) {
  EXPECT_EQ(__cn_scalar_div_f32_rn(1.f, 3.f), 1.f / 3.f);
  EXPECT_EQ(__cn_scalar_div_f32_rn(1.f, -0.f), -INFINITY);
  EXPECT_TRUE(std::isnan(__cn_scalar_div_f32_rn(0.f, 0.f)));
  check_unary<half>(
      "cn_cos_f16",
      [](half* y, const half* x, int n) { __cn_vector_cos_f16(n, y, x); },
      [](half x) { return make_half(float(std::cos(double(half_value(x))))); },
      gen_edges<half>(-50, 50), close_to_model<half>());
  check_binary<half>(
      "cn_div_f16_rn",
      [](half* z, const half* x, const half* y, int n) {
        __cn_vector_div_f16_rn(n, z, x, y);
      },
      [](half x, half y) {
        return float_ref([](float a, float b) { return a / b; }, x, y);
      },
      gen_edges<half>(-100, 100), gen_partner<half>(-100, 100, true));
  check_binary<half>(
      "cn_hypot_f16",
      [](half* z, const half* x, const half* y, int n) {
        __cn_vector_hypot_f16(n, z, x, y);
      },
      [](half x, half y) {
        return float_ref(
            [](float a, float b) {
              return float(std::hypot(double(a), double(b)));
            },
            x, y);
      },
      gen_edges<half>(-100, 100), gen_partner<half>(-100, 100, true),
      close_to_model<half>());
  check_binary<uint32_t>(
      "cn_div_u32",
      [](uint32_t* z, const uint32_t* x, const uint32_t* y, int n) {
        __cn_vector_div_u32(n, z, x, y);
      },
      [](uint32_t x, uint32_t y) { return y == 0 ? 0xFFFFFFFFu : x / y; },
      gen_range<uint32_t>(0, 4e9, false), gen_partner<uint32_t>(0, 20, false));
}

TEST(CnMath, CastFloatToInt32TowardZeroSaturating) {
  const float big = 3e9f;
  std::vector<float> in = {1.9f,         -1.9f,         0.f,       -0.f, big,
                           -big,         INFINITY,      -INFINITY, NAN,  -NAN,
                           2147483520.f, -2147483648.f, 0.49f};
  const std::vector<int32_t> want = {
      1,          -1,        0,         0,         INT32_MAX,
      INT32_MIN,  INT32_MAX, INT32_MIN, INT32_MAX, INT32_MIN,
      2147483520, INT32_MIN, 0};
  NramCase c;
  const int s = c.add(in);
  const int d = c.add_filled<int32_t>(in.size(), 7);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __cn_vector_cast_f32_to_s32(int(in.size()), k.ptr<int32_t>(d),
                                k.ptr<float>(s));
  }));
  EXPECT_TRUE(arrays_equal(c.get<int32_t>(d), want));
}

TEST(CnMath, ModScalarU64) {
  std::vector<uint64_t> in = {0, 1, 7, 8, 1ull << 40, ~0ull, 12345678901ull};
  std::vector<uint64_t> want;
  for (uint64_t x : in) want.push_back(x % 7);
  NramCase c;
  const int s = c.add(in), d = c.add_filled<uint64_t>(in.size(), 99);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __cn_vector_mod_scalar_u64(int(in.size()), k.ptr<uint64_t>(d),
                               k.ptr<uint64_t>(s), 7);
  }));
  EXPECT_EQ(c.get<uint64_t>(d), want);
}

TEST(TranscendentalChecked, WrongSpaceAndOverflow) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 3.f));
  float* gdram = static_cast<float*>(g.get());
  expect_reported_by("__bang_pow2",
                     [&] { __bang_pow2(gdram, arena_floats(), 64); });
  EXPECT_EQ(g.to_host<float>(), std::vector<float>(64, 3.f));
  expect_reported_by("__bang_active_reciphp", [&] {
    float* near_end = arena_floats(arena_float_count() - 16);
    __bang_active_reciphp(near_end, near_end, 64);
  });
  expect_reported_by("__cn_vector_sin_f32",
                     [&] { __cn_vector_sin_f32(64, arena_floats(), gdram); });
  expect_reported_by("__bang_log",
                     [&] { __bang_log(arena_floats(), arena_floats(), -1); });
}

}  // namespace
}  // namespace bang_test
