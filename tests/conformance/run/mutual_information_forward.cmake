xbang_conformance_run(
  NAME mutual_information_forward TREE main
  MLU kernels/mutual_information/mutual_information_forward/mutual_information_forward_3pipeline_block.mlu
  TEST mutual_information_forward.cpp)
