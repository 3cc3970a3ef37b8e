// Kernel launches: `name<<<dim, type, queue>>>(args)` becomes the expression
//   ::xbang::launch(dim, type, queue, [=]() { name(args); }, "name")
// which runs the kernel on the emulated cores (bang/include/xbang/launch.h).
// The kernel name may be qualified or a template (`ns::Kernel<T, 4>`,
// `Outer<T>::template Kernel<U>`); the pass walks back over it from the
// `<<<` and forward over the configuration and the arguments, which keep
// their own text, so no line break is added or lost. A `<<<` that cannot be
// a launch (no name before it, no `>>>`, unbalanced brackets, a run of more
// than three `<`) stops the rewrite with the position and the reason.
#pragma once

#include <cstddef>
#include <string>

#include "token_cursor.h"

namespace xbang::porting::rewrite {

class LaunchPass {
 public:
  LaunchPass(const TokenCursor& cursor, EditList& edits)
      : cur_(cursor), edits_(edits) {}

  // Rewrites the launch whose `<<<` starts at token `open`; returns the index
  // of its last token (the `)` closing the arguments).
  size_t rewrite_launch(size_t open);
  int launches() const { return launches_; }

 private:
  // Index of the `<` that opens the template argument list closed by the
  // `>` at token `close`.
  size_t match_angle_backward(size_t close, size_t launch) const;
  // First token of the kernel name that ends just before `<<<` at `launch`.
  size_t kernel_name_start(size_t launch) const;
  // `<<<dim, type, queue>>>`: three parameters.
  void check_configuration(size_t begin, size_t end, size_t launch_offset,
                           const std::string& name) const;

  const TokenCursor& cur_;
  EditList& edits_;
  size_t launch_end_ = 0;  // source offset where the last launch ends
  int launches_ = 0;
};

}  // namespace xbang::porting::rewrite
