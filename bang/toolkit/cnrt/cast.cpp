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

double read_value(const void* src, cnrtDataType_V2_t type, int i) {
  switch (type) {
    case cnrtDouble:
      return static_cast<const double*>(src)[i];
    case cnrtFloat:
      return static_cast<const float*>(src)[i];
    case cnrtHalf:
      return xbang::half_bits_to_float(static_cast<const uint16_t*>(src)[i]);
    case cnrtBfloat: {
      const uint32_t bits = uint32_t(static_cast<const uint16_t*>(src)[i])
                            << 16;
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
    case cnrtUlonglong:
      return double(static_cast<const uint64_t*>(src)[i]);
    case cnrtUint:
      return static_cast<const uint32_t*>(src)[i];
    case cnrtUshort:
      return static_cast<const uint16_t*>(src)[i];
    case cnrtUchar:
      return static_cast<const uint8_t*>(src)[i];
    case cnrtLonglong:
      return double(static_cast<const int64_t*>(src)[i]);
    case cnrtInt:
      return static_cast<const int32_t*>(src)[i];
    case cnrtShort:
      return static_cast<const int16_t*>(src)[i];
    case cnrtChar:
      return static_cast<const int8_t*>(src)[i];
    case cnrtBoolean:
      return static_cast<const bool*>(src)[i] ? 1 : 0;
    default:
      return 0;
  }
}

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

bool known_type(cnrtDataType_V2_t type) {
  switch (type) {
    case cnrtDouble:
    case cnrtFloat:
    case cnrtHalf:
    case cnrtBfloat:
    case cnrtUlonglong:
    case cnrtUint:
    case cnrtUshort:
    case cnrtUchar:
    case cnrtLonglong:
    case cnrtInt:
    case cnrtShort:
    case cnrtChar:
    case cnrtBoolean:
      return true;
    default:
      return false;
  }
}

void write_value(void* dst, cnrtDataType_V2_t type, int i, double x,
                 cnrtRoundingMode_t mode) {
  switch (type) {
    case cnrtDouble:
      static_cast<double*>(dst)[i] = x;
      break;
    case cnrtFloat:
      static_cast<float*>(dst)[i] = round_to_float(x, mode);
      break;
    case cnrtHalf:
      static_cast<uint16_t*>(dst)[i] = round_small_float<HalfFormat>(x, mode);
      break;
    case cnrtBfloat:
      static_cast<uint16_t*>(dst)[i] = round_small_float<BfloatFormat>(x, mode);
      break;
    case cnrtUlonglong:
      static_cast<uint64_t*>(dst)[i] = saturate<uint64_t>(x, mode);
      break;
    case cnrtUint:
      static_cast<uint32_t*>(dst)[i] = saturate<uint32_t>(x, mode);
      break;
    case cnrtUshort:
      static_cast<uint16_t*>(dst)[i] = saturate<uint16_t>(x, mode);
      break;
    case cnrtUchar:
      static_cast<uint8_t*>(dst)[i] = saturate<uint8_t>(x, mode);
      break;
    case cnrtLonglong:
      static_cast<int64_t*>(dst)[i] = saturate<int64_t>(x, mode);
      break;
    case cnrtInt:
      static_cast<int32_t*>(dst)[i] = saturate<int32_t>(x, mode);
      break;
    case cnrtShort:
      static_cast<int16_t*>(dst)[i] = saturate<int16_t>(x, mode);
      break;
    case cnrtChar:
      static_cast<int8_t*>(dst)[i] = saturate<int8_t>(x, mode);
      break;
    case cnrtBoolean:
      static_cast<bool*>(dst)[i] = x != 0;
      break;
    default:
      break;
  }
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

extern "C" cnrtRet_t cnrtCastDataType_V2(void* src, cnrtDataType_V2_t src_type,
                                         void* dst, cnrtDataType_V2_t dst_type,
                                         int count, cnrtQuantizedParam_t param,
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
    for (int i = 0; i < count; ++i) {
      write_value(dst, dst_type, i, read_value(src, src_type, i), rounding);
    }
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
  for (int i = 0; i < count; ++i) {
    const double x = read_value(src, src_type, i);
    const double y =
        quantize ? x / step + param->offset : (x - param->offset) * step;
    write_value(dst, dst_type, i, y, rounding);
  }
  return cnrtSuccess;
}
