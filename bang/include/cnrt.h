// The subset of CNRT (Cambricon runtime) that kernel wrappers and their
// callers use (spec section 1). Device memory is host memory the runtime has
// registered, so checked mode can tell GDRAM from anything else.
#pragma once

#include <stddef.h>

typedef enum {
  cnrtSuccess = 0,
  cnrtErrorArgsInvalid = 632015,
  cnrtErrorNoMem = 632016,
  cnrtErrorInvalidKernel = 632017,
  cnrtErrorLaunchFailed = 632018,
} cnrtRet_t;

typedef struct {
  unsigned int x;
  unsigned int y;
  unsigned int z;
} cnrtDim3_t;

typedef enum {
  cnrtFuncTypeBlock = 1,
  cnrtFuncTypeUnion1 = 4,
  cnrtFuncTypeUnion2 = 8,
  cnrtFuncTypeUnion4 = 16,
  cnrtFuncTypeUnion8 = 32,
  cnrtFuncTypeUnion16 = 64,
} cnrtFunctionType_t;

// Older spellings still common in kernel wrappers.
#define CNRT_FUNC_TYPE_BLOCK cnrtFuncTypeBlock
#define CNRT_FUNC_TYPE_UNION1 cnrtFuncTypeUnion1
#define CNRT_FUNC_TYPE_UNION2 cnrtFuncTypeUnion2
#define CNRT_FUNC_TYPE_UNION4 cnrtFuncTypeUnion4
#define CNRT_FUNC_TYPE_UNION8 cnrtFuncTypeUnion8
#define CNRT_FUNC_TYPE_UNION16 cnrtFuncTypeUnion16

typedef enum {
  cnrtMemcpyHostToDev = 0,
  cnrtMemcpyDevToDev = 1,
  cnrtMemcpyDevToHost = 2,
} cnrtMemTransDir_t;

struct cnrtQueue;
typedef struct cnrtQueue *cnrtQueue_t;

#if defined(__cplusplus)
extern "C" {
#endif
cnrtRet_t cnrtQueueCreate(cnrtQueue_t *queue);
cnrtRet_t cnrtQueueSync(cnrtQueue_t queue);
cnrtRet_t cnrtQueueDestroy(cnrtQueue_t queue);
cnrtRet_t cnrtSyncDevice(void);
cnrtRet_t cnrtMalloc(void **ptr, size_t bytes);
cnrtRet_t cnrtFree(void *ptr);
cnrtRet_t cnrtMemcpy(void *dst, void *src, size_t bytes, cnrtMemTransDir_t dir);
cnrtRet_t cnrtMemset(void *ptr, int value, size_t bytes);
// The error of the last failed launch or call on this host thread (then
// cleared), as CNRT's cnrtGetLastError.
cnrtRet_t cnrtGetLastError(void);
const char *cnrtGetErrorStr(cnrtRet_t ret);
#if defined(__cplusplus)
}
#endif
