// CNPAPI (Cambricon's profiling API) as far as host programs that include it
// call it: result codes with CNPAPI's numbers, initialisation and result
// strings. The emulated device has no hardware counters or activity buffers;
// docs/host-toolkit.md lists what is not declared.
#ifndef XBANG_CNPAPI_H_
#define XBANG_CNPAPI_H_

#include <stddef.h>
#include <stdint.h>

#include "cn_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  CNPAPI_SUCCESS = 0,
  CNPAPI_ERROR_NOT_INITIALIZED = 1,
  CNPAPI_ERROR_INVALID_DEVICE = 2,
  CNPAPI_ERROR_INVALID_DEVICE_ID = 2,
  CNPAPI_ERROR_INVALID_ARGUMENT = 3,
  CNPAPI_ERROR_EVENT_GROUP_ENABLED = 4,
  CNPAPI_ERROR_INSUFFICIENT_MEMORY = 5,
  CNPAPI_ERROR_NO_DRIVER = 6,
  CNPAPI_ERROR_RESERVED0 = 7,
  CNPAPI_ERROR_UNKNOWN = 8,
  CNPAPI_ERROR_MAX_LIMIT_REACHED = 9,
  CNPAPI_ERROR_DRIVER_COMMUNICATION_FAILED = 10,
  CNPAPI_ERROR_DEVICE_BUSY = 11,
  CNPAPI_ERROR_ALREADY_IN_USE = 12,
  CNPAPI_ERROR_ACTIVITY_CALLBACK_NOT_REGISTERED = 13,
  CNPAPI_ERROR_ACTIVITY_CALLBACK_ALREADY_REGISTERED = 14,
  CNPAPI_ERROR_PMU_COUNTER_NOT_ENABLED = 15,
  CNPAPI_ERROR_INVALID_PMU_COUNTER_ID = 16,
  CNPAPI_ERROR_INVALID_PMU_COUNTER_NAME = 17,
  CNPAPI_ERROR_INVALID_DEVICE_TYPE = 18
} cnpapiResult;

// Safe to call more than once; cnpapiRelease undoes it.
cnpapiResult cnpapiInit(void);
cnpapiResult cnpapiRelease(void);
// The name of `result`; CNPAPI_ERROR_INVALID_ARGUMENT for a code CNPAPI
// does not have or a NULL `str`.
cnpapiResult cnpapiGetResultString(cnpapiResult result, const char **str);

#ifdef __cplusplus
}
#endif

#endif  // XBANG_CNPAPI_H_
