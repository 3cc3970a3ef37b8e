// Type names BANG C has besides the C++ ones (docs/builtins.md): the sized
// integer and float spellings cncc accepts, and bfloat16_t.
#pragma once

#include <cstdint>

#include "xbang/core/bfloat16.h"

using int8 = int8_t;
using uint8 = uint8_t;
using int16 = int16_t;
using uint16 = uint16_t;
using int32 = int32_t;
using uint32 = uint32_t;
using int64 = int64_t;
using uint64 = uint64_t;
using float32 = float;
