// Internal host layer shared by every operator: what a handle and a tensor
// descriptor hold, and the check macros that turn the design docs' 防呆 lists
// into code. Each failed check logs one line naming it, then returns.
#pragma once

#include <mlu_op.h>

#include <cstdint>
#include <string>

struct mluOpContext {
  cnrtQueue_t queue = nullptr;
  int arch = 0;         // __BANG_ARCH__ of the device it stands for
  int cluster_num = 0;  // clusters of the device
  int core_num_per_cluster = 4;
};

struct mluOpTensorStruct {
  mluOpTensorLayout_t layout = MLUOP_LAYOUT_ARRAY;
  mluOpDataType_t dtype = MLUOP_DTYPE_INVALID;
  int dim = 0;
  int64_t dims[MLUOP_DIM_MAX] = {};
  int64_t total_element_num = 0;
};

namespace mluop {

// Logs "[mluOp] <api>: <message>" on stderr and keeps it for tests.
void log_error(const char* api, const std::string& message);
// The last line log_error wrote on this thread ("" if none), then cleared.
std::string take_last_error();

size_t dtype_size(mluOpDataType_t dtype);
const char* dtype_name(mluOpDataType_t dtype);
const char* layout_name(mluOpTensorLayout_t layout);
// 2^31: mlu-ops does not support tensors of this many elements or more.
inline constexpr int64_t kLargeTensorElements = int64_t(1) << 31;

}  // namespace mluop

// Check `cond`; on failure log "<api>: check `cond` failed: <what>" and return
// `status`. `api` is a string naming the operator, e.g. "[mluOpFoo]".
#define MLUOP_CHECK(api, cond, status, what)                                  \
  do {                                                                        \
    if (!(cond)) {                                                            \
      ::mluop::log_error(api,                                                 \
                         std::string("check `" #cond "` failed: ") + (what)); \
      return status;                                                          \
    }                                                                         \
  } while (0)

#define MLUOP_CHECK_NULL(api, ptr) \
  MLUOP_CHECK(api, (ptr) != nullptr, MLUOP_STATUS_BAD_PARAM, #ptr " is null")

// Runs a kernel launch; a failed launch (bad dims, checked-mode report) turns
// into MLUOP_STATUS_EXECUTION_FAILED.
#define MLUOP_KERNEL_CHECK(api, launch_expr)                          \
  do {                                                                \
    cnrtRet_t kernel_ret_ = (launch_expr);                            \
    if (kernel_ret_ != cnrtSuccess) {                                 \
      ::mluop::log_error(api, std::string("kernel launch failed: ") + \
                                  cnrtGetErrorStr(kernel_ret_));      \
      return MLUOP_STATUS_EXECUTION_FAILED;                           \
    }                                                                 \
  } while (0)
