xbang_conformance_run(NAME psroipool TREE main
                      MLU kernels/psroipool/psroipool_block.mlu
                      TEST psroipool.cpp)
