xbang_conformance_run(NAME three_nn_forward TREE main
                      MLU kernels/three_nn_forward/three_nn_forward_union1.mlu
                      TEST three_nn_forward.cpp)
