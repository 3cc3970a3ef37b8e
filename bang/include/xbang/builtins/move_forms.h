// Further forms of NRAM moves and VAA gathers:
//   __bang_move(dst, src, size, dst_stride, src_stride, segnum)
//     segnum runs of size bytes within NRAM, dst_stride and src_stride
//     bytes apart
//   __bang_gather / __bang_gather_async(dst, src, offset, [mask,]
//     transfer_size, dst_stride, data_num)
//     __gather into NRAM from GDRAM, or from SRAM when src lies there
//
// Choices where the meaning is uncertain:
// - The strided __bang_move copies segnum runs, not segnum + 1 as
//   __memcpy's segnum counts: mlu-ops' FFT interleaves pad_col values with
//   segnum = pad_col and uses exactly 2 * pad_col results.
// - The gathers' direction is taken from where src lies; the async form
//   completes at once, as __gather_async does.
#pragma once

#include <cstdint>

#include "xbang/builtins/gather_scatter.h"
#include "xbang/builtins/memory.h"
#include "xbang/builtins/scalar_access.h"

inline void __bang_move(void* dst, const void* src, int size, int dst_stride,
                        int src_stride, int segnum) {
  using namespace xbang::detail;
  // Zero runs move nothing; a negative segnum is reported by copy's contract.
  if (segnum == 0) return;
  copy("__bang_move", dst, src, NRAM2NRAM, {size, dst_stride, segnum, 0, 1},
       {size, src_stride, segnum, 0, 1}, false);
}

namespace xbang {
namespace detail {
inline mluMemcpyDirection_t gather_direction(const void* src) {
  return __is_sram(src) ? SRAM2NRAM : GDRAM2NRAM;
}
}  // namespace detail
}  // namespace xbang

#define XBANG_GATHER_FORMS(NAME)                                         \
  inline void NAME(void* dst, const void* src, const uint32_t* offset,   \
                   int transfer_size, int dst_stride, int data_num) {    \
    xbang::detail::gather_scatter<false>(                                \
        #NAME, dst, src, offset, nullptr, transfer_size,                 \
        xbang::detail::gather_direction(src), dst_stride, data_num);     \
  }                                                                      \
  inline void NAME(void* dst, const void* src, const uint32_t* offset,   \
                   const void* mask, int transfer_size, int dst_stride,  \
                   int data_num) {                                       \
    xbang::detail::gather_scatter<false>(                                \
        #NAME, dst, src, offset, static_cast<const uint8_t*>(mask),      \
        transfer_size, xbang::detail::gather_direction(src), dst_stride, \
        data_num);                                                       \
  }
XBANG_GATHER_FORMS(__bang_gather)
XBANG_GATHER_FORMS(__bang_gather_async)
#undef XBANG_GATHER_FORMS
