// The host threads that run emulated cores: a pool with a fixed ceiling, a
// budget of threads reserved by sync groups, and the permits that limit how
// many cores compute at once.
//
// - At most host_parallelism() cores compute at once (permits); a core
//   waiting at a barrier gives its permit back.
// - At most max_host_threads() pool threads exist. A sync group is admitted
//   only when that many threads are not reserved by other groups, so the
//   cores of every admitted group can all wait at a barrier at once; cores
//   of a Block launch never wait and need no reservation.
// - A thread idle for kIdleRelease exits; its stack is sized for a kernel
//   (the program's static TLS, where on-chip variables live, plus
//   kKernelStackBytes), not a fixed large reservation.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "launch_shape.h"

namespace xbang {
namespace detail {

class LaunchState;

// The permits: a counting semaphore that hands a released permit straight to
// the longest waiting thread, which wakes holding it. A thread another thread
// lets go on (a barrier that completed) queues for a permit without waking:
// it wakes once, with the permit, instead of waking to find none free.
class Semaphore {
 public:
  // A thread waiting for a permit: lives on its stack until wait() returns.
  class Waiter {
   public:
    // A waiter for cores of `owner` (a launch).
    explicit Waiter(const void* owner) : owner_(owner) {}
    // Returns once the waiter holds a permit.
    void wait();

   private:
    friend class Semaphore;
    void grant();
    std::mutex mutex_;
    std::condition_variable cv_;
    const void* const owner_;
    bool granted_ = false;
    Waiter* next_ = nullptr;
  };

  explicit Semaphore(int count) : count_(count) {}
  // Waits for a permit for cores of `owner`.
  void acquire(const void* owner);
  // Gives a permit back: to the longest waiting thread, whose owner it
  // returns, or to the free count (nullptr).
  const void* release();
  // Gives `waiter` a permit now if one is free, else the next one released;
  // its wait() returns once it holds it. Called by another thread.
  void grant_or_enqueue(Waiter& waiter);

 private:
  // Takes a free permit (true) or queues `waiter` for one (false).
  bool take_or_enqueue_locked(Waiter& waiter);

  std::mutex mutex_;
  int count_;
  Waiter* head_ = nullptr;  // FIFO of the waiters without a permit
  Waiter* tail_ = nullptr;
};

// Default and smallest thread ceilings. The smallest still fits the largest
// sync group (kMaxGroupCores) with room for a Block launch's helpers.
inline constexpr int kDefaultMaxHostThreads = 256;
inline constexpr int kBlockHelperThreads = 16;
inline constexpr int kMinMaxHostThreads = kMaxGroupCores + kBlockHelperThreads;
inline constexpr int kMaxMaxHostThreads = 1 << 14;
// Stack of a pool thread beyond its static TLS: what a thread gets by
// default on Linux, ample for kernel code (its on-chip arrays are TLS).
inline constexpr size_t kKernelStackBytes = size_t(8) << 20;
inline constexpr std::chrono::milliseconds kIdleRelease{2000};

class Pool {
 public:
  Pool();

  int parallelism() const { return parallelism_; }
  std::chrono::microseconds poll_budget() const { return poll_budget_; }
  Semaphore& permits() { return permits_; }

  // One more host thread to run cores of `launch` (run_cores). `must_run`:
  // the launch cannot progress without it (a barrier waits for cores not
  // started yet); otherwise a new thread is made only while the pool is
  // below its base size and none is idle.
  void request_worker(const std::shared_ptr<LaunchState>& launch,
                      bool must_run);

  // Reserves `threads` for a sync group if the ceiling allows; otherwise
  // registers `waiter` to be woken (its cv notified) by the next release.
  bool try_reserve(int threads, const std::shared_ptr<LaunchState>& waiter);
  void release(int threads);

  int max_threads();
  bool set_max_threads(int threads);
  void park_idle_workers();
  void stats(int* threads, int* peak);

 private:
  void spawn_locked();
  void worker_main();
  static void* thread_entry(void* self);

  const int parallelism_;
  Semaphore permits_;
  const std::chrono::microseconds poll_budget_;

  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::shared_ptr<LaunchState>> requests_;
  std::atomic<int> queued_{0};  // requests_.size(), read without the mutex
  std::atomic<uint64_t> park_epoch_{0};
  int max_threads_;
  int reserved_ = 0;  // threads reserved by admitted sync groups
  std::vector<std::weak_ptr<LaunchState>> reserve_waiters_;
  int workers_ = 0;  // threads alive
  int peak_workers_ = 0;
  int idle_ = 0;     // workers waiting for a request
  int pollers_ = 0;  // of those, the ones polling
  size_t stack_bytes_;
};

Pool& pool();

// Runs cores of `launch` on the calling thread until none is left to start
// (launch.cpp).
void run_cores(const std::shared_ptr<LaunchState>& launch);

}  // namespace detail
}  // namespace xbang
