// Which code a launch runs (launch.h): the launching translation unit's when
// it was built for the device's architecture, else the fat binary's variant
// for it, else none (cnrtErrorNoKernel, as the driver answers a binary with
// no code for the card).
//
// A launch site is known by its closure type's name and size, which are the
// same in every variant of one kernel file: the variants are the same source
// compiled once per architecture, linked into the same module (docs/cncc.md),
// and each registers its sites when the module loads.
#include "variants.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "device_api.h"
#include "runtime_internal.h"
#include "xbang/runtime/launch.h"

namespace xbang {
namespace detail {
namespace {

struct Site {
  int arch;
  SiteInvoker invoke;
};

struct Registry {
  std::mutex mutex;
  // By closure type name and size: the site's code per architecture.
  std::map<std::pair<std::string, size_t>, std::vector<Site>> sites;
};

Registry& registry() {
  // Never destroyed: modules unregister from their destructors at exit.
  static Registry* const r = new Registry;
  return *r;
}

SiteInvoker find_site(const char* key, size_t bytes, int arch) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const auto it = r.sites.find({key, bytes});
  if (it == r.sites.end()) return nullptr;
  for (const Site& s : it->second) {
    if (s.arch == arch) return s.invoke;
  }
  return nullptr;
}

// "mtp_372, mtp_592": what the site (or, with no key, its own unit) was
// built for.
std::string built_for(const char* key, size_t bytes, int arch) {
  std::set<int> archs{arch};
  if (key != nullptr) {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    const auto it = r.sites.find({key, bytes});
    if (it != r.sites.end()) {
      for (const Site& s : it->second) archs.insert(s.arch);
    }
  }
  std::string text;
  for (const int a : archs) {
    if (!text.empty()) text += ", ";
    text += "mtp_" + std::to_string(a);
  }
  return text;
}

}  // namespace

std::vector<int> loaded_kernel_archs() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::set<int> archs;
  for (const auto& entry : r.sites) {
    for (const Site& s : entry.second) archs.insert(s.arch);
  }
  return {archs.begin(), archs.end()};
}

void register_launch_site(const char* key, size_t closure_bytes, int arch,
                          SiteInvoker invoke) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.sites[{key, closure_bytes}].push_back({arch, invoke});
}

void unregister_launch_site(const char* key, size_t closure_bytes, int arch,
                            SiteInvoker invoke) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const auto it = r.sites.find({key, closure_bytes});
  if (it == r.sites.end()) return;
  auto& list = it->second;
  list.erase(std::remove_if(list.begin(), list.end(),
                            [&](const Site& s) {
                              return s.arch == arch && s.invoke == invoke;
                            }),
             list.end());
  if (list.empty()) r.sites.erase(it);
}

cnrtRet_t launch_site(int arch, const char* key, size_t closure_bytes,
                      const void* closure, cnrtDim3_t dim,
                      cnrtFunctionType_t type, cnrtQueue_t queue,
                      std::function<void()> body, const char* kernel_name) {
  const std::string name = kernel_name != nullptr ? kernel_name : "<kernel>";
  const int device = current_device();
  const ArchProfile& profile = device_profile(device);
  if (profile.arch == arch) {
    return run_launch(profile, dim, type, queue, std::move(body), name);
  }
  if (key != nullptr) {
    const SiteInvoker invoke = find_site(key, closure_bytes, profile.arch);
    if (invoke != nullptr) {
      // The variant runs from the site's closure, which lives only during
      // this call: a capture could not replay it.
      if (queue_capturing(queue)) {
        return refuse_launch(name,
                             "a kernel variant for another architecture "
                             "cannot be captured "
                             "(cnrtErrorQueueCaptureUnsupported)",
                             cnrtErrorQueueCaptureUnsupported);
      }
      return run_launch(
          profile, dim, type, queue, [invoke, closure] { invoke(closure); },
          name);
    }
  }
  // The message names every architecture the site was built for.
  return refuse_launch(
      name,
      "no code for the device's architecture (cnrtErrorNoKernel): the kernel "
      "was built for " +
          built_for(key, closure_bytes, arch) + "; device " +
          std::to_string(device) + " is " + profile.device_name + " (mtp_" +
          std::to_string(profile.arch) + ")",
      cnrtErrorNoKernel);
}

}  // namespace detail
}  // namespace xbang
