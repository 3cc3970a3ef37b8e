#include "sram.h"

#include <condition_variable>
#include <cstring>
#include <mutex>
#include <string>

#include "launch_state.h"
#include "runtime_internal.h"
#include "sync_group.h"
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

// Once the active cluster has no running core and none ready, save its SRAM
// and switch in the next cluster of the group that has work.
void SyncGroup::maybe_switch_cluster() {
  const int current = active_cluster_ - first_cluster_;
  if (live_[current] > 0) return;
  // No core of the active cluster runs: its SRAM is still.
  if (XBANG_CHECKED) check_sram_padding(*modules_, "cluster idle");
  if (ready_[current] > 0) return;
  for (int step = 1; step <= clusters_; ++step) {
    const int next = (current + step) % clusters_;
    if (ready_[next] == 0) continue;
    if (next != current) {
      save_sram(*modules_, sram_images_[current]);
      load_sram(*modules_, sram_images_[next]);
      active_cluster_ = first_cluster_ + next;
      cv_.notify_all();
    }
    return;
  }
}

void SyncGroup::wait_to_start(const CoreSpec& spec,
                              std::unique_lock<std::mutex>& lock) {
  if (active_cluster_ != spec.cluster) {
    lock.unlock();
    pool().permits().release();
    lock.lock();
    cv_.wait(lock, [&] { return active_cluster_ == spec.cluster; });
    lock.unlock();
    pool().permits().acquire(nullptr);
    lock.lock();
  }
  --ready_[slot(spec)];
  ++live_[slot(spec)];
}

// A core waiting at a group-wide barrier stops counting as running.
void SyncGroup::park(const CoreSpec& spec) {
  --live_[slot(spec)];
  ++parked_[slot(spec)];
  maybe_switch_cluster();
}

// A group-wide barrier completed: its parked cores may run again.
void SyncGroup::unpark_all() {
  for (int c = 0; c < clusters_; ++c) {
    ready_[c] += parked_[c];
    parked_[c] = 0;
  }
}

// A released core resumes once its cluster is active (the caller waits).
void SyncGroup::resume(const CoreSpec& spec) {
  --ready_[slot(spec)];
  ++live_[slot(spec)];
}

void SyncGroup::sram_core_finished(const CoreSpec& spec) {
  --live_[slot(spec)];
  maybe_switch_cluster();
}

std::string SyncGroup::write_cluster_sram(int cluster, void* dst,
                                          const void* src, long bytes) {
  if (cluster < first_cluster_ || cluster >= first_cluster_ + clusters_) {
    return "cluster " + std::to_string(cluster) +
           " does not run with this one (clusters " +
           std::to_string(first_cluster_) + ".." +
           std::to_string(first_cluster_ + clusters_ - 1) + ")";
  }
  if (cluster == active_cluster_) {
    std::memmove(dst, src, size_t(bytes));
    return {};
  }
  std::vector<char>& image = sram_images_[cluster - first_cluster_];
  // A cluster that has not run starts from what the section holds now, as
  // load_sram leaves it.
  if (image.empty()) save_sram(*modules_, image);
  size_t at = 0;
  const char* to = static_cast<const char*>(dst);
  for (const auto& module : *modules_) {
    const ModuleSections& s = module->sections;
    if (to >= s.sram_begin && to + bytes <= s.sram_end) {
      std::memmove(image.data() + at + size_t(to - s.sram_begin), src,
                   size_t(bytes));
      return {};
    }
    at += size_t(s.sram_end - s.sram_begin);
  }
  return "dst is not inside one module's SRAM";
}

std::string LaunchState::copy_to_cluster_sram(int index, void* dst,
                                              const void* src, long bytes,
                                              int cluster) {
  const CoreSpec spec = core_spec(index);
  if (!shape().is_union() || !serial_sram()) {
    return "the launch holds no cluster SRAM (a Block launch, or a program "
           "without __mlu_shared__ variables)";
  }
  std::unique_lock<std::mutex> lock(mutex_);
  return group_of(spec).write_cluster_sram(cluster, dst, src, bytes);
}

std::string copy_to_cluster_sram(void* dst, const void* src, long bytes,
                                 int cluster) {
  CoreContext* core = tls_core;
  if (core == nullptr) return "called outside a kernel";
  return core->launch->copy_to_cluster_sram(core->core_index, dst, src, bytes,
                                            cluster);
}

}  // namespace detail
}  // namespace xbang
