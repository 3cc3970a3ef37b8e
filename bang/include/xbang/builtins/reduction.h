// Reduction built-ins over NRAM vectors:
//   __bang_reduce_sum(dst, src, n)  per 128-byte block of src: the block's
//                                   sum in the block's first element of dst
//   T __bang_sum(src, n)            the sum of n elements, returned
// Types: half and float (__bang_sum also int32, which kernels call on 0/1
// masks).
//
// Choices where the meaning is uncertain:
// - reduce_sum writes each block's sum to dst[block * kReduceBlockElems]
//   and zero to the rest of that block; a last partial block sums what it
//   has and its dst block is cut at n as well. dst may equal src.
// - Sums are taken in float lanes (half is widened), lane-parallel and then
//   across lanes, so a float sum's rounding differs from a sequential loop's
//   by the order of additions; a NaN or Inf in src propagates as IEEE says.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "xbang/builtins/detail/elementwise.h"

namespace xbang {
namespace detail {

inline constexpr long kReduceBlockBytes = 128;

template <class T>
inline constexpr bool is_sum_type = is_one_of<T, half, float, int32_t>;

// The one operand check of the reduction family.
template <class T>
XBANG_CHECK_PATH bool reduction_ok(const char* name, const T* dst, const T* src,
                                   long n) {
  if (!check_count(name, n)) return false;
  const long bytes = n * long(sizeof(T));
  return check_space(name, "src", src, bytes, Space::kNram) &&
         check_not_pending(name, src, bytes) &&
         (dst == nullptr ||
          (check_space(name, "dst", dst, bytes, Space::kNram) &&
           check_inplace(name, dst, bytes, src, bytes)));
}

// Sum of src[0, n) in compute lanes: several accumulators, then across lanes.
template <class T>
auto sum_lanes(const T* src, long n) {
  using L = Lanes<T>;
  using B = typename L::batch;
  const long step = long(L::size);
  B acc0(0), acc1(0);
  long i = 0;
  for (; i + 2 * step <= n; i += 2 * step) {
    acc0 += L::load(src + i);
    acc1 += L::load(src + i + step);
  }
  for (; i + step <= n; i += step) acc0 += L::load(src + i);
  if (i < n) acc1 += Tail<T>::load(src + i, n - i);
  return xsimd::hadd(acc0 + acc1);
}

template <class T>
T to_element(typename Lanes<T>::value v) {
  if constexpr (std::is_same_v<T, half>) {
    return half(v);
  } else {
    return T(v);
  }
}

}  // namespace detail
}  // namespace xbang

template <class T, std::enable_if_t<::xbang::detail::is_sum_type<T>, int> = 0>
inline T __bang_sum(const T* src, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() && !reduction_ok<T>("__bang_sum", nullptr, src, n)) {
    return T(0);
  }
  if (n <= 0) return T(0);
  count_elements(xbang::Family::kArithmetic, uint64_t(n));
  return to_element<T>(sum_lanes(src, n));
}

template <class T, std::enable_if_t<::xbang::detail::is_sum_type<T>, int> = 0>
inline void __bang_reduce_sum(T* dst, const T* src, int n) {
  using namespace xbang::detail;
  if (XBANG_CHECKING() && !reduction_ok("__bang_reduce_sum", dst, src, n)) {
    return;
  }
  constexpr long kBlock = kReduceBlockBytes / long(sizeof(T));
  for (long first = 0; first < n; first += kBlock) {
    const long count = n - first < kBlock ? n - first : kBlock;
    const T sum = to_element<T>(sum_lanes(src + first, count));
    std::memset(static_cast<void*>(dst + first), 0, size_t(count) * sizeof(T));
    dst[first] = sum;
  }
  if (n > 0) count_elements(xbang::Family::kArithmetic, uint64_t(n));
}
