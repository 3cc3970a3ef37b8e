// Internal host layer shared by every operator: what a handle and a tensor
// descriptor hold, the launch policies, and the check macros each operator's
// xxxParamCheck is written with (the 防呆 list of docs/ops/<operator>.md).
// Each failed check logs one line naming it, then returns.
#pragma once

#include <cnrt.h>
#include <xbang/ops/mlu_op_base.h>

#include <cstdint>
#include <string>

#include "xbang/runtime/device.h"

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
// The most clusters a handle may stand for: as many as the device may have.
inline constexpr int kMaxClusterNum = xbang::kMaxClusterCount;

// The tensor a descriptor argument describes, for log lines: its name
// without the "_desc" suffix ("feats_desc" -> "feats").
std::string tensor_name(const char* desc_argument);
// "[d0, d1, ...]" of a descriptor, for log lines.
std::string shape_text(const mluOpTensorDescriptor_t desc);

// Union1 launch over the handle's clusters: one cluster per
// cores-per-cluster * `min_items_per_core` work items (at least one), no more
// clusters than the device has. Computed in int64, so any work size and
// cluster count the handle accepts are safe.
void policyUnion1(const mluOpHandle_t handle, int64_t work_items,
                  int64_t min_items_per_core, cnrtDim3_t* k_dim,
                  cnrtFunctionType_t* k_type);
// Block launch: one task per work item, at most one per core of the device,
// at least one.
void policyBlock(const mluOpHandle_t handle, int64_t work_items,
                 cnrtDim3_t* k_dim, cnrtFunctionType_t* k_type);

}  // namespace mluop

// The check macros are XBANG_HOST_*: mlu-ops' MLUOP_CHECK is a different
// macro (it checks a returned status), so these do not borrow its name.
//
// Check `cond`; on failure log "<api>: check `cond` failed: <what>" and return
// `status`. `api` is a string naming the operator, e.g. "[mluOpFoo]".
#define XBANG_HOST_CHECK(api, cond, status, what)                             \
  do {                                                                        \
    if (!(cond)) {                                                            \
      ::mluop::log_error(api,                                                 \
                         std::string("check `" #cond "` failed: ") + (what)); \
      return status;                                                          \
    }                                                                         \
  } while (0)

#define XBANG_HOST_CHECK_NULL(api, ptr)                           \
  XBANG_HOST_CHECK(api, (ptr) != nullptr, MLUOP_STATUS_BAD_PARAM, \
                   #ptr " is null")

// The descriptor's dtype is `dtype_want`; BAD_PARAM otherwise.
#define XBANG_HOST_CHECK_DTYPE(api, desc, dtype_want)                          \
  XBANG_HOST_CHECK(api, (desc)->dtype == (dtype_want), MLUOP_STATUS_BAD_PARAM, \
                   ::mluop::tensor_name(#desc) + " dtype must be " +           \
                       ::mluop::dtype_name(dtype_want) + ", got " +            \
                       ::mluop::dtype_name((desc)->dtype))

// The descriptor's layout is `layout_want`; BAD_PARAM otherwise.
#define XBANG_HOST_CHECK_LAYOUT(api, desc, layout_want)               \
  XBANG_HOST_CHECK(api, (desc)->layout == (layout_want),              \
                   MLUOP_STATUS_BAD_PARAM,                            \
                   ::mluop::tensor_name(#desc) + " layout must be " + \
                       ::mluop::layout_name(layout_want) + ", got " + \
                       ::mluop::layout_name((desc)->layout))

// The descriptor has `dim_want` dims; BAD_PARAM otherwise. `shape` names
// them for the log line, e.g. "[N, C]".
#define XBANG_HOST_CHECK_DIM(api, desc, dim_want, shape)                   \
  XBANG_HOST_CHECK(api, (desc)->dim == (dim_want), MLUOP_STATUS_BAD_PARAM, \
                   ::mluop::tensor_name(#desc) + " must be " + (shape) +   \
                       ", got " + ::mluop::shape_text(desc))

// The descriptor has fewer than 2^31 elements; NOT_SUPPORTED otherwise.
#define XBANG_HOST_CHECK_LARGE_TENSOR(api, desc)                      \
  XBANG_HOST_CHECK(                                                   \
      api, (desc)->total_element_num < ::mluop::kLargeTensorElements, \
      MLUOP_STATUS_NOT_SUPPORTED,                                     \
      ::mluop::tensor_name(#desc) +                                   \
          " has 2^31 elements or more: " + ::mluop::shape_text(desc))

// Zero elements where the operator has nothing to compute: SUCCESS at once.
#define XBANG_HOST_RETURN_IF_ZERO_ELEMENT(cond) \
  do {                                          \
    if (cond) return MLUOP_STATUS_SUCCESS;      \
  } while (0)

// Runs a kernel launch; a failed launch (bad dims, checked-mode report) turns
// into MLUOP_STATUS_EXECUTION_FAILED.
#define XBANG_HOST_KERNEL_CHECK(api, launch_expr)                     \
  do {                                                                \
    cnrtRet_t kernel_ret_ = (launch_expr);                            \
    if (kernel_ret_ != cnrtSuccess) {                                 \
      ::mluop::log_error(api, std::string("kernel launch failed: ") + \
                                  cnrtGetErrorStr(kernel_ret_));      \
      return MLUOP_STATUS_EXECUTION_FAILED;                           \
    }                                                                 \
  } while (0)
