// xbang-mlu-rewrite <in.mlu> <out.cpp>: writes the C++ translation unit of a
// .mlu file (every `<<<>>>` launch rewritten, see mlu_rewrite.h). On an error
// it prints "<file>:<line>:<column>: error: ..." and leaves no output file, so
// the build step fails and runs again next time.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "mlu_rewrite.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: xbang-mlu-rewrite <in.mlu> <out.cpp>\n";
    return 2;
  }
  const std::string input_path = argv[1];
  const std::string output_path = argv[2];

  std::ifstream input(input_path, std::ios::binary);
  if (!input) {
    std::cerr << "xbang-mlu-rewrite: cannot read " << input_path << ": "
              << std::strerror(errno) << "\n";
    return 1;
  }
  std::ostringstream source;
  source << input.rdbuf();

  const xbang::porting::RewriteResult result =
      xbang::porting::rewrite_mlu_source(source.str(), input_path);
  if (!result.ok) {
    std::cerr << result.error << "\n";
    std::remove(output_path.c_str());
    return 1;
  }

  // Written next to the target and renamed, so an interrupted run never
  // leaves a truncated file that looks up to date.
  const std::string temporary_path = output_path + ".tmp";
  std::error_code ignored;
  const std::filesystem::path output_dir =
      std::filesystem::path(output_path).parent_path();
  if (!output_dir.empty()) {
    std::filesystem::create_directories(output_dir, ignored);
  }
  {
    std::ofstream output(temporary_path, std::ios::binary | std::ios::trunc);
    output << result.output;
    if (!output.flush()) {
      std::cerr << "xbang-mlu-rewrite: cannot write " << temporary_path << ": "
                << std::strerror(errno) << "\n";
      return 1;
    }
  }
  if (std::rename(temporary_path.c_str(), output_path.c_str()) != 0) {
    std::cerr << "xbang-mlu-rewrite: cannot rename " << temporary_path << " to "
              << output_path << ": " << std::strerror(errno) << "\n";
    std::remove(temporary_path.c_str());
    return 1;
  }
  return 0;
}
