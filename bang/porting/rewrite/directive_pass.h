// Preprocessor directives: which code the other passes may rewrite, and what
// they learn from the directive lines.
//
//  - `#include "..."` names are listed (the tool rewrites those headers too).
//  - Conditional compilation: an arm whose condition is a constant the pass
//    can read (`#if 0`, `#if false`, `#if (0)`, `#if 0 && ...`, `#elif 0`,
//    the arms after a `#if 1`) is dead, often not even C++: nothing in it is
//    rewritten. Every other arm is rewritten, as any of them may be the one
//    compiled, but the brace depth follows one arm only (the first live one):
//    the scopes saved at `#if` are put back at each further arm, and at
//    `#endif` the scopes as the followed arm left them are kept.
//  - `#define`: the first token of the replacement list, so the on-chip pass
//    can handle a declaration written in a macro.
// A directive's own tokens are not code for the scope and declaration
// passes; launches and inline assembly in a #define are still rewritten.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "scope_tracker.h"
#include "token_cursor.h"

namespace xbang::porting::rewrite {

class DirectivePass {
 public:
  DirectivePass(const TokenCursor& cursor, ScopeTracker& scopes)
      : cursor_(cursor), scopes_(scopes) {}

  // The `#` at token `hash` starts a directive line.
  void begin(size_t hash);
  // A line ends (token i has a newline).
  void end_line() {
    in_directive_ = false;
    define_body_ = kNone;
  }

  // The current token is in a dead arm of a conditional.
  bool skipping() const { return skipping_; }
  // The current token is on a directive line.
  bool in_directive() const { return in_directive_; }
  // In a #define line: its replacement list starts at this token (kNone
  // elsewhere) and ends at define_end().
  size_t define_body() const { return define_body_; }
  size_t define_end() const { return define_end_; }

  const std::vector<std::string>& quoted_includes() const {
    return quoted_includes_;
  }

 private:
  enum class Value { kFalse, kTrue, kUnknown };
  struct Conditional {
    ScopeTracker::Snapshot at_if;     // the scopes at `#if`
    ScopeTracker::Snapshot followed;  // as the followed arm left them
    bool has_followed = false;
    bool arm_taken = false;  // an arm with a true condition was seen
  };

  // The value of the condition after the directive name at token `name`.
  Value condition(size_t name) const;
  void open_conditional(Value value);
  // `#else`, `#elif...`: `value` is the new arm's condition.
  void next_arm(Value value);
  void close_conditional();
  // The current arm ends: the first live arm's scopes are the followed ones.
  void end_arm();
  void start_define(size_t name, size_t hash);

  const TokenCursor& cursor_;
  ScopeTracker& scopes_;
  std::vector<Conditional> conditionals_;
  std::vector<std::string> quoted_includes_;
  bool in_directive_ = false;
  bool skipping_ = false;
  int skip_nesting_ = 0;  // conditionals opened inside the dead arm
  size_t define_body_ = kNone;
  size_t define_end_ = kNone;
};

}  // namespace xbang::porting::rewrite
