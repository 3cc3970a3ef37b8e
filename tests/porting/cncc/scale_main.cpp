// Host side of the cncc tests: runs ScaleOnDevice (scale_block.mlu) and
// compares every element with the same product on the host.
#include <cstdio>
#include <vector>

extern "C" int ScaleOnDevice(float *host_out, const float *host_in,
                             float factor, int n);

int main() {
  const int n = 1024;
  const float factor = 3.0f;
  std::vector<float> in(n), out(n, -1.0f);
  for (int i = 0; i < n; ++i) in[i] = 0.5f * i - 100.0f;
  if (ScaleOnDevice(out.data(), in.data(), factor, n) != 0) {
    std::printf("cncc kernel: a CNRT call failed\n");
    return 1;
  }
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != in[i] * factor;
  std::printf("cncc kernel: %d elements, %d wrong\n", n, wrong);
  return wrong == 0 ? 0 : 1;
}
