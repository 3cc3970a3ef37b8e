// The std::type_info of _Float16 (`typeid(half)`, which GoogleTest's typed
// tests and a `catch (half)` use) where half is _Float16: the C++ runtime
// of GCC 12 does not define it. The object is what the C++ ABI gives every
// fundamental type: the __fundamental_type_info vtable and the mangled
// name. It is written as data, so that it is valid before any constructor
// runs (typed tests register from static initialisers), and its symbols are
// weak, so a C++ runtime that has its own wins.
#include "xbang/core/half.h"

#if defined(XBANG_HALF_IS_FLOAT16) && defined(__ELF__) && \
    (defined(__x86_64__) || defined(__aarch64__))
__asm__(
    ".pushsection .rodata._ZTSDF16_,\"aG\",@progbits,_ZTSDF16_,comdat\n"
    ".weak _ZTSDF16_\n"
    ".type _ZTSDF16_, @object\n"
    ".size _ZTSDF16_, 6\n"
    "_ZTSDF16_:\n"
    ".string \"DF16_\"\n"
    ".popsection\n"
    ".pushsection .data.rel.ro._ZTIDF16_,\"awG\",@progbits,_ZTIDF16_,comdat\n"
    ".balign 8\n"
    ".weak _ZTIDF16_\n"
    ".type _ZTIDF16_, @object\n"
    ".size _ZTIDF16_, 16\n"
    "_ZTIDF16_:\n"
    ".8byte _ZTVN10__cxxabiv123__fundamental_type_infoE+16\n"
    ".8byte _ZTSDF16_\n"
    ".popsection\n");
#endif
