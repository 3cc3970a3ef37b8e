# cmake -DSTATUS=<file> -DSOURCE=<file.mlu> -P check_compile.cmake
# One conformance compile test: passes when record_compile.sh recorded "ok"
# for the file, otherwise fails with the file's first compiler error.
if(NOT EXISTS "${STATUS}")
  message(FATAL_ERROR "${SOURCE}: not compiled (the conformance build did not run)")
endif()
file(STRINGS "${STATUS}" lines)
list(GET lines 0 outcome)
if(outcome STREQUAL "ok")
  message(STATUS "${SOURCE}: compiles")
  return()
endif()
list(LENGTH lines count)
set(first_error "(no error line; see ${STATUS}.log)")
if(count GREATER 1)
  list(GET lines 1 first_error)
endif()
message(FATAL_ERROR "${SOURCE} does not compile:\n${first_error}\n(full output: ${STATUS}.log)")
