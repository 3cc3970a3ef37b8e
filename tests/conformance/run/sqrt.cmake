xbang_conformance_run(NAME sqrt TREE main
                      MLU kernels/sqrt/sqrt_union1.mlu
                      TEST sqrt.cpp)
