// The emulated devices and their profiles, chosen once per process at the
// first question about them (docs/environment.md, XBANG_DEVICE):
// - XBANG_DEVICE names them: a comma-separated list of MLU290, MLU370,
//   MLU590 (or mtp_NNN, NNN), one device each, ordinals in list order;
// - else one device: of the one architecture every loaded launch site and
//   fat-binary variant was built for; when they span several, MLU370 if one
//   of them is 372, else the lowest; with no kernel loaded, MLU370.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include "device_api.h"
#include "environment.h"
#include "variants.h"

namespace xbang {
namespace detail {
namespace {

std::string upper(std::string text) {
  for (char& c : text) c = char(std::toupper((unsigned char)c));
  return text;
}

// The profile one XBANG_DEVICE entry names, or null.
const ArchProfile* profile_named(const std::string& entry) {
  const std::string name = upper(entry);
  for (const ArchProfile& p : kArchProfiles) {
    const std::string arch = std::to_string(p.arch);
    if (name == p.device_name || name == arch || name == "MTP_" + arch) {
      return &p;
    }
  }
  return nullptr;
}

std::string known_names() {
  std::string names;
  for (const ArchProfile& p : kArchProfiles) {
    if (!names.empty()) names += ", ";
    names += p.device_name;
  }
  return names;
}

const ArchProfile& default_profile() {
  const std::vector<int> archs = loaded_kernel_archs();
  int chosen = kDefaultDeviceArch;
  if (archs.size() == 1) {
    chosen = archs.front();
  } else if (!archs.empty() && std::find(archs.begin(), archs.end(),
                                         kDefaultDeviceArch) == archs.end()) {
    chosen = *std::min_element(archs.begin(), archs.end());
  }
  const ArchProfile* p = find_arch_profile(chosen);
  return p != nullptr ? *p : *find_arch_profile(kDefaultDeviceArch);
}

std::vector<const ArchProfile*> choose_devices() {
  const std::string setting = environment::text("XBANG_DEVICE", "");
  std::vector<const ArchProfile*> devices;
  if (!setting.empty()) {
    size_t start = 0;
    for (;;) {
      const size_t comma = setting.find(',', start);
      const std::string entry =
          setting.substr(start, comma == std::string::npos ? std::string::npos
                                                           : comma - start);
      const ArchProfile* p = profile_named(entry);
      if (p == nullptr) {
        devices.clear();
        break;
      }
      devices.push_back(p);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (devices.empty()) {
      environment::report(environment::bad_value_line(
          "XBANG_DEVICE", setting.c_str(),
          "a comma-separated list of " + known_names(),
          "the architecture of the loaded kernels"));
    }
  }
  if (devices.empty()) devices.push_back(&default_profile());
  return devices;
}

const std::vector<const ArchProfile*>& devices() {
  static const std::vector<const ArchProfile*> chosen = choose_devices();
  return chosen;
}

thread_local int this_thread_device = 0;

}  // namespace

int device_count() { return int(devices().size()); }

bool valid_device(int device) { return device >= 0 && device < device_count(); }

const ArchProfile& device_profile(int device) {
  const auto& all = devices();
  return *all[valid_device(device) ? size_t(device) : 0];
}

int current_device() { return this_thread_device; }

void set_current_device(int device) {
  if (valid_device(device)) this_thread_device = device;
}

}  // namespace detail
}  // namespace xbang
