xbang_conformance_run(NAME prior_box TREE main
                      MLU kernels/prior_box/prior_box_block.mlu
                      TEST prior_box.cpp)
