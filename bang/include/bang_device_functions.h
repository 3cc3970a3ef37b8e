// <bang_device_functions.h>: the toolkit header that declares the built-in
// functions (memory, arithmetic, atomics, ...). xbang declares every
// built-in through <bang.h>; kernel code that includes this header by name
// gets the same set.
#pragma once
#include <bang.h>
