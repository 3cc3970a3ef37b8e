// CNNL's kernel states, dropout and multinomial sampling against their
// distributions (seeded, so each run draws the same numbers), and their
// bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::Tensor;

class Generator {
 public:
  explicit Generator(unsigned long long seed) {
    EXPECT_EQ(cnnlRandCreateGenerator(&g_, CNNL_RAND_RNG_MTGP32),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(cnnlRandSetPseudoRandomGeneratorSeed(g_, seed),
              CNNL_STATUS_SUCCESS);
  }
  ~Generator() { cnnlRandDestroyGenerator(g_); }
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;
  cnnlRandGenerator_t get() const { return g_; }

 private:
  cnnlRandGenerator_t g_ = nullptr;
};

// A kernel state buffer of the size CNNL asks for, 8-byte aligned.
std::vector<uint64_t> state_buffer() {
  size_t bytes = 0;
  EXPECT_EQ(cnnlRandGetMTGP32StateSize(nullptr, &bytes), CNNL_STATUS_SUCCESS);
  EXPECT_GT(bytes, 0u);
  return std::vector<uint64_t>((bytes + 7) / 8);
}

TEST(CnnlRandState, AMadeStateSeedsItsOwnStream) {
  Handle handle;
  Generator generator(1);
  std::vector<uint64_t> state = state_buffer();
  std::vector<float> a(64), b(64), c(64), d(64);
  auto uniform = [&](void* s, std::vector<float>& out) {
    return cnnlRandGenerateUniform(handle.get(), generator.get(),
                                   CNNL_DTYPE_FLOAT, s, out.size(), 0, 1,
                                   out.data());
  };
  ASSERT_EQ(cnnlRandMakeMTGP32KernelState(handle.get(), state.data(), nullptr,
                                          nullptr, 5),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(uniform(state.data(), a), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(uniform(state.data(), b), CNNL_STATUS_SUCCESS);  // advanced
  ASSERT_EQ(cnnlRandMakeMTGP32KernelState(handle.get(), state.data(), nullptr,
                                          nullptr, 5),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(uniform(state.data(), c), CNNL_STATUS_SUCCESS);  // same seed
  ASSERT_EQ(uniform(nullptr, d), CNNL_STATUS_SUCCESS);       // the generator
  EXPECT_EQ(a, c);
  EXPECT_NE(a, b);
  EXPECT_NE(a, d);
  for (const float x : a) {
    EXPECT_GE(x, 0.0f);
    EXPECT_LT(x, 1.0f);
  }
}

TEST(CnnlFusedDropout, KeepsOneMinusPAndScales) {
  Handle handle;
  Generator generator(2);
  const size_t n = 20000;
  const std::vector<float> x = random_floats(n, 41, 0.5f, 2);
  std::vector<float> y(n, -1);
  std::vector<uint8_t> mask(n, 7);
  Tensor tx(CNNL_DTYPE_FLOAT, {int64_t(n)}), tm(CNNL_DTYPE_UINT8, {int64_t(n)});
  for (const float p : {0.0f, 0.25f, 1.0f}) {
    ASSERT_EQ(cnnlFusedDropout_v2(handle.get(), generator.get(), tx.get(),
                                  x.data(), p, nullptr, tm.get(), mask.data(),
                                  tx.get(), y.data()),
              CNNL_STATUS_SUCCESS);
    size_t kept = 0;
    for (size_t i = 0; i < n; ++i) {
      ASSERT_TRUE(mask[i] == 0 || mask[i] == 1) << i;
      kept += mask[i];
      const float want = mask[i] ? x[i] / (1 - p) : 0.0f;
      ASSERT_NEAR(y[i], want, 1e-6f * (1 + std::fabs(want))) << i;
    }
    EXPECT_NEAR(double(kept) / n, 1 - p, 0.02) << "p " << p;
  }
}

TEST(CnnlMultinomial, FrequenciesFollowTheWeights) {
  Handle handle;
  Generator generator(3);
  size_t ws = 9;
  Tensor probs_desc(CNNL_DTYPE_FLOAT, {2, 4});
  ASSERT_EQ(cnnlGetRandGenerateMultinomialWorkspaceSize(handle.get(),
                                                        probs_desc.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  const float probs[8] = {0, 1, 0, 3, 1, 1, 1, 1};
  const int64_t samples = 4000;
  std::vector<int32_t> out(size_t(2 * samples), -1);
  Tensor out_desc(CNNL_DTYPE_INT32, {2, samples});
  ASSERT_EQ(cnnlRandGenerateMultinomial_v2(
                handle.get(), generator.get(), probs_desc.get(), probs, true,
                false, nullptr, nullptr, 0, out_desc.get(), out.data()),
            CNNL_STATUS_SUCCESS);
  std::vector<int> count(8, 0);
  for (int64_t r = 0; r < 2; ++r) {
    for (int64_t k = 0; k < samples; ++k) {
      const int32_t c = out[size_t(r * samples + k)];
      ASSERT_TRUE(c >= 0 && c < 4);
      ++count[size_t(r * 4 + c)];
    }
  }
  EXPECT_EQ(count[0], 0);
  EXPECT_EQ(count[2], 0);
  EXPECT_NEAR(count[3] / double(samples), 0.75, 0.03);
  for (int c = 4; c < 8; ++c)
    EXPECT_NEAR(count[c] / double(samples), 0.25, 0.03);
  // Without replacement, as many samples as categories: a permutation;
  // logits put the weight on the largest.
  const float logits[4] = {0, 0, 0, 20};
  std::vector<int64_t> perm(4, -1);
  Tensor logits_desc(CNNL_DTYPE_FLOAT, {4}), perm_desc(CNNL_DTYPE_INT64, {4});
  ASSERT_EQ(cnnlRandGenerateMultinomial_v2(
                handle.get(), generator.get(), logits_desc.get(), logits, false,
                true, nullptr, nullptr, 0, perm_desc.get(), perm.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(perm[0], 3);
  std::vector<int64_t> sorted = perm;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int64_t>{0, 1, 2, 3}));
}

// ---- Bad calls: status, a log line naming the function, nothing written.

struct Objects {
  Handle handle;
  Generator generator{4};
  Tensor f6{CNNL_DTYPE_FLOAT, {6}}, f4{CNNL_DTYPE_FLOAT, {4}},
      u6{CNNL_DTYPE_UINT8, {6}}, i6{CNNL_DTYPE_INT32, {6}},
      i2{CNNL_DTYPE_INT32, {2}};
  float in[8] = {1, 2, 3, 4, 5, 6};
  float out[8] = {};
  uint8_t mask[8] = {};
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;

const Bad kBadCalls[] = {
    {"DropoutPAboveOne",
     [](Objects& o) {
       return cnnlFusedDropout_v2(o.handle.get(), o.generator.get(), o.f6.get(),
                                  o.in, 1.5f, nullptr, o.u6.get(), o.mask,
                                  o.f6.get(), o.out);
     },
     kBad},
    {"DropoutIntMask",
     [](Objects& o) {
       return cnnlFusedDropout_v2(o.handle.get(), o.generator.get(), o.f6.get(),
                                  o.in, 0.5f, nullptr, o.i6.get(), o.mask,
                                  o.f6.get(), o.out);
     },
     kBad},
    {"DropoutNullHandle",
     [](Objects& o) {
       return cnnlFusedDropout_v2(nullptr, o.generator.get(), o.f6.get(), o.in,
                                  0.5f, nullptr, o.u6.get(), o.mask, o.f6.get(),
                                  o.out);
     },
     kBad},
    {"MultinomialTooManyWithoutReplacement",
     [](Objects& o) {
       // weights {1, 2, 0, 0}: two positive categories, six samples.
       const float w[4] = {1, 2, 0, 0};
       return cnnlRandGenerateMultinomial_v2(
           o.handle.get(), o.generator.get(), o.f4.get(), w, false, false,
           nullptr, nullptr, 0, o.i6.get(), o.out);
     },
     kBad},
    {"MultinomialNegativeWeight",
     [](Objects& o) {
       const float w[4] = {1, -2, 0, 0};
       return cnnlRandGenerateMultinomial_v2(
           o.handle.get(), o.generator.get(), o.f4.get(), w, true, false,
           nullptr, nullptr, 0, o.i2.get(), o.out);
     },
     kBad},
    {"MultinomialFloatOutput",
     [](Objects& o) {
       return cnnlRandGenerateMultinomial_v2(
           o.handle.get(), o.generator.get(), o.f4.get(), o.in, true, false,
           nullptr, nullptr, 0, o.f4.get(), o.out);
     },
     kBad},
    {"MakeStateMisaligned",
     [](Objects& o) {
       return cnnlRandMakeMTGP32KernelState(o.handle.get(),
                                            reinterpret_cast<char*>(o.out) + 1,
                                            nullptr, nullptr, 1);
     },
     kBad},
    {"StateSizeNull",
     [](Objects&) { return cnnlRandGetMTGP32StateSize(nullptr, nullptr); },
     kBad},
};

class CnnlRandomBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlRandomBadInput, ReturnsTheStatusLogsAndWritesNothing) {
  Objects objects;
  const float before[8] = {};
  const uint8_t mask_before[8] = {};
  testing::internal::CaptureStderr();
  const cnnlStatus_t status = GetParam().call(objects);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  EXPECT_NE(log.find("[xbang] cnnl"), std::string::npos) << log;
  EXPECT_EQ(std::memcmp(objects.out, before, sizeof(before)), 0);
  EXPECT_EQ(std::memcmp(objects.mask, mask_before, sizeof(mask_before)), 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlRandomBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
