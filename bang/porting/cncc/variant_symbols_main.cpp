// xbang-variant-symbols <arch> <object> <list> <thunks.s>: writes to <list>
// the objcopy --redefine-syms lines that make <object>, compiled for <arch>,
// a fat binary's variant, and to <thunks.s> the weak thunks its renamed
// calls fall back to (object_symbols.h). xbang_add_mlu_sources ARCHS runs
// it (cmake/XbangMlu.cmake), as cncc does the same in-process.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "object_symbols.h"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr
        << "usage: xbang-variant-symbols <arch> <object> <list> <thunks.s>\n";
    return 1;
  }
  char* end = nullptr;
  const long arch = std::strtol(argv[1], &end, 10);
  if (*end != '\0' || arch <= 0) {
    std::cerr << "xbang-variant-symbols: '" << argv[1]
              << "' is not an architecture number\n";
    return 1;
  }
  std::string thunks;
  const auto renames = cncc::variant_renames(argv[2], int(arch), thunks);
  if (!renames) {
    std::cerr << "xbang-variant-symbols: cannot read the symbols of " << argv[2]
              << "\n";
    return 1;
  }
  // An empty assembly file would still ask for an executable stack.
  if (thunks.empty()) thunks = cncc::kNoExecutableStack;
  for (const auto& [path, text] :
       {std::pair{argv[3], *renames}, std::pair{argv[4], thunks}}) {
    std::ofstream file(path, std::ios::trunc);
    file << text;
    if (!file.flush()) {
      std::cerr << "xbang-variant-symbols: cannot write " << path << "\n";
      return 1;
    }
  }
  return 0;
}
