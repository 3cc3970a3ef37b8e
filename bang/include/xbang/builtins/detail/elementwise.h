// The elementwise shape templates: one vectorised kernel per shape (unary,
// binary, scalar, cycle) serves every built-in of that shape; an operation is
// a small functor over compute batches (Highway style, xbang::functors), and
// the shape entries at the end (unary_builtin, ...) run it under the built-in
// entry; the named built-ins of the family headers forward to them.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>

#include "xbang/builtins/detail/entry.h"
#include "xbang/builtins/detail/lanes.h"
#include "xbang/core/arch.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {

template <class T>
struct identity {
  using type = T;
};
template <class T>
using identity_t = typename identity<T>::type;

template <class T, class... Ts>
inline constexpr bool is_one_of = (std::is_same_v<T, Ts> || ...);

// The spec's type sets.
template <class T>
inline constexpr bool is_arith_type =
    is_one_of<T, half, float, int16_t, int32_t>;
template <class T>
inline constexpr bool is_float_type = is_one_of<T, half, float>;
template <class T>
inline constexpr bool is_bfloat16_type = std::is_same_v<T, bfloat16>;
// bfloat16_t forms of the arithmetic, scalar, abs and active families exist
// on the 5xx profile (592). The type sets below admit bfloat16 on every
// profile so that a call finds its built-in; on 290 and 372 the built-in's
// static_assert on form_on_arch<T> then stops the compile with a message
// naming the built-in and the arch, as cncc rejects the call.
inline constexpr bool kArchHasBfloat16Forms = __BANG_ARCH__ >= 500;
template <class T>
inline constexpr bool form_on_arch =
    !is_bfloat16_type<T> || kArchHasBfloat16Forms;
template <class T>
inline constexpr bool is_arith_or_bfloat16_type =
    is_arith_type<T> || is_bfloat16_type<T>;
template <class T>
inline constexpr bool is_float_or_bfloat16_type =
    is_float_type<T> || is_bfloat16_type<T>;
// The arithmetic types plus the other integer widths real kernels pass to
// add, sub, mul (vector, scalar and cycle forms) and not: integer results
// wrap modulo 2^bits, as the ALU's two's complement does.
template <class T>
inline constexpr bool is_wrapping_arith_type =
    is_arith_type<T> || is_one_of<T, int8_t, uint8_t, uint16_t, uint32_t>;
template <class T>
inline constexpr bool is_wrapping_arith_or_bfloat16_type =
    is_wrapping_arith_type<T> || is_bfloat16_type<T>;
// Integer types of __bang_div (quotient toward zero, see integer_quotient).
template <class T>
inline constexpr bool is_integer_div_type =
    is_one_of<T, int16_t, uint16_t, int32_t, uint32_t>;
template <class T>
inline constexpr bool is_bits_type =
    is_one_of<T, half, float, char, int8_t, uint8_t, int16_t, uint16_t, int32_t,
              uint32_t>;

// The contract of an elementwise built-in: n elements of dst and of each
// source, exact in place only, the pre-372 rule on dst's bytes.
template <class D, class... S>
void elementwise_contract(Contract& c, const D* dst, long n, const S*... srcs) {
  const std::ptrdiff_t dst_bytes = n * std::ptrdiff_t(sizeof(D));
  c.count(n).dst(dst, dst_bytes).vector_bytes(dst_bytes);
  (c.src("src", srcs, n * std::ptrdiff_t(sizeof(S))), ...);
}

// An elementwise built-in: the elementwise contract, n elements counted in
// `family`, then `body()`.
template <class Body, class D, class... S>
inline void run_elementwise(const char* name, Family family, const D* dst,
                            long n, const Body& body, const S*... srcs) {
  run_builtin(
      name, Tally::elements(family, n, sizeof(D)),
      [&](Contract& c) { elementwise_contract(c, dst, n, srcs...); }, body);
}

// dst[i] = op(a[i])
template <class T, class Op>
void unary(T* dst, const T* a, long n, Op op) {
  using L = Lanes<T>;
  const long step = long(L::size);
  long i = 0;
  for (; i + step <= n; i += step) L::store(dst + i, op(L::load(a + i)));
  if (i < n) {
    Tail<T>::store(dst + i, op(Tail<T>::load(a + i, n - i)), n - i);
  }
}

// dst[i] = op(a[i], b[i])
template <class T, class Op>
void binary(T* dst, const T* a, const T* b, long n, Op op) {
  using L = Lanes<T>;
  const long step = long(L::size);
  long i = 0;
  for (; i + 2 * step <= n; i += 2 * step) {
    const auto x0 = op(L::load(a + i), L::load(b + i));
    const auto x1 = op(L::load(a + i + step), L::load(b + i + step));
    L::store(dst + i, x0);
    L::store(dst + i + step, x1);
  }
  for (; i + step <= n; i += step) {
    L::store(dst + i, op(L::load(a + i), L::load(b + i)));
  }
  if (i < n) {
    Tail<T>::store(dst + i,
                   op(Tail<T>::load(a + i, n - i), Tail<T>::load(b + i, n - i)),
                   n - i);
  }
}

// dst[i] = op(a[i], scalar)
template <class T, class Op>
void scalar(T* dst, const T* a, T s, long n, Op op) {
  using L = Lanes<T>;
  const typename L::batch sb(static_cast<typename L::value>(s));
  unary(dst, a, n, [&](const auto& x) { return op(x, sb); });
}

// dst[i] = op(src[i], seg[i % seg_n]); src_n is a multiple of seg_n. Short
// segments are first repeated into a buffer so the inner loop stays long.
template <class T, class Op>
void cycle(T* dst, const T* src, const T* seg, long src_n, long seg_n, Op op) {
  if (seg_n <= 0 || src_n <= 0) return;
  constexpr long kRepeat = 512;
  if (seg_n < kRepeat / 4) {
    alignas(64) T repeated[kRepeat];
    const long period = (kRepeat / seg_n) * seg_n;
    for (long i = 0; i < period; ++i) repeated[i] = seg[i % seg_n];
    for (long i = 0; i < src_n; i += period) {
      const long len = src_n - i < period ? src_n - i : period;
      binary(dst + i, src + i, repeated, len, op);
    }
    return;
  }
  for (long i = 0; i < src_n; i += seg_n) {
    binary(dst + i, src + i, seg, src_n - i < seg_n ? src_n - i : seg_n, op);
  }
}

// The contract of a cycle built-in: src_n a multiple of seg_n, seg read in
// full.
template <class T>
void cycle_contract(Contract& c, const T* dst, const T* src, const T* seg,
                    long src_n, long seg_n) {
  c.count(src_n).count(seg_n).require(
      seg_n == 0 ? src_n == 0 : src_n % seg_n == 0, [&] {
        return "src_n " + std::to_string(src_n) +
               " is not a multiple of seg_n " + std::to_string(seg_n);
      });
  elementwise_contract(c, dst, src_n, src);
  c.operand("seg", seg, seg_n * long(sizeof(T)), Space::kNram)
      .pending(seg, seg_n * long(sizeof(T)));
}

// The four elementwise shapes as built-ins: the entry (contract, counting)
// around the vectorised loop of the shape, computing with Op and counting n
// elements in `family`. Each named built-in forwards to one of them.
template <class Op, class T>
XBANG_ENTRY_INLINE void unary_builtin(const char* name, Family family, T* dst,
                                      const T* src, int n) {
  run_elementwise(
      name, family, dst, n, [&] { unary(dst, src, n, Op{}); }, src);
}

template <class Op, class T>
XBANG_ENTRY_INLINE void binary_builtin(const char* name, Family family, T* dst,
                                       const T* a, const T* b, int n) {
  run_elementwise(
      name, family, dst, n, [&] { binary(dst, a, b, n, Op{}); }, a, b);
}

template <class Op, class T>
XBANG_ENTRY_INLINE void scalar_builtin(const char* name, Family family, T* dst,
                                       const T* src, T value, int n) {
  run_elementwise(
      name, family, dst, n, [&] { scalar(dst, src, value, n, Op{}); }, src);
}

template <class Op, class T>
XBANG_ENTRY_INLINE void cycle_builtin(const char* name, Family family, T* dst,
                                      const T* src, const T* seg, int src_n,
                                      int seg_n) {
  run_builtin(
      name, Tally::elements(family, src_n, sizeof(T)),
      [&](Contract& c) { cycle_contract(c, dst, src, seg, src_n, seg_n); },
      [&] { cycle(dst, src, seg, src_n, seg_n, Op{}); });
}

}  // namespace detail
}  // namespace xbang
