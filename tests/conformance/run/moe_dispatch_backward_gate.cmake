xbang_conformance_run(
  NAME moe_dispatch_backward_gate TREE main
  MLU kernels/moe_dispatch/moe_dispatch_backward_gate/moe_dispatch_backward_gate_union1.mlu
  TEST moe_dispatch_backward_gate.cpp)
