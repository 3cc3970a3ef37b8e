// CNDrv (Cambricon driver API) as mlu-ops and host programs call it: names,
// numeric values and signatures of CNDrv 2, implemented for the emulated
// device (docs/host-toolkit.md). One device (ordinal 0) with one context,
// which cnrtSetDevice binds to the calling thread.
#ifndef XBANG_CN_API_H_
#define XBANG_CN_API_H_

#include <stdint.h>
#include <stdlib.h>

typedef uint64_t cn_uint64_t;
typedef int64_t cn_int64_t;
typedef uint32_t cn_uint32_t;

#ifdef __cplusplus
extern "C" {
#endif

#define CN_MAJOR_VERSION 2
#define CN_MINOR_VERSION 15
#define CN_PATCH_VERSION 5
#define CN_VERSION \
  (CN_MAJOR_VERSION * 100000 + CN_MINOR_VERSION * 1000 + CN_PATCH_VERSION)

// Return values: the numbers are CNDrv's (the subset the emulation returns
// or that callers compare against).
typedef enum {
  CN_SUCCESS = 0,
  CN_ERROR_NOT_READY = 1,
  CN_ERROR_NOT_INITIALIZED = 100002,
  CN_ERROR_DEINITIALIZED = 100003,
  CN_ERROR_NO_DEVICE = 100004,
  CN_ERROR_INVALID_DEVICE = 100005,
  CN_ERROR_INVALID_VALUE = 100006,
  CN_ERROR_OPERATING_SYSTEM = 100007,
  CN_ERROR_SYSTEM_OUT_OF_MEMORY = 100010,
  CN_ERROR_INVALID_ADDRESS = 100011,
  CN_ERROR_INVALID_HANDLE = 100014,
  CN_ERROR_ILLEGAL_STATE = 100015,
  CN_OPS_ERROR_NOT_SUPPORTED = 100050,
  CN_OPS_ERROR_NOT_PERMITTED = 100051,
  CN_OPS_ERROR_TIMEOUT = 100052,
  CN_OPS_ERROR_OUT_OF_RESOURCES = 100053,
  CN_QUEUE_ERROR_INVALID = 100060,
  CN_NOTIFIER_ERROR_INVALID = 100080,
  CN_MEMORY_ERROR_OUT_OF_MEMORY = 100100,
  CN_MEMORY_ERROR_INVALID_ADDRESS = 100102,
  CN_INVOKE_ERROR = 100200,
  CN_CONTEXT_ERROR_INVALID = 100201,
  CN_ERROR_NOT_FOUND = 100301,
  CN_ERROR_INVALID_KERNEL = 100302,
  CN_ERROR_UNKNOWN = 200000
} CNresult;

typedef int CNdev;
typedef struct CNcontext_st *CNcontext;
typedef struct CNqueue_st *CNqueue;
typedef struct CNnotifier_st *CNnotifier;
typedef cn_uint64_t CNaddr;

// Device attributes (cnDeviceGetAttribute); the numbers are CNDrv's and
// equal CNRT's cnrtAttr* ones.
typedef enum CNdevice_attribute_enum {
  CN_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 0x01,
  CN_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 0x02,
  CN_DEVICE_ATTRIBUTE_SPARSE_COMPUTING_SUPPORTED = 0x03,
  CN_DEVICE_ATTRIBUTE_FP16_COMPUTING_SUPPORTED = 0x04,
  CN_DEVICE_ATTRIBUTE_INT4_COMPUTING_SUPPORTED = 0x05,
  CN_DEVICE_ATTRIBUTE_INT8_COMPUTING_SUPPORTED = 0x06,
  CN_DEVICE_ATTRIBUTE_BF16_COMPUTING_SUPPORTED = 0x07,
  CN_DEVICE_ATTRIBUTE_TF32_COMPUTING_SUPPORTED = 0x08,
  CN_DEVICE_ATTRIBUTE_COMPUTE_MODE = 0x09,
  CN_DEVICE_ATTRIBUTE_MAX_QUEUE_COUNT = 0x101,
  CN_DEVICE_ATTRIBUTE_MAX_NOTIFIER_COUNT = 0x102,
  CN_DEVICE_ATTRIBUTE_QUEUE_PRIORITIES_SUPPORTED = 0x103,
  CN_DEVICE_ATTRIBUTE_TINY_CORE_SUPPORTED = 0x104,
  CN_DEVICE_ATTRIBUTE_CODEC_JPEG_SUPPORTED = 0x105,
  CN_DEVICE_ATTRIBUTE_CODEC_H264_SUPPORTED = 0x106,
  CN_DEVICE_ATTRIBUTE_CODEC_H265_SUPPORTED = 0x107,
  CN_DEVICE_ATTRIBUTE_AIISP_CORE_SUPPORTED = 0x108,
  CN_DEVICE_ATTRIBUTE_MULTI_CTX_NOTIFIER_WAIT_SUPPORTED = 0x109,
  CN_DEVICE_ATTRIBUTE_IPCNOTIFIER_SUPPORTED = 0x10a,
  CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_X = 0x201,
  CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_Y = 0x202,
  CN_DEVICE_ATTRIBUTE_MAX_BLOCK_TASK_DIM_Z = 0x203,
  CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT_PER_UNION_TASK = 0x204,
  CN_DEVICE_ATTRIBUTE_MAX_CLUSTER_COUNT = 0x205,
  CN_DEVICE_ATTRIBUTE_MAX_CORE_COUNT_PER_CLUSTER = 0x206,
  CN_DEVICE_ATTRIBUTE_MAX_QUADRANT_COUNT = 0x207,
  CN_DEVICE_ATTRIBUTE_MAX_UNION_TYPE_PER_QUADRANT = 0x208,
  CN_DEVICE_ATTRIBUTE_MAX_CLUSTERS_PER_UNION_LIMIT_TASK = 0x209,
  CN_DEVICE_ATTRIBUTE_MLU_ISA_VERSION = 0x20a,
  CN_DEVICE_ATTRIBUTE_IS_MULTIPLE_TENSOR_PROCESSOR = 0x20b,
  CN_DEVICE_ATTRIBUTE_IPCRESOURCE_PER_CTX = 0x20c,
  CN_DEVICE_ATTRIBUTE_MAX_L2_CACHE_SIZE = 0x301,
  CN_DEVICE_ATTRIBUTE_NRAM_SIZE_PER_CORE = 0x302,
  CN_DEVICE_ATTRIBUTE_NEURAL_RAM_SIZE_PER_CORE =
      CN_DEVICE_ATTRIBUTE_NRAM_SIZE_PER_CORE,
  CN_DEVICE_ATTRIBUTE_WEIGHT_RAM_SIZE_PER_CORE = 0x303,
  CN_DEVICE_ATTRIBUTE_TOTAL_CONST_MEMORY_SIZE = 0x304,
  CN_DEVICE_ATTRIBUTE_LOCAL_MEMORY_SIZE_PER_CORE = 0x305,
  CN_DEVICE_ATTRIBUTE_MAX_SHARED_RAM_SIZE_PER_CLUSTER = 0x306,
  CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_NODE_COUNT = 0x307,
  CN_DEVICE_ATTRIBUTE_CLUSTER_L1_CACHE_SUPPORTED = 0x308,
  CN_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE = 0x309,
  CN_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_SIZE_PER_UNION_TASK = 0x30A,
  CN_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED = 0x30B,
  CN_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED = 0x30C,
  CN_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED = 0x30D,
  CN_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM = 0x30E,
  CN_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 0x30F,
  CN_DEVICE_ATTRIBUTE_LINEAR_MAPPING_SUPPORTED = 0x310,
  CN_DEVICE_ATTRIBUTE_LINEAR_RECOMMEND_GRANULARITY = 0x311,
  CN_DEVICE_ATTRIBUTE_AVAILABLE_GLOBAL_MEMORY_SIZE = 0x312,
  CN_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED = 0x313,
  CN_DEVICE_ATTRIBUTE_ECC_ENABLED = 0x401,
  CN_DEVICE_ATTRIBUTE_CLUSTER_CLOCK_RATE = 0x402,
  CN_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 0x403,
  CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 0x404,
  CN_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_TOTAL_SIZE = 0x405,
  CN_DEVICE_ATTRIBUTE_PCI_BUS_ID = 0x406,
  CN_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 0x407,
  CN_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 0x408,
  CN_DEVICE_ATTRIBUTE_MDR_MEMORY_SIZE = 0x409,
  CN_DEVICE_ATTRIBUTE_PCI_MPS = 0x40A,
  CN_DEVICE_ATTRIBUTE_PCI_MRRS = 0x40B,
  CN_DEVICE_ATTRIBUTE_MAX
} CNdevice_attribute;

// Pointer attributes (cnGetMemAttribute); the numbers are CNDrv's.
typedef enum CNmem_attribute_enum {
  CN_MEM_ATTRIBUTE_TYPE = 0x1,
  CN_MEM_ATTRIBUTE_DEVICE_POINTER = 0x2,
  CN_MEM_ATTRIBUTE_HOST_POINTER = 0x3,
  CN_MEM_ATTRIBUTE_IS_CACHE_OPS = 0x4,
  CN_MEM_ATTRIBUTE_CACHE_OPS = 0x5,
  CN_MEM_ATTRIBUTE_CONTEXT = 0x6,
  CN_MEM_ATTRIBUTE_DEVICE_ORDINAL = 0x7,
  CN_MEM_ATTRIBUTE_RANGE_START_ADDR = 0x11,
  CN_MEM_ATTRIBUTE_RANGE_SIZE = 0x12,
  CN_MEM_ATTRIBUTE_ACCESS_FLAGS = 0x13,
  CN_MEM_ATTRIBUTE_CACHE_CONFIG = 0x14,
  CN_MEM_ATTRIBUTE_HOST_CACHE_TYPE = 0x15,
  CN_MEM_ATTRIBUTE_MAPPED = 0x16,
  CN_MEM_ATTRIBUTE_ALLOWED_HANDLE_TYPES = 0x17,
  CN_MEM_ATTRIBUTE_ISLINEAR = 0x18,
  CN_MEM_ATTRIBUTE_IS_LEGACY_IPC_CAPABLE = 0x19,
  CN_MEM_ATTRIBUTE_MAX
} CNmem_attribute;

typedef enum cn_kernel_class {
  CN_KERNEL_CLASS_BLOCK = 1,
  CN_KERNEL_CLASS_UNION = 4,
  CN_KERNEL_CLASS_UNION2 = 8,
  CN_KERNEL_CLASS_UNION4 = 16,
  CN_KERNEL_CLASS_UNION8 = 32,
  CN_KERNEL_CLASS_UNION16 = 64,
  CN_KERNEL_CLASS_NONE = 0xFF,
} KernelClass;

typedef enum cn_ctx_config_type {
  CN_CTX_CONFIG_VISIBLE_CLUSTER = 0,  // bitmap of the visible clusters
  CN_CTX_CONFIG_VISIBLE_CLUSTER_NUM,  // how many clusters are visible
  CN_CTX_CONFIG_UNION_LIMIT,          // the largest KernelClass that fits
  CN_CTX_CONFIG_NUM,
} CNctxConfigParamType;

typedef union cn_ctx_config_param {
  cn_uint64_t visibleCluster;
  cn_uint64_t visibleClusterNumber;
  KernelClass unionLimit;
} CNctxConfigParam;

CNresult cnInit(unsigned int flags);
CNresult cnGetErrorString(CNresult error, const char **str);
CNresult cnGetErrorName(CNresult error, const char **str);
CNresult cnGetLibVersion(int *major, int *minor, int *patch);
// The emulated driver is CNDrv itself: its version is CNDrv's.
CNresult cnGetDriverVersion(int *major, int *minor, int *patch);

CNresult cnDeviceGetCount(int *count);
CNresult cnDeviceGet(CNdev *device, int ordinal);
CNresult cnDeviceGetAttribute(int *value, CNdevice_attribute attribute,
                              CNdev device);
// CN_ERROR_INVALID_VALUE when the name (with its terminator) does not fit.
CNresult cnDeviceGetName(char *name, unsigned int length, CNdev device);
CNresult cnDeviceTotalMem(cn_uint64_t *bytes, CNdev device);

// The context cnrtSetDevice bound to this thread (NULL before).
CNresult cnCtxGetCurrent(CNcontext *context);
CNresult cnCtxSetCurrent(CNcontext context);
CNresult cnCtxGetDevice(CNdev *device);
CNresult cnCtxSync(void);
CNresult cnSharedContextAcquire(CNcontext *context, CNdev device);
CNresult cnSharedContextRelease(CNdev device);
CNresult cnGetCtxConfigParam(CNcontext context, CNctxConfigParamType type,
                             CNctxConfigParam *param);
// The emulated cluster set is fixed: setting it reports
// CN_OPS_ERROR_NOT_SUPPORTED.
CNresult cnSetCtxConfigParam(CNcontext context, CNctxConfigParamType type,
                             CNctxConfigParam *param);
// How many tasks of class `kernel_class` can run at once on the device.
CNresult cnGetCtxMaxParallelUnionTasks(CNcontext context,
                                       KernelClass kernel_class, int *number);

CNresult cnQueueGetContext(CNqueue queue, CNcontext *context);

// Device memory as CNDrv addresses: the same allocations as cnrtMalloc /
// cnrtMallocConstant (constant memory is device memory kernels only read);
// cnFree releases either.
CNresult cnMalloc(CNaddr *pmem, cn_uint64_t bytes);
CNresult cnMallocConstant(CNaddr *pmem, cn_uint64_t bytes);
CNresult cnFree(CNaddr ptr);
// One attribute of the device allocation holding `ptr`, written to `data`
// (an int, a CNaddr, a cn_uint64_t or a CNcontext as the attribute says);
// docs/host-toolkit.md lists the attributes answered.
CNresult cnGetMemAttribute(void *data, CNmem_attribute attribute, CNaddr ptr);

CNresult cnMallocHost(void **ptr, cn_uint64_t bytes);
CNresult cnFreeHost(void *ptr);

#ifdef __cplusplus
}
#endif

#endif  // XBANG_CN_API_H_
