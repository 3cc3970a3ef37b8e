// The .mlu rewriter behind xbang_add_mlu_sources: what cncc accepts and a C++
// compiler does not, turned into C++. One pass a job, in rewrite/ (see the
// appendix of docs/porting.md).
//
//  - Every kernel launch `name<<<a, b, c>>>(args)` becomes the expression
//      ::xbang::launch(a, b, c, [=]() { name(args); }, "name")
//  - Every MLU inline assembly statement becomes a call of its emulation
//    (mlu_asm.h); an instruction xbang does not emulate becomes a
//    static_assert naming it, so the build stops there if that code is
//    compiled.
//  - __nram__/__wram__/__mlu_shared__ declarations at namespace scope go
//    into an unnamed namespace (each file owns its on-chip layout);
//    __mlu_shared__ at block scope gets `static`. Each definition gets a
//    64-byte guard zone on each side (XBANG_ONCHIP_GUARD_) that checked
//    mode watches for plain C++ overruns, and is marked `used` so that it
//    stays between its guards. A declaration in a #define gets its guards
//    and `static`; a qualifier in a macro that is not a whole declaration
//    is an error (macros are not expanded).
//  - `__mlu_func__ inline` loses the repeated `inline`; U+00A0 outside
//    literals becomes two spaces.
// Dead arms of conditionals (`#if 0`...) are left alone, and the brace depth
// follows one arm of `#if`/`#else`. Nothing else changes. No newline is added
// or removed, so after the leading `#line 1 "<path>"` every line of the
// output is the same line of the source and compiler errors point there. The
// same rewrite applies to the .mlu file and to the project headers it includes
// with "...".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace xbang::porting {

struct RewriteResult {
  bool ok = false;
  std::string output;  // the C++ translation unit (when ok)
  std::string error;   // "<path>:<line>:<column>: error: ..." (when !ok)
  int launches = 0;    // launches rewritten
  // The names of the file's `#include "..."` directives, as spelled.
  std::vector<std::string> quoted_includes;
};

// `path` names the source in the #line directive and in error messages.
RewriteResult rewrite_mlu_source(std::string_view source,
                                 std::string_view path);

}  // namespace xbang::porting
