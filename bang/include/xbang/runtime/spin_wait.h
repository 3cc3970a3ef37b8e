// Polling before blocking, for host threads that hand work to each other (the
// launch runtime's pool and its callers).
//
// A thread blocked on a condition variable takes about 0.1 ms to wake on a
// virtual machine (its idle vCPU halts; the wake-up is an interrupt through
// the hypervisor): as long as a whole short kernel, so a blocked second
// thread would join a launch late or not at all. Like an OpenMP runtime, a
// thread waiting for the next job or for its partners polls for a while first
// and blocks only when nothing comes. It yields between checks: a thread
// woken on its core (a core a barrier let go) runs at once instead of after
// the poll.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#include "xbang/isa/scalar.h"

namespace xbang {

// One iteration of a busy-wait loop: tells the core to yield its pipeline to
// a sibling hyperthread where it has an instruction for that.
using isa::cpu_relax;

// How long a waiting thread polls before it blocks: longer than the gaps
// between the launches of one operator and between benchmark iterations,
// short enough that an idle program stops burning a core within 1 ms.
inline constexpr std::chrono::microseconds kPollBeforeBlocking{1000};

// The poll budget of a team of `threads` host threads: none when there are
// more threads than host cores (a polling thread would take a core from one
// that is computing).
inline std::chrono::microseconds poll_budget_for(int threads) {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores != 0 && threads <= int(cores) ? kPollBeforeBlocking
                                             : std::chrono::microseconds(0);
}

// Polls `ready()` (which must not need a lock) until it holds or `budget`
// has passed, yielding to ready threads every 64 checks; returns its last
// value. The caller then blocks as before if it is still false.
template <class Ready>
bool poll_until(Ready ready,
                std::chrono::microseconds budget = kPollBeforeBlocking) {
  const auto deadline = std::chrono::steady_clock::now() + budget;
  for (unsigned i = 1;; ++i) {
    if (ready()) return true;
    cpu_relax();
    if (i % 64 == 0) {
      if (std::chrono::steady_clock::now() >= deadline) return ready();
      std::this_thread::yield();
    }
  }
}

}  // namespace xbang
