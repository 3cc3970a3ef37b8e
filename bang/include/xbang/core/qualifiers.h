// BANG C qualifiers as plain C++ (spec section 1).
//
// On-chip memory is modelled with linker sections so that checked mode knows
// exactly where each space lies:
//  - __nram__ / __wram__: one private copy per emulated core (each core runs on
//    its own host thread), internal linkage as on the device, where each .mlu
//    file owns its NRAM layout. Works at file scope and inside functions.
//  - __mlu_shared__: one copy per cluster; while the program has SRAM
//    variables the runtime runs one cluster at a time and swaps the section's
//    contents when it switches clusters (at launch-wide barriers and ends).
#pragma once

#define XBANG_ONCHIP_(section_name) \
  __attribute__((section(section_name), aligned(64), used))

#define __mlu_global__
#define __mlu_entry__
#define __mlu_func__ inline
// On a function: a device function; on a variable: GDRAM storage.
#define __mlu_device__ inline
#define __nram__ static thread_local XBANG_ONCHIP_("xbang_nram")
#define __wram__ static thread_local XBANG_ONCHIP_("xbang_wram")
#define __mlu_shared__ static XBANG_ONCHIP_("xbang_sram")
#define __ldram__
#define __mlu_const__
