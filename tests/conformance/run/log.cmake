xbang_conformance_run(NAME log TREE main
                      MLU kernels/log/log_union1.mlu
                      TEST log.cpp)
