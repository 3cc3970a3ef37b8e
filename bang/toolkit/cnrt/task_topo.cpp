// Queue capture and task topologies. A capture records the work enqueued
// on a created queue (the device's capture_work); cnrtQueueEndCapture turns
// it into a topology whose nodes form a chain in enqueue order. Topologies
// can also be built from empty and host nodes with explicit dependencies.
// Instantiating orders the nodes (each after its dependencies) into an
// entity, which replays them on any live queue.
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "handle_registry.h"
#include "toolkit_internal.h"

struct CNtaskTopoNode_st {
  cnrtTaskTopo_t topo;
  xbang::detail::CapturedWork work;
  std::vector<cnrtTaskTopoNode_t> dependencies;
};

struct CNtaskTopo_st {
  std::vector<cnrtTaskTopoNode_t> nodes;  // in the order they were added
};

struct CNtaskTopoEntity_st {
  std::vector<xbang::detail::CapturedWork> ordered;
};

namespace xbang {
namespace detail {
namespace {

// Never destroyed: calls made while the process exits find them intact.
HandleRegistry<CNtaskTopo_st>& topos() {
  static auto* registry = new HandleRegistry<CNtaskTopo_st>;
  return *registry;
}
HandleRegistry<CNtaskTopoNode_st>& nodes() {
  static auto* registry = new HandleRegistry<CNtaskTopoNode_st>;
  return *registry;
}
HandleRegistry<CNtaskTopoEntity_st>& entities() {
  static auto* registry = new HandleRegistry<CNtaskTopoEntity_st>;
  return *registry;
}

cnrtRet_t check_created_queue(const char* api, cnrtQueue_t queue) {
  if (!queue_is_live(queue)) {
    return cnrt_fail(api, cnrtErrorInvalidResourceHandle, "not a live queue");
  }
  return cnrtSuccess;
}

cnrtRet_t dead_topo(const char* api) {
  return cnrt_fail(api, cnrtErrorInvalidResourceHandle,
                   "the task topology was not created or is destroyed");
}

// Adds a node to a live topology; its dependencies must be its nodes.
cnrtRet_t add_node(const char* api, cnrtTaskTopoNode_t* pNode,
                   cnrtTaskTopo_t topo, const cnrtTaskTopoNode_t* deps,
                   size_t num_deps, CapturedWork work) {
  if (pNode == nullptr) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "pNode is NULL");
  }
  if (deps == nullptr && num_deps != 0) {
    return cnrt_fail(api, cnrtErrorArgsInvalid,
                     "dependencies is NULL with numDependencies > 0");
  }
  const std::vector<cnrtTaskTopoNode_t> dependencies(deps, deps + num_deps);
  cnrtRet_t ret = cnrtSuccess;
  const bool live = topos().with(topo, [&](CNtaskTopo_st& t) {
    const std::set<cnrtTaskTopoNode_t> own(t.nodes.begin(), t.nodes.end());
    for (cnrtTaskTopoNode_t d : dependencies) {
      if (own.count(d) == 0) {
        ret = cnrt_fail(api, cnrtErrorArgsInvalid,
                        "a dependency is not a node of this task topology");
        return;
      }
    }
    cnrtTaskTopoNode_t node =
        nodes().create(topo, std::move(work), dependencies);
    t.nodes.push_back(node);
    *pNode = node;
  });
  return live ? ret : dead_topo(api);
}

// Reports `all` (or the root nodes among them) through CNRT's two-call
// pattern: with `out` NULL the count, else up to *count handles (NULL past
// the last) and the real count.
cnrtRet_t list_nodes(const char* api, cnrtTaskTopo_t topo,
                     cnrtTaskTopoNode_t* out, size_t* count, bool roots) {
  if (count == nullptr) {
    return cnrt_fail(api, cnrtErrorArgsInvalid, "numNodes is NULL");
  }
  std::vector<cnrtTaskTopoNode_t> listed;
  const bool live = topos().with(topo, [&](CNtaskTopo_st& t) {
    for (cnrtTaskTopoNode_t n : t.nodes) {
      if (!roots || n->dependencies.empty()) listed.push_back(n);
    }
  });
  if (!live) return dead_topo(api);
  if (out != nullptr) {
    for (size_t i = 0; i < *count; ++i) {
      out[i] = i < listed.size() ? listed[i] : nullptr;
    }
  }
  *count = listed.size();
  return cnrtSuccess;
}

// Node kinds a topology built here can hold, as DOT labels.
const char* node_type_name(int type) {
  static const char* const names[] = {
      "Empty",  "Kernel",   "Host",          "Memcpy",
      "Memset", "TaskTopo", "NotifierPlace", "NotifierWait"};
  return type >= 0 && type < 8 ? names[type] : "Unknown";
}

}  // namespace
}  // namespace detail
}  // namespace xbang

using xbang::detail::cnrt_fail;

extern "C" {

cnrtRet_t cnrtQueueBeginCapture(cnrtQueue_t queue,
                                enum cnrtQueueCaptureMode mode) {
  constexpr const char* kApi = "cnrtQueueBeginCapture";
  if (mode != cnrtQueueCaptureModeGlobal &&
      mode != cnrtQueueCaptureModeThreadLocal &&
      mode != cnrtQueueCaptureModeRelaxed) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "mode is not a cnrtQueueCaptureMode_t");
  }
  const cnrtRet_t ret = xbang::detail::check_created_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  if (queue == nullptr || queue == cnrtQueuePerThread ||
      queue == cnrtQueueLegacy) {
    return cnrt_fail(kApi, cnrtErrorQueueCaptureUnsupported,
                     "the default queues cannot capture");
  }
  if (!xbang::detail::begin_capture(queue)) {
    return cnrt_fail(kApi, cnrtErrorIllegalState,
                     "the queue is already capturing");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtQueueEndCapture(cnrtQueue_t queue, cnrtTaskTopo_t* pTaskTopo) {
  constexpr const char* kApi = "cnrtQueueEndCapture";
  if (pTaskTopo == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "pTaskTopo is NULL");
  }
  const cnrtRet_t ret = xbang::detail::check_created_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  std::vector<xbang::detail::CapturedWork> work;
  if (!xbang::detail::end_capture(queue, &work)) {
    *pTaskTopo = nullptr;
    return cnrt_fail(kApi, cnrtErrorIllegalState, "the queue is not capturing");
  }
  cnrtTaskTopo_t topo = xbang::detail::topos().create();
  cnrtTaskTopoNode_t previous = nullptr;
  for (auto& w : work) {
    cnrtTaskTopoNode_t node;
    xbang::detail::add_node(kApi, &node, topo, &previous, previous ? 1 : 0,
                            std::move(w));
    previous = node;
  }
  *pTaskTopo = topo;
  return cnrtSuccess;
}

cnrtRet_t cnrtQueueIsCapturing(cnrtQueue_t queue,
                               enum cnrtQueueCaptureStatus* pStatus) {
  constexpr const char* kApi = "cnrtQueueIsCapturing";
  if (pStatus == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "pStatus is NULL");
  }
  const cnrtRet_t ret = xbang::detail::check_created_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  *pStatus = xbang::detail::queue_capturing(queue)
                 ? cnrtQueueCaptureStatusActive
                 : cnrtQueueCaptureStatusNone;
  return cnrtSuccess;
}

// The topology of a running capture exists from cnrtQueueEndCapture on, so
// pTaskTopo is NULL and the dependency set empty: the captured work runs in
// the order it was enqueued.
cnrtRet_t cnrtQueueGetCaptureInfo(cnrtQueue_t queue,
                                  enum cnrtQueueCaptureStatus* pStatus,
                                  uint64_t* idOut, cnrtTaskTopo_t* pTaskTopo,
                                  const cnrtTaskTopoNode_t** pDependenciesOut,
                                  size_t* pNumDependencies) {
  constexpr const char* kApi = "cnrtQueueGetCaptureInfo";
  if (pStatus == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "pStatus is NULL");
  }
  const cnrtRet_t ret = xbang::detail::check_created_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  const uint64_t id = xbang::detail::capture_id(queue);
  *pStatus =
      id != 0 ? cnrtQueueCaptureStatusActive : cnrtQueueCaptureStatusNone;
  if (idOut != nullptr) *idOut = id;
  if (pTaskTopo != nullptr) *pTaskTopo = nullptr;
  if (pDependenciesOut != nullptr) *pDependenciesOut = nullptr;
  if (pNumDependencies != nullptr) *pNumDependencies = 0;
  return cnrtSuccess;
}

// Captured work already runs after everything enqueued before it, which
// satisfies any dependency set.
cnrtRet_t cnrtQueueUpdateCaptureDependencies(cnrtQueue_t queue,
                                             cnrtTaskTopoNode_t* dependencies,
                                             size_t numDependencies,
                                             unsigned int flags) {
  constexpr const char* kApi = "cnrtQueueUpdateCaptureDependencies";
  if (flags != cnrtQueueAddCaptureDependencies &&
      flags != cnrtQueueSetCaptureDependencies) {
    return cnrt_fail(
        kApi, cnrtErrorArgsInvalid,
        "flags is not a cnrtUpdateQueueCaptureDependenciesFlags_t");
  }
  if (dependencies == nullptr && numDependencies != 0) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "dependencies is NULL with numDependencies > 0");
  }
  const cnrtRet_t ret = xbang::detail::check_created_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  if (!xbang::detail::queue_capturing(queue)) {
    return cnrt_fail(kApi, cnrtErrorIllegalState, "the queue is not capturing");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtTaskTopoCreate(cnrtTaskTopo_t* pTaskTopo, unsigned int flags) {
  constexpr const char* kApi = "cnrtTaskTopoCreate";
  if (pTaskTopo == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "pTaskTopo is NULL");
  }
  if (flags != 0)
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "flags must be 0");
  *pTaskTopo = xbang::detail::topos().create();
  return cnrtSuccess;
}

cnrtRet_t cnrtTaskTopoDestroy(cnrtTaskTopo_t taskTopo) {
  std::vector<cnrtTaskTopoNode_t> owned;
  if (!xbang::detail::topos().with(
          taskTopo, [&](CNtaskTopo_st& t) { owned.swap(t.nodes); }) ||
      !xbang::detail::topos().destroy(taskTopo)) {
    return xbang::detail::dead_topo("cnrtTaskTopoDestroy");
  }
  for (cnrtTaskTopoNode_t n : owned) xbang::detail::nodes().destroy(n);
  return cnrtSuccess;
}

cnrtRet_t cnrtTaskTopoGetNodes(cnrtTaskTopo_t taskTopo,
                               cnrtTaskTopoNode_t* pNode, size_t* numNodes) {
  return xbang::detail::list_nodes("cnrtTaskTopoGetNodes", taskTopo, pNode,
                                   numNodes, false);
}

cnrtRet_t cnrtTaskTopoGetRootNodes(cnrtTaskTopo_t taskTopo,
                                   cnrtTaskTopoNode_t* pRootNode,
                                   size_t* pNumRootNodes) {
  return xbang::detail::list_nodes("cnrtTaskTopoGetRootNodes", taskTopo,
                                   pRootNode, pNumRootNodes, true);
}

cnrtRet_t cnrtTaskTopoNodeGetType(cnrtTaskTopoNode_t node,
                                  cnrtTaskTopoNodeType_t* pType) {
  constexpr const char* kApi = "cnrtTaskTopoNodeGetType";
  if (pType == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "pType is NULL");
  }
  if (!xbang::detail::nodes().with(node, [&](CNtaskTopoNode_st& n) {
        *pType = static_cast<cnrtTaskTopoNodeType_t>(n.work.type);
      })) {
    return cnrt_fail(kApi, cnrtErrorInvalidResourceHandle,
                     "not a node of a live task topology");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtTaskTopoAddEmptyNode(cnrtTaskTopoNode_t* pNode,
                                   cnrtTaskTopo_t taskTopo,
                                   const cnrtTaskTopoNode_t* dependencies,
                                   size_t numDependencies) {
  return xbang::detail::add_node("cnrtTaskTopoAddEmptyNode", pNode, taskTopo,
                                 dependencies, numDependencies,
                                 {cnrtTaskTopoNodeTypeEmpty, "empty",
                                  [](cnrtQueue_t) { return cnrtSuccess; }});
}

cnrtRet_t cnrtTaskTopoAddHostNode(cnrtTaskTopoNode_t* pNode,
                                  cnrtTaskTopo_t taskTopo,
                                  const cnrtTaskTopoNode_t* dependencies,
                                  size_t numDependencies,
                                  const cnrtHostNodeParams_t* nodeParams) {
  constexpr const char* kApi = "cnrtTaskTopoAddHostNode";
  if (nodeParams == nullptr || nodeParams->fn == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid,
                     "nodeParams or its fn is NULL");
  }
  const cnrtHostNodeParams_t params = *nodeParams;
  return xbang::detail::add_node(
      kApi, pNode, taskTopo, dependencies, numDependencies,
      {cnrtTaskTopoNodeTypeHost, "host function", [params](cnrtQueue_t) {
         params.fn(params.userData);
         return cnrtSuccess;
       }});
}

cnrtRet_t cnrtTaskTopoInstantiate(cnrtTaskTopoEntity_t* entity,
                                  cnrtTaskTopo_t taskTopo,
                                  cnrtTaskTopoNode_t* pErrorNode,
                                  char* logBuffer, size_t bufferSize) {
  constexpr const char* kApi = "cnrtTaskTopoInstantiate";
  if (entity == nullptr) {
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "entity is NULL");
  }
  if (pErrorNode != nullptr) *pErrorNode = nullptr;
  if (logBuffer != nullptr && bufferSize > 0) logBuffer[0] = '\0';
  std::vector<xbang::detail::CapturedWork> ordered;
  const bool live =
      xbang::detail::topos().with(taskTopo, [&](CNtaskTopo_st& t) {
        // Dependencies always name earlier nodes (a node is added after them),
        // so the order of addition already puts each node after its own.
        for (cnrtTaskTopoNode_t n : t.nodes) ordered.push_back(n->work);
      });
  if (!live) return xbang::detail::dead_topo(kApi);
  *entity = xbang::detail::entities().create(std::move(ordered));
  return cnrtSuccess;
}

cnrtRet_t cnrtTaskTopoEntityDestroy(cnrtTaskTopoEntity_t entity) {
  if (!xbang::detail::entities().destroy(entity)) {
    return cnrt_fail("cnrtTaskTopoEntityDestroy",
                     cnrtErrorInvalidResourceHandle,
                     "the entity was not instantiated or is destroyed");
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtTaskTopoEntityInvoke(cnrtTaskTopoEntity_t entity,
                                   cnrtQueue_t queue) {
  constexpr const char* kApi = "cnrtTaskTopoEntityInvoke";
  const cnrtRet_t ret = xbang::detail::check_created_queue(kApi, queue);
  if (ret != cnrtSuccess) return ret;
  std::vector<xbang::detail::CapturedWork> ordered;
  if (!xbang::detail::entities().with(
          entity, [&](CNtaskTopoEntity_st& e) { ordered = e.ordered; })) {
    return cnrt_fail(kApi, cnrtErrorInvalidResourceHandle,
                     "the entity was not instantiated or is destroyed");
  }
  // Each node runs on `queue` (or joins its capture), after the ones before.
  for (auto& work : ordered) {
    auto run = work.run;
    if (xbang::detail::capture_work(queue, std::move(work))) continue;
    const cnrtRet_t result = run(queue);
    if (result != cnrtSuccess) return result;
  }
  return cnrtSuccess;
}

cnrtRet_t cnrtTaskTopoDebugDotPrint(cnrtTaskTopo_t taskTopo, const char* path,
                                    unsigned int flags) {
  constexpr const char* kApi = "cnrtTaskTopoDebugDotPrint";
  (void)flags;  // every node prints its type and the call that made it
  if (path == nullptr)
    return cnrt_fail(kApi, cnrtErrorArgsInvalid, "NULL path");
  std::string dot = "digraph cnrtTaskTopo {\n";
  const bool live =
      xbang::detail::topos().with(taskTopo, [&](CNtaskTopo_st& t) {
        for (size_t i = 0; i < t.nodes.size(); ++i) {
          const auto& w = t.nodes[i]->work;
          dot += "  n" + std::to_string(i) + " [label=\"" + std::to_string(i) +
                 ": " + xbang::detail::node_type_name(w.type) + "\\n" +
                 w.label + "\"];\n";
        }
        for (size_t i = 0; i < t.nodes.size(); ++i) {
          for (cnrtTaskTopoNode_t d : t.nodes[i]->dependencies) {
            for (size_t j = 0; j < t.nodes.size(); ++j) {
              if (t.nodes[j] == d) {
                dot += "  n" + std::to_string(j) + " -> n" + std::to_string(i) +
                       ";\n";
              }
            }
          }
        }
      });
  if (!live) return xbang::detail::dead_topo(kApi);
  dot += "}\n";
  std::FILE* f = std::fopen(path, "w");
  if (f == nullptr) {
    return cnrt_fail(kApi, cnrtErrorSys, "cannot open the path for writing");
  }
  const bool written = std::fwrite(dot.data(), 1, dot.size(), f) == dot.size();
  if (std::fclose(f) != 0 || !written) {
    return cnrt_fail(kApi, cnrtErrorSys, "writing the file failed");
  }
  return cnrtSuccess;
}

}  // extern "C"
