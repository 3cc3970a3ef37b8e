// The .mlu launch rewriter: a small C++ lexer (comments, string and character
// literals including raw strings, pp-numbers, identifiers, one token per
// punctuation character) and a pass over its tokens that finds each `<<<`,
// walks back over the kernel name and forward over `<<<...>>>(...)`, and
// splices in the launch expression. Everything outside a launch is copied
// byte for byte.
#include "mlu_rewrite.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mlu_asm.h"

namespace xbang::porting {
namespace {

enum class Kind { kSpace, kComment, kLiteral, kIdentifier, kNumber, kPunct };

struct Token {
  Kind kind;
  size_t begin;
  size_t end;
  bool has_newline = false;  // a whitespace run ending a logical line
};

// Thrown with the source offset the message is about.
struct ScanError : std::runtime_error {
  ScanError(size_t offset, const std::string& message)
      : std::runtime_error(message), offset(offset) {}
  size_t offset;
};

bool is_ident_start(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' ||
         u == '$' || u >= 0x80;  // UTF-8 in identifiers
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
         c == '\f';
}
// U+00A0 (no-break space) in UTF-8; cncc's Clang takes it for whitespace.
bool is_no_break_space(std::string_view src, size_t p) {
  return p + 1 < src.size() && src[p] == '\xC2' && src[p + 1] == '\xA0';
}

// Encoding prefixes a string (or, without R, a character) literal may carry.
bool is_literal_prefix(std::string_view word, char quote) {
  if (word == "u8" || word == "u" || word == "U" || word == "L") return true;
  return quote == '"' && (word == "R" || word == "u8R" || word == "uR" ||
                          word == "UR" || word == "LR");
}

class Lexer {
 public:
  Lexer(std::string_view src, size_t start) : src_(src), pos_(start) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    while (pos_ < src_.size()) {
      const size_t begin = pos_;
      Token token{lex_one(), begin, pos_};
      if (token.kind == Kind::kSpace) {
        token.has_newline =
            src_[begin] != '\\' &&
            src_.substr(begin, pos_ - begin).find('\n') != std::string::npos;
      }
      tokens.push_back(token);
    }
    return tokens;
  }

 private:
  char at(size_t p) const { return p < src_.size() ? src_[p] : '\0'; }

  // Length of a backslash-newline line splice at p, or 0.
  size_t splice_at(size_t p) const {
    if (at(p) != '\\') return 0;
    if (at(p + 1) == '\n') return 2;
    if (at(p + 1) == '\r' && at(p + 2) == '\n') return 3;
    return 0;
  }

  Kind lex_one() {
    const char c = src_[pos_];
    if (const size_t splice = splice_at(pos_)) {
      pos_ += splice;
      return Kind::kSpace;
    }
    if (is_space(c) || is_no_break_space(src_, pos_)) {
      while (pos_ < src_.size()) {
        if (is_space(src_[pos_])) {
          ++pos_;
        } else if (is_no_break_space(src_, pos_)) {
          pos_ += 2;
        } else {
          break;
        }
      }
      return Kind::kSpace;
    }
    if (c == '/' && at(pos_ + 1) == '/') {
      // A line comment ends at the first newline that is not spliced.
      while (pos_ < src_.size() && src_[pos_] != '\n') {
        const size_t splice = splice_at(pos_);
        pos_ += splice ? splice : 1;
      }
      return Kind::kComment;
    }
    if (c == '/' && at(pos_ + 1) == '*') {
      const size_t close = src_.find("*/", pos_ + 2);
      if (close == std::string_view::npos) {
        throw ScanError(pos_, "unterminated /* comment");
      }
      pos_ = close + 2;
      return Kind::kComment;
    }
    if (is_ident_start(c)) {
      size_t end = pos_;
      while (end < src_.size() && is_ident_char(src_[end]) &&
             !is_no_break_space(src_, end)) {
        ++end;
      }
      const std::string_view word = src_.substr(pos_, end - pos_);
      const char next = at(end);
      if ((next == '"' || next == '\'') && is_literal_prefix(word, next)) {
        const size_t prefix_begin = pos_;
        pos_ = end;
        if (word.back() == 'R') {
          lex_raw_string(prefix_begin);
        } else {
          lex_quoted(next);
        }
        return Kind::kLiteral;
      }
      pos_ = end;
      return Kind::kIdentifier;
    }
    if (is_digit(c) || (c == '.' && is_digit(at(pos_ + 1)))) {
      lex_pp_number();
      return Kind::kNumber;
    }
    if (c == '"' || c == '\'') {
      lex_quoted(c);
      return Kind::kLiteral;
    }
    ++pos_;
    return Kind::kPunct;
  }

  // A "..." or '...' literal starting at pos_. One left open at the end of
  // its line (an apostrophe in `#error don't`) ends there, as the
  // preprocessor treats it.
  void lex_quoted(char quote) {
    ++pos_;
    while (pos_ < src_.size()) {
      const char c = src_[pos_];
      if (c == '\\') {
        pos_ += 2;
      } else if (c == quote) {
        ++pos_;
        return;
      } else if (c == '\n') {
        return;
      } else {
        ++pos_;
      }
    }
    pos_ = src_.size();
  }

  // R"delim( ... )delim" with pos_ on the opening quote.
  void lex_raw_string(size_t literal_begin) {
    const size_t delim_begin = pos_ + 1;
    size_t paren = delim_begin;
    while (paren < src_.size() && src_[paren] != '(' &&
           paren - delim_begin <= 16) {
      const char c = src_[paren];
      if (c == ')' || c == '\\' || c == '"' || is_space(c)) break;
      ++paren;
    }
    if (at(paren) != '(' || paren - delim_begin > 16) {
      throw ScanError(literal_begin, "invalid raw string delimiter");
    }
    const std::string closing =
        ")" + std::string(src_.substr(delim_begin, paren - delim_begin)) + "\"";
    const size_t close = src_.find(closing, paren + 1);
    if (close == std::string_view::npos) {
      throw ScanError(literal_begin, "unterminated raw string literal");
    }
    pos_ = close + closing.size();
  }

  // pp-number: digits, letters, '.', digit separators and exponent signs.
  void lex_pp_number() {
    ++pos_;
    while (pos_ < src_.size()) {
      const char c = src_[pos_];
      const char next = at(pos_ + 1);
      if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') &&
          (next == '+' || next == '-')) {
        pos_ += 2;
      } else if ((is_ident_char(c) || c == '.') &&
                 !is_no_break_space(src_, pos_)) {
        ++pos_;
      } else if (c == '\'' && is_ident_char(next)) {
        pos_ += 2;
      } else {
        break;
      }
    }
  }

  std::string_view src_;
  size_t pos_;
};

bool is_statement_keyword(std::string_view word) {
  // Words that may precede `::Kernel<<<` without being a qualifier.
  return word == "return" || word == "co_return" || word == "co_yield" ||
         word == "case" || word == "else" || word == "do" || word == "throw" ||
         word == "and" || word == "or" || word == "not";
}

std::string escape_for_string_literal(std::string_view text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '\\' || c == '"') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

class Rewriter {
 public:
  Rewriter(std::string_view src, size_t start, std::vector<Token> tokens)
      : src_(src), tokens_(std::move(tokens)), start_(start) {}

  // Returns the rewritten body (without the #line header).
  std::string run() {
    bool at_line_start = true;
    for (size_t i = 0; i < tokens_.size(); ++i) {
      const Token& token = tokens_[i];
      if (token.kind == Kind::kSpace) {
        if (token.has_newline) {
          at_line_start = true;
          in_directive_ = false;
        }
        replace_no_break_spaces(token);
        continue;
      }
      if (token.kind == Kind::kComment) continue;
      const bool first_on_line = at_line_start;
      at_line_start = false;
      if (first_on_line && is_punct(i, '#')) {
        track_directive(i);
        in_directive_ = true;
        continue;
      }
      if (skipping_) continue;
      if (is_punct(i, '<') && run_length(i, '<') >= 3) {
        i = rewrite_launch(i);
        continue;
      }
      const bool is_asm = is_identifier(i, "__asm__") ||
                          is_identifier(i, "asm") || is_identifier(i, "__asm");
      if (is_asm) {
        i = rewrite_asm(i);
        continue;
      }
      // Scopes and declarations: code outside preprocessor directives.
      if (in_directive_ || i < skip_before_) continue;
      if (is_punct(i, '{')) {
        scopes_.push_back(opens_namespace(i));
        scope_braces_.push_back(i);
      } else if (is_punct(i, '}')) {
        if (!scopes_.empty()) scopes_.pop_back();
        if (!scope_braces_.empty()) scope_braces_.pop_back();
      } else if (token.kind == Kind::kIdentifier) {
        const std::string_view word = text(token);
        if (word == "__nram__" || word == "__wram__" ||
            word == "__mlu_shared__") {
          place_onchip_declaration(i);
        } else if (word == "inline" || word == "__inline" ||
                   word == "__inline__") {
          drop_inline_of_device_function(i);
        }
      }
    }
    std::stable_sort(
        edits_.begin(), edits_.end(),
        [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
    std::string out;
    size_t copied = start_;
    for (const Edit& edit : edits_) {
      out.append(text(copied, edit.begin));
      out += edit.replacement;
      copied = edit.end;
    }
    out.append(src_.substr(copied));
    return out;
  }

  const std::vector<std::string>& quoted_includes() const {
    return quoted_includes_;
  }
  int launches() const { return launches_; }

 private:
  std::string_view text(size_t begin, size_t end) const {
    return src_.substr(begin, end - begin);
  }
  std::string_view text(const Token& token) const {
    return text(token.begin, token.end);
  }
  bool is_code(size_t i) const {
    return tokens_[i].kind != Kind::kSpace && tokens_[i].kind != Kind::kComment;
  }
  bool is_punct(size_t i, char c) const {
    return i < tokens_.size() && tokens_[i].kind == Kind::kPunct &&
           src_[tokens_[i].begin] == c;
  }
  bool is_identifier(size_t i, std::string_view word = {}) const {
    return i < tokens_.size() && tokens_[i].kind == Kind::kIdentifier &&
           (word.empty() || text(tokens_[i]) == word);
  }
  // Tokens i and i + 1 touch (no space or comment between them).
  bool adjacent(size_t i) const {
    return i + 1 < tokens_.size() && tokens_[i].end == tokens_[i + 1].begin;
  }
  // Number of touching `c` punctuators starting at token i.
  size_t run_length(size_t i, char c) const {
    size_t n = 0;
    while (is_punct(i + n, c) && (n == 0 || adjacent(i + n - 1))) ++n;
    return n;
  }
  // First code token at or after i (tokens_.size() if none).
  size_t next_code(size_t i) const {
    while (i < tokens_.size() && !is_code(i)) ++i;
    return i;
  }
  // Last code token at or before i (npos if none).
  size_t prev_code(size_t i) const {
    for (size_t k = i + 1; k-- > 0;) {
      if (k < tokens_.size() && is_code(k)) return k;
    }
    return std::string::npos;
  }

  // Follows #if 0 ... #else/#elif/#endif so launches in disabled code (often
  // not even C++) are left alone.
  void track_directive(size_t hash) {
    const size_t name = next_code(hash + 1);
    if (!is_identifier(name) || !same_line(hash, name)) return;
    const std::string_view directive = text(tokens_[name]);
    if (!skipping_) {
      const size_t value = next_code(name + 1);
      if (directive == "include" && value < tokens_.size() &&
          tokens_[value].kind == Kind::kLiteral &&
          src_[tokens_[value].begin] == '"' &&
          tokens_[value].end - tokens_[value].begin >= 2) {
        quoted_includes_.emplace_back(
            text(tokens_[value].begin + 1, tokens_[value].end - 1));
      }
      const size_t after = next_code(value + 1);
      if (directive == "if" && value < tokens_.size() &&
          same_line(hash, value) && text(tokens_[value]) == "0" &&
          (after >= tokens_.size() || !same_line(hash, after))) {
        skipping_ = true;
        skip_nesting_ = 0;
      }
      return;
    }
    if (directive == "if" || directive == "ifdef" || directive == "ifndef") {
      ++skip_nesting_;
    } else if (directive == "endif") {
      if (skip_nesting_ == 0) {
        skipping_ = false;
      } else {
        --skip_nesting_;
      }
    } else if (skip_nesting_ == 0 &&
               (directive == "else" || directive == "elif" ||
                directive == "elifdef" || directive == "elifndef")) {
      skipping_ = false;
    }
  }
  // U+00A0 becomes two spaces, so columns stay where they were.
  void replace_no_break_spaces(const Token& token) {
    for (size_t p = token.begin; p + 1 < token.end; ++p) {
      if (is_no_break_space(src_, p)) {
        edits_.push_back({p, p + 2, "  "});
        ++p;
      }
    }
  }

  // Whether the `{` at token i opens `namespace [name] {` or
  // `extern "C" {`.
  bool opens_namespace(size_t i) const {
    size_t k = prev_code(i - 1);
    if (k == std::string::npos) return false;
    if (tokens_[k].kind == Kind::kLiteral) {
      return is_identifier(prev_code(k - 1), "extern");
    }
    // namespace a::b::c {
    while (is_identifier(k) && !is_identifier(k, "namespace")) {
      const size_t before = prev_code(k - 1);
      if (before != std::string::npos && before > 0 && is_punct(before, ':') &&
          is_punct(before - 1, ':')) {
        k = prev_code(before - 2);
      } else {
        k = before;
      }
      if (k == std::string::npos) return false;
    }
    return is_identifier(k, "namespace");
  }
  bool at_namespace_scope() const {
    return std::all_of(scopes_.begin(), scopes_.end(),
                       [](bool is_namespace) { return is_namespace; });
  }

  // Whether token k is on a preprocessor directive line (a `#` first).
  bool on_directive_line(size_t k) const {
    size_t line_start = k;
    while (line_start > 0 && !tokens_[line_start - 1].has_newline) --line_start;
    return is_punct(next_code(line_start), '#');
  }
  // Last code token before token i that is not on a directive line (npos if
  // none): what a statement after `#if ...` follows.
  size_t prev_code_outside_directives(size_t i) const {
    size_t k = prev_code(i - 1);
    while (k != std::string::npos && !same_line(k, i) && on_directive_line(k)) {
      size_t line_start = k;
      while (line_start > 0 && !tokens_[line_start - 1].has_newline) {
        --line_start;
      }
      if (line_start == 0) return std::string::npos;
      k = prev_code(line_start - 1);
    }
    return k;
  }
  // Token k (before `later`) is on later's line, or on a line that is not a
  // preprocessor directive.
  bool same_line_or_code(size_t k, size_t later) const {
    return same_line(k, later) || !on_directive_line(k);
  }

  // First token of the declaration whose specifiers include token i: the
  // identifiers (static, extern, const...) right before it.
  size_t declaration_start(size_t i) const {
    size_t first = i;
    for (size_t k = prev_code(i - 1);
         k != std::string::npos && is_identifier(k) &&
         !is_statement_keyword(text(tokens_[k])) && same_line_or_code(k, first);
         k = prev_code(k - 1)) {
      first = k;
    }
    return first;
  }
  // The `;` ending the declaration that starts at token i (npos if none).
  size_t declaration_end(size_t i) const {
    int depth = 0;
    for (size_t k = i; k < tokens_.size(); ++k) {
      if (tokens_[k].kind != Kind::kPunct) continue;
      const char c = src_[tokens_[k].begin];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') {
        if (--depth < 0) return std::string::npos;
      }
      if (c == ';' && depth == 0) return k;
    }
    return std::string::npos;
  }
  bool declaration_says(size_t first, size_t last, std::string_view word) {
    for (size_t k = first; k <= last && k < tokens_.size(); ++k) {
      if (is_identifier(k, word)) return true;
    }
    return false;
  }

  // On-chip variables. At namespace scope each .mlu file owns its layout
  // (internal linkage, as cncc gives every kernel file its own NRAM): the
  // declaration goes into an unnamed namespace, which also lets an `extern`
  // declaration precede the definition. At block scope __nram__/__wram__
  // (thread_local) are static already; __mlu_shared__ gets `static`.
  // A definition gets a guard zone on each side and is marked `used`
  // (qualifiers.h, XBANG_ONCHIP_GUARD_).
  void place_onchip_declaration(size_t i) {
    const size_t first = declaration_start(i);
    const size_t end = declaration_end(i);
    if (end == std::string::npos) return;
    const std::string qualifier(text(tokens_[i]));
    const bool definition = !declaration_says(first, end, "extern");
    const std::string guard =
        definition ? "XBANG_ONCHIP_GUARD_(" + qualifier + ") " : "";
    if (definition) {
      edits_.push_back(
          {tokens_[i].end, tokens_[i].end, " __attribute__((used))"});
    }
    if (at_namespace_scope()) {
      edits_.push_back(
          {tokens_[first].begin, tokens_[first].begin, "namespace { " + guard});
      edits_.push_back({tokens_[end].end, tokens_[end].end,
                        definition ? " " + guard + "}" : " }"});
      // Tokens up to the `;` may hold an initializer's braces.
      skip_before_ = end + 1;
      return;
    }
    give_enclosing_device_function_internal_linkage();
    const bool add_static = qualifier == "__mlu_shared__" &&
                            !declaration_says(first, end, "static");
    if (definition || add_static) {
      edits_.push_back({tokens_[first].begin, tokens_[first].begin,
                        guard + (add_static ? "static " : "")});
    }
    if (definition) {
      edits_.push_back({tokens_[end].end, tokens_[end].end,
                        " " + guard.substr(0, guard.size() - 1)});
    }
  }

  // A block-scope on-chip variable of an inline device function
  // (__mlu_func__) would be a COMDAT object, and GCC refuses a COMDAT and a
  // plain object in one named section ("section type conflict") - the
  // namespace-scope on-chip variables of the same file are plain objects.
  // On the device every kernel file owns its functions' on-chip storage, so
  // the enclosing free device function gets internal linkage (`static`),
  // which keeps its on-chip variables plain objects of this file. Member
  // functions, explicit specializations and functions already static or
  // extern are left as written.
  void give_enclosing_device_function_internal_linkage() {
    size_t body = std::string::npos;
    for (size_t s = 0; s < scopes_.size(); ++s) {
      if (!scopes_[s]) {
        body = scope_braces_[s];
        break;
      }
    }
    if (body == std::string::npos) return;
    // Back from the body's `{` over trailing qualifiers to the `)` that
    // closes the parameters.
    size_t k = prev_code(body - 1);
    while (k != std::string::npos && is_identifier(k)) k = prev_code(k - 1);
    if (k == std::string::npos || !is_punct(k, ')')) return;
    k = matching_open(k, '(', ')');
    if (k == std::string::npos) return;
    const size_t name = prev_code(k - 1);
    if (name == std::string::npos || !is_identifier(name)) return;
    const size_t before_name = prev_code(name - 1);
    if (before_name != std::string::npos && is_punct(before_name, ':')) {
      return;  // A::f: a member defined out of its class.
    }
    // Back over the specifiers and the return type to the start of the
    // declaration: after a `;`, `{`, `}`, a directive or `template <...>`.
    size_t first = name;
    bool device = false;
    for (size_t t = before_name; t != std::string::npos; t = prev_code(t - 1)) {
      if (!same_line_or_code(t, first)) break;
      if (is_punct(t, ';') || is_punct(t, '{') || is_punct(t, '}')) break;
      if (is_punct(t, '>')) {
        const size_t open = matching_open(t, '<', '>');
        if (open == std::string::npos) return;
        if (is_identifier(prev_code(open - 1), "template")) {
          if (is_punct(next_code(open + 1), '>')) return;  // template <>
          break;
        }
        t = open;
        first = open;
        continue;
      }
      if (is_identifier(t)) {
        const std::string_view word = text(tokens_[t]);
        if (word == "static" || word == "extern" || word == "friend" ||
            word == "typedef" || word == "using" || word == "template" ||
            word == "__mlu_global__" || word == "__mlu_entry__") {
          return;
        }
        if (word == "__mlu_func__" || word == "__mlu_device__" ||
            word == "__mlu_vector__" || word == "inline" ||
            word == "__inline" || word == "__inline__") {
          device = true;
        }
      }
      first = t;
    }
    if (!device) return;
    if (std::find(made_static_.begin(), made_static_.end(), first) !=
        made_static_.end()) {
      return;
    }
    made_static_.push_back(first);
    edits_.push_back({tokens_[first].begin, tokens_[first].begin, "static "});
  }
  // The token that opens the bracket pair closed at token `close` (npos if
  // unbalanced).
  size_t matching_open(size_t close, char open_char, char close_char) const {
    int depth = 0;
    for (size_t k = close + 1; k-- > 0;) {
      if (is_punct(k, close_char)) ++depth;
      if (is_punct(k, open_char) && --depth == 0) return k;
    }
    return std::string::npos;
  }

  // `__mlu_func__ inline`: cncc accepts the repeated inline that
  // __mlu_func__ already implies; GCC does not.
  void drop_inline_of_device_function(size_t i) {
    auto is_device_qualifier = [&](size_t k) {
      return is_identifier(k, "__mlu_func__") ||
             is_identifier(k, "__mlu_device__") ||
             is_identifier(k, "__mlu_vector__");
    };
    for (size_t k = prev_code(i - 1);
         k != std::string::npos && is_identifier(k) && same_line_or_code(k, i);
         k = prev_code(k - 1)) {
      if (is_device_qualifier(k)) {
        edits_.push_back({tokens_[i].begin, tokens_[i].end,
                          std::string(tokens_[i].end - tokens_[i].begin, ' ')});
        return;
      }
    }
    for (size_t k = next_code(i + 1); k < tokens_.size() && is_identifier(k);
         k = next_code(k + 1)) {
      if (is_device_qualifier(k)) {
        edits_.push_back({tokens_[i].begin, tokens_[i].end,
                          std::string(tokens_[i].end - tokens_[i].begin, ' ')});
        return;
      }
    }
  }

  // The replacement of source text [begin, end) by `code` keeps every line
  // break (and the line splices of a #define) after the code.
  std::string keeping_lines(const std::string& code, size_t begin,
                            size_t end) const {
    std::string replacement = code;
    for (size_t p = begin; p < end; ++p) {
      if (src_[p] != '\n') continue;
      const bool spliced =
          p > begin &&
          (src_[p - 1] == '\\' ||
           (src_[p - 1] == '\r' && p > begin + 1 && src_[p - 2] == '\\'));
      replacement += spliced ? "\\\n" : "\n";
    }
    return replacement;
  }

  // `__asm__ volatile("..." : outputs : inputs : clobbers)` as a statement
  // becomes the C++ emulation of its instructions (mlu_asm.h). Returns the
  // index of the last token consumed.
  size_t rewrite_asm(size_t keyword) {
    // Only asm statements: an asm label (`int x asm("name")`) is left alone.
    const size_t before = prev_code_outside_directives(keyword);
    if (before != std::string::npos && !is_punct(before, ';') &&
        !is_punct(before, '{') && !is_punct(before, '}') &&
        !is_punct(before, ')') && !is_punct(before, ':') &&
        !is_identifier(before, "else") && !is_identifier(before, "do")) {
      return keyword;
    }
    size_t k = next_code(keyword + 1);
    while (is_identifier(k, "volatile") || is_identifier(k, "__volatile__") ||
           is_identifier(k, "__volatile") || is_identifier(k, "inline") ||
           is_identifier(k, "goto")) {
      k = next_code(k + 1);
    }
    if (!is_punct(k, '(')) return keyword;
    const size_t open = k;
    std::string instructions;
    for (k = next_code(open + 1);
         k < tokens_.size() && tokens_[k].kind == Kind::kLiteral;
         k = next_code(k + 1)) {
      const std::string_view literal = text(tokens_[k]);
      if (literal.size() < 2 || literal[0] != '"') break;
      instructions += literal.substr(1, literal.size() - 2);
    }
    std::vector<AsmOperand> operands;
    int section = 0;  // 1 outputs, 2 inputs, 3 clobbers
    while (k < tokens_.size() && !is_punct(k, ')')) {
      if (is_punct(k, ':')) {
        ++section;
        k = next_code(k + 1);
        continue;
      }
      if (is_punct(k, ',')) {
        k = next_code(k + 1);
        continue;
      }
      AsmOperand operand;
      if (is_punct(k, '[')) {
        const size_t name = next_code(k + 1);
        const size_t close = next_code(name + 1);
        if (!is_identifier(name) || !is_punct(close, ']')) break;
        operand.name = std::string(text(tokens_[name]));
        k = next_code(close + 1);
      }
      if (k >= tokens_.size() || tokens_[k].kind != Kind::kLiteral) break;
      k = next_code(k + 1);  // the constraint
      if (section == 3) continue;
      if (!is_punct(k, '(')) break;
      const size_t expression_open = k;
      int depth = 0;
      for (; k < tokens_.size(); ++k) {
        if (is_punct(k, '(')) ++depth;
        if (is_punct(k, ')') && --depth == 0) break;
      }
      if (k >= tokens_.size()) break;
      // On one line, without comments: the call replaces the statement on
      // its first line.
      if (k > expression_open + 1) {
        operand.expression = spelled_name(expression_open + 1, k - 1);
      }
      operands.push_back(operand);
      k = next_code(k + 1);
    }
    if (!is_punct(k, ')')) {
      throw ScanError(tokens_[keyword].begin,
                      "cannot read this inline assembly statement");
    }
    const AsmTranslation translation =
        translate_mlu_asm(instructions, operands);
    const std::string code =
        translation.ok
            ? translation.code
            : "static_assert(false, \"" +
                  escape_for_string_literal(translation.error) + "\")";
    edits_.push_back(
        {tokens_[keyword].begin, tokens_[k].end,
         keeping_lines(code, tokens_[keyword].begin, tokens_[k].end)});
    return k;
  }

  // No line break (other than a splice) between tokens a < b.
  bool same_line(size_t a, size_t b) const {
    for (size_t k = a; k < b; ++k) {
      if (tokens_[k].has_newline) return false;
    }
    return true;
  }

  // Index of the `<` that opens the template argument list closed by the
  // `>` at token `close`.
  size_t match_angle_backward(size_t close, size_t launch) const {
    int depth = 0;
    std::string brackets;  // closers seen, innermost last
    for (size_t k = close + 1; k-- > 0;) {
      if (tokens_[k].kind != Kind::kPunct) continue;
      const char c = src_[tokens_[k].begin];
      if (c == ')' || c == ']' || c == '}') {
        brackets += c;
      } else if (c == '(' || c == '[' || c == '{') {
        const char want = c == '(' ? ')' : c == '[' ? ']' : '}';
        if (brackets.empty() || brackets.back() != want) break;
        brackets.pop_back();
      } else if (!brackets.empty()) {
        continue;
      } else if (c == '>') {
        // `->` is not an angle bracket.
        if (!(k > 0 && is_punct(k - 1, '-') && adjacent(k - 1))) ++depth;
      } else if (c == '<') {
        if (k > 0 && is_punct(k - 1, '<') && adjacent(k - 1)) {
          --k;  // `<<` is a shift inside the template arguments
          continue;
        }
        if (--depth == 0) return k;
      } else if (c == ';') {
        break;
      }
    }
    throw ScanError(tokens_[launch].begin,
                    "unbalanced template arguments in the kernel name before "
                    "'<<<'");
  }

  // First token of the kernel name that ends just before `<<<` at `launch`:
  // `Kernel`, `Kernel<float>`, `ns::Kernel<T, 4>`, `::ns::Kernel`, or
  // `Outer<T>::template Kernel<U>`.
  size_t kernel_name_start(size_t launch) const {
    size_t k = prev_code(launch - 1);
    for (;;) {
      if (k != std::string::npos && is_punct(k, '>')) {
        k = prev_code(match_angle_backward(k, launch) - 1);
      }
      if (k == std::string::npos || !is_identifier(k)) {
        throw ScanError(tokens_[launch].begin,
                        "expected a kernel name before '<<<'");
      }
      size_t first = k;
      size_t before = prev_code(k - 1);
      if (is_identifier(before, "template")) before = prev_code(before - 1);
      const bool qualified = before != std::string::npos && before > 0 &&
                             is_punct(before, ':') &&
                             is_punct(before - 1, ':') && adjacent(before - 1);
      if (!qualified) return first;
      first = before - 1;
      const size_t scope = prev_code(first - 1);
      const bool scope_continues =
          scope != std::string::npos &&
          ((is_identifier(scope) &&
            !is_statement_keyword(text(tokens_[scope]))) ||
           (is_punct(scope, '>') &&
            !(scope > 0 && is_punct(scope - 1, '-') && adjacent(scope - 1))));
      if (!scope_continues) return first;  // `::Kernel`
      k = scope;
    }
  }

  // The kernel name as a string: code tokens, one space where the source had
  // space or comments.
  std::string spelled_name(size_t first, size_t last) const {
    std::string name;
    bool pending_space = false;
    for (size_t k = first; k <= last; ++k) {
      if (!is_code(k)) {
        pending_space = true;
        continue;
      }
      if (pending_space && !name.empty()) name += ' ';
      pending_space = false;
      name += text(tokens_[k]);
    }
    return name;
  }

  static char closer_of(char open) {
    return open == '(' ? ')' : open == '[' ? ']' : '}';
  }

  // Rewrites the launch whose `<<<` starts at token `open`; returns the index
  // of its last token (the `)` closing the arguments).
  size_t rewrite_launch(size_t open) {
    const size_t open_offset = tokens_[open].begin;
    if (run_length(open, '<') > 3) {
      throw ScanError(
          open_offset,
          "'" + std::string(run_length(open, '<'), '<') +
              "' is not a kernel launch (a merge conflict marker?)");
    }
    const size_t name_last = prev_code(open - 1);
    if (is_identifier(name_last, "operator")) return open + 2;  // operator<<
    const size_t name_first = kernel_name_start(open);
    const std::string name = spelled_name(name_first, name_last);
    if (tokens_[name_first].begin < launch_end_) {
      throw ScanError(open_offset, "kernel launch overlaps the previous one");
    }

    // The launch configuration, up to the `>>>` at bracket depth 0 (the last
    // three of a longer run of `>`, so `q>>>>` closes after `q>`).
    std::string brackets;
    size_t close = open + 3;
    for (; close < tokens_.size(); ++close) {
      if (tokens_[close].kind != Kind::kPunct) continue;
      const char c = src_[tokens_[close].begin];
      if (c == '(' || c == '[' || c == '{') {
        brackets += closer_of(c);
      } else if (c == ')' || c == ']' || c == '}') {
        if (brackets.empty()) break;
        if (brackets.back() != c) {
          throw ScanError(tokens_[close].begin,
                          std::string("mismatched '") + c +
                              "' in the launch configuration of '" + name +
                              "'");
        }
        brackets.pop_back();
      } else if (c == ';' && brackets.empty()) {
        break;
      } else if (c == '<' && run_length(close, '<') >= 3) {
        break;
      } else if (c == '>' && brackets.empty()) {
        const size_t run = run_length(close, '>');
        if (run >= 3) {
          close += run - 3;
          break;
        }
        close += run - 1;
      }
    }
    if (close >= tokens_.size() || !is_punct(close, '>')) {
      throw ScanError(open_offset, "unbalanced kernel launch: '<<<' of '" +
                                       name + "' has no matching '>>>'");
    }
    check_configuration(open + 3, close, open_offset, name);

    const size_t paren = next_code(close + 3);
    if (!is_punct(paren, '(')) {
      throw ScanError(
          tokens_[close].begin,
          "expected '(' with the arguments of '" + name + "' after '>>>'");
    }
    size_t close_paren = paren;
    brackets = ")";
    while (!brackets.empty()) {
      if (++close_paren >= tokens_.size()) {
        throw ScanError(tokens_[paren].begin,
                        "unbalanced kernel launch: '(' of the arguments of '" +
                            name + "' is never closed");
      }
      if (tokens_[close_paren].kind != Kind::kPunct) continue;
      const char c = src_[tokens_[close_paren].begin];
      if (c == '(' || c == '[' || c == '{') {
        brackets += closer_of(c);
      } else if (c == ')' || c == ']' || c == '}') {
        if (brackets.back() != c) {
          throw ScanError(tokens_[close_paren].begin,
                          std::string("mismatched '") + c +
                              "' in the arguments of '" + name + "'");
        }
        brackets.pop_back();
      }
    }

    // Every piece keeps its own text, so no newline is added or lost.
    const Token& first = tokens_[name_first];
    std::string launch = "::xbang::launch(";
    launch += text(tokens_[name_last].end, open_offset);
    launch += text(tokens_[open + 2].end, tokens_[close].begin);
    launch += text(tokens_[close + 2].end, tokens_[paren].begin);
    launch += ", [=]() { ";
    launch += text(first.begin, tokens_[name_last].end);
    launch += '(';
    launch += text(tokens_[paren].end, tokens_[close_paren].begin);
    launch += "); }, \"";
    launch += escape_for_string_literal(name);
    launch += "\")";
    edits_.push_back({first.begin, tokens_[close_paren].end, launch});
    launch_end_ = tokens_[close_paren].end;
    ++launches_;
    return close_paren;
  }

  // `<<<dim, type, queue>>>`: three parameters. With a '<' in them commas may
  // belong to template arguments, so the count is left to the compiler.
  void check_configuration(size_t begin, size_t end, size_t launch_offset,
                           const std::string& name) const {
    int depth = 0;
    int commas = 0;
    bool any_code = false;
    bool has_angle = false;
    for (size_t k = begin; k < end; ++k) {
      if (!is_code(k)) continue;
      any_code = true;
      if (tokens_[k].kind != Kind::kPunct) continue;
      const char c = src_[tokens_[k].begin];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') --depth;
      if (c == ',' && depth == 0) ++commas;
      if (c == '<') has_angle = true;
    }
    if (!any_code || (!has_angle && commas != 2)) {
      throw ScanError(launch_offset,
                      "the launch of '" + name +
                          "' needs three parameters <<<dim, type, queue>>>, "
                          "found " +
                          std::to_string(any_code ? commas + 1 : 0));
    }
  }

  struct Edit {
    size_t begin;
    size_t end;
    std::string replacement;
  };

  std::string_view src_;
  std::vector<Token> tokens_;
  size_t start_;
  size_t launch_end_ = 0;
  std::vector<Edit> edits_;
  std::vector<std::string> quoted_includes_;
  // One entry per open brace: true when it opens a namespace (or an
  // extern "C" block), so that a declaration there is at namespace scope.
  std::vector<bool> scopes_;
  std::vector<size_t> scope_braces_;  // the token of each open brace
  // First specifier tokens of the device functions already made static.
  std::vector<size_t> made_static_;
  bool in_directive_ = false;
  size_t skip_before_ = 0;  // tokens of an on-chip declaration handled
  int launches_ = 0;
  bool skipping_ = false;
  int skip_nesting_ = 0;
};

std::string location(std::string_view src, std::string_view path,
                     size_t offset) {
  size_t line = 1;
  size_t line_begin = 0;
  for (size_t i = 0; i < offset && i < src.size(); ++i) {
    if (src[i] == '\n') {
      ++line;
      line_begin = i + 1;
    }
  }
  return std::string(path) + ":" + std::to_string(line) + ":" +
         std::to_string(offset - line_begin + 1);
}

size_t count_newlines(std::string_view text) {
  size_t n = 0;
  for (const char c : text) n += c == '\n';
  return n;
}

}  // namespace

RewriteResult rewrite_mlu_source(std::string_view source,
                                 std::string_view path) {
  RewriteResult result;
  // A UTF-8 byte order mark would end up after the #line directive.
  const size_t start = source.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  try {
    Rewriter rewriter(source, start, Lexer(source, start).run());
    std::string body = rewriter.run();
    if (count_newlines(body) != count_newlines(source)) {
      throw ScanError(0, "internal error: the rewrite changed the line count");
    }
    result.output =
        "#line 1 \"" + escape_for_string_literal(path) + "\"\n" + body;
    result.launches = rewriter.launches();
    result.quoted_includes = rewriter.quoted_includes();
    result.ok = true;
  } catch (const ScanError& error) {
    result.error =
        location(source, path, error.offset) + ": error: " + error.what();
  }
  return result;
}

}  // namespace xbang::porting
