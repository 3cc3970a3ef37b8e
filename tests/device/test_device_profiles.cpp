// Two emulated devices of different profiles in one process
// (XBANG_DEVICE=MLU370,MLU590, set by CTest): each reports its own
// attributes and runs the code built for its architecture, from a fat
// kernel file; a kernel built for one architecture only fails on the other
// device with the driver's error.
#include <cn_api.h>
#include <cnrt.h>
#include <gtest/gtest.h>

#include <thread>

#include "profile_kernels.h"

namespace {

struct DeviceExpectation {
  int ordinal;
  int arch;
  int nram_kib;
  int wram_kib;
  int sram_kib;
  const char* name;
};

const DeviceExpectation kDevices[] = {
    {0, 372, 768, 1024, 4096, "MLU370"},
    {1, 592, 512, 512, 2048, "MLU590"},
};

// Runs `launch` on `device` and returns its status and what it saw.
template <typename Launch>
cnrtRet_t RunOn(int device, Launch launch, ProfileSeen* seen) {
  EXPECT_EQ(cnrtSetDevice(device), cnrtSuccess);
  ProfileSeen* on_device = nullptr;
  EXPECT_EQ(cnrtMalloc(reinterpret_cast<void**>(&on_device), sizeof(*seen)),
            cnrtSuccess);
  *seen = {0, 0, 0};
  cnrtMemcpy(on_device, seen, sizeof(*seen), cnrtMemcpyHostToDev);
  const cnrtRet_t status = launch(nullptr, on_device);
  cnrtMemcpy(seen, on_device, sizeof(*seen), cnrtMemcpyDevToHost);
  cnrtFree(on_device);
  return status;
}

TEST(DeviceProfiles, CountAndOrdinals) {
  unsigned count = 0;
  ASSERT_EQ(cnrtGetDeviceCount(&count), cnrtSuccess);
  EXPECT_EQ(count, 2u);
  EXPECT_EQ(cnrtSetDevice(2), cnrtErrorDeviceInvalid);
  EXPECT_EQ(cnrtSetDevice(-1), cnrtErrorDeviceInvalid);
  int ordinal = -1;
  ASSERT_EQ(cnrtSetDevice(1), cnrtSuccess);
  ASSERT_EQ(cnrtGetDevice(&ordinal), cnrtSuccess);
  EXPECT_EQ(ordinal, 1);
  ASSERT_EQ(cnrtSetDevice(0), cnrtSuccess);
}

TEST(DeviceProfiles, EachDeviceReportsItsProfile) {
  for (const DeviceExpectation& d : kDevices) {
    SCOPED_TRACE(d.name);
    int value = 0;
    ASSERT_EQ(
        cnrtDeviceGetAttribute(&value, cnrtAttrNramSizePerMcore, d.ordinal),
        cnrtSuccess);
    EXPECT_EQ(value, d.nram_kib * 1024);
    ASSERT_EQ(
        cnrtDeviceGetAttribute(&value, cnrtAttrWramSizePerMcore, d.ordinal),
        cnrtSuccess);
    EXPECT_EQ(value, d.wram_kib * 1024);
    ASSERT_EQ(
        cnrtDeviceGetAttribute(&value, cnrtAttrSramSizePerMcore, d.ordinal),
        cnrtSuccess);
    EXPECT_EQ(value, d.sram_kib * 1024);
    CNdev dev = -1;
    ASSERT_EQ(cnDeviceGet(&dev, d.ordinal), CN_SUCCESS);
    ASSERT_EQ(
        cnDeviceGetAttribute(&value, CN_DEVICE_ATTRIBUTE_MLU_ISA_VERSION, dev),
        CN_SUCCESS);
    EXPECT_EQ(value, d.arch);
    char name[64] = {};
    ASSERT_EQ(cnDeviceGetName(name, sizeof(name), dev), CN_SUCCESS);
    EXPECT_NE(std::string(name).find(d.name), std::string::npos) << name;
  }
}

TEST(DeviceProfiles, FatKernelRunsEachDevicesVariant) {
  for (const DeviceExpectation& d : kDevices) {
    SCOPED_TRACE(d.name);
    ProfileSeen seen{};
    EXPECT_EQ(RunOn(d.ordinal, LaunchReportProfile, &seen), cnrtSuccess);
    EXPECT_EQ(seen.arch, d.arch);
    EXPECT_EQ(seen.nram_kib, d.nram_kib);
    EXPECT_EQ(seen.buffer_bytes, (d.nram_kib - 128) * 1024);
  }
  ASSERT_EQ(cnrtSetDevice(0), cnrtSuccess);
}

TEST(DeviceProfiles, KernelWithoutVariantFailsWithNoKernel) {
  ProfileSeen seen{};
  EXPECT_EQ(RunOn(0, LaunchReportProfileMlu590Only, &seen), cnrtErrorNoKernel);
  EXPECT_EQ(seen.arch, 0) << "no code may run on a device it was not built for";
  EXPECT_EQ(RunOn(1, LaunchReportProfileMlu590Only, &seen), cnrtSuccess);
  EXPECT_EQ(seen.arch, 592);
  ASSERT_EQ(cnrtSetDevice(0), cnrtSuccess);
}

TEST(DeviceProfiles, ThreadsOnDifferentDevicesLaunchAtOnce) {
  ProfileSeen seen[2] = {};
  cnrtRet_t status[2] = {cnrtErrorUnknown, cnrtErrorUnknown};
  std::thread threads[2];
  for (int t = 0; t < 2; ++t) {
    threads[t] = std::thread([t, &seen, &status] {
      for (int round = 0; round < 20; ++round) {
        status[t] = RunOn(t, LaunchReportProfile, &seen[t]);
        if (status[t] != cnrtSuccess) return;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (int t = 0; t < 2; ++t) {
    EXPECT_EQ(status[t], cnrtSuccess);
    EXPECT_EQ(seen[t].arch, kDevices[t].arch);
  }
}

}  // namespace
