// The CNRT types a launch names (return values, function types, task
// dimensions, queues): cnrt.h's own definitions, apart so that the device's
// headers can name them without the whole CNRT API. C, like cnrt.h.
#ifndef XBANG_RUNTIME_CNRT_TYPES_H_
#define XBANG_RUNTIME_CNRT_TYPES_H_

// Return values: the numbers are CNRT 6's.
typedef enum {
  cnrtSuccess = 0,
  cnrtErrorNotReady = 1,
  cnrtErrorInit = 100002,
  cnrtErrorNoDevice = 100004,
  cnrtErrorDeviceInvalid = 100005,
  cnrtErrorArgsInvalid = 100006,
  cnrtErrorSys = 100007,
  cnrtErrorSysNoMem = 100010,
  cnrtErrorInvalidResourceHandle = 100014,
  cnrtErrorIllegalState = 100015,
  cnrtErrorNotSupport = 100050,
  cnrtErrorOpsNotPermitted = 100051,
  cnrtErrorQueue = 100060,
  cnrtErrorNoMem = 100100,
  cnrtErrorAssert = 100128,
  cnrtErrorKernelTrap = 100132,
  cnrtErrorKernelUserTrap = 100133,
  cnrtErrorNotFound = 100301,
  cnrtErrorInvalidKernel = 100302,
  cnrtErrorUnsupportedKernelVersion = 100303,
  cnrtErrorNoKernel = 101312,
  cnrtErrorNoModule = 101315,
  cnrtErrorQueueCaptureUnsupported = 100360,
  cnrtErrorQueueCaptureInvalidated = 100361,
  cnrtErrorQueueCaptureWrongThread = 100362,
  cnrtErrorQueueCaptureMerged = 100363,
  cnrtErrorQueueCaptureUnjoined = 100364,
  cnrtErrorQueueCaptureIsolation = 100365,
  cnrtErrorQueueCaptureUnmatched = 100366,
  cnrtErrorTaskTopoEntityUpdateFailure = 100400,
  cnrtErrorSetOnActiveProcess = 632002,
  cnrtErrorDevice = 632006,
  cnrtErrorNoAttribute = 632009,
  cnrtErrorMemcpyDirectionInvalid = 632013,
  cnrtErrorBusy = 632014,
  cnrtErrorCndrvFuncCall = 632015,
  cnrtErrorCndevFuncCall = 632017,
  cnrtErrorNoCnrtContext = 632019,
  cnrtErrorCndrvFuncNotFound = 632020,
  cnrtErrorInvalidSymbol = 632100,
  cnrtErrorUnknown = 999991,
  cnrtErrorMax,
  // xbang's name for a kernel that checked mode stopped: the device reports
  // a kernel that hits a trap with this code.
  cnrtErrorLaunchFailed = cnrtErrorKernelTrap,
} cnrtRet_t;

typedef enum {
  cnrtFuncTypeBlock = 1,
  cnrtFuncTypeBlock0 = cnrtFuncTypeBlock,
  cnrtFuncTypeBlock1 = cnrtFuncTypeBlock0 + 1,
  cnrtFuncTypeUnion1 = 4,
  cnrtFuncTypeUnion2 = 8,
  cnrtFuncTypeUnion4 = 16,
  cnrtFuncTypeUnion8 = 32,
  cnrtFuncTypeUnion16 = 64,
  cnrtFuncTypeMutable = -1,
  cnrtJobTypeBlock = cnrtFuncTypeBlock,
  cnrtJobTypeUnion1 = cnrtFuncTypeUnion1,
  cnrtJobTypeUnion2 = cnrtFuncTypeUnion2,
  cnrtJobTypeUnion4 = cnrtFuncTypeUnion4,
} cnrtFunctionType_t;
typedef cnrtFunctionType_t cnrtJobType_t;

typedef struct {
  unsigned int x;
  unsigned int y;
  unsigned int z;
} cnrtDim3_t;

// The queue struct is CNDrv's (as in CNRT 6), so a cnrtQueue_t converts to a
// CNqueue without a cast of the pointee.
#define cnrtQueue CNqueue_st
struct cnrtQueue;
typedef struct cnrtQueue *cnrtQueue_t;
// The implicit queues: NULL (the default queue) and these two.
#define cnrtQueuePerThread ((cnrtQueue_t)1)
#define cnrtQueueLegacy ((cnrtQueue_t)2)

#endif  // XBANG_RUNTIME_CNRT_TYPES_H_
