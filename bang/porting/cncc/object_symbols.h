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
  // Undefined and only ever called (x86-64 and AArch64 call relocations):
  // a call may go through a thunk (variant_renames()).
  bool only_called = false;
};

// The named symbols of the ELF object at `path` (32- or 64-bit), section
// symbols left out; nullopt when it is not a readable ELF file.
std::optional<std::vector<ObjectSymbol>> read_object_symbols(
    const std::string& path);

// A fat object's variant for arch N defines <name>.xbang_mtp_N where the
// source defines <name>.
inline constexpr char kVariantSuffix[] = ".xbang_mtp_";

// The assembly line that keeps an assembled file from asking for an
// executable stack.
inline constexpr char kNoExecutableStack[] =
    ".section .note.GNU-stack,\"\",%progbits\n";

// The objcopy --redefine-syms lines that make `object`, compiled for
// `arch`, a fat object's variant: each global, weak or unique symbol it
// defines, and each COMDAT group's signature, gets the suffix, so that
// neither the primary code's definitions nor other architectures' stand for
// it, inline functions and templates included (their groups are renamed
// with them: copies of one architecture from several files still merge;
// GCC names the group of a constructor's aliases by a local symbol).
// Left as they are: the module registration (module_registration.h), one
// per linked module whatever the architecture.
//
// Undefined references stay for the final link to resolve, but a C++
// function the variant only calls (not the standard library's, not xbang's
// device library's) is called as <name>.xbang_mtp_N: the same architecture's
// code when another fat object defines it (a kernel of another .mlu file),
// else the weak thunk in `thunks` (assembly), which jumps to <name>.
// nullopt when `object` is not a readable ELF object.
std::optional<std::string> variant_renames(const std::string& object, int arch,
                                           std::string& thunks);

}  // namespace cncc
