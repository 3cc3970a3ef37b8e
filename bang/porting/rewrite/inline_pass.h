// `__mlu_func__ inline`: __mlu_func__ already implies inline (qualifiers.h),
// cncc accepts the repeated `inline` and GCC does not ("duplicate inline").
// The `inline` among the specifiers of a declaration that has a device
// qualifier (before or after it: `static __mlu_func__ inline`,
// `inline __mlu_device__`, `__mlu_func__ __attribute__((always_inline))
// inline`, `[[gnu::always_inline]] inline __mlu_func__`) becomes as many
// spaces, so columns stay. The specifiers are the words around the `inline`
// and the attribute groups between them (`__attribute__((...))`,
// `__declspec(...)`, `alignas(...)`, `[[...]]`).
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
  static bool is_attribute_keyword(std::string_view word) {
    return word == "__attribute__" || word == "__attribute" ||
           word == "__declspec" || word == "alignas";
  }
  // The specifier before token k (a word, or the first token of an
  // attribute group ending at k): the code token before it, or kNone when
  // k is not a specifier.
  size_t specifier_before(size_t k) const;
  // The specifier after token k: the code token after it, or kNone.
  size_t specifier_after(size_t k) const;
  // The token closing the bracket opened at token `open` (kNone if none).
  size_t matching_close(size_t open, char open_char, char close_char) const;

  const TokenCursor& cur_;
  EditList& edits_;
};

}  // namespace xbang::porting::rewrite
