xbang_conformance_run(NAME bbox_overlaps TREE main
                      MLU kernels/bbox_overlaps/bbox_overlaps_union1.mlu
                      TEST bbox_overlaps.cpp)
