// Compaction built-ins: the src elements whose mask is set, packed to the
// front of dst in order.
//   __bang_collect(dst, src, mask, n)          mask: T, set when nonzero
//   __bang_collect_bitindex(dst, src, bits, n) mask: one bit per element
//   __bang_filter_bitindex(dst, src, bits, n)  the same, returns the count
//   __bang_select(dst, src, mask, n)           count header, then elements
//   __bang_select_bitindex(dst, src, bits, n)
// Bit masks are read least significant bit first (element 0 is bit 0 of
// byte 0): mlu-ops selects the even elements of an interleaved (x, y) array
// with the byte 0x55. Bit forms take n as a multiple of 8. __bang_select
// writes the count as uint32_t in dst's first 4 bytes, zeros the next 124
// and packs the elements from byte 128 on (mlu-ops roipoint_pool3d reads it
// so). Elements of dst past the packed ones are left as they were. dst may
// be src (exactly in place: compaction only moves elements forward).
#pragma once

#include <cstdint>
#include <cstring>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/selection.h"

namespace xbang {
namespace detail {

// The header __bang_select writes before the elements.
inline constexpr long kSelectHeaderBytes = 128;

// The operands of a compaction: dst_bytes of dst, n elements of src (equal
// to dst or disjoint, or with `disjoint` not overlapping it at all), the
// mask (n elements of T, or n bits with n a multiple of 8).
template <class T>
void compaction_contract(Contract& c, const void* dst, long dst_bytes,
                         const T* src, const void* mask, long n, bool bit_mask,
                         bool disjoint) {
  const long bytes = n * long(sizeof(T));
  const long mask_bytes = bit_mask ? n / 8 : bytes;
  c.count(n)
      .require(!bit_mask || n % 8 == 0,
               [&] {
                 return "n = " + std::to_string(n) + " is not a multiple of 8";
               })
      .dst(dst, dst_bytes);
  if (disjoint) {
    c.disjoint_src("src", src, bytes);
  } else {
    c.src("src", src, bytes);
  }
  c.operand("mask", mask, mask_bytes, Space::kNram).pending(mask, mask_bytes);
}

// Packs src[i] where mask[i] is nonzero; returns how many.
template <class T>
uint32_t collect_by_values(T* dst, const T* src, const T* mask, long n) {
  uint32_t kept = 0;
  for (long i = 0; i < n; ++i) {
    const T value = src[i];
    if (nonzero(mask[i])) dst[kept++] = value;
  }
  return kept;
}

// Packs src[i] where bit i of `bits` is set; whole bytes of ones or zeros
// move or skip eight elements at once.
template <class T>
uint32_t collect_by_bits(T* dst, const T* src, const uint8_t* bits, long n) {
  uint32_t kept = 0;
  for (long byte = 0; byte < n / 8; ++byte) {
    const uint8_t b = bits[byte];
    const T* from = src + byte * 8;
    if (b == 0) continue;
    if (b == 0xFF) {
      std::memmove(static_cast<void*>(dst + kept), from, 8 * sizeof(T));
      kept += 8;
      continue;
    }
    for (int bit = 0; bit < 8; ++bit) {
      if (b & (1u << bit)) dst[kept++] = from[bit];
    }
  }
  return kept;
}

template <class T>
uint32_t compact(T* dst, const T* src, const void* mask, long n,
                 bool bit_mask) {
  if (n <= 0) return 0;
  return bit_mask
             ? collect_by_bits(dst, src, static_cast<const uint8_t*>(mask), n)
             : collect_by_values(dst, src, static_cast<const T*>(mask), n);
}

// Compaction through the entry; returns the count (0 when skipped).
template <class T>
uint32_t run_compaction(const char* name, T* dst, const T* src,
                        const void* mask, long n, bool bit_mask) {
  return run_builtin_or(
      0u, name, Tally::elements(Family::kSelection, n),
      [&](Contract& c) {
        compaction_contract(c, dst, n * long(sizeof(T)), src, mask, n, bit_mask,
                            false);
      },
      [&] { return compact(dst, src, mask, n, bit_mask); });
}

// __bang_select's layout: the count, zeros to byte 128, then the elements
// (dst must not overlap src).
template <class T>
void select_with_header(const char* name, T* dst, const T* src,
                        const void* mask, long n, bool bit_mask) {
  char* base = reinterpret_cast<char*>(dst);
  T* elements = reinterpret_cast<T*>(base + kSelectHeaderBytes);
  run_builtin(
      name, Tally::elements(Family::kSelection, n),
      [&](Contract& c) {
        compaction_contract(
            c, dst, kSelectHeaderBytes + (n > 0 ? n : 0) * long(sizeof(T)), src,
            mask, n, bit_mask, true);
      },
      [&] {
        const uint32_t count = compact(elements, src, mask, n, bit_mask);
        std::memset(base, 0, kSelectHeaderBytes);
        std::memcpy(base, &count, sizeof count);
      });
}

}  // namespace detail
}  // namespace xbang

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_collect(T* dst, const T* src, const T* mask, int n) {
  xbang::detail::run_compaction("__bang_collect", dst, src, mask, n, false);
}
template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_collect_bitindex(T* dst, const T* src, const void* bits,
                                    int n) {
  xbang::detail::run_compaction("__bang_collect_bitindex", dst, src, bits, n,
                                true);
}
template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline uint32_t __bang_filter_bitindex(T* dst, const T* src, const void* bits,
                                       int n) {
  return xbang::detail::run_compaction("__bang_filter_bitindex", dst, src, bits,
                                       n, true);
}
template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_select(T* dst, const T* src, const T* mask, int n) {
  xbang::detail::select_with_header("__bang_select", dst, src, mask, n, false);
}
template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_select_bitindex(T* dst, const T* src, const void* bits,
                                   int n) {
  xbang::detail::select_with_header("__bang_select_bitindex", dst, src, bits, n,
                                    true);
}
