// Fuzz test of the .mlu path: real .mlu files cut, spliced and mutated with a
// fixed seed, through xbang-mlu-rewrite and the compiler (-fsyntax-only with
// the flags xbang_add_mlu_sources uses). Every input must either compile or
// fail with a message naming the input file, a line and a reason: the
// rewriter's own `<file>:<line>:<column>: error: <reason>` (which the tool
// turns into an #error at that line), or the compiler's errors, which the
// #line directives point at the .mlu file. A crash, a hang (per-input
// timeout), an internal compiler error or an error that names no line of the
// input fails the run; the input is kept in the work folder.
//
// xbang_mlu_fuzz --tool <xbang-mlu-rewrite> --compiler <c++>
//                --flags <file: one compiler argument a line>
//                (--compiler none: the rewriter only)
//                --work <dir> [--pch-header <__clang_bang_runtime_wrapper.h>]
//                [--seed N] [--inputs N] [--timeout seconds]
//                --corpus <dir>[=<include root>]...
// The corpus folders are searched for *.mlu; an absent folder is skipped.
// XBANG_FUZZ_INPUTS and XBANG_FUZZ_SEED override --inputs and --seed.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "rewrite/lexer.h"

namespace fs = std::filesystem;

namespace {

struct CorpusFile {
  fs::path path;
  fs::path include_root;  // -I for the tree the file comes from (may be empty)
  std::string text;
};

struct Options {
  std::string tool, compiler, flags_file, pch_header;
  fs::path work;
  uint64_t seed = 1;
  int inputs = 40;
  int timeout = 60;
  std::vector<std::pair<fs::path, fs::path>> corpus;  // folder, include root
};

std::string read_text(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

struct RunResult {
  bool timed_out = false;
  int signal = 0;
  int exit_code = 0;
  std::string output;  // stdout and stderr
};

// Runs argv in its own process group; kills the group after `timeout`.
RunResult run(const std::vector<std::string>& argv, int timeout,
              const fs::path& log) {
  RunResult result;
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    std::vector<char*> args;
    for (const std::string& arg : argv) {
      args.push_back(const_cast<char*>(arg.c_str()));
    }
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  if (pid < 0) {
    result.exit_code = 127;
    result.output = "fork failed";
    return result;
  }
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(timeout);
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      result.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!result.timed_out) {
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  }
  result.output = read_text(log);
  return result;
}

// A fixed-seed generator whose sequence does not depend on the library.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {  // splitmix64
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return n == 0 ? 0 : next() % n; }

 private:
  uint64_t state_;
};

// Offsets where a token starts (and the end): the places to cut. Text the
// lexer refuses (an unterminated comment) is cut at line starts.
std::vector<size_t> cut_points(const std::string& text) {
  std::vector<size_t> points{0};
  try {
    for (const auto& token : xbang::porting::rewrite::lex(text, 0)) {
      points.push_back(token.begin);
    }
  } catch (const xbang::porting::rewrite::ScanError&) {
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') points.push_back(i + 1);
    }
  }
  points.push_back(text.size());
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  return points;
}

// Stray pieces of what the rewriter looks for.
const char* const kSnippets[] = {
    "<<<",
    ">>>",
    "K<<<d, t, q>>>(",
    "<<<1, 2, 3>>>(x)",
    "__asm__ volatile(\"sync;\");",
    "__asm__ volatile(\"add.nram.f32 %[d], %[a], %[b], 64;\" :: [d] \"r\"(x), "
    "[a] \"r\"(y), [b] \"r\"(z));",
    "__asm__(",
    "asm",
    "{",
    "}",
    "(",
    ")",
    ";",
    "\n#if 0\n",
    "\n#if 1\n",
    "\n#ifdef X\n",
    "\n#else\n",
    "\n#elif 0\n",
    "\n#endif\n",
    "\n#define DECL __nram__ char fuzz_buf[64];\n",
    "\n#define NRAM __nram__\n",
    "__nram__ ",
    "__mlu_shared__ int fuzz_s[4];",
    "alignas(64) ",
    "alignas(64) __wram__ char fuzz_w[64];",
    "inline ",
    "__mlu_func__ inline ",
    "namespace {",
    "extern \"C\" {",
    "template <typename T> ",
    "\"",
    "'",
    "/*",
    "*/",
    "//",
    "R\"(",
    "\\\n",
    "\xC2\xA0",
    "\xEF\xBB\xBF",
    "<<<<<<< HEAD\n",
};

class Mutator {
 public:
  Mutator(const std::vector<CorpusFile>& corpus, Random& random)
      : corpus_(corpus), random_(random) {}

  // A mutated copy of corpus file `base`; `log` says what was done.
  std::string mutate(size_t base, std::string& log) {
    std::string text = corpus_[base].text;
    const size_t count = 1 + random_.below(4);
    for (size_t m = 0; m < count; ++m) {
      const std::vector<size_t> points = cut_points(text);
      const size_t n = points.size();
      const size_t i = random_.below(n);
      const size_t j = std::min(n - 1, i + 1 + random_.below(40));
      const size_t a = points[i];
      const size_t b = points[j];
      switch (random_.below(7)) {
        case 0:
          text.erase(a, b - a);
          log += " delete";
          break;
        case 1:
          text.insert(b, text.substr(a, b - a));
          log += " duplicate";
          break;
        case 2: {
          const size_t k = std::min(n - 1, j + random_.below(200));
          const size_t l = std::min(n - 1, k + 1 + random_.below(40));
          const size_t c = points[k];
          const size_t d = points[l];
          text = text.substr(0, a) + text.substr(c, d - c) +
                 text.substr(b, c - b) + text.substr(a, b - a) + text.substr(d);
          log += " swap";
          break;
        }
        case 3:
          text.resize(a);
          log += " truncate";
          break;
        case 4: {
          const CorpusFile& other = corpus_[random_.below(corpus_.size())];
          const std::vector<size_t> other_points = cut_points(other.text);
          text = text.substr(0, a) +
                 other.text.substr(
                     other_points[random_.below(other_points.size())]);
          log += " splice(" + other.path.filename().string() + ")";
          break;
        }
        default: {
          const size_t pick =
              random_.below(sizeof(kSnippets) / sizeof(kSnippets[0]));
          text.insert(a, kSnippets[pick]);
          log += " insert#" + std::to_string(pick);
          break;
        }
      }
    }
    return text;
  }

 private:
  const std::vector<CorpusFile>& corpus_;
  Random& random_;
};

std::vector<std::string> read_flags(const std::string& file) {
  std::vector<std::string> flags;
  std::istringstream lines(read_text(file));
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) flags.push_back(line);
  }
  return flags;
}

std::string first_line_with(const std::string& text, const std::string& what) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.find(what) != std::string::npos) return line.substr(0, 240);
  }
  return "";
}

bool parse(int argc, char** argv, Options& options) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    const std::string value = argv[i + 1];
    if (key == "--tool") {
      options.tool = value;
    } else if (key == "--compiler") {
      options.compiler = value;
    } else if (key == "--flags") {
      options.flags_file = value;
    } else if (key == "--pch-header") {
      options.pch_header = value;
    } else if (key == "--work") {
      options.work = value;
    } else if (key == "--seed") {
      options.seed = std::stoull(value);
    } else if (key == "--inputs") {
      options.inputs = std::stoi(value);
    } else if (key == "--timeout") {
      options.timeout = std::stoi(value);
    } else if (key == "--corpus") {
      const size_t equals = value.find('=');
      options.corpus.emplace_back(
          value.substr(0, equals),
          equals == std::string::npos ? "" : value.substr(equals + 1));
    } else {
      return false;
    }
  }
  if (const char* inputs = std::getenv("XBANG_FUZZ_INPUTS")) {
    options.inputs = std::atoi(inputs);
  }
  if (const char* seed = std::getenv("XBANG_FUZZ_SEED")) {
    options.seed = std::strtoull(seed, nullptr, 10);
  }
  return !options.tool.empty() && !options.compiler.empty() &&
         !options.flags_file.empty() && !options.work.empty() &&
         options.inputs > 0;
}

std::vector<CorpusFile> load_corpus(const Options& options) {
  std::vector<CorpusFile> corpus;
  for (const auto& [folder, root] : options.corpus) {
    std::error_code error;
    if (!fs::is_directory(folder, error)) continue;
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(folder, error)) {
      if (entry.is_regular_file() && entry.path().extension() == ".mlu") {
        files.push_back(entry.path());
      }
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      corpus.push_back({fs::absolute(file), root, read_text(file)});
    }
  }
  return corpus;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse(argc, argv, options)) {
    std::cerr << "usage: xbang_mlu_fuzz --tool <rewriter> --compiler <c++> "
                 "--flags <file> --work <dir> [--pch-header <h>] [--seed N] "
                 "[--inputs N] [--timeout s] --corpus <dir>[=<root>]...\n";
    return 2;
  }
  const auto started = std::chrono::steady_clock::now();
  const std::vector<CorpusFile> corpus = load_corpus(options);
  if (corpus.empty()) {
    std::cerr << "xbang_mlu_fuzz: no .mlu file in the corpus folders\n";
    return 1;
  }
  std::error_code ignored;
  fs::remove_all(options.work, ignored);
  fs::create_directories(options.work / "pch");
  const fs::path work = fs::absolute(options.work);
  const std::vector<std::string> flags = read_flags(options.flags_file);

  // The pre-include, precompiled once: it is most of each compile's time.
  std::vector<std::string> pch_flags;
  if (!options.pch_header.empty() && options.compiler != "none") {
    std::vector<std::string> command = {options.compiler};
    command.insert(command.end(), flags.begin(), flags.end());
    command.insert(command.end(),
                   {"-x", "c++-header", options.pch_header, "-o",
                    (work / "pch" / "__clang_bang_runtime_wrapper.h.gch")});
    const RunResult pch = run(command, 10 * options.timeout, work / "pch.log");
    if (pch.exit_code == 0 && !pch.timed_out && pch.signal == 0) {
      pch_flags = {"-I" + (work / "pch").string()};
    } else {
      std::cout << "precompiled header failed, compiling without it:\n"
                << pch.output << "\n";
    }
  }
  std::cout << "corpus: " << corpus.size() << " .mlu files, seed "
            << options.seed << ", " << options.inputs << " inputs\n";

  Random random(options.seed);
  Mutator mutator(corpus, random);
  std::map<std::string, int> outcomes;
  int failures = 0;
  for (int n = 0; n < options.inputs; ++n) {
    const size_t base = random.below(corpus.size());
    const CorpusFile& source = corpus[base];
    std::string log;
    const std::string text = mutator.mutate(base, log);
    const std::string stem = "input_" + std::to_string(n);
    const fs::path input = work / (stem + ".mlu");
    const fs::path output = work / (stem + ".mlu.cpp");
    const fs::path headers = work / (stem + "_headers");
    std::ofstream(input, std::ios::binary) << text;
    const fs::path source_dir = source.path.parent_path();

    std::vector<std::string> rewrite = {
        options.tool, input,   output,
        "--headers",  headers, "-I" + source_dir.string()};
    if (!source.include_root.empty()) {
      rewrite.push_back("-I" + source.include_root.string());
    }
    const RunResult rewritten =
        run(rewrite, options.timeout, work / (stem + ".rewrite.log"));
    std::string outcome;
    std::string detail;
    std::string rewriter_error;
    bool failed = false;
    // The rewriter's own error, when it gave one: <input>:<line>:<col>: ...
    const std::regex own_error(
        "^" +
        std::regex_replace(input.string(), std::regex(R"([.^$|()\[\]{}*+?\\])"),
                           R"(\$&)") +
        ":[0-9]+:[0-9]+: error: .+");
    if (rewritten.timed_out || rewritten.signal != 0 ||
        rewritten.exit_code != 0) {
      failed = true;
      outcome = rewritten.timed_out ? "FAIL rewriter hangs"
                                    : "FAIL rewriter crashes or exits " +
                                          std::to_string(rewritten.exit_code);
      detail = rewritten.output.substr(0, 400);
    } else {
      std::istringstream lines(rewritten.output);
      for (std::string line; std::getline(lines, line);) {
        if (line.rfind(input.string(), 0) == 0) rewriter_error = line;
      }
      if (!rewriter_error.empty() &&
          !std::regex_match(rewriter_error, own_error)) {
        failed = true;
        outcome = "FAIL rewriter message without line and reason";
        detail = rewriter_error;
      } else if (rewriter_error.find("internal error") != std::string::npos) {
        failed = true;
        outcome = "FAIL rewriter internal error";
        detail = rewriter_error;
      }
    }
    if (!failed && options.compiler == "none") {
      outcome = rewriter_error.empty() ? "rewritten" : "rewriter error";
    } else if (!failed) {
      std::vector<std::string> compile = {options.compiler};
      compile.insert(compile.end(), pch_flags.begin(), pch_flags.end());
      compile.insert(compile.end(), flags.begin(), flags.end());
      compile.insert(compile.end(),
                     {"-fsyntax-only",
                      "-iquote" + headers.string() + source_dir.string()});
      if (!source.include_root.empty()) {
        compile.push_back("-iquote" + headers.string() +
                          source.include_root.string());
      }
      compile.push_back("-iquote" + source_dir.string());
      if (!source.include_root.empty()) {
        compile.push_back("-I" + source.include_root.string());
      }
      compile.push_back(output);
      const RunResult compiled =
          run(compile, options.timeout, work / (stem + ".compile.log"));
      const std::string located = input.string() + ":";
      bool names_line = false;
      for (size_t at = compiled.output.find(located);
           at != std::string::npos && !names_line;
           at = compiled.output.find(located, at + 1)) {
        const size_t digit = at + located.size();
        names_line =
            digit < compiled.output.size() &&
            std::isdigit(static_cast<unsigned char>(compiled.output[digit]));
      }
      if (compiled.timed_out || compiled.signal != 0) {
        failed = true;
        outcome =
            compiled.timed_out ? "FAIL compiler hangs" : "FAIL compiler killed";
      } else if (compiled.output.find("internal compiler error") !=
                 std::string::npos) {
        failed = true;
        outcome = "FAIL internal compiler error";
        detail = first_line_with(compiled.output, "internal compiler error");
      } else if (compiled.exit_code == 0) {
        outcome = rewriter_error.empty() ? "compiles" : "FAIL #error ignored";
        failed = !rewriter_error.empty();
      } else if (!names_line) {
        failed = true;
        outcome = "FAIL error naming no line of the input";
        detail = first_line_with(compiled.output, "error");
      } else {
        outcome = rewriter_error.empty() ? "compile error at its line"
                                         : "rewriter error at its line";
        detail = rewriter_error.empty()
                     ? first_line_with(compiled.output, "error")
                     : rewriter_error;
      }
    }
    ++outcomes[outcome];
    std::cout << "[" << n << "] "
              << fs::relative(source.path,
                              source.path.parent_path().parent_path())
                     .string()
              << ":" << log << " -> " << outcome;
    if (!detail.empty()) std::cout << "\n      " << detail;
    std::cout << std::endl;
    if (failed) {
      ++failures;
    } else {
      fs::remove(input, ignored);
      fs::remove(output, ignored);
      fs::remove_all(headers, ignored);
      fs::remove(work / (stem + ".rewrite.log"), ignored);
      fs::remove(work / (stem + ".compile.log"), ignored);
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
          .count();
  std::cout << "\n" << options.inputs << " inputs in " << seconds << " s:\n";
  for (const auto& [outcome, count] : outcomes) {
    std::cout << "  " << count << "  " << outcome << "\n";
  }
  if (failures > 0) {
    std::cout << failures << " inputs failed; they are kept in "
              << work.string() << "\n";
    return 1;
  }
  return 0;
}
