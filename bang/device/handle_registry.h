// A set of live API handles (queues, notifiers), shared by the device and
// the toolkit (not installed API).
#pragma once

#include <deque>
#include <mutex>
#include <unordered_set>
#include <utility>

namespace xbang {
namespace detail {

// Handles created and destroyed by the API. A destroyed handle's memory is
// kept for the next kQuarantine destructions, so a call given a recently
// destroyed handle reports it instead of finding a new object at the same
// address.
template <class Object>
class HandleRegistry {
 public:
  template <class... Args>
  Object* create(Args&&... args) {
    auto* object = new Object{std::forward<Args>(args)...};
    std::lock_guard<std::mutex> lock(mutex_);
    live_.insert(object);
    return object;
  }
  bool destroy(Object* object) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (live_.erase(object) == 0) return false;
    quarantine_.push_back(object);
    if (quarantine_.size() > kQuarantine) {
      delete quarantine_.front();
      quarantine_.pop_front();
    }
    return true;
  }
  bool live(Object* object) {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.count(object) != 0;
  }
  // Runs use(*object) under the registry's lock; false if not live.
  template <class Use>
  bool with(Object* object, Use use) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (live_.count(object) == 0) return false;
    use(*object);
    return true;
  }

 private:
  static constexpr size_t kQuarantine = 4096;
  std::mutex mutex_;
  std::unordered_set<Object*> live_;
  std::deque<Object*> quarantine_;
};

}  // namespace detail
}  // namespace xbang
