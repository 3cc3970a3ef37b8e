// Internals shared by the host toolkit's sources (CNRT, CNDrv, CNDev; not
// installed API).
#pragma once

#include <cn_api.h>
#include <cnrt.h>

#include <cstddef>
#include <cstdint>

namespace xbang {
namespace detail {

// Logs "[xbang] <api>: <why>" to stderr, remembers `code` as this thread's
// last CNRT error and returns it.
cnrtRet_t cnrt_fail(const char* api, cnrtRet_t code, const char* why);
// Logs "[xbang] <api>: <why>" to stderr and returns `code`.
CNresult cndrv_fail(const char* api, CNresult code, const char* why);

// The value of CNDrv device attribute `code` (equal to CNRT's cnrtAttr*
// code) for the emulated device; false for a code it does not know.
bool device_attribute(int code, int* value);

// The one device's context, and whether this thread has it bound
// (cnrtSetDevice and the CNRT calls that create resources bind it).
CNcontext device_context();
void bind_device_context();
bool device_context_bound();
void set_device_context_bound(bool bound);

// Live queues (NULL and the implicit queues count as live).
bool queue_is_live(cnrtQueue_t queue);
// A kernel on `queue` failed: the next cnrtQueueSync of that queue and the
// next cnrtSyncDevice return `code`, as they report a device-side failure.
void record_queue_failure(cnrtQueue_t queue, cnrtRet_t code);

// Bytes of device memory (cnrtMalloc / cnrtMallocConstant) live now.
size_t device_bytes_in_use();

// Host figures the emulated device reports (docs/host-toolkit.md).
int host_clock_khz();
// Best of a few large host memcpys: bytes read plus written per second.
double host_memory_bytes_per_second();

}  // namespace detail
}  // namespace xbang
