#include "lexer.h"

namespace xbang::porting::rewrite {
namespace {

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

}  // namespace

bool is_no_break_space(std::string_view src, size_t p) {
  return p + 1 < src.size() && src[p] == '\xC2' && src[p + 1] == '\xA0';
}

std::vector<Token> lex(std::string_view src, size_t start) {
  return Lexer(src, start).run();
}

}  // namespace xbang::porting::rewrite
