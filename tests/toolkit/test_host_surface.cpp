// The CNRT / CNDrv / CNDev / CNPAPI calls mlu-ops' library and test
// framework make beyond the tutorial surface: constant memory, pointer
// attributes, the PCI bus id, quantized casts, CNDev's process and
// frequency information, CNPAPI's result strings, the driver's /proc entries;
// bad input answered with the documented codes (tables).
#include <cn_api.h>
#include <cndev.h>
#include <cnpapi.h>
#include <cnpapi_generated_cndrv_params.h>
#include <cnrt.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "bad_call_table.h"

namespace {

TEST(ToolkitHostSurface, ConstantMemoryIsDeviceMemory) {
  void* p = nullptr;
  ASSERT_EQ(cnrtMallocConstant(&p, 1000), cnrtSuccess);
  cnrtPointerAttributes_t attr;
  ASSERT_EQ(cnrtPointerGetAttributes(&attr, p), cnrtSuccess);
  EXPECT_EQ(attr.type, cnrtMemTypeDevice);
  EXPECT_EQ(attr.size, 1000u);
  std::vector<char> host(1000, 7), back(1000, 0);
  ASSERT_EQ(cnrtMemcpy(p, host.data(), 1000, cnrtMemcpyHostToDev), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpy(back.data(), p, 1000, cnrtMemcpyDevToHost), cnrtSuccess);
  EXPECT_EQ(back, host);
  EXPECT_EQ(cnrtFree(p), cnrtSuccess);
}

TEST(ToolkitHostSurface, CndrvAllocationsAndAttributes) {
  CNaddr plain = 0, constant = 0;
  ASSERT_EQ(cnMalloc(&plain, 4096), CN_SUCCESS);
  ASSERT_EQ(cnMallocConstant(&constant, 256), CN_SUCCESS);
  ASSERT_NE(plain, 0u);
  ASSERT_NE(constant, 0u);
  int linear = -1, supported = -1;
  ASSERT_EQ(cnGetMemAttribute(&linear, CN_MEM_ATTRIBUTE_ISLINEAR, plain + 100),
            CN_SUCCESS);
  ASSERT_EQ(cnDeviceGetAttribute(
                &supported, CN_DEVICE_ATTRIBUTE_LINEAR_MAPPING_SUPPORTED, 0),
            CN_SUCCESS);
  EXPECT_EQ(linear, supported);
  CNaddr start = 0;
  cn_uint64_t size = 0;
  ASSERT_EQ(
      cnGetMemAttribute(&start, CN_MEM_ATTRIBUTE_RANGE_START_ADDR, plain + 100),
      CN_SUCCESS);
  ASSERT_EQ(cnGetMemAttribute(&size, CN_MEM_ATTRIBUTE_RANGE_SIZE, plain + 100),
            CN_SUCCESS);
  EXPECT_EQ(start, plain);
  EXPECT_EQ(size, 4096u);
  ASSERT_EQ(cnGetMemAttribute(&size, CN_MEM_ATTRIBUTE_RANGE_SIZE, constant),
            CN_SUCCESS);
  EXPECT_EQ(size, 256u);
  int ordinal = -1;
  ASSERT_EQ(cnGetMemAttribute(&ordinal, CN_MEM_ATTRIBUTE_DEVICE_ORDINAL, plain),
            CN_SUCCESS);
  EXPECT_EQ(ordinal, 0);
  CNcontext ctx = nullptr, shared = nullptr;
  ASSERT_EQ(cnGetMemAttribute(&ctx, CN_MEM_ATTRIBUTE_CONTEXT, plain),
            CN_SUCCESS);
  ASSERT_EQ(cnSharedContextAcquire(&shared, 0), CN_SUCCESS);
  EXPECT_EQ(ctx, shared);
  // Inside an allocation but not its start: cnFree refuses it.
  EXPECT_EQ(cnFree(plain + 8), CN_MEMORY_ERROR_INVALID_ADDRESS);
  EXPECT_EQ(cnFree(plain), CN_SUCCESS);
  EXPECT_EQ(cnFree(constant), CN_SUCCESS);
  // A freed block is not device memory.
  EXPECT_EQ(cnGetMemAttribute(&linear, CN_MEM_ATTRIBUTE_ISLINEAR, plain),
            CN_MEMORY_ERROR_INVALID_ADDRESS);
  cnMalloc_params record{&plain, 16};
  EXPECT_EQ(record.bytes, 16u);
}

TEST(ToolkitHostSurface, DriverVersionAndPciBusId) {
  int major = -1, minor = -1, patch = -1;
  ASSERT_EQ(cnGetDriverVersion(&major, &minor, &patch), CN_SUCCESS);
  EXPECT_EQ(major * 100000 + minor * 1000 + patch, CN_VERSION);
  char id[100];
  ASSERT_EQ(cnrtDeviceGetPCIBusId(id, sizeof(id), 0), cnrtSuccess);
  // domain:bus:device.function in hexadecimal, from the PCI attributes.
  unsigned domain = 99, bus = 99, device = 99, function = 99;
  ASSERT_EQ(
      std::sscanf(id, "%4x:%2x:%2x.%1x", &domain, &bus, &device, &function), 4)
      << id;
  EXPECT_EQ(std::strlen(id), 12u);
  int attr_bus = -1, attr_domain = -1;
  cnDeviceGetAttribute(&attr_bus, CN_DEVICE_ATTRIBUTE_PCI_BUS_ID, 0);
  cnDeviceGetAttribute(&attr_domain, CN_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, 0);
  EXPECT_EQ(int(bus), attr_bus);
  EXPECT_EQ(int(domain), attr_domain);
  char again[13];
  ASSERT_EQ(cnrtDeviceGetPCIBusId(again, sizeof(again), 0), cnrtSuccess);
  EXPECT_STREQ(again, id);
  // The name the test framework compares against its special platforms.
  char name[64];
  ASSERT_EQ(cnDeviceGetName(name, sizeof(name), 0), CN_SUCCESS);
  EXPECT_NE(std::strncmp(name, "CE3226", 6), 0);
  EXPECT_NE(std::strncmp(name, "1V", 2), 0);
}

TEST(ToolkitHostSurface, QuantizedCastMatchesTheFormula) {
  // real = (fixed - offset) * 2^pos / scale, and back with rounding.
  const struct {
    int pos;
    float scale;
    int offset;
  } kParams[] = {{0, 1.0f, 0}, {-3, 1.0f, 0}, {2, 1.5f, 3}, {-5, 0.75f, -7}};
  for (const auto& q : kParams) {
    cnrtQuantizedParam_t param = nullptr;
    ASSERT_EQ(cnrtCreateQuantizedParam(&param, q.pos, q.scale, q.offset),
              cnrtSuccess);
    const int8_t fixed8[6] = {-128, -5, 0, 1, 77, 127};
    float out[6];
    ASSERT_EQ(cnrtCastDataType_V2(const_cast<int8_t*>(fixed8), cnrtChar, out,
                                  cnrtFloat, 6, param, cnrtRounding_rm),
              cnrtSuccess);
    for (int i = 0; i < 6; ++i) {
      const double expected =
          (double(fixed8[i]) - q.offset) * std::ldexp(1.0, q.pos) / q.scale;
      EXPECT_NEAR(out[i], expected, 1e-6 * std::fabs(expected)) << i;
    }
    const int16_t fixed16[3] = {-32768, 1234, 32767};
    ASSERT_EQ(cnrtCastDataType_V2(const_cast<int16_t*>(fixed16), cnrtShort, out,
                                  cnrtFloat, 3, param, cnrtRounding_rm),
              cnrtSuccess);
    for (int i = 0; i < 3; ++i) {
      const double expected =
          (double(fixed16[i]) - q.offset) * std::ldexp(1.0, q.pos) / q.scale;
      EXPECT_NEAR(out[i], expected, 1e-6 * std::fabs(expected)) << i;
    }
    // Quantizing: x * scale / 2^pos + offset, rounded, saturated.
    const float reals[5] = {-1000.0f, -1.3f, 0.0f, 2.6f, 1000.0f};
    int8_t q8[5];
    ASSERT_EQ(cnrtCastDataType_V2(const_cast<float*>(reals), cnrtFloat, q8,
                                  cnrtChar, 5, param, cnrtRounding_rn),
              cnrtSuccess);
    for (int i = 0; i < 5; ++i) {
      double y = std::nearbyint(
          double(reals[i]) * q.scale / std::ldexp(1.0, q.pos) + q.offset);
      y = std::fmin(127.0, std::fmax(-128.0, y));
      EXPECT_EQ(q8[i], int8_t(y)) << i;
    }
    EXPECT_EQ(cnrtDestroyQuantizedParam(param), cnrtSuccess);
  }
}

TEST(ToolkitHostSurface, CndevFrequencyAndHandles) {
  ASSERT_EQ(cndevInit(0), CNDEV_SUCCESS);
  cndevDevice_t handle = -1;
  ASSERT_EQ(cndevGetDeviceHandleByIndex(0, &handle), CNDEV_SUCCESS);
  EXPECT_EQ(handle, 0);
  cndevFrequencyInfo_t freq;
  freq.version = CNDEV_VERSION_5;
  ASSERT_EQ(cndevGetFrequencyInfo(&freq, handle), CNDEV_SUCCESS);
  int khz = 0;
  ASSERT_EQ(
      cnDeviceGetAttribute(&khz, CN_DEVICE_ATTRIBUTE_CLUSTER_CLOCK_RATE, 0),
      CN_SUCCESS);
  EXPECT_EQ(freq.boardFreq, khz / 1000);
  EXPECT_EQ(freq.boardDefaultFreq, freq.boardFreq);
  EXPECT_LE(freq.boardFreqArange[0], freq.boardFreq);
  EXPECT_GE(freq.boardFreqArange[1], freq.boardFreq);
  int clusters = 0;
  cnDeviceGetAttribute(&clusters, CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT, 0);
  ASSERT_EQ(int(freq.mluClusterFreqCount),
            std::min(clusters, CNDEV_MLU_CLUSTER_FREQUENCY_COUNT));
  for (int i = 0; i < freq.mluClusterFreqCount; ++i) {
    EXPECT_EQ(int(freq.mluClusterFreq[i]), freq.boardFreq);
  }
}

TEST(ToolkitHostSurface, CndevListsTheProcessHoldingDeviceMemory) {
  ASSERT_EQ(cndevInit(0), CNDEV_SUCCESS);
  ASSERT_EQ(cnrtDeviceReset(), cnrtSuccess);
  cndevProcessInfo_t info[4];
  unsigned count = 4;
  ASSERT_EQ(cndevGetProcessInfo(&count, info, 0), CNDEV_SUCCESS);
  EXPECT_EQ(count, 0u);
  void* p = nullptr;
  ASSERT_EQ(cnrtMalloc(&p, 3000), cnrtSuccess);
  count = 4;
  ASSERT_EQ(cndevGetProcessInfo(&count, info, 0), CNDEV_SUCCESS);
  ASSERT_EQ(count, 1u);
  EXPECT_EQ(info[0].pid, unsigned(getpid()));
  EXPECT_EQ(info[0].physicalMemoryUsed, 3u);  // KiB, rounded up
  EXPECT_EQ(info[0].virtualMemoryUsed, 3u);
  // No room: the count says how many there are.
  count = 0;
  EXPECT_EQ(cndevGetProcessInfo(&count, info, 0),
            CNDEV_ERROR_INSUFFICIENT_SPACE);
  EXPECT_EQ(count, 1u);
  ASSERT_EQ(cnrtFree(p), cnrtSuccess);
  count = 4;
  ASSERT_EQ(cndevGetProcessInfo(&count, info, 0), CNDEV_SUCCESS);
  EXPECT_EQ(count, 0u);
}

std::string card_entry(const char* name) {
  char bus_id[32] = {};
  EXPECT_EQ(cnrtDeviceGetPCIBusId(bus_id, sizeof(bus_id), 0), cnrtSuccess);
  return std::string("/proc/driver/cambricon/mlus/") + bus_id + "/" + name;
}

std::string read_all(int fd) {
  std::string text;
  char chunk[64];
  ssize_t got = 0;
  while ((got = read(fd, chunk, sizeof(chunk))) > 0) text.append(chunk, got);
  return text;
}

// mlu-ops' test framework picks a card by reading, and in exclusive runs
// writing, this file with open/read/write.
TEST(ToolkitHostSurface, DriverProcExclusiveModeReadsAndKeepsWrites) {
  const std::string path = card_entry("exclusive_mode");
  int fd = open(path.c_str(), O_CLOEXEC | O_SYNC | O_RDONLY);
  ASSERT_GE(fd, 0) << path << ": " << std::strerror(errno);
  EXPECT_EQ(read_all(fd), "0\n");
  EXPECT_EQ(close(fd), 0);

  fd = open(path.c_str(), O_CLOEXEC | O_SYNC | O_RDWR);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, "1", 1), 1);
  EXPECT_EQ(close(fd), 0);

  FILE* file = fopen(path.c_str(), "r");
  ASSERT_NE(file, nullptr);
  EXPECT_EQ(std::fgetc(file), '1');
  std::fclose(file);

  fd = open(path.c_str(), O_WRONLY);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, "0", 1), 1);
  EXPECT_EQ(close(fd), 0);
}

TEST(ToolkitHostSurface, DriverProcInformationNamesTheCard) {
  const std::string path = card_entry("information");
  const int fd = open(path.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  const std::string text = read_all(fd);
  close(fd);
  char name[64] = {};
  ASSERT_EQ(cnDeviceGetName(name, sizeof(name), 0), CN_SUCCESS);
  EXPECT_NE(text.find(name), std::string::npos) << text;
  EXPECT_NE(text.find(path.substr(28, 12)), std::string::npos) << text;
  // Read-only, as the driver's file is.
  errno = 0;
  EXPECT_EQ(open(path.c_str(), O_RDWR), -1);
  EXPECT_EQ(errno, EACCES);
}

TEST(ToolkitHostSurface, DriverProcOtherPathsAreTheFileSystems) {
  errno = 0;
  EXPECT_EQ(
      open("/proc/driver/cambricon/mlus/0000:ff:00.0/exclusive_mode", O_RDONLY),
      -1);
  EXPECT_EQ(errno, ENOENT);
  errno = 0;
  EXPECT_EQ(open((card_entry("no_such_entry")).c_str(), O_RDONLY), -1);
  EXPECT_EQ(errno, ENOENT);
  const int fd = open("/proc/self/stat", O_RDONLY);
  ASSERT_GE(fd, 0);
  EXPECT_FALSE(read_all(fd).empty());
  close(fd);
  FILE* file = fopen("/proc/self/stat", "r");
  ASSERT_NE(file, nullptr);
  std::fclose(file);
}

TEST(ToolkitHostSurface, CnpapiInitAndResultStrings) {
  ASSERT_EQ(cnpapiInit(), CNPAPI_SUCCESS);
  ASSERT_EQ(cnpapiInit(), CNPAPI_SUCCESS);
  const char* s = nullptr;
  ASSERT_EQ(cnpapiGetResultString(CNPAPI_ERROR_DEVICE_BUSY, &s),
            CNPAPI_SUCCESS);
  EXPECT_STREQ(s, "CNPAPI_ERROR_DEVICE_BUSY");
  EXPECT_EQ(int(CNPAPI_ERROR_INVALID_DEVICE_TYPE), 18);
  EXPECT_EQ(cnpapiRelease(), CNPAPI_SUCCESS);
  EXPECT_EQ(cnpapiRelease(), CNPAPI_ERROR_NOT_INITIALIZED);
}

// --- Bad calls ---------------------------------------------------------------

using BadCnrtCall = BadCall<cnrtRet_t>;
const BadCnrtCall kBadCnrtCalls[] = {
    {"MallocConstantNullOut", [] { return cnrtMallocConstant(nullptr, 8); },
     cnrtErrorArgsInvalid},
    {"MallocConstantTooBig",
     [] {
       void* p = nullptr;
       return cnrtMallocConstant(&p, SIZE_MAX / 2);
     },
     cnrtErrorNoMem},
    {"PciBusIdNull", [] { return cnrtDeviceGetPCIBusId(nullptr, 100, 0); },
     cnrtErrorArgsInvalid},
    {"PciBusIdTooShort",
     [] {
       char id[12];
       return cnrtDeviceGetPCIBusId(id, sizeof(id), 0);
     },
     cnrtErrorArgsInvalid},
    {"PciBusIdNegativeLength",
     [] {
       char id[16];
       return cnrtDeviceGetPCIBusId(id, -1, 0);
     },
     cnrtErrorArgsInvalid},
    {"PciBusIdOfDeviceOne",
     [] {
       char id[100];
       return cnrtDeviceGetPCIBusId(id, sizeof(id), 1);
     },
     cnrtErrorDeviceInvalid},
    {"QuantParamNullOut",
     [] { return cnrtCreateQuantizedParam(nullptr, 0, 1.0f, 0); },
     cnrtErrorArgsInvalid},
    {"QuantParamZeroScale",
     [] {
       cnrtQuantizedParam_t q = nullptr;
       return cnrtCreateQuantizedParam(&q, 0, 0.0f, 0);
     },
     cnrtErrorArgsInvalid},
    {"QuantParamNanScale",
     [] {
       cnrtQuantizedParam_t q = nullptr;
       return cnrtCreateQuantizedParam(&q, 0, NAN, 0);
     },
     cnrtErrorArgsInvalid},
    {"QuantParamHugePosition",
     [] {
       cnrtQuantizedParam_t q = nullptr;
       return cnrtCreateQuantizedParam(&q, 5000, 1.0f, 0);
     },
     cnrtErrorArgsInvalid},
    {"DestroyQuantParamNull", [] { return cnrtDestroyQuantizedParam(nullptr); },
     cnrtErrorArgsInvalid},
    {"QuantizedFloatToFloat",
     [] {
       cnrtQuantizedParam_t q = nullptr;
       cnrtCreateQuantizedParam(&q, 1, 1.0f, 0);
       float x = 1, y = 0;
       const cnrtRet_t r = cnrtCastDataType_V2(&x, cnrtFloat, &y, cnrtFloat, 1,
                                               q, cnrtRounding_rn);
       cnrtDestroyQuantizedParam(q);
       return r;
     },
     cnrtErrorArgsInvalid},
    {"QuantizedIntToInt",
     [] {
       cnrtQuantizedParam_t q = nullptr;
       cnrtCreateQuantizedParam(&q, 1, 1.0f, 0);
       int8_t x = 1, y = 0;
       const cnrtRet_t r = cnrtCastDataType_V2(&x, cnrtChar, &y, cnrtChar, 1, q,
                                               cnrtRounding_rn);
       cnrtDestroyQuantizedParam(q);
       return r;
     },
     cnrtErrorArgsInvalid},
};

class ToolkitHostSurfaceCnrtBadInput
    : public testing::TestWithParam<BadCnrtCall> {};
TEST_P(ToolkitHostSurfaceCnrtBadInput, ReturnsTheCnrtCode) {
  EXPECT_EQ(GetParam().call(), GetParam().expected);
}
INSTANTIATE_TEST_SUITE_P(Table, ToolkitHostSurfaceCnrtBadInput,
                         testing::ValuesIn(kBadCnrtCalls), BadCallName());

using BadCndrvCall = BadCall<CNresult>;
const BadCndrvCall kBadCndrvCalls[] = {
    {"DriverVersionNull",
     [] {
       int a = 0, b = 0;
       return cnGetDriverVersion(&a, &b, nullptr);
     },
     CN_ERROR_INVALID_VALUE},
    {"MallocNullOut", [] { return cnMalloc(nullptr, 8); },
     CN_ERROR_INVALID_VALUE},
    {"MallocZeroBytes",
     [] {
       CNaddr p = 0;
       return cnMalloc(&p, 0);
     },
     CN_ERROR_INVALID_VALUE},
    {"MallocConstantTooBig",
     [] {
       CNaddr p = 0;
       return cnMallocConstant(&p, ~cn_uint64_t(0) / 2);
     },
     CN_MEMORY_ERROR_OUT_OF_MEMORY},
    {"FreeZero", [] { return cnFree(0); }, CN_MEMORY_ERROR_INVALID_ADDRESS},
    {"FreeHostMemory",
     [] {
       static int on_host = 0;
       return cnFree(CNaddr(uintptr_t(&on_host)));
     },
     CN_MEMORY_ERROR_INVALID_ADDRESS},
    {"AttributeNullData",
     [] {
       CNaddr p = 0;
       cnMalloc(&p, 64);
       const CNresult r =
           cnGetMemAttribute(nullptr, CN_MEM_ATTRIBUTE_ISLINEAR, p);
       cnFree(p);
       return r;
     },
     CN_ERROR_INVALID_VALUE},
    {"AttributeOfHostPointer",
     [] {
       static int on_host = 0;
       int v = 0;
       return cnGetMemAttribute(&v, CN_MEM_ATTRIBUTE_ISLINEAR,
                                CNaddr(uintptr_t(&on_host)));
     },
     CN_MEMORY_ERROR_INVALID_ADDRESS},
    {"AttributeUnanswered",
     [] {
       CNaddr p = 0;
       cnMalloc(&p, 64);
       uint64_t v = 0;
       const CNresult r =
           cnGetMemAttribute(&v, CN_MEM_ATTRIBUTE_CACHE_CONFIG, p);
       cnFree(p);
       return r;
     },
     CN_OPS_ERROR_NOT_SUPPORTED},
};

class ToolkitHostSurfaceCndrvBadInput
    : public testing::TestWithParam<BadCndrvCall> {};
TEST_P(ToolkitHostSurfaceCndrvBadInput, ReturnsTheCndrvCode) {
  EXPECT_EQ(GetParam().call(), GetParam().expected);
}
INSTANTIATE_TEST_SUITE_P(Table, ToolkitHostSurfaceCndrvBadInput,
                         testing::ValuesIn(kBadCndrvCalls), BadCallName());

using BadCndevCall = BadCall<cndevRet_t>;
const BadCndevCall kBadCndevCalls[] = {
    {"HandleNullOut",
     [] {
       cndevInit(0);
       return cndevGetDeviceHandleByIndex(0, nullptr);
     },
     CNDEV_ERROR_INVALID_ARGUMENT},
    {"HandleOfIndexOne",
     [] {
       cndevInit(0);
       cndevDevice_t h = 0;
       return cndevGetDeviceHandleByIndex(1, &h);
     },
     CNDEV_ERROR_INVALID_DEVICE_ID},
    {"FrequencyNullOut",
     [] {
       cndevInit(0);
       return cndevGetFrequencyInfo(nullptr, 0);
     },
     CNDEV_ERROR_INVALID_ARGUMENT},
    {"FrequencyOfDeviceTwo",
     [] {
       cndevInit(0);
       cndevFrequencyInfo_t f;
       return cndevGetFrequencyInfo(&f, 2);
     },
     CNDEV_ERROR_INVALID_DEVICE_ID},
    {"ProcessInfoNullCount",
     [] {
       cndevInit(0);
       cndevProcessInfo_t p[1];
       return cndevGetProcessInfo(nullptr, p, 0);
     },
     CNDEV_ERROR_INVALID_ARGUMENT},
    {"ProcessInfoNullInfo",
     [] {
       cndevInit(0);
       void* mem = nullptr;
       cnrtMalloc(&mem, 16);
       unsigned count = 4;
       const cndevRet_t r = cndevGetProcessInfo(&count, nullptr, 0);
       cnrtFree(mem);
       return r;
     },
     CNDEV_ERROR_INVALID_ARGUMENT},
    {"ProcessInfoBeforeInit",
     [] {
       cndevRelease();
       unsigned count = 1;
       cndevProcessInfo_t p[1];
       const cndevRet_t r = cndevGetProcessInfo(&count, p, 0);
       cndevInit(0);
       return r;
     },
     CNDEV_ERROR_UNINITIALIZED},
};

class ToolkitHostSurfaceCndevBadInput
    : public testing::TestWithParam<BadCndevCall> {};
TEST_P(ToolkitHostSurfaceCndevBadInput, ReturnsTheCndevCode) {
  EXPECT_EQ(GetParam().call(), GetParam().expected);
}
INSTANTIATE_TEST_SUITE_P(Table, ToolkitHostSurfaceCndevBadInput,
                         testing::ValuesIn(kBadCndevCalls), BadCallName());

TEST(ToolkitHostSurface, CnpapiBadInput) {
  const char* s = nullptr;
  EXPECT_EQ(cnpapiGetResultString(CNPAPI_SUCCESS, nullptr),
            CNPAPI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(cnpapiGetResultString(static_cast<cnpapiResult>(99), &s),
            CNPAPI_ERROR_INVALID_ARGUMENT);
}

}  // namespace
