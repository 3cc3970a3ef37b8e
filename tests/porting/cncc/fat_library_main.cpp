// Runs the fat library's kernel on every emulated device (XBANG_DEVICE) and
// prints, per device, the launch status and what the kernel saw.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "fat_library.h"

int main(int argc, char** argv) {
  // [overflow] [remote]: the launch from fat_library_remote.mlu.
  const int overflow = argc > 1 ? std::atoi(argv[1]) : 0;
  const bool remote = argc > 2 && std::strcmp(argv[2], "remote") == 0;
  unsigned count = 0;
  if (cnrtGetDeviceCount(&count) != cnrtSuccess) return 1;
  for (unsigned device = 0; device < count; ++device) {
    if (cnrtSetDevice(int(device)) != cnrtSuccess) return 1;
    int* out = nullptr;
    int seen[5] = {0, 0, 0, 0, 0};
    int notes = 0;
    if (cnrtMalloc(reinterpret_cast<void**>(&out), sizeof(seen)) !=
        cnrtSuccess) {
      return 1;
    }
    cnrtMemcpy(out, seen, sizeof(seen), cnrtMemcpyHostToDev);
    const cnrtRet_t status = (remote ? FatLibraryRunRemote : FatLibraryRun)(
        nullptr, out, overflow, &notes);
    cnrtMemcpy(seen, out, sizeof(seen), cnrtMemcpyDevToHost);
    cnrtFree(out);
    std::printf(
        "device %u: status %d arch %d inline %d nram %d wram %d tasks %d "
        "notes %d\n",
        device, int(status), seen[0], seen[1], seen[2], seen[3], seen[4],
        notes);
  }
  return 0;
}
