xbang_conformance_run(
  NAME focal_loss_sigmoid_backward TREE main
  MLU kernels/focal_loss_sigmoid/focal_loss_sigmoid_backward_union1.mlu
  TEST focal_loss_sigmoid_backward.cpp)
