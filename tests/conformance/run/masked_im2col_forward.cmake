xbang_conformance_run(
  NAME masked_im2col_forward TREE main
  MLU kernels/masked_im2col/masked_im2col_forward/masked_im2col_forward_union1.mlu
  TEST masked_im2col_forward.cpp)
