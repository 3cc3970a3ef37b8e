#include "thread_stacks.h"

#include <link.h>
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

#include <climits>
#include <cstdio>

namespace xbang {
namespace detail {

size_t static_tls_bytes() {
  size_t total = 0;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const auto& ph = info->dlpi_phdr[i];
          if (ph.p_type == PT_TLS) {
            *static_cast<size_t*>(data) += ph.p_memsz + ph.p_align;
          }
        }
        return 0;
      },
      &total);
  return total;
}

size_t thread_stack_bytes(size_t usable_bytes) {
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  return (static_tls_bytes() + usable_bytes + PTHREAD_STACK_MIN + page - 1) /
         page * page;
}

namespace {

// RLIMIT_STACK, the stack glibc gives a thread by default; 8 MB when it is
// unlimited, as glibc takes then.
size_t default_usable_stack_bytes() {
  rlimit limit{};
  if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY ||
      limit.rlim_cur == 0) {
    return size_t(8) << 20;
  }
  return size_t(limit.rlim_cur);
}

__attribute__((constructor)) void widen_default_thread_stack() {
  pthread_attr_t attr;
  if (pthread_getattr_default_np(&attr) != 0) return;
  size_t current = 0;
  pthread_attr_getstacksize(&attr, &current);
  const size_t wanted = thread_stack_bytes(default_usable_stack_bytes());
  if (current < wanted && pthread_attr_setstacksize(&attr, wanted) == 0 &&
      pthread_setattr_default_np(&attr) != 0) {
    std::fprintf(stderr,
                 "[xbang] cannot widen the default thread stack to %zu bytes; "
                 "threads keep %zu bytes, static TLS included\n",
                 wanted, current);
  }
  pthread_attr_destroy(&attr);
}

}  // namespace

}  // namespace detail
}  // namespace xbang
