// MLU inline assembly as C++ (docs/builtins.md). xbang-mlu-rewrite turns every
// `__asm__ volatile("...")` statement of a .mlu file and of the project
// headers it includes into calls of these functions; see
// bang/porting/mlu_asm.cpp for the instruction forms it accepts. Operands are
// checked like the built-ins' (NRAM operands in NRAM, counts not negative) in
// checked mode, and a bad instruction is reported and skipped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <type_traits>

#include "xbang/core/half.h"
#include "xbang/runtime/checked.h"

namespace xbang {
namespace detail {
void sync_pending_copies();  // runtime: the core's __sync*
}  // namespace detail

namespace inline_asm {

// `sync;`: waits for the core's own outstanding asynchronous copies.
inline void sync() { ::xbang::detail::sync_pending_copies(); }

enum class FuseOp { kAdd, kSub, kMul, kAnd, kOr, kEq, kNe, kLt, kLe, kGt, kGe };

// One `.op(operand)` stage of a fuse instruction: a scalar register or an
// NRAM vector ([...]) of the instruction's element type.
template <typename T>
struct FuseStep {
  FuseOp op;
  T scalar;
  const T* vector;  // null for a scalar operand
};

template <typename T, typename V>
FuseStep<T> scalar_step(FuseOp op, V value) {
  return FuseStep<T>{op, static_cast<T>(value), nullptr};
}
template <typename T, typename P>
FuseStep<T> vector_step(FuseOp op, P* pointer) {
  return FuseStep<T>{op, T(), reinterpret_cast<const T*>(pointer)};
}

namespace detail {

template <typename T>
using Bits = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;

template <typename T>
T bitwise(T a, T b, bool is_and) {
  Bits<T> x, y;
  std::memcpy(&x, &a, sizeof(T));
  std::memcpy(&y, &b, sizeof(T));
  const Bits<T> r = is_and ? Bits<T>(x & y) : Bits<T>(x | y);
  T result;
  std::memcpy(&result, &r, sizeof(T));
  return result;
}

// One stage; half arithmetic rounds after each stage (half's operators).
template <typename T>
T apply(FuseOp op, T a, T b) {
  switch (op) {
    case FuseOp::kAdd:
      return T(a + b);
    case FuseOp::kSub:
      return T(a - b);
    case FuseOp::kMul:
      return T(a * b);
    case FuseOp::kAnd:
      return bitwise(a, b, true);
    case FuseOp::kOr:
      return bitwise(a, b, false);
    case FuseOp::kEq:
      return T(a == b ? 1 : 0);
    case FuseOp::kNe:
      return T(a != b ? 1 : 0);
    case FuseOp::kLt:
      return T(a < b ? 1 : 0);
    case FuseOp::kLe:
      return T(a <= b ? 1 : 0);
    case FuseOp::kGt:
      return T(a > b ? 1 : 0);
    case FuseOp::kGe:
      return T(a >= b ? 1 : 0);
  }
  return a;
}

// In checked mode inside a launch: every vector operand lies in NRAM and the
// count is not negative; otherwise reports and returns false.
inline bool nram_operands_ok(const char* instruction, long count,
                             std::initializer_list<const void*> vectors,
                             std::ptrdiff_t element_bytes) {
  if (!::xbang::detail::checking_now()) return count >= 0;
  if (!::xbang::detail::check_count(instruction, count)) return false;
  for (const void* v : vectors) {
    if (!::xbang::detail::check_space(instruction, "operand", v,
                                      count * element_bytes,
                                      ::xbang::detail::Space::kNram)) {
      return false;
    }
  }
  return true;
}

}  // namespace detail

// fuse.nram.<type> [dst], count, [src0], .op(x), ...: each element of src0
// passes through the stages in order.
template <typename T, typename D, typename S, typename C, typename... Steps>
void fuse(const char* instruction, D* dst, C count, S* src0, Steps... steps) {
  T* out = reinterpret_cast<T*>(dst);
  const T* in = reinterpret_cast<const T*>(src0);
  const FuseStep<T> stages[] = {steps...};
  const long n = static_cast<long>(count);
  bool ok = detail::nram_operands_ok(instruction, n, {out, in}, sizeof(T));
  for (const FuseStep<T>& s : stages) {
    if (ok && s.vector != nullptr) {
      ok = detail::nram_operands_ok(instruction, n, {s.vector}, sizeof(T));
    }
  }
  if (!ok) return;
  for (long i = 0; i < n; ++i) {
    T value = in[i];
    for (const FuseStep<T>& s : stages) {
      value = detail::apply(s.op, value, s.vector ? s.vector[i] : s.scalar);
    }
    out[i] = value;
  }
}

// div.scalar.nram.<type> [dst], [src], divisor, count.
template <typename T, typename D, typename S, typename V, typename C>
void div_scalar(const char* instruction, D* dst, S* src, V divisor, C count) {
  T* out = reinterpret_cast<T*>(dst);
  const T* in = reinterpret_cast<const T*>(src);
  const long n = static_cast<long>(count);
  if (!detail::nram_operands_ok(instruction, n, {out, in}, sizeof(T))) return;
  const T d = static_cast<T>(divisor);
  for (long i = 0; i < n; ++i) out[i] = T(in[i] / d);
}

// findlast1.gpr.b32 dst, src: the index of the highest set bit of src
// (bit 0 is the least significant), or -1 (all ones) when src is 0.
template <typename D, typename S>
void findlast1(D& dst, S src) {
  const uint32_t bits = static_cast<uint32_t>(src);
  int index = -1;
  for (int b = 31; b >= 0; --b) {
    if (bits & (uint32_t(1) << b)) {
      index = b;
      break;
    }
  }
  dst = static_cast<D>(index);
}

// index.vvr.<type> dst, base, step: the vector register's lanes become
// base, base + step, base + 2 * step, ...
template <typename T, typename R, typename B, typename S>
void index_vvr(R& dst, B base, S step) {
  for (std::size_t i = 0; i < std::size(dst); ++i) {
    dst[i] = static_cast<T>(static_cast<T>(base) +
                            static_cast<T>(step) * static_cast<T>(i));
  }
}

// gather.vector.nram.nram.nram.u32 [dst], [src], [offsets], size, count,
// stride: element i copies `size` bytes from src + offsets[i] (bytes) to
// dst + i * stride.
template <typename D, typename S, typename O, typename Z, typename C,
          typename R>
void gather_vector(const char* instruction, D* dst, S* src, O* offsets, Z size,
                   C count, R stride) {
  const long n = static_cast<long>(count);
  const auto bytes = static_cast<std::ptrdiff_t>(size);
  const auto step = static_cast<std::ptrdiff_t>(stride);
  auto* out = reinterpret_cast<char*>(dst);
  const auto* in = reinterpret_cast<const char*>(src);
  const auto* at = reinterpret_cast<const uint32_t*>(offsets);
  if (!detail::nram_operands_ok(instruction, n, {at}, sizeof(uint32_t))) {
    return;
  }
  const bool checking = ::xbang::detail::checking_now();
  for (long i = 0; i < n; ++i) {
    const char* from = in + at[i];
    char* to = out + i * step;
    if (checking &&
        (!::xbang::detail::check_space(instruction, "src", from, bytes,
                                       ::xbang::detail::Space::kNram) ||
         !::xbang::detail::check_space(instruction, "dst", to, bytes,
                                       ::xbang::detail::Space::kNram))) {
      return;
    }
    std::memmove(to, from, static_cast<std::size_t>(bytes));
  }
}

}  // namespace inline_asm
}  // namespace xbang
