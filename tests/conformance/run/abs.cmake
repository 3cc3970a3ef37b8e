xbang_conformance_run(NAME abs TREE main
                      MLU kernels/abs/abs_block.mlu
                      TEST abs.cpp)
