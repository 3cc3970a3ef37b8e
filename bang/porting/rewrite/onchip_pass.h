// On-chip declarations: variables qualified __nram__, __wram__ or
// __mlu_shared__ (bang/include/xbang/core/qualifiers.h).
//
//  - At namespace scope each .mlu file owns its layout (internal linkage, as
//    cncc gives every kernel file its own NRAM): the declaration goes into an
//    unnamed namespace, which also lets an `extern` declaration precede the
//    definition. The namespace opens before the whole declaration, attribute
//    specifiers (`alignas(64)`, `__attribute__((...))`, `[[...]]`) included.
//  - At block scope __nram__/__wram__ (thread_local) are static already;
//    __mlu_shared__ gets `static`. The enclosing free inline device function
//    gets `static` too: GCC refuses a COMDAT object (a static local of an
//    inline function) and a plain object in one named section ("section
//    type conflict").
//  - A definition gets a guard zone on each side (XBANG_ONCHIP_GUARD_, which
//    checked mode watches for plain C++ overruns) and is marked `used`, so
//    the compiler keeps it between its guards.
//  - In a #define the scope of the expansion is unknown: a definition gets
//    its guards and `static` (internal linkage at namespace scope, static at
//    block scope). The rewriter does not expand macros, so an on-chip
//    qualifier in a macro that is not a whole declaration ending with `;`
//    (`#define NRAM __nram__`) stops the rewrite with its position: the
//    declarations written with it would silently miss their guards.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "scope_tracker.h"
#include "token_cursor.h"

namespace xbang::porting::rewrite {

class OnchipPass {
 public:
  OnchipPass(const TokenCursor& cursor, EditList& edits,
             const ScopeTracker& scopes)
      : cur_(cursor), edits_(edits), scopes_(scopes) {}

  static bool is_onchip_qualifier(std::string_view word) {
    return word == "__nram__" || word == "__wram__" || word == "__mlu_shared__";
  }
  // The qualifier at token i in code.
  void place_declaration(size_t i);
  // The qualifier at token i in the replacement list [body, body_end] of a
  // #define.
  void place_declaration_in_macro(size_t i, size_t body, size_t body_end);
  // Tokens before this one belong to a declaration already placed (an
  // initializer's braces are not scopes).
  size_t handled_before() const { return handled_before_; }

 private:
  // First token of the declaration whose specifiers include token i: the
  // identifiers (static, extern, const...) and attribute specifiers right
  // before it, from token `lower` on.
  size_t declaration_start(size_t i, size_t lower) const;
  // First token of the attribute specifier ending at token k, or kNone.
  size_t attribute_start(size_t k) const;
  // First token after the attribute specifiers that start the declaration
  // [first, i) (the token after them is an identifier: the walk from
  // declaration_start accepted only specifiers).
  size_t after_attributes(size_t first, size_t i) const;
  // The `;` ending the declaration that starts at token i, at or before
  // token `last` (kNone if none).
  size_t declaration_end(size_t i, size_t last) const;
  bool declaration_says(size_t first, size_t last, std::string_view word) const;
  // The first variable a declaration from qualifier `i` to `end` declares
  // (kNone when there is none to name).
  size_t declared_name(size_t i, size_t end) const;
  void give_enclosing_device_function_internal_linkage();

  const TokenCursor& cur_;
  EditList& edits_;
  const ScopeTracker& scopes_;
  size_t handled_before_ = 0;
  // First specifier tokens of the device functions already made static.
  std::vector<size_t> made_static_;
};

}  // namespace xbang::porting::rewrite
