// The 592 profile's bfloat16_t forms of the arithmetic, scalar, abs and
// active families (docs/builtins.md): each computes in float lanes from the
// widened (exact) inputs and rounds the float result to bfloat16 once, to
// nearest even, a NaN staying a quiet NaN. This executable is compiled with
// __BANG_ARCH__=592 and links only xbang::bang, so no built-in compiled for
// another profile shares it. On 290 and 372 the same calls do not compile
// (the bang_bfloat16_forms_need_592 test).
#include <bang.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

static_assert(__BANG_ARCH__ == 592, "compiled for the 592 profile");

constexpr int kMax = 1024;
__nram__ bfloat16_t nram_a[kMax];
__nram__ bfloat16_t nram_b[kMax];
__nram__ bfloat16_t nram_dst[kMax + 8];

// bfloat16 bits of a float, to nearest even, a NaN quiet: written from the
// format, not from the library.
uint16_t bf16_round(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u) return uint16_t((u >> 16) | 0x40u);
  return uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
float bf16_value(uint16_t bits) {
  const uint32_t u = uint32_t(bits) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// Inputs: edge values (±0, ±Inf, NaN, the smallest subnormal, the largest
// finite value, 1, -1) and then random finite values in [-8, 8].
std::vector<uint16_t> inputs(int n, unsigned seed) {
  const uint16_t edges[] = {0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0,
                            0x0001, 0x7f7f, 0x3f80, 0xbf80, 0x4000};
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-8.f, 8.f);
  std::vector<uint16_t> v(n);
  for (int i = 0; i < n; ++i) {
    v[i] = i < 10 ? edges[(i + seed) % 10] : bf16_round(dist(rng));
  }
  return v;
}

// Runs `call` on one core over n elements of a and b (copied to NRAM) in
// checked mode, and returns dst's n elements; the 8 past them must stay.
std::vector<uint16_t> run(const std::vector<uint16_t>& a,
                          const std::vector<uint16_t>& b, int n,
                          const std::function<void()>& call) {
  std::vector<uint16_t> out(n);
  bool tail_kept = true;
  xbang::checked::set_enabled(true);
  xbang::checked::clear_reports();
  const cnrtRet_t ret = xbang::launch(
      {1, 1, 1}, cnrtFuncTypeBlock, nullptr,
      [&] {
        for (int i = 0; i < n; ++i) {
          nram_a[i] = bfloat16_t::from_bits(a[i]);
          nram_b[i] = bfloat16_t::from_bits(b[i]);
        }
        for (int i = 0; i < n + 8; ++i) {
          nram_dst[i] = bfloat16_t::from_bits(0x1234);
        }
        call();
        for (int i = 0; i < n; ++i) out[i] = nram_dst[i].bits;
        for (int i = n; i < n + 8; ++i) {
          tail_kept = tail_kept && nram_dst[i].bits == 0x1234;
        }
      },
      "arch592_bfloat16");
  EXPECT_EQ(ret, cnrtSuccess);
  EXPECT_TRUE(xbang::checked::reports().empty());
  EXPECT_TRUE(tail_kept) << "written past n";
  return out;
}

// Bits equal, or both NaN.
bool same(uint16_t got, uint16_t want) {
  const bool got_nan = (got & 0x7fff) > 0x7f80;
  const bool want_nan = (want & 0x7fff) > 0x7f80;
  return got_nan || want_nan ? got_nan == want_nan : got == want;
}

void expect_exact(const char* name, const std::vector<uint16_t>& got,
                  const std::vector<uint16_t>& a,
                  const std::function<float(float, float)>& model,
                  const std::vector<uint16_t>& b) {
  for (size_t i = 0; i < got.size(); ++i) {
    const uint16_t want = bf16_round(model(bf16_value(a[i]), bf16_value(b[i])));
    ASSERT_TRUE(same(got[i], want))
        << name << " element " << i << ": a 0x" << std::hex << a[i] << " b 0x"
        << b[i] << " got 0x" << got[i] << " want 0x" << want;
  }
}

TEST(Arch592Bfloat16, BinaryForms) {
  for (int n : {1, 7, 64, 1000}) {
    SCOPED_TRACE("n=" + std::to_string(n));
    const auto a = inputs(n, 1), b = inputs(n, 2);
    expect_exact(
        "__bang_add",
        run(a, b, n, [&] { __bang_add(nram_dst, nram_a, nram_b, n); }), a,
        [](float x, float y) { return x + y; }, b);
    expect_exact(
        "__bang_sub",
        run(a, b, n, [&] { __bang_sub(nram_dst, nram_a, nram_b, n); }), a,
        [](float x, float y) { return x - y; }, b);
    expect_exact(
        "__bang_mul",
        run(a, b, n, [&] { __bang_mul(nram_dst, nram_a, nram_b, n); }), a,
        [](float x, float y) { return x * y; }, b);
    // max/min: a NaN operand yields the other, equal operands give b.
    const auto max_model = [](float x, float y) {
      if (std::isnan(x)) return y;
      if (std::isnan(y)) return x;
      return x > y ? x : y;
    };
    const auto min_model = [](float x, float y) {
      if (std::isnan(x)) return y;
      if (std::isnan(y)) return x;
      return x < y ? x : y;
    };
    expect_exact(
        "__bang_maximum",
        run(a, b, n, [&] { __bang_maximum(nram_dst, nram_a, nram_b, n); }), a,
        max_model, b);
    expect_exact(
        "__bang_maxequal",
        run(a, b, n, [&] { __bang_maxequal(nram_dst, nram_a, nram_b, n); }), a,
        max_model, b);
    expect_exact(
        "__bang_minimum",
        run(a, b, n, [&] { __bang_minimum(nram_dst, nram_a, nram_b, n); }), a,
        min_model, b);
    expect_exact(
        "__bang_minequal",
        run(a, b, n, [&] { __bang_minequal(nram_dst, nram_a, nram_b, n); }), a,
        min_model, b);
  }
}

TEST(Arch592Bfloat16, ScalarForms) {
  const int n = 300;
  const auto a = inputs(n, 3);
  const bfloat16_t s = 1.5f;
  const std::vector<uint16_t> sv(n, bf16_round(1.5f));
  expect_exact(
      "__bang_add_scalar",
      run(a, a, n, [&] { __bang_add_scalar(nram_dst, nram_a, s, n); }), a,
      [](float x, float y) { return x + y; }, sv);
  expect_exact(
      "__bang_sub_scalar",
      run(a, a, n, [&] { __bang_sub_scalar(nram_dst, nram_a, s, n); }), a,
      [](float x, float y) { return x - y; }, sv);
  expect_exact(
      "__bang_mul_scalar",
      run(a, a, n, [&] { __bang_mul_scalar(nram_dst, nram_a, s, n); }), a,
      [](float x, float y) { return x * y; }, sv);
  // A float value converts to bfloat16_t (rounded) before it applies.
  const std::vector<uint16_t> third(n, bf16_round(1.f / 3));
  expect_exact(
      "__bang_mul_scalar (float value)",
      run(a, a, n, [&] { __bang_mul_scalar(nram_dst, nram_a, 1.f / 3, n); }), a,
      [](float x, float y) { return x * y; }, third);
  // In place.
  expect_exact(
      "__bang_add_scalar in place",
      run(a, a, n,
          [&] {
            __bang_add_scalar(nram_a, nram_a, s, n);
            __bang_move(nram_dst, nram_a, n * 2);
          }),
      a, [](float x, float y) { return x + y; }, sv);
}

TEST(Arch592Bfloat16, UnaryForms) {
  const int n = 257;
  const auto a = inputs(n, 4);
  const auto unary = [](float (*f)(float)) {
    return [f](float x, float) { return f(x); };
  };
  expect_exact("__bang_abs",
               run(a, a, n, [&] { __bang_abs(nram_dst, nram_a, n); }), a,
               unary([](float x) { return std::fabs(x); }), a);
  expect_exact("__bang_square",
               run(a, a, n, [&] { __bang_square(nram_dst, nram_a, n); }), a,
               unary([](float x) { return x * x; }), a);
  expect_exact("__bang_active_abs",
               run(a, a, n, [&] { __bang_active_abs(nram_dst, nram_a, n); }), a,
               unary([](float x) { return std::fabs(x); }), a);
  expect_exact("__bang_active_relu",
               run(a, a, n, [&] { __bang_active_relu(nram_dst, nram_a, n); }),
               a, unary([](float x) { return x > 0 ? x : 0.f; }), a);
  expect_exact("__bang_active_sqrt",
               run(a, a, n, [&] { __bang_active_sqrt(nram_dst, nram_a, n); }),
               a, unary([](float x) { return std::sqrt(x); }), a);
  expect_exact("__bang_active_recip",
               run(a, a, n, [&] { __bang_active_recip(nram_dst, nram_a, n); }),
               a, unary([](float x) { return 1.f / x; }), a);
}

// The other active forms: the float function, rounded once to bfloat16;
// the float lanes are within a few float ulps of libm, so the result is the
// model's bfloat16 or its neighbour. Each over its domain.
TEST(Arch592Bfloat16, ActiveTranscendentalForms) {
  using Call = void (*)(bfloat16_t*, const bfloat16_t*, int);
  struct Case {
    const char* name;
    Call call;
    float (*model)(float);
    float lo, hi;
  };
  const Case cases[] = {
      {"__bang_active_exp",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_exp(d, s, k);
       },
       [](float x) { return std::exp(x); }, -6.f, 6.f},
      {"__bang_active_exphp",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_exphp(d, s, k);
       },
       [](float x) { return std::exp(x); }, -6.f, 6.f},
      {"__bang_active_exp_less_0",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_exp_less_0(d, s, k);
       },
       [](float x) { return std::exp(x); }, -8.f, 0.f},
      {"__bang_active_pow2",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_pow2(d, s, k);
       },
       [](float x) { return std::exp2(x); }, -6.f, 6.f},
      {"__bang_active_log",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_log(d, s, k);
       },
       [](float x) { return std::log(x); }, 0.01f, 100.f},
      {"__bang_active_loghp",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_loghp(d, s, k);
       },
       [](float x) { return std::log(x); }, 0.01f, 100.f},
      {"__bang_active_sigmoid",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_sigmoid(d, s, k);
       },
       [](float x) { return 1.f / (1.f + std::exp(-x)); }, -6.f, 6.f},
      {"__bang_active_tanh",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_tanh(d, s, k);
       },
       [](float x) { return std::tanh(x); }, -6.f, 6.f},
      {"__bang_active_gelu",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_gelu(d, s, k);
       },
       [](float x) {
         return 0.5f * x *
                (1.f + std::tanh(0.7978845608f * (x + 0.044715f * x * x * x)));
       },
       -6.f, 6.f},
      {"__bang_active_gelup",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_gelup(d, s, k);
       },
       [](float x) { return 0.5f * x * (1.f + std::erf(x / std::sqrt(2.f))); },
       -6.f, 6.f},
      {"__bang_active_sin",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_sin(d, s, k);
       },
       [](float x) { return std::sin(x); }, -3.f, 3.f},
      {"__bang_active_cos",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_cos(d, s, k);
       },
       [](float x) { return std::cos(x); }, -3.f, 3.f},
      {"__bang_active_sign",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_sign(d, s, k);
       },
       [](float x) { return x > 0   ? 1.f
                            : x < 0 ? -1.f
                                    : 0.f; }, -3.f, 3.f},
      {"__bang_active_reciphp",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_reciphp(d, s, k);
       },
       [](float x) { return 1.f / x; }, -6.f, 6.f},
      {"__bang_active_recip_greater_1",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_recip_greater_1(d, s, k);
       },
       [](float x) { return 1.f / x; }, 1.f, 100.f},
      {"__bang_active_sqrthp",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_sqrthp(d, s, k);
       },
       [](float x) { return std::sqrt(x); }, 0.f, 100.f},
      {"__bang_active_rsqrt",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_rsqrt(d, s, k);
       },
       [](float x) { return 1.f / std::sqrt(x); }, 0.01f, 100.f},
      {"__bang_active_rsqrthp",
       [](bfloat16_t* d, const bfloat16_t* s, int k) {
         __bang_active_rsqrthp(d, s, k);
       },
       [](float x) { return 1.f / std::sqrt(x); }, 0.01f, 100.f},
  };
  const int n = 200;
  for (const Case& c : cases) {
    std::vector<uint16_t> a(n);
    for (int i = 0; i < n; ++i) {
      a[i] = bf16_round(c.lo + (c.hi - c.lo) * float(i) / n);
    }
    const auto got = run(a, a, n, [&] { c.call(nram_dst, nram_a, n); });
    for (int i = 0; i < n; ++i) {
      const int want = bf16_round(c.model(bf16_value(a[i])));
      ASSERT_LE(std::abs(int(got[i]) - want), 1)
          << c.name << " at " << bf16_value(a[i]) << ": got "
          << bf16_value(got[i]) << " want " << bf16_value(uint16_t(want));
    }
  }
}

// The bfloat16_t atomics of the 592 profile: max and add of an NRAM vector
// into GDRAM, the old values to NRAM, each result rounded once to nearest
// even as the model rounds it.
TEST(Arch592Bfloat16, AtomicMaxAndAdd) {
  constexpr int n = 37;
  std::vector<uint16_t> a(n), start(n);
  for (int i = 0; i < n; ++i) {
    a[i] = bf16_round(float(i) * 0.37f - 5.f);
    start[i] = bf16_round(float(n - i) * 0.21f - 3.f);
  }
  void* g_max = nullptr;
  void* g_add = nullptr;
  ASSERT_EQ(cnrtMalloc(&g_max, n * 2), cnrtSuccess);
  ASSERT_EQ(cnrtMalloc(&g_add, n * 2), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpy(g_max, start.data(), n * 2, cnrtMemcpyHostToDev),
            cnrtSuccess);
  ASSERT_EQ(cnrtMemcpy(g_add, start.data(), n * 2, cnrtMemcpyHostToDev),
            cnrtSuccess);
  const auto old = run(a, a, n, [&] {
    __bang_atomic_max(nram_dst, static_cast<bfloat16_t*>(g_max), nram_a, n);
    __bang_atomic_add(nram_b, static_cast<bfloat16_t*>(g_add), nram_a, n);
  });
  std::vector<uint16_t> got_max(n), got_add(n);
  ASSERT_EQ(cnrtMemcpy(got_max.data(), g_max, n * 2, cnrtMemcpyDevToHost),
            cnrtSuccess);
  ASSERT_EQ(cnrtMemcpy(got_add.data(), g_add, n * 2, cnrtMemcpyDevToHost),
            cnrtSuccess);
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(old[i], start[i]) << i;
    EXPECT_EQ(got_max[i],
              bf16_round(std::max(bf16_value(start[i]), bf16_value(a[i]))))
        << i;
    EXPECT_EQ(got_add[i], bf16_round(bf16_value(start[i]) + bf16_value(a[i])))
        << i;
  }
  cnrtFree(g_max);
  cnrtFree(g_add);
}

// __bang_argmax / __bang_argmin on bfloat16_t: the extreme value and its
// first index (4 bytes after it), NaN skipped.
TEST(Arch592Bfloat16, ArgmaxArgmin) {
  constexpr int n = 50;
  std::vector<uint16_t> a(n);
  for (int i = 0; i < n; ++i) a[i] = bf16_round(float((i * 17) % 23) - 11.f);
  a[7] = 0x7fc0;  // a NaN, skipped
  const auto got_max =
      run(a, a, n, [&] { __bang_argmax(nram_dst, nram_a, n); });
  const auto got_min =
      run(a, a, n, [&] { __bang_argmin(nram_dst, nram_a, n); });
  int imax = -1, imin = -1;
  for (int i = 0; i < n; ++i) {
    if (i == 7) continue;
    if (imax < 0 || bf16_value(a[i]) > bf16_value(a[imax])) imax = i;
    if (imin < 0 || bf16_value(a[i]) < bf16_value(a[imin])) imin = i;
  }
  EXPECT_EQ(got_max[0], a[imax]);
  EXPECT_EQ(uint32_t(got_max[1]) | uint32_t(got_max[2]) << 16, uint32_t(imax));
  EXPECT_EQ(got_min[0], a[imin]);
  EXPECT_EQ(uint32_t(got_min[1]) | uint32_t(got_min[2]) << 16, uint32_t(imin));
}

}  // namespace
