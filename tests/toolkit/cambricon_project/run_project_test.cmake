# cmake -P script behind `toolkit_cambricon_project`: installs the xbang
# build tree into a fresh prefix, then configures, builds and runs the
# Cambricon-style project with NEUWARE_HOME=<prefix>/share/xbang/neuware.
#   -DXBANG_BUILD_DIR= -DWORK_DIR= -DPROJECT_SOURCE= -DGENERATOR=
#   -DCXX_COMPILER= -DBUILD_TYPE= [-DCXX_FLAGS=] [-DLINKER_FLAGS=]
include(${CMAKE_CURRENT_LIST_DIR}/../../common/installed_xbang_steps.cmake)
set(STEP_LOG_PREFIX "cambricon project")
require_script_arguments(run_project_test.cmake XBANG_BUILD_DIR WORK_DIR
  PROJECT_SOURCE GENERATOR CXX_COMPILER BUILD_TYPE)

set(prefix ${WORK_DIR}/prefix)
set(project_build ${WORK_DIR}/build)
install_xbang_fresh(${prefix} ${project_build})
run_step("configure"
  ${CMAKE_COMMAND} -S ${PROJECT_SOURCE} -B ${project_build} -G ${GENERATOR}
  -DNEUWARE_HOME=${prefix}/share/xbang/neuware
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=${BUILD_TYPE}
  # The flags the library was built with (the sanitizer lanes' among them).
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
run_step("build" ${CMAKE_COMMAND} --build ${project_build} --parallel 2)
run_step("run" ${project_build}/vector_add)
