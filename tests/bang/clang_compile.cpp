// Instantiates a built-in of every family: compiled by the CTest test
// bang_header_compiles_with_clang with clang++ -fsyntax-only.
#include <bang.h>
void every_family(float* d, float* a, half* h, int8_t* i8, char* c,
                  uint32_t* off, int32_t* i32) {
  __bang_transpose(d, a, 8, 8);
  __bang_rotate90(h, h, 4, 4);
  __bang_mirror(c, c, 4, 4);
  __bang_atomic_reduce_add(d, a, 8);
  __bang_atomic_add(d, d, a, 8);
  __bang_atomic_add(d, d, 1.0f, 8);
  __memcpy(d, a, 32, GDRAM2NRAM);
  __memcpy(d, a, 32, GDRAM2NRAM, 64, 64, 3);
  __memcpy_async(d, a, 32, GDRAM2NRAM);
  __bang_write_value(d, 8, 0);
  __bang_move(d, a, 32);
  __gather(d, a, off, 4, GDRAM2NRAM, 4, 8);
  __scatter(d, a, off, c, 4, NRAM2GDRAM, 4, 8);
  __bang_float2half(h, a, 64);
  __bang_half2int8_rn(i8, h, 64, 2);
  __bang_int322float(d, i32, 64, 0);
  __bang_int82half(h, i8, 64);
  __bang_matmul(d, a, a, 4, 4, 4);
  __bang_conv(d, h, h, 1, 4, 4, 2, 2, 1, 1, 1);
  __bang_filter(d, a, a, 8);
  __bang_count(c, 8);
  __bang_findfirst1(d, 8);
  __bang_argmax(h, h, 8);
  __bang_band(c, c, c, 8);
  __bang_bnot(c, c, 8);
  __bang_band_scalar(c, c, 'a', 8);
  __bang_eq_bitindex(d, a, a, 64);
  __bang_gt_bitindex(h, h, h, 64);
  __bang_cycle_add(d, a, a, 64, 8);
  __bang_add_scalar(h, h, half(1.f), 8);
}
int main() {}
