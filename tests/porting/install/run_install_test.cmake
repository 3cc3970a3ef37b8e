# cmake -P script behind the `porting_install` test: installs the xbang build
# tree into a fresh prefix, then configures, builds and runs the consumer
# project against it with find_package(xbang).
#   -DXBANG_BUILD_DIR= -DWORK_DIR= -DCONSUMER_SOURCE_DIR= -DGENERATOR=
#   -DCXX_COMPILER= -DBUILD_TYPE= [-DCXX_FLAGS=] [-DLINKER_FLAGS=]
include(${CMAKE_CURRENT_LIST_DIR}/../../common/installed_xbang_steps.cmake)
set(STEP_LOG_PREFIX "install test")
require_script_arguments(run_install_test.cmake XBANG_BUILD_DIR WORK_DIR
  CONSUMER_SOURCE_DIR GENERATOR CXX_COMPILER BUILD_TYPE)

set(prefix ${WORK_DIR}/prefix)
set(consumer_build ${WORK_DIR}/consumer-build)
install_xbang_fresh(${prefix} ${consumer_build})
foreach(installed
    include/bang.h include/mlu.h include/cnrt.h include/cnnl.h
    include/xbang/ops/mlu_op.h
    include/xbang/runtime/launch.h include/xbang/ops/kernel/common/kernel.h
    bin/xbang-mlu-rewrite)
  if(NOT EXISTS ${prefix}/${installed})
    message(FATAL_ERROR "install test: ${prefix}/${installed} not installed")
  endif()
endforeach()

run_step("configure the consumer"
  ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${consumer_build}
  -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${prefix}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=${BUILD_TYPE}
  # The flags the library was built with (the sanitizer lanes' among them).
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
run_step("build the consumer"
  ${CMAKE_COMMAND} --build ${consumer_build} --parallel 2)
run_step("run the consumer" ${consumer_build}/consumer)
# Its kernel file is fat: an MLU590 device runs the 592 code.
run_step("run the consumer on an MLU590"
  ${CMAKE_COMMAND} -E env XBANG_DEVICE=MLU590 ${consumer_build}/consumer)

# The Neuware layout: cncc from the installed prefix builds and runs a
# kernel against the headers and libraries it finds through include/ and
# lib64/.
set(neuware ${prefix}/share/xbang/neuware)
foreach(installed bin/cncc bin/xbang-mlu-rewrite bin/env.sh include/cnrt.h
                  include/cn_api.h include/bang.h include/xbang/runtime/launch.h
                  cmake/modules/FindBANG.cmake)
  if(NOT EXISTS ${neuware}/${installed})
    message(FATAL_ERROR "install test: ${neuware}/${installed} not installed")
  endif()
endforeach()
foreach(link_name cnrt cndrv cndev cnnl cnbin)
  if(NOT EXISTS ${neuware}/lib64/lib${link_name}.so
     AND NOT EXISTS ${neuware}/lib64/lib${link_name}.a)
    message(FATAL_ERROR "install test: ${neuware}/lib64 has no lib${link_name}")
  endif()
endforeach()
set(cncc_sources ${CONSUMER_SOURCE_DIR}/../../cncc)
run_step("build a kernel with the installed cncc"
  ${neuware}/bin/cncc ${cncc_sources}/scale_block.mlu
  ${cncc_sources}/scale_main.cpp -o ${WORK_DIR}/cncc_scale -O2)
run_step("run the kernel built by the installed cncc" ${WORK_DIR}/cncc_scale)
