// `__mlu_func__ inline`: __mlu_func__ already implies inline (qualifiers.h),
// cncc accepts the repeated `inline` and GCC does not ("duplicate inline").
// The `inline` next to a device qualifier (before or after it, among the
// declaration's specifiers) becomes as many spaces, so columns stay.
#pragma once

#include <cstddef>
#include <string_view>

#include "token_cursor.h"

namespace xbang::porting::rewrite {

class InlinePass {
 public:
  InlinePass(const TokenCursor& cursor, EditList& edits)
      : cur_(cursor), edits_(edits) {}

  static bool is_inline_keyword(std::string_view word) {
    return word == "inline" || word == "__inline" || word == "__inline__";
  }
  // The inline keyword at token i, in code.
  void drop_repeated_inline(size_t i);

 private:
  bool is_device_qualifier(size_t k) const {
    return cur_.is_identifier(k, "__mlu_func__") ||
           cur_.is_identifier(k, "__mlu_device__") ||
           cur_.is_identifier(k, "__mlu_vector__");
  }

  const TokenCursor& cur_;
  EditList& edits_;
};

}  // namespace xbang::porting::rewrite
