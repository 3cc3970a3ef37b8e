# cmake -DSTATUS=<file> -DSOURCE=<tree>/<file.mlu> -DEXPECTED=<list file>
#       -P check_compile.cmake
# One conformance compile test. The verdict comes from the status
# record_compile.sh wrote; EXPECTED lists the files known not to compile yet
# ("<tree>/<path> <reason>" lines), so the suite is a ratchet:
#   compiles, not listed        pass
#   fails, listed               pass (prints the reason and the first error)
#   fails, not listed           fail with the first compiler error
#   compiles, listed            fail: take the line out of the list
if(NOT EXISTS "${STATUS}")
  message(FATAL_ERROR "${SOURCE}: not compiled (the conformance build did not run)")
endif()
set(expected_reason "")
if(EXPECTED AND EXISTS "${EXPECTED}")
  file(STRINGS "${EXPECTED}" expected_lines REGEX "^[^#]")
  foreach(line IN LISTS expected_lines)
    if(line MATCHES "^([^ \t]+)[ \t]+(.*)$" AND CMAKE_MATCH_1 STREQUAL SOURCE)
      set(expected_reason "${CMAKE_MATCH_2}")
      break()
    endif()
  endforeach()
endif()
file(STRINGS "${STATUS}" lines)
list(GET lines 0 outcome)
list(LENGTH lines count)
set(first_error "(no error line; see ${STATUS}.log)")
if(count GREATER 1)
  list(GET lines 1 first_error)
endif()
if(outcome STREQUAL "ok")
  if(expected_reason)
    message(FATAL_ERROR "${SOURCE} compiles now: remove its line from "
                        "${EXPECTED}")
  endif()
  message(STATUS "${SOURCE}: compiles")
elseif(expected_reason)
  message(STATUS "${SOURCE}: does not compile yet (listed: ${expected_reason})\n"
                 "${first_error}")
else()
  message(FATAL_ERROR "${SOURCE} does not compile:\n${first_error}\n"
                      "(full output: ${STATUS}.log)")
endif()
