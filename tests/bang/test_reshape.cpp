// __bang_pad and __bang_reshape_filter (bang/include/xbang/builtins/
// reshape.h) against index models, and reshape_filter feeding __bang_matmul
// the way mlu-ops' FFT butterflies do.
#include "elementwise_check.h"
#include "report_check.h"

namespace bang_test {
namespace {

__wram__ float wram_rhs[64 * 64];

template <class T>
class Reshape : public ::testing::Test {};
using ReshapeTypes = ::testing::Types<int8_t, half, float, int16_t, int32_t>;
TYPED_TEST_SUITE(Reshape, ReshapeTypes);

struct PadCase {
  int c, h, w, top, bottom, left, right;
};

TYPED_TEST(Reshape, PadPlacesTheImageInZeros) {
  using T = TypeParam;
  for (const PadCase& p :
       {PadCase{1, 5, 3, 0, 3, 0, 5}, PadCase{1, 7, 1, 0, 9, 0, 0},
        PadCase{3, 4, 6, 2, 1, 3, 2}, PadCase{17, 2, 2, 1, 1, 1, 1},
        PadCase{1, 3, 5, 0, 0, 0, 0}}) {
    for (bool symmetric : {false, true}) {
      PadCase q = p;
      if (symmetric) {
        q.bottom = q.top;
        q.right = q.left;
      }
      SCOPED_TRACE("c" + std::to_string(q.c) + " " + std::to_string(q.h) + "x" +
                   std::to_string(q.w) + " pads " + std::to_string(q.top) +
                   "," + std::to_string(q.bottom) + "," +
                   std::to_string(q.left) + "," + std::to_string(q.right));
      const int oh = q.top + q.h + q.bottom, ow = q.left + q.w + q.right;
      const int out_n = oh * ow * q.c;
      const auto src = random_values<T>(q.h * q.w * q.c, 3u + out_n, 1, 100);
      std::vector<T> want(out_n, Elem<T>::make(0));
      for (int y = 0; y < q.h; ++y) {
        for (int x = 0; x < q.w; ++x) {
          for (int ch = 0; ch < q.c; ++ch) {
            want[((y + q.top) * ow + x + q.left) * q.c + ch] =
                src[(y * q.w + x) * q.c + ch];
          }
        }
      }
      NramCase c;
      const int is = c.add(src);
      const int id = c.add_filled<T>(out_n + kTail, sentinel<T>());
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        if (symmetric) {
          __bang_pad(k.ptr<T>(id), k.ptr<T>(is), q.c, q.h, q.w, q.top, q.left);
        } else {
          __bang_pad(k.ptr<T>(id), k.ptr<T>(is), q.c, q.h, q.w, q.top, q.bottom,
                     q.left, q.right);
        }
      }));
      const auto got = c.get<T>(id);
      EXPECT_TRUE(accepted(got, want, exact<T>(), out_n));
      for (int i = 0; i < kTail; ++i) {
        EXPECT_TRUE(same_value(got[out_n + i], sentinel<T>()));
      }
    }
  }
}

TYPED_TEST(Reshape, ReshapeFilterTransposesToDepthByCount) {
  using T = TypeParam;
  for (auto [n, h, w, c] :
       {std::array<int, 4>{8, 1, 1, 16}, std::array<int, 4>{5, 2, 3, 7},
        std::array<int, 4>{64, 1, 1, 33}}) {
    const int depth = h * w * c, total = n * depth;
    const auto src = random_values<T>(total, 9u + total, -100, 100);
    std::vector<T> want(total);
    for (int i = 0; i < n; ++i) {
      for (int d = 0; d < depth; ++d) want[d * n + i] = src[i * depth + d];
    }
    NramCase cs;
    const int is = cs.add(src);
    const int id = cs.add_filled<T>(total, sentinel<T>());
    ASSERT_TRUE(cs.run([&](const NramCase& k) {
      __bang_reshape_filter(k.ptr<T>(id), k.ptr<T>(is), n, h, w, c);
    }));
    EXPECT_TRUE(arrays_equal(cs.get<T>(id), want));
  }
}

// The FFT butterfly: an [N][K] operand, reshaped, copied to WRAM, is the
// rhs of lhs[M][K] x rhs[K][N].
TEST(ReshapeFilter, FeedsMatmulAsTheFftKernelsExpect) {
  constexpr int M = 4, K = 8, N = 16;
  const auto lhs = random_values<float>(M * K, 1, -2, 2);
  const auto filter = random_values<float>(N * K, 2, -2, 2);  // [N][K]
  NramCase c;
  const int il = c.add(lhs), ifl = c.add(filter);
  const int ir = c.add_filled<float>(N * K, 0.f);
  const int io = c.add_filled<float>(M * N, 0.f);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_reshape_filter(k.ptr<float>(ir), k.ptr<float>(ifl), N, 1, 1, K);
    __memcpy(wram_rhs, k.ptr<float>(ir), N * K * 4, NRAM2WRAM);
    __bang_matmul(k.ptr<float>(io), k.ptr<float>(il), wram_rhs, M, K, N);
  }));
  const auto got = c.get<float>(io);
  for (int m = 0; m < M; ++m) {
    for (int j = 0; j < N; ++j) {
      double want = 0;
      for (int kk = 0; kk < K; ++kk) {
        want += double(lhs[m * K + kk]) * double(filter[j * K + kk]);
      }
      EXPECT_NEAR(got[m * N + j], want, 1e-4) << m << "," << j;
    }
  }
}

TEST(ReshapeChecked, OverlapAndNegativePad) {
  expect_report(
      "__bang_pad",
      [](int8_t* nram) {
        float* f = reinterpret_cast<float*>(nram);
        __bang_pad(f + 4, f, 1, 4, 4, 1, 1, 1, 1);
      },
      "overlap");
  expect_report("__bang_pad", [](int8_t* nram) {
    float* f = reinterpret_cast<float*>(nram);
    __bang_pad(f + 256, f, 1, 4, 4, -1, 1, 1, 1);
  });
  expect_report("__bang_reshape_filter", [](int8_t* nram) {
    float* f = reinterpret_cast<float*>(nram);
    __bang_reshape_filter(f, f + 8, 4, 1, 1, 4);
  });
}

}  // namespace
}  // namespace bang_test
