// Math names BANG C kernels call that a C++17 library may lack: the
// float-suffixed functions in namespace std (std::ceilf...), which the C
// library declares globally. A using-declaration names the same function, so
// it is harmless where the C++ library declares them too.
#pragma once

#include <math.h>

#include <cmath>

namespace std {
using ::ceilf;
using ::cosf;
using ::expf;
using ::fabsf;
using ::floorf;
using ::fmaxf;
using ::fminf;
using ::fmodf;
using ::logf;
using ::powf;
using ::roundf;
using ::sinf;
using ::sqrtf;
using ::truncf;
}  // namespace std
