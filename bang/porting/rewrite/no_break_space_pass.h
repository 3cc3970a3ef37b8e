// U+00A0 (no-break space, bytes C2 A0) outside literals and comments: cncc's
// Clang takes it for whitespace, GCC rejects it as a stray byte. Each one
// becomes two spaces, so every column after it stays where it was.
#pragma once

#include <cstddef>

#include "token_cursor.h"

namespace xbang::porting::rewrite {

// The whitespace token `space` (lexer.h puts U+00A0 in whitespace runs).
inline void replace_no_break_spaces(const TokenCursor& cursor, size_t space,
                                    EditList& edits) {
  const Token& token = cursor[space];
  for (size_t p = token.begin; p + 1 < token.end; ++p) {
    if (is_no_break_space(cursor.source(), p)) {
      edits.replace(p, p + 2, "  ");
      ++p;
    }
  }
}

}  // namespace xbang::porting::rewrite
