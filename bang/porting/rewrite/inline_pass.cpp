#include "inline_pass.h"

#include <string>

namespace xbang::porting::rewrite {

size_t InlinePass::matching_close(size_t open, char open_char,
                                  char close_char) const {
  int depth = 0;
  for (size_t k = open; k < cur_.size(); ++k) {
    if (cur_.is_punct(k, open_char)) ++depth;
    if (cur_.is_punct(k, close_char) && --depth == 0) return k;
  }
  return kNone;
}

size_t InlinePass::specifier_before(size_t k) const {
  if (k == kNone) return kNone;
  if (cur_.is_identifier(k)) return cur_.prev_code(k - 1);
  if (cur_.is_punct(k, ')')) {
    // __attribute__((...)), __declspec(...), alignas(...)
    const size_t open = cur_.matching_open(k, '(', ')');
    const size_t keyword = open == kNone ? kNone : cur_.prev_code(open - 1);
    if (keyword == kNone || !cur_.is_identifier(keyword) ||
        !is_attribute_keyword(cur_.word(keyword))) {
      return kNone;
    }
    return cur_.prev_code(keyword - 1);
  }
  if (cur_.is_punct(k, ']')) {
    // [[...]]
    const size_t open = cur_.matching_open(k, '[', ']');
    const size_t inner = open == kNone ? kNone : cur_.next_code(open + 1);
    if (inner >= cur_.size() || !cur_.is_punct(inner, '[')) return kNone;
    return cur_.prev_code(open - 1);
  }
  return kNone;
}

size_t InlinePass::specifier_after(size_t k) const {
  if (k >= cur_.size()) return kNone;
  if (cur_.is_identifier(k)) {
    if (!is_attribute_keyword(cur_.word(k))) return cur_.next_code(k + 1);
    const size_t open = cur_.next_code(k + 1);
    if (!cur_.is_punct(open, '(')) return kNone;
    const size_t close = matching_close(open, '(', ')');
    return close == kNone ? kNone : cur_.next_code(close + 1);
  }
  if (cur_.is_punct(k, '[') && cur_.is_punct(cur_.next_code(k + 1), '[')) {
    const size_t close = matching_close(k, '[', ']');
    return close == kNone ? kNone : cur_.next_code(close + 1);
  }
  return kNone;
}

void InlinePass::drop_repeated_inline(size_t i) {
  bool device = false;
  for (size_t k = cur_.prev_code(i - 1);
       !device && k != kNone && cur_.same_line_or_code(k, i);
       k = specifier_before(k)) {
    device = is_device_qualifier(k);
  }
  for (size_t k = cur_.next_code(i + 1);
       !device && k != kNone && k < cur_.size(); k = specifier_after(k)) {
    device = is_device_qualifier(k);
  }
  if (device) {
    edits_.replace(cur_[i].begin, cur_[i].end,
                   std::string(cur_[i].end - cur_[i].begin, ' '));
  }
}

}  // namespace xbang::porting::rewrite
