// <__clang_bang_builtin_vars.h>: the toolkit header of the task-model
// variables (taskId, taskDim, clusterId, coreId, ...). xbang declares them
// through <bang.h>.
#pragma once
#include <bang.h>
