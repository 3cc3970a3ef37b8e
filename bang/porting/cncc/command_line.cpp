// cncc's command line (command_line.h).
#include "command_line.h"

#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace fs = std::filesystem;

namespace cncc {

int fail(const std::string& message) {
  std::cerr << "cncc: error: " << message << "\n";
  return 1;
}

bool starts_with(const std::string& text, const char* prefix) {
  return text.rfind(prefix, 0) == 0;
}

namespace {

Language language_of_extension(const std::string& path) {
  const std::string extension = fs::path(path).extension().string();
  if (extension == ".mlu") return Language::kBang;
  if (extension == ".cpp" || extension == ".cc" || extension == ".cxx" ||
      extension == ".C" || extension == ".c++") {
    return Language::kCxx;
  }
  if (extension == ".c") return Language::kC;
  return Language::kAuto;
}

std::optional<Language> parse_language(const std::string& name) {
  if (name == "bang" || name == "mlu") return Language::kBang;
  if (name == "c++") return Language::kCxx;
  if (name == "c") return Language::kC;
  if (name == "none") return Language::kAuto;
  return std::nullopt;
}

// mtp_NNN, tp_NNN (a product) or compute_NN (a family) to the profile.
std::optional<int> parse_arch(const std::string& name) {
  struct Known {
    const char* name;
    int profile;
  };
  static const Known known[] = {
      {"mtp_290", 290},
      {"tp_290", 290},
      {"mtp_372", 372},
      {"tp_372", 372},
      {"mtp_592", 592},
      {"tp_592", 592},
      {"compute_20", 290},
      {"compute_30", 372},
      {"compute_50", 592},
      // Named by real builds, with no profile here (xbang/core/profiles.h).
      {"mtp_613", 613},
      {"mtp_617", 617}};
  for (const Known& entry : known) {
    if (name == entry.name) return entry.profile;
  }
  return std::nullopt;
}

// Flags with no meaning on a CPU: the count of words each one takes,
// including itself. Joined forms (-mllvm=x) are not spellings cncc has.
int ignored_flag_words(const std::string& flag) {
  if (flag == "-mllvm" || flag == "-Xbang-cnas" || flag == "-Xbang-cnlinker" ||
      flag == "-Xcnas") {
    return 2;
  }
  if (flag == "--no-neuware-version-check" ||
      flag == "-fbang-instrument-kernels" || flag == "--bang-device-only" ||
      flag == "--bang-host-only" || flag == "--bang-wram-align64" ||
      flag == "--bang-stack-on-ldram" || flag == "-fno-bang-fma" ||
      flag == "-fbang-fma") {
    return 1;
  }
  return 0;
}

// A flag with a separate value: returns the value and advances `i`, or the
// joined value after `prefix`.
bool take_value(const std::vector<std::string>& args, size_t& i,
                const std::string& prefix, std::string& value) {
  const std::string& argument = args[i];
  if (argument == prefix) {
    if (i + 1 >= args.size()) return false;
    value = args[++i];
    return true;
  }
  value = argument.substr(prefix.size());
  if (!value.empty() && value[0] == '=' && prefix.size() > 2 &&
      prefix[1] == '-') {
    value.erase(0, 1);
  }
  return true;
}

void print_version() {
  std::cout << "cncc v" << kVersion << " (xbang " << kXbangVersion
            << ": BANG C compiled as C++ by " << kHostCompiler << ")\n"
            << "Target: the host CPU (__BANG_ARCH__ profiles 290, 372, "
               "592)\n";
}

void print_usage() {
  std::cout
      << "usage: cncc [options] <file>...\n"
         "  inputs: .mlu (BANG C), .cpp/.cc/.cxx (C++), .c (C), objects and "
         "libraries\n"
         "  -c, -E, -o <file>, -x <bang|c++|c|none>, -I, -D, -U, -L, -l, "
         "-Wl,<...>,\n"
         "  -std=, -O*, -g*, -f*, -W*, -m*, -shared, -pthread, -MD/-MMD/-MF/"
         "-MT/-MQ/-MP,\n"
         "  --bang-mlu-arch=<mtp_NNN|compute_NN> (also --bang-arch=),\n"
         "  --neuware-path=<dir>, --xbang-portable (no -march=native), "
         "--version,\n"
         "  --xbang-host-compiler=<clang|gcc> (default clang),\n"
         "  --xbang-scalar-check (checked mode sees plain loads and stores; "
         "Clang)\n"
         "  Flags with no CPU meaning are accepted and ignored; see "
         "docs/cncc.md.\n";
}

}  // namespace

// Returns 0, or the exit status of a bad command line after the message.
int parse_command(const std::vector<std::string>& args, Command& command,
                  bool& done) {
  Language language = Language::kAuto;
  done = false;
  auto compile_flag = [&](std::vector<std::string> words) {
    command.items.push_back({Item::kCompile, std::move(words), {}});
  };
  auto link_flag = [&](std::vector<std::string> words) {
    command.items.push_back({Item::kLink, std::move(words), {}});
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& argument = args[i];
    std::string value;
    const auto missing = [&] {
      return fail("missing argument to '" + argument + "'");
    };
    if (argument.empty() || argument == "-v") continue;  // -v: see main()
    if (argument[0] != '-' || argument == "-") {
      if (argument == "-") return fail("reading a source from stdin");
      const Language chosen = language == Language::kAuto
                                  ? language_of_extension(argument)
                                  : language;
      command.items.push_back({Item::kInput, {}, {argument, chosen}});
      continue;
    }
    if (argument == "--version") {
      print_version();
      done = true;
      return 0;
    }
    if (argument == "--help" || argument == "-help") {
      print_usage();
      done = true;
      return 0;
    }
    if (const int words = ignored_flag_words(argument)) {
      if (i + words - 1 >= args.size()) return missing();
      i += words - 1;
      continue;
    }
    if (argument == "-c") {
      command.compile_only = true;
    } else if (argument == "-E") {
      command.preprocess_only = true;
    } else if (argument == "--xbang-portable") {
      command.portable = true;
    } else if (argument == "--xbang-scalar-check") {
      command.scalar_check = true;
    } else if (starts_with(argument, "--xbang-host-compiler")) {
      if (!take_value(args, i, "--xbang-host-compiler", value)) {
        return missing();
      }
      if (value != "clang" && value != "gcc") {
        return fail("unknown host compiler '" + value +
                    "' in '--xbang-host-compiler': clang or gcc");
      }
      command.host_compiler = value;
    } else if (starts_with(argument, "-o")) {
      if (!take_value(args, i, "-o", value)) return missing();
      command.output = value;
    } else if (starts_with(argument, "-x")) {
      if (!take_value(args, i, "-x", value)) return missing();
      const auto parsed = parse_language(value);
      if (!parsed) return fail("language not recognized: '" + value + "'");
      language = *parsed;
    } else if (starts_with(argument, "--bang-mlu-arch") ||
               starts_with(argument, "--bang-arch")) {
      const char* prefix = starts_with(argument, "--bang-mlu-arch")
                               ? "--bang-mlu-arch"
                               : "--bang-arch";
      if (!take_value(args, i, prefix, value)) return missing();
      const auto profile = parse_arch(value);
      if (!profile) {
        return fail("unknown MLU architecture '" + value + "' in '" +
                    std::string(prefix) +
                    "': xbang emulates mtp_290, mtp_372 and mtp_592 "
                    "(compute_20, compute_30, compute_50)");
      }
      command.archs.push_back(*profile);
      command.arch_names.push_back(value);
    } else if (starts_with(argument, "--neuware-path")) {
      if (!take_value(args, i, "--neuware-path", value)) return missing();
      command.neuware_path = value;
    } else if (starts_with(argument, "-I") ||
               starts_with(argument, "-isystem") ||
               starts_with(argument, "-iquote") ||
               starts_with(argument, "-idirafter")) {
      const char* prefix = starts_with(argument, "-I")         ? "-I"
                           : starts_with(argument, "-isystem") ? "-isystem"
                           : starts_with(argument, "-iquote")  ? "-iquote"
                                                               : "-idirafter";
      if (!take_value(args, i, prefix, value)) return missing();
      if (std::strcmp(prefix, "-I") == 0) command.include_dirs.push_back(value);
      compile_flag({prefix, value});
    } else if (argument == "-include") {
      if (!take_value(args, i, "-include", value)) return missing();
      compile_flag({"-include", value});
    } else if (starts_with(argument, "-D") || starts_with(argument, "-U")) {
      const std::string prefix = argument.substr(0, 2);
      if (!take_value(args, i, prefix, value)) return missing();
      compile_flag({prefix + value});
    } else if (starts_with(argument, "-L")) {
      if (!take_value(args, i, "-L", value)) return missing();
      link_flag({"-L" + value});
    } else if (starts_with(argument, "-l")) {
      if (!take_value(args, i, "-l", value)) return missing();
      link_flag({"-l" + value});
    } else if (starts_with(argument, "-Wl,") || argument == "-rdynamic" ||
               argument == "-static-libstdc++" ||
               argument == "-static-libgcc" || argument == "-nodefaultlibs") {
      link_flag({argument});
    } else if (argument == "-Xlinker") {
      if (!take_value(args, i, "-Xlinker", value)) return missing();
      link_flag({"-Xlinker", value});
    } else if (argument == "-shared") {
      command.shared = true;
      link_flag({argument});
    } else if (argument == "-pthread") {
      compile_flag({argument});
      link_flag({argument});
    } else if (argument == "-MD" || argument == "-MMD") {
      command.depfile_requested = true;
      command.depfile_flags.push_back(argument);
    } else if (argument == "-MF") {
      if (!take_value(args, i, "-MF", value)) return missing();
      command.depfile = value;
    } else if (argument == "-MT" || argument == "-MQ") {
      const std::string flag = argument;
      if (!take_value(args, i, flag, value)) return missing();
      command.depfile_flags.push_back(flag);
      command.depfile_flags.push_back(value);
    } else if (argument == "-MP" || argument == "-M" || argument == "-MM") {
      command.depfile_flags.push_back(argument);
    } else if (starts_with(argument, "-std=")) {
      command.std_value = argument.substr(5);
      compile_flag({argument});
    } else if (starts_with(argument, "-march=") ||
               starts_with(argument, "-mcpu=")) {
      command.has_march = true;
      compile_flag({argument});
    } else if (starts_with(argument, "-O") || starts_with(argument, "-g") ||
               starts_with(argument, "-f") || starts_with(argument, "-W") ||
               starts_with(argument, "-m") || argument == "-w" ||
               argument == "-pipe" || argument == "-pedantic" ||
               argument == "-pedantic-errors" ||
               starts_with(argument, "--sysroot=")) {
      if (starts_with(argument, "-Wa,") || starts_with(argument, "-Wp,")) {
        compile_flag({argument});
      } else if (argument == "-fPIC" || argument == "-fpic" ||
                 starts_with(argument, "-fsanitize") ||
                 starts_with(argument, "-fprofile") ||
                 argument == "-fcoverage-mapping" || argument == "-fopenmp" ||
                 argument == "-flto") {
        // Code generation and run-time libraries: both steps need them.
        compile_flag({argument});
        link_flag({argument});
      } else {
        if (starts_with(argument, "-W")) {
          command.warning_flags.push_back(argument);
        }
        compile_flag({argument});
      }
    } else if (argument == "-Xclang") {
      // A Clang front-end option, as the real cncc takes it.
      if (!take_value(args, i, "-Xclang", value)) return missing();
      compile_flag({"-Xclang", value});
    } else if (argument == "-nostdinc" || argument == "-nostdinc++" ||
               argument == "-P" || argument == "-C" || argument == "-H" ||
               argument == "-ansi" || argument == "-trigraphs" ||
               argument == "-undef" || starts_with(argument, "--std=")) {
      compile_flag(
          {starts_with(argument, "--std=") ? argument.substr(1) : argument});
      if (starts_with(argument, "--std=")) {
        command.std_value = argument.substr(6);
      }
    } else {
      return fail("unknown argument: '" + argument + "'");
    }
  }
  if (command.neuware_path.empty()) {
    // <neuware>/bin/cncc
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    if (!error) command.neuware_path = self.parent_path().parent_path();
  }
  return 0;
}

}  // namespace cncc
