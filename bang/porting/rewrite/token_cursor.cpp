#include "token_cursor.h"

#include <algorithm>

namespace xbang::porting::rewrite {

TokenCursor::TokenCursor(std::string_view src, size_t start)
    : src_(src), start_(start), tokens_(lex(src, start)) {}

size_t TokenCursor::run_length(size_t i, char c) const {
  size_t n = 0;
  while (is_punct(i + n, c) && (n == 0 || adjacent(i + n - 1))) ++n;
  return n;
}

size_t TokenCursor::next_code(size_t i) const {
  while (i < tokens_.size() && !is_code(i)) ++i;
  return i;
}

size_t TokenCursor::prev_code(size_t i) const {
  if (i == kNone) return kNone;
  for (size_t k = std::min(i + 1, tokens_.size()); k-- > 0;) {
    if (is_code(k)) return k;
  }
  return kNone;
}

bool TokenCursor::same_line(size_t a, size_t b) const {
  for (size_t k = a; k < b; ++k) {
    if (tokens_[k].has_newline) return false;
  }
  return true;
}

size_t TokenCursor::line_start(size_t k) const {
  while (k > 0 && !tokens_[k - 1].has_newline) --k;
  return k;
}

size_t TokenCursor::line_end(size_t k) const {
  while (k + 1 < tokens_.size() && !tokens_[k + 1].has_newline) ++k;
  return k;
}

bool TokenCursor::on_directive_line(size_t k) const {
  return is_punct(next_code(line_start(k)), '#');
}

size_t TokenCursor::prev_code_outside_directives(size_t i) const {
  size_t k = prev_code(i - 1);
  while (k != kNone && !same_line(k, i) && on_directive_line(k)) {
    const size_t first = line_start(k);
    if (first == 0) return kNone;
    k = prev_code(first - 1);
  }
  return k;
}

size_t TokenCursor::matching_open(size_t close, char open_char,
                                  char close_char) const {
  int depth = 0;
  for (size_t k = close + 1; k-- > 0;) {
    if (is_punct(k, close_char)) ++depth;
    if (is_punct(k, open_char) && --depth == 0) return k;
  }
  return kNone;
}

std::string TokenCursor::code_text(size_t begin, size_t end) const {
  std::string text(src_.substr(begin, end - begin));
  auto token = std::lower_bound(
      tokens_.begin(), tokens_.end(), begin,
      [](const Token& t, size_t offset) { return t.begin < offset; });
  for (; token != tokens_.end() && token->begin < end; ++token) {
    if (token->kind != Kind::kSpace) continue;
    for (size_t p = token->begin; p + 1 < token->end && p + 1 < end; ++p) {
      if (is_no_break_space(src_, p)) {
        text[p - begin] = ' ';
        text[p + 1 - begin] = ' ';
        ++p;
      }
    }
  }
  return text;
}

std::string TokenCursor::spelled(size_t first, size_t last) const {
  std::string spelling;
  bool pending_space = false;
  for (size_t k = first; k <= last; ++k) {
    if (!is_code(k)) {
      pending_space = true;
      continue;
    }
    if (pending_space && !spelling.empty()) spelling += ' ';
    pending_space = false;
    spelling += text(tokens_[k]);
  }
  return spelling;
}

std::string TokenCursor::keeping_lines(const std::string& code, size_t begin,
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

std::string EditList::apply(std::string_view src, size_t start) {
  std::stable_sort(
      edits_.begin(), edits_.end(),
      [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out;
  size_t copied = start;
  for (const Edit& edit : edits_) {
    if (edit.begin < copied) continue;
    out.append(src.substr(copied, edit.begin - copied));
    out += edit.replacement;
    copied = edit.end;
  }
  out.append(src.substr(copied));
  return out;
}

bool is_statement_keyword(std::string_view word) {
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

}  // namespace xbang::porting::rewrite
