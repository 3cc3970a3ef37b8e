# Conversion and matrix built-in tests, included by tests/bang/CMakeLists.txt
# (bang_add_test: GoogleTest + the NRAM harness, label "bang", ctest timeout).
bang_add_test(test_bang_conversion 300 test_conversion.cpp)
bang_add_test(test_bang_matrix 300 test_matrix.cpp)
