// Lanes<T>: how an array of T is loaded into and stored from compute
// batches. Native types compute in their own batch; `half` computes in float
// batches (xbang/isa/: F16C where available), so every elementwise template
// serves half without knowing about it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <xsimd/xsimd.hpp>

#include "xbang/core/bfloat16.h"
#include "xbang/core/half.h"
#include "xbang/isa/simd.h"

namespace xbang {
namespace detail {

template <class T>
struct Lanes {
  using value = T;
  using batch = xsimd::batch<T, simd::ComputeTarget>;
  static constexpr std::size_t size = batch::size;
  static batch load(const T* p) { return batch::load_unaligned(p); }
  static void store(T* p, const batch& b) { b.store_unaligned(p); }
};

template <>
struct Lanes<half> {
  using value = float;
  using batch = simd::HalfLanes<>::batch;
  static constexpr std::size_t size = batch::size;
  static batch load(const half* p) { return simd::HalfLanes<>::load(p); }
  static void store(half* p, const batch& b) { simd::HalfLanes<>::store(p, b); }
};

// bfloat16 computes in float batches too: a load widens the bits (exact), a
// store rounds to nearest, ties to even, a NaN staying a quiet NaN (the
// scalar conversion of core/bfloat16.h).
template <>
struct Lanes<bfloat16> {
  using value = float;
  using batch = xsimd::batch<float, simd::ComputeTarget>;
  using bits = xsimd::batch<uint32_t, simd::ComputeTarget>;
  static constexpr std::size_t size = batch::size;
  static batch load(const bfloat16* p) {
    alignas(64) uint32_t wide[size];
    for (std::size_t i = 0; i < size; ++i) wide[i] = uint32_t(p[i].bits) << 16;
    return xsimd::bitwise_cast<batch>(bits::load_aligned(wide));
  }
  static void store(bfloat16* p, const batch& b) {
    const bits u = xsimd::bitwise_cast<bits>(b);
    const bits rounded = (u + bits(0x7fffu) + ((u >> 16) & bits(1u))) >> 16;
    // 1 for a NaN (the sign bit of inf - |u|), else 0; then a mask.
    const bits nan = (bits(0x7f800000u) - (u & bits(0x7fffffffu))) >> 31;
    const bits quiet = (u >> 16) | bits(0x40u);
    simd::StoreLow16<bits>::run(
        reinterpret_cast<uint16_t*>(p),
        (rounded & (nan - bits(1u))) | (quiet & (bits(0u) - nan)));
  }
};

// Same-size unsigned integer, for built-ins that work on raw bits.
template <class T>
using raw_bits_t = std::conditional_t<
    sizeof(T) == 1, uint8_t,
    std::conditional_t<sizeof(T) == 2, uint16_t,
                       std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;

// Bitwise built-ins run the shape templates on the same-size unsigned type.
template <class T>
raw_bits_t<T>* raw(T* p) {
  return reinterpret_cast<raw_bits_t<T>*>(p);
}
template <class T>
const raw_bits_t<T>* raw(const T* p) {
  return reinterpret_cast<const raw_bits_t<T>*>(p);
}

// The first `count` (< Lanes<T>::size) elements of an array tail as a batch,
// and back (masked-off lanes read as 0 and are never written).
template <class T>
using Tail = simd::TailLanes<T, Lanes<T>>;

}  // namespace detail
}  // namespace xbang
