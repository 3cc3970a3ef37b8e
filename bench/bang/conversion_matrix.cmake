# Conversion and matrix built-in benchmarks, included by
# bench/bang/CMakeLists.txt.
xbang_add_bench(bench_bang_conversion bench_conversion.cpp)
xbang_add_bench(bench_bang_matrix bench_matrix.cpp)
