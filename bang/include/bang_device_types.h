// <bang_device_types.h>: the toolkit header of the BANG C types (half,
// bfloat16_t, the mluMemcpyDirection_t values, the vector register types)
// and the qualifiers. xbang declares them through <bang.h>.
#pragma once
#include <bang.h>
