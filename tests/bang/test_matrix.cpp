// __bang_matmul and __bang_conv (docs/builtins.md, Matrix) against double
// precision loops written from the spec: odd sizes around every tile edge,
// depth and row blocking, half inputs with float and half results, and
// inside a launch (lhs in NRAM, rhs in WRAM, checked mode on, counters).
#include <bang.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "harness.h"

namespace {

// binary16 from its definition, not through bang/.
double half_to_double(uint16_t bits) {
  const int exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  double v = exponent == 0 ? std::ldexp(double(mantissa), -24)
                           : std::ldexp(double(1024 + mantissa), exponent - 25);
  if (exponent == 0x1f) v = mantissa ? NAN : INFINITY;
  return (bits & 0x8000) ? -v : v;
}

// Random operands as float values; for half they are exact halves (small
// integers over 64), so products are exact in float.
std::vector<float> random_matrix(long count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-128, 128);
  std::vector<float> v(count);
  for (float& x : v) x = dist(rng) / 64.0f;
  return v;
}
std::vector<float> random_floats(long count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> v(count);
  for (float& x : v) x = dist(rng);
  return v;
}
std::vector<half> to_half(const std::vector<float>& v) {
  std::vector<half> h(v.size());
  for (size_t i = 0; i < v.size(); ++i) h[i] = bang_test::make_half(v[i]);
  return h;
}

// Exact (double) result and the sum of |products| per element, which bounds
// the float accumulation error.
struct Expected {
  std::vector<double> value, magnitude;
  long depth;
};

Expected matmul_reference(const std::vector<float>& a,
                          const std::vector<float>& b, long m, long k, long n) {
  Expected e{std::vector<double>(m * n), std::vector<double>(m * n), k};
  for (long i = 0; i < m; ++i) {
    for (long j = 0; j < n; ++j) {
      double sum = 0, mag = 0;
      for (long p = 0; p < k; ++p) {
        const double prod = double(a[i * k + p]) * double(b[p * n + j]);
        sum += prod;
        mag += std::fabs(prod);
      }
      e.value[i * n + j] = sum;
      e.magnitude[i * n + j] = mag;
    }
  }
  return e;
}

Expected conv_reference(const std::vector<float>& src,
                        const std::vector<float>& kernel, long ci, long h,
                        long w, long kh, long kw, long sw, long sh, long co) {
  const long oh = (h - kh) / sh + 1, ow = (w - kw) / sw + 1;
  Expected e{std::vector<double>(oh * ow * co),
             std::vector<double>(oh * ow * co), kh * kw * ci};
  for (long y = 0; y < oh; ++y) {
    for (long x = 0; x < ow; ++x) {
      for (long o = 0; o < co; ++o) {
        double sum = 0, mag = 0;
        for (long ky = 0; ky < kh; ++ky) {
          for (long kx = 0; kx < kw; ++kx) {
            for (long c = 0; c < ci; ++c) {
              const double prod =
                  double(src[((y * sh + ky) * w + x * sw + kx) * ci + c]) *
                  double(kernel[((o * kh + ky) * kw + kx) * ci + c]);
              sum += prod;
              mag += std::fabs(prod);
            }
          }
        }
        e.value[(y * ow + x) * co + o] = sum;
        e.magnitude[(y * ow + x) * co + o] = mag;
      }
    }
  }
  return e;
}

// Float results: within the worst-case float summation error.
::testing::AssertionResult close_to(const std::vector<float>& got,
                                    const Expected& e) {
  if (got.size() != e.value.size()) {
    return ::testing::AssertionFailure() << "size " << got.size();
  }
  const double unit = std::ldexp(1.0, -24);
  for (size_t i = 0; i < got.size(); ++i) {
    const double bound = (e.depth + 2) * unit * e.magnitude[i] + 1e-30;
    if (!(std::fabs(got[i] - e.value[i]) <= bound)) {
      return ::testing::AssertionFailure()
             << "element " << i << ": " << got[i] << " vs " << e.value[i]
             << " (bound " << bound << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

// Half results: the float result rounded to nearest, so within half a half
// ulp of the exact value plus the float error.
::testing::AssertionResult close_to(const std::vector<half>& got,
                                    const Expected& e) {
  if (got.size() != e.value.size()) {
    return ::testing::AssertionFailure() << "size " << got.size();
  }
  const double unit = std::ldexp(1.0, -24);
  for (size_t i = 0; i < got.size(); ++i) {
    const double v = e.value[i];
    int exponent;
    std::frexp(v, &exponent);
    const double half_ulp = std::ldexp(1.0, std::max(exponent - 1, -14) - 10);
    const double bound =
        0.5 * half_ulp + (e.depth + 2) * unit * e.magnitude[i] * 1.001;
    const double g = half_to_double(xbang::half_bits(got[i]));
    if (!(std::fabs(g - v) <= bound)) {
      return ::testing::AssertionFailure()
             << "element " << i << ": " << g << " vs " << v << " (bound "
             << bound << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

std::string shape(long m, long k, long n) {
  return std::to_string(m) + "x" + std::to_string(k) + "x" + std::to_string(n);
}

const long kOddSizes[] = {1, 3, 6, 7, 17, 33, 100};

TEST(Matmul, FloatOddSizes) {
  for (long m : kOddSizes) {
    for (long k : kOddSizes) {
      for (long n : {1L, 3L, 8L, 9L, 16L, 17L, 25L, 33L, 100L}) {
        const auto a = random_floats(m * k, 1 + m),
                   b = random_floats(k * n, 2 + n);
        std::vector<float> c(m * n, NAN);
        __bang_matmul(c.data(), a.data(), b.data(), int(m), int(k), int(n));
        EXPECT_TRUE(close_to(c, matmul_reference(a, b, m, k, n)))
            << shape(m, k, n);
      }
    }
  }
}

// Past the depth block (256) and the row block (96): partial sums
// accumulate across blocks.
TEST(Matmul, FloatBlocking) {
  const long shapes[][3] = {
      {200, 300, 40}, {97, 513, 33}, {5, 1000, 7}, {190, 64, 130}, {1, 257, 1}};
  for (const auto& s : shapes) {
    const long m = s[0], k = s[1], n = s[2];
    const auto a = random_floats(m * k, 3), b = random_floats(k * n, 4);
    std::vector<float> c(m * n, NAN);
    __bang_matmul(c.data(), a.data(), b.data(), int(m), int(k), int(n));
    EXPECT_TRUE(close_to(c, matmul_reference(a, b, m, k, n))) << shape(m, k, n);
  }
}

TEST(Matmul, HalfInputs) {
  for (long m : {1L, 3L, 17L, 33L, 100L}) {
    for (long k : {1L, 3L, 17L, 33L, 300L}) {
      for (long n : {1L, 3L, 17L, 33L}) {
        const auto a = random_matrix(m * k, 5), b = random_matrix(k * n, 6);
        const auto ha = to_half(a), hb = to_half(b);
        const Expected e = matmul_reference(a, b, m, k, n);
        std::vector<float> cf(m * n, NAN);
        __bang_matmul(cf.data(), ha.data(), hb.data(), int(m), int(k), int(n));
        EXPECT_TRUE(close_to(cf, e)) << "float dst " << shape(m, k, n);
        std::vector<half> ch(m * n, xbang::half_from_bits(0x7e00));
        __bang_matmul(ch.data(), ha.data(), hb.data(), int(m), int(k), int(n));
        EXPECT_TRUE(close_to(ch, e)) << "half dst " << shape(m, k, n);
      }
    }
  }
}

TEST(Matmul, EmptyAndZeroDepth) {
  const std::vector<float> a(12, 1.0f), b(12, 1.0f);
  std::vector<float> c(12, 7.0f);
  __bang_matmul(c.data(), a.data(), b.data(), 0, 4, 3);
  __bang_matmul(c.data(), a.data(), b.data(), 3, 4, 0);
  EXPECT_EQ(c, std::vector<float>(12, 7.0f));  // nothing to write
  __bang_matmul(c.data(), a.data(), b.data(), 3, 0, 4);
  EXPECT_EQ(c, std::vector<float>(12, 0.0f));  // empty sums are 0
  // NaN and Inf propagate as in float arithmetic.
  std::vector<float> x = {1.0f, NAN, 2.0f, 3.0f};
  std::vector<float> y = {1.0f, INFINITY, INFINITY, 1.0f};
  std::vector<float> z(4);
  __bang_matmul(z.data(), x.data(), y.data(), 2, 2, 1);  // [1 NaN; 2 3][1; Inf]
  EXPECT_TRUE(std::isnan(z[0]));
  EXPECT_EQ(z[1], INFINITY);
  __bang_matmul(z.data(), x.data() + 2, y.data() + 2, 1, 2, 1);
  EXPECT_EQ(z[0], INFINITY);
}

struct ConvShape {
  long ci, h, w, kh, kw, sw, sh, co;
};

std::string describe(const ConvShape& s) {
  char text[128];
  std::snprintf(text, sizeof text,
                "ci %ld h %ld w %ld kh %ld kw %ld sw %ld sh %ld co %ld", s.ci,
                s.h, s.w, s.kh, s.kw, s.sw, s.sh, s.co);
  return text;
}

std::vector<ConvShape> conv_shapes() {
  std::vector<ConvShape> shapes;
  for (long ci : {1L, 3L, 17L}) {
    for (long co : {1L, 3L, 17L, 33L}) {
      for (long kh : {1L, 2L, 3L}) {
        for (long kw : {1L, 3L}) {
          for (auto [sw, sh] :
               {std::pair<long, long>{1, 1}, {2, 1}, {1, 3}, {2, 2}}) {
            shapes.push_back({ci, kh + 6, kw + 4, kh, kw, sw, sh, co});
          }
        }
      }
    }
  }
  shapes.push_back({1, 1, 1, 1, 1, 1, 1, 1});
  shapes.push_back({5, 3, 3, 3, 3, 1, 1, 2});      // one output pixel
  shapes.push_back({32, 13, 11, 3, 3, 1, 1, 32});  // depth 288 > one block
  shapes.push_back({64, 6, 5, 5, 4, 2, 1, 40});    // depth 1280
  // Depth blocks that start inside a window row and run into the next ones.
  shapes.push_back({32, 9, 7, 5, 3, 1, 1, 24});  // depth 480, rows of 96
  shapes.push_back({20, 5, 9, 3, 7, 2, 1, 5});   // depth 420, rows of 140
  shapes.push_back({3, 40, 30, 1, 1, 1, 1, 7});  // 1200 pixels
  return shapes;
}

TEST(Conv, Float) {
  for (const ConvShape& s : conv_shapes()) {
    const long oh = (s.h - s.kh) / s.sh + 1, ow = (s.w - s.kw) / s.sw + 1;
    const auto src = random_floats(s.h * s.w * s.ci, 7);
    const auto kernel = random_floats(s.co * s.kh * s.kw * s.ci, 8);
    std::vector<float> dst(oh * ow * s.co + 5, -99.0f);
    __bang_conv(dst.data(), src.data(), kernel.data(), int(s.ci), int(s.h),
                int(s.w), int(s.kh), int(s.kw), int(s.sw), int(s.sh),
                int(s.co));
    EXPECT_EQ(std::vector<float>(dst.end() - 5, dst.end()),
              std::vector<float>(5, -99.0f))
        << "wrote past the output, " << describe(s);
    dst.resize(oh * ow * s.co);
    EXPECT_TRUE(close_to(dst, conv_reference(src, kernel, s.ci, s.h, s.w, s.kh,
                                             s.kw, s.sw, s.sh, s.co)))
        << describe(s);
  }
}

TEST(Conv, Half) {
  for (const ConvShape& s : conv_shapes()) {
    const long oh = (s.h - s.kh) / s.sh + 1, ow = (s.w - s.kw) / s.sw + 1;
    const auto src = random_matrix(s.h * s.w * s.ci, 9);
    const auto kernel = random_matrix(s.co * s.kh * s.kw * s.ci, 10);
    const auto hs = to_half(src), hk = to_half(kernel);
    const Expected e = conv_reference(src, kernel, s.ci, s.h, s.w, s.kh, s.kw,
                                      s.sw, s.sh, s.co);
    std::vector<float> df(oh * ow * s.co);
    __bang_conv(df.data(), hs.data(), hk.data(), int(s.ci), int(s.h), int(s.w),
                int(s.kh), int(s.kw), int(s.sw), int(s.sh), int(s.co));
    EXPECT_TRUE(close_to(df, e)) << "float dst " << describe(s);
    std::vector<half> dh(oh * ow * s.co);
    __bang_conv(dh.data(), hs.data(), hk.data(), int(s.ci), int(s.h), int(s.w),
                int(s.kh), int(s.kw), int(s.sw), int(s.sh), int(s.co));
    EXPECT_TRUE(close_to(dh, e)) << "half dst " << describe(s);
  }
}

// With h = w = kh = kw = 1 the convolution is lhs[1 x ci] * kernel^T.
TEST(Conv, OnePixelIsMatmul) {
  const long ci = 37, co = 21;
  const auto src = random_floats(ci, 11), kernel = random_floats(co * ci, 12);
  std::vector<float> transposed(ci * co);
  for (long o = 0; o < co; ++o) {
    for (long c = 0; c < ci; ++c) transposed[c * co + o] = kernel[o * ci + c];
  }
  std::vector<float> by_conv(co), by_matmul(co);
  __bang_conv(by_conv.data(), src.data(), kernel.data(), int(ci), 1, 1, 1, 1, 1,
              1, int(co));
  __bang_matmul(by_matmul.data(), src.data(), transposed.data(), 1, int(ci),
                int(co));
  EXPECT_EQ(by_conv, by_matmul);
}

// ---------------------------------------------------------------------------
// Inside a launch: lhs in NRAM, rhs in WRAM, checked mode on.

constexpr long kWramFloats = 64 * 1024;  // 256 KB of this core's WRAM
__wram__ float wram_buffer[kWramFloats];

struct LaunchResult {
  cnrtRet_t ret;
  xbang::Counters counters;
};

// Stages `lhs` to NRAM and `rhs` to WRAM, runs `body(dst, lhs, rhs)` with
// dst in NRAM after lhs, and copies dst (dst_bytes) back.
template <class Body>
LaunchResult run_on_core(const void* lhs, size_t lhs_bytes, const void* rhs,
                         size_t rhs_bytes, void* dst, size_t dst_bytes,
                         Body body) {
  xbang_test::DeviceBuffer g_lhs(lhs_bytes), g_rhs(rhs_bytes), g_dst(dst_bytes);
  std::memcpy(g_lhs.get(), lhs, lhs_bytes);
  std::memcpy(g_rhs.get(), rhs, rhs_bytes);
  LaunchResult result;
  xbang::checked::clear_reports();
  result.ret = bang_test::launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        int8_t* nram = bang_test::nram_arena();
        int8_t* nram_dst = nram + (lhs_bytes + 63) / 64 * 64;
        __memcpy(nram, g_lhs.get(), lhs_bytes, GDRAM2NRAM);
        __memcpy(wram_buffer, g_rhs.get(), rhs_bytes, GDRAM2WRAM);
        body(nram_dst, nram, wram_buffer);
        __memcpy(g_dst.get(), nram_dst, dst_bytes, NRAM2GDRAM);
      },
      "matrix_on_core", 60, &result.counters);
  std::memcpy(dst, g_dst.get(), dst_bytes);
  return result;
}

TEST(MatrixLaunch, MatmulCountsMultiplyAccumulates) {
  const long m = 100, k = 130, n = 70;
  const auto a = random_floats(m * k, 13), b = random_floats(k * n, 14);
  std::vector<float> c(m * n);
  const LaunchResult r = run_on_core(
      a.data(), a.size() * 4, b.data(), b.size() * 4, c.data(), c.size() * 4,
      [&](void* dst, const void* lhs, const void* rhs) {
        __bang_matmul(static_cast<float*>(dst), static_cast<const float*>(lhs),
                      static_cast<const float*>(rhs), int(m), int(k), int(n));
      });
  ASSERT_EQ(r.ret, cnrtSuccess) << bang_test::reports_text();
  EXPECT_TRUE(close_to(c, matmul_reference(a, b, m, k, n)));
  EXPECT_EQ(r.counters.elements_of(xbang::Family::kMatrix),
            uint64_t(m * k * n));
}

TEST(MatrixLaunch, HalfConvCounts) {
  const ConvShape s{16, 10, 9, 3, 2, 1, 2, 24};
  const long oh = (s.h - s.kh) / s.sh + 1, ow = (s.w - s.kw) / s.sw + 1;
  const auto src = random_matrix(s.h * s.w * s.ci, 15);
  const auto kernel = random_matrix(s.co * s.kh * s.kw * s.ci, 16);
  const auto hs = to_half(src), hk = to_half(kernel);
  std::vector<half> out(oh * ow * s.co);
  const LaunchResult r = run_on_core(
      hs.data(), hs.size() * 2, hk.data(), hk.size() * 2, out.data(),
      out.size() * 2, [&](void* dst, const void* image, const void* weights) {
        __bang_conv(static_cast<half*>(dst), static_cast<const half*>(image),
                    static_cast<const half*>(weights), int(s.ci), int(s.h),
                    int(s.w), int(s.kh), int(s.kw), int(s.sw), int(s.sh),
                    int(s.co));
      });
  ASSERT_EQ(r.ret, cnrtSuccess) << bang_test::reports_text();
  EXPECT_TRUE(close_to(out, conv_reference(src, kernel, s.ci, s.h, s.w, s.kh,
                                           s.kw, s.sw, s.sh, s.co)));
  EXPECT_EQ(r.counters.elements_of(xbang::Family::kMatrix),
            uint64_t(oh * ow * s.co * s.kh * s.kw * s.ci));
}

// rhs must be in WRAM: an NRAM rhs is reported and nothing is computed.
TEST(MatrixLaunch, RhsOutsideWramIsReported) {
  std::vector<float> ones(64, 1.0f), out(16, -1.0f);
  const LaunchResult r = run_on_core(
      ones.data(), 256, ones.data(), 256, out.data(), 64,
      [](void* dst, const void* lhs, const void*) {
        __bang_matmul(static_cast<float*>(dst), static_cast<const float*>(lhs),
                      static_cast<const float*>(lhs), 4, 4, 4);
      });
  EXPECT_EQ(r.ret, cnrtErrorLaunchFailed);
  const auto reports = xbang::checked::reports();
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(reports[0].builtin, "__bang_matmul");
  xbang::checked::clear_reports();
}

TEST(MatrixLaunch, BadConvGeometryIsReported) {
  std::vector<float> ones(64, 1.0f), out(16, -1.0f);
  const LaunchResult r = run_on_core(
      ones.data(), 256, ones.data(), 256, out.data(), 64,
      [](void* dst, const void* src, const void* kernel) {
        // kernel taller than the image
        __bang_conv(static_cast<float*>(dst), static_cast<const float*>(src),
                    static_cast<const float*>(kernel), 1, 2, 8, 3, 1, 1, 1, 1);
      });
  EXPECT_EQ(r.ret, cnrtErrorLaunchFailed);
  const auto reports = xbang::checked::reports();
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(reports[0].builtin, "__bang_conv");
  xbang::checked::clear_reports();
}

}  // namespace
