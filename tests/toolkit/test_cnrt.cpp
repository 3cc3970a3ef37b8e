// CNRT for the emulated device: error codes equal to CNRT 6's, the error
// slot and CNRT_CHECK, devices and their attributes, queues, notifiers that
// measure time, memory and copies ordered on their queue, and every bad
// input returning its CNRT code (tables at the end).
#include <bang.h>
#include <cnrt.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "bad_call_table.h"
#include "headers_cxx11.h"
#include "xbang/core/arch.h"
#include "xbang/runtime/device.h"
#include "xbang/runtime/launch.h"

namespace {

struct NamedCode {
  cnrtRet_t code;
  long value;
  const char* name;
};

// CNRT 6.14's numbers.
const NamedCode kCnrtCodes[] = {
    {cnrtSuccess, 0, "cnrtSuccess"},
    {cnrtErrorNotReady, 1, "cnrtErrorNotReady"},
    {cnrtErrorInit, 100002, "cnrtErrorInit"},
    {cnrtErrorNoDevice, 100004, "cnrtErrorNoDevice"},
    {cnrtErrorDeviceInvalid, 100005, "cnrtErrorDeviceInvalid"},
    {cnrtErrorArgsInvalid, 100006, "cnrtErrorArgsInvalid"},
    {cnrtErrorSys, 100007, "cnrtErrorSys"},
    {cnrtErrorSysNoMem, 100010, "cnrtErrorSysNoMem"},
    {cnrtErrorInvalidResourceHandle, 100014, "cnrtErrorInvalidResourceHandle"},
    {cnrtErrorIllegalState, 100015, "cnrtErrorIllegalState"},
    {cnrtErrorNotSupport, 100050, "cnrtErrorNotSupport"},
    {cnrtErrorOpsNotPermitted, 100051, "cnrtErrorOpsNotPermitted"},
    {cnrtErrorQueue, 100060, "cnrtErrorQueue"},
    {cnrtErrorNoMem, 100100, "cnrtErrorNoMem"},
    {cnrtErrorAssert, 100128, "cnrtErrorAssert"},
    {cnrtErrorKernelTrap, 100132, "cnrtErrorKernelTrap"},
    {cnrtErrorKernelUserTrap, 100133, "cnrtErrorKernelUserTrap"},
    {cnrtErrorNotFound, 100301, "cnrtErrorNotFound"},
    {cnrtErrorInvalidKernel, 100302, "cnrtErrorInvalidKernel"},
    {cnrtErrorUnsupportedKernelVersion, 100303,
     "cnrtErrorUnsupportedKernelVersion"},
    {cnrtErrorNoKernel, 101312, "cnrtErrorNoKernel"},
    {cnrtErrorNoModule, 101315, "cnrtErrorNoModule"},
    {cnrtErrorSetOnActiveProcess, 632002, "cnrtErrorSetOnActiveProcess"},
    {cnrtErrorDevice, 632006, "cnrtErrorDevice"},
    {cnrtErrorNoAttribute, 632009, "cnrtErrorNoAttribute"},
    {cnrtErrorMemcpyDirectionInvalid, 632013,
     "cnrtErrorMemcpyDirectionInvalid"},
    {cnrtErrorBusy, 632014, "cnrtErrorBusy"},
    {cnrtErrorCndrvFuncCall, 632015, "cnrtErrorCndrvFuncCall"},
    {cnrtErrorCndevFuncCall, 632017, "cnrtErrorCndevFuncCall"},
    {cnrtErrorNoCnrtContext, 632019, "cnrtErrorNoCnrtContext"},
    {cnrtErrorCndrvFuncNotFound, 632020, "cnrtErrorCndrvFuncNotFound"},
    {cnrtErrorInvalidSymbol, 632100, "cnrtErrorInvalidSymbol"},
    {cnrtErrorUnknown, 999991, "cnrtErrorUnknown"},
};

TEST(ToolkitCnrt, ErrorCodesAreCnrt6sWithTheirNames) {
  std::vector<std::string> messages;
  for (const NamedCode& c : kCnrtCodes) {
    EXPECT_EQ(long(c.code), c.value) << c.name;
    EXPECT_STREQ(cnrtGetErrorName(c.code), c.name);
    ASSERT_NE(cnrtGetErrorStr(c.code), nullptr);
    messages.push_back(cnrtGetErrorStr(c.code));
  }
  std::sort(messages.begin(), messages.end());
  EXPECT_EQ(std::unique(messages.begin(), messages.end()), messages.end())
      << "every code has its own message";
  EXPECT_EQ(cnrtErrorLaunchFailed, cnrtErrorKernelTrap);
}

TEST(ToolkitCnrt, CnrtFiveSpellingsMapToCnrtSix) {
  EXPECT_EQ(CNRT_RET_SUCCESS, cnrtSuccess);
  EXPECT_EQ(CNRT_FUNC_TYPE_BLOCK, cnrtFuncTypeBlock);
  EXPECT_EQ(CNRT_FUNC_TYPE_UNION16, cnrtFuncTypeUnion16);
  EXPECT_EQ(CNRT_FUNC_TYPE_MUTABLE, cnrtFuncTypeMutable);
  EXPECT_EQ(int(CNRT_MEM_TRANS_DIR_HOST2DEV), 0);
  EXPECT_EQ(int(CNRT_MEM_TRANS_DIR_DEV2DEV), 1);
  EXPECT_EQ(int(CNRT_MEM_TRANS_DIR_DEV2HOST), 2);
  EXPECT_EQ(int(CNRT_MEM_TRANS_DIR_HOST2HOST), 3);
  EXPECT_EQ(int(CNRT_FLOAT16), 0x12);
  EXPECT_EQ(int(CNRT_FLOAT32), 0x13);
  EXPECT_EQ(int(CNRT_INT8), 0x21);
  EXPECT_EQ(int(cnrtHalf), 0x3);
  EXPECT_EQ(int(cnrtFloat), 0x2);
  EXPECT_EQ(int(cnrtBfloat), 0x4);
  EXPECT_EQ(int(cnrtFuncTypeUnion2), 8);
  EXPECT_EQ(int(cnrtFuncTypeUnion4), 16);
  EXPECT_EQ(int(cnrtFuncTypeUnion8), 32);
}

TEST(ToolkitCnrt, LastErrorIsPeekedThenTaken) {
  ASSERT_EQ(cnrtGetLastError(), cnrtSuccess) << "clean at start";
  EXPECT_EQ(cnrtSetDevice(3), cnrtErrorDeviceInvalid);
  EXPECT_EQ(cnrtPeekAtLastError(), cnrtErrorDeviceInvalid);
  EXPECT_EQ(cnrtPeekAtLastError(), cnrtErrorDeviceInvalid) << "not cleared";
  EXPECT_EQ(cnrtGetLastError(), cnrtErrorDeviceInvalid);
  EXPECT_EQ(cnrtGetLastError(), cnrtSuccess) << "cleared";
  // Another thread has its own slot.
  EXPECT_EQ(cnrtSetDevice(3), cnrtErrorDeviceInvalid);
  cnrtRet_t other = cnrtErrorUnknown;
  std::thread([&] { other = cnrtPeekAtLastError(); }).join();
  EXPECT_EQ(other, cnrtSuccess);
  EXPECT_EQ(cnrtGetLastError(), cnrtErrorDeviceInvalid);
}

TEST(ToolkitCnrtDeathTest, CnrtCheckPrintsWhereWhatAndExits) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(CNRT_CHECK(cnrtSetDevice(7)), testing::ExitedWithCode(1),
              "test_cnrt.cpp:[0-9]+ code=100005 \\(cnrtErrorDeviceInvalid\\) "
              "\"cnrtSetDevice\\(7\\)\": invalid device ordinal");
  CNRT_CHECK(cnrtSetDevice(0));  // success: returns
}

TEST(ToolkitCnrt, VersionIsCnrt6) {
  int major = 0, minor = 0, patch = 0;
  ASSERT_EQ(cnrtGetLibVersion(&major, &minor, &patch), cnrtSuccess);
  EXPECT_EQ(major, 6);
  EXPECT_EQ(major * 10000 + minor * 100 + patch, CNRT_VERSION);
}

TEST(ToolkitCnrt, OneDeviceWhoseAttributesAreTheProfile) {
  unsigned int count = 0;
  ASSERT_EQ(cnrtGetDeviceCount(&count), cnrtSuccess);
  EXPECT_EQ(count, 1u);
  ASSERT_EQ(cnrtSetDevice(0), cnrtSuccess);
  int device = -1;
  ASSERT_EQ(cnrtGetDevice(&device), cnrtSuccess);
  EXPECT_EQ(device, 0);

  const struct {
    cnrtDeviceAttr_t attr;
    long expected;
  } kProfile[] = {
      {cnrtAttrClusterCount, xbang::device_cluster_count()},
      {cnrtAttrMcorePerCluster, xbang::kCoresPerCluster},
      {cnrtAttrNramSizePerMcore, xbang::kNramBytes},
      {cnrtAttrWramSizePerMcore, xbang::kWramBytes},
      {cnrtAttrSramSizePerMcore, xbang::kSramBytes},
      {cnrtAttrISAVersion, xbang::kArch},
      {cnrtAttrComputeCapabilityMajor, xbang::kArch / 100},
      {cnrtAttrComputeCapabilityMinor, xbang::kArch / 10 % 10},
      {cnrtAttrMaxClusterPerUnionLimitTask, xbang::device_cluster_count()},
      {cnrtAttrIsMultipleTensorProcessor, 1},
      {cnrtAttrGmemBusWidth, 64},
  };
  for (const auto& p : kProfile) {
    int value = -1;
    ASSERT_EQ(cnrtDeviceGetAttribute(&value, p.attr, 0), cnrtSuccess)
        << std::hex << int(p.attr);
    EXPECT_EQ(value, p.expected) << std::hex << int(p.attr);
  }
  int clock = 0, memory = 0, l2 = -1;
  ASSERT_EQ(cnrtDeviceGetAttribute(&clock, cnrtAttrIpuClockRate, 0),
            cnrtSuccess);
  EXPECT_GE(clock, 100000) << "a host clock of at least 100 MHz, in kHz";
  ASSERT_EQ(cnrtDeviceGetAttribute(&memory, cnrtAttrTotalMemSize, 0),
            cnrtSuccess);
  EXPECT_GT(memory, 0);
  ASSERT_EQ(cnrtDeviceGetAttribute(&l2, cnrtAttrMaxL2CacheSize, 0),
            cnrtSuccess);
  EXPECT_GE(l2, 0);

  cnrtDeviceProp_t prop;
  ASSERT_EQ(cnrtGetDeviceProperties(&prop, 0), cnrtSuccess);
  EXPECT_EQ(prop.clusterCount, xbang::device_cluster_count());
  EXPECT_EQ(prop.McorePerCluster, xbang::kCoresPerCluster);
  EXPECT_EQ(prop.NramSizePerMcore, xbang::kNramBytes);
  EXPECT_EQ(prop.SramSizePerMcore, xbang::kSramBytes);
  EXPECT_EQ(prop.ISAVersion, xbang::kArch);
  EXPECT_EQ(prop.ipuClockRate, clock);
  EXPECT_NE(std::strstr(prop.name, "xbang"), nullptr) << prop.name;
  EXPECT_EQ(toolkit_cxx11_cluster_count(), xbang::device_cluster_count());
}

TEST(ToolkitCnrt, NotifierDurationsMeasureTimeMonotonically) {
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  cnrtNotifier_t marks[3];
  for (auto& m : marks) ASSERT_EQ(cnrtNotifierCreate(&m), cnrtSuccess);
  const auto wall0 = std::chrono::steady_clock::now();
  ASSERT_EQ(cnrtPlaceNotifier(marks[0], queue), cnrtSuccess);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EQ(cnrtPlaceNotifier(marks[1], queue), cnrtSuccess);
  // A launch whose cores take 10 ms: the notifier after it sees them done.
  ASSERT_EQ(
      xbang::launch(
          {4, 1, 1}, cnrtFuncTypeUnion1, queue,
          [] { std::this_thread::sleep_for(std::chrono::milliseconds(10)); },
          "sleeps_10ms"),
      cnrtSuccess);
  ASSERT_EQ(cnrtPlaceNotifier(marks[2], queue), cnrtSuccess);
  const double wall_us = std::chrono::duration<double, std::micro>(
                             std::chrono::steady_clock::now() - wall0)
                             .count();
  for (auto& m : marks) EXPECT_EQ(cnrtQueryNotifier(m), cnrtSuccess);
  EXPECT_EQ(cnrtQueueQuery(queue), cnrtSuccess);

  float us01 = -1, us12 = -1, us02 = -1, ms02 = -1;
  ASSERT_EQ(cnrtNotifierDuration(marks[0], marks[1], &us01), cnrtSuccess);
  ASSERT_EQ(cnrtNotifierDuration(marks[1], marks[2], &us12), cnrtSuccess);
  ASSERT_EQ(cnrtNotifierDuration(marks[0], marks[2], &us02), cnrtSuccess);
  ASSERT_EQ(cnrtNotifierElapsedTime(marks[0], marks[2], &ms02), cnrtSuccess);
  EXPECT_GE(us01, 20000.0f);
  EXPECT_GE(us12, 10000.0f);
  EXPECT_LE(us02, wall_us) << "at most the wall time around it";
  EXPECT_NEAR(us01 + us12, us02, 1.0f);
  EXPECT_NEAR(ms02 * 1000.0f, us02, 1.0f);
  float backwards = 0;
  ASSERT_EQ(cnrtNotifierDuration(marks[2], marks[0], &backwards), cnrtSuccess);
  EXPECT_NEAR(backwards, -us02, 1.0f);

  EXPECT_EQ(cnrtQueueWaitNotifier(marks[2], queue, 0), cnrtSuccess);
  EXPECT_EQ(cnrtWaitNotifier(marks[2]), cnrtSuccess);
  for (auto& m : marks) EXPECT_EQ(cnrtNotifierDestroy(m), cnrtSuccess);
  EXPECT_EQ(cnrtQueueDestroy(queue), cnrtSuccess);
}

TEST(ToolkitCnrt, AsyncWorkKeepsItsQueueOrder) {
  constexpr int kN = 1024;
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  int* dev = nullptr;
  ASSERT_EQ(cnrtMalloc(reinterpret_cast<void**>(&dev), kN * sizeof(int)),
            cnrtSuccess);
  std::vector<int> host(kN), back(kN, -1);
  for (int i = 0; i < kN; ++i) host[i] = i;
  // set, copy in over half, a kernel adding 1 everywhere, copy out: the
  // result shows every step ran in this order.
  ASSERT_EQ(cnrtMemsetAsync(dev, 0, kN * sizeof(int), queue), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpyAsync(dev, host.data(), kN / 2 * sizeof(int), queue,
                            cnrtMemcpyHostToDev),
            cnrtSuccess);
  ASSERT_EQ(xbang::launch(
                {1, 1, 1}, cnrtFuncTypeBlock, queue,
                [dev] {
                  for (int i = 0; i < kN; ++i) dev[i] += 1;
                },
                "add_one"),
            cnrtSuccess);
  ASSERT_EQ(cnrtMemcpyAsync(back.data(), dev, kN * sizeof(int), queue,
                            cnrtMemcpyDevToHost),
            cnrtSuccess);
  ASSERT_EQ(cnrtQueueSync(queue), cnrtSuccess);
  for (int i = 0; i < kN; ++i) {
    ASSERT_EQ(back[i], i < kN / 2 ? i + 1 : 1) << i;
  }
  EXPECT_EQ(cnrtFree(dev), cnrtSuccess);
  EXPECT_EQ(cnrtQueueDestroy(queue), cnrtSuccess);
}

__nram__ float toolkit_nram[64];

TEST(ToolkitCnrt, AKernelFailureIsReportedBySyncAsOnTheDevice) {
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  std::vector<float> host(64, 1.0f);
  // Host memory is not GDRAM: checked mode stops the copy and the launch.
  auto failing = [&host] {
    __memcpy(toolkit_nram, host.data(), 64 * sizeof(float), GDRAM2NRAM);
  };
  EXPECT_EQ(xbang::launch({1, 1, 1}, cnrtFuncTypeBlock, queue, failing,
                          "reads_host_memory"),
            cnrtErrorLaunchFailed);
  EXPECT_EQ(cnrtQueueQuery(queue), cnrtErrorLaunchFailed);
  EXPECT_EQ(cnrtQueueSync(queue), cnrtErrorLaunchFailed);
  EXPECT_EQ(cnrtQueueSync(queue), cnrtSuccess) << "reported once";
  EXPECT_EQ(cnrtQueueQuery(queue), cnrtSuccess);
  EXPECT_EQ(cnrtSyncDevice(), cnrtErrorLaunchFailed);
  EXPECT_EQ(cnrtSyncDevice(), cnrtSuccess);
  // Another queue saw no failure.
  cnrtQueue_t other = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&other), cnrtSuccess);
  EXPECT_EQ(cnrtQueueSync(other), cnrtSuccess);
  // A launch on a destroyed queue does not run.
  ASSERT_EQ(cnrtQueueDestroy(other), cnrtSuccess);
  bool ran = false;
  EXPECT_EQ(xbang::launch(
                {1, 1, 1}, cnrtFuncTypeBlock, other, [&ran] { ran = true; },
                "on_destroyed_queue"),
            cnrtErrorInvalidResourceHandle);
  EXPECT_FALSE(ran);
  EXPECT_EQ(cnrtQueueDestroy(queue), cnrtSuccess);
  cnrtGetLastError();
}

TEST(ToolkitCnrt, CopiesInEveryDirectionAndPointerAttributes) {
  char* dev_a = nullptr;
  char* dev_b = nullptr;
  char* pinned = nullptr;
  ASSERT_EQ(cnrtMalloc(reinterpret_cast<void**>(&dev_a), 256), cnrtSuccess);
  ASSERT_EQ(cnrtMalloc(reinterpret_cast<void**>(&dev_b), 256), cnrtSuccess);
  ASSERT_EQ(cnrtMallocHost(reinterpret_cast<void**>(&pinned), 256),
            cnrtSuccess);
  for (int i = 0; i < 256; ++i) pinned[i] = char(i);
  char out[256] = {};
  ASSERT_EQ(cnrtMemcpy(dev_a, pinned, 256, cnrtMemcpyHostToDev), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpy(dev_b, dev_a, 256, cnrtMemcpyDevToDev), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpy(out, dev_b, 128, cnrtMemcpyDevToHost), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpy(out + 128, pinned + 128, 128, cnrtMemcpyHostToHost),
            cnrtSuccess);
  EXPECT_EQ(std::memcmp(out, pinned, 256), 0);
  ASSERT_EQ(cnrtMemset(dev_b, 7, 256), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpy(out, dev_b, 256, cnrtMemcpyNoDirection), cnrtSuccess);
  EXPECT_EQ(out[0], 7);
  EXPECT_EQ(out[255], 7);

  cnrtPointerAttributes_t attr;
  ASSERT_EQ(cnrtPointerGetAttributes(&attr, dev_a + 100), cnrtSuccess);
  EXPECT_EQ(attr.type, cnrtMemTypeDevice);
  EXPECT_EQ(attr.size, 256u);
  EXPECT_EQ(attr.deviceBasePointer, dev_a);
  EXPECT_EQ(attr.devicePointer, dev_a + 100);
  ASSERT_EQ(cnrtPointerGetAttributes(&attr, pinned + 3), cnrtSuccess);
  EXPECT_EQ(attr.type, cnrtMemTypeHost);
  EXPECT_EQ(attr.hostPointer, pinned + 3);
  ASSERT_EQ(cnrtPointerGetAttributes(&attr, out), cnrtSuccess);
  EXPECT_EQ(attr.type, cnrtMemTypeUnregistered);

  EXPECT_EQ(cnrtFree(dev_a), cnrtSuccess);
  EXPECT_EQ(cnrtFree(dev_b), cnrtSuccess);
  EXPECT_EQ(cnrtFreeHost(pinned), cnrtSuccess);
  size_t available = 0, total = 0;
  ASSERT_EQ(cnrtMemGetInfo(&available, &total), cnrtSuccess);
  EXPECT_GT(total, 0u);
  EXPECT_LE(available, total);
}

TEST(ToolkitCnrt, DeviceResetFreesEveryAllocation) {
  void* dev = nullptr;
  ASSERT_EQ(cnrtMalloc(&dev, 64), cnrtSuccess);
  ASSERT_EQ(cnrtDeviceReset(), cnrtSuccess);
  EXPECT_EQ(cnrtFree(dev), cnrtErrorArgsInvalid) << "already freed by reset";
  EXPECT_EQ(cnrtSyncDevice(), cnrtSuccess);
  cnrtGetLastError();
}

TEST(ToolkitCnrt, QueuesAndNotifiersFromManyThreadsAtOnce) {
  constexpr int kThreads = 8, kEach = 50;
  std::vector<std::vector<cnrtQueue_t>> made(kThreads);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        cnrtQueue_t q = nullptr;
        cnrtNotifier_t n = nullptr;
        if (cnrtQueueCreate(&q) != cnrtSuccess ||
            cnrtNotifierCreate(&n) != cnrtSuccess ||
            cnrtPlaceNotifier(n, q) != cnrtSuccess ||
            cnrtNotifierDestroy(n) != cnrtSuccess) {
          ++failures;
        }
        made[t].push_back(q);
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  std::vector<cnrtQueue_t> all;
  for (auto& v : made) all.insert(all.end(), v.begin(), v.end());
  std::sort(all.begin(), all.end());
  EXPECT_EQ(std::unique(all.begin(), all.end()), all.end())
      << "every live queue is its own";
  for (cnrtQueue_t q : all) ASSERT_EQ(cnrtQueueDestroy(q), cnrtSuccess);
  for (cnrtQueue_t q : all) {
    ASSERT_EQ(cnrtQueueDestroy(q), cnrtErrorInvalidResourceHandle);
  }
  cnrtGetLastError();
}

// --- Bad input: each call returns its CNRT code, never crashes ------------

struct Handles {
  char* dev64 = nullptr;  // a 64-byte cnrtMalloc allocation
  char host[64] = {};
  cnrtQueue_t live_queue = nullptr;
  cnrtQueue_t destroyed_queue = nullptr;
  cnrtNotifier_t placed = nullptr;
  cnrtNotifier_t unplaced = nullptr;
  cnrtNotifier_t untimed = nullptr;
  cnrtNotifier_t destroyed_notifier = nullptr;
  int not_a_handle = 0;
};

Handles& handles() {
  static Handles* h = [] {
    auto* made = new Handles;
    cnrtMalloc(reinterpret_cast<void**>(&made->dev64), 64);
    cnrtQueueCreate(&made->live_queue);
    cnrtQueueCreate(&made->destroyed_queue);
    cnrtQueueDestroy(made->destroyed_queue);
    cnrtNotifierCreate(&made->placed);
    cnrtPlaceNotifier(made->placed, made->live_queue);
    cnrtNotifierCreate(&made->unplaced);
    cnrtNotifierCreateWithFlags(&made->untimed,
                                CNRT_NOTIFIER_DISABLE_TIMING_ALL);
    cnrtPlaceNotifier(made->untimed, made->live_queue);
    cnrtNotifierCreate(&made->destroyed_notifier);
    cnrtNotifierDestroy(made->destroyed_notifier);
    return made;
  }();
  return *h;
}

using BadCnrtCall = BadCall<cnrtRet_t, Handles&>;

cnrtQueue_t foreign_queue(Handles& h) {
  return reinterpret_cast<cnrtQueue_t>(&h.not_a_handle);
}

const BadCnrtCall kBadCalls[] = {
    // Memory.
    {"MallocNullOut", [](Handles&) { return cnrtMalloc(nullptr, 16); },
     cnrtErrorArgsInvalid},
    {"MallocSizeMax",
     [](Handles&) {
       void* p = nullptr;
       return cnrtMalloc(&p, SIZE_MAX);
     },
     cnrtErrorNoMem},
    {"MallocJustBelowSizeMax",
     [](Handles&) {
       void* p = nullptr;
       return cnrtMalloc(&p, SIZE_MAX - (size_t(1) << 20));
     },
     cnrtErrorNoMem},
    // More than the device has (it would abort the sanitizers' allocators).
    {"MallocBeyondDeviceMemory",
     [](Handles&) {
       void* p = nullptr;
       return cnrtMalloc(&p, size_t(1) << 50);
     },
     cnrtErrorNoMem},
    {"FreeStackPointer", [](Handles& h) { return cnrtFree(h.host); },
     cnrtErrorArgsInvalid},
    {"FreeInteriorPointer", [](Handles& h) { return cnrtFree(h.dev64 + 8); },
     cnrtErrorArgsInvalid},
    {"DoubleFree",
     [](Handles&) {
       void* p = nullptr;
       cnrtMalloc(&p, 8);
       cnrtFree(p);
       return cnrtFree(p);
     },
     cnrtErrorArgsInvalid},
    {"HostMallocSizeMax",
     [](Handles&) {
       void* p = nullptr;
       return cnrtHostMalloc(&p, SIZE_MAX);
     },
     cnrtErrorSysNoMem},
    {"HostMallocBeyondHostMemory",
     [](Handles&) {
       void* p = nullptr;
       return cnrtHostMalloc(&p, size_t(1) << 50);
     },
     cnrtErrorSysNoMem},
    {"HostMallocNullOut", [](Handles&) { return cnrtHostMalloc(nullptr, 8); },
     cnrtErrorArgsInvalid},
    {"FreeHostOfDeviceMemory", [](Handles& h) { return cnrtFreeHost(h.dev64); },
     cnrtErrorArgsInvalid},
    // Copies.
    {"MemcpyPastAllocation",
     [](Handles& h) {
       return cnrtMemcpy(h.dev64, h.host, 65, cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyPastAllocationFromInside",
     [](Handles& h) {
       return cnrtMemcpy(h.host, h.dev64 + 60, 8, cnrtMemcpyDevToHost);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyToDeviceSizeMax",
     [](Handles& h) {
       return cnrtMemcpy(h.dev64, h.host, SIZE_MAX, cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyFromDeviceSizeMax",
     [](Handles& h) {
       return cnrtMemcpy(h.host, h.dev64, SIZE_MAX, cnrtMemcpyDevToHost);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyDevToDevNearSizeMax",
     [](Handles& h) {
       return cnrtMemcpy(h.dev64, h.dev64, SIZE_MAX - 63, cnrtMemcpyDevToDev);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyHostToHostWrapping",
     [](Handles& h) {
       return cnrtMemcpy(h.host, h.host + 1, SIZE_MAX, cnrtMemcpyHostToHost);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyHostSideIsNotDevice",
     [](Handles& h) {
       return cnrtMemcpy(h.host, h.host, 8, cnrtMemcpyDevToHost);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyNullDst",
     [](Handles& h) {
       return cnrtMemcpy(nullptr, h.dev64, 8, cnrtMemcpyDevToHost);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyDirectionOutsideTheEnum",
     [](Handles& h) {
       // 7 is a valid value of the enum's type but names no direction.
       return cnrtMemcpy(h.dev64, h.host, 8, static_cast<cnrtMemTransDir_t>(7));
     },
     cnrtErrorMemcpyDirectionInvalid},
    {"MemcpyPeerToPeerWithOneDevice",
     [](Handles& h) {
       return cnrtMemcpy(h.dev64, h.dev64, 8, cnrtMemcpyPeerToPeer);
     },
     cnrtErrorMemcpyDirectionInvalid},
    {"MemcpyAsyncOnDestroyedQueue",
     [](Handles& h) {
       return cnrtMemcpyAsync(h.dev64, h.host, 8, h.destroyed_queue,
                              cnrtMemcpyHostToDev);
     },
     cnrtErrorInvalidResourceHandle},
    {"MemcpyAsyncPastAllocation",
     [](Handles& h) {
       return cnrtMemcpyAsync(h.dev64, h.host, 65, h.live_queue,
                              cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"MemsetSizeMax",
     [](Handles& h) { return cnrtMemset(h.dev64, 0, SIZE_MAX); },
     cnrtErrorArgsInvalid},
    {"MemsetPastAllocation",
     [](Handles& h) { return cnrtMemset(h.dev64 + 8, 0, 64); },
     cnrtErrorArgsInvalid},
    {"MemsetHostMemory", [](Handles& h) { return cnrtMemset(h.host, 0, 8); },
     cnrtErrorArgsInvalid},
    {"MemsetNull", [](Handles&) { return cnrtMemset(nullptr, 0, 8); },
     cnrtErrorArgsInvalid},
    {"MemsetAsyncOnForeignQueue",
     [](Handles& h) {
       return cnrtMemsetAsync(h.dev64, 0, 8, foreign_queue(h));
     },
     cnrtErrorInvalidResourceHandle},
    {"PointerAttributesNullOut",
     [](Handles& h) { return cnrtPointerGetAttributes(nullptr, h.dev64); },
     cnrtErrorArgsInvalid},
    // Queues.
    {"QueueCreateNullOut", [](Handles&) { return cnrtQueueCreate(nullptr); },
     cnrtErrorArgsInvalid},
    {"QueueDestroyTwice",
     [](Handles& h) { return cnrtQueueDestroy(h.destroyed_queue); },
     cnrtErrorInvalidResourceHandle},
    {"QueueDestroyForeign",
     [](Handles& h) { return cnrtQueueDestroy(foreign_queue(h)); },
     cnrtErrorInvalidResourceHandle},
    {"QueueDestroyNull", [](Handles&) { return cnrtQueueDestroy(nullptr); },
     cnrtErrorArgsInvalid},
    {"QueueSyncDestroyed",
     [](Handles& h) { return cnrtQueueSync(h.destroyed_queue); },
     cnrtErrorInvalidResourceHandle},
    {"QueueQueryDestroyed",
     [](Handles& h) { return cnrtQueueQuery(h.destroyed_queue); },
     cnrtErrorInvalidResourceHandle},
    {"QueueWaitNotifierDestroyedQueue",
     [](Handles& h) {
       return cnrtQueueWaitNotifier(h.placed, h.destroyed_queue, 0);
     },
     cnrtErrorInvalidResourceHandle},
    {"QueueWaitNotifierBadFlag",
     [](Handles& h) {
       return cnrtQueueWaitNotifier(h.placed, h.live_queue, 1);
     },
     cnrtErrorArgsInvalid},
    // Notifiers.
    {"NotifierCreateNullOut",
     [](Handles&) { return cnrtNotifierCreate(nullptr); },
     cnrtErrorArgsInvalid},
    {"NotifierCreateUnknownFlags",
     [](Handles&) {
       cnrtNotifier_t n = nullptr;
       return cnrtNotifierCreateWithFlags(&n, 0x100);
     },
     cnrtErrorArgsInvalid},
    {"NotifierDestroyTwice",
     [](Handles& h) { return cnrtNotifierDestroy(h.destroyed_notifier); },
     cnrtErrorInvalidResourceHandle},
    {"NotifierDestroyNull",
     [](Handles&) { return cnrtNotifierDestroy(nullptr); },
     cnrtErrorInvalidResourceHandle},
    {"PlaceDestroyedNotifier",
     [](Handles& h) {
       return cnrtPlaceNotifier(h.destroyed_notifier, h.live_queue);
     },
     cnrtErrorInvalidResourceHandle},
    {"PlaceOnDestroyedQueue",
     [](Handles& h) {
       return cnrtPlaceNotifier(h.unplaced, h.destroyed_queue);
     },
     cnrtErrorInvalidResourceHandle},
    {"QueryDestroyedNotifier",
     [](Handles& h) { return cnrtQueryNotifier(h.destroyed_notifier); },
     cnrtErrorInvalidResourceHandle},
    {"WaitNullNotifier", [](Handles&) { return cnrtWaitNotifier(nullptr); },
     cnrtErrorInvalidResourceHandle},
    {"DurationFromUnplaced",
     [](Handles& h) {
       float us = 0;
       return cnrtNotifierDuration(h.unplaced, h.placed, &us);
     },
     cnrtErrorIllegalState},
    {"DurationWithoutTiming",
     [](Handles& h) {
       float us = 0;
       return cnrtNotifierDuration(h.placed, h.untimed, &us);
     },
     cnrtErrorIllegalState},
    {"DurationNullOut",
     [](Handles& h) {
       return cnrtNotifierDuration(h.placed, h.placed, nullptr);
     },
     cnrtErrorArgsInvalid},
    {"ElapsedTimeDestroyed",
     [](Handles& h) {
       float ms = 0;
       return cnrtNotifierElapsedTime(h.placed, h.destroyed_notifier, &ms);
     },
     cnrtErrorInvalidResourceHandle},
    // Devices.
    {"SetDeviceOne", [](Handles&) { return cnrtSetDevice(1); },
     cnrtErrorDeviceInvalid},
    {"SetDeviceNegative", [](Handles&) { return cnrtSetDevice(-1); },
     cnrtErrorDeviceInvalid},
    {"GetDeviceNullOut", [](Handles&) { return cnrtGetDevice(nullptr); },
     cnrtErrorArgsInvalid},
    {"DeviceCountNullOut", [](Handles&) { return cnrtGetDeviceCount(nullptr); },
     cnrtErrorArgsInvalid},
    {"AttributeNullOut",
     [](Handles&) {
       return cnrtDeviceGetAttribute(nullptr, cnrtAttrClusterCount, 0);
     },
     cnrtErrorArgsInvalid},
    {"AttributeUnknown",
     [](Handles&) {
       int v = 0;
       // 0x30 lies inside the enum's range but names no attribute.
       return cnrtDeviceGetAttribute(&v, static_cast<cnrtDeviceAttr_t>(0x30),
                                     0);
     },
     cnrtErrorNoAttribute},
    {"AttributeOfDeviceOne",
     [](Handles&) {
       int v = 0;
       return cnrtDeviceGetAttribute(&v, cnrtAttrClusterCount, 1);
     },
     cnrtErrorDeviceInvalid},
    {"PropertiesNullOut",
     [](Handles&) { return cnrtGetDeviceProperties(nullptr, 0); },
     cnrtErrorArgsInvalid},
    {"LibVersionNullOut",
     [](Handles&) {
       int a = 0, b = 0;
       return cnrtGetLibVersion(&a, &b, nullptr);
     },
     cnrtErrorArgsInvalid},
};

class ToolkitCnrtBadInput : public testing::TestWithParam<BadCnrtCall> {};

TEST_P(ToolkitCnrtBadInput, ReturnsTheCnrtCode) {
  Handles& h = handles();
  ASSERT_NE(h.dev64, nullptr);
  cnrtGetLastError();
  const cnrtRet_t ret = GetParam().call(h);
  EXPECT_EQ(ret, GetParam().expected) << cnrtGetErrorName(ret) << " instead of "
                                      << cnrtGetErrorName(GetParam().expected);
  EXPECT_EQ(cnrtGetLastError(), GetParam().expected)
      << "a failed call sets the last error";
}

INSTANTIATE_TEST_SUITE_P(Table, ToolkitCnrtBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
