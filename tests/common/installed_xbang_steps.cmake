# Shared by the cmake -P scripts that test an installed xbang
# (tests/porting/install/run_install_test.cmake,
# tests/toolkit/cambricon_project/run_project_test.cmake). Set STEP_LOG_PREFIX
# (the test's name in log lines) before calling these.

# Stops with a message unless every variable named after `script` was given
# with -D.
function(require_script_arguments script)
  foreach(var ${ARGN})
    if(NOT DEFINED ${var})
      message(FATAL_ERROR "${script}: -D${var}= is missing")
    endif()
  endforeach()
endfunction()

# Runs the command after `what`, stopping the script if it fails.
function(run_step what)
  message(STATUS "${STEP_LOG_PREFIX}: ${what}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${STEP_LOG_PREFIX}: ${what} failed (${result})")
  endif()
endfunction()

# Empties `prefix` and `build_dir`, then installs the xbang build tree
# XBANG_BUILD_DIR (configuration BUILD_TYPE) into `prefix`.
function(install_xbang_fresh prefix build_dir)
  file(REMOVE_RECURSE ${prefix} ${build_dir})
  run_step("install xbang into ${prefix}"
    ${CMAKE_COMMAND} --install ${XBANG_BUILD_DIR} --prefix ${prefix}
    --config ${BUILD_TYPE})
endfunction()
