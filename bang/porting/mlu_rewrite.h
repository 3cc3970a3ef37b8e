// The .mlu launch rewriter behind xbang_add_mlu_sources (spec section 1).
//
// Every kernel launch `name<<<a, b, c>>>(args)` becomes the expression
//   ::xbang::launch(a, b, c, [=]() { name(args); }, "name")
// and nothing else in the file changes. The replacement never adds or
// removes a newline, so after the leading `#line 1 "<path>"` every line of the
// output is the same line of the .mlu file and compiler errors point there.
#pragma once

#include <string>
#include <string_view>

namespace xbang::porting {

struct RewriteResult {
  bool ok = false;
  std::string output;  // the C++ translation unit (when ok)
  std::string error;   // "<path>:<line>:<column>: error: ..." (when !ok)
  int launches = 0;    // launches rewritten
};

// `path` names the source in the #line directive and in error messages.
RewriteResult rewrite_mlu_source(std::string_view source,
                                 std::string_view path);

}  // namespace xbang::porting
