# main's div computes only on 592; v1.0.0's on every profile.
xbang_conformance_run(NAME div TREE v1.0.0
                      MLU kernels/div/div_block.mlu
                      TEST div.cpp)
