// The mluOp host layer (include/xbang/ops/mlu_op_base.h, ops/common/host.cpp):
// status strings, handle lifetime and its device settings, tensor
// descriptors, and every null and bad-argument path with the one-line log
// naming the check.
//
// Bad enum values are formed only where the enum's range holds a value that
// names no enumerator (layouts 0..5 have the range 0..7, dtypes 0..9 the
// range 0..15): casting an integer outside that range to the enum is
// undefined behaviour in C++. mluOpStatus_t's enumerators fill its whole
// range 0..7, so mluOpGetErrorString's fallback for an unknown status is not
// reachable from a well-defined C++ caller and has no test.
#include <gtest/gtest.h>
#include <xbang/ops/mlu_op.h>

#include <climits>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/host.h"
#include "xbang/core/arch.h"
#include "xbang/runtime/device.h"
#include "xbang/runtime/launch.h"

namespace {

// The last log line, checked to name the failed check; also clears it.
std::string last_error() { return mluop::take_last_error(); }

TEST(HostErrorString, EveryStatusHasItsName) {
  const std::pair<mluOpStatus_t, const char*> table[] = {
      {MLUOP_STATUS_SUCCESS, "MLUOP_STATUS_SUCCESS"},
      {MLUOP_STATUS_NOT_INITIALIZED, "MLUOP_STATUS_NOT_INITIALIZED"},
      {MLUOP_STATUS_ALLOC_FAILED, "MLUOP_STATUS_ALLOC_FAILED"},
      {MLUOP_STATUS_BAD_PARAM, "MLUOP_STATUS_BAD_PARAM"},
      {MLUOP_STATUS_INTERNAL_ERROR, "MLUOP_STATUS_INTERNAL_ERROR"},
      {MLUOP_STATUS_ARCH_MISMATCH, "MLUOP_STATUS_ARCH_MISMATCH"},
      {MLUOP_STATUS_EXECUTION_FAILED, "MLUOP_STATUS_EXECUTION_FAILED"},
      {MLUOP_STATUS_NOT_SUPPORTED, "MLUOP_STATUS_NOT_SUPPORTED"},
  };
  for (const auto& [status, name] : table) {
    ASSERT_NE(mluOpGetErrorString(status), nullptr);
    EXPECT_STREQ(mluOpGetErrorString(status), name);
  }
}

TEST(HostStatusValues, MatchMluOps) {
  EXPECT_EQ(MLUOP_STATUS_SUCCESS, 0);
  EXPECT_EQ(MLUOP_STATUS_NOT_INITIALIZED, 1);
  EXPECT_EQ(MLUOP_STATUS_ALLOC_FAILED, 2);
  EXPECT_EQ(MLUOP_STATUS_BAD_PARAM, 3);
  EXPECT_EQ(MLUOP_STATUS_INTERNAL_ERROR, 4);
  EXPECT_EQ(MLUOP_STATUS_ARCH_MISMATCH, 5);
  EXPECT_EQ(MLUOP_STATUS_EXECUTION_FAILED, 6);
  EXPECT_EQ(MLUOP_STATUS_NOT_SUPPORTED, 7);
}

// ---------------------------------------------------------------------------
// Handle

TEST(HostHandle, CreateSetGetQueueDestroy) {
  mluOpHandle_t handle = nullptr;
  ASSERT_EQ(mluOpCreate(&handle), MLUOP_STATUS_SUCCESS);
  ASSERT_NE(handle, nullptr);
  cnrtQueue_t queue = nullptr, got = reinterpret_cast<cnrtQueue_t>(1);
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  EXPECT_EQ(mluOpGetQueue(handle, &got), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(got, nullptr) << "a new handle has no queue";
  EXPECT_EQ(mluOpSetQueue(handle, queue), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluOpGetQueue(handle, &got), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(got, queue);
  EXPECT_EQ(mluOpDestroy(handle), MLUOP_STATUS_SUCCESS);
  cnrtQueueDestroy(queue);
  EXPECT_EQ(last_error(), "");
}

TEST(HostHandle, NullArgumentsAreBadParamAndLogged) {
  EXPECT_EQ(mluOpCreate(nullptr), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error().find("handle"), std::string::npos);
  EXPECT_EQ(mluOpDestroy(nullptr), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error().find("handle"), std::string::npos);
  EXPECT_EQ(mluOpSetQueue(nullptr, nullptr), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error(), "");
  cnrtQueue_t q;
  EXPECT_EQ(mluOpGetQueue(nullptr, &q), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error(), "");
  mluOpHandle_t handle = nullptr;
  ASSERT_EQ(mluOpCreate(&handle), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluOpGetQueue(handle, nullptr), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error().find("queue"), std::string::npos);
  mluOpDestroy(handle);
}

TEST(HostHandle, LogIsOneLineAndTakenOnce) {
  EXPECT_EQ(mluOpCreate(nullptr), MLUOP_STATUS_BAD_PARAM);
  const std::string line = last_error();
  EXPECT_FALSE(line.empty());
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_NE(line.find("mluOp"), std::string::npos) << line;
  EXPECT_EQ(last_error(), "") << "take_last_error clears";
}

TEST(HostHandle, ArchDefaultsToCompiledProfileAndRoundTrips) {
  mluOpHandle_t handle = nullptr;
  ASSERT_EQ(mluOpCreate(&handle), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluOpGetDeviceArch(handle), __BANG_ARCH__);
  for (int arch : {290, 592, 372}) {
    EXPECT_EQ(mluOpSetDeviceArch(handle, arch), MLUOP_STATUS_SUCCESS);
    EXPECT_EQ(mluOpGetDeviceArch(handle), arch);
    EXPECT_EQ(handle->arch, arch);
  }
  for (int bad : {0, -1, 100, 270, 371, 373, 590, 1000}) {
    EXPECT_EQ(mluOpSetDeviceArch(handle, bad), MLUOP_STATUS_BAD_PARAM) << bad;
    EXPECT_NE(last_error().find("arch"), std::string::npos);
    EXPECT_EQ(mluOpGetDeviceArch(handle), 372) << "unchanged after " << bad;
  }
  EXPECT_EQ(mluOpSetDeviceArch(nullptr, 372), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error(), "");
  EXPECT_EQ(mluOpGetDeviceArch(nullptr), 0);
  mluOpDestroy(handle);
}

TEST(HostHandle, ClusterNumberAndCoresPerCluster) {
  mluOpHandle_t handle = nullptr;
  ASSERT_EQ(mluOpCreate(&handle), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluOpGetClusterNum(handle), xbang::device_cluster_count());
  EXPECT_EQ(mluOpGetCoreNumPerCluster(handle), 4);
  EXPECT_EQ(handle->core_num_per_cluster, 4);
  for (int n : {1, 2, 16, 48}) {
    EXPECT_EQ(mluOpSetClusterNum(handle, n), MLUOP_STATUS_SUCCESS);
    EXPECT_EQ(mluOpGetClusterNum(handle), n);
    EXPECT_EQ(handle->cluster_num, n);
  }
  // A launch holds at most 2^20 tasks: 2^18 clusters of four cores.
  EXPECT_EQ(mluOpSetClusterNum(handle, 1 << 18), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluOpSetClusterNum(handle, 48), MLUOP_STATUS_SUCCESS);
  for (int bad : {0, -1, -100, (1 << 18) + 1, INT_MAX}) {
    EXPECT_EQ(mluOpSetClusterNum(handle, bad), MLUOP_STATUS_BAD_PARAM);
    EXPECT_NE(last_error().find("cluster_num"), std::string::npos);
    EXPECT_EQ(mluOpGetClusterNum(handle), 48);
  }
  EXPECT_EQ(mluOpSetClusterNum(nullptr, 4), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error(), "");
  EXPECT_EQ(mluOpGetClusterNum(nullptr), 0);
  EXPECT_EQ(mluOpGetCoreNumPerCluster(nullptr), 0);
  mluOpDestroy(handle);
}

// XBANG_CLUSTERS, one rule for the device and the handle: unset is 8, a whole
// decimal number in [1, 2^18] is that count, anything else is invalid (the
// device keeps 8, mluOpCreate fails).
TEST(HostHandle, ClusterSettingTable) {
  struct Row {
    const char* value;
    bool valid;
    int count;
  };
  const Row rows[] = {
      {nullptr, true, 8},
      {"1", true, 1},
      {"16", true, 16},
      {"262144", true, 1 << 18},
      {"262145", false, 8},
      {"2147483647", false, 8},
      {"99999999999999999999", false, 8},
      {"", false, 8},
      {"0", false, 8},
      {"-1", false, 8},
      {"+4", false, 8},
      {" 4", false, 8},
      {"4 ", false, 8},
      {"abc", false, 8},
      {"8 clusters", false, 8},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.value != nullptr ? row.value : "(unset)");
    const xbang::ClusterSetting setting =
        xbang::parse_cluster_setting(row.value);
    EXPECT_EQ(setting.valid, row.valid);
    EXPECT_EQ(setting.count, row.count);
  }
}

// A new handle reports the device's clusters, or fails with a log line when
// this process's XBANG_CLUSTERS is invalid (ctest runs this test with valid
// and invalid values: tests/ops/host_layer/CMakeLists.txt).
TEST(HostHandle, ClusterCountFromTheEnvironment) {
  const xbang::ClusterSetting setting =
      xbang::parse_cluster_setting(std::getenv("XBANG_CLUSTERS"));
  EXPECT_EQ(xbang::device_cluster_count(), setting.count);
  mluOpHandle_t handle = nullptr;
  if (setting.valid) {
    ASSERT_EQ(mluOpCreate(&handle), MLUOP_STATUS_SUCCESS);
    EXPECT_EQ(mluOpGetClusterNum(handle), setting.count);
    mluOpDestroy(handle);
  } else {
    EXPECT_EQ(mluOpCreate(&handle), MLUOP_STATUS_BAD_PARAM);
    EXPECT_EQ(handle, nullptr);
    EXPECT_NE(last_error().find("XBANG_CLUSTERS must be"), std::string::npos);
  }
}

// ---------------------------------------------------------------------------
// Tensor descriptors

class HostDescriptor : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(mluOpCreateTensorDescriptor(&desc_), MLUOP_STATUS_SUCCESS);
    ASSERT_NE(desc_, nullptr);
  }
  void TearDown() override {
    EXPECT_EQ(mluOpDestroyTensorDescriptor(desc_), MLUOP_STATUS_SUCCESS);
  }
  mluOpTensorDescriptor_t desc_ = nullptr;
};

TEST_F(HostDescriptor, SetGetRoundTripEveryLayoutAndDtype) {
  const mluOpTensorLayout_t layouts[] = {
      MLUOP_LAYOUT_NCHW,  MLUOP_LAYOUT_NHWC,  MLUOP_LAYOUT_HWCN,
      MLUOP_LAYOUT_NDHWC, MLUOP_LAYOUT_ARRAY, MLUOP_LAYOUT_NCDHW};
  const mluOpDataType_t dtypes[] = {
      MLUOP_DTYPE_HALF,  MLUOP_DTYPE_FLOAT, MLUOP_DTYPE_INT8, MLUOP_DTYPE_INT16,
      MLUOP_DTYPE_INT32, MLUOP_DTYPE_INT64, MLUOP_DTYPE_BOOL};
  const std::vector<std::vector<int>> shapes = {
      {7}, {2, 3}, {1, 4, 5, 6}, {2, 3, 4, 5, 6}, {1, 1, 1, 1, 1, 1, 1, 9}};
  for (auto layout : layouts) {
    for (auto dtype : dtypes) {
      for (const auto& dims : shapes) {
        ASSERT_EQ(mluOpSetTensorDescriptor(desc_, layout, dtype,
                                           int(dims.size()), dims.data()),
                  MLUOP_STATUS_SUCCESS);
        mluOpTensorLayout_t got_layout;
        mluOpDataType_t got_dtype;
        int got_dim = -1;
        std::vector<int> got_dims(MLUOP_DIM_MAX, -1);
        ASSERT_EQ(mluOpGetTensorDescriptor(desc_, &got_layout, &got_dtype,
                                           &got_dim, got_dims.data()),
                  MLUOP_STATUS_SUCCESS);
        EXPECT_EQ(got_layout, layout);
        EXPECT_EQ(got_dtype, dtype);
        ASSERT_EQ(got_dim, int(dims.size()));
        got_dims.resize(dims.size());
        EXPECT_EQ(got_dims, dims);
        size_t count = 1;
        for (int d : dims) count *= size_t(d);
        EXPECT_EQ(mluOpGetTensorElementNum(desc_), count);
        EXPECT_EQ(desc_->dim, int(dims.size()));
        EXPECT_EQ(desc_->total_element_num, int64_t(count));
        EXPECT_EQ(desc_->layout, layout);
        EXPECT_EQ(desc_->dtype, dtype);
      }
    }
  }
}

TEST_F(HostDescriptor, ZeroDimGivesZeroElements) {
  const int dims[] = {4, 0, 3};
  ASSERT_EQ(mluOpSetTensorDescriptor(desc_, MLUOP_LAYOUT_ARRAY,
                                     MLUOP_DTYPE_FLOAT, 3, dims),
            MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluOpGetTensorElementNum(desc_), 0u);
}

TEST_F(HostDescriptor, LargeElementCountsDoNotOverflow32Bits) {
  const int dims[] = {65536, 65536, 3};
  ASSERT_EQ(mluOpSetTensorDescriptor(desc_, MLUOP_LAYOUT_ARRAY,
                                     MLUOP_DTYPE_INT8, 3, dims),
            MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluOpGetTensorElementNum(desc_), size_t(3) << 32);
  EXPECT_GE(desc_->total_element_num, mluop::kLargeTensorElements);
}

// A failed set reports which check failed and leaves the descriptor as it
// was.
TEST_F(HostDescriptor, BadArgumentsAreRejectedAndLeaveItUnchanged) {
  const int good[] = {2, 3, 4};
  ASSERT_EQ(mluOpSetTensorDescriptor(desc_, MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_HALF,
                                     3, good),
            MLUOP_STATUS_SUCCESS);
  const int nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  const int negative[] = {2, -1, 4};
  struct Bad {
    mluOpTensorLayout_t layout;
    mluOpDataType_t dtype;
    int dim;
    const int* dims;
    const char* word;  // the log line names the check
  };
  const Bad bad[] = {
      {static_cast<mluOpTensorLayout_t>(6), MLUOP_DTYPE_FLOAT, 3, good,
       "layout"},
      {static_cast<mluOpTensorLayout_t>(7), MLUOP_DTYPE_FLOAT, 3, good,
       "layout"},
      {MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INVALID, 3, good, "dtype"},
      {MLUOP_LAYOUT_ARRAY, static_cast<mluOpDataType_t>(5), 3, good, "dtype"},
      {MLUOP_LAYOUT_ARRAY, static_cast<mluOpDataType_t>(15), 3, good, "dtype"},
      {MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, 0, good, "dimNb"},
      {MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, -2, good, "dimNb"},
      {MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, 9, nine, "dimNb"},
      {MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, 3, nullptr, "dimSize"},
      {MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, 3, negative, "negative"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.word);
    EXPECT_EQ(mluOpSetTensorDescriptor(desc_, b.layout, b.dtype, b.dim, b.dims),
              MLUOP_STATUS_BAD_PARAM);
    const std::string line = last_error();
    EXPECT_NE(line.find(b.word), std::string::npos) << line;
    mluOpTensorLayout_t layout;
    mluOpDataType_t dtype;
    int dim = 0;
    int dims[MLUOP_DIM_MAX] = {};
    ASSERT_EQ(mluOpGetTensorDescriptor(desc_, &layout, &dtype, &dim, dims),
              MLUOP_STATUS_SUCCESS);
    EXPECT_EQ(layout, MLUOP_LAYOUT_NHWC);
    EXPECT_EQ(dtype, MLUOP_DTYPE_HALF);
    ASSERT_EQ(dim, 3);
    EXPECT_EQ(dims[0], 2);
    EXPECT_EQ(dims[1], 3);
    EXPECT_EQ(dims[2], 4);
    EXPECT_EQ(mluOpGetTensorElementNum(desc_), 24u);
  }
}

TEST(HostDescriptorNull, NullPathsAreBadParam) {
  EXPECT_EQ(mluOpCreateTensorDescriptor(nullptr), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error(), "");
  const int dims[] = {1};
  EXPECT_EQ(mluOpSetTensorDescriptor(nullptr, MLUOP_LAYOUT_ARRAY,
                                     MLUOP_DTYPE_FLOAT, 1, dims),
            MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error(), "");
  mluOpTensorLayout_t layout;
  mluOpDataType_t dtype;
  int dim;
  int out[MLUOP_DIM_MAX];
  EXPECT_EQ(mluOpGetTensorDescriptor(nullptr, &layout, &dtype, &dim, out),
            MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error(), "");
  EXPECT_EQ(mluOpDestroyTensorDescriptor(nullptr), MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error(), "");
  EXPECT_EQ(mluOpGetTensorElementNum(nullptr), 0u);
}

TEST(HostDescriptorNew, FreshDescriptorIsEmpty) {
  mluOpTensorDescriptor_t desc = nullptr;
  ASSERT_EQ(mluOpCreateTensorDescriptor(&desc), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(mluOpGetTensorElementNum(desc), 0u);
  int dim = -1;
  ASSERT_EQ(mluOpGetTensorDescriptor(desc, nullptr, nullptr, &dim, nullptr),
            MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(dim, 0);
  EXPECT_EQ(mluOpDestroyTensorDescriptor(desc), MLUOP_STATUS_SUCCESS);
}

TEST(HostDataTypeSize, EveryDtype) {
  const std::pair<mluOpDataType_t, size_t> table[] = {
      {MLUOP_DTYPE_HALF, 2},  {MLUOP_DTYPE_FLOAT, 4}, {MLUOP_DTYPE_INT8, 1},
      {MLUOP_DTYPE_INT16, 2}, {MLUOP_DTYPE_INT32, 4}, {MLUOP_DTYPE_INT64, 8},
      {MLUOP_DTYPE_BOOL, 1}};
  for (const auto& [dtype, bytes] : table) {
    size_t size = 0;
    EXPECT_EQ(mluOpGetSizeOfDataType(dtype, &size), MLUOP_STATUS_SUCCESS);
    EXPECT_EQ(size, bytes) << dtype;
  }
  size_t size = 0;
  EXPECT_EQ(mluOpGetSizeOfDataType(MLUOP_DTYPE_INVALID, &size),
            MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error().find("dtype"), std::string::npos);
  EXPECT_EQ(mluOpGetSizeOfDataType(MLUOP_DTYPE_FLOAT, nullptr),
            MLUOP_STATUS_BAD_PARAM);
  EXPECT_NE(last_error(), "");
}

// ---------------------------------------------------------------------------
// The check macros operators are written with.

mluOpStatus_t api_with_checks(const void* ptr, int n) {
  XBANG_HOST_CHECK_NULL("[mluOpTestApi]", ptr);
  XBANG_HOST_CHECK("[mluOpTestApi]", n > 0, MLUOP_STATUS_BAD_PARAM,
                   "n must be positive");
  XBANG_HOST_CHECK("[mluOpTestApi]", n < 100, MLUOP_STATUS_NOT_SUPPORTED,
                   "n too large");
  return MLUOP_STATUS_SUCCESS;
}

TEST(HostCheckMacros, NameTheFailedCheck) {
  int x = 0;
  EXPECT_EQ(api_with_checks(nullptr, 1), MLUOP_STATUS_BAD_PARAM);
  std::string line = last_error();
  EXPECT_NE(line.find("[mluOpTestApi]"), std::string::npos) << line;
  EXPECT_NE(line.find("ptr"), std::string::npos) << line;
  EXPECT_EQ(api_with_checks(&x, 0), MLUOP_STATUS_BAD_PARAM);
  line = last_error();
  EXPECT_NE(line.find("n > 0"), std::string::npos) << line;
  EXPECT_NE(line.find("n must be positive"), std::string::npos) << line;
  EXPECT_EQ(api_with_checks(&x, 100), MLUOP_STATUS_NOT_SUPPORTED);
  EXPECT_NE(last_error().find("n < 100"), std::string::npos);
  EXPECT_EQ(api_with_checks(&x, 5), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(last_error(), "");
}

mluOpStatus_t api_launching(cnrtDim3_t dim, cnrtFunctionType_t type) {
  XBANG_HOST_KERNEL_CHECK("[mluOpTestLaunch]",
                          xbang::launch(
                              dim, type, nullptr, [] {}, "noop"));
  return MLUOP_STATUS_SUCCESS;
}

TEST(HostCheckMacros, KernelCheckTurnsLaunchFailureIntoExecutionFailed) {
  EXPECT_EQ(api_launching({4, 1, 1}, cnrtFuncTypeUnion1), MLUOP_STATUS_SUCCESS);
  EXPECT_EQ(last_error(), "");
  EXPECT_EQ(api_launching({6, 1, 1}, cnrtFuncTypeUnion1),
            MLUOP_STATUS_EXECUTION_FAILED);
  const std::string line = last_error();
  EXPECT_NE(line.find("[mluOpTestLaunch]"), std::string::npos) << line;
  EXPECT_NE(line.find(cnrtGetErrorStr(cnrtErrorArgsInvalid)), std::string::npos)
      << line;
  (void)cnrtGetLastError();
}

}  // namespace
