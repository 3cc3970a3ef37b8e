# Fails when a source file outside the instruction-set folder names a raw
# SIMD intrinsic, an intrinsic type or an intrinsics header. Code elsewhere
# uses the SIMD layer and the scalar operations of that folder
# (bang/include/xbang/isa/).
#   cmake -DROOT=<repository> -P check_no_raw_intrinsics.cmake
cmake_minimum_required(VERSION 3.16)
if(NOT ROOT)
  message(FATAL_ERROR "set -DROOT=<folder to scan>")
endif()

set(allowed_folders
  bang/include/xbang/isa/)
# Files allowed a raw intrinsic outside the instruction-set folder: none.
set(allowed_files)

# x86 (SSE .. AVX-512 functions, register types, headers, builtins) and Arm
# (NEON/SVE headers, loads and stores, vector types). One expression each:
# CMake's regular expressions hold few groups.
set(intrinsic_regexes
  "_mm(256|512)?_[a-z0-9]"
  "__m(64|128|256|512)"
  "(imm|x86|[xpenst]mm|avx[0-9a-z]*)intrin[.]h"
  "__builtin_ia32_"
  "_MM_[A-Z]"
  "(^|[^A-Za-z0-9_])_(cvtsh_ss|cvtss_sh|rdtsc|pdep_|pext_|lzcnt|tzcnt|popcnt)"
  "arm_(neon|sve)[.]h"
  "(^|[^A-Za-z0-9_])v(ld|st)[1-4]q?_[a-z]"
  "(float|int|uint|poly)(8|16|32|64)x[0-9]+(x[0-9])?_t"
  "sv(float|int|uint)(8|16|32|64)_t")

set(globs)
foreach(ext h hpp cpp cc c mlu inl)
  list(APPEND globs ${ROOT}/*.${ext})
endforeach()
file(GLOB_RECURSE files RELATIVE ${ROOT} ${globs})

set(offenders 0)
foreach(file IN LISTS files)
  if(file MATCHES "^build" OR file IN_LIST allowed_files)
    continue()
  endif()
  set(allowed FALSE)
  foreach(folder IN LISTS allowed_folders)
    string(FIND "${file}" "${folder}" at)
    if(at EQUAL 0)
      set(allowed TRUE)
    endif()
  endforeach()
  if(allowed)
    continue()
  endif()
  foreach(regex IN LISTS intrinsic_regexes)
    file(STRINGS ${ROOT}/${file} hits REGEX "${regex}")
    foreach(line IN LISTS hits)
      string(STRIP "${line}" line)
      message(STATUS "${file}: ${line}")
      math(EXPR offenders "${offenders} + 1")
    endforeach()
  endforeach()
endforeach()

if(offenders GREATER 0)
  message(FATAL_ERROR "${offenders} line(s) use a raw SIMD intrinsic outside "
                      "the instruction-set folder (see above)")
endif()
list(LENGTH files scanned)
message(STATUS "${scanned} files scanned, no raw SIMD intrinsic outside the "
               "instruction-set folder")
