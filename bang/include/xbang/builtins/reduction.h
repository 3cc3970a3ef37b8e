// Reduction built-ins over NRAM vectors:
//   __bang_reduce_sum(dst, src, n)  per 128-byte block of src: the block's
//                                   sum in the block's first element of dst
//   T __bang_sum(src, n)            the sum of n elements, returned
// Types: half, float, int32 (kernels sum 0/1 masks), bfloat16_t on 5xx.
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

// bfloat16_t on 5xx (form_on_arch).
template <class T>
inline constexpr bool is_sum_type =
    is_one_of<T, half, float, int32_t, bfloat16>;

// The contract of the reduction family: n elements of src and (when there
// is one) of dst, exact in place only.
template <class T>
void reduction_contract(Contract& c, const T* dst, const T* src, long n) {
  const long bytes = n * long(sizeof(T));
  c.count(n);
  if (dst != nullptr) c.dst(dst, bytes);
  c.src("src", src, bytes);
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
  static_assert(::xbang::detail::form_on_arch<T>,
                "__bang_sum: no bfloat16_t form on this arch (__BANG_ARCH__ < "
                "500; mtp_592 has it)");
  using namespace xbang::detail;
  return run_builtin_or(
      T(0), "__bang_sum", Tally::elements(xbang::Family::kArithmetic, n),
      [=](Contract& c) { reduction_contract<T>(c, nullptr, src, n); },
      [&] { return n > 0 ? to_element<T>(sum_lanes(src, n)) : T(0); });
}

template <class T, std::enable_if_t<::xbang::detail::is_sum_type<T>, int> = 0>
inline void __bang_reduce_sum(T* dst, const T* src, int n) {
  static_assert(
      ::xbang::detail::form_on_arch<T>,
      "__bang_reduce_sum: no bfloat16_t form on this arch (__BANG_ARCH__ < "
      "500; mtp_592 has it)");
  using namespace xbang::detail;
  run_builtin(
      "__bang_reduce_sum", Tally::elements(xbang::Family::kArithmetic, n),
      [=](Contract& c) { reduction_contract(c, dst, src, n); },
      [&] {
        constexpr long kBlock = kReduceBlockBytes / long(sizeof(T));
        for (long first = 0; first < n; first += kBlock) {
          const long count = n - first < kBlock ? n - first : kBlock;
          const T sum = to_element<T>(sum_lanes(src + first, count));
          std::memset(static_cast<void*>(dst + first), 0,
                      size_t(count) * sizeof(T));
          dst[first] = sum;
        }
      });
}
