// The rewriter's lexer: just enough of C++ to find code among comments and
// literals. Comments, string and character literals (with encoding prefixes
// and raw strings), pp-numbers, identifiers (UTF-8 included), whitespace runs
// (with line splices and U+00A0) and one token per punctuation character.
// The passes never need `<<=` or `::` as one token; they look at touching
// characters instead (TokenCursor::adjacent).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace xbang::porting::rewrite {

enum class Kind { kSpace, kComment, kLiteral, kIdentifier, kNumber, kPunct };

struct Token {
  Kind kind;
  size_t begin;
  size_t end;
  bool has_newline = false;  // a whitespace run ending a logical line
};

// Thrown with the source offset the message is about; rewrite_mlu_source
// turns it into "<path>:<line>:<column>: error: <message>".
struct ScanError : std::runtime_error {
  ScanError(size_t offset, const std::string& message)
      : std::runtime_error(message), offset(offset) {}
  size_t offset;
};

// U+00A0 (no-break space) in UTF-8 at src[p]; cncc's Clang takes it for
// whitespace.
bool is_no_break_space(std::string_view src, size_t p);

// The tokens of src from offset `start` on; they cover it without gaps.
std::vector<Token> lex(std::string_view src, size_t start);

}  // namespace xbang::porting::rewrite
