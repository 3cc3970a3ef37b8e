// CNRT (Cambricon runtime) as host programs and kernel wrappers call it:
// every name, numeric value and signature of the CNRT 6.14 header, plus the
// CNRT 4 / 5 spellings older code still uses. Each call works on the
// emulated device or returns cnrtErrorNotSupport (marked below;
// docs/host-toolkit.md says what each call reports): device memory is host
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
#include "xbang/runtime/cnrt_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define CNRT_MAJOR_VERSION 6
#define CNRT_MINOR_VERSION 14
#define CNRT_PATCH_VERSION 1
#define CNRT_VERSION \
  (CNRT_MAJOR_VERSION * 10000 + CNRT_MINOR_VERSION * 100 + CNRT_PATCH_VERSION)

typedef enum {
  cnrtComputeModeDefault = 0,
  cnrtComputeModeExclusiveProcess = 1,
} cnrtComputeMode_t;

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
  cnrtDevP2PAttrAccessSupported = 0,
  cnrtDevP2PAttrNativeAtomicSupported,
  cnrtDevP2PAttrMaxNum,
} cnrtDeviceP2PAttr_t;

typedef enum {
  cnrtDevLimitStackSize = 0,
  cnrtDevLimitPrintfFifoSize,
  cnrtDevLimitMaxNum,
} cnrtDeviceLimit_t;

// Device configurations of cnrtDeviceGetConfig / cnrtDeviceSetConfig.
typedef enum {
  cnrtDeviceConfigReserved = 0,
  cnrtDeviceConfigPrintfFifoNum = 1,
  cnrtDeviceConfigMaxPersistingL2CacheSize = 2,
  cnrtDeviceConfigPrintfFifoSize = 3,
  cnrtDeviceConfigMaxNum,
} cnrtDeviceConfig_t;

// How a host thread waits for the device (cnrtSetDeviceFlag).
typedef enum {
  cnrtDeviceScheduleSpin = 0,
  cnrtDeviceScheduleBlock = 1,
  cnrtDeviceScheduleYield = 2,
  cnrtDeviceScheduleAuto = 3,
  cnrtDeviceFlagsMaxNum
} cnrtDeviceFlags_t;

typedef enum {
  cnrtMemcpyHostToDev = 0,
  cnrtMemcpyDevToDev,
  cnrtMemcpyDevToHost,
  cnrtMemcpyHostToHost,
  cnrtMemcpyPeerToPeer,
  cnrtMemcpyNoDirection,
} cnrtMemTransDir_t;

typedef enum {
  cnrtMemRangeAttributePreferredLocation = 0,
  cnrtMemRangeAttributeAccessedBy,
} cnrtMemRangeAttribute_t;

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

typedef enum {
  cnrtHostAllocDefault = 0,
  cnrtHostAllocMapped,
} cnrtHostAllocFlags_t;

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

// 2-D and 3-D copies (cnrtMemcpy3D): a byte offset x, a row y and a slice z;
// a pitched allocation (bytes per row, rows per slice); the copied extent
// (bytes per row, rows, slices).
typedef struct {
  size_t x;
  size_t y;
  size_t z;
} cnrtPos_t;

typedef struct {
  size_t pitch;
  void *ptr;
  size_t xsize;
  size_t ysize;
} cnrtPitchedPtr_t;

typedef struct {
  size_t depth;
  size_t height;
  size_t width;
} cnrtExtent_t;

typedef struct cnrtMemcpy3dParam_st {
  void *dst;  // or dstPtr.ptr when NULL
  cnrtPos_t dstPos;
  cnrtPitchedPtr_t dstPtr;
  cnrtExtent_t extent;
  cnrtMemTransDir_t dir;
  void *src;  // or srcPtr.ptr when NULL
  cnrtPos_t srcPos;
  cnrtPitchedPtr_t srcPtr;
} cnrtMemcpy3dParam_t;

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

// The notifier struct is CNDrv's, as the queue's is (cnrt_types.h).
#define cnrtNotifier CNnotifier_st
struct cnrtNotifier;
typedef struct cnrtNotifier *cnrtNotifier_t;

typedef enum cnrtNotifierFlags {
  CNRT_NOTIFIER_DEFAULT = 0x0,
  CNRT_NOTIFIER_DISABLE_TIMING_SW = 0x2,
  CNRT_NOTIFIER_DISABLE_TIMING = CNRT_NOTIFIER_DISABLE_TIMING_SW,
  CNRT_NOTIFIER_DISABLE_TIMING_ALL = 0x4,
  CNRT_NOTIFIER_INTERPROCESS = 0x8,
} cnrtNotifierFlags_t;

// How a cnrtNotifier is placed (cnrtPlaceNotifierWithFlags) and waited for
// (cnrtQueueWaitNotifier); the EXTERNAL forms only mean something while a
// queue is being captured.
typedef enum cnrtNotifierPlaceFlags {
  CNRT_NOTIFIER_PLACE_DEFAULT = 0x0,
  CNRT_NOTIFIER_PLACE_EXTERNAL,
} cnrtNotifierPlaceFlags_t;

typedef enum cnrtNotifierWaitFlags {
  CNRT_NOTIFIER_WAIT_DEFAULT = 0x0,
  CNRT_NOTIFIER_WAIT_EXTERNAL,
} cnrtNotifierWaitFlags_t;

// Host cache operations of cnrtMcacheOperation.
typedef enum {
  CNRT_FLUSH_CACHE = 1,
  CNRT_INVALID_CACHE = 2,
} cnrtCacheOps_t;

// --- IPC handles ----------------------------------------------------------
#define CNRT_IPC_HANDLE_SIZE 8
#define CNRT_IPC_HANDLE_SIZE_BYTES (CNRT_IPC_HANDLE_SIZE * sizeof(uint64_t))

typedef struct cnrtIpcNotifierHandle_st {
  uint64_t res[CNRT_IPC_HANDLE_SIZE];
} cnrtIpcNotifierHandle_v1;
typedef cnrtIpcNotifierHandle_v1 cnrtIpcNotifierHandle;

typedef void *cnrtIpcMemHandle;

// --- L2 access policy and queue / kernel-node attributes -------------------
typedef enum cnrtAccessProperty {
  cnrtAccessPolicyNormal = 0,
  cnrtAccessPolicyStreaming = 1,
  cnrtAccessPolicyPersisting = 2,
} cnrtAccessProperty_t;

typedef struct cnrtAccessPolicyWindow {
  void *baseAddr;
  size_t numBytes;
  float hitRatio;  // share of the window's lines given hitProp, in [0, 1]
  enum cnrtAccessProperty hitProp;
  enum cnrtAccessProperty missProp;
} cnrtAccessPolicyWindow_t;

typedef enum cnrtInvokeAttrID {
  cnrtInvokeAttributeEmpty = 0,
  cnrtInvokeAttributeAccessPolicyWindow = 1,
} cnrtInvokeAttrID_t;

typedef union cnrtInvokeAttrValue {
  char pad[64];
  cnrtAccessPolicyWindow_t accessPolicyWindow;
} cnrtInvokeAttrValue_t;

typedef cnrtInvokeAttrID_t cnrtQueueAttrID_t;
#define cnrtQueueAttributeAccessPolicyWindow \
  cnrtInvokeAttributeAccessPolicyWindow
typedef cnrtInvokeAttrValue_t cnrtQueueAttrValue_t;

typedef cnrtInvokeAttrID_t cnrtKernelNodeAttr_t;
#define cnrtKernelNodeAttributeAccessPolicyWindow \
  cnrtInvokeAttributeAccessPolicyWindow
typedef cnrtInvokeAttrValue_t cnrtKernelNodeAttrValue_t;

// --- Memory pools (queue-ordered allocator) --------------------------------
typedef struct CNmemoryPool_st *cnrtMemPool_t;

typedef enum cnrtMemAllocationType {
  cnrtMemAllocationTypeInvalid = 0x0,
  cnrtMemAllocationTypeDefault = 0x1,
} cnrtMemAllocationType_t;

typedef enum cnrtMemAllocationHandleType {
  cnrtMemHandleTypeNone = 0x0,
  cnrtMemHandleTypePosixFileDescriptor = 0x1,
} cnrtMemAllocationHandleType_t;

typedef enum cnrtMemLocationType {
  cnrtMemLocationTypeInvalid = 0x0,
  cnrtMemLocationTypeDevice = 0x1,
} cnrtMemLocationType_t;

typedef struct cnrtMemLocation {
  cnrtMemLocationType_t type;
  uint32_t id;  // the device ordinal for cnrtMemLocationTypeDevice
} cnrtMemLocation_t;

typedef struct cnrtMemPoolProps {
  cnrtMemAllocationType_t type;
  cnrtMemAllocationHandleType_t requestedHandleTypes;
  cnrtMemLocation_t location;
  size_t maxSize;  // 0: the system's limit
  unsigned char reserved[64];
} cnrtMemPoolProps_t;

typedef enum cnrtMemoryAccessFlags {
  cnrtMemAccessFlagsProtReadWrite = 0x0,
  cnrtMemAccessFlagsProtReadOnly = 0x1,
} cnrtMemoryAccessFlags_t;

// CNRT spells the sixth value with the cn prefix.
typedef enum cnrtMemPoolAttr {
  cnrtMemPoolAttrReuseFollowNotifierDependencies = 0x1,
  cnrtMemPoolAttrReuseAllowOpportunistic,
  cnrtMemPoolAttrReuseAllowInternalDependencies,
  cnrtMemPoolAttrReleaseThreshold,
  cnrtMemPoolAttrReservedMemCurrent,
  cnMemPoolAttrReservedMemHigh,
  cnrtMemPoolAttrUsedMemCurrent,
  cnrtMemPoolAttrUsedMemHigh,
} cnrtMemPoolAttr_t;

// --- TaskTopo (captured and built task graphs) and queue capture -----------
typedef struct CNtaskTopo_st *cnrtTaskTopo_t;
typedef struct CNtaskTopoNode_st *cnrtTaskTopoNode_t;
typedef struct CNtaskTopoEntity_st *cnrtTaskTopoEntity_t;
typedef struct CNuserObject_st *cnrtUserObject_t;

typedef enum cnrtQueueCaptureStatus {
  cnrtQueueCaptureStatusNone = 0,
  cnrtQueueCaptureStatusActive = 1,
  cnrtQueueCaptureStatusInvalidated = 2,
} cnrtQueueCaptureStatus_t;

typedef enum cnrtQueueCaptureMode {
  cnrtQueueCaptureModeGlobal = 0,
  cnrtQueueCaptureModeThreadLocal = 1,
  cnrtQueueCaptureModeRelaxed = 2,
} cnrtQueueCaptureMode_t;

typedef enum cnrtUpdateQueueCaptureDependenciesFlags {
  cnrtQueueAddCaptureDependencies = 0,
  cnrtQueueSetCaptureDependencies = 1,
} cnrtUpdateQueueCaptureDependenciesFlags_t;

// A host function run in queue order (cnrtInvokeHostFunc, host nodes, user
// object destructors).
typedef void (*cnrtHostFn_t)(void *usreData);

typedef enum cnrtUserObjectAcquireflags {
  cnrtTaskTopoUserObjectMove = 0x1,
} cnrtUserObjectAcquireflags_t;

typedef struct cnrtHostNodeParams_st {
  cnrtHostFn_t fn;
  void *userData;
} cnrtHostNodeParams_t;

typedef struct cnrtKernelNodeParams_st {
  void *func;
  cnrtDim3_t dim;
  cnrtFunctionType_t type;
  unsigned int reserve;
  void **kernelParams;
  void **extra;
} cnrtKernelNodeParams_t;

typedef struct cnrtMemsetParams {
  void *dst;
  size_t pitch;  // ignored when height is 1
  unsigned int value;
  unsigned int elementSize;  // 1, 2 or 4
  size_t width;              // elements per row
  size_t height;             // rows
} cnrtMemsetParams_t;

typedef enum cnrtTaskTopoNodeType {
  cnrtTaskTopoNodeTypeEmpty = 0,
  cnrtTaskTopoNodeTypeKernel = 1,
  cnrtTaskTopoNodeTypeHost = 2,
  cnrtTaskTopoNodeTypeMemcpy = 3,
  cnrtTaskTopoNodeTypeMemset = 4,
  cnrtTaskTopoNodeTypeTaskTopo = 5,
  cnrtTaskTopoNodeTypeNotifierPlace = 6,
  cnrtTaskTopoNodeTypeNotifierWait = 7,
} cnrtTaskTopoNodeType_t;

typedef enum cnrtTaskTopoEntityUpdateResult {
  cnrtTaskTopoEntityUpdateSuccess = 0x0,
  cnrtTaskTopoEntityUpdateError = 0x1,
  cnrtTaskTopoEntityUpdateErrorTopologyChanged = 0x2,
  cnrtTaskTopoEntityUpdateErrorNodeTypeChanged = 0x3,
  cnrtTaskTopoEntityUpdateErrorParametersChanged = 0x4,
  cnrtTaskTopoEntityUpdateErrorNotSupported = 0x5,
  cnrtTaskTopoEntityUpdateErrorUnsupportedFunctionChange = 0x6,
  cnrtTaskTopoEntityUpdateErrorAttributesChanged = 0x7
} cnrtTaskTopoEntityUpdateResult_t;

typedef enum cnrtTaskTopoDebugDotFlags {
  cnrtTaskTopoDebugDotFlagsVerbose = (1 << 0),
  cnrtTaskTopoDebugDotFlagsRuntimeTypes = (1 << 1),
  cnrtTaskTopoDebugDotFlagsHandles = (1 << 2),
  cnrtTaskTopoDebugDotFlagsKernelNodeParams = (1 << 3),
  cnrtTaskTopoDebugDotFlagsMemcpyNodeParams = (1 << 4),
  cnrtTaskTopoDebugDotFlagsMemsetNodeParams = (1 << 5),
  cnrtTaskTopoDebugDotFlagsHostNodeParams = (1 << 6),
  cnrtTaskTopoDebugDotFlagsKernelNodeAttribute = (1 << 7),
  cnrtTaskTopoDebugDotFlagsNotifierNodeParams = (1 << 8),
} cnrtTaskTopoDebugDotFlags_t;

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
#define CNRT_JOB_TYPE_BLOCK cnrtJobTypeBlock
#define CNRT_JOB_TYPE_UNION1 cnrtJobTypeUnion1
#define CNRT_JOB_TYPE_UNION2 cnrtJobTypeUnion2
#define CNRT_JOB_TYPE_UNION4 cnrtJobTypeUnion4
#define CNRT_QUEUE_SYNC_SPIN ((cnrtDeviceFlags_t)0)
#define CNRT_QUEUE_SYNC_BLOCK ((cnrtDeviceFlags_t)1)
#define CNRT_QUEUE_SYNC_YIELD ((cnrtDeviceFlags_t)2)

// The return codes of CNRT 4 and 5 (cnrtRet_t values; CNRT 6 still defines
// them, with these numbers). CNRT 6 calls return the cnrtError* codes above,
// so of these only CNRT_RET_SUCCESS compares equal to a result.
#define CNRT_RET_WARNING_FAKE_DEVICE ((cnrtRet_t)1)
#define CNRT_RET_ERR_NOT_READY ((cnrtRet_t)632006)
#define CNRT_RET_ERR_INVALID ((cnrtRet_t)632007)
#define CNRT_RET_ERR_NOMEM ((cnrtRet_t)632008)
#define CNRT_RET_ERR_NODEV ((cnrtRet_t)632009)
#define CNRT_RET_ERR_SYS ((cnrtRet_t)632011)
#define CNRT_RET_ERR_ACCES ((cnrtRet_t)632012)
#define CNRT_RET_ERR_ACCESS ((cnrtRet_t)632012)
#define CNRT_RET_ERR_FAULT ((cnrtRet_t)632013)
#define CNRT_RET_ERR_BUSY ((cnrtRet_t)632014)
#define CNRT_RET_ERR_NORES ((cnrtRet_t)632019)
#define CNRT_RET_ERR_UNSUPPORTED ((cnrtRet_t)632020)
#define CNRT_RET_ERR_INVALID_POINTER ((cnrtRet_t)632021)
#define CNRT_RET_ERR_NO_EXIST ((cnrtRet_t)632022)
#define CNRT_RET_ERR_BROKEN ((cnrtRet_t)632023)
#define CNRT_RET_ERR_INIT ((cnrtRet_t)632024)
#define CNRT_RET_ERR_QUEUE ((cnrtRet_t)632025)
#define CNRT_RET_ERR_OUT_RANGE ((cnrtRet_t)632026)
#define CNRT_RET_ERR_FUNC_CALL ((cnrtRet_t)632028)
#define CNRT_RET_ERR_UNHANDLED ((cnrtRet_t)632029)
#define CNRT_RET_ERR_INVALID_TYPE ((cnrtRet_t)632030)
#define CNRT_RET_ERR_INVALID_OP ((cnrtRet_t)632031)
#define CNRT_RET_ERR_RESHAPE ((cnrtRet_t)632035)
#define CNRT_RET_ERR_MEMCPY ((cnrtRet_t)632036)
#define CNRT_RET_ERR_ENCRYPT ((cnrtRet_t)632037)
#define CNRT_RET_ERR_INVALID_DATADESC ((cnrtRet_t)632038)
#define CNRT_RET_ERR_MAP ((cnrtRet_t)632039)
#define CNRT_RET_ERR_UNMAP ((cnrtRet_t)632040)
#define CNRT_RET_ERR_CACHE ((cnrtRet_t)632041)
#define CNRT_RET_ERR_FIND_DEV_ADDR ((cnrtRet_t)632042)
#define CNRT_RET_ERR_KERNEL_VERSION_TOO_HIGH ((cnrtRet_t)632043)
#define CNRT_RET_ERR_CNDRV_FUNC_CALL ((cnrtRet_t)632046)
#define CNRT_RET_ERR_CNDEV_FUNC_CALL ((cnrtRet_t)632047)
#define CNRT_RET_ERR_IO ((cnrtRet_t)632048)
#define CNRT_RET_ERR_TIMEOUT ((cnrtRet_t)632049)
#define CNRT_RET_ERR_NOSYS ((cnrtRet_t)632050)
#define CNRT_RET_ERR_AGAIN ((cnrtRet_t)632051)
#define CNRT_RET_ERR_EXIST ((cnrtRet_t)632052)
#define CNRT_RET_ERR_MATH_OVERFLOW ((cnrtRet_t)632053)
#define CNRT_RET_ERR_MLU ((cnrtRet_t)632054)
#define CNRT_RET_ERR_ONCHIP_CORE ((cnrtRet_t)632055)
#define CNRT_RET_ERR_GET_MEM_RANGE ((cnrtRet_t)632056)
#define CNRT_RET_ERR_GET_MEM_INFO ((cnrtRet_t)632057)
#define CNRT_RET_ERR_EVENT ((cnrtRet_t)632058)
#define CNRT_RET_ERR_NOTIFIER ((cnrtRet_t)632059)
#define CNRT_RET_ERR_GET_IMP_DEV ((cnrtRet_t)632060)
#define CNRT_RET_ERR_LOAD_MODULE ((cnrtRet_t)632061)
#define CNRT_RET_ERR_UNKNOWN ((cnrtRet_t)999991)
#define CNRT_RET_ERR_MAX ((cnrtRet_t)999992)

// Calls marked "not supported" return cnrtErrorNotSupport with a log line
// naming the call (docs/host-toolkit.md lists them).

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

// --- Versions -------------------------------------------------------------
cnrtRet_t cnrtGetLibVersion(int *major, int *minor, int *patch);
// The driver's version: CNDrv's (the emulated driver is CNDrv itself).
cnrtRet_t cnrtDriverGetVersion(int *major, int *minor, int *patch);

// --- Devices (one emulated device, ordinal 0) -----------------------------
cnrtRet_t cnrtGetDeviceCount(unsigned int *pCount);
cnrtRet_t cnrtSetDevice(int ordinal);
cnrtRet_t cnrtGetDevice(int *pOrdinal);
cnrtRet_t cnrtDeviceGetAttribute(int *pValue, cnrtDeviceAttr_t attr,
                                 int device);
cnrtRet_t cnrtGetDeviceProperties_V2(cnrtDeviceProp_t *prop, int device);
cnrtRet_t cnrtGetDeviceProperties_V3(cnrtDeviceProp_t *prop, int device);
#define cnrtGetDeviceProperties cnrtGetDeviceProperties_V3
// The device's PCI address, "domain:bus:device.function" (the same one on
// every call), NUL-terminated in `len` bytes.
cnrtRet_t cnrtDeviceGetPCIBusId(char *pciBusId, int len, int device);
// The ordinal of the device at that PCI address: any of the forms
// domain:bus:device.function, domain:bus:device, bus:device.function.
cnrtRet_t cnrtDeviceGetByPCIBusId(int *device, const char *pciBusId);
// Whether `ordinal` can access `peerOrdinal`'s memory: 0, there is no peer.
cnrtRet_t cnrtGetPeerAccessibility(unsigned int *canAccess, int ordinal,
                                   int peerOrdinal);
// Waits for the device, then frees every cnrtMalloc allocation.
cnrtRet_t cnrtDeviceReset(void);
cnrtRet_t cnrtSyncDevice(void);
#define cnrtDeviceSynchronize cnrtSyncDevice
// How host threads wait (cnrtDeviceFlags_t): remembered and reported; every
// wait returns at once here.
cnrtRet_t cnrtGetDeviceFlag(uint32_t *pFlags);
cnrtRet_t cnrtSetDeviceFlag(uint32_t flags);
// Device configurations (cnrtDeviceConfig_t): remembered and reported.
cnrtRet_t cnrtDeviceGetConfig(int64_t *pValue, cnrtDeviceConfig_t type);
cnrtRet_t cnrtDeviceSetConfig(cnrtDeviceConfig_t type, int64_t value);
// Device memory the loaded kernels use: 0 (kernels are host code).
cnrtRet_t cnrtDeviceQueryKernelMemoryUsage(size_t *pBytes);
// Queue priorities: the range is [0, 0]; every queue has priority 0.
cnrtRet_t cnrtDeviceGetQueuePriorityRange(int *pMinPriority, int *pMaxPriority);
// No persisting L2 lines exist: succeeds without effect.
cnrtRet_t cnrtDeviceResetPersistingL2Cache(void);
// Inter-process memory and notifier handles: not supported (the emulated
// device lives inside one process).
cnrtRet_t cnrtAcquireMemHandle(cnrtIpcMemHandle *handle, void *ptr);
cnrtRet_t cnrtMapMemHandle(void **ptr, cnrtIpcMemHandle handle, int flags);
cnrtRet_t cnrtUnMapMemHandle(void *ptr);
cnrtRet_t cnrtIpcGetNotifierHandle(cnrtIpcNotifierHandle *handle,
                                   cnrtNotifier_t notifier);
cnrtRet_t cnrtIpcOpenNotifierHandle(cnrtNotifier_t *notifier,
                                    cnrtIpcNotifierHandle handle);
// Memory pools of a device: not supported.
cnrtRet_t cnrtDeviceGetDefaultMemPool(cnrtMemPool_t *pool, int dev);
cnrtRet_t cnrtDeviceGetMemPool(cnrtMemPool_t *pool, int dev);
cnrtRet_t cnrtDeviceSetMemPool(int dev, cnrtMemPool_t pool);

// --- Execution control ----------------------------------------------------
// Runs fn(userData) in queue order: now, as all earlier work is done.
cnrtRet_t cnrtInvokeHostFunc(cnrtQueue_t queue, cnrtHostFn_t fn,
                             void *userData);
// Launches by host symbol: not supported (kernels are launched through the
// <<<>>> rewrite or xbang::launch, which know the kernel's C++ type).
cnrtRet_t cnrtInvokeKernel(const void *kernel, cnrtDim3_t dim,
                           cnrtFunctionType_t ktype, void **args,
                           size_t reserved, cnrtQueue_t queue);

// --- Memory ---------------------------------------------------------------
cnrtRet_t cnrtMalloc(void **pPtr, size_t bytes);
// Constant memory: device memory kernels only read. It is allocated like
// cnrtMalloc memory and released with cnrtFree.
cnrtRet_t cnrtMallocConstant(void **pPtr, size_t bytes);
cnrtRet_t cnrtFree(void *ptr);
cnrtRet_t cnrtHostMalloc(void **pPtr, size_t bytes);
cnrtRet_t cnrtFreeHost(void *ptr);
#define cnrtMallocHost cnrtHostMalloc
cnrtRet_t cnrtMemcpy(void *dst, void *src, size_t bytes, cnrtMemTransDir_t dir);
// Rows of `width` bytes, `height` of them, `spitch` / `dpitch` bytes apart.
cnrtRet_t cnrtMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                       size_t width, size_t height,
                       cnrtMemTransDir_t direction);
cnrtRet_t cnrtMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                            size_t spitch, size_t width, size_t height,
                            cnrtMemTransDir_t direction, cnrtQueue_t queue);
cnrtRet_t cnrtMemcpy3D(const cnrtMemcpy3dParam_t *p);
cnrtRet_t cnrtMemcpy3DAsync(const cnrtMemcpy3dParam_t *p, cnrtQueue_t queue);
// The three generations of the queued copy behave alike here.
cnrtRet_t cnrtMemcpyAsync(void *dst, void *src, size_t bytes, cnrtQueue_t queue,
                          cnrtMemTransDir_t dir);
cnrtRet_t cnrtMemcpyAsync_V2(void *dst, void *src, size_t bytes,
                             cnrtQueue_t queue, cnrtMemTransDir_t dir);
cnrtRet_t cnrtMemcpyAsync_V3(void *dst, void *src, size_t bytes,
                             cnrtQueue_t queue, cnrtMemTransDir_t dir);
// Copies between devices: both ordinals must be 0.
cnrtRet_t cnrtMemcpyPeer(void *dst, int dstDev, void *src, int srcDev,
                         size_t bytes);
cnrtRet_t cnrtMemcpyPeerAsync(void *dst, int dstDev, void *src, int srcDev,
                              size_t bytes, cnrtQueue_t queue);
// __mlu_device__ symbols: not supported (they are host variables without a
// registry of their sizes).
cnrtRet_t cnrtGetSymbolAddress(void **pPtr, const void *symbol);
cnrtRet_t cnrtGetSymbolSize(size_t *size, const void *symbol);
cnrtRet_t cnrtMemcpyFromSymbol(void *dst, const void *symbol, size_t bytes,
                               size_t offset, cnrtMemTransDir_t dir);
cnrtRet_t cnrtMemcpyToSymbol(const void *symbol, const void *src, size_t bytes,
                             size_t offset, cnrtMemTransDir_t dir);
cnrtRet_t cnrtMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t bytes,
                                    size_t offset, cnrtMemTransDir_t dir,
                                    cnrtQueue_t queue);
cnrtRet_t cnrtMemcpyFromSymbolAsync_V2(void *dst, const void *symbol,
                                       size_t bytes, size_t offset,
                                       cnrtMemTransDir_t dir,
                                       cnrtQueue_t queue);
cnrtRet_t cnrtMemcpyToSymbolAsync(const void *symbol, const void *src,
                                  size_t bytes, size_t offset,
                                  cnrtMemTransDir_t dir, cnrtQueue_t queue);
cnrtRet_t cnrtMemcpyToSymbolAsync_V2(const void *symbol, const void *src,
                                     size_t bytes, size_t offset,
                                     cnrtMemTransDir_t dir, cnrtQueue_t queue);
cnrtRet_t cnrtMemGetInfo(size_t *free, size_t *total);
cnrtRet_t cnrtMemset(void *ptr, int value, size_t bytes);
cnrtRet_t cnrtMemsetAsync(void *ptr, int value, size_t bytes,
                          cnrtQueue_t queue);
cnrtRet_t cnrtPointerGetAttributes(cnrtPointerAttributes_t *attr,
                                   const void *ptr);
// Device memory is host memory: a mapping is the device address itself,
// and the host's caches are coherent with it.
cnrtRet_t cnrtMcacheOperation(void *ptr, void *hostPtr, size_t size,
                              cnrtCacheOps_t ops);
cnrtRet_t cnrtMmap(void *ptr, void **pHostPtr, size_t size);
cnrtRet_t cnrtMmapCached(void *ptr, void **pHostPtr, size_t size);
cnrtRet_t cnrtMunmap(void *hostPtr, size_t size);

// --- Queue-ordered allocator ----------------------------------------------
// Allocation and release in queue order: done at once, like cnrtMalloc and
// cnrtFree. The pool calls are not supported.
cnrtRet_t cnrtMemAllocAsync(void **pPtr, size_t byteSize, cnrtQueue_t queue);
cnrtRet_t cnrtMemFreeAsync(void *mluAddr, cnrtQueue_t hqueue);
cnrtRet_t cnrtMemAllocFromPoolAsync(void **pPtr, size_t byteSize,
                                    cnrtMemPool_t pool, cnrtQueue_t hqueue);
cnrtRet_t cnrtMemPoolCreate(cnrtMemPool_t *pool,
                            const cnrtMemPoolProps_t *poolProps);
cnrtRet_t cnrtMemPoolDestroy(cnrtMemPool_t pool);
cnrtRet_t cnrtMemPoolGetAccess(cnrtMemoryAccessFlags_t *flags,
                               cnrtMemPool_t pool, cnrtMemLocation_t *location);
cnrtRet_t cnrtMemPoolGetAttribute(cnrtMemPool_t pool, cnrtMemPoolAttr_t attr,
                                  void *value);
cnrtRet_t cnrtMemPoolSetAttribute(cnrtMemPool_t pool, cnrtMemPoolAttr_t attr,
                                  void *value);
cnrtRet_t cnrtMemPoolTrimTo(cnrtMemPool_t pool, size_t minByteToKeep);

// --- Notifiers ------------------------------------------------------------
cnrtRet_t cnrtNotifierCreate(cnrtNotifier_t *pNotifier);
cnrtRet_t cnrtNotifierCreateWithFlags(cnrtNotifier_t *pNotifier,
                                      unsigned int flags);
cnrtRet_t cnrtNotifierDestroy(cnrtNotifier_t notifier);
cnrtRet_t cnrtPlaceNotifier(cnrtNotifier_t notifier, cnrtQueue_t queue);
// flags: CNRT_NOTIFIER_PLACE_DEFAULT (EXTERNAL only during a capture).
cnrtRet_t cnrtPlaceNotifierWithFlags(cnrtNotifier_t notifier, cnrtQueue_t queue,
                                     unsigned int flags);
cnrtRet_t cnrtWaitNotifier(cnrtNotifier_t notifier);
cnrtRet_t cnrtQueryNotifier(cnrtNotifier_t notifier);
// Time between two placed notifiers: in microseconds / in milliseconds.
cnrtRet_t cnrtNotifierDuration(cnrtNotifier_t start, cnrtNotifier_t end,
                               float *us);
cnrtRet_t cnrtNotifierElapsedTime(cnrtNotifier_t start, cnrtNotifier_t end,
                                  float *ms);

// --- Queues ---------------------------------------------------------------
cnrtRet_t cnrtQueueCreate(cnrtQueue_t *pQueue);
// flags must be 0; the priority is clamped to the range (every queue gets 0).
cnrtRet_t cnrtQueueCreateWithPriority(cnrtQueue_t *pQueue, unsigned int flags,
                                      int priority);
cnrtRet_t cnrtQueueGetPriority(cnrtQueue_t queue, int *priority);
cnrtRet_t cnrtQueueDestroy(cnrtQueue_t queue);
// cnrtSuccess when all work on the queue is done, else cnrtErrorNotReady.
cnrtRet_t cnrtQueueQuery(cnrtQueue_t queue);
cnrtRet_t cnrtQueueSync(cnrtQueue_t queue);
// flag: CNRT_NOTIFIER_WAIT_DEFAULT (EXTERNAL only during a capture).
cnrtRet_t cnrtQueueWaitNotifier(cnrtNotifier_t notifier, cnrtQueue_t queue,
                                unsigned int flag);
// Access-policy attributes: not supported (no L2 to steer); copying a
// queue's attributes succeeds between live queues (there are none to copy).
cnrtRet_t cnrtQueueSetAttribute(cnrtQueue_t queue, cnrtQueueAttrID_t attr_id,
                                const cnrtQueueAttrValue_t *value);
cnrtRet_t cnrtQueueGetAttribute(cnrtQueue_t queue, cnrtQueueAttrID_t attr_id,
                                cnrtQueueAttrValue_t *value_out);
cnrtRet_t cnrtQueueCopyAttributes(cnrtQueue_t dst, cnrtQueue_t src);
// Capture: between cnrtQueueBeginCapture and cnrtQueueEndCapture a created
// queue records the launches, copies, sets, host functions and notifier
// places and waits enqueued on it instead of running them; the task
// topology cnrtQueueEndCapture returns chains them in that order. The
// default queues cannot capture; the thread's capture mode is kept and
// exchanged.
cnrtRet_t cnrtQueueBeginCapture(cnrtQueue_t queue,
                                enum cnrtQueueCaptureMode mode);
cnrtRet_t cnrtQueueEndCapture(cnrtQueue_t queue, cnrtTaskTopo_t *pTaskTopo);
cnrtRet_t cnrtQueueIsCapturing(cnrtQueue_t queue,
                               enum cnrtQueueCaptureStatus *pStatus);
cnrtRet_t cnrtQueueGetCaptureInfo(cnrtQueue_t queue,
                                  enum cnrtQueueCaptureStatus *pStatus,
                                  uint64_t *idOut, cnrtTaskTopo_t *pTaskTopo,
                                  const cnrtTaskTopoNode_t **pDependenciesOut,
                                  size_t *pNumDependencies);
cnrtRet_t cnrtQueueUpdateCaptureDependencies(cnrtQueue_t queue,
                                             cnrtTaskTopoNode_t *dependencies,
                                             size_t numDependencies,
                                             unsigned int flags);
cnrtRet_t cnrtThreadExchangeQueueCaptureMode(cnrtQueueCaptureMode_t *mode);
#define cnrtCreateQueue cnrtQueueCreate
#define cnrtDestroyQueue cnrtQueueDestroy
#define cnrtSyncQueue cnrtQueueSync

// --- Data conversion ------------------------------------------------------
// A quantization parameter for cnrtCastDataType_V2; `scale` must be finite
// and non-zero.
cnrtRet_t cnrtCreateQuantizedParam(cnrtQuantizedParam_t *param, int pos,
                                   float scale, int offset);
// Per-channel quantization: not supported.
cnrtRet_t cnrtCreateQuantizedParamByChannel(cnrtQuantizedParam_t *param,
                                            int *poses, float *scales,
                                            float *offsets, int dimNum,
                                            int *dimValues, int channelDim);
cnrtRet_t cnrtDestroyQuantizedParam(cnrtQuantizedParam_t param);
// Converts `count` elements of src (src_type) into dst (dst_type) with the
// given rounding; out-of-range values saturate to the integer type, NaN
// becomes 0. With a quantization parameter, one side must be an integer
// type and the other a floating type: a floating value x becomes
// x * scale / 2^pos + offset before rounding, an integer q becomes
// (q - offset) * 2^pos / scale.
cnrtRet_t cnrtCastDataType_V2(const void *src, cnrtDataType_V2_t srcDataType,
                              void *dst, cnrtDataType_V2_t dstDataType,
                              int count, cnrtQuantizedParam_t param,
                              cnrtRoundingMode_t roundingMode);
// The older form: cnrtDataType_t types (those with a cnrtDataType_V2_t
// twin), rounded to nearest even.
cnrtRet_t cnrtCastDataType(void *src, cnrtDataType_t srcDataType, void *dst,
                           cnrtDataType_t dstDataType, int count,
                           cnrtQuantizedParam_t param);
// Filter reshaping: not supported.
cnrtRet_t cnrtFilterReshape(void *dst, void *src, int n, int h, int w, int c,
                            cnrtDataType_t type);

// --- TaskTopo --------------------------------------------------------------
// Create, Destroy, GetNodes, GetRootNodes, NodeGetType, AddEmptyNode,
// AddHostNode, Instantiate, EntityInvoke, EntityDestroy and DebugDotPrint
// work (the nodes run in the order they were added, each after its
// dependencies); the rest are not supported.
cnrtRet_t cnrtTaskTopoCreate(cnrtTaskTopo_t *pTaskTopo, unsigned int flags);
cnrtRet_t cnrtTaskTopoDestroy(cnrtTaskTopo_t taskTopo);
cnrtRet_t cnrtTaskTopoClone(cnrtTaskTopo_t *pTaskTopoClone,
                            cnrtTaskTopo_t originalTaskTopo);
cnrtRet_t cnrtTaskTopoNodeFindInClone(cnrtTaskTopoNode_t *pNode,
                                      cnrtTaskTopoNode_t originalNode,
                                      cnrtTaskTopo_t clonedTaskTopo);
cnrtRet_t cnrtTaskTopoDestroyNode(cnrtTaskTopoNode_t node);
cnrtRet_t cnrtTaskTopoGetEdges(cnrtTaskTopo_t taskTopo,
                               cnrtTaskTopoNode_t *from, cnrtTaskTopoNode_t *to,
                               size_t *numEdges);
cnrtRet_t cnrtTaskTopoGetNodes(cnrtTaskTopo_t taskTopo,
                               cnrtTaskTopoNode_t *pNode, size_t *numNodes);
cnrtRet_t cnrtTaskTopoGetRootNodes(cnrtTaskTopo_t taskTopo,
                                   cnrtTaskTopoNode_t *pRootNode,
                                   size_t *numRootNodes);
cnrtRet_t cnrtTaskTopoAddDependencies(cnrtTaskTopo_t taskTopo,
                                      const cnrtTaskTopoNode_t *from,
                                      const cnrtTaskTopoNode_t *to,
                                      size_t numDependencies);
cnrtRet_t cnrtTaskTopoRemoveDependencies(cnrtTaskTopo_t taskTopo,
                                         const cnrtTaskTopoNode_t *from,
                                         const cnrtTaskTopoNode_t *to,
                                         size_t numDependencies);
cnrtRet_t cnrtTaskTopoNodeGetDependencies(cnrtTaskTopoNode_t node,
                                          cnrtTaskTopoNode_t *pDependencies,
                                          size_t *numDependencies);
cnrtRet_t cnrtTaskTopoNodeGetDependentNodes(cnrtTaskTopoNode_t node,
                                            cnrtTaskTopoNode_t *pDependentNodes,
                                            size_t *numDependentNodes);
cnrtRet_t cnrtUserObjectCreate(cnrtUserObject_t *object_out, void *ptr,
                               cnrtHostFn_t destroy,
                               unsigned int initialRefcount,
                               unsigned int flags);
cnrtRet_t cnrtUserObjectAcquire(cnrtUserObject_t object, unsigned int count);
cnrtRet_t cnrtUserObjectRelease(cnrtUserObject_t object, unsigned int count);
cnrtRet_t cnrtTaskTopoAcquireUserObject(cnrtTaskTopo_t taskTopo,
                                        cnrtUserObject_t object,
                                        unsigned int count, unsigned int flags);
cnrtRet_t cnrtTaskTopoReleaseUserObject(cnrtTaskTopo_t taskTopo,
                                        cnrtUserObject_t object,
                                        unsigned int count);
cnrtRet_t cnrtTaskTopoAddEmptyNode(cnrtTaskTopoNode_t *pNode,
                                   cnrtTaskTopo_t taskTopo,
                                   const cnrtTaskTopoNode_t *dependencies,
                                   size_t numDependencies);
cnrtRet_t cnrtTaskTopoAddHostNode(cnrtTaskTopoNode_t *pNode,
                                  cnrtTaskTopo_t taskTopo,
                                  const cnrtTaskTopoNode_t *dependencies,
                                  size_t numDependencies,
                                  const cnrtHostNodeParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoHostNodeGetParams(cnrtTaskTopoNode_t node,
                                        cnrtHostNodeParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoHostNodeSetParams(cnrtTaskTopoNode_t node,
                                        const cnrtHostNodeParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoAddKernelNode(cnrtTaskTopoNode_t *pNode,
                                    cnrtTaskTopo_t taskTopo,
                                    const cnrtTaskTopoNode_t *dependencies,
                                    size_t numDependencies,
                                    const cnrtKernelNodeParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoKernelNodeGetParams(cnrtTaskTopoNode_t node,
                                          cnrtKernelNodeParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoKernelNodeSetParams(
    cnrtTaskTopoNode_t node, const cnrtKernelNodeParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoAddMemcpyNode(cnrtTaskTopoNode_t *pNode,
                                    cnrtTaskTopo_t taskTopo,
                                    const cnrtTaskTopoNode_t *dependencies,
                                    size_t numDependencies,
                                    const cnrtMemcpy3dParam_t *copyParams);
cnrtRet_t cnrtTaskTopoMemcpyNodeGetParams(cnrtTaskTopoNode_t node,
                                          cnrtMemcpy3dParam_t *nodeParams);
cnrtRet_t cnrtTaskTopoMemcpyNodeSetParams(
    cnrtTaskTopoNode_t node, const cnrtMemcpy3dParam_t *nodeParams);
cnrtRet_t cnrtTaskTopoAddMemsetNode(cnrtTaskTopoNode_t *pNode,
                                    cnrtTaskTopo_t taskTopo,
                                    const cnrtTaskTopoNode_t *dependencies,
                                    size_t numDependencies,
                                    const cnrtMemsetParams_t *copyParams);
cnrtRet_t cnrtTaskTopoMemsetNodeGetParams(cnrtTaskTopoNode_t node,
                                          cnrtMemsetParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoMemsetNodeSetParams(cnrtTaskTopoNode_t node,
                                          const cnrtMemsetParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoAddChildTopoNode(cnrtTaskTopoNode_t *pNode,
                                       cnrtTaskTopo_t taskTopo,
                                       const cnrtTaskTopoNode_t *dependencies,
                                       size_t numDependencies,
                                       cnrtTaskTopo_t hChildTopo);
cnrtRet_t cnrtTaskTopoChildTopoNodeGetTopo(cnrtTaskTopoNode_t node,
                                           cnrtTaskTopo_t *pTaskTopo);
cnrtRet_t cnrtTaskTopoAddNotifierPlaceNode(
    cnrtTaskTopoNode_t *pNode, cnrtTaskTopo_t taskTopo,
    const cnrtTaskTopoNode_t *dependencies, size_t numDependencies,
    cnrtNotifier_t hNotifier);
cnrtRet_t cnrtTaskTopoNotifierPlaceNodeGetNotifier(cnrtTaskTopoNode_t node,
                                                   cnrtNotifier_t *phNotifier);
cnrtRet_t cnrtTaskTopoNotifierPlaceNodeSetNotifier(cnrtTaskTopoNode_t node,
                                                   cnrtNotifier_t hNotifier);
cnrtRet_t cnrtTaskTopoAddNotifierWaitNode(
    cnrtTaskTopoNode_t *pNode, cnrtTaskTopo_t taskTopo,
    const cnrtTaskTopoNode_t *dependencies, size_t numDependencies,
    cnrtNotifier_t hNotifier);
cnrtRet_t cnrtTaskTopoNotifierWaitNodeGetNotifier(cnrtTaskTopoNode_t node,
                                                  cnrtNotifier_t *phNotifier);
cnrtRet_t cnrtTaskTopoNotifierWaitNodeSetNotifier(cnrtTaskTopoNode_t node,
                                                  cnrtNotifier_t hNotifier);
cnrtRet_t cnrtTaskTopoInstantiate(cnrtTaskTopoEntity_t *entity,
                                  cnrtTaskTopo_t taskTopo,
                                  cnrtTaskTopoNode_t *pErrorNode,
                                  char *logBuffer, size_t bufferSize);
cnrtRet_t cnrtTaskTopoEntityDestroy(cnrtTaskTopoEntity_t entity);
cnrtRet_t cnrtTaskTopoEntityInvoke(cnrtTaskTopoEntity_t entity,
                                   cnrtQueue_t queue);
cnrtRet_t cnrtTaskTopoNodeGetType(cnrtTaskTopoNode_t node,
                                  cnrtTaskTopoNodeType_t *pType);
cnrtRet_t cnrtTaskTopoDebugDotPrint(cnrtTaskTopo_t taskTopo, const char *path,
                                    unsigned int flags);
cnrtRet_t cnrtTaskTopoKernelNodeGetAttribute(
    cnrtTaskTopoNode_t node, cnrtKernelNodeAttr_t attrId,
    cnrtKernelNodeAttrValue_t *valueOut);
cnrtRet_t cnrtTaskTopoKernelNodeSetAttribute(
    cnrtTaskTopoNode_t node, cnrtKernelNodeAttr_t attrId,
    const cnrtKernelNodeAttrValue_t *value);
cnrtRet_t cnrtTaskTopoKernelNodeCopyAttributes(cnrtTaskTopoNode_t dst,
                                               cnrtTaskTopoNode_t src);
cnrtRet_t cnrtTaskTopoEntityHostNodeSetParams(
    cnrtTaskTopoEntity_t entity, cnrtTaskTopoNode_t node,
    const cnrtHostNodeParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoEntityKernelNodeSetParams(
    cnrtTaskTopoEntity_t entity, cnrtTaskTopoNode_t node,
    const cnrtKernelNodeParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoEntityMemcpyNodeSetParams(
    cnrtTaskTopoEntity_t entity, cnrtTaskTopoNode_t node,
    const cnrtMemcpy3dParam_t *nodeParams);
cnrtRet_t cnrtTaskTopoEntityMemsetNodeSetParams(
    cnrtTaskTopoEntity_t entity, cnrtTaskTopoNode_t node,
    const cnrtMemsetParams_t *nodeParams);
cnrtRet_t cnrtTaskTopoEntityChildTopoNodeSetParams(cnrtTaskTopoEntity_t entity,
                                                   cnrtTaskTopoNode_t node,
                                                   cnrtTaskTopo_t childTopo);
cnrtRet_t cnrtTaskTopoEntityNotifierPlaceNodeSetNotifier(
    cnrtTaskTopoEntity_t entity, cnrtTaskTopoNode_t node,
    cnrtNotifier_t hNotifier);
cnrtRet_t cnrtTaskTopoEntityNotifierWaitNodeSetNotifier(
    cnrtTaskTopoEntity_t entity, cnrtTaskTopoNode_t node,
    cnrtNotifier_t hNotifier);
cnrtRet_t cnrtTaskTopoEntityUpdate(
    cnrtTaskTopoEntity_t entity, cnrtTaskTopo_t topo,
    cnrtTaskTopoNode_t *pErrorNode_out,
    cnrtTaskTopoEntityUpdateResult_t *updateResult_out);
cnrtRet_t cnrtTaskTopoUpload(cnrtTaskTopoEntity_t entity, cnrtQueue_t queue);

// --- CNRT 5: parameter descriptors and offline models ---------------------
// Parameter descriptors (a data type and a shape) work. Offline models
// (.cambricon files) are Cambricon's compiled format, which the emulated
// device cannot run: loading one, and every call on models, functions and
// runtime contexts, is not supported.
typedef struct cnrtParamDesc *cnrtParamDesc_t;
typedef cnrtParamDesc_t *cnrtParamDescArray_t;
typedef struct cnrtModel *cnrtModel_t;
typedef struct cnrtFunction *cnrtFunction_t;
typedef struct cnrtRuntimeContext *cnrtRuntimeContext_t;

cnrtRet_t cnrtCreateParamDesc(cnrtParamDesc_t *param_desc);
cnrtRet_t cnrtDestroyParamDesc(cnrtParamDesc_t param_desc);
// `param_num` (> 0) descriptors; destroyed together.
cnrtRet_t cnrtCreateParamDescArray(cnrtParamDescArray_t *param_descs,
                                   int param_num);
cnrtRet_t cnrtDestroyParamDescArray(cnrtParamDescArray_t param_descs,
                                    int param_num);
// `dim_num` (1 to CNRT_PARAM_DESC_MAX_DIMS) dims, each >= 0.
#define CNRT_PARAM_DESC_MAX_DIMS 8
cnrtRet_t cnrtSetShapeToParamDesc(cnrtParamDesc_t param_desc, int *dims,
                                  int dim_num);
cnrtRet_t cnrtSetDataTypeToParamDesc(cnrtParamDesc_t param_desc,
                                     cnrtDataType_t dtype);
// *dims points into the descriptor, valid until the shape changes or the
// descriptor is destroyed.
cnrtRet_t cnrtGetShapeFromParamDesc(cnrtParamDesc_t param_desc, int **dims,
                                    int *dim_num);
cnrtRet_t cnrtGetDataTypeFromParamDesc(cnrtParamDesc_t param_desc,
                                       cnrtDataType_t *dtype);
// The product of the dims (every dim >= 1).
cnrtRet_t cnrtGetParamElementNum(cnrtParamDesc_t param_desc, size_t *num);
// Elements times the data type's size.
cnrtRet_t cnrtGetParamDescSize(cnrtParamDesc_t param_desc, int64_t *size);

// Offline models: not supported.
cnrtRet_t cnrtLoadModel(cnrtModel_t *pmodel, const char *fname);
cnrtRet_t cnrtLoadModelFromMem(cnrtModel_t *pmodel, char *ptr);
cnrtRet_t cnrtUnloadModel(cnrtModel_t model);
cnrtRet_t cnrtCreateFunction(cnrtFunction_t *pfunction);
cnrtRet_t cnrtDestroyFunction(cnrtFunction_t function);
cnrtRet_t cnrtExtractFunction(cnrtFunction_t *pfunction, cnrtModel_t model,
                              const char *symbol);
cnrtRet_t cnrtGetInputDataSize(int64_t **sizeArray, int *num,
                               cnrtFunction_t function);
cnrtRet_t cnrtGetOutputDataSize(int64_t **sizeArray, int *num,
                                cnrtFunction_t function);
cnrtRet_t cnrtGetInputDataType(cnrtDataType_t **dtype, int *num,
                               cnrtFunction_t function);
cnrtRet_t cnrtGetOutputDataType(cnrtDataType_t **dtype, int *num,
                                cnrtFunction_t function);
cnrtRet_t cnrtGetInputDataShape(int **dimValues, int *dimNum, int index,
                                cnrtFunction_t function);
cnrtRet_t cnrtGetOutputDataShape(int **dimValues, int *dimNum, int index,
                                 cnrtFunction_t function);
cnrtRet_t cnrtInferFunctionOutputShape(cnrtFunction_t func, int input_num,
                                       cnrtParamDescArray_t input_params,
                                       int output_num,
                                       cnrtParamDescArray_t output_params);
cnrtRet_t cnrtCreateRuntimeContext(cnrtRuntimeContext_t *pctx,
                                   cnrtFunction_t function, void *extra);
cnrtRet_t cnrtSetRuntimeContextDeviceId(cnrtRuntimeContext_t ctx,
                                        int dev_ordinal);
cnrtRet_t cnrtInitRuntimeContext(cnrtRuntimeContext_t ctx, void *reserve);
cnrtRet_t cnrtInvokeRuntimeContext_V2(cnrtRuntimeContext_t ctx,
                                      cnrtParamDesc_t *params, void **param,
                                      cnrtQueue_t queue, void *extra);
cnrtRet_t cnrtDestroyRuntimeContext(cnrtRuntimeContext_t ctx);

// --- Profiler -------------------------------------------------------------
// The emulated device has no profiler to start: both succeed, nothing is
// collected.
cnrtRet_t cnrtProfilerStart(void);
cnrtRet_t cnrtProfilerStop(void);

#if defined(__cplusplus)
}
#endif

#endif  // XBANG_CNRT_H_
