// The CNRT calls the emulated device has no counterpart for: memory pools,
// launches by host symbol, __mlu_device__ symbol copies, the TaskTopo calls
// beyond capture and simple graphs, per-channel quantization, filter
// reshaping, queue access policies and CNRT 5 offline models. Each returns
// cnrtErrorNotSupport with a log line naming the call (docs/host-toolkit.md
// lists them).
#include <cnrt.h>

#include "toolkit_internal.h"

namespace {

cnrtRet_t not_supported(const char* api) {
  return xbang::detail::cnrt_fail(api, cnrtErrorNotSupport,
                                  "not supported on the emulated device");
}

}  // namespace

// Defines `name(params)` to return not_supported("name").
#define XBANG_CNRT_NOT_SUPPORTED(name, ...) \
  cnrtRet_t name(__VA_ARGS__) { return not_supported(#name); }

extern "C" {

// Memory pools.
XBANG_CNRT_NOT_SUPPORTED(cnrtDeviceGetDefaultMemPool, cnrtMemPool_t*, int)
XBANG_CNRT_NOT_SUPPORTED(cnrtDeviceGetMemPool, cnrtMemPool_t*, int)
XBANG_CNRT_NOT_SUPPORTED(cnrtDeviceSetMemPool, int, cnrtMemPool_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemAllocFromPoolAsync, void**, size_t,
                         cnrtMemPool_t, cnrtQueue_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemPoolCreate, cnrtMemPool_t*,
                         const cnrtMemPoolProps_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemPoolDestroy, cnrtMemPool_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemPoolGetAccess, cnrtMemoryAccessFlags_t*,
                         cnrtMemPool_t, cnrtMemLocation_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemPoolGetAttribute, cnrtMemPool_t,
                         cnrtMemPoolAttr_t, void*)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemPoolSetAttribute, cnrtMemPool_t,
                         cnrtMemPoolAttr_t, void*)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemPoolTrimTo, cnrtMemPool_t, size_t)

// Launches by host symbol and __mlu_device__ symbols.
XBANG_CNRT_NOT_SUPPORTED(cnrtInvokeKernel, const void*, cnrtDim3_t,
                         cnrtFunctionType_t, void**, size_t, cnrtQueue_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtGetSymbolAddress, void**, const void*)
XBANG_CNRT_NOT_SUPPORTED(cnrtGetSymbolSize, size_t*, const void*)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemcpyFromSymbol, void*, const void*, size_t,
                         size_t, cnrtMemTransDir_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemcpyToSymbol, const void*, const void*, size_t,
                         size_t, cnrtMemTransDir_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemcpyFromSymbolAsync, void*, const void*, size_t,
                         size_t, cnrtMemTransDir_t, cnrtQueue_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemcpyFromSymbolAsync_V2, void*, const void*,
                         size_t, size_t, cnrtMemTransDir_t, cnrtQueue_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemcpyToSymbolAsync, const void*, const void*,
                         size_t, size_t, cnrtMemTransDir_t, cnrtQueue_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtMemcpyToSymbolAsync_V2, const void*, const void*,
                         size_t, size_t, cnrtMemTransDir_t, cnrtQueue_t)

// Queue access policies and capture.
XBANG_CNRT_NOT_SUPPORTED(cnrtQueueSetAttribute, cnrtQueue_t, cnrtQueueAttrID_t,
                         const cnrtQueueAttrValue_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtQueueGetAttribute, cnrtQueue_t, cnrtQueueAttrID_t,
                         cnrtQueueAttrValue_t*)

// Data conversion.
XBANG_CNRT_NOT_SUPPORTED(cnrtCreateQuantizedParamByChannel,
                         cnrtQuantizedParam_t*, int*, float*, float*, int, int*,
                         int)
XBANG_CNRT_NOT_SUPPORTED(cnrtFilterReshape, void*, void*, int, int, int, int,
                         cnrtDataType_t)

// TaskTopo graphs and their user objects.
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoClone, cnrtTaskTopo_t*, cnrtTaskTopo_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoNodeFindInClone, cnrtTaskTopoNode_t*,
                         cnrtTaskTopoNode_t, cnrtTaskTopo_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoDestroyNode, cnrtTaskTopoNode_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoGetEdges, cnrtTaskTopo_t,
                         cnrtTaskTopoNode_t*, cnrtTaskTopoNode_t*, size_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoAddDependencies, cnrtTaskTopo_t,
                         const cnrtTaskTopoNode_t*, const cnrtTaskTopoNode_t*,
                         size_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoRemoveDependencies, cnrtTaskTopo_t,
                         const cnrtTaskTopoNode_t*, const cnrtTaskTopoNode_t*,
                         size_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoNodeGetDependencies, cnrtTaskTopoNode_t,
                         cnrtTaskTopoNode_t*, size_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoNodeGetDependentNodes, cnrtTaskTopoNode_t,
                         cnrtTaskTopoNode_t*, size_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtUserObjectCreate, cnrtUserObject_t*, void*,
                         cnrtHostFn_t, unsigned int, unsigned int)
XBANG_CNRT_NOT_SUPPORTED(cnrtUserObjectAcquire, cnrtUserObject_t, unsigned int)
XBANG_CNRT_NOT_SUPPORTED(cnrtUserObjectRelease, cnrtUserObject_t, unsigned int)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoAcquireUserObject, cnrtTaskTopo_t,
                         cnrtUserObject_t, unsigned int, unsigned int)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoReleaseUserObject, cnrtTaskTopo_t,
                         cnrtUserObject_t, unsigned int)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoHostNodeGetParams, cnrtTaskTopoNode_t,
                         cnrtHostNodeParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoHostNodeSetParams, cnrtTaskTopoNode_t,
                         const cnrtHostNodeParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoAddKernelNode, cnrtTaskTopoNode_t*,
                         cnrtTaskTopo_t, const cnrtTaskTopoNode_t*, size_t,
                         const cnrtKernelNodeParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoKernelNodeGetParams, cnrtTaskTopoNode_t,
                         cnrtKernelNodeParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoKernelNodeSetParams, cnrtTaskTopoNode_t,
                         const cnrtKernelNodeParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoAddMemcpyNode, cnrtTaskTopoNode_t*,
                         cnrtTaskTopo_t, const cnrtTaskTopoNode_t*, size_t,
                         const cnrtMemcpy3dParam_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoMemcpyNodeGetParams, cnrtTaskTopoNode_t,
                         cnrtMemcpy3dParam_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoMemcpyNodeSetParams, cnrtTaskTopoNode_t,
                         const cnrtMemcpy3dParam_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoAddMemsetNode, cnrtTaskTopoNode_t*,
                         cnrtTaskTopo_t, const cnrtTaskTopoNode_t*, size_t,
                         const cnrtMemsetParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoMemsetNodeGetParams, cnrtTaskTopoNode_t,
                         cnrtMemsetParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoMemsetNodeSetParams, cnrtTaskTopoNode_t,
                         const cnrtMemsetParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoAddChildTopoNode, cnrtTaskTopoNode_t*,
                         cnrtTaskTopo_t, const cnrtTaskTopoNode_t*, size_t,
                         cnrtTaskTopo_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoChildTopoNodeGetTopo, cnrtTaskTopoNode_t,
                         cnrtTaskTopo_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoAddNotifierPlaceNode, cnrtTaskTopoNode_t*,
                         cnrtTaskTopo_t, const cnrtTaskTopoNode_t*, size_t,
                         cnrtNotifier_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoNotifierPlaceNodeGetNotifier,
                         cnrtTaskTopoNode_t, cnrtNotifier_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoNotifierPlaceNodeSetNotifier,
                         cnrtTaskTopoNode_t, cnrtNotifier_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoAddNotifierWaitNode, cnrtTaskTopoNode_t*,
                         cnrtTaskTopo_t, const cnrtTaskTopoNode_t*, size_t,
                         cnrtNotifier_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoNotifierWaitNodeGetNotifier,
                         cnrtTaskTopoNode_t, cnrtNotifier_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoNotifierWaitNodeSetNotifier,
                         cnrtTaskTopoNode_t, cnrtNotifier_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoKernelNodeGetAttribute, cnrtTaskTopoNode_t,
                         cnrtKernelNodeAttr_t, cnrtKernelNodeAttrValue_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoKernelNodeSetAttribute, cnrtTaskTopoNode_t,
                         cnrtKernelNodeAttr_t, const cnrtKernelNodeAttrValue_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoKernelNodeCopyAttributes,
                         cnrtTaskTopoNode_t, cnrtTaskTopoNode_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoEntityHostNodeSetParams,
                         cnrtTaskTopoEntity_t, cnrtTaskTopoNode_t,
                         const cnrtHostNodeParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoEntityKernelNodeSetParams,
                         cnrtTaskTopoEntity_t, cnrtTaskTopoNode_t,
                         const cnrtKernelNodeParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoEntityMemcpyNodeSetParams,
                         cnrtTaskTopoEntity_t, cnrtTaskTopoNode_t,
                         const cnrtMemcpy3dParam_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoEntityMemsetNodeSetParams,
                         cnrtTaskTopoEntity_t, cnrtTaskTopoNode_t,
                         const cnrtMemsetParams_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoEntityChildTopoNodeSetParams,
                         cnrtTaskTopoEntity_t, cnrtTaskTopoNode_t,
                         cnrtTaskTopo_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoEntityNotifierPlaceNodeSetNotifier,
                         cnrtTaskTopoEntity_t, cnrtTaskTopoNode_t,
                         cnrtNotifier_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoEntityNotifierWaitNodeSetNotifier,
                         cnrtTaskTopoEntity_t, cnrtTaskTopoNode_t,
                         cnrtNotifier_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoEntityUpdate, cnrtTaskTopoEntity_t,
                         cnrtTaskTopo_t, cnrtTaskTopoNode_t*,
                         cnrtTaskTopoEntityUpdateResult_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtTaskTopoUpload, cnrtTaskTopoEntity_t, cnrtQueue_t)

// CNRT 5 offline models: Cambricon's compiled model format, which the
// emulated device cannot run.
XBANG_CNRT_NOT_SUPPORTED(cnrtLoadModel, cnrtModel_t*, const char*)
XBANG_CNRT_NOT_SUPPORTED(cnrtLoadModelFromMem, cnrtModel_t*, char*)
XBANG_CNRT_NOT_SUPPORTED(cnrtUnloadModel, cnrtModel_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtCreateFunction, cnrtFunction_t*)
XBANG_CNRT_NOT_SUPPORTED(cnrtDestroyFunction, cnrtFunction_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtExtractFunction, cnrtFunction_t*, cnrtModel_t,
                         const char*)
XBANG_CNRT_NOT_SUPPORTED(cnrtGetInputDataSize, int64_t**, int*, cnrtFunction_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtGetOutputDataSize, int64_t**, int*, cnrtFunction_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtGetInputDataType, cnrtDataType_t**, int*,
                         cnrtFunction_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtGetOutputDataType, cnrtDataType_t**, int*,
                         cnrtFunction_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtGetInputDataShape, int**, int*, int,
                         cnrtFunction_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtGetOutputDataShape, int**, int*, int,
                         cnrtFunction_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtInferFunctionOutputShape, cnrtFunction_t, int,
                         cnrtParamDescArray_t, int, cnrtParamDescArray_t)
XBANG_CNRT_NOT_SUPPORTED(cnrtCreateRuntimeContext, cnrtRuntimeContext_t*,
                         cnrtFunction_t, void*)
XBANG_CNRT_NOT_SUPPORTED(cnrtSetRuntimeContextDeviceId, cnrtRuntimeContext_t,
                         int)
XBANG_CNRT_NOT_SUPPORTED(cnrtInitRuntimeContext, cnrtRuntimeContext_t, void*)
XBANG_CNRT_NOT_SUPPORTED(cnrtInvokeRuntimeContext_V2, cnrtRuntimeContext_t,
                         cnrtParamDesc_t*, void**, cnrtQueue_t, void*)
XBANG_CNRT_NOT_SUPPORTED(cnrtDestroyRuntimeContext, cnrtRuntimeContext_t)

}  // extern "C"
