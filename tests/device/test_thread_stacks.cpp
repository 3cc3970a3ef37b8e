// A process whose static TLS is larger than RLIMIT_STACK, as one linking a
// kernel library of many files is (each file's __nram__ / __wram__ variables
// are thread_local): the threads the application creates still get their
// usual stack (bang/device/thread_stacks.h).
#include <gtest/gtest.h>
#include <pthread.h>
#include <sys/resource.h>

#include <cstddef>
#include <thread>

#include "../../bang/device/thread_stacks.h"

// 24 MB of static TLS, three times the usual 8 MB RLIMIT_STACK; `used`, as
// the test only writes it.
constexpr size_t kTlsBytes = size_t(24) << 20;
__attribute__((used)) thread_local char large_tls[kTlsBytes];

namespace {

// Touches `bytes` of this thread's stack, one page at a time, and returns a
// value that depends on every page so the compiler keeps the frame.
__attribute__((noinline)) long touch_stack(size_t bytes) {
  constexpr size_t kPage = 4096;
  volatile char* frame = static_cast<volatile char*>(__builtin_alloca(bytes));
  long sum = 0;
  for (size_t at = 0; at < bytes; at += kPage) frame[at] = 1;
  for (size_t at = 0; at < bytes; at += kPage) sum += frame[at];
  return sum;
}

TEST(ThreadStacks, StaticTlsOfTheTestIsBeyondTheStackLimit) {
  large_tls[kTlsBytes - 1] = 1;  // keeps the variable
  rlimit limit{};
  ASSERT_EQ(getrlimit(RLIMIT_STACK, &limit), 0);
  if (limit.rlim_cur != RLIM_INFINITY) {
    EXPECT_GT(xbang::detail::static_tls_bytes(), size_t(limit.rlim_cur));
  }
}

TEST(ThreadStacks, DefaultThreadStackHoldsStaticTlsAndEightMegabytes) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_getattr_default_np(&attr), 0);
  size_t stack = 0;
  pthread_attr_getstacksize(&attr, &stack);
  pthread_attr_destroy(&attr);
  EXPECT_GE(stack, xbang::detail::static_tls_bytes() + (size_t(8) << 20));
}

TEST(ThreadStacks, AnApplicationThreadRunsTwoMegabytesDeep) {
  long sum = -1;
  std::thread thread([&] {
    large_tls[0] = 1;
    sum = touch_stack(size_t(2) << 20);
  });
  thread.join();
  EXPECT_GT(sum, 0);
}

}  // namespace
