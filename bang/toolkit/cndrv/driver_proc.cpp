// The driver's /proc entries for the emulated device.
//
// Cambricon's kernel driver publishes per-card files under
// /proc/driver/cambricon/mlus/<PCI bus id>/; tools and test frameworks read
// and write them with plain open()/fopen() (mlu-ops' gtest framework picks a
// card by its `exclusive_mode`). There is no kernel driver here, and /proc
// cannot be written by a user, so libcndrv answers these paths in-process:
// it defines the C library's open family, serves the emulated card's entries
// from memory files, and hands every other path to the C library unchanged.
// This works because an executable linked with -lcndrv searches libcndrv
// before libc for these symbols.
//
// Entries (one emulated card, bus id as cnrtDeviceGetPCIBusId reports it):
//   exclusive_mode  "0" (shared) or "1" (exclusive); writable, and what a
//                   process writes is what it reads next.
//   information     the card's name, bus id and driver version, read-only.

// This file defines the C library's open family; a fortified build would
// declare them as inline wrappers instead.
#undef _FORTIFY_SOURCE
#include <cn_api.h>
#include <cnrt.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

namespace {

constexpr const char kCardsDirectory[] = "/proc/driver/cambricon/mlus/";

struct Entry {
  const char* name;
  bool writable;
  int memory_fd;  // -1 until first opened
};

Entry entries[] = {
    {"exclusive_mode", true, -1},
    {"information", false, -1},
};

std::mutex entries_mutex;

std::string card_directory() {
  char bus_id[32] = {};
  if (cnrtDeviceGetPCIBusId(bus_id, sizeof(bus_id), 0) != cnrtSuccess) {
    return {};
  }
  return std::string(kCardsDirectory) + bus_id + "/";
}

std::string initial_contents(const Entry& entry) {
  if (std::strcmp(entry.name, "exclusive_mode") == 0) return "0\n";
  char name[64] = {};
  cnDeviceGetName(name, sizeof(name), 0);
  int major = 0, minor = 0, patch = 0;
  cnGetDriverVersion(&major, &minor, &patch);
  char bus_id[32] = {};
  cnrtDeviceGetPCIBusId(bus_id, sizeof(bus_id), 0);
  char text[256];
  std::snprintf(text, sizeof(text),
                "Device name: %s\nBus id: %s\nDriver version: %d.%d.%d\n", name,
                bus_id, major, minor, patch);
  return text;
}

// The emulated card's entry that `path` names, or nullptr.
Entry* find_entry(const char* path) {
  if (path == nullptr ||
      std::strncmp(path, kCardsDirectory, sizeof(kCardsDirectory) - 1) != 0) {
    return nullptr;
  }
  const std::string directory = card_directory();
  if (directory.empty() ||
      std::strncmp(path, directory.c_str(), directory.size()) != 0) {
    return nullptr;
  }
  for (Entry& entry : entries) {
    if (std::strcmp(path + directory.size(), entry.name) == 0) return &entry;
  }
  return nullptr;
}

template <typename Function>
Function next_symbol(const char* name) {
  return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

using OpenFunction = int (*)(const char*, int, ...);

int libc_open(const char* path, int flags, mode_t mode) {
  static const OpenFunction next = next_symbol<OpenFunction>("open");
  return next(path, flags, mode);
}

// A new open file description of the entry's memory file: its own offset,
// shared contents, so a write is seen by later opens in this process.
int open_entry(Entry& entry, int flags) {
  const int access = flags & O_ACCMODE;
  if (!entry.writable && access != O_RDONLY) {
    errno = EACCES;
    return -1;
  }
  std::lock_guard<std::mutex> lock(entries_mutex);
  if (entry.memory_fd < 0) {
    const int fd = memfd_create(entry.name, MFD_CLOEXEC);
    if (fd < 0) return -1;
    const std::string contents = initial_contents(entry);
    if (write(fd, contents.data(), contents.size()) !=
        static_cast<ssize_t>(contents.size())) {
      close(fd);
      errno = EIO;
      return -1;
    }
    entry.memory_fd = fd;
  }
  char alias[64];
  std::snprintf(alias, sizeof(alias), "/proc/self/fd/%d", entry.memory_fd);
  const int kept = O_ACCMODE | O_CLOEXEC | O_APPEND | O_SYNC | O_DSYNC |
                   O_NONBLOCK | O_TRUNC;
  return libc_open(alias, flags & kept, 0);
}

mode_t mode_argument(int flags, va_list arguments) {
  if ((flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE) {
    return static_cast<mode_t>(va_arg(arguments, int));
  }
  return 0;
}

int open_path(const char* path, int flags, mode_t mode) {
  if (Entry* entry = find_entry(path)) return open_entry(*entry, flags);
  return libc_open(path, flags, mode);
}

int openat_path(int directory_fd, const char* path, int flags, mode_t mode) {
  using OpenatFunction = int (*)(int, const char*, int, ...);
  static const OpenatFunction next = next_symbol<OpenatFunction>("openat");
  if (path != nullptr && path[0] == '/') {
    if (Entry* entry = find_entry(path)) return open_entry(*entry, flags);
  }
  return next(directory_fd, path, flags, mode);
}

FILE* fopen_path(const char* path, const char* how, const char* next_name) {
  using FopenFunction = FILE* (*)(const char*, const char*);
  Entry* entry = find_entry(path);
  if (entry == nullptr) {
    return next_symbol<FopenFunction>(next_name)(path, how);
  }
  int flags = O_RDONLY;
  if (how[0] == 'w') flags = O_WRONLY | O_TRUNC;
  if (how[0] == 'a') flags = O_WRONLY | O_APPEND;
  if (std::strchr(how, '+') != nullptr) flags = (flags & ~O_ACCMODE) | O_RDWR;
  const int fd = open_entry(*entry, flags);
  if (fd < 0) return nullptr;
  FILE* file = fdopen(fd, how);
  if (file == nullptr) close(fd);
  return file;
}

}  // namespace

extern "C" {

// The 64-bit spellings are the same functions on an LP64 host.
#define XBANG_EXPORT __attribute__((visibility("default")))
#define XBANG_SAME_AS(name) __attribute__((alias(#name), visibility("default")))

XBANG_EXPORT int open(const char* path, int flags, ...) {
  va_list arguments;
  va_start(arguments, flags);
  const mode_t mode = mode_argument(flags, arguments);
  va_end(arguments);
  return open_path(path, flags, mode);
}
int open64(const char* path, int flags, ...) XBANG_SAME_AS(open);

// What a _FORTIFY_SOURCE build calls when the flags are not constant.
XBANG_EXPORT int __open_2(const char* path, int flags) {
  return open_path(path, flags, 0);
}
int __open64_2(const char* path, int flags) XBANG_SAME_AS(__open_2);

XBANG_EXPORT int openat(int directory_fd, const char* path, int flags, ...) {
  va_list arguments;
  va_start(arguments, flags);
  const mode_t mode = mode_argument(flags, arguments);
  va_end(arguments);
  return openat_path(directory_fd, path, flags, mode);
}
int openat64(int directory_fd, const char* path, int flags, ...)
    XBANG_SAME_AS(openat);

XBANG_EXPORT FILE* fopen(const char* path, const char* how) {
  return fopen_path(path, how, "fopen");
}
FILE* fopen64(const char* path, const char* how) XBANG_SAME_AS(fopen);

#undef XBANG_SAME_AS
#undef XBANG_EXPORT

}  // extern "C"
