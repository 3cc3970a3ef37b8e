# main's sqrt backward computes only on 592; v1.0.0's on every profile.
xbang_conformance_run(NAME sqrt_backward TREE v1.0.0
                      MLU kernels/sqrt/sqrt_block.mlu
                      TEST sqrt_backward.cpp)
