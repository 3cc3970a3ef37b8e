// A project header with MLU inline assembly, as mlu-ops' kernels/utils/
// common.h has: the .mlu file including it is rewritten with its headers.
#pragma once

// dst[i] = src[i] when src[i] is a NaN's bit pattern, else 0 (mlu-ops'
// mutual_information idiom: and, compare, multiply by -1, and).
__mlu_func__ void keep_nan_bits(int32_t *dst, int32_t *src, int32_t n) {
  __asm__ volatile(
      "fuse.nram.s32 [%[dst]], %[size], [%[src0]],"
      ".and(%[src1]), .ge(%[src2]), .mul(%[src3]),"
      ".and([%[src4]]);\n" ::[dst] "r"(dst),
      [size] "r"(n), [src0] "r"(src), [src1] "r"(0x7fffffff),
      [src2] "r"(0x7f800001), [src3] "r"(-1), [src4] "r"(src));
}
