#include "../budget_kernel.h"

cnrtRet_t launch_budget_a(cnrtQueue_t queue) {
  return launch_budget_kernel(queue, "budget_a");
}
