xbang_conformance_run(NAME three_interpolate TREE v1.0.0
                      MLU kernels/three_interpolate/three_interpolate_union1.mlu
                      TEST three_interpolate.cpp)
