xbang_conformance_run(
  NAME border_align_backward TREE main
  MLU kernels/border_align/border_align_backward/border_align_backward_union1.mlu
  TEST border_align_backward.cpp)
