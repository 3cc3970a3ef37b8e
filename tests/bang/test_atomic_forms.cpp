// The scalar and strided forms of __bang_atomic_reduce_add
// (bang/include/xbang/builtins/atomics.h) under contention, and the
// expand-channel products (expand_channel.h).
#include <algorithm>
#include <cmath>

#include "elementwise_check.h"
#include "report_check.h"

namespace bang_test {
namespace {

__wram__ float wram_ones[1024];
__nram__ int32_t old_i[2];
__nram__ float old_f[2];

TEST(AtomicForms, ScalarSourceFromEveryCore) {
  constexpr int kTasks = 16, kN = 300, kRounds = 50;
  xbang_test::DeviceBuffer g(std::vector<int32_t>(kN, 1));
  xbang_test::DeviceBuffer gf(std::vector<float>(kN, 0.5f));
  const cnrtRet_t ret = launch_checked(
      {kTasks, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        for (int r = 0; r < kRounds; ++r) {
          __bang_atomic_reduce_add(static_cast<int32_t*>(g.get()), taskId + 1,
                                   kN);
          __bang_atomic_reduce_add(static_cast<float*>(gf.get()) + 1, 0.25f,
                                   kN - 1);
        }
      },
      "atomic_scalar");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  const int32_t want = 1 + kRounds * kTasks * (kTasks + 1) / 2;
  for (int32_t v : g.to_host<int32_t>()) ASSERT_EQ(v, want);
  const auto f = gf.to_host<float>();
  EXPECT_EQ(f[0], 0.5f);
  for (int i = 1; i < kN; ++i) ASSERT_EQ(f[i], 0.5f + 0.25f * kTasks * kRounds);
}

// The one-element fetch-and-add: each call returns the value it replaced and
// writes it to old_nram, so the old values every core saw are distinct and
// cover 0 .. total - step (torch_mlu's L2 norm adds one partial sum a core).
TEST(AtomicForms, ScalarFetchAddFromEveryCore) {
  constexpr int kTasks = 8, kRounds = 25;
  xbang_test::DeviceBuffer g(std::vector<int32_t>(1, 0));
  xbang_test::DeviceBuffer gf(std::vector<float>(2, 0.f));
  xbang_test::DeviceBuffer seen(std::vector<int32_t>(kTasks * kRounds, -1));
  const cnrtRet_t ret = launch_checked(
      {kTasks, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        int32_t* out = static_cast<int32_t*>(seen.get());
        for (int r = 0; r < kRounds; ++r) {
          const int32_t got =
              __bang_atomic_add(old_i, static_cast<int32_t*>(g.get()), 3);
          if (got != old_i[0]) return;
          out[taskId * kRounds + r] = got;
          const float f = __bang_atomic_add(
              old_f + 1, static_cast<float*>(gf.get()) + 1, 0.5f);
          if (f != old_f[1]) return;
        }
      },
      "atomic_fetch_add");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_EQ(g.to_host<int32_t>()[0], 3 * kTasks * kRounds);
  const auto f = gf.to_host<float>();
  EXPECT_EQ(f[0], 0.f);
  EXPECT_EQ(f[1], 0.5f * kTasks * kRounds);
  auto old = seen.to_host<int32_t>();
  std::sort(old.begin(), old.end());
  for (int i = 0; i < kTasks * kRounds; ++i) ASSERT_EQ(old[i], 3 * i);
}

// Atomics are compute-core instructions (a scalar source is staged in NRAM):
// a Union kernel without `if (__is_mpu()) return;` (mlu-ops' psroipool
// backward) adds once per compute core, never from the memory core.
TEST(AtomicForms, ScalarSourceSkippedOnTheMpu) {
  constexpr int kClusters = 2, kCores = 4 * kClusters;
  xbang_test::DeviceBuffer g(std::vector<int32_t>(1, 0));
  xbang_test::DeviceBuffer gf(std::vector<float>(1, 0.f));
  const cnrtRet_t ret = launch_checked(
      {4, kClusters, 1}, cnrtFuncTypeUnion1,
      [&] {
        __bang_atomic_reduce_add(static_cast<int32_t*>(g.get()), 1, 1);
        __bang_atomic_reduce_add(static_cast<float*>(gf.get()), 0.5f, 1);
      },
      "atomic_scalar_mpu");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_EQ(g.to_host<int32_t>()[0], kCores);
  EXPECT_EQ(gf.to_host<float>()[0], 0.5f * kCores);
}

// mlu-ops' deformable attention: four bilinear neighbours of one channel
// row, dst strides one image row down (stride0) and one pixel left
// (stride1, negative), src blocks one buffer apart.
TEST(AtomicForms, StridedBlocksLikeDeformableAttention) {
  constexpr int kC = 20, kWidth = 9, kRows = 6, kTasks = 8;
  const int row_bytes = kWidth * kC * 4;
  std::vector<float> image(kRows * kWidth * kC, 0.f);
  xbang_test::DeviceBuffer g(image);
  const int buffer_stride = 32 * 4;  // bytes between neighbour buffers
  const cnrtRet_t ret = launch_checked(
      {kTasks, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        float* src = reinterpret_cast<float*>(nram_arena());
        for (int k = 0; k < 4; ++k) {
          for (int ch = 0; ch < kC; ++ch) {
            src[k * 32 + ch] = float(k * 100 + ch);
          }
        }
        // Neighbour 2 is pixel (2, 5); blocks: (0,0) -> (2,5), (1,0) ->
        // (3,5), (0,1) -> (2,4), (1,1) -> (3,4).
        float* dst = static_cast<float*>(g.get()) + (2 * kWidth + 5) * kC;
        __bang_atomic_reduce_add(dst, src, kC, 1, 1, row_bytes, -kC * 4,
                                 buffer_stride, 2 * buffer_stride);
      },
      "atomic_strided");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  const auto got = g.to_host<float>();
  auto pixel = [&](int y, int x, int ch) {
    return got[(y * kWidth + x) * kC + ch];
  };
  for (int ch = 0; ch < kC; ++ch) {
    EXPECT_EQ(pixel(2, 5, ch), kTasks * float(0 * 100 + ch));
    EXPECT_EQ(pixel(3, 5, ch), kTasks * float(1 * 100 + ch));
    EXPECT_EQ(pixel(2, 4, ch), kTasks * float(2 * 100 + ch));
    EXPECT_EQ(pixel(3, 4, ch), kTasks * float(3 * 100 + ch));
    EXPECT_EQ(pixel(1, 5, ch), 0.f);
    EXPECT_EQ(pixel(2, 6, ch), 0.f);
  }
}

TEST(AtomicFormsChecked, NramDestination) {
  expect_report("__bang_atomic_reduce_add", [](int8_t* nram) {
    __bang_atomic_reduce_add(reinterpret_cast<float*>(nram), 1.f, 4);
  });
}

template <class T>
class ExpandChannel : public ::testing::Test {};
using ExpandTypes = ::testing::Types<float, half>;
TYPED_TEST_SUITE(ExpandChannel, ExpandTypes);

TYPED_TEST(ExpandChannel, MulAndMulAddMatchTheModel) {
  using T = TypeParam;
  for (auto [n, c] : {std::pair{7, 33}, std::pair{64, 8}, std::pair{3, 1000},
                      std::pair{1, 1}}) {
    SCOPED_TRACE(std::to_string(n) + "x" + std::to_string(c));
    const auto scale = random_values<T>(n, 1u + n, -3, 3, true);
    const auto src = random_values<T>(n * c, 2u + c, -3, 3, true);
    const auto add = random_values<T>(n * c, 3u + c, -3, 3);
    std::vector<T> want_mul(n * c), want_fma(n * c);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < c; ++j) {
        const float p = float(Elem<T>::value(scale[i])) *
                        float(Elem<T>::value(src[i * c + j]));
        want_mul[i * c + j] = round_to<T>(p);
        want_fma[i * c + j] =
            round_to<T>(std::fma(float(Elem<T>::value(scale[i])),
                                 float(Elem<T>::value(src[i * c + j])),
                                 float(Elem<T>::value(add[i * c + j]))));
      }
    }
    NramCase k;
    const int is = k.add(scale), ix = k.add(src), ia = k.add(add);
    const int im = k.add_filled<T>(n * c + kTail, sentinel<T>());
    ASSERT_TRUE(k.run([&](const NramCase& kc) {
      const T* ones = reinterpret_cast<const T*>(wram_ones);
      __bang_expand_channel_mul(kc.ptr<T>(im), kc.ptr<T>(is), ones,
                                kc.ptr<T>(ix), n, c);
      // In place on the addend, as mlu-ops calls it.
      __bang_expand_channel_mul_add(kc.ptr<T>(ia), kc.ptr<T>(is), ones,
                                    kc.ptr<T>(ix), kc.ptr<T>(ia), n, c);
    }));
    const auto mul = k.get<T>(im);
    EXPECT_TRUE(accepted(mul, want_mul, exact<T>(), n * c));
    for (int i = 0; i < kTail; ++i) {
      EXPECT_TRUE(same_value(mul[n * c + i], sentinel<T>()));
    }
    EXPECT_TRUE(accepted(k.get<T>(ia), want_fma, exact<T>(), n * c));
  }
}

TEST(ExpandChannelChecked, FilterOutsideWram) {
  expect_report(
      "__bang_expand_channel_mul",
      [](int8_t* nram) {
        float* f = reinterpret_cast<float*>(nram);
        __bang_expand_channel_mul(f, f + 64, f + 128, f + 256, 4, 8);
      },
      "WRAM");
}

}  // namespace
}  // namespace bang_test
