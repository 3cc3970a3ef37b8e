// Type names BANG C has besides the C++ ones (spec section 1): the sized
// integer and float spellings cncc accepts, and bfloat16_t.
#pragma once

#include <cstdint>
#include <cstring>

namespace xbang {

// bfloat16: the upper half of a binary32; conversions from float round to
// nearest even, NaN stays NaN. Arithmetic is done in float.
struct bfloat16 {
  uint16_t bits;

  bfloat16() = default;
  bfloat16(float f) : bits(from_float(f)) {}  // NOLINT: implicit as in BANG
  operator float() const {                    // NOLINT: implicit as in BANG
    const uint32_t wide = uint32_t(bits) << 16;
    float f;
    std::memcpy(&f, &wide, sizeof f);
    return f;
  }

  static uint16_t from_float(float f) {
    uint32_t x;
    std::memcpy(&x, &f, sizeof x);
    if ((x & 0x7fffffffu) > 0x7f800000u) return uint16_t((x >> 16) | 0x40u);
    const uint32_t rounding = 0x7fffu + ((x >> 16) & 1u);
    return uint16_t((x + rounding) >> 16);
  }
};
static_assert(sizeof(bfloat16) == 2, "bfloat16 must be 16 bits");

}  // namespace xbang

using bfloat16_t = xbang::bfloat16;
using int8 = int8_t;
using uint8 = uint8_t;
using int16 = int16_t;
using uint16 = uint16_t;
using int32 = int32_t;
using uint32 = uint32_t;
using int64 = int64_t;
using uint64 = uint64_t;
using float32 = float;
