// Turns (sync_group.h, xbang/runtime/races.h), in domains of cores: a
// cluster, or a whole sync group of a launch without SRAM.
// - XBANG_SCHEDULE: the cores of a domain run one at a time, each up to and
//   including one built-in, then hand the turn to the next core in core
//   order or in an order drawn from a seed.
// - Lockstep (a Union launch with SRAM, by default): the cores run at once,
//   but a core's k-th built-in with an SRAM operand since the last barrier
//   waits until every other core of its cluster has run k-1.
// A core waiting at a barrier or returned is out of the rotation; a
// completed barrier puts the cores it lets go back in, counting afresh.
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

void SyncGroup::start_turns(bool lockstep, bool per_cluster, bool seeded,
                            uint64_t seed) {
  const int slots = end_core_ - first_core_;
  lockstep_ = lockstep;
  out_of_turns_.assign(size_t(slots), 0);
  pace_.assign(size_t(slots), 0);
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
  if (turn_domains_.empty()) return;
  out_of_turns_[size_t(slot)] = 1;
  if (lockstep_) {
    cv_.notify_all();
    return;
  }
  TurnDomain& d = domain_of(slot);
  if (d.holder == slot) {
    d.last_holder = slot;
    d.holder = next_holder(d, slot);
  }
  cv_.notify_all();
}

void SyncGroup::rejoin_turns(int slot) {
  if (turn_domains_.empty()) return;
  out_of_turns_[size_t(slot)] = 0;
  pace_[size_t(slot)] = 0;
  if (lockstep_) return;
  TurnDomain& d = domain_of(slot);
  if (d.holder < 0) d.holder = next_holder(d, d.last_holder);
}

template <class Done>
bool SyncGroup::wait_for_turns(LaunchState& launch, int waited_for,
                               const Done& done,
                               std::unique_lock<std::mutex>& lock) {
  // The core waited for may be one no thread has started yet.
  if (launch.claimed_cores() <= first_core_ + waited_for) {
    lock.unlock();
    pool().request_worker(launch.weak_from_this().lock(), /*must_run=*/true);
    lock.lock();
  }
  lock.unlock();
  pool().permits().release();
  lock.lock();
  const bool in_time = cv_.wait_for(
      lock, kTurnPatience, [&] { return done() || !deadlock_.empty(); });
  lock.unlock();
  pool().permits().acquire(&launch);
  lock.lock();
  return in_time;
}

namespace {
void say_order_lost(const LaunchState& launch, int core_index) {
  const CoreSpec spec = launch.core_spec(core_index);
  std::fprintf(stderr,
               "[xbang] kernel %s: taskId %d waited %lld s for the other "
               "cores of its cluster and goes on; the order of its cores is "
               "no longer fixed (a core spinning on another's flag?)\n",
               launch.name().c_str(), spec.task_id,
               static_cast<long long>(kTurnPatience.count()));
}
}  // namespace

void SyncGroup::take_turn(LaunchState& launch, int core_index,
                          std::unique_lock<std::mutex>& lock) {
  if (!takes_turns()) return;
  const int slot = core_index - first_core_;
  TurnDomain& d = domain_of(slot);
  if (d.holder < 0) d.holder = slot;
  if (d.holder == slot || !deadlock_.empty()) return;
  if (!wait_for_turns(
          launch, d.holder, [&] { return d.holder == slot; }, lock)) {
    d.holder = slot;
    say_order_lost(launch, core_index);
  }
}

void SyncGroup::keep_pace(LaunchState& launch, int core_index,
                          std::unique_lock<std::mutex>& lock) {
  if (!keeps_pace()) return;
  const int slot = core_index - first_core_;
  const TurnDomain& d = domain_of(slot);
  // The first core of the domain still behind this one, or -1.
  auto laggard = [&] {
    for (int s = d.first_slot; s < d.first_slot + d.slots; ++s) {
      if (s != slot && out_of_turns_[size_t(s)] == 0 &&
          pace_[size_t(s)] < pace_[size_t(slot)]) {
        return s;
      }
    }
    return -1;
  };
  const int behind = laggard();
  if (behind < 0 || !deadlock_.empty()) return;
  if (!wait_for_turns(
          launch, behind, [&] { return laggard() < 0; }, lock)) {
    say_order_lost(launch, core_index);
  }
}

void SyncGroup::paced(int core_index) {
  if (!keeps_pace()) return;
  ++pace_[size_t(core_index - first_core_)];
  cv_.notify_all();
}

void SyncGroup::restart_pace(int slot) {
  if (keeps_pace()) pace_[size_t(slot)] = 0;
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
  SyncGroup& group = group_of(spec);
  if (turns_ == Turns::kSramBuiltins) {
    group.paced(index);
  } else {
    group.pass_turn(*this, index, lock);
  }
}

void LaunchState::keep_pace(int index) {
  const CoreSpec spec = core_spec(index);
  std::unique_lock<std::mutex> lock(mutex_);
  group_of(spec).keep_pace(*this, index, lock);
}

void pass_turn(CoreContext& core) {
  if (core.launch != nullptr) core.launch->pass_turn(core.core_index);
}

void keep_pace(CoreContext& core) {
  if (core.launch != nullptr) core.launch->keep_pace(core.core_index);
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
