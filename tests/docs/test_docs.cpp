// docs/builtins.md matches the code, and the docs point at files that exist.
//
// The name rule (also stated at the top of docs/builtins.md): a built-in is
//  - an identifier that starts with two underscores and a lower-case letter
//    (`__bang_add`, `__memcpy`, `__cn_vector_sin_f32`, `__float2half_rn`,
//    `__vv_add`, `__sync_all`, `__nram__` ...), or
//  - the name of a macro that starts with two underscores (`__mlu_global__`,
//    `__BANG_ARCH__`, `__MLU_NRAM_SIZE__` ...), or
//  - one of the task-model variables (`taskId`, `coreDim` ...),
// that the public headers under bang/include declare or use in their own
// lines of <bang.h>, <bang_fusor.h> and <mlu.h> preprocessed for each
// profile (290, 372, 592). Compiler vocabulary (`__attribute__`,
// `__builtin_*`, GCC's `__sync_fetch_and_*` ...) is not a built-in.
//
// On the page, a name counts when it is spelled in full inside backticks;
// `stem[_a/_b]` inside backticks stands for stem, stem_a and stem_b.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = XBANG_DOCS_SOURCE_DIR;
const std::string kIncludeDir = XBANG_DOCS_INCLUDE_DIR;

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

std::string join(const std::set<std::string>& names) {
  std::string text;
  for (const auto& name : names) text += "\n  " + name;
  return text;
}

const std::set<std::string> kTaskVariables = {
    "taskDim", "taskDimX", "taskDimY",   "taskDimZ",  "taskId",  "taskIdX",
    "taskIdY", "taskIdZ",  "clusterDim", "clusterId", "coreDim", "coreId"};

// Compiler keywords and built-ins: spelled like BANG built-ins, owned by the
// compiler.
bool is_compiler_vocabulary(const std::string& name) {
  static const std::set<std::string> kKeywords = {
      "__attribute__", "__thread",      "__restrict",    "__restrict__",
      "__asm__",       "__asm",         "__volatile__",  "__extension__",
      "__inline",      "__inline__",    "__typeof__",    "__func__",
      "__cplusplus",   "__has_include", "__has_builtin", "__PRETTY_FUNCTION__",
      "__FUNCTION__"};
  static const std::regex kCompilerBuiltin(
      "__builtin_\\w*|__atomic_\\w*|__cxa_\\w*|__sync_synchronize|"
      "__sync_(fetch_and|bool_compare_and_swap|val_compare_and_swap|lock_)"
      "\\w*|__sync_\\w+_and_fetch|__GNUC\\w*|__clang\\w*|__SIZEOF_\\w*");
  return kKeywords.count(name) > 0 || std::regex_match(name, kCompilerBuiltin);
}

bool is_builtin_spelling(const std::string& name) {
  static const std::regex kSpelling("__[a-z][A-Za-z0-9_]*|__[A-Za-z0-9_]+__");
  return std::regex_match(name, kSpelling) && !is_compiler_vocabulary(name);
}

// Names declared by xbang's public headers in one preprocessed translation
// unit (g++ -E -dD): only the lines whose line marker names a file under
// bang/include count; of a #define only the macro's name counts.
void add_declared_names(const fs::path& preprocessed,
                        std::set<std::string>& names) {
  static const std::regex kIdentifier("[A-Za-z_][A-Za-z0-9_]*");
  static const std::regex kDefine("#define\\s+(\\w+).*");
  static const std::regex kLiteral(
      "\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
  std::ifstream in(preprocessed);
  ASSERT_TRUE(in) << "cannot read " << preprocessed;
  std::string line;
  bool in_public_header = false;
  long public_lines = 0;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0 && line.find('"') != std::string::npos) {
      in_public_header =
          line.find("\"" + kIncludeDir + "/") != std::string::npos;
      continue;
    }
    if (!in_public_header) continue;
    ++public_lines;
    std::smatch define;
    if (std::regex_match(line, define, kDefine)) {
      if (define[1].str().rfind("__", 0) == 0 &&
          is_builtin_spelling(define[1].str())) {
        names.insert(define[1].str());
      }
      continue;
    }
    if (line.rfind('#', 0) == 0) continue;  // #undef, #pragma
    // A built-in's name in a string literal (a report) declares nothing.
    const std::string code = std::regex_replace(line, kLiteral, " ");
    for (std::sregex_iterator it(code.begin(), code.end(), kIdentifier), end;
         it != end; ++it) {
      const std::string name = it->str();
      if (is_builtin_spelling(name) || kTaskVariables.count(name) > 0) {
        names.insert(name);
      }
    }
  }
  EXPECT_GT(public_lines, 1000)
      << preprocessed << ": no lines of " << kIncludeDir
      << " found; are the line markers missing (-P)?";
}

// The names each profile (__BANG_ARCH__) declares, from the files
// all_headers_<arch>.ii.
const std::map<std::string, std::set<std::string>>& declared_by_profile() {
  static const auto profiles = [] {
    static const std::regex kProfile(".*_([0-9]+)\\.ii");
    std::map<std::string, std::set<std::string>> by_profile;
    for (const auto& file : split(XBANG_DOCS_PREPROCESSED, ',')) {
      std::smatch profile;
      EXPECT_TRUE(std::regex_match(file, profile, kProfile)) << file;
      auto& declared = by_profile[profile[1].str()];
      add_declared_names(file, declared);
      // Given on the command line for 290 and 592 (the build's profile),
      // defined by xbang/core/arch.h otherwise: every profile has it.
      declared.insert("__BANG_ARCH__");
    }
    return by_profile;
  }();
  return profiles;
}

const std::set<std::string>& declared_names() {
  static const std::set<std::string> names = [] {
    std::set<std::string> all;
    for (const auto& [profile, declared] : declared_by_profile()) {
      all.insert(declared.begin(), declared.end());
    }
    return all;
  }();
  return names;
}

// Inline code spans of a Markdown text, outside fenced blocks as well as
// inside them (a fenced block counts as one span).
std::vector<std::string> code_spans(const std::string& text) {
  // A scan, not std::regex, which recurses per character and runs out of
  // stack on a long block under the sanitizers.
  std::vector<std::string> spans;
  std::string rest;
  std::size_t last = 0;
  for (std::size_t open = text.find("```"); open != std::string::npos;) {
    const std::size_t body = text.find('\n', open);
    if (body == std::string::npos) break;
    const std::size_t close = text.find("```", body + 1);
    if (close == std::string::npos) break;
    spans.push_back(text.substr(body + 1, close - body - 1));
    rest += text.substr(last, open - last);
    last = close + 3;
    open = text.find("```", last);
  }
  rest += text.substr(last);
  for (std::size_t open = rest.find('`'); open != std::string::npos;) {
    const std::size_t close = rest.find_first_of("`\n", open + 1);
    if (close == std::string::npos) break;
    if (rest[close] == '\n') {
      open = rest.find('`', close);
      continue;
    }
    if (close > open + 1)
      spans.push_back(rest.substr(open + 1, close - open - 1));
    open = rest.find('`', close + 1);
  }
  return spans;
}

// The names a code span of docs/builtins.md lists, `stem[_a/_b]` expanded.
void add_page_names(const std::string& span, std::set<std::string>& names) {
  static const std::regex kName(
      "([A-Za-z_][A-Za-z0-9_]*)(\\[(_[A-Za-z0-9_]+(/_[A-Za-z0-9_]+)*)\\])?");
  for (std::sregex_iterator it(span.begin(), span.end(), kName), end; it != end;
       ++it) {
    const std::string stem = (*it)[1].str();
    // `__cn_*`, `__bang_active_*`: a family of names, not a name.
    const std::size_t after = std::size_t(it->position() + it->length());
    if (after < span.size() && span[after] == '*' && stem.back() == '_') {
      continue;
    }
    std::vector<std::string> spellings = {stem};
    if ((*it)[3].matched) {
      for (const auto& suffix : split((*it)[3].str(), '/')) {
        spellings.push_back(stem + suffix);
      }
    }
    for (const auto& name : spellings) {
      if (is_builtin_spelling(name) || kTaskVariables.count(name) > 0) {
        names.insert(name);
      }
    }
  }
}

const fs::path kBuiltinsPage = kSourceDir / "docs" / "builtins.md";

std::set<std::string> page_names(const std::string& page) {
  std::set<std::string> names;
  for (const auto& span : code_spans(page)) add_page_names(span, names);
  return names;
}

TEST(DeclaredNames, ExtractionFindsKnownBuiltinsOfEveryKind) {
  const auto& names = declared_names();
  for (const char* known :
       {"__bang_add", "__bang_fusion", "__memcpy", "__memcpy_async", "__gather",
        "__bang_half2float_rn", "__float2half_rn", "__cn_vector_sin_f32",
        "__vv_add", "__sync_all_ipu_within_cluster", "__is_dram", "__load_nram",
        "__gdramset", "__bang_printf", "__nram__", "__mlu_global__",
        "__MLU_NRAM_SIZE__", "taskId", "coreDim"}) {
    EXPECT_EQ(names.count(known), 1u) << known << " not extracted";
  }
  EXPECT_GT(names.size(), 500u);
  for (const auto& name : names) {
    EXPECT_FALSE(is_compiler_vocabulary(name)) << name;
  }
}

TEST(DeclaredNames, RuleSeparatesBuiltinsFromCompilerVocabulary) {
  for (const char* builtin :
       {"__bang_add", "__sync_all", "__sync_io_move_compute", "__nram__",
        "__mlu_func__", "__BANG_ARCH__", "__float2int_tz"}) {
    EXPECT_TRUE(is_builtin_spelling(builtin)) << builtin;
  }
  for (const char* compiler :
       {"__attribute__", "__builtin_prefetch", "__sync_fetch_and_add",
        "__sync_add_and_fetch", "__sync_synchronize", "__atomic_load_n",
        "__thread", "bang_add", "__Foo"}) {
    EXPECT_FALSE(is_builtin_spelling(compiler)) << compiler;
  }
}

TEST(DeclaredNames, PageSpellingsExpandSuffixAlternatives) {
  std::set<std::string> names;
  add_page_names("__bang_float2half[_rn/_tz](half* dst, ...)", names);
  add_page_names("taskId, __memcpy", names);
  add_page_names("__cn_*", names);  // a family, not a name
  EXPECT_EQ(names, (std::set<std::string>{
                       "__bang_float2half", "__bang_float2half_rn",
                       "__bang_float2half_tz", "taskId", "__memcpy"}));
}

TEST(BuiltinsPage, ListsEveryDeclaredBuiltin) {
  const auto listed = page_names(read_file(kBuiltinsPage));
  std::set<std::string> missing;
  for (const auto& name : declared_names()) {
    if (listed.count(name) == 0) missing.insert(name);
  }
  EXPECT_TRUE(missing.empty())
      << missing.size() << " built-ins declared in " << kIncludeDir
      << " but missing from " << kBuiltinsPage.string() << ":" << join(missing);
}

TEST(BuiltinsPage, ListsOnlyDeclaredBuiltins) {
  std::set<std::string> unknown;
  for (const auto& name : page_names(read_file(kBuiltinsPage))) {
    if (declared_names().count(name) == 0) unknown.insert(name);
  }
  EXPECT_TRUE(unknown.empty())
      << unknown.size() << " names on " << kBuiltinsPage.string()
      << " that no header in " << kIncludeDir << " declares:" << join(unknown);
}

// The table rows of a page: each row's cells (an escaped \\| is text, not a
// separator), with the header's column names.
struct TableRow {
  std::map<std::string, std::string> cells;
  std::string line;
};
std::vector<TableRow> table_rows(const std::string& page) {
  static const std::regex kEscapedBar("\\\\\\|");
  std::vector<TableRow> rows;
  std::vector<std::string> header;
  std::istringstream in(page);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind('|', 0) != 0) {
      header.clear();
      continue;
    }
    auto cells = split(std::regex_replace(line, kEscapedBar, "/"), '|');
    for (auto& cell : cells) {
      const auto first = cell.find_first_not_of(' ');
      const auto last = cell.find_last_not_of(' ');
      cell = first == std::string::npos ? std::string()
                                        : cell.substr(first, last - first + 1);
    }
    if (header.empty()) {
      header = cells;
      continue;
    }
    if (line.rfind("|---", 0) == 0) continue;
    TableRow row{{}, line};
    for (std::size_t i = 0; i < cells.size() && i < header.size(); ++i) {
      row.cells[header[i]] = cells[i];
    }
    rows.push_back(row);
  }
  return rows;
}

// A name some profiles lack must not be listed as "all": its rows' profile
// cells name each profile that declares it. Returns the rows that do not.
std::vector<std::string> rows_with_wrong_profile(
    const std::vector<TableRow>& rows,
    const std::map<std::string, std::set<std::string>>& by_profile) {
  std::set<std::string> everywhere;
  std::map<std::string, std::set<std::string>> partial;  // name -> profiles
  for (const auto& [profile, names] : by_profile) {
    for (const auto& name : names) partial[name].insert(profile);
  }
  for (auto it = partial.begin(); it != partial.end();) {
    it = it->second.size() == by_profile.size() ? partial.erase(it)
                                                : std::next(it);
  }
  std::vector<std::string> wrong;
  for (const auto& row : rows) {
    const auto builtin = row.cells.find("built-in");
    const auto profile = row.cells.find("profile");
    if (builtin == row.cells.end() || profile == row.cells.end()) continue;
    std::set<std::string> names;
    for (const auto& span : code_spans(builtin->second)) {
      add_page_names(span, names);
    }
    for (const auto& name : names) {
      const auto found = partial.find(name);
      if (found == partial.end()) continue;
      bool ok = profile->second.rfind("all", 0) != 0;
      for (const auto& arch : found->second) {
        ok = ok && profile->second.find(arch) != std::string::npos;
      }
      if (!ok) {
        std::string archs;
        for (const auto& arch : found->second) archs += " " + arch;
        wrong.push_back(name + " (declared for" + archs + "): " + row.line);
      }
    }
  }
  return wrong;
}

TEST(BuiltinsPage, PartialNamesShowTheirProfiles) {
  const auto wrong = rows_with_wrong_profile(
      table_rows(read_file(kBuiltinsPage)), declared_by_profile());
  std::string text;
  for (const auto& row : wrong) text += "\n  " + row;
  EXPECT_TRUE(wrong.empty()) << "rows whose profile does not match the "
                                "profiles that declare the name:"
                             << text;
}

TEST(BuiltinsPage, ProfileRuleCatchesAnAllForAPartialName) {
  const std::map<std::string, std::set<std::string>> by_profile = {
      {"290", {"__bang_add"}},
      {"372", {"__bang_add"}},
      {"592", {"__bang_add", "__bang_only592"}}};
  const auto rows = table_rows(
      "| built-in | profile |\n|---|---|\n"
      "| `__bang_add` | all |\n"
      "| `__bang_only592` | all |\n"
      "| `__bang_only592` | 592 |\n");
  ASSERT_EQ(rows.size(), 3u);
  const auto wrong = rows_with_wrong_profile(rows, by_profile);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_NE(wrong[0].find("| `__bang_only592` | all |"), std::string::npos);
}

// The tests each source file defines, as Suite.Name.
std::set<std::string> defined_tests(const fs::path& source) {
  static const std::regex kTest(
      "\\b(?:TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)\\(\\s*(\\w+)\\s*,"
      "\\s*(\\w+)\\s*\\)");
  const std::string text = read_file(source);
  std::set<std::string> tests;
  for (std::sregex_iterator it(text.begin(), text.end(), kTest), end; it != end;
       ++it) {
    tests.insert((*it)[1].str() + "." + (*it)[2].str());
  }
  return tests;
}

// Every table row's "test" cell is "none" or names, in backticks, test
// sources under tests/, each followed by Suite.Name tests it defines.
TEST(BuiltinsPage, TestColumnNamesExistingTests) {
  std::map<std::string, fs::path> sources;
  for (const auto& entry :
       fs::recursive_directory_iterator(kSourceDir / "tests")) {
    if (entry.path().extension() == ".cpp") {
      sources[entry.path().filename().string()] = entry.path();
    }
  }
  static const std::regex kSource("[A-Za-z0-9_]+\\.cpp");
  static const std::regex kTestName("[A-Za-z0-9_]+\\.[A-Za-z0-9_]+");
  static const std::regex kSpan("`([^`]+)`");
  int rows = 0;
  for (const auto& row : table_rows(read_file(kBuiltinsPage))) {
    const auto test = row.cells.find("test");
    if (test == row.cells.end()) continue;
    const std::string& cell = test->second;
    ++rows;
    if (cell == "none") continue;  // the page says no test calls it
    // `file.cpp` names the source of the Suite.Name spans after it.
    const fs::path* source = nullptr;
    for (std::sregex_iterator it(cell.begin(), cell.end(), kSpan), end;
         it != end; ++it) {
      const std::string span = (*it)[1].str();
      if (std::regex_match(span, kSource)) {
        const auto found = sources.find(span);
        source = found == sources.end() ? nullptr : &found->second;
        EXPECT_NE(source, nullptr)
            << span << " is not a file under tests/: " << row.line;
      } else if (std::regex_match(span, kTestName)) {
        if (source == nullptr) {
          ADD_FAILURE() << span << " follows no test source: " << row.line;
        } else {
          EXPECT_EQ(defined_tests(*source).count(span), 1u)
              << span << " is not a test of " << *source;
        }
      }
    }
    if (!std::regex_search(cell, kSource)) {
      ADD_FAILURE() << "no test source (or \"none\") in: " << row.line;
    }
  }
  EXPECT_GT(rows, 100) << "no tables with a \"test\" column found";
}

// Paths the docs mention: Markdown links to local files, and code spans that
// look like a repository path (a known top-level folder, or a file name with
// a folder and a source extension). Each must exist relative to the
// repository, bang/include (header spellings) or the page's own folder.
TEST(Docs, MentionedPathsExist) {
  std::vector<fs::path> pages = {kSourceDir / "README.md"};
  for (const auto& entry :
       fs::recursive_directory_iterator(kSourceDir / "docs")) {
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  }
  static const std::regex kRepoPath(
      "(?:\\.ci|bang|bench|cmake|docs|include|ops|references|tests)/"
      "[A-Za-z0-9_./+-]*|[A-Za-z0-9_.+-]+/[A-Za-z0-9_./+-]*\\."
      "(?:h|cpp|cmake|md|mlu|sh|txt)");
  std::set<std::string> missing;
  int checked = 0;
  for (const auto& page : pages) {
    const std::string text = read_file(page);
    const auto exists = [&](const std::string& path) {
      ++checked;
      std::string trimmed = path;
      while (!trimmed.empty() &&
             (trimmed.back() == '.' || trimmed.back() == '/')) {
        trimmed.pop_back();
      }
      return fs::exists(kSourceDir / trimmed) ||
             fs::exists(fs::path(kIncludeDir) / trimmed) ||
             fs::exists(page.parent_path() / trimmed);
    };
    // Each link target: `](` up to `)`, without its #anchor. A scan, not
    // std::regex, which recurses per character over long pages.
    for (size_t at = text.find("]("); at != std::string::npos;
         at = text.find("](", at + 2)) {
      const size_t close = text.find(')', at + 2);
      if (close == std::string::npos) break;
      const std::string target = text.substr(at + 2, close - at - 2);
      const std::string path = target.substr(0, target.find('#'));
      if (path.empty() || path.size() > 200 ||
          path.find_first_of(": \t\n") != std::string::npos) {
        continue;
      }
      if (!exists(path)) {
        missing.insert(page.filename().string() + ": " + path);
      }
    }
    for (const auto& span : code_spans(text)) {
      if (span.find('\n') != std::string::npos) continue;  // a code block
      // No path is this long; std::regex recurses per character and would
      // run out of stack on a long span under the sanitizers.
      if (span.size() > 200) continue;
      if (!std::regex_match(span, kRepoPath)) continue;
      if (!exists(span)) {
        missing.insert(page.filename().string() + ": " + span);
      }
    }
  }
  EXPECT_GT(checked, 20);
  EXPECT_TRUE(missing.empty())
      << "paths in the docs that do not exist:" << join(missing);
}

// Built-ins are found by grep: every function built-in the page lists is
// spelled `name(` where a header under bang/include declares it, not only
// pasted by a macro from its parts or passed to a macro as an argument.

// C++ source with comments and string or character literals blanked, so a
// name in a comment or a report declares nothing.
std::string code_only(const std::string& text) {
  std::string code = text;
  for (size_t i = 0; i < code.size(); ++i) {
    if (code.compare(i, 2, "//") == 0) {
      while (i < code.size() && code[i] != '\n') code[i++] = ' ';
    } else if (code.compare(i, 2, "/*") == 0) {
      const size_t end = std::min(code.find("*/", i + 2), code.size() - 2);
      for (; i < end + 2; ++i) {
        if (code[i] != '\n') code[i] = ' ';
      }
    } else if (code[i] == '"' || code[i] == '\'') {
      const char quote = code[i];
      for (code[i++] = ' '; i < code.size() && code[i] != quote; ++i) {
        if (code[i] == '\\') code[i++] = ' ';
        if (i < code.size() && code[i] != '\n') code[i] = ' ';
      }
      if (i < code.size()) code[i] = ' ';
    }
  }
  return code;
}

// The built-in spellings that `code` declares or defines as a function or
// a function-like macro: `name(` after a return type (its last word, `*`,
// `&` or `>`) or after `#define`, not after a keyword that starts an
// expression (`return name(...)` calls it).
std::set<std::string> spelled_declarations(const std::string& code) {
  static const std::regex kNameCall("\\b(__[A-Za-z]\\w*)\\s*\\(");
  static const std::set<std::string> kExpressionStarts = {
      "return", "else", "case", "do", "new", "delete", "throw", "sizeof"};
  std::set<std::string> names;
  for (std::sregex_iterator it(code.begin(), code.end(), kNameCall), end;
       it != end; ++it) {
    const std::string name = (*it)[1].str();
    if (!is_builtin_spelling(name)) continue;
    size_t before = size_t(it->position(1));
    while (before > 0 &&
           std::isspace(static_cast<unsigned char>(code[before - 1]))) {
      --before;
    }
    if (before == 0) continue;
    const char last = code[before - 1];
    if (last == '*' || last == '&' || last == '>') {
      names.insert(name);
      continue;
    }
    if (!std::isalnum(static_cast<unsigned char>(last)) && last != '_') {
      continue;
    }
    size_t word = before;
    while (word > 0 &&
           (std::isalnum(static_cast<unsigned char>(code[word - 1])) ||
            code[word - 1] == '_')) {
      --word;
    }
    if (kExpressionStarts.count(code.substr(word, before - word)) == 0) {
      names.insert(name);
    }
  }
  return names;
}

// The public headers' own lines of one preprocessed profile, as one text.
std::string public_header_code(const fs::path& preprocessed) {
  std::ifstream in(preprocessed);
  EXPECT_TRUE(in) << "cannot read " << preprocessed;
  std::string line, code;
  bool in_public_header = false;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0 && line.find('"') != std::string::npos) {
      in_public_header =
          line.find("\"" + kIncludeDir + "/") != std::string::npos;
      continue;
    }
    if (in_public_header) code += line + '\n';
  }
  return code_only(code);
}

TEST(BuiltinDeclarations, FinderTellsDeclarationsFromMacroUsesAndCalls) {
  const auto found = spelled_declarations(code_only(
      "template <class T>\n"
      "inline void __bang_add(T* dst, const T* a, const T* b, int n) {\n"
      "  run(\"__bang_sub(\", dst);  // __bang_mul(dst)\n"
      "  return __bang_abs(dst, a, n);\n"
      "}\n"
      "XBANG_BINARY_BUILTIN(__bang_div, Div)\n"
      "inline half* __bang_ptr (int n);\n"
      "inline ::xbang::VectorRegister<T>&\n"
      "__vv_add(int n);\n"
      "#define __bang_printf(...) printf(__VA_ARGS__)\n"
      "#define __bang_pasted(x) __bang_##x(n)\n"));
  EXPECT_EQ(found,
            (std::set<std::string>{"__bang_add", "__bang_ptr", "__vv_add",
                                   "__bang_printf", "__bang_pasted"}));
}

TEST(BuiltinDeclarations, EveryFunctionBuiltinIsSpelledWhereDeclared) {
  // The functions among the page's names: those the preprocessed headers
  // of some profile declare as functions once every macro is expanded.
  std::set<std::string> functions;
  for (const auto& file : split(XBANG_DOCS_PREPROCESSED, ',')) {
    const auto declared = spelled_declarations(public_header_code(file));
    functions.insert(declared.begin(), declared.end());
  }
  const auto listed = page_names(read_file(kBuiltinsPage));
  std::set<std::string> checked;
  for (const auto& name : listed) {
    if (functions.count(name) > 0) checked.insert(name);
  }
  std::set<std::string> spelled;
  for (const auto& entry : fs::recursive_directory_iterator(kIncludeDir)) {
    if (entry.path().extension() != ".h") continue;
    const auto in_file = spelled_declarations(code_only(read_file(entry)));
    spelled.insert(in_file.begin(), in_file.end());
  }
  std::set<std::string> missing;
  for (const auto& name : checked) {
    if (spelled.count(name) == 0) missing.insert(name);
  }
  EXPECT_GT(checked.size(), 500u);
  EXPECT_TRUE(missing.empty())
      << missing.size() << " of the " << checked.size()
      << " function built-ins on " << kBuiltinsPage.string()
      << " have no `name(` declaration in " << kIncludeDir
      << " (a macro pastes or receives the name):" << join(missing);
}

}  // namespace
