// Runs the consumer's kernel and checks it against a scalar loop; exit code 0
// on success.
#include <cnrt.h>
#include <xbang/ops/mlu_op.h>

#include <cstdio>
#include <vector>

#include "kernels/axpy.h"

int main() {
  const int32_t n = 1000;
  std::vector<float> x(n), y(n);
  for (int32_t i = 0; i < n; ++i) {
    x[i] = 0.25f * float(i % 17);
    y[i] = float(i % 5) - 2.0f;
  }
  void *x_dev = nullptr, *y_dev = nullptr;
  cnrtQueue_t queue = nullptr;
  if (cnrtMalloc(&x_dev, n * sizeof(float)) != cnrtSuccess ||
      cnrtMalloc(&y_dev, n * sizeof(float)) != cnrtSuccess ||
      cnrtQueueCreate(&queue) != cnrtSuccess) {
    std::printf("consumer: CNRT setup failed\n");
    return 1;
  }
  cnrtMemcpy(x_dev, x.data(), n * sizeof(float), cnrtMemcpyHostToDev);
  cnrtMemcpy(y_dev, y.data(), n * sizeof(float), cnrtMemcpyHostToDev);
  const cnrtRet_t ret = KernelAxpy({8, 1, 1}, cnrtFuncTypeUnion1, queue, 3.0f,
                                   static_cast<const float *>(x_dev),
                                   static_cast<float *>(y_dev), n);
  std::vector<float> result(n);
  cnrtMemcpy(result.data(), y_dev, n * sizeof(float), cnrtMemcpyDevToHost);
  cnrtQueueDestroy(queue);
  cnrtFree(x_dev);
  cnrtFree(y_dev);
  if (ret != cnrtSuccess) {
    std::printf("consumer: launch failed: %s\n", cnrtGetErrorStr(ret));
    return 1;
  }
  int wrong = 0;
  for (int32_t i = 0; i < n; ++i) {
    const float expected = y[i] + 3.0f * x[i];  // exact in float
    if (result[i] != expected && wrong++ < 5) {
      std::printf("consumer: y[%d] = %g, expected %g\n", i, result[i],
                  expected);
    }
  }
  // Linking xbang::ops: the host layer is there.
  std::printf("consumer: %d of %d wrong; mluOp says \"%s\"\n", wrong, n,
              mluOpGetErrorString(MLUOP_STATUS_SUCCESS));
  return wrong == 0 ? 0 : 1;
}
