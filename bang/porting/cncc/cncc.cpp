// cncc: the Neuware compiler driver, on the CPU (docs/cncc.md).
//
// Takes the command lines of Cambricon's cncc: .mlu (BANG C), .cpp/.cc and
// .c sources, objects and libraries; -c, -E, -o, include, macro, link and
// code-generation flags. A .mlu file goes through xbang-mlu-rewrite (found
// next to this program), exactly as xbang_add_mlu_sources does in CMake, and
// then through Clang, as the real cncc is Clang-based (--xbang-host-compiler=
// gcc, XBANG_CNCC_COMPILER=gcc or XBANG_CNCC_CXX=<command> choose another),
// with -Wno- flags that make its -Wall cncc's. Linking adds the toolkit
// libraries of <neuware>/lib64.
//
// Code is compiled for the host CPU (-march=native) unless --xbang-portable
// or XBANG_CNCC_PORTABLE=1 asks for the compiler's portable default. Flags
// that have no meaning on a CPU (-mllvm <x>, -Xbang-cnas <x>, ...) are
// accepted and ignored; any other flag cncc does not know fails with its
// name. Exit status: the failing step's own, 1 for a bad command line.
#include <limits.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <tuple>
#include <utility>
#include <vector>

#include "command_line.h"
#include "environment.h"
#include "object_symbols.h"
#include "xbang/core/profiles.h"

extern char** environ;

namespace fs = std::filesystem;

namespace cncc {
namespace {
// Space-separated flags the toolkit libraries need in every compilation and
// link (the sanitizers they were built with).
constexpr char kRuntimeFlags[] = XBANG_CNCC_RUNTIME_FLAGS;

std::vector<std::string> runtime_flags() {
  std::vector<std::string> flags;
  std::istringstream words(kRuntimeFlags);
  for (std::string word; words >> word;) flags.push_back(word);
  return flags;
}

constexpr char kRewriteTool[] = "xbang-mlu-rewrite";
// The link names of the toolkit libraries, as real builds write them.
// What a link gets: the toolkit libraries, and the emulated device they share,
// which kernels reach directly (taskId, the built-ins' checks and counters).
const char* const kToolkitLibraries[] = {"cnrt", "cndrv", "cndev", "cnnl",
                                         "xbang_device"};

// Runs `argv` and returns its exit status (128 + signal when killed).
int run(const std::vector<std::string>& argv, bool verbose) {
  if (verbose) {
    for (const std::string& word : argv) std::cerr << word << ' ';
    std::cerr << '\n';
  }
  std::vector<char*> pointers;
  for (const std::string& word : argv) {
    pointers.push_back(const_cast<char*>(word.c_str()));
  }
  pointers.push_back(nullptr);
  pid_t child = 0;
  const int spawned = posix_spawnp(&child, pointers[0], nullptr, nullptr,
                                   pointers.data(), environ);
  if (spawned != 0) {
    std::cerr << "cncc: error: cannot run '" << argv[0]
              << "': " << std::strerror(spawned) << "\n";
    return 1;
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) return 1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    std::string pattern =
        xbang::environment::text("TMPDIR", "/tmp") + "/cncc.XXXXXX";
    if (mkdtemp(pattern.data())) path_ = pattern;
  }
  ~TemporaryDirectory() {
    if (path_.empty()) return;
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

struct Driver {
  Command command;
  std::vector<std::string> compiler;  // the host compiler (one word)
  bool gnu = true;
  bool clang16 = false;  // Clang 16 or later
  bool verbose = false;
  TemporaryDirectory scratch;
  int next_scratch = 0;
  // -Wno- flags that make the compiler's -Wall cncc's (warning_map()).
  std::vector<std::string> warning_map_flags;

  fs::path neuware() const { return command.neuware_path; }

  // The architecture the current compilation is for: a fat compilation
  // compiles one .mlu once per modelled --bang-mlu-arch.
  int arch = 0;

  // The --bang-mlu-arch values xbang has a profile for, in command-line
  // order, once each; with none given, the runtime's default profile.
  std::vector<int> modelled_archs() const {
    if (command.archs.empty()) return {kLibraryArch};
    std::vector<int> archs;
    for (const int a : command.archs) {
      if (xbang::find_arch_profile(a) != nullptr &&
          std::find(archs.begin(), archs.end(), a) == archs.end()) {
        archs.push_back(a);
      }
    }
    return archs;
  }

  // The named architectures without a profile: an error when nothing else
  // is named, else a warning (their code is not built).
  int check_unmodelled_archs() const {
    std::string unmodelled;
    for (const int a : command.archs) {
      if (xbang::find_arch_profile(a) == nullptr) {
        unmodelled +=
            (unmodelled.empty() ? "mtp_" : ", mtp_") + std::to_string(a);
      }
    }
    if (unmodelled.empty()) return 0;
    const std::string why =
        unmodelled +
        ": no public document gives this architecture's on-chip sizes and "
        "core counts, so xbang has no profile for it (docs/cncc.md)";
    if (modelled_archs().empty()) return fail("--bang-mlu-arch " + why);
    std::cerr << "cncc: warning: no code is built for " << why << "\n";
    return 0;
  }

  // Flags every compilation gets before the user's: the runtime's sanitizers
  // and the target CPU.
  std::vector<std::string> common_flags() const {
    std::vector<std::string> flags = runtime_flags();
    if (!command.portable && !command.has_march)
      flags.push_back("-march=native");
    return flags;
  }
  // BANG C as xbang compiles it needs C++17: an older -std (cncc's
  // tutorials write -std=c++11) is raised for .mlu sources, after the
  // user's flags so that it wins.
  std::vector<std::string> bang_std_flags() const {
    const std::string& value = command.std_value;
    if (value.empty()) return {"-std=c++17"};
    static const char* const older[] = {
        "c++98",   "c++03",   "c++0x",   "c++11",   "c++1y",   "c++14",
        "gnu++98", "gnu++03", "gnu++0x", "gnu++11", "gnu++1y", "gnu++14"};
    for (const char* name : older) {
      if (value == name) {
        return {value.rfind("gnu", 0) == 0 ? "-std=gnu++17" : "-std=c++17"};
      }
    }
    return {};
  }
  std::vector<std::string> toolkit_flags() const {
    std::vector<std::string> flags = {
        "-isystem", (neuware() / "include").string(),
        "-DXBANG_CHECKED=" + std::to_string(kChecked)};
    const int profile = arch != 0 ? arch : modelled_archs().front();
    if (profile != 372) {
      flags.push_back("-D__BANG_ARCH__=" + std::to_string(profile));
    }
    if (clang16) {
      // half is _Float16 only where each operation rounds to binary16, which
      // Clang 16 does when told (see bang/include/xbang/core/half.h).
      flags.insert(flags.end(), {"-Xclang", "-ffloat16-excess-precision=none",
                                 "-DXBANG_FLOAT16_ROUNDS_EACH_OPERATION=1"});
    }
    return flags;
  }
  // --xbang-scalar-check: Clang calls the device's __sanitizer_cov_load* /
  // __sanitizer_cov_store* before every load and store of 1 to 16 bytes
  // (bang/device/scalar_access.cpp); `edge` with no counters adds nothing
  // else. Loops the compiler vectorises keep to 16-byte vectors, which are
  // instrumented, where wider ones are not.
  bool scalar_check_applies() const {
    return command.scalar_check && !gnu && kChecked != 0;
  }
  // The functions left uninstrumented: xbang's (the built-ins' code out of
  // line, lambdas nested up to three deep) and the built-ins themselves
  // (global functions named __*). Their accesses are the built-ins', which
  // their contracts check; the entry's BuiltinScope already keeps the
  // callbacks from checking them, this keeps them from costing a call.
  // cmake/XbangMlu.cmake writes the same list.
  static constexpr const char* kScalarCheckIgnored[] = {
      "_ZN5xbang*",       "_ZNK5xbang*",   "_ZZN5xbang*",      "_ZZNK5xbang*",
      "_ZZZN5xbang*",     "_ZZZNK5xbang*", "_ZZZZN5xbang*",    "_ZZZZNK5xbang*",
      "_ZN5xsimd*",       "_ZNK5xsimd*",   "_ZZN5xsimd*",      "_Z[0-9]__*",
      "_Z[0-9][0-9]__*",  "_ZZ[0-9]__*",   "_ZZ[0-9][0-9]__*", "_ZZZ[0-9]__*",
      "_ZZZ[0-9][0-9]__*"};
  fs::path scalar_check_ignorelist;
  std::vector<std::string> scalar_check_flags() {
    if (!scalar_check_applies()) return {};
    if (scalar_check_ignorelist.empty()) {
      scalar_check_ignorelist = scratch_file("scalar_check.ignorelist");
      std::ofstream out(scalar_check_ignorelist);
      for (const char* pattern : kScalarCheckIgnored) {
        out << "fun:" << pattern << "\n";
      }
    }
    return {
        "-fsanitize-coverage=edge,trace-loads,trace-stores",
        "-fsanitize-coverage-ignorelist=" + scalar_check_ignorelist.string(),
        "-mprefer-vector-width=128", "-DXBANG_SCALAR_CHECK=1"};
  }

  // cncc's -Wall is Clang's. After the user's flags, so that they hold
  // against -Wall and -Wextra; a warning the user names (-W<name>,
  // -Werror=<name>) keeps the user's setting.
  std::vector<std::string> warning_flags(bool bang) const {
    // Warnings of GCC's -Wall (C++) that Clang's -Wall does not have, or
    // has under another name with other rules: -Wcomment also takes a //
    // comment continued by a backslash, -Wsequence-point ignores C++17's
    // sequencing of assignments (Clang's is -Wunsequenced); Clang's
    // -Wstrict-aliasing never warns.
    static const char* const kGccAll[] = {
        "sign-compare", "unknown-pragmas", "unused-but-set-variable",
        "comment",      "sequence-point",  "strict-aliasing"};
    // GCC 12 raises these inside its own AVX-512 intrinsics once the
    // built-ins are inlined into a kernel (`__Y` of its AVX-512 header).
    static const char* const kGccBang[] = {"maybe-uninitialized",
                                           "uninitialized"};
    // Warnings Clang 16's -Wall has that cncc's does not (unused but set),
    // and, for .mlu files, those xbang's expansion raises where cncc's does
    // not: `#pragma bang` (Clang cannot be told to ignore one pragma
    // namespace), abs() of an integer resolving to the C library's instead
    // of a device overload, `inline` written next to __mlu_device__ (which
    // is `inline` here), and a `#pragma unroll` the CPU code of a loop
    // cannot honour (a sanitizer build's instrumentation, for one).
    static const char* const kClangAll[] = {"unused-but-set-variable"};
    static const char* const kClangBang[] = {
        "unknown-pragmas", "absolute-value", "duplicate-decl-specifier",
        "pass-failed"};
    std::vector<const char*> names;
    if (gnu) {
      names.assign(std::begin(kGccAll), std::end(kGccAll));
      if (bang)
        names.insert(names.end(), std::begin(kGccBang), std::end(kGccBang));
    } else {
      names.assign(std::begin(kClangAll), std::end(kClangAll));
      if (bang)
        names.insert(names.end(), std::begin(kClangBang), std::end(kClangBang));
    }
    std::vector<std::string> flags;
    for (const char* name : names) {
      const std::string on = std::string("-W") + name;
      const std::string error = std::string("-Werror=") + name;
      bool named = false;
      for (const std::string& given : command.warning_flags) {
        if (given == on || given == error) named = true;
      }
      if (!named) flags.push_back(std::string("-Wno-") + name);
    }
    return flags;
  }

  std::vector<std::string> user_compile_flags() const {
    std::vector<std::string> flags;
    for (const Item& item : command.items) {
      if (item.kind == Item::kCompile) {
        flags.insert(flags.end(), item.words.begin(), item.words.end());
      }
    }
    return flags;
  }

  fs::path scratch_file(const std::string& name) {
    return scratch.path() / (std::to_string(next_scratch++) + "_" + name);
  }

  // The depfile flags for a compilation writing `object`: -MF as the user
  // gave it or as GCC would name it.
  std::vector<std::string> depfile_flags(const std::string& object) const {
    std::vector<std::string> flags = command.depfile_flags;
    if (command.depfile_requested) {
      std::string depfile = command.depfile;
      if (depfile.empty()) {
        depfile = fs::path(object).replace_extension(".d").string();
      }
      flags.push_back("-MF");
      flags.push_back(depfile);
    } else if (!command.depfile.empty()) {
      flags.push_back("-MF");
      flags.push_back(command.depfile);
    }
    return flags;
  }

  // Writes the C++ of a .mlu file; returns its path, or empty after an
  // error (the status in `status`).
  fs::path rewrite(const Input& input, fs::path& headers, int& status) {
    std::error_code error;
    fs::path self = fs::read_symlink("/proc/self/exe", error);
    const fs::path tool = self.parent_path() / kRewriteTool;
    if (error || !fs::exists(tool)) {
      status = fail("cannot find " + std::string(kRewriteTool) +
                    " next to cncc (" + self.parent_path().string() + ")");
      return {};
    }
    if (!fs::is_regular_file(input.path)) {
      status = fail("no such file: '" + input.path + "'");
      return {};
    }
    const fs::path output =
        scratch_file(fs::path(input.path).filename().string() + ".cpp");
    headers = scratch.path() / "headers";
    std::vector<std::string> argv = {tool.string(), input.path, output.string(),
                                     "--headers", headers.string()};
    for (const std::string& dir : command.include_dirs) {
      argv.push_back("-I" + dir);
    }
    status = run(argv, verbose);
    if (status != 0) return {};
    return output;
  }

  // Compiles (or preprocesses) one source to `object`. A .mlu file named
  // with several modelled architectures becomes a fat object: the code of
  // the first, and the others' code with its definitions renamed for their
  // architecture (variant_renames()), linked into one relocatable object.
  // Every variant's launch sites register at load, as the first's do, and
  // the device picks the code of its own architecture (docs/cncc.md).
  int compile(const Input& input, const std::string& object) {
    const std::vector<int> archs = modelled_archs();
    arch = archs.front();
    if (input.language != Language::kBang || command.preprocess_only ||
        archs.size() == 1) {
      return compile_one(input, object);
    }
    std::vector<std::string> argv = compiler;
    argv.insert(argv.end(), {"-r", "-nostdlib", "-o", object});
    argv.push_back(scratch_file("primary.o").string());
    if (const int status = compile_one(input, argv.back())) return status;
    for (size_t i = 1; i < archs.size(); ++i) {
      arch = archs[i];
      argv.push_back(scratch_file("variant.o").string());
      if (const int status = build_variant(input, argv.back())) return status;
    }
    arch = archs.front();
    if (const int status = run(argv, verbose)) return status;
    return check_fat_object(object);
  }

  // The .mlu compiled for `arch` into `object`, every symbol it defines
  // renamed <name>.xbang_mtp_<arch> (variant_renames()). Its undefined
  // references stay as they are: the final link resolves them as it
  // resolves the primary code's.
  int build_variant(const Input& input, const std::string& object) {
    const std::string compiled = scratch_file("variant_compiled.o").string();
    variant = true;
    const int status = compile_one(input, compiled);
    variant = false;
    if (status != 0) return status;
    std::string thunks;
    const auto renames = variant_renames(compiled, arch, thunks);
    if (!renames) return fail("cannot read the symbols of " + compiled);
    const fs::path list = scratch_file("variant_symbols.txt");
    std::ofstream(list) << *renames;
    const std::string renamed = scratch_file("variant_renamed.o").string();
    if (const int renaming = run({kObjcopy, "--redefine-syms=" + list.string(),
                                  compiled, thunks.empty() ? object : renamed},
                                 verbose)) {
      return renaming;
    }
    if (thunks.empty()) return 0;
    const fs::path thunk_source = scratch_file("variant_thunks.s");
    std::ofstream(thunk_source) << thunks;
    const std::string thunk_object = scratch_file("variant_thunks.o").string();
    std::vector<std::string> argv = compiler;
    argv.insert(argv.end(), {"-c", "-x", "assembler", thunk_source.string(),
                             "-o", thunk_object});
    if (const int status = run(argv, verbose)) return status;
    argv = compiler;
    argv.insert(argv.end(),
                {"-r", "-nostdlib", "-o", object, renamed, thunk_object});
    return run(argv, verbose);
  }

  // A fat object whose variants lost a definition (a group of theirs the
  // link kept from another copy) would call address 0: refused here.
  int check_fat_object(const std::string& object) const {
    const auto symbols = read_object_symbols(object);
    if (!symbols) return fail("cannot read the symbols of " + object);
    for (const ObjectSymbol& symbol : *symbols) {
      if (!symbol.defined &&
          symbol.name.find(kVariantSuffix) != std::string::npos) {
        return fail("the fat object " + object + " lost the definition of " +
                    symbol.name);
      }
    }
    return 0;
  }

  // A variant's compilation: no dependency file (the primary's lists the
  // same headers).
  bool variant = false;

  // The rewritten C++ of each .mlu file, and its headers' folder: every
  // architecture compiles the same text.
  std::map<std::string, std::pair<fs::path, fs::path>> rewritten;

  int compile_one(const Input& input, const std::string& object) {
    std::vector<std::string> argv = compiler;
    std::string source = input.path;
    fs::path generated;
    fs::path headers;
    const auto lang_flags = common_flags();
    argv.insert(argv.end(), lang_flags.begin(), lang_flags.end());
    if (input.language == Language::kBang) {
      const auto known = rewritten.find(input.path);
      if (known != rewritten.end()) {
        std::tie(generated, headers) = known->second;
      } else {
        int status = 0;
        generated = rewrite(input, headers, status);
        if (generated.empty()) return status;
        rewritten[input.path] = {generated, headers};
      }
      source = generated.string();
      // As xbang_add_mlu_sources: "..." includes see the rewritten copies
      // (the .mlu folder's, then each -I folder's), then the .mlu folder.
      std::error_code error;
      const fs::path mlu_dir =
          fs::absolute(input.path, error).parent_path().lexically_normal();
      argv.push_back("-iquote" + (headers / mlu_dir.relative_path()).string());
      for (const std::string& dir : command.include_dirs) {
        const fs::path absolute = fs::absolute(dir, error).lexically_normal();
        argv.push_back("-iquote" +
                       (headers / absolute.relative_path()).string());
      }
      argv.push_back("-iquote" + mlu_dir.string());
      // GCC's section anchors would move on-chip variables away from their
      // guard zones (see cmake/XbangMlu.cmake).
      if (gnu) argv.push_back("-fno-section-anchors");
      argv.push_back("-x");
      argv.push_back("c++");
    } else if (input.language == Language::kCxx) {
      argv.push_back("-x");
      argv.push_back("c++");
    } else if (input.language == Language::kC) {
      argv.push_back("-x");
      argv.push_back("c");
    }
    const auto user = user_compile_flags();
    argv.insert(argv.end(), user.begin(), user.end());
    if (input.language != Language::kC) {
      const auto mapped = warning_flags(input.language == Language::kBang);
      argv.insert(argv.end(), mapped.begin(), mapped.end());
    }
    if (input.language == Language::kBang) {
      const auto std_flags = bang_std_flags();
      argv.insert(argv.end(), std_flags.begin(), std_flags.end());
    }
    const auto toolkit = toolkit_flags();
    argv.insert(argv.end(), toolkit.begin(), toolkit.end());
    if (input.language == Language::kBang) {
      const auto scalar = scalar_check_flags();
      argv.insert(argv.end(), scalar.begin(), scalar.end());
    }
    argv.push_back(command.preprocess_only ? "-E" : "-c");
    argv.push_back(source);
    if (!object.empty()) {
      argv.push_back("-o");
      argv.push_back(object);
    }
    std::vector<std::string> dep_flags;
    if (!variant &&
        (!command.preprocess_only || !command.depfile_flags.empty())) {
      dep_flags = depfile_flags(object.empty() ? source : object);
      argv.insert(argv.end(), dep_flags.begin(), dep_flags.end());
    }
    const int status = run(argv, verbose);
    if (status == 0 && !generated.empty() && !dep_flags.empty()) {
      for (size_t i = 0; i + 1 < dep_flags.size(); ++i) {
        if (dep_flags[i] == "-MF") {
          fix_depfile(dep_flags[i + 1], generated, headers, input.path);
        }
      }
    }
    return status;
  }

  // The compiler lists the scratch copies; the build wants the .mlu file
  // and the headers it reads.
  static void fix_depfile(const std::string& depfile, const fs::path& generated,
                          const fs::path& headers, const std::string& mlu) {
    std::ifstream in(depfile);
    if (!in) return;
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    const auto replace_all = [&text](const std::string& from,
                                     const std::string& to) {
      for (size_t at = text.find(from); at != std::string::npos;
           at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
      }
    };
    replace_all(generated.string(), mlu);
    replace_all(headers.string(), "");
    std::ofstream(depfile, std::ios::trunc) << text;
  }

  int link(const std::vector<std::string>& objects) {
    // Clang's sanitizer run time and GCC's cannot share a process: the
    // program would stop at start-up ("incompatible ASan runtimes").
    if (!gnu && kRuntimeFlags[0] != '\0' &&
        std::strcmp(kHostCompilerId, "GNU") == 0) {
      return fail(std::string("the toolkit libraries carry GCC's sanitizer "
                              "run time (") +
                  kRuntimeFlags +
                  "), which a program Clang links cannot load: link with "
                  "--xbang-host-compiler=gcc");
    }
    std::vector<std::string> argv = compiler;
    size_t next_object = 0;
    for (const Item& item : command.items) {
      if (item.kind == Item::kLink) {
        argv.insert(argv.end(), item.words.begin(), item.words.end());
      } else if (item.kind == Item::kInput) {
        argv.push_back(objects[next_object++]);
      }
    }
    argv.push_back("-o");
    argv.push_back(command.output.empty() ? "a.out" : command.output);
    const fs::path lib64 = neuware() / "lib64";
    argv.push_back("-L" + lib64.string());
    argv.push_back("-Wl,-rpath," + lib64.string());
    for (const char* library : kToolkitLibraries) {
      argv.push_back(std::string("-l") + library);
    }
    argv.push_back("-pthread");
    argv.push_back("-ldl");
    const auto runtime = runtime_flags();
    argv.insert(argv.end(), runtime.begin(), runtime.end());
    return run(argv, verbose);
  }

  int execute() {
    std::vector<const Input*> sources;
    size_t inputs = 0;
    for (const Item& item : command.items) {
      if (item.kind != Item::kInput) continue;
      ++inputs;
      if (item.input.language != Language::kAuto)
        sources.push_back(&item.input);
    }
    if (inputs == 0) return fail("no input files");
    if ((command.compile_only || command.preprocess_only) &&
        sources.size() != inputs) {
      for (const Item& item : command.items) {
        if (item.kind == Item::kInput &&
            item.input.language == Language::kAuto) {
          return fail("'" + item.input.path +
                      "' is not a source file (.mlu, .cpp, .cc, .c); use -x "
                      "to name its language");
        }
      }
    }
    if (scratch.path().empty()) return fail("cannot create a scratch folder");
    if (const int status = check_unmodelled_archs()) return status;

    if (command.preprocess_only) {
      if (!command.output.empty() && sources.size() > 1) {
        return fail("cannot specify -o with -E and multiple files");
      }
      for (const Input* source : sources) {
        if (const int status = compile(*source, command.output)) return status;
      }
      return 0;
    }
    if (command.compile_only) {
      if (!command.output.empty() && sources.size() > 1) {
        return fail("cannot specify -o with -c and multiple files");
      }
      for (const Input* source : sources) {
        const std::string object = !command.output.empty()
                                       ? command.output
                                       : fs::path(source->path)
                                             .filename()
                                             .replace_extension(".o")
                                             .string();
        if (const int status = compile(*source, object)) return status;
      }
      return 0;
    }
    std::vector<std::string> objects;
    for (const Item& item : command.items) {
      if (item.kind != Item::kInput) continue;
      if (item.input.language == Language::kAuto) {
        objects.push_back(item.input.path);
        continue;
      }
      const std::string object =
          scratch_file(fs::path(item.input.path).stem().string() + ".o")
              .string();
      if (const int status = compile(item.input, object)) return status;
      objects.push_back(object);
    }
    return link(objects);
  }
};

}  // namespace
}  // namespace cncc

int main(int argc, char** argv) {
  using namespace cncc;
  std::vector<std::string> args(argv + 1, argv + argc);
  Driver driver;
  bool done = false;
  if (const int status = parse_command(args, driver.command, done)) {
    return status;
  }
  if (done) return 0;
  // The compiler: --xbang-host-compiler, XBANG_CNCC_CXX (a command),
  // XBANG_CNCC_COMPILER (clang or gcc), then the default (Clang).
  std::string family = driver.command.host_compiler;
  const std::string command_name =
      xbang::environment::text("XBANG_CNCC_CXX", "");
  if (family.empty() && command_name.empty()) {
    family = xbang::environment::text("XBANG_CNCC_COMPILER", "");
    if (!family.empty() && family != "clang" && family != "gcc") {
      return fail("XBANG_CNCC_COMPILER='" + family + "': clang or gcc");
    }
  }
  if (family == "clang") {
    driver.compiler = {kClangCompiler};
    driver.gnu = std::strcmp(kClangCompilerId, "GNU") == 0;
    driver.clang16 = std::strcmp(kClangCompilerId, "Clang") == 0 &&
                     kClangCompilerMajor >= 16;
  } else if (family == "gcc") {
    driver.compiler = {kGccCompiler};
    driver.gnu = true;
  } else if (!command_name.empty()) {
    driver.compiler = {command_name};
    driver.gnu = fs::path(command_name).filename().string().find("clang") ==
                 std::string::npos;
  } else {
    driver.compiler = {kHostCompiler};
    driver.gnu = std::strcmp(kHostCompilerId, "GNU") == 0;
    driver.clang16 =
        std::strcmp(kHostCompilerId, "Clang") == 0 && kHostCompilerMajor >= 16;
  }
  if (xbang::environment::flag("XBANG_CNCC_PORTABLE", false)) {
    driver.command.portable = true;
  }
  if (xbang::environment::flag("XBANG_CNCC_SCALAR_CHECK", false)) {
    driver.command.scalar_check = true;
  }
  if (driver.command.scalar_check && !driver.scalar_check_applies()) {
    std::cerr << "cncc: warning: --xbang-scalar-check ignored: "
              << (kChecked == 0 ? "xbang was built without checked mode"
                                : "it needs Clang (GCC cannot instrument "
                                  "loads and stores)")
              << "\n";
  }
  driver.verbose = xbang::environment::flag("XBANG_CNCC_VERBOSE", false);
  for (const std::string& word : args) {
    if (word == "-v") driver.verbose = true;
  }
  return driver.execute();
}
