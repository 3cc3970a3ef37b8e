# cmake -P script behind the bang_type_matrix_<compiler> tests: compiles
# type_matrix.mlu with <neuware>/bin/cncc driving COMPILER (clang or gcc) as
# one fat binary for 372 and 592, links it with type_matrix_main.cpp, and
# runs it on an MLU590 and an MLU370 in checked mode.
#   -DCNCC=<neuware>/bin/cncc -DSOURCE_DIR=<this folder> -DWORK_DIR=<dir>
#   -DCOMPILER=clang|gcc
foreach(argument CNCC SOURCE_DIR WORK_DIR COMPILER)
  if(NOT DEFINED ${argument})
    message(FATAL_ERROR "run_type_matrix.cmake: -D${argument}= is required")
  endif()
endforeach()
file(MAKE_DIRECTORY ${WORK_DIR})

function(run_step)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${WORK_DIR}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}")
  endif()
endfunction()

run_step(${CNCC} --xbang-host-compiler=${COMPILER} -c
         ${SOURCE_DIR}/type_matrix.mlu -o type_matrix.o -O1 -Wall -Werror
         -std=c++17 --bang-mlu-arch=mtp_372 --bang-mlu-arch=mtp_592)
run_step(${CNCC} --xbang-host-compiler=${COMPILER}
         ${SOURCE_DIR}/type_matrix_main.cpp type_matrix.o -o type_matrix)
run_step(${CMAKE_COMMAND} -E env XBANG_CHECKED=1 XBANG_DEVICE=MLU590,MLU370
         ${WORK_DIR}/type_matrix)
