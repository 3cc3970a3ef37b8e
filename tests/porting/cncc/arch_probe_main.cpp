// Runs ArchProbe on every emulated device (XBANG_DEVICE) and prints, per
// device, the launch status and what the kernel saw.
#include <cnrt.h>

#include <cstdio>

cnrtRet_t LaunchArchProbe(cnrtQueue_t queue, int *out);

int main() {
  unsigned count = 0;
  if (cnrtGetDeviceCount(&count) != cnrtSuccess) return 1;
  for (unsigned device = 0; device < count; ++device) {
    if (cnrtSetDevice(int(device)) != cnrtSuccess) return 1;
    int *out = nullptr;
    int seen[3] = {0, 0, 0};
    if (cnrtMalloc(reinterpret_cast<void **>(&out), sizeof(seen)) !=
        cnrtSuccess) {
      return 1;
    }
    cnrtMemcpy(out, seen, sizeof(seen), cnrtMemcpyHostToDev);
    const cnrtRet_t status = LaunchArchProbe(nullptr, out);
    cnrtMemcpy(seen, out, sizeof(seen), cnrtMemcpyDevToHost);
    cnrtFree(out);
    std::printf("device %u: status %d arch %d nram %d buffer %d\n", device,
                int(status), seen[0], seen[1], seen[2]);
  }
  return 0;
}
