// A module's on-chip variables, read once from its file's symbol table (the
// executable's or a shared library's): every __nram__ / __wram__ /
// __mlu_shared__ object with its size, name and the file that declares it, so
// checked mode can name the array an access overflows and tell when one file
// declares more than the profile holds.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace xbang {
namespace detail {

struct OnchipObject {
  std::ptrdiff_t offset;  // from the start of its section
  std::ptrdiff_t size;
  std::string name;
  std::string file;  // as the compiler named it (may be a base name)
  // Which object file declares it: two files of the same name in different
  // folders are different translation units with their own budgets.
  int file_index;
  std::ptrdiff_t file_total;  // bytes of this section the file declares
};

// Each sorted by offset; all empty when the file has no symbol table
// (stripped): checked mode then knows the sections' bounds only.
struct OnchipTables {
  std::vector<OnchipObject> nram, wram, sram;
  // The module's block-scope thread_local objects outside those sections
  // (STT_TLS symbols named _ZZ..., xbang's and the standard library's own
  // left out), offsets from the start of the module's TLS segment: where
  // GCC puts a block-scope __nram__ / __wram__ variable of a function
  // template instantiation, dropping its section. Sorted by offset.
  std::vector<OnchipObject> tls_statics;
  // The offset of the module's xbang_tlsprobe section in its TLS segment
  // (module_registration.h), -1 when unknown: a thread's copy of the
  // segment starts at this_thread_probe() - tls_probe_offset.
  std::ptrdiff_t tls_probe_offset = -1;
};

// Reads the ELF file at `path`; on anything unexpected returns empty tables.
OnchipTables read_onchip_tables(const std::string& path);

// The object holding `offset`, or nullptr (padding between objects).
const OnchipObject* find_object(const std::vector<OnchipObject>& objects,
                                std::ptrdiff_t offset);

// Calls gap(object, gap_begin, gap_end) for the alignment padding after each
// object of a section of `section_bytes` (offsets into the section), the
// bytes that belong to no variable.
template <class Gap>
void for_each_padding_gap(const std::vector<OnchipObject>& objects,
                          std::ptrdiff_t section_bytes, const Gap& gap) {
  for (size_t i = 0; i < objects.size(); ++i) {
    const std::ptrdiff_t gap_begin = objects[i].offset + objects[i].size;
    const std::ptrdiff_t gap_end =
        i + 1 < objects.size() ? objects[i + 1].offset : section_bytes;
    if (gap_begin >= gap_end || gap_end > section_bytes) continue;
    gap(objects[i], gap_begin, gap_end);
  }
}

}  // namespace detail
}  // namespace xbang
