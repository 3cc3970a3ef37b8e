// The launch configurations the operator checklist asks every kernel to be
// tested with: Block launches of 1, 4 and 16 tasks and Union1 launches of 4
// and 16 tasks (one and four clusters).
#pragma once

#include <cnrt.h>

namespace xbang_test {

struct LaunchShape {
  const char *name;  // for SCOPED_TRACE and failure messages
  cnrtDim3_t dim;
  cnrtFunctionType_t type;
};

inline constexpr LaunchShape kLaunchShapes[] = {
    {"Block x1", {1, 1, 1}, cnrtFuncTypeBlock},
    {"Block x4", {4, 1, 1}, cnrtFuncTypeBlock},
    {"Block x16", {16, 1, 1}, cnrtFuncTypeBlock},
    {"Union1 x4", {4, 1, 1}, cnrtFuncTypeUnion1},
    {"Union1 x16", {4, 4, 1}, cnrtFuncTypeUnion1},
};

}  // namespace xbang_test
