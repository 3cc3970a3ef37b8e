// mluOp host layer, the part every operator header needs: statuses, handle
// and tensor descriptors, spelled as in mlu-ops so that code written against
// the real library compiles. Device pointers are GDRAM from cnrtMalloc.
#pragma once

#include <cnrt.h>
#include <stddef.h>
#include <stdint.h>

#ifndef MLUOP_WIN_API
#define MLUOP_WIN_API
#endif

#define MLUOP_DIM_MAX 8

typedef enum {
  MLUOP_STATUS_SUCCESS = 0,
  MLUOP_STATUS_NOT_INITIALIZED = 1,
  MLUOP_STATUS_ALLOC_FAILED = 2,
  MLUOP_STATUS_BAD_PARAM = 3,
  MLUOP_STATUS_INTERNAL_ERROR = 4,
  MLUOP_STATUS_ARCH_MISMATCH = 5,
  MLUOP_STATUS_EXECUTION_FAILED = 6,
  MLUOP_STATUS_NOT_SUPPORTED = 7,
} mluOpStatus_t;

typedef enum {
  MLUOP_LAYOUT_NCHW = 0,
  MLUOP_LAYOUT_NHWC = 1,
  MLUOP_LAYOUT_HWCN = 2,
  MLUOP_LAYOUT_NDHWC = 3,
  MLUOP_LAYOUT_ARRAY = 4,
  MLUOP_LAYOUT_NCDHW = 5,
} mluOpTensorLayout_t;

typedef enum {
  MLUOP_DTYPE_INVALID = 0,
  MLUOP_DTYPE_HALF = 1,
  MLUOP_DTYPE_FLOAT = 2,
  MLUOP_DTYPE_INT8 = 3,
  MLUOP_DTYPE_INT16 = 4,
  MLUOP_DTYPE_INT32 = 6,
  MLUOP_DTYPE_BOOL = 8,
  MLUOP_DTYPE_INT64 = 9,
} mluOpDataType_t;

typedef enum {
  MLUOP_REDUCEMODE_MAX = 0,
  MLUOP_REDUCEMODE_SUM = 1,
  MLUOP_REDUCEMODE_MEAN = 2,
} mluOpReduceMode_t;

struct mluOpContext;
typedef struct mluOpContext *mluOpHandle_t;
struct mluOpTensorStruct;
typedef struct mluOpTensorStruct *mluOpTensorDescriptor_t;

#if defined(__cplusplus)
extern "C" {
#endif

const char *MLUOP_WIN_API mluOpGetErrorString(mluOpStatus_t status);

// Handle: the queue kernels launch on and the device it stands for.
mluOpStatus_t MLUOP_WIN_API mluOpCreate(mluOpHandle_t *handle);
mluOpStatus_t MLUOP_WIN_API mluOpDestroy(mluOpHandle_t handle);
mluOpStatus_t MLUOP_WIN_API mluOpSetQueue(mluOpHandle_t handle,
                                          cnrtQueue_t queue);
mluOpStatus_t MLUOP_WIN_API mluOpGetQueue(mluOpHandle_t handle,
                                          cnrtQueue_t *queue);

// Tensor descriptors.
mluOpStatus_t MLUOP_WIN_API
mluOpCreateTensorDescriptor(mluOpTensorDescriptor_t *desc);
mluOpStatus_t MLUOP_WIN_API mluOpSetTensorDescriptor(
    mluOpTensorDescriptor_t desc, mluOpTensorLayout_t layout,
    mluOpDataType_t dtype, int dimNb, const int dimSize[]);
mluOpStatus_t MLUOP_WIN_API mluOpGetTensorDescriptor(
    const mluOpTensorDescriptor_t desc, mluOpTensorLayout_t *layout,
    mluOpDataType_t *dtype, int *dimNb, int dimSize[]);
mluOpStatus_t MLUOP_WIN_API
mluOpDestroyTensorDescriptor(mluOpTensorDescriptor_t desc);
// Number of elements (product of dims; 0 when any dim is 0).
size_t MLUOP_WIN_API
mluOpGetTensorElementNum(const mluOpTensorDescriptor_t desc);
mluOpStatus_t MLUOP_WIN_API mluOpGetSizeOfDataType(mluOpDataType_t dtype,
                                                   size_t *size);

#if defined(__cplusplus)
}
#endif

// Emulator extensions (not in mlu-ops): the device a handle stands for.
#if defined(__cplusplus)
extern "C" {
#endif
// __BANG_ARCH__ of the device (default: the compiled profile).
mluOpStatus_t mluOpSetDeviceArch(mluOpHandle_t handle, int arch);
int mluOpGetDeviceArch(mluOpHandle_t handle);
// Clusters of the device, 4 cores each: 8 by default, or $XBANG_CLUSTERS. At
// most 2^18 (a launch holds at most 2^20 tasks): mluOpSetClusterNum returns
// MLUOP_STATUS_BAD_PARAM outside [1, 2^18], and mluOpCreate returns it when
// $XBANG_CLUSTERS is set to anything but a whole number in that range (the
// rule of docs/host-toolkit.md, shared with CNRT and CNDrv).
mluOpStatus_t mluOpSetClusterNum(mluOpHandle_t handle, int cluster_num);
int mluOpGetClusterNum(mluOpHandle_t handle);
int mluOpGetCoreNumPerCluster(mluOpHandle_t handle);
#if defined(__cplusplus)
}
#endif
