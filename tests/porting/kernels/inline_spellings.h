// Device functions written the ways real kernel headers write them, each
// adding its own power of two: the inline keyword beside the qualifier,
// before or after it, with attribute groups between, a template head,
// constexpr, a host-and-device function. qualifier_spellings_block.mlu sums
// them (InlineSpellingsTotal).
#pragma once

#include <bang_device_functions.h>
#include <bang_device_types.h>

__mlu_func__ inline int spelled_1(int x) { return x + 1; }
static __mlu_func__ inline int spelled_2(int x) { return x + 2; }
inline __mlu_device__ int spelled_4(int x) { return x + 4; }
__mlu_func__ __attribute__((always_inline)) inline int spelled_8(int x) {
  return x + 8;
}
static inline __attribute__((always_inline)) __mlu_func__ int spelled_16(
    int x) {
  return x + 16;
}
template <typename T>
__mlu_func__ constexpr T spelled_32(T x) {
  return x + 32;
}
[[gnu::always_inline]] inline __mlu_func__ int spelled_64(int x) {
  return x + 64;
}
__mlu_host__ __mlu_device__ inline int spelled_128(int x) { return x + 128; }
