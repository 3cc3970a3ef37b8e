#include "sram.h"

#include <condition_variable>
#include <cstring>

#include "runtime_internal.h"
#include "thread_pool.h"

namespace xbang {
namespace detail {
namespace {

// Never destroyed: the last core of a launch releases the SRAM after the
// host has seen the launch end, possibly while the process exits.
std::mutex& owner_mutex = *new std::mutex;
std::condition_variable& owner_cv = *new std::condition_variable;
bool owned = false;

// A cluster's SRAM: every module's xbang_sram section, one after another.
void save_sram(const ModuleList& modules, std::vector<char>& image) {
  image.clear();
  for (const auto& module : modules) {
    const ModuleSections& s = module->sections;
    image.insert(image.end(), s.sram_begin, s.sram_end);
  }
}

// An empty image: the cluster has not run yet, its SRAM holds what the
// section holds.
void load_sram(const ModuleList& modules, const std::vector<char>& image) {
  if (image.empty()) return;
  size_t at = 0;
  for (const auto& module : modules) {
    const ModuleSections& s = module->sections;
    const size_t bytes = size_t(s.sram_end - s.sram_begin);
    std::memcpy(s.sram_begin, image.data() + at, bytes);
    at += bytes;
  }
}

// Once the active cluster has no running core and none ready, save its SRAM
// and switch in the next cluster of the group that has work.
void maybe_switch_cluster(SyncGroup& group) {
  const int current = group.active_cluster - group.first_cluster;
  if (group.live[current] > 0) return;
  // No core of the active cluster runs: its SRAM is still.
  if (XBANG_CHECKED) check_sram_padding(*group.modules, "cluster idle");
  if (group.ready[current] > 0) return;
  for (int step = 1; step <= group.clusters; ++step) {
    const int next = (current + step) % group.clusters;
    if (group.ready[next] == 0) continue;
    if (next != current) {
      save_sram(*group.modules, group.sram_images[current]);
      load_sram(*group.modules, group.sram_images[next]);
      group.active_cluster = group.first_cluster + next;
      group.cv.notify_all();
    }
    return;
  }
}

}  // namespace

void acquire_sram() {
  std::unique_lock<std::mutex> lock(owner_mutex);
  owner_cv.wait(lock, [] { return !owned; });
  owned = true;
}

void release_sram() {
  {
    std::lock_guard<std::mutex> lock(owner_mutex);
    owned = false;
  }
  owner_cv.notify_one();
}

void sram_wait_to_start(SyncGroup& group, const CoreSpec& spec,
                        std::unique_lock<std::mutex>& lock) {
  if (group.active_cluster != spec.cluster) {
    lock.unlock();
    pool().permits().release();
    lock.lock();
    group.cv.wait(lock, [&] { return group.active_cluster == spec.cluster; });
    lock.unlock();
    pool().permits().acquire();
    lock.lock();
  }
  const int c = spec.cluster - group.first_cluster;
  --group.ready[c];
  ++group.live[c];
}

void sram_park(SyncGroup& group, const CoreSpec& spec) {
  const int c = spec.cluster - group.first_cluster;
  --group.live[c];
  ++group.parked[c];
  maybe_switch_cluster(group);
}

void sram_unpark_all(SyncGroup& group) {
  for (int c = 0; c < group.clusters; ++c) {
    group.ready[c] += group.parked[c];
    group.parked[c] = 0;
  }
}

void sram_resume(SyncGroup& group, const CoreSpec& spec) {
  const int c = spec.cluster - group.first_cluster;
  --group.ready[c];
  ++group.live[c];
}

void sram_core_finished(SyncGroup& group, const CoreSpec& spec) {
  --group.live[spec.cluster - group.first_cluster];
  maybe_switch_cluster(group);
}

}  // namespace detail
}  // namespace xbang
