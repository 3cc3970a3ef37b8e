// The language front: a .mlu file written as for cncc
// (kernels/language_front_block.mlu), half arithmetic as the MLU's half unit
// computes it, the BANG type and math names, and the inline-assembly
// emulation the rewriter calls.
#include <bang.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "device.h"
#include "kernels/language_front_kernels.h"
#include "kernels/qualifier_spellings_kernels.h"
#include "xbang/asm/inline_asm.h"
#include "xbang/runtime/checked.h"

namespace {

using xbang_test::DeviceBuffer;

float f(half h) { return float(h); }

TEST(HalfArithmetic, RoundsAfterEveryOperation) {
  // 1 + 2^-11 is a tie between 1 and 1 + 2^-10 and rounds to even, 1; one
  // rounding of the whole float expression would keep 2^-11.
  const half one = 1.0f, tiny = 0.00048828125f;
  EXPECT_EQ(f(one + tiny - one), 0.0f);
  EXPECT_EQ(f((one + tiny) - one), 0.0f);
  half sum = 0.0f;
  for (int i = 0; i < 4096; ++i) sum += half(1.0f);
  EXPECT_EQ(f(sum), 2048.0f);  // 2048 + 1 rounds back to 2048 in half
  // 0.1 * 0.1 rounded to half, then times 100 rounded again.
  const half tenth = 0.1f;
  EXPECT_EQ(xbang::half_bits(tenth * tenth * half(100.0f)),
            xbang::half_bits(half(f(half(f(tenth) * f(tenth))) * 100.0f)));
  EXPECT_EQ(f(half(65504.0f) + half(32.0f)),
            std::numeric_limits<float>::infinity());
}

TEST(HalfArithmetic, MixedOperandsFollowTheUsualConversions) {
  const half h = 1.5f;
  static_assert(std::is_same_v<decltype(h + 1), half>);
  static_assert(std::is_same_v<decltype(2 * h), half>);
  static_assert(std::is_same_v<decltype(h * 2.0f), float>);
  static_assert(std::is_same_v<decltype(h / 2.0), double>);
  EXPECT_EQ(f(h + 1), 2.5f);
  EXPECT_EQ(h * 0.1f, 1.5f * 0.1f);  // float arithmetic, not rounded to half
  EXPECT_TRUE(h > 1);
  EXPECT_TRUE(h == 1.5);
  EXPECT_EQ(static_cast<int>(h), 1);
  EXPECT_EQ(static_cast<double>(h), 1.5);
}

TEST(HalfArithmetic, ConditionalWithIntegerIsHalf) {
  const half h = 2.5f;
  for (const bool take : {true, false}) {
    auto value = take ? h : 0;
    static_assert(std::is_same_v<decltype(value), half>);
    EXPECT_EQ(f(value), take ? 2.5f : 0.0f);
  }
}

TEST(BangNames, TypesAndMathNames) {
  static_assert(std::is_same_v<int8, int8_t> && std::is_same_v<uint8, uint8_t>);
  static_assert(std::is_same_v<int32, int32_t> && sizeof(bfloat16_t) == 2);
  EXPECT_EQ(float(bfloat16_t(1.00390625f)), 1.0f);  // tie rounds to even
  EXPECT_EQ(float(bfloat16_t(1.01171875f)), 1.015625f);
  EXPECT_TRUE(std::isnan(float(bfloat16_t(std::nanf("")))));
  EXPECT_EQ(std::ceilf(2.25f), 3.0f);
  EXPECT_TRUE(isnan(std::nanf("")));
  EXPECT_TRUE(isinf(std::numeric_limits<float>::infinity()));
  EXPECT_TRUE(std::isnan(xbang::half_from_bits(0x7e00)));
}

// InfiniCore's BLAS kernels: `y += alpha * x`, `x *= alpha` and
// `x > 0 ? x : -x` on bfloat16_t, as cncc's built-in type takes them: the
// compound forms compute in float and round once, negation stays bfloat16_t.
TEST(Bfloat16Arithmetic, CompoundAssignmentAndNegation) {
  bfloat16_t y = 1.0f;
  const bfloat16_t alpha = 0.5f, x = 3.0f;
  y += alpha * x;
  EXPECT_EQ(float(y), 2.5f);
  y *= alpha;
  EXPECT_EQ(float(y), 1.25f);
  y -= 0.25;
  EXPECT_EQ(float(y), 1.0f);
  y /= 4;
  EXPECT_EQ(float(y), 0.25f);
  // 1 + 2^-8 is a tie between 1 and 1 + 2^-7: one rounding, to even.
  bfloat16_t one = 1.0f;
  one += 0.00390625f;
  EXPECT_EQ(one.bits, 0x3f80);
  static_assert(std::is_same_v<decltype(-x), bfloat16_t>);
  for (const float v : {-2.0f, 2.0f}) {
    const bfloat16_t b = v;
    const auto magnitude = b > bfloat16_t(0.f) ? b : -b;
    static_assert(std::is_same_v<decltype(magnitude), const bfloat16_t>);
    EXPECT_EQ(float(magnitude), 2.0f);
  }
  EXPECT_EQ((-bfloat16_t::from_bits(0x7fc1)).bits, 0xffc1);  // sign only
  bfloat16_t counter = 0.f;
  counter++;
  ++counter;
  EXPECT_EQ(float(counter--), 2.0f);
  EXPECT_EQ(float(counter), 1.0f);
}

namespace ia = xbang::inline_asm;

TEST(InlineAssembly, FuseAppliesItsStagesInOrder) {
  // u32: (x + 5) >= 7 as 1 or 0.
  std::vector<uint32_t> src = {0, 1, 2, 10}, dst(4);
  ia::fuse<uint32_t>("fuse.nram.u32", dst.data(), 4, src.data(),
                     ia::scalar_step<uint32_t>(ia::FuseOp::kAdd, 5),
                     ia::scalar_step<uint32_t>(ia::FuseOp::kGe, 7));
  EXPECT_EQ(dst, (std::vector<uint32_t>{0, 0, 1, 1}));
  // f16: x * 3 - b[i], a vector stage.
  std::vector<half> a = {half(1.0f), half(2.0f)}, b = {half(0.5f), half(8.0f)};
  std::vector<half> out(2);
  ia::fuse<half>("fuse.nram.f16", out.data(), 2, a.data(),
                 ia::scalar_step<half>(ia::FuseOp::kMul, 3.0f),
                 ia::vector_step<half>(ia::FuseOp::kSub, b.data()));
  EXPECT_EQ(f(out[0]), 2.5f);
  EXPECT_EQ(f(out[1]), -2.0f);
}

TEST(InlineAssembly, ScalarDivisionFindLastOneAndGather) {
  std::vector<float> src = {1.0f, 3.0f, -6.0f};
  std::vector<float> dst(3);
  xbang::inline_asm::div_scalar<float>("div.scalar.nram.f32", dst.data(),
                                       src.data(), 3.0f, 3);
  EXPECT_EQ(dst, (std::vector<float>{1.0f / 3.0f, 1.0f, -2.0f}));

  uint32_t index = 7;
  xbang::inline_asm::findlast1(index, 1u);
  EXPECT_EQ(index, 0u);
  xbang::inline_asm::findlast1(index, 0x80000001u);
  EXPECT_EQ(index, 31u);
  int none = 0;
  xbang::inline_asm::findlast1(none, 0);
  EXPECT_EQ(none, -1);

  const std::vector<float> table = {10, 11, 12, 13};
  const std::vector<uint32_t> byte_offsets = {12, 0, 4};
  std::vector<float> picked(3);
  xbang::inline_asm::gather_vector("gather.vector.nram.nram.nram.u32",
                                   picked.data(), table.data(),
                                   byte_offsets.data(), 4, 3, 4);
  EXPECT_EQ(picked, (std::vector<float>{13, 10, 11}));

  float lanes[4];
  xbang::inline_asm::index_vvr<float>(lanes, 2.0f, 1);
  EXPECT_EQ(lanes[3], 5.0f);
}

TEST(LanguageFront, CnccStyleKernelBuildsAndRuns) {
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  xbang::checked::clear_reports();
  constexpr int32_t n = 6;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> values = {nan, 1.0f, -2.0f, 0.25f, 4.0f, 5.5f};
  std::vector<int32_t> bits(n);
  for (int32_t i = 0; i < n; ++i) std::memcpy(&bits[i], &values[i], 4);
  const std::vector<half> halves = {half(1.0f), half(0.00048828125f),
                                    half(9.0f), half(9.0f)};
  DeviceBuffer device_values(values);
  DeviceBuffer device_bits(bits);
  DeviceBuffer device_halves(halves);
  DeviceBuffer device_flags(std::vector<int32_t>(5, -7));
  KernelLanguageFront(queue, static_cast<float*>(device_values.get()),
                      static_cast<int32_t*>(device_bits.get()),
                      static_cast<half*>(device_halves.get()),
                      static_cast<int32_t*>(device_flags.get()), n);
  ASSERT_EQ(cnrtQueueSync(queue), cnrtSuccess);

  const std::vector<float> out = device_values.to_host<float>();
  EXPECT_TRUE(std::isnan(out[0]));
  for (int32_t i = 1; i < n; ++i) {
    EXPECT_EQ(out[i], values[i] * 3.0f - 1.0f + 0.5f) << i;
  }
  const std::vector<int32_t> out_bits = device_bits.to_host<int32_t>();
  EXPECT_EQ(out_bits[0], bits[0]);
  for (int32_t i = 1; i < n; ++i) EXPECT_EQ(out_bits[i], 0) << i;
  const std::vector<half> out_halves = device_halves.to_host<half>();
  EXPECT_EQ(f(out_halves[2]), 0.0f);
  EXPECT_EQ(f(out_halves[3]), 1.0f);
  EXPECT_EQ(device_flags.to_host<int32_t>(),
            (std::vector<int32_t>{1, 2, 3 + 3 + 2, 1, 1 + 2 + 4 + 8}));
  for (const auto& report : xbang::checked::reports()) {
    ADD_FAILURE() << report.text();
  }
  cnrtQueueDestroy(queue);
}

}  // namespace

TEST(LanguageFront, EveryQualifierSpellingBuildsAndRuns) {
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  constexpr int32_t n = 7;
  const std::vector<float> values = {0.f, 1.f, -2.f, 0.5f, 3.f, -4.f, 10.f};
  DeviceBuffer device_values(values);
  KernelQualifierSpellings(queue, static_cast<float*>(device_values.get()), n);
  ASSERT_EQ(cnrtQueueSync(queue), cnrtSuccess);
  const std::vector<float> out = device_values.to_host<float>();
  for (int32_t i = 0; i < n; ++i) {
    EXPECT_EQ(out[i], values[i] * 2.f + 1.f + float(i % 4)) << i;
  }
  EXPECT_EQ(cnrtQueueDestroy(queue), cnrtSuccess);
}

// Every spelling of an inline device function real kernel headers use
// compiles (with GCC, whose "duplicate inline" the rewriter avoids, and with
// Clang) and each function is the one its header defines.
TEST(LanguageFront, EveryInlineDeviceFunctionSpellingCompiles) {
  EXPECT_EQ(InlineSpellingsTotal(), 255);
}

TEST(LanguageFront, BlockScopeNramTableOfAFunctionTemplateIsNram) {
  xbang::checked::clear_reports();
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  constexpr int32_t n = 6;
  const std::vector<int32_t> slice = {3, 0, 1, 2, 5, 3};
  std::vector<int32_t> values, want;
  for (int core = 0; core < 4; ++core) {
    values.insert(values.end(), slice.begin(), slice.end());
    want.insert(want.end(), {30, 0, 10, 20, 0, 30});
  }
  DeviceBuffer device_values(values);
  KernelTableLookup(queue, static_cast<int32_t*>(device_values.get()), n);
  ASSERT_EQ(cnrtQueueSync(queue), cnrtSuccess)
      << (xbang::checked::reports().empty()
              ? std::string()
              : xbang::checked::reports().front().text());
  EXPECT_EQ(device_values.to_host<int32_t>(), want);
  EXPECT_EQ(cnrtQueueDestroy(queue), cnrtSuccess);
}
