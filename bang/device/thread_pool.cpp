#include "thread_pool.h"

#include <pthread.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "environment.h"
#include "launch_state.h"
#include "thread_stacks.h"
#include "xbang/runtime/spin_wait.h"

namespace xbang {
namespace detail {

void Semaphore::Waiter::wait() {
  // A cancelled thread would leave this waiter queued after its stack is
  // gone: the wait is no cancellation point, whoever calls it.
  int cancel_state;
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &cancel_state);
  {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [&] { return granted_; });
  }
  pthread_setcancelstate(cancel_state, nullptr);
}

void Semaphore::Waiter::grant() {
  // Notified under the lock: the waiter, and this object on its stack, can
  // only go once the lock is free.
  std::lock_guard<std::mutex> lock(mutex_);
  granted_ = true;
  cv_.notify_one();
}

bool Semaphore::take_or_enqueue_locked(Waiter& waiter) {
  if (count_ > 0) {
    --count_;
    return true;
  }
  waiter.next_ = nullptr;
  (tail_ != nullptr ? tail_->next_ : head_) = &waiter;
  tail_ = &waiter;
  return false;
}

void Semaphore::acquire(const void* owner) {
  Waiter waiter(owner);
  bool taken;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    taken = take_or_enqueue_locked(waiter);
  }
  if (!taken) waiter.wait();
}

const void* Semaphore::release() {
  Waiter* next;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    next = head_;
    if (next == nullptr) {
      ++count_;
      return nullptr;
    }
    head_ = next->next_;
    if (head_ == nullptr) tail_ = nullptr;
  }
  const void* owner = next->owner_;
  next->grant();  // `next` may be gone once granted
  return owner;
}

void Semaphore::grant_or_enqueue(Waiter& waiter) {
  bool taken;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    taken = take_or_enqueue_locked(waiter);
  }
  if (taken) waiter.grant();
}

namespace {

int parallelism_from_env() {
  const unsigned hw = std::thread::hardware_concurrency();
  return int(
      environment::number("XBANG_THREADS", 1, INT_MAX, hw == 0 ? 1 : int(hw)));
}

int max_threads_from_env() {
  return int(environment::number("XBANG_MAX_THREADS", kMinMaxHostThreads,
                                 kMaxMaxHostThreads, kDefaultMaxHostThreads));
}

}  // namespace

Pool::Pool()
    : parallelism_(parallelism_from_env()),
      permits_(parallelism_),
      poll_budget_(poll_budget_for(parallelism_)),
      max_threads_(max_threads_from_env()) {
  // glibc places static TLS inside a thread's stack allocation: a pool
  // thread's stack is that plus the kernel's own.
  stack_bytes_ = thread_stack_bytes(kKernelStackBytes);
}

Pool& pool() {
  static Pool* instance = new Pool;  // never destroyed: workers outlive main
  return *instance;
}

void Pool::request_worker(const std::shared_ptr<LaunchState>& launch,
                          bool must_run) {
  std::unique_lock<std::mutex> lock(mutex_);
  requests_.push_back(launch);
  queued_.store(int(requests_.size()), std::memory_order_release);
  if (int(requests_.size()) > idle_ &&
      ((must_run && workers_ < max_threads_) ||
       workers_ < std::min(parallelism_ - 1, max_threads_))) {
    spawn_locked();
    return;
  }
  // Pollers see the request themselves; wake a blocked worker only for the
  // requests they cannot take. A request beyond the ceiling waits for the
  // next worker that comes back.
  if (int(requests_.size()) > pollers_) cv_.notify_one();
}

void Pool::spawn_locked() {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, stack_bytes_);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  const int rc = pthread_create(&thread, &attr, &Pool::thread_entry, this);
  pthread_attr_destroy(&attr);
  if (rc != 0) {
    // The request stays queued for a worker that comes back.
    std::fprintf(stderr,
                 "[xbang] cannot create a worker thread (error %d); %d "
                 "workers carry on\n",
                 rc, workers_);
    return;
  }
  ++workers_;
  peak_workers_ = std::max(peak_workers_, workers_);
}

void* Pool::thread_entry(void* self) {
  // Only a kernel's own code may be cancelled (run_core enables it).
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, nullptr);
  static_cast<Pool*>(self)->worker_main();
  return nullptr;
}

void Pool::worker_main() {
  // Leaves the count on every exit: idle release, a lowered ceiling, or a
  // kernel that ended the thread (the unwind passes through here).
  struct Leave {
    Pool* pool;
    ~Leave() {
      std::lock_guard<std::mutex> lock(pool->mutex_);
      --pool->workers_;
    }
  } leave{this};
  for (;;) {
    std::shared_ptr<LaunchState> launch;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ++idle_;
      // The next launch of an operator usually follows within microseconds.
      // At most parallelism - 1 workers poll (with the caller, one per host
      // core): more would take cores from the threads computing.
      if (poll_budget_.count() > 0 && pollers_ < parallelism_ - 1 &&
          requests_.empty()) {
        ++pollers_;
        lock.unlock();
        const uint64_t epoch = park_epoch_.load(std::memory_order_relaxed);
        poll_until(
            [&] {
              return queued_.load(std::memory_order_acquire) > 0 ||
                     park_epoch_.load(std::memory_order_relaxed) != epoch;
            },
            poll_budget_);
        lock.lock();
        --pollers_;
      }
      const bool got =
          cv_.wait_for(lock, kIdleRelease, [&] { return !requests_.empty(); });
      --idle_;
      if (!got || workers_ > max_threads_) {
        if (!requests_.empty()) cv_.notify_one();
        return;
      }
      launch = std::move(requests_.front());
      requests_.pop_front();
      queued_.store(int(requests_.size()), std::memory_order_release);
    }
    run_cores(launch);
  }
}

bool Pool::try_reserve(int threads,
                       const std::shared_ptr<LaunchState>& waiter) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (reserved_ + threads <= max_threads_) {
    reserved_ += threads;
    return true;
  }
  if (waiter) reserve_waiters_.push_back(waiter);
  return false;
}

void Pool::release(int threads) {
  std::vector<std::weak_ptr<LaunchState>> waiters;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    reserved_ -= threads;
    waiters.swap(reserve_waiters_);
  }
  for (const auto& weak : waiters) {
    if (auto launch = weak.lock()) launch->threads_released();
  }
}

int Pool::max_threads() {
  std::lock_guard<std::mutex> lock(mutex_);
  return max_threads_;
}

bool Pool::set_max_threads(int threads) {
  if (threads < kMinMaxHostThreads || threads > kMaxMaxHostThreads) {
    return false;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    max_threads_ = threads;
  }
  // Idle workers beyond the new ceiling exit; waiters may fit now.
  cv_.notify_all();
  release(0);
  return true;
}

void Pool::park_idle_workers() {
  park_epoch_.fetch_add(1, std::memory_order_relaxed);
}

void Pool::stats(int* threads, int* peak) {
  std::lock_guard<std::mutex> lock(mutex_);
  *threads = workers_;
  *peak = peak_workers_;
}

}  // namespace detail
}  // namespace xbang
