// A library built the way mlu-ops builds libmluops.so: fat kernel files
// (372 and 592) whose launch functions use code of other files of the
// library, and a version script that exports only the entry point.
#pragma once

#include <cnrt.h>

namespace fat_library {

// Counts the notes alive, as mlu-ops' logging object is built and destroyed
// around a launch; defined in fat_library_helper.cpp and hidden by the
// version script.
class LaunchNote {
 public:
  explicit LaunchNote(const char* kernel);
  ~LaunchNote();
  LaunchNote(const LaunchNote&) = delete;
  LaunchNote& operator=(const LaunchNote&) = delete;
};

int notes_open();

}  // namespace fat_library

// The library's one export: launches the kernel, which fills out[0..4]
// (device memory) with what it saw: __BANG_ARCH__, an inline function's
// answer, the bytes of its NRAM and WRAM arrays, the sum of the taskIds it
// read back from NRAM. `overflow` makes it write one element past its NRAM
// array. *notes: the LaunchNotes alive during the launch (1 when each
// launch's note is destroyed after it).
extern "C" cnrtRet_t FatLibraryRun(cnrtQueue_t queue, int* out, int overflow,
                                   int* notes);
// The same kernel launched from another kernel file (fat_library_remote.mlu).
extern "C" cnrtRet_t FatLibraryRunRemote(cnrtQueue_t queue, int* out,
                                         int overflow, int* notes);
