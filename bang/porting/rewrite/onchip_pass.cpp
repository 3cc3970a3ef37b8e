#include "onchip_pass.h"

#include <algorithm>
#include <string>

namespace xbang::porting::rewrite {

size_t OnchipPass::attribute_start(size_t k) const {
  if (cur_.is_punct(k, ')')) {
    const size_t open = cur_.matching_open(k, '(', ')');
    if (open == kNone) return kNone;
    const size_t name = cur_.prev_code(open - 1);
    if (!cur_.is_identifier(name)) return kNone;
    const std::string_view word = cur_.word(name);
    const bool attribute = word == "alignas" || word == "_Alignas" ||
                           word == "__attribute__" || word == "__attribute" ||
                           word == "__declspec";
    return attribute ? name : kNone;
  }
  if (cur_.is_punct(k, ']') && cur_.is_punct(cur_.prev_code(k - 1), ']')) {
    const size_t open = cur_.matching_open(k, '[', ']');
    if (open != kNone && cur_.is_punct(cur_.next_code(open + 1), '[')) {
      return open;
    }
  }
  return kNone;
}

size_t OnchipPass::after_attributes(size_t first, size_t i) const {
  size_t k = first;
  while (k < i) {
    size_t open = kNone;
    if (cur_.is_identifier(k) && cur_.is_punct(cur_.next_code(k + 1), '(')) {
      open = cur_.next_code(k + 1);
    } else if (cur_.is_punct(k, '[')) {
      open = k;
    } else {
      break;
    }
    const char open_char = cur_.punct(open);
    const char close_char = open_char == '(' ? ')' : ']';
    int depth = 0;
    size_t close = open;
    for (; close < i; ++close) {
      if (cur_.is_punct(close, open_char)) ++depth;
      if (cur_.is_punct(close, close_char) && --depth == 0) break;
    }
    if (close >= i) break;
    k = cur_.next_code(close + 1);
  }
  return k;
}

size_t OnchipPass::declaration_start(size_t i, size_t lower) const {
  size_t first = i;
  for (size_t k = cur_.prev_code(i - 1);
       k != kNone && k >= lower && cur_.same_line_or_code(k, first);) {
    if (cur_.is_identifier(k) && !is_statement_keyword(cur_.word(k))) {
      first = k;
      k = cur_.prev_code(k - 1);
      continue;
    }
    const size_t attribute = attribute_start(k);
    if (attribute == kNone || attribute < lower ||
        !cur_.same_line_or_code(attribute, first)) {
      break;
    }
    first = attribute;
    k = cur_.prev_code(attribute - 1);
  }
  return first;
}

size_t OnchipPass::declaration_end(size_t i, size_t last) const {
  int depth = 0;
  for (size_t k = i; k < cur_.size() && k <= last; ++k) {
    const char c = cur_.punct(k);
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      if (--depth < 0) return kNone;
    }
    if (c == ';' && depth == 0) return k;
  }
  return kNone;
}

bool OnchipPass::declaration_says(size_t first, size_t last,
                                  std::string_view word) const {
  for (size_t k = first; k <= last && k < cur_.size(); ++k) {
    if (cur_.is_identifier(k, word)) return true;
  }
  return false;
}

size_t OnchipPass::declared_name(size_t i, size_t end) const {
  size_t name = kNone;
  int angles = 0;
  for (size_t k = cur_.next_code(i + 1); k != kNone && k < end;
       k = cur_.next_code(k + 1)) {
    const char c = cur_.punct(k);
    if (c == '<') ++angles;
    if (c == '>') --angles;
    if (c == '[' || c == '=' || c == '{' || (c == ',' && angles == 0)) break;
    if (c == '(') return kNone;  // a function, or a declarator in parentheses
    if (cur_.is_identifier(k)) name = k;
  }
  return name;
}

void OnchipPass::place_declaration(size_t i) {
  const size_t first = declaration_start(i, 0);
  const size_t end = declaration_end(i, kNone);
  if (end == kNone) return;
  const std::string qualifier(cur_.word(i));
  const bool definition = !declaration_says(first, end, "extern");
  const std::string guard =
      definition ? "XBANG_ONCHIP_GUARD_(" + qualifier + ") " : "";
  if (definition) edits_.insert(cur_[i].end, " __attribute__((used))");
  if (scopes_.at_namespace_scope()) {
    edits_.insert(cur_[first].begin, "namespace { " + guard);
    edits_.insert(cur_[end].end, definition ? " " + guard + "}" : " }");
    // Tokens up to the `;` may hold an initializer's braces.
    handled_before_ = end + 1;
    return;
  }
  give_enclosing_device_function_internal_linkage();
  const bool add_static =
      qualifier == "__mlu_shared__" && !declaration_says(first, end, "static");
  if (definition) edits_.insert(cur_[first].begin, guard);
  if (add_static) {
    // Standard attributes (alignas) must precede every decl-specifier.
    edits_.insert(cur_[after_attributes(first, i)].begin, "static ");
  }
  if (definition) {
    edits_.insert(cur_[end].end, " " + guard.substr(0, guard.size() - 1));
  }
  // Checked mode learns where a per-core variable lies when its block first
  // runs on a thread (GCC drops the section of a variable in a function
  // template instantiation).
  const size_t name = declared_name(i, end);
  if (definition && qualifier != "__mlu_shared__" && name != kNone) {
    const char* space = qualifier == "__wram__" ? "kWram" : "kNram";
    edits_.insert(cur_[end].end, std::string(" XBANG_ONCHIP_LOCAL_(") + space +
                                     ", " + std::string(cur_.word(name)) + ")");
  }
}

void OnchipPass::place_declaration_in_macro(size_t i, size_t body,
                                            size_t body_end) {
  const size_t first = declaration_start(i, body);
  const size_t end = declaration_end(i, body_end);
  const std::string qualifier(cur_.word(i));
  if (end == kNone) {
    throw ScanError(cur_[i].begin,
                    "'" + qualifier +
                        "' in a macro that is not a whole declaration ending "
                        "with ';': xbang-mlu-rewrite does not expand macros, "
                        "so the variables declared with it would get no "
                        "guard zones; write '" +
                        qualifier + "' in the declaration itself");
  }
  if (declaration_says(first, end, "extern")) return;
  const std::string guard = "XBANG_ONCHIP_GUARD_(" + qualifier + ")";
  const bool add_static = !declaration_says(first, end, "static");
  edits_.insert(cur_[i].end, " __attribute__((used))");
  edits_.insert(cur_[first].begin, guard + " ");
  if (add_static) {
    edits_.insert(cur_[after_attributes(first, i)].begin, "static ");
  }
  edits_.insert(cur_[end].end, " " + guard);
}

// Member functions, explicit specializations and functions already static or
// extern are left as written.
void OnchipPass::give_enclosing_device_function_internal_linkage() {
  const size_t body = scopes_.outermost_block();
  if (body == kNone) return;
  // Back from the body's `{` over trailing qualifiers to the `)` that
  // closes the parameters.
  size_t k = cur_.prev_code(body - 1);
  while (k != kNone && cur_.is_identifier(k)) k = cur_.prev_code(k - 1);
  if (k == kNone || !cur_.is_punct(k, ')')) return;
  k = cur_.matching_open(k, '(', ')');
  if (k == kNone) return;
  const size_t name = cur_.prev_code(k - 1);
  if (name == kNone || !cur_.is_identifier(name)) return;
  const size_t before_name = cur_.prev_code(name - 1);
  if (before_name != kNone && cur_.is_punct(before_name, ':')) {
    return;  // A::f: a member defined out of its class.
  }
  // Back over the specifiers and the return type to the start of the
  // declaration: after a `;`, `{`, `}`, a directive or `template <...>`.
  size_t first = name;
  bool device = false;
  for (size_t t = before_name; t != kNone; t = cur_.prev_code(t - 1)) {
    if (!cur_.same_line_or_code(t, first)) break;
    if (cur_.is_punct(t, ';') || cur_.is_punct(t, '{') ||
        cur_.is_punct(t, '}')) {
      break;
    }
    if (cur_.is_punct(t, '>')) {
      const size_t open = cur_.matching_open(t, '<', '>');
      if (open == kNone) return;
      if (cur_.is_identifier(cur_.prev_code(open - 1), "template")) {
        if (cur_.is_punct(cur_.next_code(open + 1), '>')) return;  // <>
        break;
      }
      t = open;
      first = open;
      continue;
    }
    if (cur_.is_identifier(t)) {
      const std::string_view word = cur_.word(t);
      if (word == "static" || word == "extern" || word == "friend" ||
          word == "typedef" || word == "using" || word == "template" ||
          word == "__mlu_global__" || word == "__mlu_entry__") {
        return;
      }
      if (word == "__mlu_func__" || word == "__mlu_device__" ||
          word == "__mlu_vector__" || word == "inline" || word == "__inline" ||
          word == "__inline__") {
        device = true;
      }
    }
    first = t;
  }
  if (!device) return;
  if (std::find(made_static_.begin(), made_static_.end(), first) !=
      made_static_.end()) {
    return;
  }
  made_static_.push_back(first);
  edits_.insert(cur_[first].begin, "static ");
}

}  // namespace xbang::porting::rewrite
