#include "inline_pass.h"

#include <string>

namespace xbang::porting::rewrite {

void InlinePass::drop_repeated_inline(size_t i) {
  bool device = false;
  for (size_t k = cur_.prev_code(i - 1);
       !device && k != kNone && cur_.is_identifier(k) &&
       cur_.same_line_or_code(k, i);
       k = cur_.prev_code(k - 1)) {
    device = is_device_qualifier(k);
  }
  for (size_t k = cur_.next_code(i + 1);
       !device && k < cur_.size() && cur_.is_identifier(k);
       k = cur_.next_code(k + 1)) {
    device = is_device_qualifier(k);
  }
  if (device) {
    edits_.replace(cur_[i].begin, cur_[i].end,
                   std::string(cur_[i].end - cur_[i].begin, ' '));
  }
}

}  // namespace xbang::porting::rewrite
