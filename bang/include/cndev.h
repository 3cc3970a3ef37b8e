// CNDev (Cambricon device management) as samples call it to report
// efficiency: names, numeric values and signatures of CNDev, implemented for
// the emulated device. The peaks it reports are this host's, so that an
// efficiency a sample prints means something on a CPU (docs/host-toolkit.md).
#ifndef XBANG_CNDEV_H_
#define XBANG_CNDEV_H_

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CNDEV_VERSION_1 1
#define CNDEV_VERSION_2 2
#define CNDEV_VERSION_3 3
#define CNDEV_VERSION_4 4
#define CNDEV_VERSION_5 5
#define CNDEV_VERSION_6 6

typedef enum {
  CNDEV_SUCCESS = 0,
  CNDEV_ERROR_NO_DRIVER = 1,
  CNDEV_ERROR_LOW_DRIVER_VERSION = 2,
  CNDEV_ERROR_UNSUPPORTED_API_VERSION = 3,
  CNDEV_ERROR_UNINITIALIZED = 4,
  CNDEV_ERROR_INVALID_ARGUMENT = 5,
  CNDEV_ERROR_INVALID_DEVICE_ID = 6,
  CNDEV_ERROR_UNKNOWN = 7,
  CNDEV_ERROR_MALLOC = 8,
  CNDEV_ERROR_INSUFFICIENT_SPACE = 9,
  CNDEV_ERROR_NOT_SUPPORTED = 10,
  CNDEV_ERROR_INVALID_LINK = 11,
  CNDEV_ERROR_NO_DEVICES = 12,
  CNDEV_ERROR_NO_PERMISSION = 13,
  CNDEV_ERROR_NOT_FOUND = 14,
  CNDEV_ERROR_IN_USE = 15,
  CNDEV_ERROR_DUPLICATE = 16,
  CNDEV_ERROR_TIMEOUT = 17,
} cndevRet_t;

#define CNDEV_MLU_CLUSTER_FREQUENCY_COUNT 20

// A device handle is the device's index (cndevGetDeviceHandleByIndex).
typedef int32_t cndevDevice_t;

// Clock frequencies, in MHz (ddrFreq: the memory clock).
typedef struct {
  int version;
  int boardFreq;
  int ddrFreq;
  uint8_t overtempDfsFlag;
  uint8_t fastDfsFlag;
  uint16_t mluClusterFreqCount;
  uint16_t mluClusterFreq[CNDEV_MLU_CLUSTER_FREQUENCY_COUNT];
  int boardDefaultFreq;
  int boardFreqArange[2];  // the range the clock can be set to
} cndevFrequencyInfo_t;

// A process using the device; memory in KiB.
typedef struct {
  int version;
  unsigned int pid;
  uint64_t physicalMemoryUsed;
  uint64_t virtualMemoryUsed;
} cndevProcessInfo_t;

// Peak operations per cycle per MLU core (MACs for the tensor fields; an FMA
// counts as two vector operations).
typedef struct {
  uint32_t version;
  uint64_t int4Tensor;
  uint64_t int8Tensor;
  uint64_t int16Tensor;
  uint64_t fp16Tensor;
  uint64_t bf16Tensor;
  uint64_t fp32Tensor;
  uint64_t fp16Vector;
  uint64_t bf16Vector;
  uint64_t fp32Vector;
  uint64_t int8Vector;
  uint64_t int16Vector;
} cndevDeviceMaxPerformance_t;

// Global memory bandwidth: bandWidth GB/s plus bandWidthDecimal tenths.
typedef struct {
  int version;
  uint32_t dataWidth;
  uint32_t bandWidth;
  uint32_t bandWidthDecimal;
} cndevDDRInfo_t;

typedef struct {
  int version;
  unsigned number;  // devices
} cndevCardInfo_t;

// Safe to call more than once; `reserved` must be 0.
cndevRet_t cndevInit(int reserved);
cndevRet_t cndevRelease(void);
const char *cndevGetErrorString(cndevRet_t error);
cndevRet_t cndevGetDeviceCount(cndevCardInfo_t *card_info);
cndevRet_t cndevGetDeviceMaxPerformance(
    cndevDeviceMaxPerformance_t *performance, int device);
cndevRet_t cndevGetDDRInfo(cndevDDRInfo_t *ddr_info, int device);
cndevRet_t cndevGetDeviceHandleByIndex(int index, cndevDevice_t *handle);
cndevRet_t cndevGetFrequencyInfo(cndevFrequencyInfo_t *freq_info,
                                 cndevDevice_t device);
// The processes holding device memory: on entry *count is how many entries
// `info` has room for; on return it is how many processes there are
// (CNDEV_ERROR_INSUFFICIENT_SPACE when they do not fit). The device state
// belongs to one process, so this lists the calling process, once it has
// allocated device memory.
cndevRet_t cndevGetProcessInfo(unsigned int *count, cndevProcessInfo_t *info,
                               cndevDevice_t device);

// Prints code, message, file and line to stderr and exits with status 1
// unless `err` is CNDEV_SUCCESS.
#define cndevCheckErrors(err)                                                 \
  do {                                                                        \
    cndevRet_t cndev_check_status_ = (err);                                   \
    if (cndev_check_status_ != CNDEV_SUCCESS) {                               \
      fprintf(stderr, "cndevCheckErrors(%d): %s, from file <%s>, line %i.\n", \
              (int)cndev_check_status_,                                       \
              cndevGetErrorString(cndev_check_status_), __FILE__, __LINE__);  \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

#ifdef __cplusplus
}
#endif

#endif  // XBANG_CNDEV_H_
