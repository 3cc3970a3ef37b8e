// A host-only program built by cncc against <neuware>/lib64 (-lcnrt): it
// exits 0 when CNRT reports at least one device.
#include <cnrt.h>

#include <cstdio>

int main() {
  unsigned int count = 0;
  if (cnrtGetDeviceCount(&count) != cnrtSuccess || count == 0) return 1;
  std::printf("cnrt devices: %u\n", count);
  return 0;
}
