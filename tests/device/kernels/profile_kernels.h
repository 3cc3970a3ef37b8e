// What test_device_profiles.cpp and its kernels share.
#pragma once

#include <cnrt.h>

struct ProfileSeen {
  int arch;
  int nram_kib;
  int buffer_bytes;
};

cnrtRet_t LaunchReportProfile(cnrtQueue_t queue, ProfileSeen *seen);
cnrtRet_t LaunchReportProfileMlu590Only(cnrtQueue_t queue, ProfileSeen *seen);
