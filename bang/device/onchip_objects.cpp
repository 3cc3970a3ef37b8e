#include "onchip_objects.h"

#include <elf.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>

namespace xbang {
namespace detail {
namespace {

// The guard zones around each on-chip variable of a .mlu file
// (XBANG_ONCHIP_GUARD_) are bytes of no variable, like alignment padding.
bool is_guard_zone(const char* symbol_name) {
  return std::strstr(symbol_name, "xbang_guard_") != nullptr;
}

// A block-scope static (mangled _ZZ<function>E<name>) that may be a kernel's
// on-chip variable: not one of xbang's own (its headers' scratch objects,
// the flag of XBANG_ONCHIP_LOCAL_) nor the standard library's.
bool may_be_block_scope_onchip(const char* symbol_name) {
  auto starts_with = [&](const char* prefix) {
    return std::strncmp(symbol_name, prefix, std::strlen(prefix)) == 0;
  };
  return starts_with("_ZZ") && !starts_with("_ZZN5xbang") &&
         !starts_with("_ZZNSt") && !starts_with("_ZZSt") &&
         !starts_with("_ZZN9__gnu_cxx") &&
         std::strstr(symbol_name, "xbang_onchip_noted_") == nullptr;
}

}  // namespace

OnchipTables read_onchip_tables(const std::string& path) {
  OnchipTables tables;
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return tables;
  std::vector<char> image(size_t(in.tellg()));
  in.seekg(0);
  if (!in.read(image.data(), std::streamsize(image.size()))) return tables;
  if (image.size() < sizeof(Elf64_Ehdr) ||
      std::memcmp(image.data(), ELFMAG, SELFMAG) != 0 ||
      image[EI_CLASS] != ELFCLASS64) {
    return tables;
  }
  const auto* ehdr = reinterpret_cast<const Elf64_Ehdr*>(image.data());
  auto in_image = [&](size_t offset, size_t bytes) {
    return offset <= image.size() && bytes <= image.size() - offset;
  };
  if (!in_image(ehdr->e_shoff, size_t(ehdr->e_shnum) * sizeof(Elf64_Shdr)) ||
      !in_image(ehdr->e_phoff, size_t(ehdr->e_phnum) * sizeof(Elf64_Phdr))) {
    return tables;
  }
  const auto* sections =
      reinterpret_cast<const Elf64_Shdr*>(image.data() + ehdr->e_shoff);
  const auto* segments =
      reinterpret_cast<const Elf64_Phdr*>(image.data() + ehdr->e_phoff);
  uint64_t tls_vaddr = 0;
  bool has_tls = false;
  for (int i = 0; i < ehdr->e_phnum; ++i) {
    if (segments[i].p_type == PT_TLS) {
      tls_vaddr = segments[i].p_vaddr;
      has_tls = true;
    }
  }
  if (!has_tls || ehdr->e_shstrndx >= ehdr->e_shnum) return tables;
  const Elf64_Shdr& names = sections[ehdr->e_shstrndx];
  if (!in_image(names.sh_offset, names.sh_size)) return tables;
  const char* section_names = image.data() + names.sh_offset;
  int nram_index = -1, wram_index = -1, sram_index = -1, probe_index = -1;
  const Elf64_Shdr* symtab = nullptr;
  for (int i = 0; i < ehdr->e_shnum; ++i) {
    if (sections[i].sh_name >= names.sh_size) continue;
    const char* name = section_names + sections[i].sh_name;
    if (std::strcmp(name, "xbang_nram") == 0) nram_index = i;
    if (std::strcmp(name, "xbang_wram") == 0) wram_index = i;
    if (std::strcmp(name, "xbang_sram") == 0) sram_index = i;
    if (std::strcmp(name, "xbang_tlsprobe") == 0) probe_index = i;
    if (sections[i].sh_type == SHT_SYMTAB) symtab = &sections[i];
  }
  if (probe_index >= 0) {
    tables.tls_probe_offset =
        std::ptrdiff_t(sections[probe_index].sh_addr - tls_vaddr);
  }
  if (symtab == nullptr || symtab->sh_link >= ehdr->e_shnum) return tables;
  const Elf64_Shdr& strtab = sections[symtab->sh_link];
  if (!in_image(symtab->sh_offset, symtab->sh_size) ||
      !in_image(strtab.sh_offset, strtab.sh_size)) {
    return tables;
  }
  const auto* symbols =
      reinterpret_cast<const Elf64_Sym*>(image.data() + symtab->sh_offset);
  const size_t count = symtab->sh_size / sizeof(Elf64_Sym);
  const char* strings = image.data() + strtab.sh_offset;
  std::string file;
  int file_index = -1;  // global symbols: the program as a whole
  for (size_t i = 0; i < count; ++i) {
    const Elf64_Sym& sym = symbols[i];
    const char* name =
        sym.st_name < strtab.sh_size ? strings + sym.st_name : "";
    if (ELF64_ST_TYPE(sym.st_info) == STT_FILE) {
      file = name;
      ++file_index;
      continue;
    }
    const int index = sym.st_shndx;
    if (sym.st_size == 0 || index < 0 || index >= ehdr->e_shnum ||
        is_guard_zone(name)) {
      continue;
    }
    const int type = ELF64_ST_TYPE(sym.st_info);
    std::ptrdiff_t offset = 0;
    std::vector<OnchipObject>* objects = nullptr;
    if (type == STT_TLS && (index == nram_index || index == wram_index)) {
      // A TLS symbol's value is its offset in the TLS template.
      offset = std::ptrdiff_t(sym.st_value) -
               std::ptrdiff_t(sections[index].sh_addr - tls_vaddr);
      objects = index == nram_index ? &tables.nram : &tables.wram;
    } else if (type == STT_TLS && index != sram_index &&
               may_be_block_scope_onchip(name)) {
      offset = std::ptrdiff_t(sym.st_value);
      objects = &tables.tls_statics;
    } else if (type == STT_OBJECT && index == sram_index) {
      offset = std::ptrdiff_t(sym.st_value - sections[index].sh_addr);
      objects = &tables.sram;
    } else {
      continue;
    }
    const bool local = ELF64_ST_BIND(sym.st_info) == STB_LOCAL;
    objects->push_back({offset, std::ptrdiff_t(sym.st_size), name,
                        local ? file : "", local ? file_index : -1, 0});
  }
  for (auto* objects :
       {&tables.nram, &tables.wram, &tables.sram, &tables.tls_statics}) {
    std::sort(objects->begin(), objects->end(),
              [](const OnchipObject& a, const OnchipObject& b) {
                return a.offset < b.offset;
              });
    std::map<int, std::ptrdiff_t> per_file;
    for (const auto& o : *objects) per_file[o.file_index] += o.size;
    for (auto& o : *objects) o.file_total = per_file[o.file_index];
  }
  return tables;
}

const OnchipObject* find_object(const std::vector<OnchipObject>& objects,
                                std::ptrdiff_t offset) {
  auto it = std::upper_bound(objects.begin(), objects.end(), offset,
                             [](std::ptrdiff_t value, const OnchipObject& o) {
                               return value < o.offset;
                             });
  if (it == objects.begin()) return nullptr;
  --it;
  return offset < it->offset + it->size ? &*it : nullptr;
}

}  // namespace detail
}  // namespace xbang
