// Which code a launch runs (launch.h): the launching translation unit's when
// it was built for the device's architecture, else the fat binary's variant
// for it, else none (cnrtErrorNoKernel, as the driver answers a binary with
// no code for the card).
//
// A launch site is known by its closure type's name and size, which are the
// same in every variant of one kernel file: the variants are the same source
// compiled once per architecture. Variant images are shared objects that
// cncc embeds in a fat object; one is loaded, privately and once, the first
// time a launch on its architecture finds no code of its own.
#include "variants.h"

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

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
#include "xbang/runtime/variant_image.h"

namespace xbang {
namespace detail {
namespace {

struct Site {
  int arch;
  SiteInvoker invoke;
};

struct Image {
  int arch;
  std::string source;
  const unsigned char* data;
  size_t bytes;
  bool loaded = false;
};

struct Registry {
  std::mutex mutex;
  // By closure type name and size: the site's code per architecture.
  std::map<std::pair<std::string, size_t>, std::vector<Site>> sites;
  std::vector<Image> images;
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

// The shared object in `image` loaded from an anonymous file; its symbols
// stay private to it (they bind to its own definitions at link time).
bool load_image(const Image& image) {
  const int fd = memfd_create("xbang-variant", MFD_CLOEXEC);
  if (fd < 0) return false;
  size_t written = 0;
  while (written < image.bytes) {
    const ssize_t n = write(fd, image.data + written, image.bytes - written);
    if (n <= 0) break;
    written += size_t(n);
  }
  bool ok = false;
  if (written == image.bytes) {
    const std::string path = "/proc/self/fd/" + std::to_string(fd);
    ok = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL) != nullptr;
    if (!ok) {
      std::fprintf(stderr,
                   "[xbang] the mtp_%d variant of %s does not load: %s\n",
                   image.arch, image.source.c_str(), dlerror());
    }
  }
  close(fd);
  return ok;
}

// Loads every image of `arch` (0: of every architecture) not loaded yet;
// true when one loaded. The images' own launch sites register while they
// load, outside the lock.
bool load_images(int arch) {
  Registry& r = registry();
  std::vector<Image> pending;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    for (Image& image : r.images) {
      if ((arch == 0 || image.arch == arch) && !image.loaded) {
        image.loaded = true;
        pending.push_back(image);
      }
    }
  }
  bool any = false;
  for (const Image& image : pending) any = load_image(image) || any;
  return any;
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
  for (const Image& image : r.images) archs.insert(image.arch);
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

void register_variant_image(int arch, const char* source,
                            const unsigned char* image, size_t bytes) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.images.push_back({arch, source != nullptr ? source : "?", image, bytes});
}

void unregister_variant_image(const unsigned char* image) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.images.erase(
      std::remove_if(r.images.begin(), r.images.end(),
                     [&](const Image& i) { return i.data == image; }),
      r.images.end());
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
    SiteInvoker invoke = find_site(key, closure_bytes, profile.arch);
    if (invoke == nullptr && load_images(profile.arch)) {
      invoke = find_site(key, closure_bytes, profile.arch);
    }
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
  // The message names every architecture the site was built for: the
  // variants not loaded yet say theirs once loaded.
  if (key != nullptr) load_images(0);
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
