// A bfloat16_t form called in a kernel compiled for 372: the 5xx profile
// alone has it, so this file must not compile, and the error names the
// built-in (the bang_bfloat16_forms_need_592 test builds it).
#include <bang.h>

static_assert(__BANG_ARCH__ == 372, "compiled for the 372 profile");

void scale_bfloat16(bfloat16_t* dst, const bfloat16_t* src, int n) {
  __bang_mul_scalar(dst, src, bfloat16_t(2.0f), n);
}
