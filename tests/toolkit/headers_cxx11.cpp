// Compiled with -std=c++11: the toolkit headers as older host code includes
// them, cn_api.h first (it alone must bring the fixed-width integer types).
#include "headers_cxx11.h"

#include <cn_api.h>
#include <cndev.h>
#include <cnnl.h>
#include <cnrt.h>

int64_t toolkit_cxx11_cluster_count() {
  CNdev device = -1;
  if (cnDeviceGet(&device, 0) != CN_SUCCESS) return -1;
  int clusters = 0;
  if (cnDeviceGetAttribute(&clusters, CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT,
                           device) != CN_SUCCESS) {
    return -1;
  }
  unsigned int count = 0;
  CNRT_CHECK(cnrtGetDeviceCount(&count));
  const uint64_t devices = count;
  return int64_t(clusters) * int64_t(devices);
}
