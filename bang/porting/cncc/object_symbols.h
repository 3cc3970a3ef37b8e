// The symbol table of an ELF relocatable object, as cncc needs it to build
// a fat object's variants (docs/cncc.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cncc {

struct ObjectSymbol {
  std::string name;
  bool defined = false;  // in a section of the object (not undefined)
  bool local = false;    // STB_LOCAL
  // Names a COMDAT group (the signature of an SHT_GROUP section).
  bool group_signature = false;
};

// The named symbols of the ELF object at `path` (32- or 64-bit), section
// symbols left out; nullopt when it is not a readable ELF file.
std::optional<std::vector<ObjectSymbol>> read_object_symbols(
    const std::string& path);

}  // namespace cncc
