xbang_conformance_run(NAME logspace TREE main
                      MLU kernels/logspace/logspace_block.mlu
                      TEST logspace.cpp)
