// <bang_device_functions_math.h>: the toolkit header of the scalar math
// functions kernels call (the __cn_scalar_* and __cn_vector_* families,
// sqrtf and the rest of <math.h>). xbang declares them through <bang.h>,
// which cncc's pre-include follows with <math.h>.
#pragma once
#include <bang.h>
#include <math.h>
