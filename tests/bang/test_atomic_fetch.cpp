// The fetch-and-op atomics (bang/include/xbang/builtins/atomics.h) from many
// tasks at once against a scalar model: each task's operands are known, so
// the final destination is the model's fold of them whatever the order, and
// the old values each call hands back form one consistent history.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "report_check.h"

namespace bang_test {
namespace {

constexpr int kTasks = 8;
__nram__ int32_t old_i32[64];
__nram__ uint16_t old_u16[64];
__nram__ float old_f32[64];
__nram__ float src_f32[64];
__nram__ int32_t src_i32[64];

// Vector and scalar-value forms of max/min/and/or/xor from every task; the
// model folds each task's operands into the initial values.
TEST(AtomicFetch, VectorAndValueFormsMatchTheFold) {
  constexpr int kN = 40;
  std::vector<float> fmax(kN, -1.f), fmin(kN, 1.f);
  std::vector<int32_t> band(kN, -1), bor(kN, 0), bxor(kN, 0);
  xbang_test::DeviceBuffer gmax(fmax), gmin(fmin), gand(band), gor(bor),
      gxor(bxor);
  auto operand = [](int task, int i) {
    return float((task * 7 + i * 3) % 11) - 5.f;
  };
  const cnrtRet_t ret = launch_checked(
      {kTasks, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        for (int i = 0; i < kN; ++i) {
          src_f32[i] = operand(taskId, i);
          src_i32[i] = int32_t(1u << ((taskId + i) % 31));
        }
        __bang_atomic_max(old_f32, static_cast<float*>(gmax.get()), src_f32,
                          kN);
        __bang_atomic_min(old_f32, static_cast<float*>(gmin.get()),
                          float(taskId) - 4.f, kN);
        __bang_atomic_and(old_i32, static_cast<int32_t*>(gand.get()),
                          int32_t(~(1 << taskId)), kN);
        __bang_atomic_or(old_i32, static_cast<int32_t*>(gor.get()), src_i32,
                         kN);
        __bang_atomic_xor(old_i32, static_cast<int32_t*>(gxor.get()), src_i32,
                          kN);
      },
      "atomic_fetch_fold");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  for (int i = 0; i < kN; ++i) {
    float want_max = -1.f, want_min = 1.f;
    int32_t want_and = -1, want_or = 0, want_xor = 0;
    for (int t = 0; t < kTasks; ++t) {
      want_max = std::max(want_max, operand(t, i));
      want_min = std::min(want_min, float(t) - 4.f);
      want_and &= ~(1 << t);
      want_or |= int32_t(1u << ((t + i) % 31));
      want_xor ^= int32_t(1u << ((t + i) % 31));
    }
    EXPECT_EQ(gmax.to_host<float>()[i], want_max) << i;
    EXPECT_EQ(gmin.to_host<float>()[i], want_min) << i;
    EXPECT_EQ(gand.to_host<int32_t>()[i], want_and) << i;
    EXPECT_EQ(gor.to_host<int32_t>()[i], want_or) << i;
    EXPECT_EQ(gxor.to_host<int32_t>()[i], want_xor) << i;
  }
}

// hpc_project's softmax: the same NRAM word as old value and source; the
// source is read before the old value overwrites it.
TEST(AtomicFetch, OldAndSourceMayBeTheSameWord) {
  xbang_test::DeviceBuffer g(std::vector<float>(1, -1e30f));
  xbang_test::DeviceBuffer seen(std::vector<float>(kTasks, 0.f));
  const cnrtRet_t ret = launch_checked(
      {kTasks, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        src_f32[0] = float(taskId * 3 % kTasks);
        __bang_atomic_max(src_f32, static_cast<float*>(g.get()), src_f32, 1);
        static_cast<float*>(seen.get())[taskId] = src_f32[0];
      },
      "atomic_max_aliased");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_EQ(g.to_host<float>()[0], float(kTasks - 1));
  // Each old value is what the destination held: the first caller saw the
  // initial value, every other one a value some task contributed.
  const auto old = seen.to_host<float>();
  EXPECT_EQ(std::count(old.begin(), old.end(), -1e30f), 1);
}

// The one-element forms return the old value: the exchanges and the
// compare-and-swap chain every task's value exactly once; inc and dec wrap
// at their limit as the model says.
TEST(AtomicFetch, ScalarFormsKeepOneHistory) {
  constexpr int kRounds = 20;
  xbang_test::DeviceBuffer exch(std::vector<int32_t>(1, -1));
  xbang_test::DeviceBuffer cas(std::vector<int32_t>(1, 0));
  xbang_test::DeviceBuffer inc(std::vector<uint16_t>(1, 0));
  xbang_test::DeviceBuffer dec(std::vector<int32_t>(1, 0));
  xbang_test::DeviceBuffer seen(std::vector<int32_t>(kTasks * kRounds, 0));
  const cnrtRet_t ret = launch_checked(
      {kTasks, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        int32_t* out = static_cast<int32_t*>(seen.get());
        for (int r = 0; r < kRounds; ++r) {
          const int32_t mine = taskId * kRounds + r;
          const int32_t got = __bang_atomic_exch(
              old_i32, static_cast<int32_t*>(exch.get()), mine);
          if (got != old_i32[0]) return;
          out[mine] = got;
          // Increment the counter by cas until this task's swap lands.
          int32_t* counter = static_cast<int32_t*>(cas.get());
          for (int32_t expect = 0;;) {
            const int32_t was =
                __bang_atomic_cas(old_i32 + 1, counter, expect, expect + 1);
            if (was == expect) break;
            expect = was;
          }
          __bang_atomic_inc(old_u16, static_cast<uint16_t*>(inc.get()),
                            uint16_t(6));
          __bang_atomic_dec(old_i32 + 2, static_cast<int32_t*>(dec.get()),
                            int32_t(6));
        }
      },
      "atomic_scalar_history");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  constexpr int kCalls = kTasks * kRounds;
  EXPECT_EQ(cas.to_host<int32_t>()[0], kCalls);
  // inc counts 0..6 then wraps; dec counts down from 6 after 0.
  EXPECT_EQ(inc.to_host<uint16_t>()[0], kCalls % 7);
  EXPECT_EQ(dec.to_host<int32_t>()[0], (7 - kCalls % 7) % 7);
  // The exchanges: the values handed back plus the final one are the
  // initial value and every task's, each once.
  auto history = seen.to_host<int32_t>();
  history.push_back(exch.to_host<int32_t>()[0]);
  std::sort(history.begin(), history.end());
  ASSERT_EQ(history.size(), size_t(kCalls + 1));
  EXPECT_EQ(history[0], -1);
  for (int i = 0; i < kCalls; ++i) ASSERT_EQ(history[i + 1], i);
}

// Each update is one atomic step: half additions from every task land
// exactly (small integers), and int16_t max keeps the largest.
TEST(AtomicFetch, HalfAndInt16Forms) {
  constexpr int kN = 300;
  xbang_test::DeviceBuffer gh(std::vector<half>(kN, half(0.f)));
  xbang_test::DeviceBuffer gs(std::vector<int16_t>(kN, int16_t(-100)));
  const cnrtRet_t ret = launch_checked(
      {kTasks, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        __nram__ static half old_h[kN];
        __nram__ static int16_t old_s[kN];
        __bang_atomic_add(old_h, static_cast<half*>(gh.get()), half(2.f), kN);
        __bang_atomic_max(old_s, static_cast<int16_t*>(gs.get()),
                          int16_t(taskId * 10), kN);
      },
      "atomic_half_int16");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  for (int i = 0; i < kN; ++i) {
    ASSERT_EQ(float(gh.to_host<half>()[i]), 2.f * kTasks);
    ASSERT_EQ(gs.to_host<int16_t>()[i], int16_t((kTasks - 1) * 10));
  }
}

}  // namespace
}  // namespace bang_test
