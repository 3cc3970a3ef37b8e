#include "asm_pass.h"

#include <string>
#include <vector>

#include "../mlu_asm.h"

namespace xbang::porting::rewrite {

size_t AsmPass::rewrite_asm(size_t keyword) {
  // Only asm statements: an asm label (`int x asm("name")`) is left alone.
  const size_t before = cur_.prev_code_outside_directives(keyword);
  if (before != kNone && !cur_.is_punct(before, ';') &&
      !cur_.is_punct(before, '{') && !cur_.is_punct(before, '}') &&
      !cur_.is_punct(before, ')') && !cur_.is_punct(before, ':') &&
      !cur_.is_identifier(before, "else") &&
      !cur_.is_identifier(before, "do")) {
    return keyword;
  }
  size_t k = cur_.next_code(keyword + 1);
  while (cur_.is_identifier(k, "volatile") ||
         cur_.is_identifier(k, "__volatile__") ||
         cur_.is_identifier(k, "__volatile") ||
         cur_.is_identifier(k, "inline") || cur_.is_identifier(k, "goto")) {
    k = cur_.next_code(k + 1);
  }
  if (!cur_.is_punct(k, '(')) return keyword;
  const size_t open = k;
  std::string instructions;
  for (k = cur_.next_code(open + 1);
       k < cur_.size() && cur_[k].kind == Kind::kLiteral;
       k = cur_.next_code(k + 1)) {
    const std::string_view literal = cur_.text(cur_[k]);
    if (literal.size() < 2 || literal[0] != '"') break;
    instructions += literal.substr(1, literal.size() - 2);
  }
  std::vector<AsmOperand> operands;
  int section = 0;  // 1 outputs, 2 inputs, 3 clobbers
  while (k < cur_.size() && !cur_.is_punct(k, ')')) {
    if (cur_.is_punct(k, ':')) {
      ++section;
      k = cur_.next_code(k + 1);
      continue;
    }
    if (cur_.is_punct(k, ',')) {
      k = cur_.next_code(k + 1);
      continue;
    }
    AsmOperand operand;
    if (cur_.is_punct(k, '[')) {
      const size_t name = cur_.next_code(k + 1);
      const size_t close = cur_.next_code(name + 1);
      if (!cur_.is_identifier(name) || !cur_.is_punct(close, ']')) break;
      operand.name = std::string(cur_.text(cur_[name]));
      k = cur_.next_code(close + 1);
    }
    if (k >= cur_.size() || cur_[k].kind != Kind::kLiteral) break;
    k = cur_.next_code(k + 1);  // the constraint
    if (section == 3) continue;
    if (!cur_.is_punct(k, '(')) break;
    const size_t expression_open = k;
    int depth = 0;
    for (; k < cur_.size(); ++k) {
      if (cur_.is_punct(k, '(')) ++depth;
      if (cur_.is_punct(k, ')') && --depth == 0) break;
    }
    if (k >= cur_.size()) break;
    // On one line, without comments: the call replaces the statement on
    // its first line.
    if (k > expression_open + 1) {
      operand.expression = cur_.spelled(expression_open + 1, k - 1);
    }
    operands.push_back(operand);
    k = cur_.next_code(k + 1);
  }
  if (!cur_.is_punct(k, ')')) {
    throw ScanError(cur_[keyword].begin,
                    "cannot read this inline assembly statement");
  }
  const AsmTranslation translation = translate_mlu_asm(instructions, operands);
  const std::string code =
      translation.ok ? translation.code
                     : "static_assert(false, \"" +
                           escape_for_string_literal(translation.error) + "\")";
  edits_.replace(cur_[keyword].begin, cur_[k].end,
                 cur_.keeping_lines(code, cur_[keyword].begin, cur_[k].end));
  return k;
}

}  // namespace xbang::porting::rewrite
