// BANG C qualifiers as plain C++ (docs/builtins.md).
//
// On-chip memory is modelled with linker sections so that checked mode knows
// exactly where each space lies. A qualifier carries the section and, for
// the per-core spaces, thread_local; never a storage class, so `static
// __nram__`, `extern __nram__` and `__nram__ static` read as in BANG C:
//  - __nram__ / __wram__: one private copy per emulated core (each core runs on
//    its own host thread). Inside a function thread_local implies static.
//  - __mlu_shared__: one copy per cluster; while the program has SRAM
//    variables the runtime runs one cluster at a time and swaps the section's
//    contents when it switches clusters (at launch-wide barriers and ends).
// In a .mlu file (xbang-mlu-rewrite) a namespace-scope on-chip variable has
// internal linkage, as each kernel file owns its on-chip layout on the
// device, and a block-scope __mlu_shared__ is static. Plain C++ that includes
// <bang.h> gets C++'s own rules: a namespace-scope __nram__ variable without
// `static` has external linkage there.
#pragma once

#define XBANG_ONCHIP_(section_name) \
  __attribute__((section(section_name), aligned(64)))

// Function-space qualifiers. A device function is a plain inline function:
// one definition per program however many kernel files include its header,
// and inlined where the compiler sees fit. Real kernel code also writes
// `inline` itself beside the qualifier (`__mlu_func__ inline`, `static
// __mlu_func__ inline`, `inline __mlu_device__`, with attribute groups
// between): in a .mlu file and the "..." headers it reaches, xbang-mlu-rewrite
// drops that second `inline` (bang/porting/rewrite/inline_pass.h), as GCC
// rejects a repeated `inline`; Clang accepts it, and the warning it gives
// for it is off, as cncc gives none.
// A kernel compiled for checked mode's scalar accesses (cncc
// --xbang-scalar-check, xbang/runtime/scalar_access.h) is never inlined into
// xbang's launch code, whose functions stay uninstrumented.
#if defined(__clang__) && defined(XBANG_SCALAR_CHECK) && XBANG_SCALAR_CHECK
#define __mlu_global__ __attribute__((noinline))
#define __mlu_entry__ __attribute__((noinline))
#else
#define __mlu_global__
#define __mlu_entry__
#endif
#define __mlu_host__
#define __mlu_func__ inline
// On a function: a device function; on a variable: GDRAM storage.
#define __mlu_device__ inline
// A function of the vector unit (arch 592 and later).
#define __mlu_vector__ inline
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wduplicate-decl-specifier"
#endif
#define __nram__ thread_local XBANG_ONCHIP_("xbang_nram")
#define __wram__ thread_local XBANG_ONCHIP_("xbang_wram")
#define __mlu_shared__ XBANG_ONCHIP_("xbang_sram")
// Guard zones: xbang-mlu-rewrite declares one of these before and after each
// on-chip variable a .mlu file defines, so a plain C++ write running up to 64
// bytes past a variable lands in bytes that belong to no variable and that
// checked mode watches (at barriers and at the end of each core), whatever
// the variable's size. Compilers lay a section out in declaration order or
// in reverse, so a guard on both sides covers either; the rewriter also
// marks the variable `used`, as Clang otherwise emits an internal variable
// where it is first used, away from its guards.
#define XBANG_GUARD_NAME2_(a, b) a##b
#define XBANG_GUARD_NAME_(a, b) XBANG_GUARD_NAME2_(a, b)
#define XBANG_ONCHIP_GUARD_(qualifier)                           \
  static qualifier __attribute__((used)) char XBANG_GUARD_NAME_( \
      xbang_guard_, __COUNTER__)[64];
// After each block-scope __nram__ / __wram__ definition of a .mlu file
// (xbang-mlu-rewrite): tells checked mode where the calling thread's copy
// lies, once per host thread, as GCC drops the section of such a variable in
// a function template instantiation.
#define XBANG_ONCHIP_LOCAL_(space, name)                                 \
  do {                                                                   \
    static thread_local bool xbang_onchip_noted_ = false;                \
    if (!xbang_onchip_noted_) {                                          \
      xbang_onchip_noted_ = true;                                        \
      ::xbang::detail::note_local_onchip(&(name), sizeof(name),          \
                                         ::xbang::detail::Space::space); \
    }                                                                    \
  } while (0);
#define __ldram__
#define __mlu_const__
