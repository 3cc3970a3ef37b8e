xbang_conformance_run(
  NAME points_in_boxes TREE main
  MLU kernels/points_in_boxes/points_in_boxes_block_kernel.mlu
  TEST points_in_boxes.cpp)
