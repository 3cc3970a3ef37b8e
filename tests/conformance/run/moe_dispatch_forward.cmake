xbang_conformance_run(
  NAME moe_dispatch_forward TREE main
  MLU kernels/moe_dispatch/moe_dispatch_forward/moe_dispatch_forward_block.mlu
  TEST moe_dispatch_forward.cpp)
