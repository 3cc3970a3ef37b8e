#pragma once

#include <cnrt.h>

#include <cstdint>

// y = a * x + y; n * 8 bytes per task must fit in NRAM.
cnrtRet_t KernelAxpy(cnrtDim3_t k_dim, cnrtFunctionType_t k_type,
                     cnrtQueue_t queue, float a, const float *x, float *y,
                     int32_t n);
