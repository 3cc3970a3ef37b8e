// The braces open at the current token, and which of them open a namespace.
//
// The on-chip pass must know whether a declaration is at namespace scope (it
// then goes into an unnamed namespace) or in a function (its function may
// need internal linkage). The tracker sees every `{` and `}` of code outside
// preprocessor directives. Conditional compilation can open a brace in each
// arm (`#if A` `if (a) {` `#else` `if (b) {` `#endif`); the directive pass
// saves the scopes at `#if` and puts them back for each further arm, so the
// depth follows one arm (ScopeTracker::Snapshot).
#pragma once

#include <cstddef>
#include <vector>

#include "token_cursor.h"

namespace xbang::porting::rewrite {

class ScopeTracker {
 public:
  explicit ScopeTracker(const TokenCursor& cursor) : cursor_(cursor) {}

  // Token i is a `{` or `}` of code.
  void open(size_t brace) {
    scopes_.push_back({brace, opens_namespace(brace)});
  }
  void close() {
    if (!scopes_.empty()) scopes_.pop_back();
  }

  // No brace open, or only namespaces and extern "C" blocks.
  bool at_namespace_scope() const;
  // The `{` of the outermost open brace that is not a namespace (a function
  // body, or a class), or kNone.
  size_t outermost_block() const;

  struct Scope {
    size_t brace;       // the `{` token
    bool is_namespace;  // namespace or extern "C" block
  };
  using Snapshot = std::vector<Scope>;
  Snapshot snapshot() const { return scopes_; }
  void restore(Snapshot scopes) { scopes_ = std::move(scopes); }

 private:
  // Whether the `{` at token i opens `namespace [name] {` or
  // `extern "C" {`.
  bool opens_namespace(size_t i) const;

  const TokenCursor& cursor_;
  std::vector<Scope> scopes_;
};

}  // namespace xbang::porting::rewrite
