// Every function cnrt.h declares, called once: each returns cnrtSuccess or,
// for the calls the emulated device has no counterpart for,
// cnrtErrorNotSupport (the header is read to check that none is missing);
// what the calls beyond the common ones do (2-D / 3-D / peer copies, mmap,
// queue-ordered allocation, host functions, device flags, capture queries,
// the older cast); and tables of bad calls to them, each answering its
// documented status without crashing.
#include <cnrt.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "bad_call_table.h"

namespace {

// What one test allocates: device and host buffers, a queue, two placed
// notifiers; released when the test ends.
struct Resources {
  static constexpr size_t kBytes = 4096;
  void* dev = nullptr;
  void* dev2 = nullptr;
  void* host = nullptr;
  cnrtQueue_t queue = nullptr;
  cnrtNotifier_t start = nullptr;
  cnrtNotifier_t end = nullptr;

  Resources() {
    EXPECT_EQ(cnrtMalloc(&dev, kBytes), cnrtSuccess);
    EXPECT_EQ(cnrtMalloc(&dev2, kBytes), cnrtSuccess);
    EXPECT_EQ(cnrtHostMalloc(&host, kBytes), cnrtSuccess);
    EXPECT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
    EXPECT_EQ(cnrtNotifierCreate(&start), cnrtSuccess);
    EXPECT_EQ(cnrtNotifierCreate(&end), cnrtSuccess);
    EXPECT_EQ(cnrtPlaceNotifier(start, queue), cnrtSuccess);
    EXPECT_EQ(cnrtPlaceNotifier(end, queue), cnrtSuccess);
  }
  ~Resources() {
    cnrtNotifierDestroy(start);
    cnrtNotifierDestroy(end);
    cnrtQueueDestroy(queue);
    cnrtFreeHost(host);
    cnrtFree(dev);
    cnrtFree(dev2);
  }
};

struct Call {
  const char* name;
  std::function<cnrtRet_t(Resources&)> call;
  cnrtRet_t expected;
};

cnrtRet_t ok_if(bool condition) {
  return condition ? cnrtSuccess : cnrtErrorUnknown;
}

void count_call(void* counter) { ++*static_cast<int*>(counter); }

// A 1-D copy of `bytes` bytes as a 3-D parameter block.
cnrtMemcpy3dParam_t linear_3d(void* dst, void* src, size_t bytes) {
  cnrtMemcpy3dParam_t p;
  std::memset(&p, 0, sizeof(p));
  p.dst = dst;
  p.src = src;
  p.dstPtr.pitch = p.srcPtr.pitch = bytes;
  p.dstPtr.ysize = p.srcPtr.ysize = 1;
  p.extent.width = bytes;
  p.extent.height = p.extent.depth = 1;
  p.dir = cnrtMemcpyNoDirection;
  return p;
}

constexpr cnrtRet_t kOk = cnrtSuccess;
constexpr cnrtRet_t kNo = cnrtErrorNotSupport;

// CALL(name, expected status, body): the body may hold commas.
#define CALL(name, expected, ...) \
  Call { #name, [](Resources & r) -> cnrtRet_t __VA_ARGS__, expected }

// A descriptor given a float32 2x3x4 shape, read back (`called` names the
// call the surface entry stands for; every call of the round trip runs).
template <class Fn>
cnrtRet_t ParamDescRoundTrip(Fn* called) {
  (void)called;
  cnrtParamDesc_t d;
  cnrtRet_t ret = cnrtCreateParamDesc(&d);
  if (ret != kOk) return ret;
  int dims[] = {2, 3, 4};
  int* got = nullptr;
  int dim_num = 0;
  cnrtDataType_t type = cnrtInvalid;
  size_t count = 0;
  int64_t bytes = 0;
  ret = cnrtSetShapeToParamDesc(d, dims, 3);
  if (ret == kOk) ret = cnrtSetDataTypeToParamDesc(d, cnrtFloat32);
  if (ret == kOk) ret = cnrtGetShapeFromParamDesc(d, &got, &dim_num);
  if (ret == kOk) ret = cnrtGetDataTypeFromParamDesc(d, &type);
  if (ret == kOk) ret = cnrtGetParamElementNum(d, &count);
  if (ret == kOk) ret = cnrtGetParamDescSize(d, &bytes);
  if (ret == kOk) {
    ret = ok_if(dim_num == 3 && got[0] == 2 && got[1] == 3 && got[2] == 4 &&
                type == cnrtFloat32 && count == 24 && bytes == 96);
  }
  cnrtDestroyParamDesc(d);
  return ret;
}

// Every declared function (cnrtDeviceReset, which frees every allocation,
// runs before the others, in its own test).
const std::vector<Call>& every_call() {
  static const auto* calls = new std::vector<Call>{
      // Errors and versions.
      CALL(cnrtGetLastError, kOk, { return cnrtGetLastError(); }),
      CALL(cnrtPeekAtLastError, kOk, { return cnrtPeekAtLastError(); }),
      CALL(cnrtGetErrorStr, kOk,
           { return ok_if(cnrtGetErrorStr(cnrtErrorNotSupport) != nullptr); }),
      CALL(cnrtGetErrorName, kOk,
           {
             return ok_if(std::string(cnrtGetErrorName(
                              cnrtErrorQueueCaptureUnsupported)) ==
                          "cnrtErrorQueueCaptureUnsupported");
           }),
      CALL(cnrtCheck, kOk,
           {
             cnrtCheck(cnrtSuccess, "ok", __FILE__, __LINE__);
             return cnrtSuccess;
           }),
      CALL(cnrtGetLibVersion, kOk,
           {
             int a, b, c;
             return cnrtGetLibVersion(&a, &b, &c);
           }),
      CALL(cnrtDriverGetVersion, kOk,
           {
             int a = 0, b = 0, c = 0;
             const cnrtRet_t ret = cnrtDriverGetVersion(&a, &b, &c);
             return ret != kOk ? ret : ok_if(a == CN_MAJOR_VERSION);
           }),
      // Devices.
      CALL(cnrtGetDeviceCount, kOk,
           {
             unsigned n;
             return cnrtGetDeviceCount(&n);
           }),
      CALL(cnrtSetDevice, kOk, { return cnrtSetDevice(0); }),
      CALL(cnrtGetDevice, kOk,
           {
             int d;
             return cnrtGetDevice(&d);
           }),
      CALL(cnrtDeviceGetAttribute, kOk,
           {
             int v;
             return cnrtDeviceGetAttribute(&v, cnrtAttrClusterCount, 0);
           }),
      CALL(cnrtGetDeviceProperties_V2, kOk,
           {
             cnrtDeviceProp_t p;
             return cnrtGetDeviceProperties_V2(&p, 0);
           }),
      CALL(cnrtGetDeviceProperties_V3, kOk,
           {
             cnrtDeviceProp_t p;
             return cnrtGetDeviceProperties(&p, 0);
           }),
      CALL(cnrtDeviceGetPCIBusId, kOk,
           {
             char id[32];
             return cnrtDeviceGetPCIBusId(id, sizeof(id), 0);
           }),
      CALL(cnrtDeviceGetByPCIBusId, kOk,
           {
             char id[32];
             int d = -1;
             cnrtDeviceGetPCIBusId(id, sizeof(id), 0);
             const cnrtRet_t ret = cnrtDeviceGetByPCIBusId(&d, id);
             return ret != kOk ? ret : ok_if(d == 0);
           }),
      CALL(cnrtGetPeerAccessibility, kOk,
           {
             unsigned can = 7;
             const cnrtRet_t ret = cnrtGetPeerAccessibility(&can, 0, 0);
             return ret != kOk ? ret : ok_if(can == 0);
           }),
      CALL(cnrtSyncDevice, kOk, { return cnrtSyncDevice(); }),
      CALL(cnrtGetDeviceFlag, kOk,
           {
             uint32_t f;
             return cnrtGetDeviceFlag(&f);
           }),
      CALL(cnrtSetDeviceFlag, kOk,
           {
             uint32_t f = 0;
             cnrtRet_t ret = cnrtSetDeviceFlag(cnrtDeviceScheduleBlock);
             if (ret == kOk) ret = cnrtGetDeviceFlag(&f);
             cnrtSetDeviceFlag(cnrtDeviceScheduleSpin);
             return ret != kOk ? ret : ok_if(f == cnrtDeviceScheduleBlock);
           }),
      CALL(cnrtDeviceGetConfig, kOk,
           {
             int64_t v;
             return cnrtDeviceGetConfig(&v, cnrtDeviceConfigPrintfFifoNum);
           }),
      CALL(cnrtDeviceSetConfig, kOk,
           {
             int64_t v = 0;
             cnrtRet_t ret =
                 cnrtDeviceSetConfig(cnrtDeviceConfigPrintfFifoNum, 4096);
             if (ret == kOk)
               ret = cnrtDeviceGetConfig(&v, cnrtDeviceConfigPrintfFifoNum);
             return ret != kOk ? ret : ok_if(v == 4096);
           }),
      CALL(cnrtDeviceQueryKernelMemoryUsage, kOk,
           {
             size_t b;
             return cnrtDeviceQueryKernelMemoryUsage(&b);
           }),
      CALL(cnrtDeviceGetQueuePriorityRange, kOk,
           {
             int lo, hi;
             return cnrtDeviceGetQueuePriorityRange(&lo, &hi);
           }),
      CALL(cnrtDeviceResetPersistingL2Cache, kOk,
           { return cnrtDeviceResetPersistingL2Cache(); }),
      CALL(cnrtAcquireMemHandle, kOk,
           {
             cnrtIpcMemHandle h;
             return cnrtAcquireMemHandle(&h, r.dev);
           }),
      CALL(cnrtMapMemHandle, kOk,
           {
             cnrtIpcMemHandle h;
             void* p = nullptr;
             cnrtRet_t ret = cnrtAcquireMemHandle(&h, r.dev);
             if (ret == kOk) ret = cnrtMapMemHandle(&p, h, 0);
             if (ret == kOk) ret = ok_if(p == r.dev);
             cnrtUnMapMemHandle(p);
             return ret;
           }),
      CALL(cnrtUnMapMemHandle, kOk,
           {
             cnrtIpcMemHandle h;
             void* p = nullptr;
             cnrtRet_t ret = cnrtAcquireMemHandle(&h, r.dev);
             if (ret == kOk) ret = cnrtMapMemHandle(&p, h, 0);
             return ret != kOk ? ret : cnrtUnMapMemHandle(p);
           }),
      CALL(cnrtIpcGetNotifierHandle, kOk,
           {
             cnrtNotifier_t n;
             cnrtIpcNotifierHandle h;
             cnrtRet_t ret = cnrtNotifierCreateWithFlags(
                 &n,
                 CNRT_NOTIFIER_INTERPROCESS | CNRT_NOTIFIER_DISABLE_TIMING_ALL);
             if (ret != kOk) return ret;
             ret = cnrtIpcGetNotifierHandle(&h, n);
             cnrtNotifierDestroy(n);
             return ret;
           }),
      CALL(cnrtIpcOpenNotifierHandle, kOk,
           {
             cnrtNotifier_t n, opened = nullptr;
             cnrtIpcNotifierHandle h;
             cnrtRet_t ret = cnrtNotifierCreateWithFlags(
                 &n,
                 CNRT_NOTIFIER_INTERPROCESS | CNRT_NOTIFIER_DISABLE_TIMING_ALL);
             if (ret != kOk) return ret;
             ret = cnrtIpcGetNotifierHandle(&h, n);
             if (ret == kOk) ret = cnrtIpcOpenNotifierHandle(&opened, h);
             if (ret == kOk) ret = cnrtWaitNotifier(opened);
             if (opened != nullptr) cnrtNotifierDestroy(opened);
             cnrtNotifierDestroy(n);
             return ret;
           }),
      CALL(cnrtDeviceGetDefaultMemPool, kNo,
           {
             cnrtMemPool_t p;
             return cnrtDeviceGetDefaultMemPool(&p, 0);
           }),
      CALL(cnrtDeviceGetMemPool, kNo,
           {
             cnrtMemPool_t p;
             return cnrtDeviceGetMemPool(&p, 0);
           }),
      CALL(cnrtDeviceSetMemPool, kNo,
           { return cnrtDeviceSetMemPool(0, nullptr); }),
      // Execution control.
      CALL(cnrtInvokeHostFunc, kOk,
           {
             int counter = 0;
             const cnrtRet_t ret =
                 cnrtInvokeHostFunc(r.queue, count_call, &counter);
             cnrtQueueSync(r.queue);
             return ret != kOk ? ret : ok_if(counter == 1);
           }),
      CALL(cnrtInvokeKernel, kNo,
           {
             cnrtDim3_t dim = {1, 1, 1};
             return cnrtInvokeKernel(nullptr, dim, cnrtFuncTypeBlock, nullptr,
                                     0, r.queue);
           }),
      // Memory.
      CALL(cnrtMalloc, kOk,
           {
             void* p = nullptr;
             const cnrtRet_t ret = cnrtMalloc(&p, 64);
             cnrtFree(p);
             return ret;
           }),
      CALL(cnrtMallocConstant, kOk,
           {
             void* p = nullptr;
             const cnrtRet_t ret = cnrtMallocConstant(&p, 64);
             cnrtFree(p);
             return ret;
           }),
      CALL(cnrtFree, kOk,
           {
             void* p = nullptr;
             cnrtMalloc(&p, 64);
             return cnrtFree(p);
           }),
      CALL(cnrtHostMalloc, kOk,
           {
             void* p = nullptr;
             const cnrtRet_t ret = cnrtHostMalloc(&p, 64);
             cnrtFreeHost(p);
             return ret;
           }),
      CALL(cnrtFreeHost, kOk,
           {
             void* p = nullptr;
             cnrtHostMalloc(&p, 64);
             return cnrtFreeHost(p);
           }),
      CALL(cnrtMemcpy, kOk,
           { return cnrtMemcpy(r.dev, r.host, 64, cnrtMemcpyHostToDev); }),
      CALL(cnrtMemcpy2D, kOk,
           {
             return cnrtMemcpy2D(r.dev, 64, r.host, 32, 16, 8,
                                 cnrtMemcpyHostToDev);
           }),
      CALL(cnrtMemcpy2DAsync, kOk,
           {
             return cnrtMemcpy2DAsync(r.host, 32, r.dev, 64, 16, 8,
                                      cnrtMemcpyDevToHost, r.queue);
           }),
      CALL(cnrtMemcpy3D, kOk,
           {
             const cnrtMemcpy3dParam_t p = linear_3d(r.dev2, r.dev, 256);
             return cnrtMemcpy3D(&p);
           }),
      CALL(cnrtMemcpy3DAsync, kOk,
           {
             const cnrtMemcpy3dParam_t p = linear_3d(r.host, r.dev, 256);
             return cnrtMemcpy3DAsync(&p, r.queue);
           }),
      CALL(cnrtMemcpyAsync, kOk,
           {
             return cnrtMemcpyAsync(r.dev, r.host, 64, r.queue,
                                    cnrtMemcpyHostToDev);
           }),
      CALL(cnrtMemcpyAsync_V2, kOk,
           {
             return cnrtMemcpyAsync_V2(r.dev, r.host, 64, r.queue,
                                       cnrtMemcpyNoDirection);
           }),
      CALL(cnrtMemcpyAsync_V3, kOk,
           {
             return cnrtMemcpyAsync_V3(r.host, r.dev, 64, r.queue,
                                       cnrtMemcpyNoDirection);
           }),
      CALL(cnrtMemcpyPeer, kOk,
           { return cnrtMemcpyPeer(r.dev2, 0, r.dev, 0, 64); }),
      CALL(cnrtMemcpyPeerAsync, kOk,
           { return cnrtMemcpyPeerAsync(r.dev2, 0, r.dev, 0, 64, r.queue); }),
      CALL(cnrtGetSymbolAddress, kNo,
           {
             void* p;
             return cnrtGetSymbolAddress(&p, r.dev);
           }),
      CALL(cnrtGetSymbolSize, kNo,
           {
             size_t s;
             return cnrtGetSymbolSize(&s, r.dev);
           }),
      CALL(cnrtMemcpyFromSymbol, kNo,
           {
             return cnrtMemcpyFromSymbol(r.host, r.dev, 4, 0,
                                         cnrtMemcpyNoDirection);
           }),
      CALL(cnrtMemcpyToSymbol, kNo,
           {
             return cnrtMemcpyToSymbol(r.dev, r.host, 4, 0,
                                       cnrtMemcpyNoDirection);
           }),
      CALL(cnrtMemcpyFromSymbolAsync, kNo,
           {
             return cnrtMemcpyFromSymbolAsync(r.host, r.dev, 4, 0,
                                              cnrtMemcpyNoDirection, r.queue);
           }),
      CALL(cnrtMemcpyFromSymbolAsync_V2, kNo,
           {
             return cnrtMemcpyFromSymbolAsync_V2(
                 r.host, r.dev, 4, 0, cnrtMemcpyNoDirection, r.queue);
           }),
      CALL(cnrtMemcpyToSymbolAsync, kNo,
           {
             return cnrtMemcpyToSymbolAsync(r.dev, r.host, 4, 0,
                                            cnrtMemcpyNoDirection, r.queue);
           }),
      CALL(cnrtMemcpyToSymbolAsync_V2, kNo,
           {
             return cnrtMemcpyToSymbolAsync_V2(r.dev, r.host, 4, 0,
                                               cnrtMemcpyNoDirection, r.queue);
           }),
      CALL(cnrtMemGetInfo, kOk,
           {
             size_t f, t;
             return cnrtMemGetInfo(&f, &t);
           }),
      CALL(cnrtMemset, kOk, { return cnrtMemset(r.dev, 1, 64); }),
      CALL(cnrtMemsetAsync, kOk,
           { return cnrtMemsetAsync(r.dev, 1, 64, r.queue); }),
      CALL(cnrtPointerGetAttributes, kOk,
           {
             cnrtPointerAttributes_t a;
             return cnrtPointerGetAttributes(&a, r.dev);
           }),
      CALL(
          cnrtMcacheOperation, kOk,
          { return cnrtMcacheOperation(r.dev, r.host, 64, CNRT_FLUSH_CACHE); }),
      CALL(cnrtMmap, kOk,
           {
             void* h = nullptr;
             const cnrtRet_t ret = cnrtMmap(r.dev, &h, 64);
             return ret != kOk ? ret : ok_if(h == r.dev);
           }),
      CALL(cnrtMmapCached, kOk,
           {
             void* h = nullptr;
             return cnrtMmapCached(r.dev, &h, 64);
           }),
      CALL(cnrtMunmap, kOk, { return cnrtMunmap(r.dev, 64); }),
      CALL(cnrtMemAllocAsync, kOk,
           {
             void* p = nullptr;
             const cnrtRet_t ret = cnrtMemAllocAsync(&p, 64, r.queue);
             cnrtFree(p);
             return ret;
           }),
      CALL(cnrtMemFreeAsync, kOk,
           {
             void* p = nullptr;
             cnrtMemAllocAsync(&p, 64, r.queue);
             return cnrtMemFreeAsync(p, r.queue);
           }),
      CALL(cnrtMemAllocFromPoolAsync, kNo,
           {
             void* p;
             return cnrtMemAllocFromPoolAsync(&p, 64, nullptr, r.queue);
           }),
      CALL(cnrtMemPoolCreate, kNo,
           {
             cnrtMemPool_t p;
             cnrtMemPoolProps_t props = {};
             return cnrtMemPoolCreate(&p, &props);
           }),
      CALL(cnrtMemPoolDestroy, kNo, { return cnrtMemPoolDestroy(nullptr); }),
      CALL(cnrtMemPoolGetAccess, kNo,
           {
             cnrtMemoryAccessFlags_t f;
             cnrtMemLocation_t l = {};
             return cnrtMemPoolGetAccess(&f, nullptr, &l);
           }),
      CALL(cnrtMemPoolGetAttribute, kNo,
           {
             int v;
             return cnrtMemPoolGetAttribute(
                 nullptr, cnrtMemPoolAttrReuseAllowOpportunistic, &v);
           }),
      CALL(cnrtMemPoolSetAttribute, kNo,
           {
             int v = 1;
             return cnrtMemPoolSetAttribute(
                 nullptr, cnrtMemPoolAttrReuseAllowOpportunistic, &v);
           }),
      CALL(cnrtMemPoolTrimTo, kNo, { return cnrtMemPoolTrimTo(nullptr, 0); }),
      // Notifiers.
      CALL(cnrtNotifierCreate, kOk,
           {
             cnrtNotifier_t n = nullptr;
             const cnrtRet_t ret = cnrtNotifierCreate(&n);
             cnrtNotifierDestroy(n);
             return ret;
           }),
      CALL(cnrtNotifierCreateWithFlags, kOk,
           {
             cnrtNotifier_t n = nullptr;
             const cnrtRet_t ret = cnrtNotifierCreateWithFlags(
                 &n, CNRT_NOTIFIER_DISABLE_TIMING_ALL);
             cnrtNotifierDestroy(n);
             return ret;
           }),
      CALL(cnrtNotifierDestroy, kOk,
           {
             cnrtNotifier_t n = nullptr;
             cnrtNotifierCreate(&n);
             return cnrtNotifierDestroy(n);
           }),
      CALL(cnrtPlaceNotifier, kOk,
           { return cnrtPlaceNotifier(r.end, r.queue); }),
      CALL(cnrtPlaceNotifierWithFlags, kOk,
           {
             return cnrtPlaceNotifierWithFlags(r.end, r.queue,
                                               CNRT_NOTIFIER_PLACE_DEFAULT);
           }),
      CALL(cnrtWaitNotifier, kOk, { return cnrtWaitNotifier(r.start); }),
      CALL(cnrtQueryNotifier, kOk, { return cnrtQueryNotifier(r.start); }),
      CALL(cnrtNotifierDuration, kOk,
           {
             float us;
             return cnrtNotifierDuration(r.start, r.end, &us);
           }),
      CALL(cnrtNotifierElapsedTime, kOk,
           {
             float ms;
             return cnrtNotifierElapsedTime(r.start, r.end, &ms);
           }),
      // Queues.
      CALL(cnrtQueueCreate, kOk,
           {
             cnrtQueue_t q = nullptr;
             const cnrtRet_t ret = cnrtQueueCreate(&q);
             cnrtQueueDestroy(q);
             return ret;
           }),
      CALL(cnrtQueueCreateWithPriority, kOk,
           {
             cnrtQueue_t q = nullptr;
             int lo = 0, hi = 0, priority = -1;
             cnrtDeviceGetQueuePriorityRange(&lo, &hi);
             cnrtRet_t ret = cnrtQueueCreateWithPriority(&q, 0, hi - 5);
             if (ret == kOk) ret = cnrtQueueGetPriority(q, &priority);
             cnrtQueueDestroy(q);
             return ret != kOk ? ret : ok_if(priority == hi);  // clamped
           }),
      CALL(cnrtQueueGetPriority, kOk,
           {
             int p;
             return cnrtQueueGetPriority(r.queue, &p);
           }),
      CALL(cnrtQueueDestroy, kOk,
           {
             cnrtQueue_t q = nullptr;
             cnrtQueueCreate(&q);
             return cnrtQueueDestroy(q);
           }),
      CALL(cnrtQueueQuery, kOk, { return cnrtQueueQuery(r.queue); }),
      CALL(cnrtQueueSync, kOk, { return cnrtQueueSync(r.queue); }),
      CALL(cnrtQueueWaitNotifier, kOk,
           {
             return cnrtQueueWaitNotifier(r.start, r.queue,
                                          CNRT_NOTIFIER_WAIT_DEFAULT);
           }),
      CALL(cnrtQueueSetAttribute, kNo,
           {
             cnrtQueueAttrValue_t v = {};
             return cnrtQueueSetAttribute(
                 r.queue, cnrtQueueAttributeAccessPolicyWindow, &v);
           }),
      CALL(cnrtQueueGetAttribute, kNo,
           {
             cnrtQueueAttrValue_t v;
             return cnrtQueueGetAttribute(
                 r.queue, cnrtQueueAttributeAccessPolicyWindow, &v);
           }),
      CALL(cnrtQueueCopyAttributes, kOk,
           { return cnrtQueueCopyAttributes(r.queue, nullptr); }),
      CALL(cnrtQueueBeginCapture, kOk,
           {
             cnrtTaskTopo_t t = nullptr;
             cnrtRet_t ret =
                 cnrtQueueBeginCapture(r.queue, cnrtQueueCaptureModeRelaxed);
             if (ret == kOk) ret = cnrtQueueEndCapture(r.queue, &t);
             if (ret == kOk) ret = cnrtTaskTopoDestroy(t);
             return ret;
           }),
      CALL(cnrtQueueEndCapture, cnrtErrorIllegalState,
           {
             cnrtTaskTopo_t t;
             return cnrtQueueEndCapture(r.queue, &t);
           }),
      CALL(cnrtQueueIsCapturing, kOk,
           {
             cnrtQueueCaptureStatus_t s = cnrtQueueCaptureStatusActive;
             const cnrtRet_t ret = cnrtQueueIsCapturing(r.queue, &s);
             return ret != kOk ? ret : ok_if(s == cnrtQueueCaptureStatusNone);
           }),
      CALL(cnrtQueueGetCaptureInfo, kOk,
           {
             cnrtQueueCaptureStatus_t s;
             uint64_t id;
             cnrtTaskTopo_t t;
             const cnrtTaskTopoNode_t* deps;
             size_t n;
             return cnrtQueueGetCaptureInfo(r.queue, &s, &id, &t, &deps, &n);
           }),
      CALL(cnrtQueueUpdateCaptureDependencies, cnrtErrorIllegalState,
           {
             return cnrtQueueUpdateCaptureDependencies(
                 r.queue, nullptr, 0, cnrtQueueAddCaptureDependencies);
           }),
      CALL(cnrtThreadExchangeQueueCaptureMode, kOk,
           {
             cnrtQueueCaptureMode_t m = cnrtQueueCaptureModeRelaxed;
             cnrtRet_t ret = cnrtThreadExchangeQueueCaptureMode(&m);
             if (ret != kOk || m != cnrtQueueCaptureModeGlobal) return ret;
             ret = cnrtThreadExchangeQueueCaptureMode(&m);
             return ret != kOk ? ret : ok_if(m == cnrtQueueCaptureModeRelaxed);
           }),
      // Data conversion.
      CALL(cnrtCreateQuantizedParam, kOk,
           {
             cnrtQuantizedParam_t p = nullptr;
             const cnrtRet_t ret = cnrtCreateQuantizedParam(&p, 0, 1.0f, 0);
             cnrtDestroyQuantizedParam(p);
             return ret;
           }),
      CALL(cnrtCreateQuantizedParamByChannel, kNo,
           {
             cnrtQuantizedParam_t p;
             int pos = 0, dims = 1;
             float scale = 1, offset = 0;
             return cnrtCreateQuantizedParamByChannel(&p, &pos, &scale, &offset,
                                                      1, &dims, 0);
           }),
      CALL(cnrtDestroyQuantizedParam, kOk,
           {
             cnrtQuantizedParam_t p = nullptr;
             cnrtCreateQuantizedParam(&p, 0, 1.0f, 0);
             return cnrtDestroyQuantizedParam(p);
           }),
      CALL(cnrtCastDataType_V2, kOk,
           {
             const float in = 1.5f;
             int32_t out = 0;
             const cnrtRet_t ret = cnrtCastDataType_V2(
                 &in, cnrtFloat, &out, cnrtInt, 1, nullptr, cnrtRounding_rz);
             return ret != kOk ? ret : ok_if(out == 1);
           }),
      CALL(cnrtCastDataType, kOk,
           {
             float in = 2.5f;
             int32_t out = 0;
             const cnrtRet_t ret = cnrtCastDataType(&in, cnrtFloat32, &out,
                                                    cnrtInt32, 1, nullptr);
             return ret != kOk ? ret : ok_if(out == 2);  // nearest even
           }),
      CALL(cnrtFilterReshape, kNo,
           {
             return cnrtFilterReshape(r.host, r.dev, 1, 1, 1, 1, cnrtFloat32);
           }),
      // TaskTopo.
      CALL(cnrtTaskTopoCreate, kOk,
           {
             cnrtTaskTopo_t t;
             const cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             return ret != kOk ? ret : cnrtTaskTopoDestroy(t);
           }),
      CALL(cnrtTaskTopoDestroy, kOk,
           {
             cnrtTaskTopo_t t;
             const cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             return ret != kOk ? ret : cnrtTaskTopoDestroy(t);
           }),
      CALL(cnrtTaskTopoClone, kNo,
           {
             cnrtTaskTopo_t t;
             return cnrtTaskTopoClone(&t, nullptr);
           }),
      CALL(cnrtTaskTopoNodeFindInClone, kNo,
           {
             cnrtTaskTopoNode_t n;
             return cnrtTaskTopoNodeFindInClone(&n, nullptr, nullptr);
           }),
      CALL(cnrtTaskTopoDestroyNode, kNo,
           { return cnrtTaskTopoDestroyNode(nullptr); }),
      CALL(cnrtTaskTopoGetEdges, kNo,
           {
             size_t n;
             return cnrtTaskTopoGetEdges(nullptr, nullptr, nullptr, &n);
           }),
      CALL(cnrtTaskTopoGetNodes, kOk,
           {
             cnrtTaskTopo_t t;
             size_t n = 7;
             cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoGetNodes(t, nullptr, &n);
             cnrtTaskTopoDestroy(t);
             return ret != kOk ? ret : ok_if(n == 0);
           }),
      CALL(cnrtTaskTopoGetRootNodes, kOk,
           {
             cnrtTaskTopo_t t;
             size_t n = 7;
             cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoGetRootNodes(t, nullptr, &n);
             cnrtTaskTopoDestroy(t);
             return ret != kOk ? ret : ok_if(n == 0);
           }),
      CALL(cnrtTaskTopoAddDependencies, kNo,
           {
             return cnrtTaskTopoAddDependencies(nullptr, nullptr, nullptr, 0);
           }),
      CALL(cnrtTaskTopoRemoveDependencies, kNo,
           {
             return cnrtTaskTopoRemoveDependencies(nullptr, nullptr, nullptr,
                                                   0);
           }),
      CALL(cnrtTaskTopoNodeGetDependencies, kNo,
           {
             size_t n;
             return cnrtTaskTopoNodeGetDependencies(nullptr, nullptr, &n);
           }),
      CALL(cnrtTaskTopoNodeGetDependentNodes, kNo,
           {
             size_t n;
             return cnrtTaskTopoNodeGetDependentNodes(nullptr, nullptr, &n);
           }),
      CALL(cnrtUserObjectCreate, kNo,
           {
             cnrtUserObject_t o;
             return cnrtUserObjectCreate(&o, nullptr, count_call, 1, 1);
           }),
      CALL(cnrtUserObjectAcquire, kNo,
           { return cnrtUserObjectAcquire(nullptr, 1); }),
      CALL(cnrtUserObjectRelease, kNo,
           { return cnrtUserObjectRelease(nullptr, 1); }),
      CALL(cnrtTaskTopoAcquireUserObject, kNo,
           { return cnrtTaskTopoAcquireUserObject(nullptr, nullptr, 1, 0); }),
      CALL(cnrtTaskTopoReleaseUserObject, kNo,
           { return cnrtTaskTopoReleaseUserObject(nullptr, nullptr, 1); }),
      CALL(cnrtTaskTopoAddEmptyNode, kOk,
           {
             cnrtTaskTopo_t t;
             cnrtTaskTopoNode_t n;
             cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoAddEmptyNode(&n, t, nullptr, 0);
             cnrtTaskTopoDestroy(t);
             return ret;
           }),
      CALL(cnrtTaskTopoAddHostNode, kOk,
           {
             cnrtTaskTopo_t t;
             cnrtTaskTopoNode_t n;
             cnrtHostNodeParams_t p = {count_call, nullptr};
             cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoAddHostNode(&n, t, nullptr, 0, &p);
             cnrtTaskTopoDestroy(t);
             return ret;
           }),
      CALL(cnrtTaskTopoHostNodeGetParams, kNo,
           {
             cnrtHostNodeParams_t p;
             return cnrtTaskTopoHostNodeGetParams(nullptr, &p);
           }),
      CALL(cnrtTaskTopoHostNodeSetParams, kNo,
           {
             cnrtHostNodeParams_t p = {count_call, nullptr};
             return cnrtTaskTopoHostNodeSetParams(nullptr, &p);
           }),
      CALL(cnrtTaskTopoAddKernelNode, kNo,
           {
             cnrtTaskTopoNode_t n;
             cnrtKernelNodeParams_t p = {};
             return cnrtTaskTopoAddKernelNode(&n, nullptr, nullptr, 0, &p);
           }),
      CALL(cnrtTaskTopoKernelNodeGetParams, kNo,
           {
             cnrtKernelNodeParams_t p;
             return cnrtTaskTopoKernelNodeGetParams(nullptr, &p);
           }),
      CALL(cnrtTaskTopoKernelNodeSetParams, kNo,
           {
             cnrtKernelNodeParams_t p = {};
             return cnrtTaskTopoKernelNodeSetParams(nullptr, &p);
           }),
      CALL(cnrtTaskTopoAddMemcpyNode, kNo,
           {
             cnrtTaskTopoNode_t n;
             const cnrtMemcpy3dParam_t p = linear_3d(r.dev2, r.dev, 64);
             return cnrtTaskTopoAddMemcpyNode(&n, nullptr, nullptr, 0, &p);
           }),
      CALL(cnrtTaskTopoMemcpyNodeGetParams, kNo,
           {
             cnrtMemcpy3dParam_t p;
             return cnrtTaskTopoMemcpyNodeGetParams(nullptr, &p);
           }),
      CALL(cnrtTaskTopoMemcpyNodeSetParams, kNo,
           {
             const cnrtMemcpy3dParam_t p = linear_3d(r.dev2, r.dev, 64);
             return cnrtTaskTopoMemcpyNodeSetParams(nullptr, &p);
           }),
      CALL(cnrtTaskTopoAddMemsetNode, kNo,
           {
             cnrtTaskTopoNode_t n;
             cnrtMemsetParams_t p = {r.dev, 0, 0, 1, 64, 1};
             return cnrtTaskTopoAddMemsetNode(&n, nullptr, nullptr, 0, &p);
           }),
      CALL(cnrtTaskTopoMemsetNodeGetParams, kNo,
           {
             cnrtMemsetParams_t p;
             return cnrtTaskTopoMemsetNodeGetParams(nullptr, &p);
           }),
      CALL(cnrtTaskTopoMemsetNodeSetParams, kNo,
           {
             cnrtMemsetParams_t p = {r.dev, 0, 0, 1, 64, 1};
             return cnrtTaskTopoMemsetNodeSetParams(nullptr, &p);
           }),
      CALL(cnrtTaskTopoAddChildTopoNode, kNo,
           {
             cnrtTaskTopoNode_t n;
             return cnrtTaskTopoAddChildTopoNode(&n, nullptr, nullptr, 0,
                                                 nullptr);
           }),
      CALL(cnrtTaskTopoChildTopoNodeGetTopo, kNo,
           {
             cnrtTaskTopo_t t;
             return cnrtTaskTopoChildTopoNodeGetTopo(nullptr, &t);
           }),
      CALL(cnrtTaskTopoAddNotifierPlaceNode, kNo,
           {
             cnrtTaskTopoNode_t n;
             return cnrtTaskTopoAddNotifierPlaceNode(&n, nullptr, nullptr, 0,
                                                     r.start);
           }),
      CALL(cnrtTaskTopoNotifierPlaceNodeGetNotifier, kNo,
           {
             cnrtNotifier_t n;
             return cnrtTaskTopoNotifierPlaceNodeGetNotifier(nullptr, &n);
           }),
      CALL(cnrtTaskTopoNotifierPlaceNodeSetNotifier, kNo,
           {
             return cnrtTaskTopoNotifierPlaceNodeSetNotifier(nullptr, r.start);
           }),
      CALL(cnrtTaskTopoAddNotifierWaitNode, kNo,
           {
             cnrtTaskTopoNode_t n;
             return cnrtTaskTopoAddNotifierWaitNode(&n, nullptr, nullptr, 0,
                                                    r.start);
           }),
      CALL(cnrtTaskTopoNotifierWaitNodeGetNotifier, kNo,
           {
             cnrtNotifier_t n;
             return cnrtTaskTopoNotifierWaitNodeGetNotifier(nullptr, &n);
           }),
      CALL(cnrtTaskTopoNotifierWaitNodeSetNotifier, kNo,
           {
             return cnrtTaskTopoNotifierWaitNodeSetNotifier(nullptr, r.start);
           }),
      CALL(cnrtTaskTopoInstantiate, kOk,
           {
             cnrtTaskTopo_t t;
             cnrtTaskTopoEntity_t e;
             char log[64];
             cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoInstantiate(&e, t, nullptr, log, sizeof(log));
             cnrtTaskTopoDestroy(t);
             return ret != kOk ? ret : cnrtTaskTopoEntityDestroy(e);
           }),
      CALL(cnrtTaskTopoEntityDestroy, kOk,
           {
             cnrtTaskTopo_t t;
             cnrtTaskTopoEntity_t e;
             cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoInstantiate(&e, t, nullptr, nullptr, 0);
             cnrtTaskTopoDestroy(t);
             return ret != kOk ? ret : cnrtTaskTopoEntityDestroy(e);
           }),
      CALL(cnrtTaskTopoEntityInvoke, kOk,
           {
             cnrtTaskTopo_t t;
             cnrtTaskTopoEntity_t e;
             cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoInstantiate(&e, t, nullptr, nullptr, 0);
             cnrtTaskTopoDestroy(t);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoEntityInvoke(e, r.queue);
             cnrtTaskTopoEntityDestroy(e);
             return ret;
           }),
      CALL(cnrtTaskTopoNodeGetType, kOk,
           {
             cnrtTaskTopo_t t;
             cnrtTaskTopoNode_t n;
             cnrtTaskTopoNodeType_t type = cnrtTaskTopoNodeTypeKernel;
             cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoAddEmptyNode(&n, t, nullptr, 0);
             if (ret == kOk) ret = cnrtTaskTopoNodeGetType(n, &type);
             cnrtTaskTopoDestroy(t);
             return ret != kOk ? ret : ok_if(type == cnrtTaskTopoNodeTypeEmpty);
           }),
      CALL(cnrtTaskTopoDebugDotPrint, kOk,
           {
             cnrtTaskTopo_t t;
             cnrtRet_t ret = cnrtTaskTopoCreate(&t, 0);
             if (ret != kOk) return ret;
             ret = cnrtTaskTopoDebugDotPrint(t, "/dev/null",
                                             cnrtTaskTopoDebugDotFlagsVerbose);
             cnrtTaskTopoDestroy(t);
             return ret;
           }),
      CALL(cnrtTaskTopoKernelNodeGetAttribute, kNo,
           {
             cnrtKernelNodeAttrValue_t v;
             return cnrtTaskTopoKernelNodeGetAttribute(
                 nullptr, cnrtKernelNodeAttributeAccessPolicyWindow, &v);
           }),
      CALL(cnrtTaskTopoKernelNodeSetAttribute, kNo,
           {
             cnrtKernelNodeAttrValue_t v = {};
             return cnrtTaskTopoKernelNodeSetAttribute(
                 nullptr, cnrtKernelNodeAttributeAccessPolicyWindow, &v);
           }),
      CALL(cnrtTaskTopoKernelNodeCopyAttributes, kNo,
           { return cnrtTaskTopoKernelNodeCopyAttributes(nullptr, nullptr); }),
      CALL(cnrtTaskTopoEntityHostNodeSetParams, kNo,
           {
             cnrtHostNodeParams_t p = {count_call, nullptr};
             return cnrtTaskTopoEntityHostNodeSetParams(nullptr, nullptr, &p);
           }),
      CALL(cnrtTaskTopoEntityKernelNodeSetParams, kNo,
           {
             cnrtKernelNodeParams_t p = {};
             return cnrtTaskTopoEntityKernelNodeSetParams(nullptr, nullptr, &p);
           }),
      CALL(cnrtTaskTopoEntityMemcpyNodeSetParams, kNo,
           {
             const cnrtMemcpy3dParam_t p = linear_3d(r.dev2, r.dev, 64);
             return cnrtTaskTopoEntityMemcpyNodeSetParams(nullptr, nullptr, &p);
           }),
      CALL(cnrtTaskTopoEntityMemsetNodeSetParams, kNo,
           {
             cnrtMemsetParams_t p = {r.dev, 0, 0, 1, 64, 1};
             return cnrtTaskTopoEntityMemsetNodeSetParams(nullptr, nullptr, &p);
           }),
      CALL(cnrtTaskTopoEntityChildTopoNodeSetParams, kNo,
           {
             return cnrtTaskTopoEntityChildTopoNodeSetParams(nullptr, nullptr,
                                                             nullptr);
           }),
      CALL(cnrtTaskTopoEntityNotifierPlaceNodeSetNotifier, kNo,
           {
             return cnrtTaskTopoEntityNotifierPlaceNodeSetNotifier(
                 nullptr, nullptr, r.start);
           }),
      CALL(cnrtTaskTopoEntityNotifierWaitNodeSetNotifier, kNo,
           {
             return cnrtTaskTopoEntityNotifierWaitNodeSetNotifier(
                 nullptr, nullptr, r.start);
           }),
      CALL(cnrtTaskTopoEntityUpdate, kNo,
           {
             cnrtTaskTopoNode_t n;
             cnrtTaskTopoEntityUpdateResult_t u;
             return cnrtTaskTopoEntityUpdate(nullptr, nullptr, &n, &u);
           }),
      CALL(cnrtTaskTopoUpload, kNo,
           { return cnrtTaskTopoUpload(nullptr, r.queue); }),
      // Profiler.
      // CNRT 5 parameter descriptors and offline models.
      CALL(cnrtCreateParamDesc, kOk,
           {
             cnrtParamDesc_t d;
             const cnrtRet_t ret = cnrtCreateParamDesc(&d);
             return ret != kOk ? ret : cnrtDestroyParamDesc(d);
           }),
      CALL(cnrtDestroyParamDesc, kOk,
           {
             cnrtParamDesc_t d;
             const cnrtRet_t ret = cnrtCreateParamDesc(&d);
             return ret != kOk ? ret : cnrtDestroyParamDesc(d);
           }),
      CALL(cnrtCreateParamDescArray, kOk,
           {
             cnrtParamDescArray_t a;
             const cnrtRet_t ret = cnrtCreateParamDescArray(&a, 2);
             return ret != kOk ? ret : cnrtDestroyParamDescArray(a, 2);
           }),
      CALL(cnrtDestroyParamDescArray, kOk,
           {
             cnrtParamDescArray_t a;
             const cnrtRet_t ret = cnrtCreateParamDescArray(&a, 1);
             return ret != kOk ? ret : cnrtDestroyParamDescArray(a, 1);
           }),
      CALL(cnrtSetShapeToParamDesc, kOk,
           { return ParamDescRoundTrip(cnrtSetShapeToParamDesc); }),
      CALL(cnrtSetDataTypeToParamDesc, kOk,
           { return ParamDescRoundTrip(cnrtSetDataTypeToParamDesc); }),
      CALL(cnrtGetShapeFromParamDesc, kOk,
           { return ParamDescRoundTrip(cnrtGetShapeFromParamDesc); }),
      CALL(cnrtGetDataTypeFromParamDesc, kOk,
           { return ParamDescRoundTrip(cnrtGetDataTypeFromParamDesc); }),
      CALL(cnrtGetParamElementNum, kOk,
           { return ParamDescRoundTrip(cnrtGetParamElementNum); }),
      CALL(cnrtGetParamDescSize, kOk,
           { return ParamDescRoundTrip(cnrtGetParamDescSize); }),
      CALL(cnrtLoadModel, kNo,
           {
             cnrtModel_t m;
             return cnrtLoadModel(&m, "model.cambricon");
           }),
      CALL(cnrtLoadModelFromMem, kNo,
           {
             cnrtModel_t m;
             return cnrtLoadModelFromMem(&m, static_cast<char*>(r.host));
           }),
      CALL(cnrtUnloadModel, kNo, { return cnrtUnloadModel(nullptr); }),
      CALL(cnrtCreateFunction, kNo,
           {
             cnrtFunction_t f;
             return cnrtCreateFunction(&f);
           }),
      CALL(cnrtDestroyFunction, kNo, { return cnrtDestroyFunction(nullptr); }),
      CALL(cnrtExtractFunction, kNo,
           {
             cnrtFunction_t f;
             return cnrtExtractFunction(&f, nullptr, "subnet0");
           }),
      CALL(cnrtGetInputDataSize, kNo,
           {
             int64_t* sizes;
             int n;
             return cnrtGetInputDataSize(&sizes, &n, nullptr);
           }),
      CALL(cnrtGetOutputDataSize, kNo,
           {
             int64_t* sizes;
             int n;
             return cnrtGetOutputDataSize(&sizes, &n, nullptr);
           }),
      CALL(cnrtGetInputDataType, kNo,
           {
             cnrtDataType_t* types;
             int n;
             return cnrtGetInputDataType(&types, &n, nullptr);
           }),
      CALL(cnrtGetOutputDataType, kNo,
           {
             cnrtDataType_t* types;
             int n;
             return cnrtGetOutputDataType(&types, &n, nullptr);
           }),
      CALL(cnrtGetInputDataShape, kNo,
           {
             int* dims;
             int n;
             return cnrtGetInputDataShape(&dims, &n, 0, nullptr);
           }),
      CALL(cnrtGetOutputDataShape, kNo,
           {
             int* dims;
             int n;
             return cnrtGetOutputDataShape(&dims, &n, 0, nullptr);
           }),
      CALL(cnrtInferFunctionOutputShape, kNo,
           {
             return cnrtInferFunctionOutputShape(nullptr, 0, nullptr, 0,
                                                 nullptr);
           }),
      CALL(cnrtCreateRuntimeContext, kNo,
           {
             cnrtRuntimeContext_t c;
             return cnrtCreateRuntimeContext(&c, nullptr, nullptr);
           }),
      CALL(cnrtSetRuntimeContextDeviceId, kNo,
           { return cnrtSetRuntimeContextDeviceId(nullptr, 0); }),
      CALL(cnrtInitRuntimeContext, kNo,
           { return cnrtInitRuntimeContext(nullptr, nullptr); }),
      CALL(cnrtInvokeRuntimeContext_V2, kNo,
           {
             return cnrtInvokeRuntimeContext_V2(nullptr, nullptr, nullptr,
                                                r.queue, nullptr);
           }),
      CALL(cnrtDestroyRuntimeContext, kNo,
           { return cnrtDestroyRuntimeContext(nullptr); }),
      CALL(cnrtProfilerStart, kOk, { return cnrtProfilerStart(); }),
      CALL(cnrtProfilerStop, kOk, { return cnrtProfilerStop(); }),
  };
  return *calls;
}

// The functions cnrt.h declares, read from the header itself.
std::set<std::string> declared_functions() {
  std::ifstream header(XBANG_CNRT_HEADER);
  EXPECT_TRUE(header.good()) << XBANG_CNRT_HEADER;
  const std::regex declaration(
      R"(^(?:cnrtRet_t |const char \*|void )(cnrt\w+)\()");
  std::set<std::string> names;
  std::string line;
  std::smatch match;
  while (std::getline(header, line)) {
    if (std::regex_search(line, match, declaration)) names.insert(match[1]);
  }
  return names;
}

TEST(ToolkitCnrtSurface, DeviceResetFreesEveryAllocation) {
  void* p = nullptr;
  ASSERT_EQ(cnrtMalloc(&p, 64), cnrtSuccess);
  EXPECT_EQ(cnrtDeviceReset(), cnrtSuccess);
  cnrtPointerAttributes_t a;
  ASSERT_EQ(cnrtPointerGetAttributes(&a, p), cnrtSuccess);
  EXPECT_EQ(a.type, cnrtMemTypeUnregistered);
}

TEST(ToolkitCnrtSurface, EveryDeclaredFunctionIsCalledAndAnswers) {
  Resources r;
  std::set<std::string> called = {"cnrtDeviceReset"};  // its own test
  for (const Call& c : every_call()) {
    cnrtGetLastError();
    testing::internal::CaptureStderr();
    EXPECT_EQ(c.call(r), c.expected) << c.name;
    const std::string log = testing::internal::GetCapturedStderr();
    if (c.expected == kNo) {
      EXPECT_NE(log.find(std::string("[xbang] ") + c.name + ": not supported"),
                std::string::npos)
          << c.name << " logs: " << log;
      EXPECT_EQ(cnrtGetLastError(), kNo) << c.name;
    }
    EXPECT_TRUE(called.insert(c.name).second) << c.name << " listed twice";
  }
  const std::set<std::string> declared = declared_functions();
  EXPECT_EQ(declared.size(), 191u)
      << "the 162 CNRT 6.14 functions, cnrtCheck and 28 CNRT 5 ones";
  for (const std::string& name : declared) {
    EXPECT_TRUE(called.count(name)) << name << " is declared but not called";
  }
  for (const std::string& name : called) {
    EXPECT_TRUE(declared.count(name)) << name << " is called but not declared";
  }
}

TEST(ToolkitCnrtSurface, NotSupportedSetsTheLastError) {
  cnrtGetLastError();
  cnrtTaskTopo_t clone = nullptr;
  EXPECT_EQ(cnrtTaskTopoClone(&clone, nullptr), cnrtErrorNotSupport);
  EXPECT_EQ(cnrtGetLastError(), cnrtErrorNotSupport);
  EXPECT_STREQ(cnrtGetErrorName(cnrtErrorNotSupport), "cnrtErrorNotSupport");
}

// A capture records the queue's copies, sets, host functions and notifier
// places without running them; the instantiated topology replays them, in
// order, on every invoke.
TEST(ToolkitCnrtSurface, CaptureRecordsAndInvokeReplays) {
  Resources r;
  std::vector<unsigned char> src(64, 7), back(64, 0);
  int host_calls = 0;
  ASSERT_EQ(cnrtMemset(r.dev, 0, 64), cnrtSuccess);
  ASSERT_EQ(cnrtQueueBeginCapture(r.queue, cnrtQueueCaptureModeGlobal),
            cnrtSuccess);
  cnrtQueueCaptureStatus_t status = cnrtQueueCaptureStatusNone;
  uint64_t id = 0;
  ASSERT_EQ(
      cnrtQueueGetCaptureInfo(r.queue, &status, &id, nullptr, nullptr, nullptr),
      cnrtSuccess);
  EXPECT_EQ(status, cnrtQueueCaptureStatusActive);
  EXPECT_NE(id, 0u);
  EXPECT_EQ(cnrtQueueBeginCapture(r.queue, cnrtQueueCaptureModeGlobal),
            cnrtErrorIllegalState);
  // A copy in, a set over half of it, a copy to dev2, a host function.
  ASSERT_EQ(
      cnrtMemcpyAsync(r.dev, src.data(), 64, r.queue, cnrtMemcpyHostToDev),
      cnrtSuccess);
  ASSERT_EQ(cnrtMemsetAsync(r.dev, 3, 32, r.queue), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpyAsync(r.dev2, r.dev, 64, r.queue, cnrtMemcpyDevToDev),
            cnrtSuccess);
  ASSERT_EQ(cnrtInvokeHostFunc(r.queue, count_call, &host_calls), cnrtSuccess);
  ASSERT_EQ(cnrtPlaceNotifier(r.end, r.queue), cnrtSuccess);
  EXPECT_EQ(cnrtQueueSync(r.queue), cnrtErrorQueueCaptureUnsupported);
  // Nothing ran yet.
  EXPECT_EQ(host_calls, 0);
  ASSERT_EQ(cnrtMemcpy(back.data(), r.dev, 64, cnrtMemcpyDevToHost),
            cnrtSuccess);
  EXPECT_EQ(back[0], 0);
  cnrtTaskTopo_t topo = nullptr;
  ASSERT_EQ(cnrtQueueEndCapture(r.queue, &topo), cnrtSuccess);
  size_t count = 0;
  ASSERT_EQ(cnrtTaskTopoGetNodes(topo, nullptr, &count), cnrtSuccess);
  ASSERT_EQ(count, 5u);
  std::vector<cnrtTaskTopoNode_t> nodes(6, nullptr);
  count = nodes.size();
  ASSERT_EQ(cnrtTaskTopoGetNodes(topo, nodes.data(), &count), cnrtSuccess);
  EXPECT_EQ(count, 5u);
  EXPECT_EQ(nodes[5], nullptr);
  const cnrtTaskTopoNodeType_t expected[] = {
      cnrtTaskTopoNodeTypeMemcpy, cnrtTaskTopoNodeTypeMemset,
      cnrtTaskTopoNodeTypeMemcpy, cnrtTaskTopoNodeTypeHost,
      cnrtTaskTopoNodeTypeNotifierPlace};
  for (size_t i = 0; i < 5; ++i) {
    cnrtTaskTopoNodeType_t type;
    ASSERT_EQ(cnrtTaskTopoNodeGetType(nodes[i], &type), cnrtSuccess);
    EXPECT_EQ(type, expected[i]) << "node " << i;
  }
  size_t roots = 0;
  ASSERT_EQ(cnrtTaskTopoGetRootNodes(topo, nullptr, &roots), cnrtSuccess);
  EXPECT_EQ(roots, 1u);  // a chain
  cnrtTaskTopoEntity_t entity = nullptr;
  ASSERT_EQ(cnrtTaskTopoInstantiate(&entity, topo, nullptr, nullptr, 0),
            cnrtSuccess);
  ASSERT_EQ(cnrtTaskTopoDestroy(topo), cnrtSuccess);  // the entity stays
  for (int run = 1; run <= 2; ++run) {
    ASSERT_EQ(cnrtMemset(r.dev2, 0, 64), cnrtSuccess);
    ASSERT_EQ(cnrtTaskTopoEntityInvoke(entity, r.queue), cnrtSuccess);
    EXPECT_EQ(host_calls, run);
    ASSERT_EQ(cnrtMemcpy(back.data(), r.dev2, 64, cnrtMemcpyDevToHost),
              cnrtSuccess);
    for (size_t i = 0; i < 64; ++i) {
      ASSERT_EQ(back[i], i < 32 ? 3 : 7) << "byte " << i << " run " << run;
    }
  }
  EXPECT_EQ(cnrtTaskTopoEntityDestroy(entity), cnrtSuccess);
  EXPECT_EQ(cnrtTaskTopoEntityDestroy(entity), cnrtErrorInvalidResourceHandle);
}

// Nodes added by hand run after their dependencies; the DOT file names each
// node and edge.
TEST(ToolkitCnrtSurface, BuiltTopologyRunsAndPrints) {
  Resources r;
  int calls = 0;
  cnrtTaskTopo_t topo;
  ASSERT_EQ(cnrtTaskTopoCreate(&topo, 0), cnrtSuccess);
  cnrtTaskTopoNode_t first, second;
  ASSERT_EQ(cnrtTaskTopoAddEmptyNode(&first, topo, nullptr, 0), cnrtSuccess);
  const cnrtHostNodeParams_t params = {count_call, &calls};
  ASSERT_EQ(cnrtTaskTopoAddHostNode(&second, topo, &first, 1, &params),
            cnrtSuccess);
  cnrtTaskTopo_t other;
  ASSERT_EQ(cnrtTaskTopoCreate(&other, 0), cnrtSuccess);
  cnrtTaskTopoNode_t foreign;
  EXPECT_EQ(cnrtTaskTopoAddEmptyNode(&foreign, other, &first, 1),
            cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtTaskTopoDestroy(other), cnrtSuccess);
  const std::string path = testing::TempDir() + "xbang_topo.dot";
  ASSERT_EQ(cnrtTaskTopoDebugDotPrint(topo, path.c_str(), 0), cnrtSuccess);
  std::ifstream dot(path);
  const std::string text((std::istreambuf_iterator<char>(dot)),
                         std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("digraph"), std::string::npos);
  EXPECT_NE(text.find("n0 -> n1"), std::string::npos);
  EXPECT_NE(text.find("Host"), std::string::npos);
  std::remove(path.c_str());
  cnrtTaskTopoEntity_t entity;
  ASSERT_EQ(cnrtTaskTopoInstantiate(&entity, topo, nullptr, nullptr, 0),
            cnrtSuccess);
  EXPECT_EQ(cnrtTaskTopoEntityInvoke(entity, r.queue), cnrtSuccess);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(cnrtTaskTopoEntityDestroy(entity), cnrtSuccess);
  EXPECT_EQ(cnrtTaskTopoDestroy(topo), cnrtSuccess);
  cnrtTaskTopoNodeType_t type;
  EXPECT_EQ(cnrtTaskTopoNodeGetType(first, &type),
            cnrtErrorInvalidResourceHandle);
}

// In-process IPC: the handle maps back to the allocation; unmapping twice,
// a handle never acquired and a freed allocation are refused.
TEST(ToolkitCnrtSurface, IpcHandlesWorkInsideTheProcess) {
  Resources r;
  void* block = nullptr;
  ASSERT_EQ(cnrtMalloc(&block, 256), cnrtSuccess);
  cnrtIpcMemHandle handle;
  ASSERT_EQ(cnrtAcquireMemHandle(&handle, block), cnrtSuccess);
  void* mapped = nullptr;
  ASSERT_EQ(cnrtMapMemHandle(&mapped, handle, 0), cnrtSuccess);
  EXPECT_EQ(mapped, block);
  EXPECT_EQ(cnrtUnMapMemHandle(mapped), cnrtSuccess);
  EXPECT_EQ(cnrtUnMapMemHandle(mapped), cnrtErrorArgsInvalid);
  ASSERT_EQ(cnrtFree(block), cnrtSuccess);
  EXPECT_EQ(cnrtMapMemHandle(&mapped, handle, 0), cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtAcquireMemHandle(&handle, static_cast<char*>(r.dev) + 1),
            cnrtErrorArgsInvalid);
  cnrtIpcNotifierHandle nh;
  EXPECT_EQ(cnrtIpcGetNotifierHandle(&nh, r.start), cnrtErrorArgsInvalid);
  cnrtNotifier_t ipc, opened;
  ASSERT_EQ(cnrtNotifierCreateWithFlags(&ipc, CNRT_NOTIFIER_INTERPROCESS),
            cnrtSuccess);
  ASSERT_EQ(cnrtIpcGetNotifierHandle(&nh, ipc), cnrtSuccess);
  cnrtIpcNotifierHandle other_process = nh;
  other_process.res[1] ^= 1;
  EXPECT_EQ(cnrtIpcOpenNotifierHandle(&opened, other_process),
            cnrtErrorNotSupport);
  ASSERT_EQ(cnrtIpcOpenNotifierHandle(&opened, nh), cnrtSuccess);
  EXPECT_EQ(cnrtQueryNotifier(opened), cnrtSuccess);
  EXPECT_EQ(cnrtNotifierDestroy(opened), cnrtSuccess);
  EXPECT_EQ(cnrtNotifierDestroy(ipc), cnrtSuccess);
  EXPECT_EQ(cnrtIpcOpenNotifierHandle(&opened, nh),
            cnrtErrorInvalidResourceHandle);
}

// Parameter descriptors check what they are given and change nothing on a
// refused call.
TEST(ToolkitCnrtSurface, ParamDescriptorsRefuseBadInput) {
  cnrtParamDesc_t d;
  ASSERT_EQ(cnrtCreateParamDesc(&d), cnrtSuccess);
  int dims[] = {4, 5};
  int bad[] = {4, -1};
  int nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  ASSERT_EQ(cnrtSetShapeToParamDesc(d, dims, 2), cnrtSuccess);
  EXPECT_EQ(cnrtSetShapeToParamDesc(d, bad, 2), cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtSetShapeToParamDesc(d, nine, 9), cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtSetShapeToParamDesc(d, nullptr, 2), cnrtErrorArgsInvalid);
  int* got = nullptr;
  int n = 0;
  ASSERT_EQ(cnrtGetShapeFromParamDesc(d, &got, &n), cnrtSuccess);
  EXPECT_EQ(n, 2);
  EXPECT_EQ(got[1], 5);
  EXPECT_EQ(cnrtSetDataTypeToParamDesc(d, cnrtInvalid), cnrtErrorArgsInvalid);
  int64_t bytes = 0;
  EXPECT_EQ(cnrtGetParamDescSize(d, &bytes), cnrtErrorArgsInvalid);  // no type
  ASSERT_EQ(cnrtSetDataTypeToParamDesc(d, cnrtFloat16), cnrtSuccess);
  ASSERT_EQ(cnrtGetParamDescSize(d, &bytes), cnrtSuccess);
  EXPECT_EQ(bytes, 40);
  int zero[] = {4, 0};
  ASSERT_EQ(cnrtSetShapeToParamDesc(d, zero, 2), cnrtSuccess);
  size_t count = 0;
  EXPECT_EQ(cnrtGetParamElementNum(d, &count), cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtDestroyParamDesc(d), cnrtSuccess);
  EXPECT_EQ(cnrtDestroyParamDesc(d), cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtGetShapeFromParamDesc(d, &got, &n), cnrtErrorArgsInvalid);
  cnrtParamDescArray_t array;
  EXPECT_EQ(cnrtCreateParamDescArray(&array, 0), cnrtErrorArgsInvalid);
  ASSERT_EQ(cnrtCreateParamDescArray(&array, 2), cnrtSuccess);
  cnrtParamDesc_t loose;
  ASSERT_EQ(cnrtCreateParamDesc(&loose), cnrtSuccess);
  cnrtParamDesc_t mixed[] = {array[0], d};  // d is destroyed
  EXPECT_EQ(cnrtDestroyParamDescArray(mixed, 2), cnrtErrorArgsInvalid);
  EXPECT_EQ(cnrtSetShapeToParamDesc(array[0], dims, 2), cnrtSuccess);
  EXPECT_EQ(cnrtDestroyParamDescArray(array, 2), cnrtSuccess);
  EXPECT_EQ(cnrtDestroyParamDesc(loose), cnrtSuccess);
}

TEST(ToolkitCnrtSurface, PitchedCopiesMoveTheRightBytes) {
  Resources r;
  // 8 rows of 16 bytes, source rows 32 apart, destination rows 64 apart.
  auto* host = static_cast<unsigned char*>(r.host);
  for (size_t i = 0; i < Resources::kBytes; ++i) host[i] = (unsigned char)i;
  ASSERT_EQ(cnrtMemset(r.dev, 0xEE, Resources::kBytes), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpy2D(r.dev, 64, r.host, 32, 16, 8, cnrtMemcpyHostToDev),
            cnrtSuccess);
  std::vector<unsigned char> back(Resources::kBytes);
  ASSERT_EQ(cnrtMemcpy(back.data(), r.dev, back.size(), cnrtMemcpyDevToHost),
            cnrtSuccess);
  for (size_t row = 0; row < 8; ++row) {
    for (size_t col = 0; col < 64; ++col) {
      const unsigned char expected =
          col < 16 ? (unsigned char)(row * 32 + col) : 0xEE;
      ASSERT_EQ(back[row * 64 + col], expected) << row << "," << col;
    }
  }
  // 3-D: a 4 x 2 x 3 box at (1, 1, 1) of a 8 x 4 x 4 source volume into
  // the origin of a 4 x 2 x 3 destination volume.
  cnrtMemcpy3dParam_t p;
  std::memset(&p, 0, sizeof(p));
  p.src = r.host;
  p.srcPtr = {8, nullptr, 8, 4};
  p.srcPos = {1, 1, 1};
  p.dst = r.dev2;
  p.dstPtr = {4, nullptr, 4, 2};
  p.extent = {3, 2, 4};  // depth, height, width
  p.dir = cnrtMemcpyHostToDev;
  ASSERT_EQ(cnrtMemcpy3D(&p), cnrtSuccess);
  unsigned char box[24];
  ASSERT_EQ(cnrtMemcpy(box, r.dev2, sizeof(box), cnrtMemcpyDevToHost),
            cnrtSuccess);
  for (size_t z = 0; z < 3; ++z) {
    for (size_t y = 0; y < 2; ++y) {
      for (size_t x = 0; x < 4; ++x) {
        EXPECT_EQ(box[z * 8 + y * 4 + x],
                  (unsigned char)((z + 1) * 32 + (y + 1) * 8 + x + 1));
      }
    }
  }
}

TEST(ToolkitCnrtSurface, PeerCopiesAndMappingsShareDeviceMemory) {
  Resources r;
  ASSERT_EQ(cnrtMemset(r.dev, 7, 64), cnrtSuccess);
  ASSERT_EQ(cnrtMemcpyPeer(r.dev2, 0, r.dev, 0, 64), cnrtSuccess);
  void* mapped = nullptr;
  ASSERT_EQ(cnrtMmapCached(r.dev2, &mapped, 64), cnrtSuccess);
  EXPECT_EQ(static_cast<unsigned char*>(mapped)[63], 7);
  EXPECT_EQ(cnrtMcacheOperation(r.dev2, mapped, 64, CNRT_FLUSH_CACHE),
            cnrtSuccess);
  EXPECT_EQ(cnrtMunmap(mapped, 64), cnrtSuccess);
  void* queued = nullptr;
  ASSERT_EQ(cnrtMemAllocAsync(&queued, 128, r.queue), cnrtSuccess);
  cnrtPointerAttributes_t a;
  ASSERT_EQ(cnrtPointerGetAttributes(&a, queued), cnrtSuccess);
  EXPECT_EQ(a.type, cnrtMemTypeDevice);
  EXPECT_EQ(cnrtMemFreeAsync(queued, r.queue), cnrtSuccess);
  EXPECT_EQ(cnrtMemFreeAsync(queued, r.queue), cnrtErrorArgsInvalid)
      << "freed twice";
}

TEST(ToolkitCnrtSurface, CnrtFiveReturnCodesKeepTheirNumbers) {
  EXPECT_EQ(CNRT_RET_SUCCESS, cnrtSuccess);
  EXPECT_EQ(long(CNRT_RET_ERR_INVALID), 632007);
  EXPECT_EQ(long(CNRT_RET_ERR_NOMEM), 632008);
  EXPECT_EQ(long(CNRT_RET_ERR_NODEV), 632009);
  EXPECT_EQ(long(CNRT_RET_ERR_SYS), 632011);
  EXPECT_EQ(long(CNRT_RET_ERR_UNSUPPORTED), 632020);
  EXPECT_EQ(long(CNRT_RET_ERR_UNKNOWN), 999991);
  EXPECT_EQ(long(cnrtErrorQueueCaptureUnsupported), 100360);
  EXPECT_EQ(long(cnrtErrorTaskTopoEntityUpdateFailure), 100400);
  EXPECT_EQ(int(CNRT_QUEUE_SYNC_BLOCK), int(cnrtDeviceScheduleBlock));
  EXPECT_EQ(int(CNRT_JOB_TYPE_UNION4), 16);
  EXPECT_EQ(CNRT_IPC_HANDLE_SIZE_BYTES, 64u);
  EXPECT_EQ(sizeof(cnrtInvokeAttrValue_t), 64u);
}

// Bad calls: each answers its documented status, sets the last error and
// writes nothing it should not.
using BadSurfaceCall = BadCall<cnrtRet_t, Resources&>;

cnrtQueue_t dead_queue() {
  cnrtQueue_t q = nullptr;
  cnrtQueueCreate(&q);
  cnrtQueueDestroy(q);
  return q;
}

const BadSurfaceCall kBadCalls[] = {
    {"DriverVersionNullOut",
     [](Resources&) { return cnrtDriverGetVersion(nullptr, nullptr, nullptr); },
     cnrtErrorArgsInvalid},
    {"ByPciBusIdNull",
     [](Resources&) {
       int d;
       return cnrtDeviceGetByPCIBusId(&d, nullptr);
     },
     cnrtErrorArgsInvalid},
    {"ByPciBusIdGarbage",
     [](Resources&) {
       int d;
       return cnrtDeviceGetByPCIBusId(&d, "0000:00:00.0 trailing");
     },
     cnrtErrorArgsInvalid},
    {"ByPciBusIdOtherDevice",
     [](Resources&) {
       int d;
       return cnrtDeviceGetByPCIBusId(&d, "0000:3b:00.0");
     },
     cnrtErrorDeviceInvalid},
    {"PeerAccessibilityOtherOrdinal",
     [](Resources&) {
       unsigned c;
       return cnrtGetPeerAccessibility(&c, 0, 1);
     },
     cnrtErrorDeviceInvalid},
    {"PeerAccessibilityNullOut",
     [](Resources&) { return cnrtGetPeerAccessibility(nullptr, 0, 0); },
     cnrtErrorArgsInvalid},
    {"DeviceFlagNullOut", [](Resources&) { return cnrtGetDeviceFlag(nullptr); },
     cnrtErrorArgsInvalid},
    {"DeviceFlagUnknown", [](Resources&) { return cnrtSetDeviceFlag(4); },
     cnrtErrorArgsInvalid},
    {"DeviceConfigReserved",
     [](Resources&) {
       return cnrtDeviceSetConfig(cnrtDeviceConfigReserved, 1);
     },
     cnrtErrorArgsInvalid},
    {"DeviceConfigBeyondMax",
     [](Resources&) {
       int64_t v;
       return cnrtDeviceGetConfig(&v, cnrtDeviceConfigMaxNum);
     },
     cnrtErrorArgsInvalid},
    {"DeviceConfigNegative",
     [](Resources&) {
       return cnrtDeviceSetConfig(cnrtDeviceConfigPrintfFifoSize, -1);
     },
     cnrtErrorArgsInvalid},
    {"KernelMemoryNullOut",
     [](Resources&) { return cnrtDeviceQueryKernelMemoryUsage(nullptr); },
     cnrtErrorArgsInvalid},
    {"PriorityRangeNullOut",
     [](Resources&) {
       int lo;
       return cnrtDeviceGetQueuePriorityRange(&lo, nullptr);
     },
     cnrtErrorArgsInvalid},
    {"HostFuncNull",
     [](Resources& r) { return cnrtInvokeHostFunc(r.queue, nullptr, nullptr); },
     cnrtErrorArgsInvalid},
    {"HostFuncDeadQueue",
     [](Resources&) {
       return cnrtInvokeHostFunc(dead_queue(), count_call, nullptr);
     },
     cnrtErrorInvalidResourceHandle},
    {"Memcpy2DNullDst",
     [](Resources& r) {
       return cnrtMemcpy2D(nullptr, 64, r.host, 64, 16, 2, cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"Memcpy2DPitchBelowWidth",
     [](Resources& r) {
       return cnrtMemcpy2D(r.dev, 8, r.host, 64, 16, 2, cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"Memcpy2DZeroHeight",
     [](Resources& r) {
       return cnrtMemcpy2D(r.dev, 64, r.host, 64, 16, 0, cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"Memcpy2DPastTheAllocation",
     [](Resources& r) {
       return cnrtMemcpy2D(r.dev, 1024, r.host, 64, 64, 5, cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"Memcpy2DPitchOverflow",
     [](Resources& r) {
       return cnrtMemcpy2D(r.dev, SIZE_MAX / 2, r.host, 64, 16, 4,
                           cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"Memcpy2DPeerDirection",
     [](Resources& r) {
       return cnrtMemcpy2D(r.dev2, 64, r.dev, 64, 16, 2, cnrtMemcpyPeerToPeer);
     },
     cnrtErrorMemcpyDirectionInvalid},
    {"Memcpy2DAsyncDeadQueue",
     [](Resources& r) {
       return cnrtMemcpy2DAsync(r.dev2, 64, r.dev, 64, 16, 2,
                                cnrtMemcpyDevToDev, dead_queue());
     },
     cnrtErrorInvalidResourceHandle},
    {"Memcpy3DNullParam", [](Resources&) { return cnrtMemcpy3D(nullptr); },
     cnrtErrorArgsInvalid},
    {"Memcpy3DZeroExtent",
     [](Resources& r) {
       cnrtMemcpy3dParam_t p = linear_3d(r.dev2, r.dev, 64);
       p.extent.depth = 0;
       return cnrtMemcpy3D(&p);
     },
     cnrtErrorArgsInvalid},
    {"Memcpy3DYsizeBelowHeight",
     [](Resources& r) {
       cnrtMemcpy3dParam_t p = linear_3d(r.dev2, r.dev, 64);
       p.extent.height = 2;
       p.extent.depth = 2;
       return cnrtMemcpy3D(&p);
     },
     cnrtErrorArgsInvalid},
    {"Memcpy3DPositionPastTheAllocation",
     [](Resources& r) {
       cnrtMemcpy3dParam_t p = linear_3d(r.dev2, r.dev, 64);
       p.dir = cnrtMemcpyDevToDev;
       p.srcPos.x = Resources::kBytes;
       return cnrtMemcpy3D(&p);
     },
     cnrtErrorArgsInvalid},
    {"Memcpy3DPositionOverflow",
     [](Resources& r) {
       cnrtMemcpy3dParam_t p = linear_3d(r.dev2, r.dev, 64);
       p.srcPos.z = SIZE_MAX / 4;
       return cnrtMemcpy3D(&p);
     },
     cnrtErrorArgsInvalid},
    {"Memcpy3DAsyncDeadQueue",
     [](Resources& r) {
       const cnrtMemcpy3dParam_t p = linear_3d(r.dev2, r.dev, 64);
       return cnrtMemcpy3DAsync(&p, dead_queue());
     },
     cnrtErrorInvalidResourceHandle},
    {"MemcpyAsyncV2DeadQueue",
     [](Resources& r) {
       return cnrtMemcpyAsync_V2(r.dev, r.host, 64, dead_queue(),
                                 cnrtMemcpyHostToDev);
     },
     cnrtErrorInvalidResourceHandle},
    {"MemcpyAsyncV3NullSrc",
     [](Resources& r) {
       return cnrtMemcpyAsync_V3(r.dev, nullptr, 64, r.queue,
                                 cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyAsyncV3PastTheAllocation",
     [](Resources& r) {
       return cnrtMemcpyAsync_V3(r.dev, r.host, Resources::kBytes + 1, r.queue,
                                 cnrtMemcpyHostToDev);
     },
     cnrtErrorArgsInvalid},
    {"MemcpyPeerOtherDevice",
     [](Resources& r) { return cnrtMemcpyPeer(r.dev2, 1, r.dev, 0, 64); },
     cnrtErrorDeviceInvalid},
    {"MemcpyPeerHostPointer",
     [](Resources& r) { return cnrtMemcpyPeer(r.dev2, 0, r.host, 0, 64); },
     cnrtErrorArgsInvalid},
    {"MemcpyPeerAsyncDeadQueue",
     [](Resources& r) {
       return cnrtMemcpyPeerAsync(r.dev2, 0, r.dev, 0, 64, dead_queue());
     },
     cnrtErrorInvalidResourceHandle},
    {"McacheUnknownOp",
     [](Resources& r) {
       return cnrtMcacheOperation(r.dev, r.host, 64, (cnrtCacheOps_t)3);
     },
     cnrtErrorArgsInvalid},
    {"McacheNullHost",
     [](Resources& r) {
       return cnrtMcacheOperation(r.dev, nullptr, 64, CNRT_FLUSH_CACHE);
     },
     cnrtErrorArgsInvalid},
    {"MmapHostMemory",
     [](Resources& r) {
       void* h;
       return cnrtMmap(r.host, &h, 64);
     },
     cnrtErrorArgsInvalid},
    {"MmapNullOut", [](Resources& r) { return cnrtMmap(r.dev, nullptr, 64); },
     cnrtErrorArgsInvalid},
    {"MmapCachedPastTheAllocation",
     [](Resources& r) {
       void* h;
       return cnrtMmapCached(r.dev, &h, Resources::kBytes + 1);
     },
     cnrtErrorArgsInvalid},
    {"MunmapHostMemory", [](Resources& r) { return cnrtMunmap(r.host, 64); },
     cnrtErrorArgsInvalid},
    {"MemAllocAsyncNullOut",
     [](Resources& r) { return cnrtMemAllocAsync(nullptr, 64, r.queue); },
     cnrtErrorArgsInvalid},
    {"MemAllocAsyncSizeMax",
     [](Resources& r) {
       void* p;
       return cnrtMemAllocAsync(&p, SIZE_MAX, r.queue);
     },
     cnrtErrorNoMem},
    {"MemAllocAsyncDeadQueue",
     [](Resources&) {
       void* p;
       return cnrtMemAllocAsync(&p, 64, dead_queue());
     },
     cnrtErrorInvalidResourceHandle},
    {"MemFreeAsyncHostMemory",
     [](Resources& r) { return cnrtMemFreeAsync(r.host, r.queue); },
     cnrtErrorArgsInvalid},
    {"MemFreeAsyncNull",
     [](Resources& r) { return cnrtMemFreeAsync(nullptr, r.queue); },
     cnrtErrorArgsInvalid},
    {"PlaceWithExternalFlag",
     [](Resources& r) {
       return cnrtPlaceNotifierWithFlags(r.start, r.queue,
                                         CNRT_NOTIFIER_PLACE_EXTERNAL);
     },
     cnrtErrorArgsInvalid},
    {"PlaceWithFlagsDeadQueue",
     [](Resources& r) {
       return cnrtPlaceNotifierWithFlags(r.start, dead_queue(), 0);
     },
     cnrtErrorInvalidResourceHandle},
    {"WaitWithExternalFlag",
     [](Resources& r) {
       return cnrtQueueWaitNotifier(r.start, r.queue,
                                    CNRT_NOTIFIER_WAIT_EXTERNAL);
     },
     cnrtErrorArgsInvalid},
    {"QueueWithPriorityNullOut",
     [](Resources&) { return cnrtQueueCreateWithPriority(nullptr, 0, 0); },
     cnrtErrorArgsInvalid},
    {"QueueWithPriorityFlags",
     [](Resources&) {
       cnrtQueue_t q;
       return cnrtQueueCreateWithPriority(&q, 1, 0);
     },
     cnrtErrorArgsInvalid},
    {"QueuePriorityNullOut",
     [](Resources& r) { return cnrtQueueGetPriority(r.queue, nullptr); },
     cnrtErrorArgsInvalid},
    {"QueuePriorityDeadQueue",
     [](Resources&) {
       int p;
       return cnrtQueueGetPriority(dead_queue(), &p);
     },
     cnrtErrorInvalidResourceHandle},
    {"CopyAttributesDeadQueue",
     [](Resources& r) {
       return cnrtQueueCopyAttributes(r.queue, dead_queue());
     },
     cnrtErrorInvalidResourceHandle},
    {"IsCapturingNullOut",
     [](Resources& r) { return cnrtQueueIsCapturing(r.queue, nullptr); },
     cnrtErrorArgsInvalid},
    {"IsCapturingDeadQueue",
     [](Resources&) {
       cnrtQueueCaptureStatus_t s;
       return cnrtQueueIsCapturing(dead_queue(), &s);
     },
     cnrtErrorInvalidResourceHandle},
    {"CaptureInfoNullStatus",
     [](Resources& r) {
       return cnrtQueueGetCaptureInfo(r.queue, nullptr, nullptr, nullptr,
                                      nullptr, nullptr);
     },
     cnrtErrorArgsInvalid},
    {"EndCaptureNullOut",
     [](Resources& r) { return cnrtQueueEndCapture(r.queue, nullptr); },
     cnrtErrorArgsInvalid},
    {"UpdateDependenciesUnknownFlag",
     [](Resources& r) {
       return cnrtQueueUpdateCaptureDependencies(r.queue, nullptr, 0, 2);
     },
     cnrtErrorArgsInvalid},
    {"UpdateDependenciesNullArray",
     [](Resources& r) {
       return cnrtQueueUpdateCaptureDependencies(
           r.queue, nullptr, 3, cnrtQueueSetCaptureDependencies);
     },
     cnrtErrorArgsInvalid},
    {"BeginCaptureDefaultQueue",
     [](Resources&) {
       return cnrtQueueBeginCapture(nullptr, cnrtQueueCaptureModeGlobal);
     },
     cnrtErrorQueueCaptureUnsupported},
    {"BeginCaptureDeadQueue",
     [](Resources&) {
       return cnrtQueueBeginCapture(dead_queue(), cnrtQueueCaptureModeGlobal);
     },
     cnrtErrorInvalidResourceHandle},
    {"TopoCreateFlags",
     [](Resources&) {
       cnrtTaskTopo_t t;
       return cnrtTaskTopoCreate(&t, 1);
     },
     cnrtErrorArgsInvalid},
    {"TopoDestroyNull", [](Resources&) { return cnrtTaskTopoDestroy(nullptr); },
     cnrtErrorInvalidResourceHandle},
    {"TopoGetNodesNullCount",
     [](Resources&) { return cnrtTaskTopoGetNodes(nullptr, nullptr, nullptr); },
     cnrtErrorArgsInvalid},
    {"TopoInstantiateNullTopo",
     [](Resources&) {
       cnrtTaskTopoEntity_t e;
       return cnrtTaskTopoInstantiate(&e, nullptr, nullptr, nullptr, 0);
     },
     cnrtErrorInvalidResourceHandle},
    {"TopoInvokeNullEntity",
     [](Resources& r) { return cnrtTaskTopoEntityInvoke(nullptr, r.queue); },
     cnrtErrorInvalidResourceHandle},
    {"TopoHostNodeNullParams",
     [](Resources&) {
       cnrtTaskTopo_t t;
       cnrtTaskTopoNode_t n;
       if (cnrtTaskTopoCreate(&t, 0) != cnrtSuccess) return cnrtErrorUnknown;
       const cnrtRet_t ret =
           cnrtTaskTopoAddHostNode(&n, t, nullptr, 0, nullptr);
       cnrtTaskTopoDestroy(t);
       return ret;
     },
     cnrtErrorArgsInvalid},
    {"TopoDotPrintNullPath",
     [](Resources&) {
       cnrtTaskTopo_t t;
       if (cnrtTaskTopoCreate(&t, 0) != cnrtSuccess) return cnrtErrorUnknown;
       const cnrtRet_t ret = cnrtTaskTopoDebugDotPrint(t, nullptr, 0);
       cnrtTaskTopoDestroy(t);
       return ret;
     },
     cnrtErrorArgsInvalid},
    {"TopoDotPrintUnwritablePath",
     [](Resources&) {
       cnrtTaskTopo_t t;
       if (cnrtTaskTopoCreate(&t, 0) != cnrtSuccess) return cnrtErrorUnknown;
       const cnrtRet_t ret =
           cnrtTaskTopoDebugDotPrint(t, "/nonexistent-dir/topo.dot", 0);
       cnrtTaskTopoDestroy(t);
       return ret;
     },
     cnrtErrorSys},
    {"MapMemHandleUnknown",
     [](Resources&) {
       void* p;
       return cnrtMapMemHandle(&p, nullptr, 0);
     },
     cnrtErrorArgsInvalid},
    {"AcquireMemHandleHostPointer",
     [](Resources& r) {
       cnrtIpcMemHandle h;
       return cnrtAcquireMemHandle(&h, r.host);
     },
     cnrtErrorArgsInvalid},
    {"OpenNotifierHandleZero",
     [](Resources&) {
       cnrtNotifier_t n;
       cnrtIpcNotifierHandle h = {};
       return cnrtIpcOpenNotifierHandle(&n, h);
     },
     cnrtErrorArgsInvalid},
    {"ExchangeCaptureModeNull",
     [](Resources&) { return cnrtThreadExchangeQueueCaptureMode(nullptr); },
     cnrtErrorArgsInvalid},
    {"ExchangeCaptureModeUnknown",
     [](Resources&) {
       // 3 is no mode yet within the enum's range (another value would be
       // undefined behaviour before the call checks it).
       cnrtQueueCaptureMode_t m = (cnrtQueueCaptureMode_t)3;
       return cnrtThreadExchangeQueueCaptureMode(&m);
     },
     cnrtErrorArgsInvalid},
    {"CastDataTypeFix8",
     [](Resources& r) {
       return cnrtCastDataType(r.host, cnrtFix8, r.dev, cnrtFloat32, 4,
                               nullptr);
     },
     cnrtErrorArgsInvalid},
    {"CastDataTypeNullSrc",
     [](Resources& r) {
       return cnrtCastDataType(nullptr, cnrtFloat32, r.host, cnrtFloat16, 4,
                               nullptr);
     },
     cnrtErrorArgsInvalid},
    {"CastDataTypeNegativeCount",
     [](Resources& r) {
       return cnrtCastDataType(r.host, cnrtFloat32, r.dev, cnrtFloat16, -1,
                               nullptr);
     },
     cnrtErrorArgsInvalid},
    {"GetDevicePropertiesV2NullOut",
     [](Resources&) { return cnrtGetDeviceProperties_V2(nullptr, 0); },
     cnrtErrorArgsInvalid},
};

class ToolkitCnrtSurfaceBadInput
    : public testing::TestWithParam<BadSurfaceCall> {};

TEST_P(ToolkitCnrtSurfaceBadInput, ReturnsTheDocumentedStatus) {
  Resources r;
  cnrtGetLastError();
  const cnrtRet_t ret = GetParam().call(r);
  EXPECT_EQ(ret, GetParam().expected) << cnrtGetErrorName(ret) << " instead of "
                                      << cnrtGetErrorName(GetParam().expected);
  EXPECT_EQ(cnrtGetLastError(), GetParam().expected)
      << "a failed call sets the last error";
}

INSTANTIATE_TEST_SUITE_P(Table, ToolkitCnrtSurfaceBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
