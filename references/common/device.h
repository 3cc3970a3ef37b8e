// GDRAM buffers (cnrtMalloc) for the host side of tests and benchmarks,
// released by their destructor.
#pragma once

#include <cnrt.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <vector>

namespace xbang_test {

// A GDRAM buffer from cnrtMalloc.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes) : bytes_(bytes) {
    if (bytes > 0 && cnrtMalloc(&ptr_, bytes) != cnrtSuccess) {
      throw std::runtime_error("cnrtMalloc failed");
    }
  }
  template <class T>
  explicit DeviceBuffer(const std::vector<T>& host)
      : DeviceBuffer(host.size() * sizeof(T)) {
    if (bytes_ > 0) {
      cnrtMemcpy(ptr_, const_cast<T*>(host.data()), bytes_,
                 cnrtMemcpyHostToDev);
    }
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(o.ptr_), bytes_(o.bytes_) {
    o.ptr_ = nullptr;
    o.bytes_ = 0;
  }
  ~DeviceBuffer() {
    if (ptr_ != nullptr) cnrtFree(ptr_);
  }
  void* get() const { return ptr_; }
  size_t bytes() const { return bytes_; }
  template <class T>
  std::vector<T> to_host() const {
    std::vector<T> out(bytes_ / sizeof(T));
    if (bytes_ > 0) cnrtMemcpy(out.data(), ptr_, bytes_, cnrtMemcpyDevToHost);
    return out;
  }
  template <class T>
  void from_host(const std::vector<T>& host) {
    std::memcpy(ptr_, host.data(), std::min(bytes_, host.size() * sizeof(T)));
  }

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace xbang_test
