// Runs the type matrix (type_matrix.mlu) on every emulated device
// (XBANG_DEVICE: a fat binary's 372 and 592 code) and prints each tally;
// exit status 0 only when every device ran checks and none failed.
#include <cnrt.h>

#include <cstdint>
#include <cstdio>

cnrtRet_t LaunchTypeMatrix(cnrtQueue_t queue, int32_t* result);

int main() {
  unsigned count = 0;
  if (cnrtGetDeviceCount(&count) != cnrtSuccess || count == 0) return 1;
  bool ok = true;
  for (unsigned device = 0; device < count; ++device) {
    if (cnrtSetDevice(int(device)) != cnrtSuccess) return 1;
    int32_t* result = nullptr;
    int32_t host[3] = {0, 0, 0};
    if (cnrtMalloc(reinterpret_cast<void**>(&result), sizeof(host)) !=
        cnrtSuccess) {
      return 1;
    }
    cnrtMemcpy(result, host, sizeof(host), cnrtMemcpyHostToDev);
    const cnrtRet_t status = LaunchTypeMatrix(nullptr, result);
    cnrtMemcpy(host, result, sizeof(host), cnrtMemcpyDevToHost);
    cnrtFree(result);
    std::printf(
        "type matrix: device %u, status %d, arch %d, %d checks, %d "
        "failed\n",
        device, int(status), host[2], host[0], host[1]);
    ok = ok && status == cnrtSuccess && host[0] > 0 && host[1] == 0;
  }
  return ok ? 0 : 1;
}
