#include "directive_pass.h"

#include <string_view>

namespace xbang::porting::rewrite {

void DirectivePass::begin(size_t hash) {
  const TokenCursor& c = cursor_;
  in_directive_ = true;
  define_body_ = kNone;
  const size_t name = c.next_code(hash + 1);
  if (!c.is_identifier(name) || !c.same_line(hash, name)) return;
  const std::string_view directive = c.word(name);
  const bool opens =
      directive == "if" || directive == "ifdef" || directive == "ifndef";
  const bool continues = directive == "else" || directive == "elif" ||
                         directive == "elifdef" || directive == "elifndef";
  if (skipping_) {
    // Conditionals inside a dead arm are dead as a whole.
    if (opens) {
      ++skip_nesting_;
    } else if (skip_nesting_ > 0) {
      if (directive == "endif") --skip_nesting_;
    } else if (directive == "endif") {
      close_conditional();
    } else if (continues) {
      next_arm(directive == "elif" ? condition(name) : Value::kUnknown);
    }
    return;
  }
  if (opens) {
    open_conditional(directive == "if" ? condition(name) : Value::kUnknown);
  } else if (continues) {
    next_arm(directive == "elif" ? condition(name) : Value::kUnknown);
  } else if (directive == "endif") {
    close_conditional();
  } else if (directive == "include") {
    const size_t value = c.next_code(name + 1);
    if (c.is_literal(value) && c.source()[c[value].begin] == '"' &&
        c[value].end - c[value].begin >= 2) {
      quoted_includes_.emplace_back(
          c.text(c[value].begin + 1, c[value].end - 1));
    }
  } else if (directive == "define") {
    start_define(name, hash);
  }
}

DirectivePass::Value DirectivePass::condition(size_t name) const {
  const TokenCursor& c = cursor_;
  std::vector<std::string_view> words;
  for (size_t k = c.next_code(name + 1);
       k < c.size() && c.same_line(name, k) && words.size() < 4;
       k = c.next_code(k + 1)) {
    words.push_back(c.word(k));
  }
  auto constant = [](std::string_view word) {
    if (word == "0" || word == "false") return Value::kFalse;
    if (word == "1" || word == "true") return Value::kTrue;
    return Value::kUnknown;
  };
  if (words.size() == 1) return constant(words[0]);
  if (words.size() == 3 && words[0] == "(" && words[2] == ")") {
    return constant(words[1]);
  }
  // `0 && ...` and `1 || ...` whatever follows.
  if (words.size() >= 3 && words[1] == words[2]) {
    const Value first = constant(words[0]);
    if (words[1] == "&" && first == Value::kFalse) return Value::kFalse;
    if (words[1] == "|" && first == Value::kTrue) return Value::kTrue;
  }
  return Value::kUnknown;
}

void DirectivePass::open_conditional(Value value) {
  Conditional conditional;
  conditional.at_if = scopes_.snapshot();
  conditional.arm_taken = value == Value::kTrue;
  conditionals_.push_back(std::move(conditional));
  skipping_ = value == Value::kFalse;
  skip_nesting_ = 0;
}

void DirectivePass::end_arm() {
  Conditional& conditional = conditionals_.back();
  if (!skipping_ && !conditional.has_followed) {
    conditional.followed = scopes_.snapshot();
    conditional.has_followed = true;
  }
}

void DirectivePass::next_arm(Value value) {
  if (conditionals_.empty()) return;  // a stray #else: nothing to follow
  end_arm();
  Conditional& conditional = conditionals_.back();
  scopes_.restore(conditional.at_if);
  const bool dead = conditional.arm_taken || value == Value::kFalse;
  if (value == Value::kTrue) conditional.arm_taken = true;
  skipping_ = dead;
  skip_nesting_ = 0;
}

void DirectivePass::close_conditional() {
  if (conditionals_.empty()) return;  // a stray #endif
  end_arm();
  Conditional& conditional = conditionals_.back();
  scopes_.restore(conditional.has_followed ? std::move(conditional.followed)
                                           : std::move(conditional.at_if));
  conditionals_.pop_back();
  skipping_ = false;
  skip_nesting_ = 0;
}

void DirectivePass::start_define(size_t name, size_t hash) {
  const TokenCursor& c = cursor_;
  const size_t macro = c.next_code(name + 1);
  if (!c.is_identifier(macro) || !c.same_line(hash, macro)) return;
  size_t body = macro + 1;
  if (c.is_punct(body, '(')) {  // function-like: `(` touches the name
    while (body < c.size() && !c.is_punct(body, ')') &&
           c.same_line(hash, body)) {
      ++body;
    }
    if (!c.is_punct(body, ')')) return;
    ++body;
  }
  define_end_ = c.line_end(hash);
  if (body <= define_end_) define_body_ = body;
}

}  // namespace xbang::porting::rewrite
