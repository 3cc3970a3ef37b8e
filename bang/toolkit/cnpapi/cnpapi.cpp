// CNPAPI for the emulated device: initialisation and result strings.
#include <cnpapi.h>

#include <atomic>
#include <cstdio>

namespace {

std::atomic<bool> initialized{false};

struct ResultName {
  cnpapiResult code;
  const char* name;
};

constexpr ResultName kResults[] = {
    {CNPAPI_SUCCESS, "CNPAPI_SUCCESS"},
    {CNPAPI_ERROR_NOT_INITIALIZED, "CNPAPI_ERROR_NOT_INITIALIZED"},
    {CNPAPI_ERROR_INVALID_DEVICE, "CNPAPI_ERROR_INVALID_DEVICE"},
    {CNPAPI_ERROR_INVALID_ARGUMENT, "CNPAPI_ERROR_INVALID_ARGUMENT"},
    {CNPAPI_ERROR_EVENT_GROUP_ENABLED, "CNPAPI_ERROR_EVENT_GROUP_ENABLED"},
    {CNPAPI_ERROR_INSUFFICIENT_MEMORY, "CNPAPI_ERROR_INSUFFICIENT_MEMORY"},
    {CNPAPI_ERROR_NO_DRIVER, "CNPAPI_ERROR_NO_DRIVER"},
    {CNPAPI_ERROR_RESERVED0, "CNPAPI_ERROR_RESERVED0"},
    {CNPAPI_ERROR_UNKNOWN, "CNPAPI_ERROR_UNKNOWN"},
    {CNPAPI_ERROR_MAX_LIMIT_REACHED, "CNPAPI_ERROR_MAX_LIMIT_REACHED"},
    {CNPAPI_ERROR_DRIVER_COMMUNICATION_FAILED,
     "CNPAPI_ERROR_DRIVER_COMMUNICATION_FAILED"},
    {CNPAPI_ERROR_DEVICE_BUSY, "CNPAPI_ERROR_DEVICE_BUSY"},
    {CNPAPI_ERROR_ALREADY_IN_USE, "CNPAPI_ERROR_ALREADY_IN_USE"},
    {CNPAPI_ERROR_ACTIVITY_CALLBACK_NOT_REGISTERED,
     "CNPAPI_ERROR_ACTIVITY_CALLBACK_NOT_REGISTERED"},
    {CNPAPI_ERROR_ACTIVITY_CALLBACK_ALREADY_REGISTERED,
     "CNPAPI_ERROR_ACTIVITY_CALLBACK_ALREADY_REGISTERED"},
    {CNPAPI_ERROR_PMU_COUNTER_NOT_ENABLED,
     "CNPAPI_ERROR_PMU_COUNTER_NOT_ENABLED"},
    {CNPAPI_ERROR_INVALID_PMU_COUNTER_ID,
     "CNPAPI_ERROR_INVALID_PMU_COUNTER_ID"},
    {CNPAPI_ERROR_INVALID_PMU_COUNTER_NAME,
     "CNPAPI_ERROR_INVALID_PMU_COUNTER_NAME"},
    {CNPAPI_ERROR_INVALID_DEVICE_TYPE, "CNPAPI_ERROR_INVALID_DEVICE_TYPE"},
};

}  // namespace

extern "C" {

cnpapiResult cnpapiInit(void) {
  initialized.store(true);
  return CNPAPI_SUCCESS;
}

cnpapiResult cnpapiRelease(void) {
  if (!initialized.exchange(false)) {
    std::fprintf(stderr,
                 "[xbang] cnpapiRelease: cnpapiInit was not called "
                 "(CNPAPI_ERROR_NOT_INITIALIZED)\n");
    return CNPAPI_ERROR_NOT_INITIALIZED;
  }
  return CNPAPI_SUCCESS;
}

cnpapiResult cnpapiGetResultString(cnpapiResult result, const char** str) {
  if (str != nullptr) {
    for (const ResultName& r : kResults) {
      if (r.code == result) {
        *str = r.name;
        return CNPAPI_SUCCESS;
      }
    }
  }
  std::fprintf(stderr,
               "[xbang] cnpapiGetResultString: str is NULL or the result is "
               "not CNPAPI's (CNPAPI_ERROR_INVALID_ARGUMENT)\n");
  return CNPAPI_ERROR_INVALID_ARGUMENT;
}

}  // extern "C"
