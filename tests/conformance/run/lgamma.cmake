xbang_conformance_run(NAME lgamma TREE main
                      MLU kernels/lgamma/lgamma_block.mlu
                      TEST lgamma.cpp)
