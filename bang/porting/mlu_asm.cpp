#include "mlu_asm.h"

#include <cctype>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace xbang::porting {
namespace {

constexpr char kNamespace[] = "::xbang::inline_asm::";
constexpr char kLoad3dPrefix[] = "ld.3d.async.nram.gdram.";
constexpr char kVolatileOpen[] = ".volatile{";

std::string trim(std::string_view text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin])))
    ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
    --end;
  return std::string(text.substr(begin, end - begin));
}

// The template with its escape sequences (\n, \t) turned into spaces.
std::string unescape(std::string_view text) {
  std::string plain;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) {
      ++i;
      plain += (text[i] == 'n' || text[i] == 't') ? ' ' : text[i];
    } else {
      plain += text[i];
    }
  }
  return plain;
}

// Splits at commas outside parentheses and brackets.
std::vector<std::string> split_operands(std::string_view text) {
  std::vector<std::string> parts;
  int depth = 0;
  size_t begin = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ',';
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      const std::string part = trim(text.substr(begin, i - begin));
      if (!part.empty() || i < text.size()) parts.push_back(part);
      begin = i + 1;
    }
  }
  return parts;
}

class Instruction {
 public:
  Instruction(std::string text, const std::vector<AsmOperand>& operands)
      : text_(std::move(text)), operands_(operands) {}

  AsmTranslation translate() {
    const size_t space = text_.find_first_of(" \t");
    mnemonic_ = text_.substr(0, space);
    parts_ = split_operands(space == std::string::npos
                                ? std::string_view()
                                : std::string_view(text_).substr(space + 1));
    std::string code;
    if (mnemonic_ == "sync" && parts_.empty()) {
      code = std::string(kNamespace) + "sync()";
    } else if (mnemonic_.rfind("fuse.nram.", 0) == 0) {
      code = fuse(mnemonic_.substr(10));
    } else if (mnemonic_.rfind("div.scalar.nram.", 0) == 0) {
      code = div_scalar(mnemonic_.substr(16));
    } else if (mnemonic_ == "findlast1.gpr.b32" && parts_.size() == 2) {
      code = call("findlast1", {reg(0), reg(1)});
    } else if (mnemonic_ == "index.vvr.f32" && parts_.size() == 3) {
      code = call("index_vvr<float>", {reg(0), reg(1), reg(2)});
    } else if (mnemonic_ == "gather.vector.nram.nram.nram.u32" &&
               parts_.size() == 6) {
      code = call("gather_vector", {quoted_mnemonic(), memory(0), memory(1),
                                    memory(2), reg(3), reg(4), reg(5)});
    } else if (mnemonic_.rfind(kLoad3dPrefix, 0) == 0) {
      code = load_3d_async(mnemonic_.substr(std::strlen(kLoad3dPrefix)));
    } else {
      fail("MLU inline assembly '" + mnemonic_ + "' is not emulated by xbang");
    }
    AsmTranslation result;
    if (error_.empty()) {
      result.ok = true;
      result.code = code;
    } else {
      result.error = error_;
    }
    return result;
  }

 private:
  void fail(const std::string& message) {
    if (error_.empty()) error_ = message;
  }

  static std::string element_type(std::string_view suffix) {
    if (suffix == "u32") return "uint32_t";
    if (suffix == "s32") return "int32_t";
    if (suffix == "f32") return "float";
    if (suffix == "f16") return "::xbang::half";
    return "";
  }

  // The operand `%[name]`, `%N` or an integer immediate, as an expression.
  std::string reference(const std::string& text) {
    if (text.size() > 3 && text[0] == '%' && text[1] == '[' &&
        text.back() == ']') {
      const std::string name = trim(text.substr(2, text.size() - 3));
      for (const AsmOperand& operand : operands_) {
        if (operand.name == name) return "(" + operand.expression + ")";
      }
      fail("'" + mnemonic_ + "' names an operand '" + name +
           "' the statement does not have");
      return "0";
    }
    if (text.size() > 1 && text[0] == '%' &&
        std::isdigit(static_cast<unsigned char>(text[1]))) {
      const size_t index = std::stoul(text.substr(1));
      if (index < operands_.size()) {
        return "(" + operands_[index].expression + ")";
      }
      fail("'" + mnemonic_ + "' uses operand " + text +
           " beyond the statement's operands");
      return "0";
    }
    // An integer immediate: decimal or 0x hexadecimal, maybe negative.
    bool immediate =
        !text.empty() && (std::isdigit(static_cast<unsigned char>(text[0])) ||
                          (text[0] == '-' && text.size() > 1));
    for (size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (!(std::isxdigit(static_cast<unsigned char>(c)) || c == 'x' ||
            c == 'X' || (i == 0 && c == '-'))) {
        immediate = false;
      }
    }
    if (immediate) return text;
    fail("'" + mnemonic_ + "' has an operand '" + text +
         "' xbang does not emulate");
    return "0";
  }
  std::string reg(size_t index) {
    if (index >= parts_.size()) {
      fail("'" + mnemonic_ + "' has too few operands");
      return "0";
    }
    const std::string& text = parts_[index];
    if (!text.empty() && text[0] == '[') {
      fail("'" + mnemonic_ + "' expects a register, not the memory operand " +
           text);
      return "0";
    }
    return reference(text);
  }
  std::string memory(size_t index) {
    if (index >= parts_.size()) {
      fail("'" + mnemonic_ + "' has too few operands");
      return "0";
    }
    const std::string& text = parts_[index];
    if (text.size() < 2 || text[0] != '[' || text.back() != ']') {
      fail("'" + mnemonic_ + "' expects a memory operand [...], not '" + text +
           "'");
      return "0";
    }
    return reference(trim(text.substr(1, text.size() - 2)));
  }
  std::string quoted_mnemonic() const { return "\"" + mnemonic_ + "\""; }

  static std::string call(const std::string& function,
                          const std::vector<std::string>& arguments) {
    std::string code = std::string(kNamespace) + function + "(";
    for (size_t i = 0; i < arguments.size(); ++i) {
      if (i > 0) code += ", ";
      code += arguments[i];
    }
    return code + ")";
  }

  std::string fuse(const std::string& suffix) {
    const std::string type = element_type(suffix);
    if (type.empty() || parts_.size() < 3) {
      fail("MLU inline assembly '" + mnemonic_ + "' is not emulated by xbang");
      return "";
    }
    std::vector<std::string> arguments = {quoted_mnemonic(), memory(0), reg(1),
                                          memory(2)};
    for (size_t i = 3; i < parts_.size(); ++i) {
      arguments.push_back(fuse_step(type, parts_[i]));
    }
    return call("fuse<" + type + ">", arguments);
  }

  // `.op(%[x])` or `.op([%[x]])`.
  std::string fuse_step(const std::string& type, const std::string& text) {
    static const char* const kOps[][2] = {
        {"add", "kAdd"}, {"sub", "kSub"}, {"mul", "kMul"}, {"and", "kAnd"},
        {"or", "kOr"},   {"eq", "kEq"},   {"ne", "kNe"},   {"lt", "kLt"},
        {"le", "kLe"},   {"gt", "kGt"},   {"ge", "kGe"}};
    const size_t open = text.find('(');
    if (text.empty() || text[0] != '.' || open == std::string::npos ||
        text.back() != ')') {
      fail("'" + mnemonic_ + "' has a stage '" + text +
           "' xbang does not emulate");
      return "";
    }
    const std::string op = text.substr(1, open - 1);
    const char* op_name = nullptr;
    for (const auto& known : kOps) {
      if (op == known[0]) op_name = known[1];
    }
    if (op_name == nullptr) {
      fail("'" + mnemonic_ + "' has a stage '." + op +
           "' xbang does not emulate");
      return "";
    }
    const std::string argument =
        trim(text.substr(open + 1, text.size() - open - 2));
    const std::string kind = std::string(kNamespace) + "FuseOp::" + op_name;
    if (!argument.empty() && argument[0] == '[') {
      return std::string(kNamespace) + "vector_step<" + type + ">(" + kind +
             ", " + reference(trim(argument.substr(1, argument.size() - 2))) +
             ")";
    }
    return std::string(kNamespace) + "scalar_step<" + type + ">(" + kind +
           ", " + reference(argument) + ")";
  }

  // ld.3d.async.nram.gdram.<hint> [dst], [src], size, then the strides and
  // segment counts of the second and third dimension. The form whose eight
  // trailing operands are 0 is a contiguous asynchronous load of `size`
  // bytes: __memcpy_async, with its checks and counting. The hint says how
  // the last-level cache keeps the lines, which has no meaning on the CPU.
  std::string load_3d_async(const std::string& hint) {
    if (hint != "scmlock" && hint != "scmunlock" && hint != "scmnormal") {
      fail("MLU inline assembly '" + mnemonic_ + "' is not emulated by xbang");
      return "";
    }
    if (parts_.size() != 11) {
      fail("'" + mnemonic_ + "' takes 11 operands, not " +
           std::to_string(parts_.size()));
      return "";
    }
    for (size_t i = 3; i < parts_.size(); ++i) {
      if (trim(parts_[i]) != "0") {
        fail("'" + mnemonic_ +
             "' with strides or segment counts is not emulated by xbang "
             "(only the contiguous form, whose last eight operands are 0)");
        return "";
      }
    }
    return "::__memcpy_async(" + memory(0) + ", " + memory(1) + ", " + reg(2) +
           ", ::GDRAM2NRAM)";
  }

  std::string div_scalar(const std::string& suffix) {
    const std::string type = element_type(suffix);
    if ((suffix != "f32" && suffix != "f16") || parts_.size() != 4) {
      fail("MLU inline assembly '" + mnemonic_ + "' is not emulated by xbang");
      return "";
    }
    return call("div_scalar<" + type + ">",
                {quoted_mnemonic(), memory(0), memory(1), reg(2), reg(3)});
  }

  std::string text_;
  const std::vector<AsmOperand>& operands_;
  std::string mnemonic_;
  std::vector<std::string> parts_;
  std::string error_;
};

}  // namespace

AsmTranslation translate_mlu_asm(std::string_view instructions,
                                 const std::vector<AsmOperand>& operands) {
  const std::string plain = unescape(instructions);
  std::vector<std::string> calls;
  size_t begin = 0;
  for (size_t i = 0; i <= plain.size(); ++i) {
    if (i < plain.size() && plain[i] != ';') continue;
    std::string text = trim(std::string_view(plain).substr(begin, i - begin));
    begin = i + 1;
    // `.volatile{ ... }` only keeps the assembler from reordering the
    // instructions, which the C++ calls never are.
    if (text.rfind(kVolatileOpen, 0) == 0) {
      text = trim(std::string_view(text).substr(std::strlen(kVolatileOpen)));
    }
    if (text.empty() || text == "}") continue;
    AsmTranslation one = Instruction(text, operands).translate();
    if (!one.ok) return one;
    calls.push_back(one.code);
  }
  AsmTranslation result;
  result.ok = true;
  if (calls.empty()) {
    result.code = "(void)0";
  } else if (calls.size() == 1) {
    result.code = calls[0];
  } else {
    result.code = "(";
    for (size_t i = 0; i < calls.size(); ++i) {
      if (i > 0) result.code += ", ";
      result.code += "(void)" + calls[i];
    }
    result.code += ")";
  }
  return result;
}

}  // namespace xbang::porting
