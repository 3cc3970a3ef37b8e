# cmake -P script behind porting_neuware_project: configures, builds and runs
# ./CMakeLists.txt against the build tree's Neuware layout, then configures
# it again with XBANG_PORTABLE=ON.
#   -DNEUWARE_HOME= -DPROJECT_SOURCE= -DKERNEL_DIR= -DWORK_DIR= -DGENERATOR=
#   -DCXX_COMPILER= -DBUILD_TYPE= [-DCXX_FLAGS=] [-DLINKER_FLAGS=]
include(${CMAKE_CURRENT_LIST_DIR}/../../common/installed_xbang_steps.cmake)
set(STEP_LOG_PREFIX "neuware project")
require_script_arguments(run_neuware_project_test.cmake NEUWARE_HOME
  PROJECT_SOURCE KERNEL_DIR WORK_DIR GENERATOR CXX_COMPILER BUILD_TYPE)
file(REMOVE_RECURSE ${WORK_DIR})

# mlu-ops' build.sh reads the toolkit's version from the last field of this
# line.
file(STRINGS ${NEUWARE_HOME}/version.txt neuware_version
     REGEX "^Neuware Version [0-9]+\\.[0-9]+\\.[0-9]+$")
if(NOT neuware_version)
  message(FATAL_ERROR "neuware project: no 'Neuware Version x.y.z' line in "
                      "${NEUWARE_HOME}/version.txt")
endif()

function(configure_project build_dir)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${PROJECT_SOURCE} -B ${build_dir}
            -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
            -DCMAKE_BUILD_TYPE=${BUILD_TYPE} -DNEUWARE_HOME=${NEUWARE_HOME}
            -DKERNEL_DIR=${KERNEL_DIR}
            # The flags the library was built with (the sanitizer lanes').
            "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
            "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}" ${ARGN}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "neuware project: configure failed:\n${out}${err}")
  endif()
  string(REGEX MATCH "mlu source options: [^\n]*" options "${out}")
  if(NOT options)
    message(FATAL_ERROR "neuware project: no .mlu source options:\n${out}")
  endif()
  set(mlu_options "${options}" PARENT_SCOPE)
endfunction()

configure_project(${WORK_DIR}/host)
# cncc compiles for the host CPU unless told --xbang-portable; the flags are
# the project's own.
if(mlu_options MATCHES "--xbang-portable"
   OR NOT mlu_options MATCHES "-Werror;-Wdeprecated-declarations;-Wall")
  message(FATAL_ERROR "not the project's cncc flags: ${mlu_options}")
endif()
run_step("build" ${CMAKE_COMMAND} --build ${WORK_DIR}/host --parallel 2)
execute_process(COMMAND ${WORK_DIR}/host/scale RESULT_VARIABLE status
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "1024 elements, 0 wrong")
  message(FATAL_ERROR "neuware project: scale failed (${status}):\n${out}${err}")
endif()

configure_project(${WORK_DIR}/portable -DXBANG_PORTABLE=ON)
if(NOT mlu_options MATCHES "--xbang-portable")
  message(FATAL_ERROR "XBANG_PORTABLE=ON still compiles for the host CPU: "
                      "${mlu_options}")
endif()
