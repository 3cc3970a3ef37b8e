xbang_conformance_run(NAME ball_query TREE main
                      MLU kernels/ball_query/ball_query_union1.mlu
                      TEST ball_query.cpp)
