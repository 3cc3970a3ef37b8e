// A bfloat16_t atomic called in a kernel compiled for 372: the 5xx profile
// alone has it, so this file must not compile, and the error names the
// built-in, the type and the arch (the bang_atomic_bfloat16_needs_592 test
// builds it).
#include <bang.h>

static_assert(__BANG_ARCH__ == 372, "compiled for the 372 profile");

void running_max(bfloat16_t* old_nram, bfloat16_t* dst, bfloat16_t value) {
  __bang_atomic_max(old_nram, dst, value);
}
