// CNDrv and CNDev for the emulated device: CNresult / cndevRet_t numbers
// equal to the real libraries', attributes equal to the profile, the context
// cnrtSetDevice binds, the context configuration mlu-ops reads, host-based
// peaks, and bad input answered with the documented codes (tables).
#include <cn_api.h>
#include <cndev.h>
#include <cnrt.h>
#include <gtest/gtest.h>

#include <climits>
#include <cstring>
#include <functional>
#include <string>
#include <thread>

#include "bad_call_table.h"
#include "xbang/core/arch.h"
#include "xbang/runtime/device.h"
#include "xbang/runtime/launch.h"

namespace {

TEST(ToolkitCndrv, ResultCodesAreCndrvs) {
  const struct {
    CNresult code;
    long value;
    const char* name;
  } kCodes[] = {
      {CN_SUCCESS, 0, "CN_SUCCESS"},
      {CN_ERROR_NOT_READY, 1, "CN_ERROR_NOT_READY"},
      {CN_ERROR_NOT_INITIALIZED, 100002, "CN_ERROR_NOT_INITIALIZED"},
      {CN_ERROR_INVALID_DEVICE, 100005, "CN_ERROR_INVALID_DEVICE"},
      {CN_ERROR_INVALID_VALUE, 100006, "CN_ERROR_INVALID_VALUE"},
      {CN_ERROR_INVALID_HANDLE, 100014, "CN_ERROR_INVALID_HANDLE"},
      {CN_OPS_ERROR_NOT_SUPPORTED, 100050, "CN_OPS_ERROR_NOT_SUPPORTED"},
      {CN_QUEUE_ERROR_INVALID, 100060, "CN_QUEUE_ERROR_INVALID"},
      {CN_NOTIFIER_ERROR_INVALID, 100080, "CN_NOTIFIER_ERROR_INVALID"},
      {CN_MEMORY_ERROR_OUT_OF_MEMORY, 100100, "CN_MEMORY_ERROR_OUT_OF_MEMORY"},
      {CN_CONTEXT_ERROR_INVALID, 100201, "CN_CONTEXT_ERROR_INVALID"},
      {CN_ERROR_UNKNOWN, 200000, "CN_ERROR_UNKNOWN"},
  };
  for (const auto& c : kCodes) {
    EXPECT_EQ(long(c.code), c.value) << c.name;
    const char* name = nullptr;
    const char* message = nullptr;
    ASSERT_EQ(cnGetErrorName(c.code, &name), CN_SUCCESS);
    ASSERT_EQ(cnGetErrorString(c.code, &message), CN_SUCCESS);
    EXPECT_STREQ(name, c.name);
    EXPECT_GT(std::strlen(message), 0u);
  }
  EXPECT_EQ(int(CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT), 0x205);
  EXPECT_EQ(int(CN_DEVICE_ATTRIBUTE_MAX_CORE_COUNT_PER_CLUSTER), 0x206);
  EXPECT_EQ(int(CN_DEVICE_ATTRIBUTE_CLUSTER_CLOCK_RATE), 0x402);
  EXPECT_EQ(int(CN_DEVICE_ATTRIBUTE_NRAM_SIZE_PER_CORE), 0x302);
  EXPECT_EQ(int(CN_DEVICE_ATTRIBUTE_MAX_SHARED_RAM_SIZE_PER_CLUSTER), 0x306);
  EXPECT_EQ(int(CN_KERNEL_CLASS_UNION8), 32);
  int major = 0, minor = 0, patch = 0;
  ASSERT_EQ(cnGetLibVersion(&major, &minor, &patch), CN_SUCCESS);
  EXPECT_EQ(major * 100000 + minor * 1000 + patch, CN_VERSION);
}

TEST(ToolkitCndrv, AttributesAreTheProfileAndEqualCnrts) {
  const struct {
    CNdevice_attribute attr;
    long expected;
  } kProfile[] = {
      {CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT, xbang::device_cluster_count()},
      {CN_DEVICE_ATTRIBUTE_MAX_CORE_COUNT_PER_CLUSTER, xbang::kCoresPerCluster},
      {CN_DEVICE_ATTRIBUTE_NRAM_SIZE_PER_CORE, xbang::kNramBytes},
      {CN_DEVICE_ATTRIBUTE_WEIGHT_RAM_SIZE_PER_CORE, xbang::kWramBytes},
      {CN_DEVICE_ATTRIBUTE_MAX_SHARED_RAM_SIZE_PER_CLUSTER, xbang::kSramBytes},
      {CN_DEVICE_ATTRIBUTE_MLU_ISA_VERSION, xbang::kArch},
  };
  for (const auto& p : kProfile) {
    int value = -1, cnrt_value = -2;
    ASSERT_EQ(cnDeviceGetAttribute(&value, p.attr, 0), CN_SUCCESS);
    EXPECT_EQ(value, p.expected) << std::hex << int(p.attr);
    ASSERT_EQ(cnrtDeviceGetAttribute(
                  &cnrt_value, static_cast<cnrtDeviceAttr_t>(int(p.attr)), 0),
              cnrtSuccess);
    EXPECT_EQ(cnrt_value, value) << "CNRT and CNDrv agree";
  }
  int clock = 0, memory_clock = 0, bus = 0;
  ASSERT_EQ(
      cnDeviceGetAttribute(&clock, CN_DEVICE_ATTRIBUTE_CLUSTER_CLOCK_RATE, 0),
      CN_SUCCESS);
  ASSERT_EQ(cnDeviceGetAttribute(&memory_clock,
                                 CN_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, 0),
            CN_SUCCESS);
  ASSERT_EQ(cnDeviceGetAttribute(
                &bus, CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, 0),
            CN_SUCCESS);
  EXPECT_GE(clock, 100000);
  EXPECT_GT(memory_clock, 0);
  EXPECT_EQ(bus, 64);
  char name[64];
  ASSERT_EQ(cnDeviceGetName(name, sizeof(name), 0), CN_SUCCESS);
  EXPECT_NE(std::strstr(name, std::to_string(xbang::kArch).c_str()), nullptr);
}

TEST(ToolkitCndrv, ContextIsTheOneCnrtSetDeviceBinds) {
  std::thread([] {
    CNcontext before = reinterpret_cast<CNcontext>(1);
    ASSERT_EQ(cnCtxGetCurrent(&before), CN_SUCCESS);
    EXPECT_EQ(before, nullptr) << "a fresh thread has no context";
    CNdev dev = -1;
    EXPECT_EQ(cnCtxGetDevice(&dev), CN_CONTEXT_ERROR_INVALID);
    ASSERT_EQ(cnrtSetDevice(0), cnrtSuccess);
    CNcontext bound = nullptr;
    ASSERT_EQ(cnCtxGetCurrent(&bound), CN_SUCCESS);
    EXPECT_NE(bound, nullptr);
    ASSERT_EQ(cnCtxGetDevice(&dev), CN_SUCCESS);
    EXPECT_EQ(dev, 0);
    CNcontext shared = nullptr;
    ASSERT_EQ(cnSharedContextAcquire(&shared, dev), CN_SUCCESS);
    EXPECT_EQ(shared, bound);
    EXPECT_EQ(cnSharedContextRelease(dev), CN_SUCCESS);

    cnrtQueue_t queue = nullptr;
    ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
    CNcontext of_queue = nullptr;
    ASSERT_EQ(cnQueueGetContext(queue, &of_queue), CN_SUCCESS);
    EXPECT_EQ(of_queue, bound);
    EXPECT_EQ(cnrtQueueDestroy(queue), cnrtSuccess);
    EXPECT_EQ(cnQueueGetContext(queue, &of_queue), CN_QUEUE_ERROR_INVALID);
    EXPECT_EQ(cnCtxSync(), CN_SUCCESS);
  }).join();
}

TEST(ToolkitCndrv, ContextConfigurationIsTheEmulatedClusters) {
  ASSERT_EQ(cnrtSetDevice(0), cnrtSuccess);
  CNcontext ctx = nullptr;
  ASSERT_EQ(cnCtxGetCurrent(&ctx), CN_SUCCESS);
  const int clusters = xbang::device_cluster_count();
  CNctxConfigParam param;
  ASSERT_EQ(cnGetCtxConfigParam(ctx, CN_CTX_CONFIG_VISIBLE_CLUSTER_NUM, &param),
            CN_SUCCESS);
  EXPECT_EQ(param.visibleClusterNumber, uint64_t(clusters));
  ASSERT_EQ(cnGetCtxConfigParam(ctx, CN_CTX_CONFIG_VISIBLE_CLUSTER, &param),
            CN_SUCCESS);
  EXPECT_EQ(__builtin_popcountll(param.visibleCluster), std::min(clusters, 64));
  ASSERT_EQ(cnGetCtxConfigParam(ctx, CN_CTX_CONFIG_UNION_LIMIT, &param),
            CN_SUCCESS);
  int largest = 1;
  while (largest < 16 && largest * 2 <= clusters) largest *= 2;
  EXPECT_EQ(int(param.unionLimit), CN_KERNEL_CLASS_UNION * largest);

  const struct {
    KernelClass kernel_class;
    int expected;
  } kParallel[] = {
      {CN_KERNEL_CLASS_BLOCK, clusters * xbang::kCoresPerCluster},
      {CN_KERNEL_CLASS_UNION, clusters},
      {CN_KERNEL_CLASS_UNION2, clusters / 2},
      {CN_KERNEL_CLASS_UNION4, clusters / 4},
      {CN_KERNEL_CLASS_UNION8, clusters / 8},
      {CN_KERNEL_CLASS_UNION16, clusters / 16},
  };
  for (const auto& p : kParallel) {
    int number = -1;
    ASSERT_EQ(cnGetCtxMaxParallelUnionTasks(ctx, p.kernel_class, &number),
              CN_SUCCESS);
    EXPECT_EQ(number, p.expected) << int(p.kernel_class);
  }
}

TEST(ToolkitCndev, PeaksAreThisHostsSpreadOverTheEmulatedCores) {
  ASSERT_EQ(cndevInit(0), CNDEV_SUCCESS);
  ASSERT_EQ(cndevInit(0), CNDEV_SUCCESS) << "idempotent";
  cndevDeviceMaxPerformance_t peak;
  peak.version = CNDEV_VERSION_5;
  ASSERT_EQ(cndevGetDeviceMaxPerformance(&peak, 0), CNDEV_SUCCESS);
  EXPECT_GE(peak.fp32Vector, 1u);
  EXPECT_EQ(peak.fp16Vector, peak.fp32Vector) << "half computes in float";
  EXPECT_GE(peak.int8Vector, peak.int16Vector);
  EXPECT_EQ(peak.int4Tensor, 0u);
  cndevDDRInfo_t ddr;
  ddr.version = CNDEV_VERSION_5;
  ASSERT_EQ(cndevGetDDRInfo(&ddr, 0), CNDEV_SUCCESS);
  const double gbps = ddr.bandWidth + ddr.bandWidthDecimal / 10.0;
  EXPECT_GT(gbps, 0.1) << "a host copies more than 100 MB/s";
  EXPECT_LT(gbps, 10000.0);
  EXPECT_LT(ddr.bandWidthDecimal, 10u);
  EXPECT_EQ(ddr.dataWidth, 64u);
  cndevCardInfo_t cards;
  cards.version = CNDEV_VERSION_5;
  ASSERT_EQ(cndevGetDeviceCount(&cards), CNDEV_SUCCESS);
  EXPECT_EQ(cards.number, 1u);
  EXPECT_EQ(int(CNDEV_ERROR_UNINITIALIZED), 4);
  EXPECT_EQ(int(CNDEV_ERROR_INVALID_DEVICE_ID), 6);
  EXPECT_STRNE(cndevGetErrorString(CNDEV_SUCCESS),
               cndevGetErrorString(CNDEV_ERROR_INVALID_ARGUMENT));
}

TEST(ToolkitCndevDeathTest, CheckErrorsExitsOnFailure) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(cndevCheckErrors(cndevGetDDRInfo(nullptr, 0)),
              testing::ExitedWithCode(1), "cndevCheckErrors\\([0-9]+\\)");
}

using BadCndrvCall = BadCall<CNresult>;

CNcontext context() {
  CNcontext ctx = nullptr;
  cnSharedContextAcquire(&ctx, 0);
  return ctx;
}

CNcontext foreign_context() {
  static int not_a_context = 0;
  return reinterpret_cast<CNcontext>(&not_a_context);
}

const BadCndrvCall kBadCndrvCalls[] = {
    {"AttributeNullOut",
     [] {
       return cnDeviceGetAttribute(nullptr,
                                   CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT, 0);
     },
     CN_ERROR_INVALID_VALUE},
    {"AttributeUnknown",
     [] {
       int v = 0;
       return cnDeviceGetAttribute(&v, static_cast<CNdevice_attribute>(0x30),
                                   0);
     },
     CN_ERROR_INVALID_VALUE},
    {"AttributeOfDeviceTwo",
     [] {
       int v = 0;
       return cnDeviceGetAttribute(&v, CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT,
                                   2);
     },
     CN_ERROR_INVALID_DEVICE},
    {"NameTooShortABuffer",
     [] {
       char name[4];
       return cnDeviceGetName(name, sizeof(name), 0);
     },
     CN_ERROR_INVALID_VALUE},
    {"NameNull", [] { return cnDeviceGetName(nullptr, 64, 0); },
     CN_ERROR_INVALID_VALUE},
    {"DeviceGetOrdinalOne",
     [] {
       CNdev d = 0;
       return cnDeviceGet(&d, 1);
     },
     CN_ERROR_INVALID_DEVICE},
    {"ConfigOfForeignContext",
     [] {
       CNctxConfigParam p;
       return cnGetCtxConfigParam(foreign_context(),
                                  CN_CTX_CONFIG_VISIBLE_CLUSTER_NUM, &p);
     },
     CN_CONTEXT_ERROR_INVALID},
    {"ConfigNullContext",
     [] {
       CNctxConfigParam p;
       return cnGetCtxConfigParam(nullptr, CN_CTX_CONFIG_UNION_LIMIT, &p);
     },
     CN_CONTEXT_ERROR_INVALID},
    {"ConfigUnknownType",
     [] {
       CNctxConfigParam p;
       return cnGetCtxConfigParam(context(), CN_CTX_CONFIG_NUM, &p);
     },
     CN_ERROR_INVALID_VALUE},
    {"ConfigNullOut",
     [] {
       return cnGetCtxConfigParam(context(), CN_CTX_CONFIG_UNION_LIMIT,
                                  nullptr);
     },
     CN_ERROR_INVALID_VALUE},
    {"SetConfigIsFixed",
     [] {
       CNctxConfigParam p;
       p.visibleClusterNumber = 1;
       return cnSetCtxConfigParam(context(), CN_CTX_CONFIG_VISIBLE_CLUSTER, &p);
     },
     CN_OPS_ERROR_NOT_SUPPORTED},
    {"ParallelTasksUnknownClass",
     [] {
       int n = 0;
       return cnGetCtxMaxParallelUnionTasks(context(), CN_KERNEL_CLASS_NONE,
                                            &n);
     },
     CN_ERROR_INVALID_VALUE},
    {"ParallelTasksNullOut",
     [] {
       return cnGetCtxMaxParallelUnionTasks(context(), CN_KERNEL_CLASS_UNION,
                                            nullptr);
     },
     CN_ERROR_INVALID_VALUE},
    {"QueueContextOfForeignQueue",
     [] {
       static int not_a_queue = 0;
       CNcontext c = nullptr;
       return cnQueueGetContext(reinterpret_cast<CNqueue>(&not_a_queue), &c);
     },
     CN_QUEUE_ERROR_INVALID},
    {"SetCurrentForeign", [] { return cnCtxSetCurrent(foreign_context()); },
     CN_CONTEXT_ERROR_INVALID},
    {"InitWithFlags", [] { return cnInit(1); }, CN_ERROR_INVALID_VALUE},
    {"ErrorStringNullOut", [] { return cnGetErrorString(CN_SUCCESS, nullptr); },
     CN_ERROR_INVALID_VALUE},
    {"MallocHostNullOut", [] { return cnMallocHost(nullptr, 8); },
     CN_ERROR_INVALID_VALUE},
    {"FreeHostOfStack",
     [] {
       static int stack_like = 0;
       return cnFreeHost(&stack_like);
     },
     CN_ERROR_INVALID_VALUE},
};

class ToolkitCndrvBadInput : public testing::TestWithParam<BadCndrvCall> {};

TEST_P(ToolkitCndrvBadInput, ReturnsTheCndrvCode) {
  EXPECT_EQ(GetParam().call(), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(Table, ToolkitCndrvBadInput,
                         testing::ValuesIn(kBadCndrvCalls), BadCallName());

using BadCndevCall = BadCall<cndevRet_t>;

const BadCndevCall kBadCndevCalls[] = {
    {"InitReservedNonZero", [] { return cndevInit(1); },
     CNDEV_ERROR_INVALID_ARGUMENT},
    {"PeakNullOut",
     [] {
       cndevInit(0);
       return cndevGetDeviceMaxPerformance(nullptr, 0);
     },
     CNDEV_ERROR_INVALID_ARGUMENT},
    {"PeakOfDeviceOne",
     [] {
       cndevInit(0);
       cndevDeviceMaxPerformance_t p;
       return cndevGetDeviceMaxPerformance(&p, 1);
     },
     CNDEV_ERROR_INVALID_DEVICE_ID},
    {"DdrBeforeInit",
     [] {
       cndevRelease();
       cndevDDRInfo_t d;
       const cndevRet_t ret = cndevGetDDRInfo(&d, 0);
       cndevInit(0);
       return ret;
     },
     CNDEV_ERROR_UNINITIALIZED},
    {"DdrOfNegativeDevice",
     [] {
       cndevInit(0);
       cndevDDRInfo_t d;
       return cndevGetDDRInfo(&d, -1);
     },
     CNDEV_ERROR_INVALID_DEVICE_ID},
};

class ToolkitCndevBadInput : public testing::TestWithParam<BadCndevCall> {};

TEST_P(ToolkitCndevBadInput, ReturnsTheCndevCode) {
  EXPECT_EQ(GetParam().call(), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(Table, ToolkitCndevBadInput,
                         testing::ValuesIn(kBadCndevCalls), BadCallName());

}  // namespace
