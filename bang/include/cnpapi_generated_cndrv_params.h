// The parameter records CNPAPI's CNDrv callbacks carry: one struct per
// driver call, its members the call's parameters in order. xbang declares
// the records of the CNDrv calls cn_api.h declares that allocate or free
// memory; the emulated device issues no CNPAPI callbacks (cnpapi.h).
#ifndef XBANG_CNPAPI_GENERATED_CNDRV_PARAMS_H_
#define XBANG_CNPAPI_GENERATED_CNDRV_PARAMS_H_

#include "cn_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cnMalloc_params_st {
  CNaddr *pmem;
  cn_uint64_t bytes;
} cnMalloc_params;

typedef struct cnMallocConstant_params_st {
  CNaddr *pmem;
  cn_uint64_t bytes;
} cnMallocConstant_params;

typedef struct cnFree_params_st {
  CNaddr ptr;
} cnFree_params;

typedef struct cnMallocHost_params_st {
  void **pHost;
  cn_uint64_t bytes;
} cnMallocHost_params;

typedef struct cnFreeHost_params_st {
  void *p;
} cnFreeHost_params;

#ifdef __cplusplus
}
#endif

#endif  // XBANG_CNPAPI_GENERATED_CNDRV_PARAMS_H_
