// Kernels in a shared library linked into an executable that has kernels of
// its own: each module's on-chip variables are private per core and checked
// as the executable's are, and the process has one device state.
#include <cn_api.h>
#include <cnrt.h>
#include <gtest/gtest.h>

#include <vector>

#include "onchip_expectations.h"
#include "onchip_shared.h"

cnrtRet_t exe_run_private(int* nram_out, int* sram_out);
cnrtRet_t exe_run_builtin_overrun(int* out);
cnrtRet_t exe_run_plain_overrun();

namespace {

TEST(DeviceSharedKernels, OnchipPrivatePerCoreInBothModules) {
  expect_private_per_core(lib_run_private, "kernel library");
  expect_private_per_core(exe_run_private, "executable");
}

TEST(DeviceSharedKernels, OverrunsNamedInBothModules) {
  expect_overruns_named(lib_run_builtin_overrun, lib_run_plain_overrun,
                        "lib_kernels");
  expect_overruns_named(exe_run_builtin_overrun, exe_run_plain_overrun,
                        "exe_kernels");
}

TEST(DeviceSharedKernels, OneDeviceState) {
  // Device memory from the executable's cnrtMalloc is device memory to the
  // library's CNRT calls; host memory is not.
  void* device = nullptr;
  ASSERT_EQ(cnrtMalloc(&device, 256), cnrtSuccess);
  std::vector<char> host(256);
  EXPECT_EQ(lib_is_device_memory(device), 1);
  EXPECT_EQ(lib_is_device_memory(host.data()), 0);
  EXPECT_EQ(cnrtFree(device), cnrtSuccess);
  EXPECT_EQ(lib_is_device_memory(device), 0);

  // One last error: set on either side, seen on the other.
  cnrtGetLastError();
  EXPECT_EQ(cnrtMalloc(nullptr, 4), cnrtErrorArgsInvalid);
  EXPECT_EQ(lib_peek_last_error(), cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtGetLastError(), cnrtErrorArgsInvalid);
  EXPECT_EQ(lib_peek_last_error(), cnrtSuccess);
  int* out = nullptr;
  ASSERT_EQ(cnrtMalloc(reinterpret_cast<void**>(&out), 8 * sizeof(int)),
            cnrtSuccess);
  EXPECT_EQ(lib_run_builtin_overrun(out), cnrtErrorLaunchFailed);
  xbang::checked::clear_reports();
  EXPECT_EQ(lib_peek_last_error(), cnrtErrorLaunchFailed);
  EXPECT_EQ(cnrtSyncDevice(), cnrtErrorLaunchFailed);
  cnrtGetLastError();
  cnrtFree(out);

  // One set of queues: a CNRT queue is a live queue to CNDrv until CNRT
  // destroys it.
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  CNcontext context = nullptr;
  EXPECT_EQ(cnQueueGetContext(reinterpret_cast<CNqueue>(queue), &context),
            CN_SUCCESS);
  EXPECT_NE(context, nullptr);
  EXPECT_EQ(cnrtQueueDestroy(queue), cnrtSuccess);
  EXPECT_NE(cnQueueGetContext(reinterpret_cast<CNqueue>(queue), &context),
            CN_SUCCESS);
  cnrtGetLastError();
}

}  // namespace
