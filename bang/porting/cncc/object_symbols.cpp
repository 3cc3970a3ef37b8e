#include "object_symbols.h"

#include <elf.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

namespace cncc {
namespace {

// Whether relocation `type` of machine `machine` is a direct call or a tail
// jump to its symbol.
bool is_call(int machine, uint32_t type) {
  if (machine == EM_X86_64) return type == R_X86_64_PLT32;
  if (machine == EM_AARCH64) {
    return type == R_AARCH64_CALL26 || type == R_AARCH64_JUMP26;
  }
  return false;
}

template <class Ehdr, class Shdr, class Sym>
std::optional<std::vector<ObjectSymbol>> read_symbols(
    const std::vector<char>& image) {
  const auto in_image = [&](size_t offset, size_t bytes) {
    return offset <= image.size() && bytes <= image.size() - offset;
  };
  if (!in_image(0, sizeof(Ehdr))) return std::nullopt;
  Ehdr ehdr;
  std::memcpy(&ehdr, image.data(), sizeof(ehdr));
  if (ehdr.e_shentsize != sizeof(Shdr) ||
      !in_image(ehdr.e_shoff, size_t(ehdr.e_shnum) * sizeof(Shdr))) {
    return std::nullopt;
  }
  std::vector<Shdr> sections(ehdr.e_shnum);
  std::memcpy(sections.data(), image.data() + ehdr.e_shoff,
              sections.size() * sizeof(Shdr));
  std::vector<size_t> signatures;
  for (const Shdr& group : sections) {
    if (group.sh_type == SHT_GROUP) signatures.push_back(group.sh_info);
  }
  // Per symbol index: called, referenced otherwise (64-bit RELA only).
  std::vector<std::pair<bool, bool>> uses;
  for (const Shdr& rela : sections) {
    if (rela.sh_type != SHT_RELA || rela.sh_entsize != sizeof(Elf64_Rela) ||
        ehdr.e_ident[EI_CLASS] != ELFCLASS64 ||
        !in_image(rela.sh_offset, rela.sh_size)) {
      continue;
    }
    for (size_t i = 0; i < rela.sh_size / sizeof(Elf64_Rela); ++i) {
      Elf64_Rela entry;
      std::memcpy(&entry, image.data() + rela.sh_offset + i * sizeof(entry),
                  sizeof(entry));
      const size_t index = ELF64_R_SYM(entry.r_info);
      if (index >= uses.size()) uses.resize(index + 1);
      if (is_call(ehdr.e_machine, ELF64_R_TYPE(entry.r_info))) {
        uses[index].first = true;
      } else {
        uses[index].second = true;
      }
    }
  }
  std::vector<ObjectSymbol> symbols;
  for (const Shdr& symtab : sections) {
    if (symtab.sh_type != SHT_SYMTAB) continue;
    if (symtab.sh_link >= sections.size() ||
        !in_image(symtab.sh_offset, symtab.sh_size)) {
      return std::nullopt;
    }
    const Shdr& strtab = sections[symtab.sh_link];
    if (!in_image(strtab.sh_offset, strtab.sh_size)) return std::nullopt;
    const char* strings = image.data() + strtab.sh_offset;
    for (size_t i = 0; i < symtab.sh_size / sizeof(Sym); ++i) {
      Sym sym;
      std::memcpy(&sym, image.data() + symtab.sh_offset + i * sizeof(Sym),
                  sizeof(sym));
      // The binding and type fields are laid out alike in both classes.
      if (ELF64_ST_TYPE(sym.st_info) == STT_SECTION ||
          sym.st_name >= strtab.sh_size) {
        continue;
      }
      const char* name = strings + sym.st_name;
      const size_t length = strnlen(name, strtab.sh_size - sym.st_name);
      if (length == 0) continue;
      ObjectSymbol symbol;
      symbol.name.assign(name, length);
      symbol.defined = sym.st_shndx != SHN_UNDEF;
      symbol.local = ELF64_ST_BIND(sym.st_info) == STB_LOCAL;
      symbol.group_signature = std::find(signatures.begin(), signatures.end(),
                                         i) != signatures.end();
      symbol.only_called = !symbol.defined && i < uses.size() &&
                           uses[i].first && !uses[i].second;
      symbols.push_back(std::move(symbol));
    }
  }
  return symbols;
}

}  // namespace

std::optional<std::vector<ObjectSymbol>> read_object_symbols(
    const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  const std::vector<char> image((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  if (image.size() < EI_NIDENT ||
      std::memcmp(image.data(), ELFMAG, SELFMAG) != 0) {
    return std::nullopt;
  }
  if (image[EI_CLASS] == ELFCLASS64) {
    return read_symbols<Elf64_Ehdr, Elf64_Shdr, Elf64_Sym>(image);
  }
  if (image[EI_CLASS] == ELFCLASS32) {
    return read_symbols<Elf32_Ehdr, Elf32_Shdr, Elf32_Sym>(image);
  }
  return std::nullopt;
}

namespace {

// A call the variant makes to another file's C++ code (a kernel, a device
// function, host code of its library), not to the standard library's or
// xbang's device library's.
bool may_have_variant(const std::string& name) {
  static const char* const kShared[] = {
      "_ZNSt",     "_ZSt",       "_ZNKSt",        "_ZdlP",
      "_Znwm",     "_Znam",      "_ZdaP",         "_ZN9__gnu_cxx",
      "_ZN5xbang", "_ZNK5xbang", "_ZNK9__gnu_cxx"};
  if (name.rfind("_Z", 0) != 0) return false;
  for (const char* prefix : kShared) {
    if (name.rfind(prefix, 0) == 0) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> variant_renames(const std::string& object, int arch,
                                           std::string& thunks) {
  const auto symbols = read_object_symbols(object);
  if (!symbols) return std::nullopt;
  const std::string suffix = kVariantSuffix + std::to_string(arch);
  std::string lines;
  thunks.clear();
  for (const ObjectSymbol& symbol : *symbols) {
    if (symbol.only_called && !symbol.local && may_have_variant(symbol.name)) {
      const std::string renamed = symbol.name + suffix;
      lines += symbol.name + ' ' + renamed + '\n';
#if defined(__x86_64__)
      const std::string jump = "jmp " + symbol.name + "@PLT";
#else
      const std::string jump = "b " + symbol.name;
#endif
      thunks += ".text\n.weak " + renamed + "\n.hidden " + renamed +
                "\n.type " + renamed + ", %function\n" + renamed + ":\n  " +
                jump + "\n.size " + renamed + ", .-" + renamed + "\n";
      continue;
    }
    if ((!symbol.defined || symbol.local) && !symbol.group_signature) continue;
    if (symbol.name.find("N5xbang6detail11this_module") != std::string::npos) {
      continue;
    }
    lines += symbol.name + ' ' + symbol.name + suffix + '\n';
  }
  // The thunks need no executable stack.
  if (!thunks.empty()) thunks += kNoExecutableStack;
  return lines;
}

}  // namespace cncc
