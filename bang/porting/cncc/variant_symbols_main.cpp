// xbang-variant-symbols <arch> <object> <list>: writes to <list> the
// objcopy --redefine-syms lines that make <object>, compiled for <arch>, a
// fat binary's variant (object_symbols.h). xbang_add_mlu_sources ARCHS runs
// it (cmake/XbangMlu.cmake), as cncc does the same in-process.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "object_symbols.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: xbang-variant-symbols <arch> <object> <list>\n";
    return 1;
  }
  char* end = nullptr;
  const long arch = std::strtol(argv[1], &end, 10);
  if (*end != '\0' || arch <= 0) {
    std::cerr << "xbang-variant-symbols: '" << argv[1]
              << "' is not an architecture number\n";
    return 1;
  }
  const auto renames = cncc::variant_renames(argv[2], int(arch));
  if (!renames) {
    std::cerr << "xbang-variant-symbols: cannot read the symbols of " << argv[2]
              << "\n";
    return 1;
  }
  std::ofstream list(argv[3], std::ios::trunc);
  list << *renames;
  if (!list.flush()) {
    std::cerr << "xbang-variant-symbols: cannot write " << argv[3] << "\n";
    return 1;
  }
  return 0;
}
