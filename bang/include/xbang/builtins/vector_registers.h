// Vector registers of __mlu_vector__ functions: vv_<type> holds
// __vv_get_length() bytes of lanes, and the __vv_* built-ins work on whole
// registers:
//   __vv_get_length()                   register length in bytes
//   __vv_move(r, scalar) / (r, r2)      broadcast / copy
//   __vv_index(r, start, step)          r[i] = start + i * step
//   __vv_load(r, src[, count])          count lanes from NRAM (default all)
//   __vv_store(dst, r[, count])         count lanes to NRAM (default all)
//   __vv_add / sub / mul / mulh / and / or / xor(r, a, b)   b a register or
//                                       a scalar; mulh is the high half of
//                                       the integer product
//   __vv_trixor(r, a, b, c)             a ^ b ^ c (c a register or scalar)
// Lane types: float, half, int32, uint32, int16, uint16 (vv_float, ...).
//
// Choices where the meaning is uncertain: a register is kVectorRegisterBytes
// = 256 bytes (mlu-ops stores 64 uint32 lanes per register); integer lanes
// wrap; half lanes compute in float and round to nearest even per operation;
// a load or store count beyond the register is clamped to it (checked mode
// reports it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <xsimd/xsimd.hpp>

#include "xbang/builtins/detail/entry.h"
#include "xbang/builtins/detail/lanes.h"
#include "xbang/core/half.h"
#include "xbang/runtime/checked.h"

#ifndef __mlu_vector__
#define __mlu_vector__ inline
#endif

namespace xbang {

inline constexpr int kVectorRegisterBytes = 256;

template <class T>
struct VectorRegister {
  static constexpr int kLanes = kVectorRegisterBytes / int(sizeof(T));
  alignas(64) T lane[kLanes];

  // Lane access, as the inline-assembly emulation writes registers.
  static constexpr std::size_t size() { return std::size_t(kLanes); }
  T& operator[](std::size_t i) { return lane[i]; }
  const T& operator[](std::size_t i) const { return lane[i]; }
};

namespace detail {

template <class T>
inline constexpr bool is_register_lane =
    std::is_same_v<T, float> || std::is_same_v<T, half> ||
    std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t> ||
    std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t>;

// A scalar second operand: any C++ number, or half (which the standard
// traits do not count as arithmetic where it is _Float16 or a class).
template <class V>
inline constexpr bool is_register_scalar =
    std::is_arithmetic_v<V> || std::is_same_v<V, half>;

// r = op(a, b) lane by lane through the compute batches of T.
template <class T, class Op>
void register_binary(VectorRegister<T>& r, const VectorRegister<T>& a,
                     const VectorRegister<T>& b, Op op) {
  using L = Lanes<T>;
  static_assert(VectorRegister<T>::kLanes % L::size == 0, "whole batches");
  for (int i = 0; i < VectorRegister<T>::kLanes; i += int(L::size)) {
    L::store(r.lane + i, op(L::load(a.lane + i), L::load(b.lane + i)));
  }
}

template <class T>
VectorRegister<T> broadcast(T value) {
  VectorRegister<T> r;
  for (auto& x : r.lane) x = value;
  return r;
}

// Moves `count` lanes between a register and NRAM at p (clamped to the
// register's lanes; checked mode reports a count past them).
template <class T, class Move>
XBANG_ENTRY_INLINE void register_access(const char* name, const void* p,
                                        int count, Move move) {
  constexpr int kLanes = VectorRegister<T>::kLanes;
  run_builtin(
      name, Tally::none(),
      [=](Contract& c) {
        c.count(count)
            .require(count <= kLanes,
                     [&] {
                       return "count " + std::to_string(count) +
                              " exceeds the register's " +
                              std::to_string(kLanes) + " lanes";
                     })
            .operand("nram", p, long(count) * long(sizeof(T)), Space::kNram);
      },
      [&] {
        move(size_t(count < 0        ? 0
                    : count > kLanes ? kLanes
                                     : count) *
             sizeof(T));
      });
}

// High half of the product of two integer lanes.
template <class T>
T multiply_high(T a, T b) {
  using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
  return T((Wide(a) * Wide(b)) >> (8 * sizeof(T)));
}

}  // namespace detail
}  // namespace xbang

using vv_float = xbang::VectorRegister<float>;
using vv_half = xbang::VectorRegister<half>;
using vv_int32 = xbang::VectorRegister<int32_t>;
using vv_uint32 = xbang::VectorRegister<uint32_t>;
using vv_int16 = xbang::VectorRegister<int16_t>;
using vv_uint16 = xbang::VectorRegister<uint16_t>;

inline constexpr unsigned __vv_get_length() {
  return unsigned(xbang::kVectorRegisterBytes);
}

template <class T, class V>
inline void __vv_move(xbang::VectorRegister<T>& r, V value) {
  r = xbang::detail::broadcast<T>(static_cast<T>(value));
}
template <class T>
inline void __vv_move(xbang::VectorRegister<T>& r,
                      const xbang::VectorRegister<T>& a) {
  r = a;
}

template <class T, class V, class S>
inline void __vv_index(xbang::VectorRegister<T>& r, V start, S step) {
  for (int i = 0; i < xbang::VectorRegister<T>::kLanes; ++i) {
    r.lane[i] = static_cast<T>(start + static_cast<V>(i) * step);
  }
}

template <class T>
inline void __vv_load(xbang::VectorRegister<T>& r, const T* src,
                      int count = xbang::VectorRegister<T>::kLanes) {
  xbang::detail::register_access<T>("__vv_load", src, count, [&](size_t bytes) {
    std::memcpy(static_cast<void*>(r.lane), src, bytes);
  });
}
template <class T>
inline void __vv_store(T* dst, const xbang::VectorRegister<T>& r,
                       int count = xbang::VectorRegister<T>::kLanes) {
  xbang::detail::register_access<T>(
      "__vv_store", dst, count, [&](size_t bytes) {
        std::memcpy(static_cast<void*>(dst), r.lane, bytes);
      });
}

// Each binary built-in takes its second operand as a register or a scalar.
#define XBANG_ANY_LANE ::xbang::detail::is_register_lane<T>
#define XBANG_INT_LANE \
  (::xbang::detail::is_register_lane<T> && std::is_integral_v<T>)
#define XBANG_ANY_LANE_SCALAR \
  (XBANG_ANY_LANE && ::xbang::detail::is_register_scalar<V>)
#define XBANG_INT_LANE_SCALAR \
  (XBANG_INT_LANE && ::xbang::detail::is_register_scalar<V>)
template <class T, std::enable_if_t<XBANG_ANY_LANE, int> = 0>
inline void __vv_add(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a,
                     const xbang::VectorRegister<T>& b) {
  xbang::detail::register_binary(
      r, a, b, [](const auto& x, const auto& y) { return x + y; });
}
template <class T, class V, std::enable_if_t<XBANG_ANY_LANE_SCALAR, int> = 0>
inline void __vv_add(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a, V b) {
  __vv_add(r, a, xbang::detail::broadcast<T>(static_cast<T>(b)));
}

template <class T, std::enable_if_t<XBANG_ANY_LANE, int> = 0>
inline void __vv_sub(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a,
                     const xbang::VectorRegister<T>& b) {
  xbang::detail::register_binary(
      r, a, b, [](const auto& x, const auto& y) { return x - y; });
}
template <class T, class V, std::enable_if_t<XBANG_ANY_LANE_SCALAR, int> = 0>
inline void __vv_sub(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a, V b) {
  __vv_sub(r, a, xbang::detail::broadcast<T>(static_cast<T>(b)));
}

template <class T, std::enable_if_t<XBANG_ANY_LANE, int> = 0>
inline void __vv_mul(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a,
                     const xbang::VectorRegister<T>& b) {
  xbang::detail::register_binary(
      r, a, b, [](const auto& x, const auto& y) { return x * y; });
}
template <class T, class V, std::enable_if_t<XBANG_ANY_LANE_SCALAR, int> = 0>
inline void __vv_mul(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a, V b) {
  __vv_mul(r, a, xbang::detail::broadcast<T>(static_cast<T>(b)));
}

template <class T, std::enable_if_t<XBANG_INT_LANE, int> = 0>
inline void __vv_and(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a,
                     const xbang::VectorRegister<T>& b) {
  xbang::detail::register_binary(
      r, a, b, [](const auto& x, const auto& y) { return x & y; });
}
template <class T, class V, std::enable_if_t<XBANG_INT_LANE_SCALAR, int> = 0>
inline void __vv_and(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a, V b) {
  __vv_and(r, a, xbang::detail::broadcast<T>(static_cast<T>(b)));
}

template <class T, std::enable_if_t<XBANG_INT_LANE, int> = 0>
inline void __vv_or(xbang::VectorRegister<T>& r,
                    const xbang::VectorRegister<T>& a,
                    const xbang::VectorRegister<T>& b) {
  xbang::detail::register_binary(
      r, a, b, [](const auto& x, const auto& y) { return x | y; });
}
template <class T, class V, std::enable_if_t<XBANG_INT_LANE_SCALAR, int> = 0>
inline void __vv_or(xbang::VectorRegister<T>& r,
                    const xbang::VectorRegister<T>& a, V b) {
  __vv_or(r, a, xbang::detail::broadcast<T>(static_cast<T>(b)));
}

template <class T, std::enable_if_t<XBANG_INT_LANE, int> = 0>
inline void __vv_xor(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a,
                     const xbang::VectorRegister<T>& b) {
  xbang::detail::register_binary(
      r, a, b, [](const auto& x, const auto& y) { return x ^ y; });
}
template <class T, class V, std::enable_if_t<XBANG_INT_LANE_SCALAR, int> = 0>
inline void __vv_xor(xbang::VectorRegister<T>& r,
                     const xbang::VectorRegister<T>& a, V b) {
  __vv_xor(r, a, xbang::detail::broadcast<T>(static_cast<T>(b)));
}

// The high half: a plain lane loop over the widened product, which the
// compiler vectorises (xsimd has no high-multiply).
template <class T, std::enable_if_t<XBANG_INT_LANE, int> = 0>
inline void __vv_mulh(xbang::VectorRegister<T>& r,
                      const xbang::VectorRegister<T>& a,
                      const xbang::VectorRegister<T>& b) {
  for (int i = 0; i < xbang::VectorRegister<T>::kLanes; ++i) {
    r.lane[i] = xbang::detail::multiply_high(a.lane[i], b.lane[i]);
  }
}
template <class T, class V, std::enable_if_t<XBANG_INT_LANE_SCALAR, int> = 0>
inline void __vv_mulh(xbang::VectorRegister<T>& r,
                      const xbang::VectorRegister<T>& a, V b) {
  __vv_mulh(r, a, xbang::detail::broadcast<T>(static_cast<T>(b)));
}

template <class T, class C, std::enable_if_t<XBANG_INT_LANE, int> = 0>
inline void __vv_trixor(xbang::VectorRegister<T>& r,
                        const xbang::VectorRegister<T>& a,
                        const xbang::VectorRegister<T>& b, const C& c) {
  xbang::VectorRegister<T> ab;
  __vv_xor(ab, a, b);
  __vv_xor(r, ab, c);
}
#undef XBANG_ANY_LANE
#undef XBANG_INT_LANE
#undef XBANG_ANY_LANE_SCALAR
#undef XBANG_INT_LANE_SCALAR
