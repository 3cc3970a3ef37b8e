#include "object_symbols.h"

#include <elf.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

namespace cncc {
namespace {

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

std::optional<std::string> variant_renames(const std::string& object,
                                           int arch) {
  const auto symbols = read_object_symbols(object);
  if (!symbols) return std::nullopt;
  const std::string suffix = kVariantSuffix + std::to_string(arch);
  std::string lines;
  for (const ObjectSymbol& symbol : *symbols) {
    if ((!symbol.defined || symbol.local) && !symbol.group_signature) continue;
    if (symbol.name.find("N5xbang6detail11this_module") != std::string::npos) {
      continue;
    }
    lines += symbol.name + ' ' + symbol.name + suffix + '\n';
  }
  return lines;
}

}  // namespace cncc
