// MLU inline assembly: `__asm__ volatile("..." : outputs : inputs :
// clobbers)` as a statement becomes the C++ emulation of its instructions
// (translate_mlu_asm, ../mlu_asm.h), written on the statement's first line
// with the statement's line breaks after it. An instruction xbang does not
// emulate becomes a static_assert naming it, so the build stops there only if
// that code is compiled. An asm label (`int x asm("name")`) is not a
// statement and is left alone.
#pragma once

#include <cstddef>

#include "token_cursor.h"

namespace xbang::porting::rewrite {

class AsmPass {
 public:
  AsmPass(const TokenCursor& cursor, EditList& edits)
      : cur_(cursor), edits_(edits) {}

  static bool is_asm_keyword(const TokenCursor& cursor, size_t i) {
    return cursor.is_identifier(i, "__asm__") ||
           cursor.is_identifier(i, "asm") || cursor.is_identifier(i, "__asm");
  }
  // Rewrites the statement whose keyword is token `keyword`. Returns the
  // index of the last token consumed.
  size_t rewrite_asm(size_t keyword);

 private:
  const TokenCursor& cur_;
  EditList& edits_;
};

}  // namespace xbang::porting::rewrite
