#include "scope_tracker.h"

#include <algorithm>

namespace xbang::porting::rewrite {

bool ScopeTracker::at_namespace_scope() const {
  return std::all_of(scopes_.begin(), scopes_.end(),
                     [](const Scope& scope) { return scope.is_namespace; });
}

size_t ScopeTracker::outermost_block() const {
  for (const Scope& scope : scopes_) {
    if (!scope.is_namespace) return scope.brace;
  }
  return kNone;
}

bool ScopeTracker::opens_namespace(size_t i) const {
  const TokenCursor& c = cursor_;
  size_t k = c.prev_code(i - 1);
  if (k == kNone) return false;
  if (c[k].kind == Kind::kLiteral) {
    return c.is_identifier(c.prev_code(k - 1), "extern");
  }
  // namespace a::b::c {
  while (c.is_identifier(k) && !c.is_identifier(k, "namespace")) {
    const size_t before = c.prev_code(k - 1);
    if (before != kNone && before > 0 && c.is_punct(before, ':') &&
        c.is_punct(before - 1, ':')) {
      k = c.prev_code(before - 2);
    } else {
      k = before;
    }
    if (k == kNone) return false;
  }
  return c.is_identifier(k, "namespace");
}

}  // namespace xbang::porting::rewrite
