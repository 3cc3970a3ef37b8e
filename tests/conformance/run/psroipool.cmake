xbang_conformance_run(NAME psroipool TREE v1.0.0
                      MLU kernels/psroipool/psroipool_block.mlu
                      TEST psroipool.cpp)
