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

template <class T>
XBANG_CHECK_PATH bool compaction_ok(const char* name, const T* dst,
                                    long dst_bytes, const T* src,
                                    const void* mask, long mask_bytes, long n,
                                    bool bit_mask) {
  if (!check_count(name, n)) return false;
  if (bit_mask && n % 8 != 0) {
    report(name, "n = " + std::to_string(n) + " is not a multiple of 8");
    return false;
  }
  const long src_bytes = n * long(sizeof(T));
  return check_space(name, "dst", dst, dst_bytes, Space::kNram) &&
         check_space(name, "src", src, src_bytes, Space::kNram) &&
         check_inplace(name, dst, dst_bytes, src, src_bytes) &&
         check_not_pending(name, src, src_bytes) &&
         check_space(name, "mask", mask, mask_bytes, Space::kNram) &&
         check_not_pending(name, mask, mask_bytes);
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

// Returns how many elements were kept, or -1 when the operands failed the
// checks (nothing written).
template <class T>
long compact(const char* name, T* dst, const T* src, const void* mask, long n,
             bool bit_mask) {
  const long mask_bytes = bit_mask ? n / 8 : n * long(sizeof(T));
  if (XBANG_CHECKING() && !compaction_ok(name, dst, n * long(sizeof(T)), src,
                                         mask, mask_bytes, n, bit_mask)) {
    return -1;
  }
  if (n <= 0) return 0;
  const uint32_t kept =
      bit_mask ? collect_by_bits(dst, src, static_cast<const uint8_t*>(mask), n)
               : collect_by_values(dst, src, static_cast<const T*>(mask), n);
  count_elements(Family::kSelection, uint64_t(n));
  return kept;
}

// __bang_select's layout: the count, zeros to byte 128, then the elements.
// The elements are packed first (src may be dst) and the header written
// after.
template <class T>
void select_with_header(const char* name, T* dst, const T* src,
                        const void* mask, long n, bool bit_mask) {
  char* base = reinterpret_cast<char*>(dst);
  T* elements = reinterpret_cast<T*>(base + kSelectHeaderBytes);
  if (XBANG_CHECKING()) {
    const long dst_bytes =
        kSelectHeaderBytes + (n > 0 ? n : 0) * long(sizeof(T));
    if (!check_space(name, "dst", dst, dst_bytes, Space::kNram) ||
        !check_disjoint(name, dst, dst_bytes, src, n * long(sizeof(T)))) {
      return;
    }
  }
  const long kept = compact(name, elements, src, mask, n, bit_mask);
  if (kept < 0) return;
  const uint32_t count = uint32_t(kept);
  std::memset(base, 0, kSelectHeaderBytes);
  std::memcpy(base, &count, sizeof count);
}

}  // namespace detail
}  // namespace xbang

template <class T, std::enable_if_t<::xbang::detail::is_arith_type<T>, int> = 0>
inline void __bang_collect(T* dst, const T* src, const T* mask, int n) {
  xbang::detail::compact("__bang_collect", dst, src, mask, n, false);
}
template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline void __bang_collect_bitindex(T* dst, const T* src, const void* bits,
                                    int n) {
  xbang::detail::compact("__bang_collect_bitindex", dst, src, bits, n, true);
}
template <class T, std::enable_if_t<::xbang::detail::is_bits_type<T>, int> = 0>
inline uint32_t __bang_filter_bitindex(T* dst, const T* src, const void* bits,
                                       int n) {
  const long kept =
      xbang::detail::compact("__bang_filter_bitindex", dst, src, bits, n, true);
  return kept < 0 ? 0u : uint32_t(kept);
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
