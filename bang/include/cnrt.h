// CNRT (Cambricon runtime) as host programs and kernel wrappers call it:
// names, numeric values and signatures of CNRT 6, plus the CNRT 5 spellings
// older code still uses. Everything is implemented for the emulated device
// (docs/host-toolkit.md says what each call reports): device memory is host
// memory the runtime has registered, so checked mode can tell GDRAM from
// anything else; work on a queue completes before the call that enqueued it
// returns, so queue order always holds and a notifier records the time at
// which everything before it on its queue has finished.
#ifndef XBANG_CNRT_H_
#define XBANG_CNRT_H_

#include <stddef.h>
#include <stdint.h>

// The toolkit's cnrt.h brings in the driver API: code that includes only
// cnrt.h (mlu-ops' kernels_light) calls cnCtxGetCurrent and
// cnGetCtxConfigParam.
#include "cn_api.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define CNRT_MAJOR_VERSION 6
#define CNRT_MINOR_VERSION 14
#define CNRT_PATCH_VERSION 1
#define CNRT_VERSION \
  (CNRT_MAJOR_VERSION * 10000 + CNRT_MINOR_VERSION * 100 + CNRT_PATCH_VERSION)

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

// Device attributes (cnrtDeviceGetAttribute); the numbers are CNRT 6's.
typedef enum {
  cnrtAttrComputeCapabilityMajor = 0x01,
  cnrtAttrComputeCapabilityMinor = 0x02,
  cnrtAttrSparseComputingSupported = 0x03,
  cnrtAttrFP16ComputingSupported = 0x04,
  cnrtAttrINT4ComputingSupported = 0x05,
  cnrtAttrINT8ComputingSupported = 0x06,
  cnrtAttrBF16ComputingSupported = 0x07,
  cnrtAttrTF32ComputingSupported = 0x08,
  cnrtAttrComputeMode = 0x09,
  cnrtAttrQueueSize = 0x101,
  cnrtAttrNotifierSize = 0x102,
  cnrtAttrSupportQueuePriorities = 0x103,
  cnrtAttrTinyCoreSupported = 0x104,
  cnrtAttrCodecJPEGSupported = 0x105,
  cnrtAttrCodecH264Supported = 0x106,
  cnrtAttrCodecH265Supported = 0x107,
  cnrtAttrAIIspCoreSupported = 0x108,
  cnrtAttrMultiCtxNotifierWaitSupported = 0x109,
  cnrtAttrIPCNotifierSupported = 0x10a,
  cnrtAttrMaxDimX = 0x201,
  cnrtAttrMaxDimY = 0x202,
  cnrtAttrMaxDimZ = 0x203,
  cnrtAttrMaxClusterCountPerUnionTask = 0x204,
  cnrtAttrClusterCount = 0x205,
  cnrtAttrMcorePerCluster = 0x206,
  cnrtAttrMaxQuadrantCount = 0x207,
  cnrtAttrMaxUnionTypePerQuadrant = 0x208,
  cnrtAttrMaxClusterPerUnionLimitTask = 0x209,
  cnrtAttrISAVersion = 0x20a,
  cnrtAttrIsMultipleTensorProcessor = 0x20b,
  cnrtAttrMaxL2CacheSize = 0x301,
  cnrtAttrNramSizePerMcore = 0x302,
  cnrtAttrWramSizePerMcore = 0x303,
  cnrtAttrTotalConstMemorySize = 0x304,
  cnrtAttrLmemSizePerMcore = 0x305,
  cnrtAttrSramSizePerMcore = 0x306,
  cnrtAttrGlobalMemoryNodeCount = 0x307,
  cnrtAttrMaxPersistingL2CacheSize = 0x309,
  cnrtAttrAvailableGlobalMemorySize = 0x312,
  cnrtAttrEccEnable = 0x401,
  cnrtAttrIpuClockRate = 0x402,
  cnrtAttrMemClockRate = 0x403,
  cnrtAttrGmemBusWidth = 0x404,
  cnrtAttrTotalMemSize = 0x405,
  cnrtAttrPciBusID = 0x406,
  cnrtAttrPciDeviceID = 0x407,
  cnrtAttrPciDomainID = 0x408,
  cnrtAttrMDRMemorySize = 0x409,
  cnrtAttrUnsupportedFlag = 0xffffff,
  cnrtAttrCanMapHostMemory,
  cnrtAttrCanSetQueueSize,
  cnrtAttrCanSetNotifierSize,
  cnrtAttrConcurrentKernels,
  cnrtAttrSupportUnifiedAddr,
  cnrtAttrSupportManagedMem,
  cnrtAttrSupportNativeAtomic,
  cnrtAttrSupportPageableMemAccess,
  cnrtAttrCanUseHostPointer,
  cnrtAttrSupportHostRegsiter,
  cnrtAttrCacheSize,
  cnrtAttrMaxNum,
} cnrtDeviceAttr_t;

typedef enum {
  cnrtMemcpyHostToDev = 0,
  cnrtMemcpyDevToDev,
  cnrtMemcpyDevToHost,
  cnrtMemcpyHostToHost,
  cnrtMemcpyPeerToPeer,
  cnrtMemcpyNoDirection,
} cnrtMemTransDir_t;

typedef enum {
  cnrtMemTypeUnregistered = 0,
  cnrtMemTypeHost,
  cnrtMemTypeDevice,
} cnrtMemType_t;

typedef enum {
  cnrtUvaNotSupport = -1,
  cnrtUvaUnknown = 0,
  cnrtUvaUnCached,
  cnrtUvaCached,
} cnrtUvaCacheMode_t;

typedef struct {
  cnrtMemType_t type;
  int device;
  size_t size;  // bytes of the cnrtMalloc allocation holding the pointer
  void *devicePointer;
  void *hostPointer;
  cnrtUvaCacheMode_t cacheMode;
  void *deviceBasePointer;  // start of that allocation
} cnrtPointerAttributes_t;

typedef struct cnrtUUID_st {
  char uuid[16];
} cnrtUUID_t;

typedef struct cnrtDeviceProp_V3 {
  char name[256];
  int totalMem;
  int maxDim[3];
  int ipuClockRate;
  int memClockRate;
  int totalConstMem;
  int major;
  int minor;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int maxL2CacheSize;
  int persistingL2CacheMaxSize;
  int queuePrioritiesSupported;
  int sparseComputingSupported;
  int FP16ComputingSupported;
  int INT4ComputingSupported;
  int INT8ComputingSupported;
  int BF16ComputingSupported;
  int TF32ComputingSupported;
  int maxQueueSize;
  int maxNotifierSize;
  int tinyCoreSupported;
  int codecJPEGSupported;
  int codecH264Supported;
  int codecH265Supported;
  int maxClusterCountPerUnionTask;
  int clusterCount;
  int McorePerCluster;
  int maxQuadrantCount;
  int maxUnionTypePerQuadrant;
  int maxClusterPerUnionLimitTask;
  int ISAVersion;
  int isMultipleTensorProcessor;
  int NramSizePerMcore;
  int WramSizePerMcore;
  int LmemSizePerMcore;
  int SramSizePerMcore;
  int globalMemoryNodeCount;
  int cacheSize;
  int GmemBusWidth;
  int computeMode;
  int MDRMemorySize;
  int availableGlobalMemorySize;
  cnrtUUID_t uuid;
  uint64_t totalGlobalMemSize;
  int reserved[30];
} cnrtDeviceProp_t;

typedef struct {
  unsigned int x;
  unsigned int y;
  unsigned int z;
} cnrtDim3_t;

// Data types of cnrtCastDataType_V2.
typedef enum cnrtDataType_V2 {
  cnrtUnknown = 0,
  cnrtDouble = 0x1,
  cnrtFloat = 0x2,
  cnrtHalf = 0x3,
  cnrtBfloat = 0x4,
  cnrtUlonglong = 0x11,
  cnrtUint = 0x12,
  cnrtUshort = 0x13,
  cnrtUchar = 0x14,
  cnrtLonglong = 0x21,
  cnrtInt = 0x22,
  cnrtShort = 0x23,
  cnrtChar = 0x24,
  cnrtBoolean = 0x31,
} cnrtDataType_V2_t;

// The older data type enum (CNRT 5 spells its values CNRT_FLOAT16, ...).
typedef enum cnrtDataType {
  cnrtInvalid = 0x0,
  cnrtFloat16 = 0x12,
  cnrtFloat32 = 0x13,
  cnrtFloat64 = 0x14,
  cnrtInt4 = 0x20,
  cnrtInt8 = 0x21,
  cnrtInt16 = 0x22,
  cnrtInt32 = 0x23,
  cnrtInt64 = 0x24,
  cnrtAuto = 0x25,
  cnrtUInt8 = 0x31,
  cnrtUInt16 = 0x32,
  cnrtUInt32 = 0x33,
  cnrtFix8 = 0x41,
  cnrtQuant8 = 0x51,
  cnrtBool = 0x61,
} cnrtDataType_t;

typedef enum cnrtRoundingMode {
  cnrtRounding_rn = 0,  // to nearest, ties to even
  cnrtRounding_rz = 1,  // toward zero
  cnrtRounding_rd = 2,  // toward -infinity
  cnrtRounding_ru = 3,  // toward +infinity
  cnrtRounding_ro = 4,  // away from zero
  cnrtRounding_rm = 5,  // to nearest, ties away from zero
  cnrtRounding_max
} cnrtRoundingMode_t;

// Quantization parameters (position, scale, offset) of a fixed-point type:
// real = (fixed - offset) * 2^position / scale (cnrtCastDataType_V2).
struct cnrtQuantizedParam;
typedef struct cnrtQuantizedParam *cnrtQuantizedParam_t;

// The queue and notifier structs are CNDrv's (as in CNRT 6), so a
// cnrtQueue_t converts to a CNqueue without a cast of the pointee.
#define cnrtQueue CNqueue_st
#define cnrtNotifier CNnotifier_st
struct cnrtQueue;
typedef struct cnrtQueue *cnrtQueue_t;
struct cnrtNotifier;
typedef struct cnrtNotifier *cnrtNotifier_t;
// The implicit queues: NULL (the default queue) and these two.
#define cnrtQueuePerThread ((cnrtQueue_t)1)
#define cnrtQueueLegacy ((cnrtQueue_t)2)

typedef enum cnrtNotifierFlags {
  CNRT_NOTIFIER_DEFAULT = 0x0,
  CNRT_NOTIFIER_DISABLE_TIMING_SW = 0x2,
  CNRT_NOTIFIER_DISABLE_TIMING = CNRT_NOTIFIER_DISABLE_TIMING_SW,
  CNRT_NOTIFIER_DISABLE_TIMING_ALL = 0x4,
  CNRT_NOTIFIER_INTERPROCESS = 0x8,
} cnrtNotifierFlags_t;

// CNRT 5 spellings.
#define CNRT_RET_SUCCESS cnrtSuccess
#define CNRT_FUNC_TYPE_BLOCK cnrtFuncTypeBlock
#define CNRT_FUNC_TYPE_BLOCK0 cnrtFuncTypeBlock0
#define CNRT_FUNC_TYPE_BLOCK1 cnrtFuncTypeBlock1
#define CNRT_FUNC_TYPE_UNION1 cnrtFuncTypeUnion1
#define CNRT_FUNC_TYPE_UNION2 cnrtFuncTypeUnion2
#define CNRT_FUNC_TYPE_UNION4 cnrtFuncTypeUnion4
#define CNRT_FUNC_TYPE_UNION8 cnrtFuncTypeUnion8
#define CNRT_FUNC_TYPE_UNION16 cnrtFuncTypeUnion16
#define CNRT_FUNC_TYPE_MUTABLE cnrtFuncTypeMutable
#define CNRT_MEM_TRANS_DIR_HOST2DEV cnrtMemcpyHostToDev
#define CNRT_MEM_TRANS_DIR_DEV2DEV cnrtMemcpyDevToDev
#define CNRT_MEM_TRANS_DIR_DEV2HOST cnrtMemcpyDevToHost
#define CNRT_MEM_TRANS_DIR_HOST2HOST cnrtMemcpyHostToHost
#define CNRT_MEM_TRANS_DIR_PEER2PEER cnrtMemcpyPeerToPeer
#define CNRT_MEM_TRANS_DIR_NODIR cnrtMemcpyNoDirection
#define CNRT_INVALID cnrtInvalid
#define CNRT_FLOAT16 cnrtFloat16
#define CNRT_FLOAT32 cnrtFloat32
#define CNRT_FLOAT64 cnrtFloat64
#define CNRT_INT4 cnrtInt4
#define CNRT_INT8 cnrtInt8
#define CNRT_INT16 cnrtInt16
#define CNRT_INT32 cnrtInt32
#define CNRT_INT64 cnrtInt64
#define CNRT_AUTO cnrtAuto
#define CNRT_UINT8 cnrtUInt8
#define CNRT_UINT16 cnrtUInt16
#define CNRT_UINT32 cnrtUInt32
#define CNRT_FIX8 cnrtFix8
#define CNRT_QUANT8 cnrtQuant8
#define CNRT_BOOL cnrtBool

// --- Errors ---------------------------------------------------------------
// The error of the last failed call or launch on this host thread;
// cnrtGetLastError also clears it, cnrtPeekAtLastError does not.
cnrtRet_t cnrtGetLastError(void);
cnrtRet_t cnrtPeekAtLastError(void);
const char *cnrtGetErrorStr(cnrtRet_t error);
const char *cnrtGetErrorName(cnrtRet_t error);
// Prints file, line, code, name, message and the checked expression to
// stderr and exits with status 1 unless `result` is cnrtSuccess.
void cnrtCheck(cnrtRet_t result, const char *const expression,
               const char *const file, int const line);
#define CNRT_CHECK(val) cnrtCheck((cnrtRet_t)(val), #val, __FILE__, __LINE__)
cnrtRet_t cnrtGetLibVersion(int *major, int *minor, int *patch);

// --- Devices (one emulated device, ordinal 0) -----------------------------
cnrtRet_t cnrtGetDeviceCount(unsigned int *count);
cnrtRet_t cnrtSetDevice(int device);
cnrtRet_t cnrtGetDevice(int *device);
cnrtRet_t cnrtDeviceGetAttribute(int *value, cnrtDeviceAttr_t attr, int device);
cnrtRet_t cnrtGetDeviceProperties_V3(cnrtDeviceProp_t *prop, int device);
// The device's PCI address, "domain:bus:device.function" (the same one on
// every call), NUL-terminated in `len` bytes.
cnrtRet_t cnrtDeviceGetPCIBusId(char *pciBusId, int len, int device);
#define cnrtGetDeviceProperties cnrtGetDeviceProperties_V3
// Waits for the device, then frees every cnrtMalloc allocation.
cnrtRet_t cnrtDeviceReset(void);
cnrtRet_t cnrtSyncDevice(void);
#define cnrtDeviceSynchronize cnrtSyncDevice

// --- Queues ---------------------------------------------------------------
cnrtRet_t cnrtQueueCreate(cnrtQueue_t *queue);
cnrtRet_t cnrtQueueDestroy(cnrtQueue_t queue);
cnrtRet_t cnrtQueueSync(cnrtQueue_t queue);
// cnrtSuccess when all work on the queue is done, else cnrtErrorNotReady.
cnrtRet_t cnrtQueueQuery(cnrtQueue_t queue);
cnrtRet_t cnrtQueueWaitNotifier(cnrtNotifier_t notifier, cnrtQueue_t queue,
                                unsigned int flag);
#define cnrtCreateQueue cnrtQueueCreate
#define cnrtDestroyQueue cnrtQueueDestroy
#define cnrtSyncQueue cnrtQueueSync

// --- Notifiers ------------------------------------------------------------
cnrtRet_t cnrtNotifierCreate(cnrtNotifier_t *notifier);
cnrtRet_t cnrtNotifierCreateWithFlags(cnrtNotifier_t *notifier,
                                      unsigned int flags);
cnrtRet_t cnrtNotifierDestroy(cnrtNotifier_t notifier);
cnrtRet_t cnrtPlaceNotifier(cnrtNotifier_t notifier, cnrtQueue_t queue);
cnrtRet_t cnrtWaitNotifier(cnrtNotifier_t notifier);
cnrtRet_t cnrtQueryNotifier(cnrtNotifier_t notifier);
// Time between two placed notifiers: in microseconds / in milliseconds.
cnrtRet_t cnrtNotifierDuration(cnrtNotifier_t start, cnrtNotifier_t end,
                               float *us);
cnrtRet_t cnrtNotifierElapsedTime(cnrtNotifier_t start, cnrtNotifier_t end,
                                  float *ms);

// --- Memory ---------------------------------------------------------------
cnrtRet_t cnrtMalloc(void **ptr, size_t bytes);
cnrtRet_t cnrtFree(void *ptr);
// Constant memory: device memory kernels only read. It is allocated like
// cnrtMalloc memory and released with cnrtFree.
cnrtRet_t cnrtMallocConstant(void **ptr, size_t bytes);
cnrtRet_t cnrtHostMalloc(void **ptr, size_t bytes);
cnrtRet_t cnrtFreeHost(void *ptr);
#define cnrtMallocHost cnrtHostMalloc
cnrtRet_t cnrtMemcpy(void *dst, void *src, size_t bytes, cnrtMemTransDir_t dir);
cnrtRet_t cnrtMemcpyAsync(void *dst, void *src, size_t bytes, cnrtQueue_t queue,
                          cnrtMemTransDir_t dir);
cnrtRet_t cnrtMemset(void *ptr, int value, size_t bytes);
cnrtRet_t cnrtMemsetAsync(void *ptr, int value, size_t bytes,
                          cnrtQueue_t queue);
cnrtRet_t cnrtPointerGetAttributes(cnrtPointerAttributes_t *attr,
                                   const void *ptr);
cnrtRet_t cnrtMemGetInfo(size_t *available, size_t *total);

// --- Data conversion ------------------------------------------------------
// A quantization parameter for cnrtCastDataType_V2; `scale` must be finite
// and non-zero.
cnrtRet_t cnrtCreateQuantizedParam(cnrtQuantizedParam_t *param, int pos,
                                   float scale, int offset);
cnrtRet_t cnrtDestroyQuantizedParam(cnrtQuantizedParam_t param);
// Converts `count` elements of src (src_type) into dst (dst_type) with the
// given rounding; out-of-range values saturate to the integer type, NaN
// becomes 0. With a quantization parameter, one side must be an integer
// type and the other a floating type: a floating value x becomes
// x * scale / 2^pos + offset before rounding, an integer q becomes
// (q - offset) * 2^pos / scale.
cnrtRet_t cnrtCastDataType_V2(void *src, cnrtDataType_V2_t src_type, void *dst,
                              cnrtDataType_V2_t dst_type, int count,
                              cnrtQuantizedParam_t param,
                              cnrtRoundingMode_t rounding);

#if defined(__cplusplus)
}
#endif

#endif  // XBANG_CNRT_H_
