// mluOp host objects for tests and benchmarks of the operators: a tensor
// descriptor and a handle on its own queue, each released by its destructor.
#pragma once

#include <xbang/ops/mlu_op.h>

#include <vector>

#include "device.h"

namespace xbang_test {

// A tensor descriptor set at construction.
class TensorDesc {
 public:
  TensorDesc(mluOpTensorLayout_t layout, mluOpDataType_t dtype,
             std::vector<int> dims) {
    mluOpCreateTensorDescriptor(&desc_);
    mluOpSetTensorDescriptor(desc_, layout, dtype, int(dims.size()),
                             dims.data());
  }
  TensorDesc(const TensorDesc&) = delete;
  TensorDesc& operator=(const TensorDesc&) = delete;
  ~TensorDesc() { mluOpDestroyTensorDescriptor(desc_); }
  mluOpTensorDescriptor_t get() const { return desc_; }
  operator mluOpTensorDescriptor_t() const { return desc_; }  // NOLINT

 private:
  mluOpTensorDescriptor_t desc_ = nullptr;
};

// A handle on its own queue.
class Handle {
 public:
  Handle() {
    cnrtQueueCreate(&queue_);
    mluOpCreate(&handle_);
    mluOpSetQueue(handle_, queue_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() {
    mluOpDestroy(handle_);
    cnrtQueueDestroy(queue_);
  }
  mluOpHandle_t get() const { return handle_; }
  operator mluOpHandle_t() const { return handle_; }  // NOLINT

 private:
  cnrtQueue_t queue_ = nullptr;
  mluOpHandle_t handle_ = nullptr;
};

}  // namespace xbang_test
