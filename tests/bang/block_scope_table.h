// A block-scope __nram__ table of a function template in a header, as
// mlu-ops' box_iou_rotated_utils.h gives __bang_lut. Included from plain C++
// (no .mlu rewriter), so nothing notes the table to checked mode, and GCC
// puts each instantiation's table in its own TLS section (.tdata._ZZ...),
// outside the NRAM section.
#pragma once

#include <bang.h>

#include <cstdint>

namespace bang_test {

inline constexpr int kBlockScopeTableLength = 64;

// The table's initial entries: entry k is 5 * (k + 1) for k < 4, 0 after.
inline int32_t block_scope_table_entry(uint32_t k) {
  return k < 4 ? int32_t(5 * (k + 1)) : 0;
}

// dst[i] = table[index[i]] over `table_len` entries of the table. Entry
// kBlockScopeTableLength - 1 is set to `last_entry` first; with
// `sync_cores`, every IPU core of the launch has set its own before any
// looks up (so cores sharing one table would see another's entry). The
// table's address goes to `table_out` when it is not null.
template <typename T>
__mlu_func__ void look_up_block_scope_table(T* dst, const uint32_t* index,
                                            int n, int table_len, T last_entry,
                                            bool sync_cores,
                                            const T** table_out = nullptr) {
  __nram__ T table[kBlockScopeTableLength] = {5, 10, 15, 20};
  if (table_out != nullptr) *table_out = table;
  table[kBlockScopeTableLength - 1] = last_entry;
  if (sync_cores) __sync_all_ipu();
  __bang_lut(dst, index, table, n, table_len);
}

}  // namespace bang_test
