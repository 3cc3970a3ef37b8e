// cncc's command line: what it names (inputs, compiler and linker flags,
// the output, the profiles) and how it is read (docs/cncc.md).
#pragma once

#include <string>
#include <vector>

namespace cncc {

// Recorded by the build (bang/porting/cncc/CMakeLists.txt).
inline constexpr char kHostCompiler[] = XBANG_CNCC_HOST_CXX;
inline constexpr char kHostCompilerId[] = XBANG_CNCC_HOST_CXX_ID;
inline constexpr int kHostCompilerMajor = XBANG_CNCC_HOST_CXX_MAJOR;
// The compilers cncc can drive: Clang (the default) and GCC.
inline constexpr char kClangCompiler[] = XBANG_CNCC_CLANG_CXX;
inline constexpr char kClangCompilerId[] = XBANG_CNCC_CLANG_CXX_ID;
inline constexpr int kClangCompilerMajor = XBANG_CNCC_CLANG_CXX_MAJOR;
inline constexpr char kGccCompiler[] = XBANG_CNCC_GCC_CXX;
inline constexpr int kGccCompilerMajor = XBANG_CNCC_GCC_CXX_MAJOR;
// The binutils objcopy of the compilers' target (fat objects' variants).
inline constexpr char kObjcopy[] = XBANG_CNCC_OBJCOPY;
inline constexpr char kVersion[] = XBANG_CNCC_VERSION;
inline constexpr char kXbangVersion[] = XBANG_CNCC_XBANG_VERSION;
inline constexpr int kLibraryArch = XBANG_CNCC_LIBRARY_ARCH;
inline constexpr int kChecked = XBANG_CNCC_CHECKED;

enum class Language { kAuto, kBang, kCxx, kC };

struct Input {
  std::string path;
  Language language;  // kAuto: a linker input (object, library)
};

// One item of the command line in its place: a flag for the compiler, one
// for the linker, or an input.
struct Item {
  enum Kind { kCompile, kLink, kInput } kind;
  std::vector<std::string> words;
  Input input;
};

struct Command {
  std::vector<Item> items;
  std::vector<std::string> include_dirs;  // -I, for the rewriter
  std::vector<std::string> depfile_flags;
  std::string output;
  std::string depfile;             // -MF
  bool depfile_requested = false;  // -MD / -MMD
  bool compile_only = false;
  bool preprocess_only = false;
  bool shared = false;
  bool portable = false;
  // --xbang-scalar-check (or XBANG_CNCC_SCALAR_CHECK=1): checked mode sees
  // the plain loads and stores of .mlu files (Clang only).
  bool scalar_check = false;
  std::string std_value;  // -std=<value>
  bool has_march = false;
  // Every --bang-mlu-arch / --bang-arch profile in command-line order
  // (several name a fat binary), and the names as written.
  std::vector<int> archs;
  std::vector<std::string> arch_names;
  std::string neuware_path;
  // --xbang-host-compiler=<clang|gcc>; empty: XBANG_CNCC_CXX,
  // XBANG_CNCC_COMPILER, then the default (Clang).
  std::string host_compiler;
  // -W flags as given, for the warning mapping (a warning the user names
  // is never turned off).
  std::vector<std::string> warning_flags;
};

// Prints "cncc: error: <message>" and returns 1 (a bad command line).
int fail(const std::string& message);
bool starts_with(const std::string& text, const char* prefix);
// Reads the command line into `command`; returns 0, or the exit status of a
// bad command line after its message. `done`: --version or --help answered.
int parse_command(const std::vector<std::string>& args, Command& command,
                  bool& done);

}  // namespace cncc
