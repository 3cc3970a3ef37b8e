// The one token stream every rewriter pass reads, and the edits they make.
//
// TokenCursor lexes the source once and answers the questions the passes
// ask about it: what a token is, the code token before or after one (skipping
// whitespace and comments), whether two tokens touch or share a line, where a
// bracket opens. The passes never change the tokens: each records edits
// (replace source bytes [begin, end) with text) in one EditList, applied in
// source order at the end, so the text outside the edits is copied byte for
// byte.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "lexer.h"

namespace xbang::porting::rewrite {

constexpr size_t kNone = std::string::npos;

class TokenCursor {
 public:
  TokenCursor(std::string_view src, size_t start);

  std::string_view source() const { return src_; }
  size_t start() const { return start_; }
  size_t size() const { return tokens_.size(); }
  const Token& operator[](size_t i) const { return tokens_[i]; }

  std::string_view text(size_t begin, size_t end) const {
    return src_.substr(begin, end - begin);
  }
  std::string_view text(const Token& token) const {
    return text(token.begin, token.end);
  }
  std::string_view word(size_t i) const { return text(tokens_[i]); }
  bool is_code(size_t i) const {
    return tokens_[i].kind != Kind::kSpace && tokens_[i].kind != Kind::kComment;
  }
  bool is_punct(size_t i, char c) const {
    return i < tokens_.size() && tokens_[i].kind == Kind::kPunct &&
           src_[tokens_[i].begin] == c;
  }
  // The punctuation character of token i, or '\0' if it is something else.
  char punct(size_t i) const {
    return i < tokens_.size() && tokens_[i].kind == Kind::kPunct
               ? src_[tokens_[i].begin]
               : '\0';
  }
  bool is_identifier(size_t i, std::string_view word = {}) const {
    return i < tokens_.size() && tokens_[i].kind == Kind::kIdentifier &&
           (word.empty() || text(tokens_[i]) == word);
  }
  bool is_literal(size_t i) const {
    return i < tokens_.size() && tokens_[i].kind == Kind::kLiteral;
  }

  // Tokens i and i + 1 touch (no space or comment between them).
  bool adjacent(size_t i) const {
    return i + 1 < tokens_.size() && tokens_[i].end == tokens_[i + 1].begin;
  }
  // Number of touching `c` punctuators starting at token i.
  size_t run_length(size_t i, char c) const;
  // First code token at or after i (size() if none).
  size_t next_code(size_t i) const;
  // Last code token at or before i (kNone if none, or if i is kNone).
  size_t prev_code(size_t i) const;
  // No line break (other than a splice) between tokens a < b.
  bool same_line(size_t a, size_t b) const;
  // First token of the line token k is on.
  size_t line_start(size_t k) const;
  // Last token of the logical line token k is on (line splices continue it).
  size_t line_end(size_t k) const;
  // Whether token k is on a preprocessor directive line (a `#` first).
  bool on_directive_line(size_t k) const;
  // Token k (before `later`) is on later's line, or on a line that is not a
  // preprocessor directive.
  bool same_line_or_code(size_t k, size_t later) const {
    return same_line(k, later) || !on_directive_line(k);
  }
  // Last code token before token i that is not on a directive line (kNone if
  // none): what a statement after `#if ...` follows.
  size_t prev_code_outside_directives(size_t i) const;
  // The token that opens the bracket pair closed at token `close` (kNone if
  // unbalanced).
  size_t matching_open(size_t close, char open_char, char close_char) const;

  // Source text [begin, end), both token boundaries, with each U+00A0 of its
  // whitespace as two spaces (no_break_space_pass.h): for text a pass moves
  // into a replacement.
  std::string code_text(size_t begin, size_t end) const;
  // Code tokens first..last as a string: one space where the source had
  // space or comments.
  std::string spelled(size_t first, size_t last) const;
  // The replacement of source text [begin, end) by `code` keeps every line
  // break (and the line splices of a #define) after the code.
  std::string keeping_lines(const std::string& code, size_t begin,
                            size_t end) const;

 private:
  std::string_view src_;
  size_t start_;
  std::vector<Token> tokens_;
};

class EditList {
 public:
  void replace(size_t begin, size_t end, std::string text) {
    edits_.push_back({begin, end, std::move(text)});
  }
  void insert(size_t at, std::string text) {
    edits_.push_back({at, at, std::move(text)});
  }
  // The source from `start` on with every edit made; edits at one offset
  // keep the order in which they were recorded. An edit inside the text an
  // earlier one replaced is dropped: the replacement carries that text.
  std::string apply(std::string_view src, size_t start);

 private:
  struct Edit {
    size_t begin;
    size_t end;
    std::string replacement;
  };
  std::vector<Edit> edits_;
};

// Words that may precede `::Kernel<<<` or a declaration without being one of
// its specifiers or qualifiers.
bool is_statement_keyword(std::string_view word);

std::string escape_for_string_literal(std::string_view text);

}  // namespace xbang::porting::rewrite
