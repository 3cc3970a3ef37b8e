// The element a fill built-in writes (__bang_write_value, __memset_nram,
// __gdramset / __sramset / __nramset / __wramset / __ldramset).
//
// The device's fills take dst as void* and are overloaded on the value's
// type: char, short, half, bfloat16, int, float and their signed/unsigned
// forms. The value's own type decides the element width and bit pattern,
// whatever dst points to: real kernels write an int32 bit pattern into a
// float buffer this way (mlu-ops' lgamma writes +inf as (int)0x7f800000,
// border_align backward writes int32 step numbers into a float buffer and
// compares them as int32; byte masks go through float pointers). A bool
// promotes to int, as overload resolution picks the int form. A value of
// any other type (double, long), for which the device's overloads are
// ambiguous, is xbang's leniency: it converts to the pointee type (stays its
// own type for void*).
#pragma once

#include <type_traits>

#include "xbang/core/bfloat16.h"
#include "xbang/core/half.h"

namespace xbang {
namespace detail {

template <class V>
inline constexpr bool is_device_fill_value =
    std::disjunction_v<std::is_same<V, char>, std::is_same<V, signed char>,
                       std::is_same<V, unsigned char>, std::is_same<V, short>,
                       std::is_same<V, unsigned short>, std::is_same<V, int>,
                       std::is_same<V, unsigned int>, std::is_same<V, float>,
                       std::is_same<V, ::xbang::half>,
                       std::is_same<V, ::xbang::bfloat16>>;

template <class T, class V>
using fill_elem_t =
    std::conditional_t<is_device_fill_value<V> || std::is_void_v<T>, V,
                       std::remove_cv_t<T>>;

}  // namespace detail
}  // namespace xbang
