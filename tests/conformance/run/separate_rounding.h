// Float arithmetic rounded after every operation, as the MLU's separate
// vector instructions (__bang_mul, __bang_square, __bang_add...) round it.
// An optimising compiler may contract a * b + c into one fused multiply-add
// (GCC does by default on FMA hardware), which rounds once; a reference whose
// operation order is the kernel's goes through these to stay bit-exact.
#pragma once

namespace conformance_reference {

// The value stored and reloaded, so it cannot be fused with what follows.
inline float rounded(float value) {
  volatile float stored = value;
  return stored;
}

inline float mul_rounded(float a, float b) { return rounded(a * b); }

}  // namespace conformance_reference
