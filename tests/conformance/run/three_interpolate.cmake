xbang_conformance_run(NAME three_interpolate TREE main
                      MLU kernels/three_interpolate/three_interpolate_union1.mlu
                      TEST three_interpolate.cpp)
