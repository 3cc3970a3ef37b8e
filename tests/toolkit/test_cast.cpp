// cnrtCastDataType_V2: the conversions mlu-ops makes (half / bfloat16 to
// float for its case files) and the rest of the type table, in every
// rounding mode, with saturation and the edges where the modes differ.
#include <cnrt.h>
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "xbang/core/half.h"

namespace {

constexpr cnrtRoundingMode_t kModes[] = {cnrtRounding_rn, cnrtRounding_rz,
                                         cnrtRounding_rd, cnrtRounding_ru,
                                         cnrtRounding_ro, cnrtRounding_rm};

uint16_t to_half_bits(float x, cnrtRoundingMode_t mode) {
  uint16_t out = 0;
  EXPECT_EQ(
      cnrtCastDataType_V2(&x, cnrtFloat, &out, cnrtHalf, 1, nullptr, mode),
      cnrtSuccess);
  return out;
}

uint16_t half_bits(float exact) { return xbang::half_bits(xbang::half(exact)); }

TEST(ToolkitCast, HalfAndBfloatToFloatAreExact) {
  std::vector<uint16_t> halves;
  for (uint32_t bits = 0; bits < 0x10000; bits += 37) {
    halves.push_back(uint16_t(bits));
  }
  std::vector<float> out(halves.size());
  ASSERT_EQ(cnrtCastDataType_V2(halves.data(), cnrtHalf, out.data(), cnrtFloat,
                                int(halves.size()), nullptr, cnrtRounding_rm),
            cnrtSuccess);
  for (size_t i = 0; i < halves.size(); ++i) {
    const float expected = xbang::half_bits_to_float(halves[i]);
    if (std::isnan(expected)) {
      EXPECT_TRUE(std::isnan(out[i]));
    } else {
      EXPECT_EQ(out[i], expected) << std::hex << halves[i];
    }
  }
  const uint16_t bf = 0x3fc0;  // 1.5
  float f = 0;
  ASSERT_EQ(cnrtCastDataType_V2(const_cast<uint16_t*>(&bf), cnrtBfloat, &f,
                                cnrtFloat, 1, nullptr, cnrtRounding_rm),
            cnrtSuccess);
  EXPECT_EQ(f, 1.5f);
}

TEST(ToolkitCast, FloatToHalfInEveryMode) {
  const float ulp = std::ldexp(1.0f, -10);  // half spacing at 1
  const uint16_t one = half_bits(1.0f), one_up = half_bits(1.0f + ulp),
                 one_up2 = half_bits(1.0f + 2 * ulp);
  const uint16_t sign = 0x8000u;
  const struct {
    float x;
    uint16_t expected[6];  // rn rz rd ru ro rm
  } kCases[] = {
      {1.0f + 0.75f * ulp, {one_up, one, one, one_up, one_up, one_up}},
      {-(1.0f + 0.75f * ulp),
       {uint16_t(sign | one_up), uint16_t(sign | one), uint16_t(sign | one_up),
        uint16_t(sign | one), uint16_t(sign | one_up),
        uint16_t(sign | one_up)}},
      // Ties: even for rn, away from zero for rm.
      {1.0f + 0.5f * ulp, {one, one, one, one_up, one_up, one_up}},
      {1.0f + 1.5f * ulp, {one_up2, one_up, one_up, one_up2, one_up2, one_up2}},
      // Exact values stay.
      {1.0f, {one, one, one, one, one, one}},
      // Past the largest half: infinity or the largest finite value.
      {1e6f, {0x7c00, 0x7bff, 0x7bff, 0x7c00, 0x7c00, 0x7c00}},
  };
  for (const auto& c : kCases) {
    for (int m = 0; m < 6; ++m) {
      EXPECT_EQ(to_half_bits(c.x, kModes[m]), c.expected[m])
          << "x=" << c.x << " mode=" << m;
    }
  }
  for (float x : {0.1f, -3.3f, 65504.0f, 6e-8f, 1234.567f}) {
    EXPECT_EQ(to_half_bits(x, cnrtRounding_rn), half_bits(x)) << x;
  }
}

TEST(ToolkitCast, FloatToBfloatAndIntToFloat) {
  const float tie = 1.0f + std::ldexp(1.0f, -8);  // halfway 1 .. 1+2^-7
  uint16_t out = 0;
  ASSERT_EQ(cnrtCastDataType_V2(const_cast<float*>(&tie), cnrtFloat, &out,
                                cnrtBfloat, 1, nullptr, cnrtRounding_rn),
            cnrtSuccess);
  EXPECT_EQ(out, 0x3f80);
  ASSERT_EQ(cnrtCastDataType_V2(const_cast<float*>(&tie), cnrtFloat, &out,
                                cnrtBfloat, 1, nullptr, cnrtRounding_ru),
            cnrtSuccess);
  EXPECT_EQ(out, 0x3f81);

  int32_t big = (1 << 24) + 1;
  float f = 0;
  ASSERT_EQ(cnrtCastDataType_V2(&big, cnrtInt, &f, cnrtFloat, 1, nullptr,
                                cnrtRounding_rn),
            cnrtSuccess);
  EXPECT_EQ(f, 16777216.0f);
  ASSERT_EQ(cnrtCastDataType_V2(&big, cnrtInt, &f, cnrtFloat, 1, nullptr,
                                cnrtRounding_ru),
            cnrtSuccess);
  EXPECT_EQ(f, 16777218.0f);
}

TEST(ToolkitCast, FloatToIntegersRoundAndSaturate) {
  const struct {
    float x;
    int32_t expected[6];  // rn rz rd ru ro rm
  } kCases[] = {
      {2.5f, {2, 2, 2, 3, 3, 3}},
      {-2.5f, {-2, -2, -3, -2, -3, -3}},
      {3.5f, {4, 3, 3, 4, 4, 4}},
      {1e10f, {INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX}},
      {-1e10f, {INT_MIN, INT_MIN, INT_MIN, INT_MIN, INT_MIN, INT_MIN}},
      {NAN, {0, 0, 0, 0, 0, 0}},
  };
  for (const auto& c : kCases) {
    for (int m = 0; m < 6; ++m) {
      int32_t out = -7;
      ASSERT_EQ(cnrtCastDataType_V2(const_cast<float*>(&c.x), cnrtFloat, &out,
                                    cnrtInt, 1, nullptr, kModes[m]),
                cnrtSuccess);
      EXPECT_EQ(out, c.expected[m]) << "x=" << c.x << " mode=" << m;
    }
  }
  const float in[] = {300.0f, -5.0f, 127.4f};
  uint8_t u8[3];
  int8_t i8[3];
  bool b[3];
  ASSERT_EQ(cnrtCastDataType_V2(const_cast<float*>(in), cnrtFloat, u8,
                                cnrtUchar, 3, nullptr, cnrtRounding_rn),
            cnrtSuccess);
  EXPECT_EQ(u8[0], 255);
  EXPECT_EQ(u8[1], 0);
  EXPECT_EQ(u8[2], 127);
  ASSERT_EQ(cnrtCastDataType_V2(const_cast<float*>(in), cnrtFloat, i8, cnrtChar,
                                3, nullptr, cnrtRounding_rn),
            cnrtSuccess);
  EXPECT_EQ(i8[0], 127);
  EXPECT_EQ(i8[1], -5);
  ASSERT_EQ(cnrtCastDataType_V2(const_cast<float*>(in), cnrtFloat, b,
                                cnrtBoolean, 3, nullptr, cnrtRounding_rn),
            cnrtSuccess);
  EXPECT_TRUE(b[0] && b[1] && b[2]);
  const int64_t wide = -(int64_t(1) << 40);
  double d = 0;
  ASSERT_EQ(cnrtCastDataType_V2(const_cast<int64_t*>(&wide), cnrtLonglong, &d,
                                cnrtDouble, 1, nullptr, cnrtRounding_rn),
            cnrtSuccess);
  EXPECT_EQ(d, -1099511627776.0);
}

TEST(ToolkitCast, BadArgumentsReturnCnrtCodes) {
  float x = 1, y = 0;
  EXPECT_EQ(cnrtCastDataType_V2(nullptr, cnrtFloat, &y, cnrtHalf, 1, nullptr,
                                cnrtRounding_rn),
            cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtCastDataType_V2(&x, cnrtFloat, &y, cnrtHalf, -1, nullptr,
                                cnrtRounding_rn),
            cnrtErrorArgsInvalid);
  // 0x5 is inside the enum's range but names no type.
  EXPECT_EQ(cnrtCastDataType_V2(&x, static_cast<cnrtDataType_V2_t>(0x5), &y,
                                cnrtFloat, 1, nullptr, cnrtRounding_rn),
            cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtCastDataType_V2(&x, cnrtFloat, &y, cnrtFloat, 1, nullptr,
                                cnrtRounding_max),
            cnrtErrorArgsInvalid);
  // A quantized conversion needs an integer side.
  cnrtQuantizedParam_t param = nullptr;
  ASSERT_EQ(cnrtCreateQuantizedParam(&param, 1, 1.0f, 0), cnrtSuccess);
  EXPECT_EQ(cnrtCastDataType_V2(&x, cnrtFloat, &y, cnrtFloat, 1, param,
                                cnrtRounding_rn),
            cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtDestroyQuantizedParam(param), cnrtSuccess);
  EXPECT_EQ(cnrtCastDataType_V2(&x, cnrtFloat, &y, cnrtFloat, 0, nullptr,
                                cnrtRounding_rn),
            cnrtSuccess);
  cnrtGetLastError();
}

}  // namespace
