// The device API: what the toolkit libraries (CNRT, CNDrv, CNDev, CNNL)
// ask of the emulated device, which holds the process's one copy of it in
// libxbang_device (not installed API). The toolkit forwards to these, so
// every library a process links or loads sees the same device memory, last
// error, queues and context.
#pragma once

#include <cn_api.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "xbang/core/profiles.h"
#include "xbang/runtime/cnrt_types.h"

namespace xbang {
namespace detail {

// GDRAM: the blocks cnrtMalloc handed out, by their first byte.
bool gdram_contains(const void* p, std::ptrdiff_t bytes);
void gdram_register(const void* begin, size_t bytes);
// False when `begin` is not the start of a registered block.
bool gdram_unregister(const void* begin);
// Forgets every block and returns them, for the caller to free.
std::vector<const void*> gdram_unregister_all();
// The block holding p: its start and size.
bool gdram_find(const void* p, const char** base, size_t* bytes);
// Bytes of device memory (cnrtMalloc / cnrtMallocConstant) live now.
size_t device_bytes_in_use();

// This host thread's last CNRT error.
void set_last_error(cnrtRet_t ret);
cnrtRet_t peek_last_error();
cnrtRet_t take_last_error();  // and clears it

// The emulated devices (devices.cpp): XBANG_DEVICE names them, else one
// device of the architecture the loaded kernels were built for
// (docs/environment.md). Ordinals are [0, device_count()).
int device_count();
bool valid_device(int device);
const ArchProfile& device_profile(int device);
// This host thread's device (cnrtSetDevice; 0 until set).
int current_device();
void set_current_device(int device);

// The value of CNDrv device attribute `code` (equal to CNRT's cnrtAttr*
// code) for device `device`; false for a code it does not know.
bool device_attribute(int code, int* value, int device = current_device());

// The device's name, as cnDeviceGetName reports it.
const char* device_name(int device = current_device());

// The one device's context, and whether this thread has it bound
// (cnrtSetDevice and the CNRT calls that create resources bind it).
CNcontext device_context();
void bind_device_context();
bool device_context_bound();
void set_device_context_bound(bool bound);

// Queues: cnrtQueueCreate's handles and the implicit queues (NULL,
// cnrtQueuePerThread, cnrtQueueLegacy), which are always live.
cnrtQueue_t create_queue();
bool destroy_queue(cnrtQueue_t queue);  // false: not a live created queue
bool queue_is_live(cnrtQueue_t queue);
// The queue's kernel failure not reported yet (cleared when `take`), or
// cnrtSuccess; device_failure: the same for the whole device.
cnrtRet_t queue_failure(cnrtQueue_t queue, bool take);
cnrtRet_t device_failure(bool take);
// A kernel on `queue` failed: the next cnrtQueueSync of that queue and the
// next cnrtSyncDevice return `code`, as they report a device-side failure.
void record_queue_failure(cnrtQueue_t queue, cnrtRet_t code);

// Queue capture (cnrtQueueBeginCapture .. cnrtQueueEndCapture): while a
// created queue captures, the work enqueued on it is checked and recorded,
// in order, instead of run; a task topology replays it on any queue.
struct CapturedWork {
  int type;           // a cnrtTaskTopoNodeType_t
  std::string label;  // the call or kernel that enqueued it
  std::function<cnrtRet_t(cnrtQueue_t)> run;
};
bool begin_capture(cnrtQueue_t queue);  // false: not created or capturing
bool queue_capturing(cnrtQueue_t queue);
// Records `work` when `queue` is capturing (true); else the caller runs it.
bool capture_work(cnrtQueue_t queue, CapturedWork work);
// Ends the capture and hands over its work; false: the queue is not
// capturing. capture_id: the capture's number (1, 2, ...), 0 when none.
bool end_capture(cnrtQueue_t queue, std::vector<CapturedWork>* work);
uint64_t capture_id(cnrtQueue_t queue);

// Host figures the emulated device reports (docs/host-toolkit.md).
int host_clock_khz();
// Best of a few large host memcpys: bytes read plus written per second.
double host_memory_bytes_per_second();
// The figures the device reports: the host's, or with XBANG_TIME=model its
// profile's (xbang/core/timing.h).
int device_clock_khz(int device = current_device());
double device_memory_bytes_per_second(int device = current_device());

// The timing model's clock of `queue` (seconds): the modelled time of the
// launches enqueued on it so far. The implicit queues share one clock.
double queue_modelled_seconds(cnrtQueue_t queue);
void advance_queue_clock(cnrtQueue_t queue, double seconds);
// Once per process, on stderr: which time notifiers report.
void announce_time_source();

}  // namespace detail
}  // namespace xbang
