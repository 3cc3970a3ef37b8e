// Thread stacks in a process whose on-chip variables are thread-local.
//
// Each emulated core's __nram__ / __wram__ variables are thread_local
// (xbang/core/qualifiers.h), so a kernel library's static TLS holds the NRAM
// and WRAM of every kernel file it links: tens of MB for mlu-ops. glibc
// places static TLS inside each thread's stack allocation and, when static
// TLS exceeds RLIMIT_STACK, raises the default thread stack to static TLS
// plus a few KB, leaving every thread the application creates with almost no
// stack. The device library therefore widens the process's default thread
// stack at load, before main, to static TLS plus RLIMIT_STACK (8 MB when
// unlimited): an application thread gets the stack it would get without
// xbang.
#pragma once

#include <cstddef>

namespace xbang {
namespace detail {

// The static TLS of every module loaded now, alignment padding included.
size_t static_tls_bytes();

// The stack a thread that runs `usable_bytes` of its own code needs: static
// TLS, the usable bytes and PTHREAD_STACK_MIN, in whole pages.
size_t thread_stack_bytes(size_t usable_bytes);

}  // namespace detail
}  // namespace xbang
