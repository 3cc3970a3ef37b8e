xbang_conformance_run(NAME voxel_pooling_forward TREE main v1.0.0
                      MLU kernels/voxel_pooling_forward/voxel_pooling_forward_union1.mlu
                      TEST voxel_pooling_forward.cpp)
