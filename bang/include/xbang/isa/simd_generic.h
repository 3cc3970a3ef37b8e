// The portable version of every operation the built-ins need below the
// xsimd API: plain xsimd batches plus element loops the compiler vectorises
// for the target. simd_x86.h specialises some of them; nothing here may name an
// intrinsic.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <xsimd/xsimd.hpp>

#include "xbang/core/half.h"

// GCC 12 at -O3 miscompiles the element loops of ConvertLanes below when it
// vectorises them for AVX-512 (lanes past the first lose the convert shape's
// scaling); they are eight elements each, so they stay scalar.
#if defined(__GNUC__) && !defined(__clang__)
#define XBANG_SCALAR_LANES __attribute__((optimize("no-tree-vectorize")))
#else
#define XBANG_SCALAR_LANES
#endif

namespace xbang {
namespace simd {

// half arrays as float compute batches. Generic: element by element through
// half's own exact conversions.
template <Isa I = kIsa>
struct HalfLanes {
  using batch = xsimd::batch<float, ComputeTarget>;
  static batch load(const half* p) {
    alignas(64) float lanes[batch::size];
    for (std::size_t i = 0; i < batch::size; ++i) lanes[i] = float(p[i]);
    return batch::load_aligned(lanes);
  }
  static void store(half* p, const batch& b) {
    alignas(64) float lanes[batch::size];
    b.store_aligned(lanes);
    for (std::size_t i = 0; i < batch::size; ++i) p[i] = half(lanes[i]);
  }
};

// A zeroed copy of an array's last, partial batch.
template <class T, std::size_t kLanes>
struct TailBuffer {
  alignas(64) T data[64 / sizeof(T) > kLanes ? 64 / sizeof(T) : kLanes];
  const T* fill(const T* src, std::size_t count) {
    std::memset(static_cast<void*>(data), 0, sizeof data);
    std::memcpy(static_cast<void*>(data), src, count * sizeof(T));
    return data;
  }
};

// The first `count` (< L::size) elements of an array as a batch of L (a
// Lanes<T>), and back; lanes past `count` read as 0 and are never written.
// Generic: through a zeroed buffer (a store-forwarding stall of ~20 ns,
// noticeable on short rows).
template <class T, class L, Isa I = kIsa>
struct TailLanes {
  static typename L::batch load(const T* p, long count) {
    TailBuffer<T, L::size> buffer;
    return L::load(buffer.fill(p, std::size_t(count)));
  }
  static void store(T* p, const typename L::batch& x, long count) {
    TailBuffer<T, L::size> buffer;
    L::store(buffer.data, x);
    std::memcpy(static_cast<void*>(p), buffer.data,
                std::size_t(count) * sizeof(T));
  }
};

// Nonzero lanes of `flags` as bits, least significant first, into
// B::size / 8 bytes at `out` (B::size a multiple of 8).
template <class B, Isa I = kIsa>
struct PackBits {
  static void run(const B& flags, uint8_t* out) {
    using V = typename B::value_type;
    alignas(64) V lanes[B::size];
    flags.store_aligned(lanes);
    for (std::size_t byte = 0; byte < B::size / 8; ++byte) {
      uint8_t bits = 0;
      for (std::size_t bit = 0; bit < 8; ++bit) {
        if (lanes[byte * 8 + bit] != V(0)) bits |= uint8_t(1u << bit);
      }
      out[byte] = bits;
    }
  }
};

// An 8x8 block of 1, 2 or 4-byte elements, transposed between two strided
// matrices (strides in elements).
template <class U, Isa I = kIsa>
struct Transpose8x8 {
  static void run(U* dst, long dst_stride, const U* src, long src_stride) {
    for (long i = 0; i < 8; ++i) {
      for (long j = 0; j < 8; ++j)
        dst[j * dst_stride + i] = src[i * src_stride + j];
    }
  }
};

// select(cond, a, b) on compute batches.
template <class B, Isa I = kIsa>
struct Blend {
  static B run(const typename B::batch_bool_type& cond, const B& a,
               const B& b) {
    return xsimd::select(cond, a, b);
  }
};
template <class B>
B select(const typename B::batch_bool_type& cond, const B& a, const B& b) {
  return Blend<B>::run(cond, a, b);
}

// f applied one lane at a time, for an operation the batch's architecture
// has no exact vector form of: f(a[i], b[i], ...) into lane i.
template <class F, class T, std::size_t kArgs, std::size_t kLanes,
          std::size_t... k>
T apply_to_lane(const F& f, const T (&lanes)[kArgs][kLanes], std::size_t i,
                std::index_sequence<k...>) {
  return f(lanes[k][i]...);
}
template <class F, class B, class... Rest>
B lane_by_lane(const F& f, const B& first, const Rest&... rest) {
  using T = typename B::value_type;
  constexpr std::size_t kArgs = 1 + sizeof...(Rest);
  alignas(64) T lanes[kArgs][B::size];
  const B* batches[kArgs] = {&first, &rest...};
  for (std::size_t b = 0; b < kArgs; ++b) batches[b]->store_aligned(lanes[b]);
  alignas(64) T out[B::size];
  for (std::size_t i = 0; i < B::size; ++i) {
    out[i] = apply_to_lane(f, lanes, i, std::make_index_sequence<kArgs>{});
  }
  return B::load_aligned(out);
}

// a / b and sqrt(x) correctly rounded on every target. xsimd's NEON float
// division and square root are reciprocal estimates refined by Newton steps:
// an ulp off, and wrong at 0 and Inf. Generic: xsimd where it computes them
// exactly, lane by lane otherwise; simd_neon.h gives AArch64 its IEEE
// instructions.
template <class A>
inline constexpr bool kXsimdEstimatesFloat = std::is_base_of_v<xsimd::neon, A>;

template <class B, Isa I = kIsa>
struct Divide {
  using T = typename B::value_type;
  static B run(const B& a, const B& b) {
    if constexpr (std::is_same_v<T, float> &&
                  kXsimdEstimatesFloat<typename B::arch_type>) {
      return lane_by_lane([](T x, T y) { return x / y; }, a, b);
    } else {
      return a / b;
    }
  }
};
template <class B, Isa I = kIsa>
struct SquareRoot {
  using T = typename B::value_type;
  static B run(const B& a) {
    if constexpr (std::is_same_v<T, float> &&
                  kXsimdEstimatesFloat<typename B::arch_type>) {
      return lane_by_lane([](T x) { return std::sqrt(x); }, a);
    } else {
      return xsimd::sqrt(a);
    }
  }
};
template <class B>
B div(const B& a, const B& b) {
  return Divide<B>::run(a, b);
}
template <class B>
B sqrt(const B& x) {
  return SquareRoot<B>::run(x);
}
// xsimd's NEON floor loses the sign of -0.
template <class B>
B floor(const B& x) {
#if defined(__ARM_NEON)
  return xsimd::copysign(xsimd::floor(x), x);
#else
  return xsimd::floor(x);
#endif
}

// a * b + c rounded once, as an IEEE fma, on every target. xsimd fuses only
// where it has an FMA kernel for the batch's architecture (FMA3, FMA4,
// NEON); elsewhere (its AVX-512 batches, plain SSE) xsimd::fma is a * b + c,
// rounded twice unless the compiler contracts it (GCC at -O2, not at -O1,
// not Clang). Generic: lane by lane through std::fma where xsimd does not
// fuse; integer lanes wrap as a * b + c.
template <class A>
inline constexpr bool kXsimdFusesFma =
    std::is_base_of_v<xsimd::fma3<xsimd::sse4_2>, A> ||
    std::is_base_of_v<xsimd::fma3<xsimd::avx>, A> ||
    std::is_base_of_v<xsimd::fma3<xsimd::avx2>, A> ||
    std::is_base_of_v<xsimd::fma4, A> || std::is_base_of_v<xsimd::neon, A>;

template <class B, Isa I = kIsa>
struct FusedMultiplyAdd {
  using T = typename B::value_type;
  static B run(const B& a, const B& b, const B& c) {
    if constexpr (!std::is_floating_point_v<T>) {
      return a * b + c;
    } else if constexpr (kXsimdFusesFma<typename B::arch_type>) {
      return xsimd::fma(a, b, c);
    } else {
      return lane_by_lane([](T x, T y, T z) { return std::fma(x, y, z); }, a, b,
                          c);
    }
  }
};
// -x with the sign bit flipped, also for zeros: xsimd negates floats as
// 0 - x, which gives +0 for +0.
template <class B>
B negate(const B& x) {
  using T = typename B::value_type;
  if constexpr (std::is_floating_point_v<T>) {
    return xsimd::bitwise_xor(x, B(T(-0.0)));
  } else {
    return -x;
  }
}
// With an exact negation, each form below rounds once as well.
template <class B>
B fma(const B& a, const B& b, const B& c) {
  return FusedMultiplyAdd<B>::run(a, b, c);
}
// a * b - c.
template <class B>
B fms(const B& a, const B& b, const B& c) {
  return FusedMultiplyAdd<B>::run(a, b, negate(c));
}
// c - a * b.
template <class B>
B fnma(const B& a, const B& b, const B& c) {
  return FusedMultiplyAdd<B>::run(negate(a), b, c);
}

// Rounding of a float -> half store.
enum class HalfRound { kNearest, kDown, kUp, kTowardZero };

// The low 16 bits of each 32-bit lane (every lane below 2^16) stored as
// B::size uint16_t at p. Generic: through a buffer, element by element.
template <class B, Isa I = kIsa>
struct StoreLow16 {
  static void run(uint16_t* p, const B& lanes) {
    alignas(64) uint32_t bits[B::size];
    lanes.store_aligned(bits);
    for (std::size_t k = 0; k < B::size; ++k) p[k] = uint16_t(bits[k]);
  }
};

// Lane I/O of the convert shape: one batch of kLanes source elements in, one
// of kLanes target elements out.
template <Isa I = kTunedIsa>
struct ConvertLanes {
  using FloatV = xsimd::batch<float, TunedTarget>;
  using DoubleV = xsimd::batch<double, TunedTarget>;
  using Int32V = xsimd::batch<int32_t, TunedTarget>;
  static constexpr std::size_t kLanes = FloatV::size;

  // Exact for float, half, int8, int16; int32 rounds to nearest even.
  template <class T>
  XBANG_SCALAR_LANES static FloatV load_float(const T* p) {
    if constexpr (std::is_same_v<T, float>) return FloatV::load_unaligned(p);
    alignas(64) float lanes[kLanes];
    for (std::size_t i = 0; i < kLanes; ++i) lanes[i] = float(p[i]);
    return FloatV::load_aligned(lanes);
  }
  // int8, int16 or int32 lanes widened to int32.
  template <class T>
  XBANG_SCALAR_LANES static Int32V load_int32(const T* p) {
    alignas(64) int32_t lanes[kLanes];
    for (std::size_t i = 0; i < kLanes; ++i) lanes[i] = p[i];
    return Int32V::load_aligned(lanes);
  }
  // int32 lanes -> two double batches (exact).
  XBANG_SCALAR_LANES static void load_double(const int32_t* p, DoubleV& lo,
                                             DoubleV& hi) {
    alignas(64) double lanes[kLanes];
    for (std::size_t i = 0; i < kLanes; ++i) lanes[i] = p[i];
    lo = DoubleV::load_aligned(lanes);
    hi = DoubleV::load_aligned(lanes + DoubleV::size);
  }
  // Two double batches holding float values -> one float batch (exact).
  XBANG_SCALAR_LANES static FloatV narrow_to_float(const DoubleV& lo,
                                                   const DoubleV& hi) {
    alignas(64) double lanes[kLanes];
    lo.store_aligned(lanes);
    hi.store_aligned(lanes + DoubleV::size);
    alignas(64) float out[kLanes];
    for (std::size_t i = 0; i < kLanes; ++i) out[i] = float(lanes[i]);
    return FloatV::load_aligned(out);
  }
  // Stores int32 lanes already inside T's range.
  template <class T>
  XBANG_SCALAR_LANES static void store_int(T* p, const Int32V& v) {
    if constexpr (std::is_same_v<T, int32_t>) return v.store_unaligned(p);
    alignas(64) int32_t lanes[kLanes];
    v.store_aligned(lanes);
    for (std::size_t i = 0; i < kLanes; ++i) p[i] = T(lanes[i]);
  }
  // Whether store_half rounds with R itself; otherwise the lanes must
  // already hold half values.
  template <HalfRound R>
  static constexpr bool kHalfStoreRounds = R == HalfRound::kNearest;
  template <HalfRound R>
  XBANG_SCALAR_LANES static void store_half(half* p, const FloatV& v) {
    alignas(64) float lanes[kLanes];
    v.store_aligned(lanes);
    for (std::size_t i = 0; i < kLanes; ++i) p[i] = half(lanes[i]);
  }
};

}  // namespace simd
}  // namespace xbang
