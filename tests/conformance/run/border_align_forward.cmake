xbang_conformance_run(
  NAME border_align_forward TREE main
  MLU kernels/border_align/border_align_forward/border_align_forward_union1.mlu
  TEST border_align_forward.cpp)
