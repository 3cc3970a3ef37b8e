// MLU inline assembly to C++: the instruction forms real BANG code uses,
// each turned into a call of xbang/asm/inline_asm.h.
//
//   sync;
//   fuse.nram.{u32,s32,f32,f16} [dst], count, [src0], .op(x), .op([v]), ...
//       with op one of add sub mul and or eq ne lt le gt ge
//   div.scalar.nram.{f32,f16} [dst], [src], divisor, count
//   findlast1.gpr.b32 dst, src
//   index.vvr.f32 dst, base, step
//   ld.3d.async.nram.gdram.{scmlock,scmunlock,scmnormal} [dst], [src], size,
//       0, 0, 0, 0, 0, 0, 0, 0   (contiguous: __memcpy_async)
//   gather.vector.nram.nram.nram.u32 [dst], [src], [offsets], size, count,
//       stride
//
// Operands are `%[name]` or `%N` references to the statement's operands, or
// integer immediates.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace xbang::porting {

struct AsmOperand {
  std::string name;        // symbolic name ([name]), may be empty
  std::string expression;  // the C++ expression in parentheses
};

struct AsmTranslation {
  bool ok = false;
  std::string code;   // a C++ expression (when ok)
  std::string error;  // what is not emulated (when !ok)
};

// `instructions` is the assembler template (string literals joined, escape
// sequences left as written); `operands` are the outputs, then the inputs.
AsmTranslation translate_mlu_asm(std::string_view instructions,
                                 const std::vector<AsmOperand>& operands);

}  // namespace xbang::porting
