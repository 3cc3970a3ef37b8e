// Architecture profiles (docs/builtins.md): the compile-time __BANG_ARCH__ and
// the on-chip memory sizes kernels compute their buffers from.
#pragma once

// A .mlu file gets __BANG_ARCH__ from cncc or FindBANG; other code that
// includes <bang.h> gets the profile xbang was built for (XBANG_DEFAULT_ARCH,
// from the xbang::bang target), else 372.
#ifndef __BANG_ARCH__
#ifdef XBANG_DEFAULT_ARCH
#define __BANG_ARCH__ XBANG_DEFAULT_ARCH
#else
#define __BANG_ARCH__ 372
#endif
#endif

#if __BANG_ARCH__ == 290
#define __MLU_NRAM_SIZE__ 512
#define __MLU_WRAM_SIZE__ 512
#define __MLU_SRAM_SIZE__ 2048
#elif __BANG_ARCH__ == 372
#define __MLU_NRAM_SIZE__ 768
#define __MLU_WRAM_SIZE__ 1024
#define __MLU_SRAM_SIZE__ 4096
#elif __BANG_ARCH__ == 592
#define __MLU_NRAM_SIZE__ 512
#define __MLU_WRAM_SIZE__ 512
#define __MLU_SRAM_SIZE__ 2048
#else
#error "xbang supports __BANG_ARCH__ 290, 372 and 592"
#endif

#ifndef __BANG__
#define __BANG__ 1
#endif

#include "xbang/core/profiles.h"

namespace xbang {
inline constexpr int kArch = __BANG_ARCH__;
inline constexpr int kCoresPerCluster = 4;
inline constexpr long kNramBytes = __MLU_NRAM_SIZE__ * 1024L;
inline constexpr long kWramBytes = __MLU_WRAM_SIZE__ * 1024L;
inline constexpr long kSramBytes = __MLU_SRAM_SIZE__ * 1024L;
// Before 372, vector operands must span a multiple of 128 bytes (section 4).
inline constexpr bool kNeedsAlignedVectors = __BANG_ARCH__ < 372;
// Memory-core id as seen by a kernel on the MPU (section 2).
inline constexpr int kMpuCoreId = 0x80;

static_assert(profile_has_sizes(__BANG_ARCH__, __MLU_NRAM_SIZE__,
                                __MLU_WRAM_SIZE__, __MLU_SRAM_SIZE__),
              "the macros above and xbang/core/profiles.h disagree");
}  // namespace xbang
