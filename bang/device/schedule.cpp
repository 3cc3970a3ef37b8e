// Turns (sync_group.h, xbang/runtime/races.h): the cores of a domain, a
// cluster or a whole sync group, run one at a time, each up to and including
// one built-in that passes the turn (every built-in with XBANG_SCHEDULE, one
// with an SRAM operand in the lockstep of a launch with SRAM), then hand
// the turn to the next core in core order or in an order drawn from a seed.
// A core waiting at a barrier or returned is out of the rotation; a
// completed barrier puts the cores it lets go back in.
//
// A core that waits for its turn longer than kTurnPatience takes it (a core
// holding the turn may spin on a flag another core sets): the order is then
// no longer fixed, which a warning says.
#include <chrono>
#include <cstdio>

#include "environment.h"
#include "launch_state.h"
#include "runtime_internal.h"
#include "sync_group.h"
#include "thread_pool.h"
#include "xbang/runtime/launch.h"

namespace xbang {
namespace detail {

__thread bool tls_turn_due __attribute__((tls_model("initial-exec"))) = false;

namespace {

constexpr std::chrono::seconds kTurnPatience{5};

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// XBANG_SCHEDULE: free (the default), round-robin, or a seed.
Schedule schedule_from_env() {
  Schedule s;
  const char* text = environment::raw("XBANG_SCHEDULE");
  if (text == nullptr || std::string(text) == "free") return s;
  if (std::string(text) == "round-robin") {
    s.kind = Schedule::kRoundRobin;
    return s;
  }
  const environment::Reading<long long> seed =
      environment::parse_number("XBANG_SCHEDULE", text, 0, (1LL << 62), -1);
  if (seed.problem.empty()) {
    s.kind = Schedule::kSeeded;
    s.seed = uint64_t(seed.value);
    return s;
  }
  environment::report(environment::bad_value_line(
      "XBANG_SCHEDULE", text, "free, round-robin or a seed in [0, 2^62]",
      "free"));
  return s;
}

std::mutex schedule_mutex;
Schedule& current_schedule() {
  static Schedule s = schedule_from_env();
  return s;
}

}  // namespace

void SyncGroup::start_turns(bool per_cluster, bool seeded, uint64_t seed) {
  const int slots = end_core_ - first_core_;
  out_of_turns_.assign(size_t(slots), 0);
  seeded_turns_ = seeded;
  const int per_domain = per_cluster ? kLaunchCoresPerCluster : slots;
  for (int first = 0; first < slots; first += per_domain) {
    uint64_t rng =
        seed ^ (uint64_t(first_core_ + first) * 0x2545F4914F6CDD1Dull);
    turn_domains_.push_back({first, per_domain, first, first, rng});
  }
}

SyncGroup::TurnDomain& SyncGroup::domain_of(int slot) {
  return turn_domains_[size_t(slot / turn_domains_.front().slots)];
}

int SyncGroup::next_holder(TurnDomain& d, int from) {
  int in_rotation = 0;
  for (int s = d.first_slot; s < d.first_slot + d.slots; ++s) {
    in_rotation += out_of_turns_[size_t(s)] == 0;
  }
  if (in_rotation == 0) return -1;
  if (seeded_turns_) {
    int pick = int(splitmix64(d.rng) % uint64_t(in_rotation));
    for (int s = d.first_slot;; ++s) {
      if (out_of_turns_[size_t(s)] == 0 && pick-- == 0) return s;
    }
  }
  for (int step = 1; step <= d.slots; ++step) {
    const int s = d.first_slot + (from - d.first_slot + step) % d.slots;
    if (out_of_turns_[size_t(s)] == 0) return s;
  }
  return -1;
}

void SyncGroup::leave_turns(int slot) {
  if (!takes_turns()) return;
  out_of_turns_[size_t(slot)] = 1;
  TurnDomain& d = domain_of(slot);
  if (d.holder == slot) {
    d.last_holder = slot;
    d.holder = next_holder(d, slot);
  }
  cv_.notify_all();
}

void SyncGroup::rejoin_turns(int slot) {
  if (!takes_turns()) return;
  out_of_turns_[size_t(slot)] = 0;
  TurnDomain& d = domain_of(slot);
  if (d.holder < 0) d.holder = next_holder(d, d.last_holder);
}

void SyncGroup::take_turn(LaunchState& launch, int core_index,
                          std::unique_lock<std::mutex>& lock) {
  if (!takes_turns()) return;
  const int slot = core_index - first_core_;
  TurnDomain& d = domain_of(slot);
  if (d.holder < 0) d.holder = slot;
  if (d.holder == slot || !deadlock_.empty()) return;
  // The holder may be a core no thread has started yet.
  if (launch.claimed_cores() <= first_core_ + d.holder) {
    lock.unlock();
    pool().request_worker(launch.weak_from_this().lock(), /*must_run=*/true);
    lock.lock();
  }
  lock.unlock();
  pool().permits().release();
  lock.lock();
  const bool taken = cv_.wait_for(lock, kTurnPatience, [&] {
    return d.holder == slot || !deadlock_.empty();
  });
  if (!taken) {
    d.holder = slot;
    const CoreSpec spec = launch.core_spec(core_index);
    std::fprintf(stderr,
                 "[xbang] kernel %s: taskId %d waited %lld s for its turn and "
                 "runs without it; the order of its cores is no longer "
                 "fixed (a core spinning on another's flag?)\n",
                 launch.name().c_str(), spec.task_id,
                 static_cast<long long>(kTurnPatience.count()));
  }
  lock.unlock();
  pool().permits().acquire(&launch);
  lock.lock();
}

void SyncGroup::pass_turn(LaunchState& launch, int core_index,
                          std::unique_lock<std::mutex>& lock) {
  if (!takes_turns()) return;
  const int slot = core_index - first_core_;
  TurnDomain& d = domain_of(slot);
  if (d.holder == slot) {
    d.last_holder = slot;
    d.holder = next_holder(d, slot);
    if (d.holder != slot) cv_.notify_all();
  }
  take_turn(launch, core_index, lock);
}

void LaunchState::take_turn(int index) {
  const CoreSpec spec = core_spec(index);
  std::unique_lock<std::mutex> lock(mutex_);
  group_of(spec).take_turn(*this, index, lock);
}

void LaunchState::pass_turn(int index) {
  const CoreSpec spec = core_spec(index);
  std::unique_lock<std::mutex> lock(mutex_);
  group_of(spec).pass_turn(*this, index, lock);
}

void pass_turn(CoreContext& core) {
  if (core.launch != nullptr) core.launch->pass_turn(core.core_index);
}

}  // namespace detail

void set_schedule(Schedule schedule) {
  std::lock_guard<std::mutex> lock(detail::schedule_mutex);
  detail::current_schedule() = schedule;
}

Schedule schedule() {
  std::lock_guard<std::mutex> lock(detail::schedule_mutex);
  return detail::current_schedule();
}

}  // namespace xbang
