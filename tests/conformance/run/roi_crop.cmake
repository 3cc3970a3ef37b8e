xbang_conformance_run(NAME roi_crop TREE main
                      MLU kernels/roi_crop/roi_crop_block.mlu
                      TEST roi_crop.cpp)
