// cnrtCastDataType_V2: element-wise conversion between CNRT's data types
// with a rounding mode. Values go through double (exact for every source
// type but 64-bit integers beyond 2^53); the result is rounded to the
// destination by the requested mode, saturated to integer ranges, NaN to 0.
#include <cnrt.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>

#include "toolkit_internal.h"
#include "xbang/core/half.h"

namespace {

// A floating format with few bits: its values are exactly representable
// in double, so rounding is "nearest candidate, then step by mode".
struct HalfFormat {
  static double value(uint16_t bits) { return xbang::half_bits_to_float(bits); }
  static uint16_t nearest(double x) {
    return xbang::float_to_half_bits_rn(float(x));
  }
  static constexpr uint16_t kSignBit = 0x8000u;
  static constexpr uint16_t kInfinity = 0x7c00u;
};

struct BfloatFormat {
  static double value(uint16_t bits) {
    const uint32_t wide = uint32_t(bits) << 16;
    float f;
    std::memcpy(&f, &wide, 4);
    return f;
  }
  static uint16_t nearest(double x) {
    const float f = float(x);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    if (std::isnan(f)) return uint16_t((bits >> 16) | 0x40u);
    bits += 0x7fffu + ((bits >> 16) & 1u);  // ties to even
    return uint16_t(bits >> 16);
  }
  static constexpr uint16_t kSignBit = 0x8000u;
  static constexpr uint16_t kInfinity = 0x7f80u;
};

// One step of magnitude up or down (sign-magnitude bit patterns).
template <class Format>
uint16_t step_magnitude(uint16_t bits, bool away_from_zero) {
  const uint16_t sign = bits & Format::kSignBit;
  uint16_t magnitude = bits & ~Format::kSignBit;
  if (away_from_zero) {
    if (magnitude < Format::kInfinity) ++magnitude;
  } else if (magnitude != 0) {
    --magnitude;
  }
  return sign | magnitude;
}

template <class Format>
uint16_t round_small_float(double x, cnrtRoundingMode_t mode) {
  uint16_t bits = Format::nearest(x);
  if (std::isnan(x) || mode == cnrtRounding_rn) return bits;
  const double v = Format::value(bits);
  const bool negative = std::signbit(x);
  // Which way the exact value lies from the nearest candidate, in magnitude.
  const bool candidate_too_big = std::fabs(v) > std::fabs(x);
  const bool candidate_too_small = std::fabs(v) < std::fabs(x);
  bool toward_zero = false, away = false;
  switch (mode) {
    case cnrtRounding_rz:
      toward_zero = candidate_too_big;
      break;
    case cnrtRounding_ro:
      away = candidate_too_small;
      break;
    case cnrtRounding_rd:
      if (negative) {
        away = candidate_too_small;
      } else {
        toward_zero = candidate_too_big;
      }
      break;
    case cnrtRounding_ru:
      if (negative) {
        toward_zero = candidate_too_big;
      } else {
        away = candidate_too_small;
      }
      break;
    default:
      break;
  }
  // Ties away from zero: only a tie the even rule sent toward zero moves.
  if (mode == cnrtRounding_rm && candidate_too_small) {
    const uint16_t above = step_magnitude<Format>(bits, true);
    const double gap_above = std::fabs(Format::value(above)) - std::fabs(x);
    const double gap_below = std::fabs(x) - std::fabs(v);
    if (gap_above == gap_below) away = true;
  }
  if (toward_zero) bits = step_magnitude<Format>(bits, false);
  if (away) bits = step_magnitude<Format>(bits, true);
  return bits;
}

double round_to_integer(double x, cnrtRoundingMode_t mode) {
  switch (mode) {
    case cnrtRounding_rz:
      return std::trunc(x);
    case cnrtRounding_rd:
      return std::floor(x);
    case cnrtRounding_ru:
      return std::ceil(x);
    case cnrtRounding_ro:
      return x < 0 ? std::floor(x) : std::ceil(x);
    case cnrtRounding_rm:
      return std::round(x);
    default:
      return std::nearbyint(x);  // the default FP environment: ties to even
  }
}

template <class T>
T saturate(double x, cnrtRoundingMode_t mode) {
  if (std::isnan(x)) return T(0);
  const double r = round_to_integer(x, mode);
  if (r <= double(std::numeric_limits<T>::lowest())) {
    return std::numeric_limits<T>::lowest();
  }
  if (r >= double(std::numeric_limits<T>::max())) {
    return std::numeric_limits<T>::max();
  }
  return T(r);
}

float round_to_float(double x, cnrtRoundingMode_t mode) {
  float f = float(x);  // nearest, ties to even
  if (std::isnan(x) || mode == cnrtRounding_rn || double(f) == x) return f;
  const bool too_big = std::fabs(double(f)) > std::fabs(x);
  const float zero_side = std::copysign(0.0f, f);
  const float inf_side = std::copysign(INFINITY, f);
  switch (mode) {
    case cnrtRounding_rz:
      if (too_big) f = std::nextafter(f, zero_side);
      break;
    case cnrtRounding_ro:
      if (!too_big) f = std::nextafter(f, inf_side);
      break;
    case cnrtRounding_rd:
      if (double(f) > x) f = std::nextafter(f, -INFINITY);
      break;
    case cnrtRounding_ru:
      if (double(f) < x) f = std::nextafter(f, INFINITY);
      break;
    case cnrtRounding_rm: {
      if (too_big) break;
      const float above = std::nextafter(f, inf_side);
      if (std::fabs(double(above)) - std::fabs(x) ==
          std::fabs(x) - std::fabs(double(f))) {
        f = above;
      }
      break;
    }
    default:
      break;
  }
  return f;
}

// Each type of the table: how an element is stored, read exactly into a
// double and written from one by a rounding mode.
struct DoubleType {
  using Storage = double;
  static double read(double v) { return v; }
  static double write(double x, cnrtRoundingMode_t) { return x; }
};

struct FloatType {
  using Storage = float;
  static double read(float v) { return v; }
  static float write(double x, cnrtRoundingMode_t mode) {
    return round_to_float(x, mode);
  }
};

// Half and bfloat16, stored as their bits.
template <class Format>
struct SmallFloatType {
  using Storage = uint16_t;
  static double read(uint16_t v) { return Format::value(v); }
  static uint16_t write(double x, cnrtRoundingMode_t mode) {
    return round_small_float<Format>(x, mode);
  }
};

template <class T>
struct IntegerType {
  using Storage = T;
  static double read(T v) { return double(v); }
  static T write(double x, cnrtRoundingMode_t mode) {
    return saturate<T>(x, mode);
  }
};

struct BooleanType {
  using Storage = bool;
  static double read(bool v) { return v ? 1 : 0; }
  static bool write(double x, cnrtRoundingMode_t) { return x != 0; }
};

// Calls `f` with the traits of `type` (a value of that struct); false for a
// type outside the table.
template <class F>
bool with_type(cnrtDataType_V2_t type, F&& f) {
  switch (type) {
    case cnrtDouble:
      return f(DoubleType{}), true;
    case cnrtFloat:
      return f(FloatType{}), true;
    case cnrtHalf:
      return f(SmallFloatType<HalfFormat>{}), true;
    case cnrtBfloat:
      return f(SmallFloatType<BfloatFormat>{}), true;
    case cnrtUlonglong:
      return f(IntegerType<uint64_t>{}), true;
    case cnrtUint:
      return f(IntegerType<uint32_t>{}), true;
    case cnrtUshort:
      return f(IntegerType<uint16_t>{}), true;
    case cnrtUchar:
      return f(IntegerType<uint8_t>{}), true;
    case cnrtLonglong:
      return f(IntegerType<int64_t>{}), true;
    case cnrtInt:
      return f(IntegerType<int32_t>{}), true;
    case cnrtShort:
      return f(IntegerType<int16_t>{}), true;
    case cnrtChar:
      return f(IntegerType<int8_t>{}), true;
    case cnrtBoolean:
      return f(BooleanType{}), true;
    default:
      return false;
  }
}

bool known_type(cnrtDataType_V2_t type) {
  return with_type(type, [](auto) {});
}

// Converts `count` elements, each through `map` (the identity or a
// quantization) in double. One loop per pair of types: no per-element
// dispatch, so the compiler inlines the pair's read and rounding.
template <class Map>
void convert_elements(const void* src, cnrtDataType_V2_t src_type, void* dst,
                      cnrtDataType_V2_t dst_type, int count,
                      cnrtRoundingMode_t mode, Map map) {
  with_type(src_type, [&](auto from) {
    with_type(dst_type, [&](auto to) {
      using From = decltype(from);
      using To = decltype(to);
      const auto* in = static_cast<const typename From::Storage*>(src);
      auto* out = static_cast<typename To::Storage*>(dst);
      for (int i = 0; i < count; ++i) {
        out[i] = To::write(map(From::read(in[i])), mode);
      }
    });
  });
}

bool is_floating(cnrtDataType_V2_t type) {
  return type == cnrtDouble || type == cnrtFloat || type == cnrtHalf ||
         type == cnrtBfloat;
}

}  // namespace

struct cnrtQuantizedParam {
  int position;
  float scale;
  int offset;
};

extern "C" cnrtRet_t cnrtCreateQuantizedParam(cnrtQuantizedParam_t* param,
                                              int pos, float scale,
                                              int offset) {
  using xbang::detail::cnrt_fail;
  constexpr const char* kApi = "cnrtCreateQuantizedParam";
  if (param == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "param is NULL");
  }
  if (!std::isfinite(scale) || scale == 0.0f) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "scale is zero or not finite");
  }
  // 2^pos must stay a finite, non-zero double.
  if (pos < -1000 || pos > 1000) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "pos is not in [-1000, 1000]");
  }
  *param = new (std::nothrow) cnrtQuantizedParam{pos, scale, offset};
  if (*param == nullptr) {
    return cnrt_fail(kApi, cnrtErrorSysNoMem, "out of host memory");
  }
  return cnrtSuccess;
}

extern "C" cnrtRet_t cnrtDestroyQuantizedParam(cnrtQuantizedParam_t param) {
  if (param == nullptr) {
    return xbang::detail::cnrt_fail("cnrtDestroyQuantizedParam",
                                    cnrtErrorArgsInvalid, "param is NULL");
  }
  delete param;
  return cnrtSuccess;
}

extern "C" cnrtRet_t cnrtCastDataType_V2(const void* src,
                                         cnrtDataType_V2_t src_type, void* dst,
                                         cnrtDataType_V2_t dst_type, int count,
                                         cnrtQuantizedParam_t param,
                                         cnrtRoundingMode_t rounding) {
  using xbang::detail::cnrt_fail;
  constexpr const char* kApi = "cnrtCastDataType_V2";
  if (src == nullptr || dst == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "src or dst is NULL");
  }
  if (count < 0) return cnrt_fail(kApi, cnrtErrorArgsInvalid, "count < 0");
  if (!known_type(src_type) || !known_type(dst_type)) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "unknown cnrtDataType_V2_t");
  }
  if (rounding < cnrtRounding_rn || rounding >= cnrtRounding_max) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "unknown cnrtRoundingMode_t");
  }
  if (param == nullptr) {
    convert_elements(src, src_type, dst, dst_type, count, rounding,
                     [](double x) { return x; });
    return cnrtSuccess;
  }
  const bool quantize = is_floating(src_type) && !is_floating(dst_type) &&
                        dst_type != cnrtBoolean;
  const bool dequantize = !is_floating(src_type) && src_type != cnrtBoolean &&
                          is_floating(dst_type);
  if (!quantize && !dequantize) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "a quantized conversion is between a floating and an "
                     "integer type");
  }
  const double step = std::ldexp(1.0, param->position) / param->scale;
  const double offset = param->offset;
  if (quantize) {
    convert_elements(src, src_type, dst, dst_type, count, rounding,
                     [=](double x) { return x / step + offset; });
  } else {
    convert_elements(src, src_type, dst, dst_type, count, rounding,
                     [=](double x) { return (x - offset) * step; });
  }
  return cnrtSuccess;
}

namespace {
// The cnrtDataType_V2_t twin of an older cnrtDataType_t, or cnrtUnknown.
cnrtDataType_V2_t v2_type(cnrtDataType_t type) {
  switch (type) {
    case cnrtFloat16:
      return cnrtHalf;
    case cnrtFloat32:
      return cnrtFloat;
    case cnrtFloat64:
      return cnrtDouble;
    case cnrtInt8:
      return cnrtChar;
    case cnrtInt16:
      return cnrtShort;
    case cnrtInt32:
      return cnrtInt;
    case cnrtInt64:
      return cnrtLonglong;
    case cnrtUInt8:
      return cnrtUchar;
    case cnrtUInt16:
      return cnrtUshort;
    case cnrtUInt32:
      return cnrtUint;
    case cnrtBool:
      return cnrtBoolean;
    default:
      return cnrtUnknown;
  }
}
}  // namespace

extern "C" cnrtRet_t cnrtCastDataType(void* src, cnrtDataType_t src_type,
                                      void* dst, cnrtDataType_t dst_type,
                                      int count, cnrtQuantizedParam_t param) {
  const cnrtDataType_V2_t from = v2_type(src_type), to = v2_type(dst_type);
  if (from == cnrtUnknown || to == cnrtUnknown) {
    return xbang::detail::cnrt_fail(
        "cnrtCastDataType", cnrtErrorArgsInvalid,
        "a data type without a cnrtDataType_V2_t twin (invalid, int4, auto, "
        "fix8, quant8)");
  }
  return cnrtCastDataType_V2(src, from, dst, to, count, param, cnrtRounding_rn);
}
