// <bang_fusor.h>: bang::experimental::fusor, a chain of elementwise
// operations on one NRAM vector,
//   bang::experimental::fusor<float>(dst, src, n).mul(s).sqrt().add(e);
// The first operation reads src, every later one reads dst; each writes
// dst. Each step runs as soon as it is called (one pass per step), with the
// checks and counting of the matching __bang_* built-in.
#pragma once

#include <bang.h>

#include "xbang/builtins/detail/elementwise.h"
#include "xbang/builtins/detail/ops.h"

namespace bang {
namespace experimental {

template <class T>
class fusor {
  static_assert(::xbang::detail::is_arith_type<T>,
                "fusor supports half, float, int16_t and int32_t");

 public:
  fusor(T* dst, const T* src, int n) : dst_(dst), current_(src), n_(n) {}

  fusor& add(T value) { return with_scalar(value, ::xbang::functors::Add{}); }
  fusor& sub(T value) { return with_scalar(value, ::xbang::functors::Sub{}); }
  fusor& mul(T value) { return with_scalar(value, ::xbang::functors::Mul{}); }
  fusor& add(const T* other) {
    return with_vector(other, ::xbang::functors::Add{});
  }
  fusor& sub(const T* other) {
    return with_vector(other, ::xbang::functors::Sub{});
  }
  fusor& mul(const T* other) {
    return with_vector(other, ::xbang::functors::Mul{});
  }
  fusor& maximum(const T* other) {
    return with_vector(other, ::xbang::functors::MaxEqual{});
  }
  fusor& minimum(const T* other) {
    return with_vector(other, ::xbang::functors::MinEqual{});
  }
  fusor& abs() { return with_unary(::xbang::functors::Abs{}); }
  fusor& square() { return with_unary(::xbang::functors::Square{}); }
  fusor& div(T value) {
    static_assert(::xbang::detail::is_float_type<T>, "div needs half or float");
    return with_scalar(value, ::xbang::functors::Div{});
  }
  fusor& div(const T* other) {
    static_assert(::xbang::detail::is_float_type<T>, "div needs half or float");
    return with_vector(other, ::xbang::functors::Div{});
  }
  fusor& sqrt() {
    static_assert(::xbang::detail::is_float_type<T>,
                  "sqrt needs half or float");
    return with_unary(::xbang::functors::Sqrt{});
  }

 private:
  template <class Op>
  fusor& with_scalar(T value, Op op) {
    ::xbang::detail::run_elementwise(
        kName, ::xbang::Family::kArithmetic, dst_, n_,
        [&] { ::xbang::detail::scalar(dst_, current_, value, n_, op); },
        current_);
    return next_step();
  }
  template <class Op>
  fusor& with_vector(const T* other, Op op) {
    ::xbang::detail::run_elementwise(
        kName, ::xbang::Family::kArithmetic, dst_, n_,
        [&] { ::xbang::detail::binary(dst_, current_, other, n_, op); },
        current_, other);
    return next_step();
  }
  template <class Op>
  fusor& with_unary(Op op) {
    ::xbang::detail::run_elementwise(
        kName, ::xbang::Family::kArithmetic, dst_, n_,
        [&] { ::xbang::detail::unary(dst_, current_, n_, op); }, current_);
    return next_step();
  }
  // A step that failed its checks was skipped (and not counted); the chain
  // goes on reading dst.
  fusor& next_step() {
    current_ = dst_;
    return *this;
  }

  static constexpr const char* kName = "bang::experimental::fusor";
  T* dst_;
  const T* current_;
  int n_;
};

}  // namespace experimental
}  // namespace bang
