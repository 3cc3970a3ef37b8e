xbang_conformance_run(NAME tin_shift TREE main
                      MLU kernels/tin_shift/tin_shift_union1.mlu
                      TEST tin_shift.cpp)
