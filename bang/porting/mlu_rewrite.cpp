// The rewrite driver: one walk over the tokens (rewrite/token_cursor.h) that
// hands each token to the pass whose job it is. The order of the checks is
// the passes' contract:
//  1. whitespace: no-break spaces; a line break ends a directive line;
//  2. a `#` first on its line: the directive pass (includes, conditionals,
//     #define bodies); tokens in a dead arm go no further;
//  3. `<<<`: the launch pass; `asm`: the inline assembly pass. Both also
//     apply on directive lines (a launch in a #define) and consume their
//     tokens;
//  4. on a #define line: on-chip declarations in the macro; other directive
//     tokens go no further;
//  5. code: braces to the scope tracker, on-chip qualifiers to the on-chip
//     pass, `inline` to the inline pass.
// Every pass only records edits; the output is the source with the edits
// made, checked to have the same number of lines.
#include "mlu_rewrite.h"

#include <cstddef>
#include <string>
#include <string_view>

#include "rewrite/asm_pass.h"
#include "rewrite/directive_pass.h"
#include "rewrite/inline_pass.h"
#include "rewrite/launch_pass.h"
#include "rewrite/no_break_space_pass.h"
#include "rewrite/onchip_pass.h"
#include "rewrite/scope_tracker.h"
#include "rewrite/token_cursor.h"

namespace xbang::porting {
namespace {

using rewrite::AsmPass;
using rewrite::DirectivePass;
using rewrite::EditList;
using rewrite::InlinePass;
using rewrite::Kind;
using rewrite::LaunchPass;
using rewrite::OnchipPass;
using rewrite::ScanError;
using rewrite::ScopeTracker;
using rewrite::TokenCursor;

class Rewriter {
 public:
  Rewriter(std::string_view src, size_t start)
      : cursor_(src, start),
        scopes_(cursor_),
        directives_(cursor_, scopes_),
        launches_(cursor_, edits_),
        asm_(cursor_, edits_),
        onchip_(cursor_, edits_, scopes_),
        inline_(cursor_, edits_) {}

  // Returns the rewritten body (without the #line header).
  std::string run() {
    const TokenCursor& c = cursor_;
    bool at_line_start = true;
    for (size_t i = 0; i < c.size(); ++i) {
      if (c[i].kind == Kind::kSpace) {
        if (c[i].has_newline) {
          at_line_start = true;
          directives_.end_line();
        }
        rewrite::replace_no_break_spaces(c, i, edits_);
        continue;
      }
      if (c[i].kind == Kind::kComment) continue;
      const bool first_on_line = at_line_start;
      at_line_start = false;
      if (first_on_line && c.is_punct(i, '#')) {
        directives_.begin(i);
        continue;
      }
      if (directives_.skipping()) continue;
      if (c.is_punct(i, '<') && c.run_length(i, '<') >= 3) {
        i = launches_.rewrite_launch(i);
        continue;
      }
      if (AsmPass::is_asm_keyword(c, i)) {
        i = asm_.rewrite_asm(i);
        continue;
      }
      const bool onchip =
          c.is_identifier(i) && OnchipPass::is_onchip_qualifier(c.word(i));
      if (directives_.in_directive()) {
        const size_t body = directives_.define_body();
        if (onchip && body != rewrite::kNone && i >= body) {
          onchip_.place_declaration_in_macro(i, body, directives_.define_end());
        }
        continue;
      }
      if (i < onchip_.handled_before()) continue;
      if (c.is_punct(i, '{')) {
        scopes_.open(i);
      } else if (c.is_punct(i, '}')) {
        scopes_.close();
      } else if (onchip) {
        onchip_.place_declaration(i);
      } else if (c.is_identifier(i) &&
                 InlinePass::is_inline_keyword(c.word(i))) {
        inline_.drop_repeated_inline(i);
      }
    }
    return edits_.apply(c.source(), c.start());
  }

  const std::vector<std::string>& quoted_includes() const {
    return directives_.quoted_includes();
  }
  int launches() const { return launches_.launches(); }

 private:
  TokenCursor cursor_;
  EditList edits_;
  ScopeTracker scopes_;
  DirectivePass directives_;
  LaunchPass launches_;
  AsmPass asm_;
  OnchipPass onchip_;
  InlinePass inline_;
};

std::string location(std::string_view src, std::string_view path,
                     size_t offset) {
  size_t line = 1;
  size_t line_begin = 0;
  for (size_t i = 0; i < offset && i < src.size(); ++i) {
    if (src[i] == '\n') {
      ++line;
      line_begin = i + 1;
    }
  }
  return std::string(path) + ":" + std::to_string(line) + ":" +
         std::to_string(offset - line_begin + 1);
}

size_t count_newlines(std::string_view text) {
  size_t n = 0;
  for (const char c : text) n += c == '\n';
  return n;
}

}  // namespace

RewriteResult rewrite_mlu_source(std::string_view source,
                                 std::string_view path) {
  RewriteResult result;
  // A UTF-8 byte order mark would end up after the #line directive.
  const size_t start = source.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  try {
    Rewriter rewriter(source, start);
    std::string body = rewriter.run();
    if (count_newlines(body) != count_newlines(source)) {
      throw ScanError(0, "internal error: the rewrite changed the line count");
    }
    result.output =
        "#line 1 \"" + rewrite::escape_for_string_literal(path) + "\"\n" + body;
    result.launches = rewriter.launches();
    result.quoted_includes = rewriter.quoted_includes();
    result.ok = true;
  } catch (const ScanError& error) {
    result.error =
        location(source, path, error.offset) + ": error: " + error.what();
  }
  return result;
}

}  // namespace xbang::porting
