// A template kernel and its launch in a header a .mlu file reaches by a
// relative path through folders that hold no other header (InfiniCore's
// elementwise kernels): the launch is rewritten like the .mlu file's own.
#pragma once

template <int kValue, typename T>
__mlu_global__ void FillKernel(T* dst, int n) {
  for (int i = taskId; i < n; i += taskDim) dst[i] = T(kValue);
}

template <int kValue, typename T>
void launchFill(T* dst, int n, cnrtQueue_t queue) {
  cnrtDim3_t dim = {4, 1, 1};
  FillKernel<kValue, T><<<dim, cnrtFuncTypeBlock, queue>>>(dst, n);
}
