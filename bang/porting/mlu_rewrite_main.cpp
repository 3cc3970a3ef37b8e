// xbang-mlu-rewrite <in.mlu> <out.cpp> [--headers <dir>] [-I<dir>]...
//                   [--depfile <file>]
//
// Writes the C++ translation unit of a .mlu file (see mlu_rewrite.h): first
// the cncc pre-include, then the rewritten file. With --headers, every
// project header the file reaches through `#include "..."` (looked up as the
// compiler does: the including file's folder, then each -I folder) is
// rewritten too, to <dir>/<its absolute path>; the build puts those copies
// first on the quoted include path, so inline assembly in an included header
// is emulated like the .mlu file's own. --depfile lists every file read.
//
// A source the rewriter cannot read (an unbalanced launch...) gives an output
// whose only content is an #error at that line: its compilation fails with
// the message while the other files of the target still build. Exit status 1
// only when a file cannot be read or written.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "mlu_rewrite.h"

namespace fs = std::filesystem;

namespace {

constexpr char kPreInclude[] = "#include <__clang_bang_runtime_wrapper.h>\n";

bool read_file(const fs::path& path, std::string& contents) {
  std::ifstream input(path, std::ios::binary);
  if (!input) return false;
  std::ostringstream text;
  text << input.rdbuf();
  contents = text.str();
  return true;
}

// Written next to the target and renamed, so an interrupted or concurrent run
// never leaves a truncated file; an unchanged file keeps its time stamp.
bool write_file(const fs::path& path, const std::string& contents) {
  std::string existing;
  if (read_file(path, existing) && existing == contents) return true;
  std::error_code ignored;
  if (path.has_parent_path())
    fs::create_directories(path.parent_path(), ignored);
  const fs::path temporary =
      path.string() + ".tmp" + std::to_string(static_cast<long>(::getpid()));
  {
    std::ofstream output(temporary, std::ios::binary | std::ios::trunc);
    output << contents;
    if (!output.flush()) {
      std::cerr << "xbang-mlu-rewrite: cannot write " << temporary.string()
                << ": " << std::strerror(errno) << "\n";
      return false;
    }
  }
  fs::rename(temporary, path, ignored);
  if (ignored) {
    std::cerr << "xbang-mlu-rewrite: cannot rename " << temporary.string()
              << " to " << path.string() << ": " << ignored.message() << "\n";
    fs::remove(temporary, ignored);
    return false;
  }
  return true;
}

// "<path>:<line>:<column>: error: <message>" as an #error at that line.
std::string error_translation_unit(const std::string& error) {
  std::string path = error;
  std::string line = "1";
  std::string message = error;
  const size_t marker = error.find(": error: ");
  if (marker != std::string::npos) {
    message = error.substr(marker + 9);
    path = error.substr(0, marker);
    // Drop ":<line>:<column>".
    for (int field = 0; field < 2; ++field) {
      const size_t colon = path.rfind(':');
      if (colon == std::string::npos) break;
      if (field == 1) line = path.substr(colon + 1);
      path = path.substr(0, colon);
    }
  }
  std::string escaped_path, escaped_message;
  for (const char c : path) {
    if (c == '\\' || c == '"') escaped_path += '\\';
    escaped_path += c;
  }
  for (const char c : message) {
    if (c == '\\' || c == '"') escaped_message += '\\';
    escaped_message += c;
  }
  return "#line " + line + " \"" + escaped_path + "\"\n#error \"" +
         escaped_message + "\"\n";
}

std::string escape_for_depfile(const std::string& path) {
  std::string escaped;
  for (const char c : path) {
    if (c == ' ' || c == '#' || c == '\\') escaped += '\\';
    if (c == '$') escaped += '$';
    escaped += c;
  }
  return escaped;
}

struct Options {
  fs::path input, output, headers, depfile;
  std::vector<fs::path> include_dirs;
};

class HeaderMirror {
 public:
  explicit HeaderMirror(const Options& options) : options_(options) {}

  // Rewrites every header `includes` reach from `including_dir`.
  bool follow(const std::vector<std::string>& includes,
              const fs::path& including_dir) {
    for (const std::string& name : includes) {
      const fs::path header = resolve(name, including_dir);
      if (header.empty() || !seen_.insert(header.string()).second) continue;
      std::string source;
      if (!read_file(header, source)) continue;
      read_files_.push_back(header.string());
      const auto result =
          xbang::porting::rewrite_mlu_source(source, header.string());
      const std::string contents =
          result.ok ? result.output : error_translation_unit(result.error);
      if (!result.ok) std::cerr << result.error << "\n";
      if (!write_file(mirror_of(header), contents)) return false;
      if (result.ok && !follow(result.quoted_includes, header.parent_path())) {
        return false;
      }
    }
    return true;
  }

  const std::vector<std::string>& read_files() const { return read_files_; }

  void make_folder_of(const fs::path& dir) const {
    std::error_code ignored;
    fs::create_directories(mirror_of(dir.lexically_normal()), ignored);
  }

 private:
  fs::path resolve(const std::string& name, const fs::path& including_dir) {
    const fs::path spelled(name);
    std::vector<fs::path> candidates;
    if (spelled.is_absolute()) {
      candidates.push_back(spelled);
    } else {
      candidates.push_back(including_dir / spelled);
      for (const fs::path& dir : options_.include_dirs) {
        candidates.push_back(dir / spelled);
      }
    }
    for (const fs::path& candidate : candidates) {
      std::error_code error;
      if (fs::is_regular_file(candidate, error)) {
        return fs::absolute(candidate, error).lexically_normal();
      }
    }
    return {};
  }
  fs::path mirror_of(const fs::path& header) const {
    return options_.headers / header.relative_path();
  }

  const Options& options_;
  std::set<std::string> seen_;
  std::vector<std::string> read_files_;
};

bool parse_arguments(int argc, char** argv, Options& options) {
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if ((argument == "--headers" || argument == "--depfile") && i + 1 < argc) {
      (argument == "--headers" ? options.headers : options.depfile) = argv[++i];
    } else if (argument.rfind("-I", 0) == 0 && argument.size() > 2) {
      options.include_dirs.emplace_back(argument.substr(2));
    } else if (!argument.empty() && argument[0] == '-') {
      return false;
    } else {
      positional.push_back(argument);
    }
  }
  if (positional.size() != 2) return false;
  options.input = positional[0];
  options.output = positional[1];
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse_arguments(argc, argv, options)) {
    std::cerr << "usage: xbang-mlu-rewrite <in.mlu> <out.cpp> [--headers "
                 "<dir>] [-I<dir>]... [--depfile <file>]\n";
    return 2;
  }
  std::string source;
  if (!read_file(options.input, source)) {
    std::cerr << "xbang-mlu-rewrite: cannot read " << options.input.string()
              << ": " << std::strerror(errno) << "\n";
    return 1;
  }

  const xbang::porting::RewriteResult result =
      xbang::porting::rewrite_mlu_source(source, options.input.string());
  if (!result.ok) std::cerr << result.error << "\n";
  const std::string contents = result.ok ? kPreInclude + result.output
                                         : error_translation_unit(result.error);

  std::vector<std::string> read_files = {options.input.string()};
  if (result.ok && !options.headers.empty()) {
    HeaderMirror mirror(options);
    std::error_code ignored;
    const fs::path input_dir =
        fs::absolute(options.input, ignored).parent_path();
    if (!mirror.follow(result.quoted_includes, input_dir)) return 1;
    // The compiler searches the copies of the input's folder and of each -I
    // folder first; `#include "../x/k.h"` resolves under such a folder only
    // if it exists, even when no header was copied into it.
    mirror.make_folder_of(input_dir);
    for (const fs::path& dir : options.include_dirs) {
      mirror.make_folder_of(fs::absolute(dir, ignored));
    }
    read_files.insert(read_files.end(), mirror.read_files().begin(),
                      mirror.read_files().end());
  }
  if (!write_file(options.output, contents)) return 1;
  if (!options.depfile.empty()) {
    std::string rule = escape_for_depfile(options.output.string()) + ":";
    for (const std::string& file : read_files) {
      rule += " \\\n  " + escape_for_depfile(file);
    }
    if (!write_file(options.depfile, rule + "\n")) return 1;
  }
  return 0;
}
