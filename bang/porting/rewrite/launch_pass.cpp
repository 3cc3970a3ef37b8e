#include "launch_pass.h"

namespace xbang::porting::rewrite {
namespace {

char closer_of(char open) {
  return open == '(' ? ')' : open == '[' ? ']' : '}';
}

}  // namespace

// Index of the `<` that opens the template argument list closed by the
// `>` at token `close`.
size_t LaunchPass::match_angle_backward(size_t close, size_t launch) const {
  int depth = 0;
  std::string brackets;  // closers seen, innermost last
  for (size_t k = close + 1; k-- > 0;) {
    if (cur_[k].kind != Kind::kPunct) continue;
    const char c = cur_.source()[cur_[k].begin];
    if (c == ')' || c == ']' || c == '}') {
      brackets += c;
    } else if (c == '(' || c == '[' || c == '{') {
      const char want = c == '(' ? ')' : c == '[' ? ']' : '}';
      if (brackets.empty() || brackets.back() != want) break;
      brackets.pop_back();
    } else if (!brackets.empty()) {
      continue;
    } else if (c == '>') {
      // `->` is not an angle bracket.
      if (!(k > 0 && cur_.is_punct(k - 1, '-') && cur_.adjacent(k - 1)))
        ++depth;
    } else if (c == '<') {
      if (k > 0 && cur_.is_punct(k - 1, '<') && cur_.adjacent(k - 1)) {
        --k;  // `<<` is a shift inside the template arguments
        continue;
      }
      if (--depth == 0) return k;
    } else if (c == ';') {
      break;
    }
  }
  throw ScanError(cur_[launch].begin,
                  "unbalanced template arguments in the kernel name before "
                  "'<<<'");
}

// First token of the kernel name that ends just before `<<<` at `launch`:
// `Kernel`, `Kernel<float>`, `ns::Kernel<T, 4>`, `::ns::Kernel`,
// `Outer<T>::template Kernel<U>`, or a parenthesised pointer `(*kptr)`.
size_t LaunchPass::kernel_name_start(size_t launch) const {
  size_t k = cur_.prev_code(launch - 1);
  // A launch through a function pointer: `(*kptr)<<<...>>>(args)`; the
  // parenthesised expression is the kernel, called as written.
  if (k != kNone && cur_.is_punct(k, ')')) {
    int depth = 0;
    for (size_t j = k + 1; j-- > 0;) {
      if (cur_[j].kind != Kind::kPunct) continue;
      const char c = cur_.source()[cur_[j].begin];
      if (c == ')') ++depth;
      if (c == '(' && --depth == 0) return j;
      if (c == ';' || c == '{' || c == '}') break;
    }
    throw ScanError(cur_[launch].begin,
                    "unbalanced parentheses in the kernel before '<<<'");
  }
  for (;;) {
    if (k != kNone && cur_.is_punct(k, '>')) {
      k = cur_.prev_code(match_angle_backward(k, launch) - 1);
    }
    if (k == kNone || !cur_.is_identifier(k)) {
      throw ScanError(cur_[launch].begin,
                      "expected a kernel name before '<<<'");
    }
    size_t first = k;
    size_t before = cur_.prev_code(k - 1);
    if (cur_.is_identifier(before, "template"))
      before = cur_.prev_code(before - 1);
    const bool qualified =
        before != kNone && before > 0 && cur_.is_punct(before, ':') &&
        cur_.is_punct(before - 1, ':') && cur_.adjacent(before - 1);
    if (!qualified) return first;
    first = before - 1;
    const size_t scope = cur_.prev_code(first - 1);
    const bool scope_continues =
        scope != kNone && ((cur_.is_identifier(scope) &&
                            !is_statement_keyword(cur_.text(cur_[scope]))) ||
                           (cur_.is_punct(scope, '>') &&
                            !(scope > 0 && cur_.is_punct(scope - 1, '-') &&
                              cur_.adjacent(scope - 1))));
    if (!scope_continues) return first;  // `::Kernel`
    k = scope;
  }
}

// Rewrites the launch whose `<<<` starts at token `open`; returns the index
// of its last token (the `)` closing the arguments).
size_t LaunchPass::rewrite_launch(size_t open) {
  const size_t open_offset = cur_[open].begin;
  if (cur_.run_length(open, '<') > 3) {
    throw ScanError(open_offset,
                    "'" + std::string(cur_.run_length(open, '<'), '<') +
                        "' is not a kernel launch (a merge conflict marker?)");
  }
  const size_t name_last = cur_.prev_code(open - 1);
  if (cur_.is_identifier(name_last, "operator")) return open + 2;  // operator<<
  const size_t name_first = kernel_name_start(open);
  const std::string name = cur_.spelled(name_first, name_last);
  if (cur_[name_first].begin < launch_end_) {
    throw ScanError(open_offset, "kernel launch overlaps the previous one");
  }

  // The launch configuration, up to the `>>>` at bracket depth 0 (the last
  // three of a longer run of `>`, so `q>>>>` closes after `q>`).
  std::string brackets;
  size_t close = open + 3;
  for (; close < cur_.size(); ++close) {
    if (cur_[close].kind != Kind::kPunct) continue;
    const char c = cur_.source()[cur_[close].begin];
    if (c == '(' || c == '[' || c == '{') {
      brackets += closer_of(c);
    } else if (c == ')' || c == ']' || c == '}') {
      if (brackets.empty()) break;
      if (brackets.back() != c) {
        throw ScanError(cur_[close].begin,
                        std::string("mismatched '") + c +
                            "' in the launch configuration of '" + name + "'");
      }
      brackets.pop_back();
    } else if (c == ';' && brackets.empty()) {
      break;
    } else if (c == '<' && cur_.run_length(close, '<') >= 3) {
      break;
    } else if (c == '>' && brackets.empty()) {
      const size_t run = cur_.run_length(close, '>');
      if (run >= 3) {
        close += run - 3;
        break;
      }
      close += run - 1;
    }
  }
  if (close >= cur_.size() || !cur_.is_punct(close, '>')) {
    throw ScanError(open_offset, "unbalanced kernel launch: '<<<' of '" + name +
                                     "' has no matching '>>>'");
  }
  check_configuration(open + 3, close, open_offset, name);

  const size_t paren = cur_.next_code(close + 3);
  if (!cur_.is_punct(paren, '(')) {
    throw ScanError(cur_[close].begin, "expected '(' with the arguments of '" +
                                           name + "' after '>>>'");
  }
  size_t close_paren = paren;
  brackets = ")";
  while (!brackets.empty()) {
    if (++close_paren >= cur_.size()) {
      throw ScanError(cur_[paren].begin,
                      "unbalanced kernel launch: '(' of the arguments of '" +
                          name + "' is never closed");
    }
    if (cur_[close_paren].kind != Kind::kPunct) continue;
    const char c = cur_.source()[cur_[close_paren].begin];
    if (c == '(' || c == '[' || c == '{') {
      brackets += closer_of(c);
    } else if (c == ')' || c == ']' || c == '}') {
      if (brackets.back() != c) {
        throw ScanError(cur_[close_paren].begin,
                        std::string("mismatched '") + c +
                            "' in the arguments of '" + name + "'");
      }
      brackets.pop_back();
    }
  }

  // Every piece keeps its own text, so no newline is added or lost.
  const Token& first = cur_[name_first];
  std::string launch = "::xbang::launch(";
  launch += cur_.code_text(cur_[name_last].end, open_offset);
  launch += cur_.code_text(cur_[open + 2].end, cur_[close].begin);
  launch += cur_.code_text(cur_[close + 2].end, cur_[paren].begin);
  launch += ", [=]() { ";
  launch += cur_.code_text(first.begin, cur_[name_last].end);
  launch += '(';
  launch += cur_.code_text(cur_[paren].end, cur_[close_paren].begin);
  launch += "); }, \"";
  launch += escape_for_string_literal(name);
  launch += "\")";
  edits_.replace(first.begin, cur_[close_paren].end, launch);
  launch_end_ = cur_[close_paren].end;
  ++launches_;
  return close_paren;
}

// `<<<dim, type, queue>>>`: three parameters. With a '<' in them commas may
// belong to template arguments, so the count is left to the compiler.
void LaunchPass::check_configuration(size_t begin, size_t end,
                                     size_t launch_offset,
                                     const std::string& name) const {
  int depth = 0;
  int commas = 0;
  bool any_code = false;
  bool has_angle = false;
  for (size_t k = begin; k < end; ++k) {
    if (!cur_.is_code(k)) continue;
    any_code = true;
    if (cur_[k].kind != Kind::kPunct) continue;
    const char c = cur_.source()[cur_[k].begin];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == ',' && depth == 0) ++commas;
    if (c == '<') has_angle = true;
  }
  if (!any_code || (!has_angle && commas != 2)) {
    throw ScanError(launch_offset,
                    "the launch of '" + name +
                        "' needs three parameters <<<dim, type, queue>>>, "
                        "found " +
                        std::to_string(any_code ? commas + 1 : 0));
  }
}

}  // namespace xbang::porting::rewrite
