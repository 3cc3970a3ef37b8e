# FindBANG: Neuware's find_package(BANG) idiom, served by xbang.
#
#   list(APPEND CMAKE_MODULE_PATH <xbang cmake dir>)   # or find_package(xbang)
#   find_package(BANG REQUIRED)
#   set(BANG_CNCC_FLAGS "${BANG_CNCC_FLAGS} -O3 --bang-mlu-arch=mtp_372")
#   bang_add_executable(app main.cpp kernel.mlu)
#   bang_add_library(kernels STATIC kernel.mlu)
#   target_link_libraries(app cnrt cndrv cndev cnnl)
#
# Defines BANG_FOUND, BANG_VERSION (the CNRT version xbang's headers
# declare), BANG_CNCC_EXECUTABLE (bin/cncc of the package's Neuware layout,
# xbang's compiler driver), the functions bang_add_executable /
# bang_add_library (their .mlu sources go through xbang_add_mlu_sources,
# compiled for the host CPU unless XBANG_PORTABLE is set) and the link names
# cnrt, cndrv, cndev, cnnl, cnbin and cnpapi, which resolve to xbang::bang.
#
# BANG_CNCC_FLAGS (a string or a list) applies to the .mlu sources where it
# means something on a CPU: -O<level>, -g*, -D<macro>[=<value>], -I<dir>,
# --bang-mlu-arch=mtp_<NNN> (the profile: __BANG_ARCH__=<NNN>; of several,
# the first xbang has a profile for; mtp_613 and mtp_617 have none), -march=
# and -mcpu= (instead of the host CPU). Every other flag is ignored, with one
# message at the first target: warning flags too, because the .mlu sources
# are compiled by the project's C++ compiler, whose CMAKE_CXX_FLAGS (with
# their -W flags) reach them already, and GCC's -Wall is not cncc's.

# In xbang's own build the targets exist; elsewhere the xbang package is
# next to this file (installed) or on CMAKE_PREFIX_PATH.
if(NOT TARGET xbang::bang)
  find_package(xbang CONFIG QUIET HINTS "${CMAKE_CURRENT_LIST_DIR}")
endif()

if(TARGET xbang::bang)
  set(BANG_XBANG_TARGET xbang::bang)
  set(BANG_VERSION 6.14.1)
  # cncc in the package's Neuware layout (bin/cncc), built or installed.
  if(NOT BANG_CNCC_EXECUTABLE AND DEFINED xbang_NEUWARE_HOME
     AND EXISTS "${xbang_NEUWARE_HOME}/bin/cncc")
    set(BANG_CNCC_EXECUTABLE "${xbang_NEUWARE_HOME}/bin/cncc")
  endif()
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(BANG
  REQUIRED_VARS BANG_XBANG_TARGET
  VERSION_VAR BANG_VERSION
  REASON_FAILURE_MESSAGE
    "xbang is not built or installed: add_subdirectory(<xbang>), or put its install prefix on CMAKE_PREFIX_PATH")
if(NOT BANG_FOUND)
  return()
endif()

foreach(_bang_link_name cnrt cndrv cndev cnnl cnbin cnpapi)
  if(NOT TARGET ${_bang_link_name})
    add_library(${_bang_link_name} INTERFACE IMPORTED GLOBAL)
    set_property(TARGET ${_bang_link_name}
                 PROPERTY INTERFACE_LINK_LIBRARIES xbang::bang)
  endif()
endforeach()

# Splits BANG_CNCC_FLAGS into what applies to the .mlu sources of `target`
# and applies it; reports the ignored flags once per configure.
function(_bang_apply_cncc_flags target)
  string(REPLACE ";" " " flags "${BANG_CNCC_FLAGS}")
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(options "")
  set(definitions "")
  set(includes "")
  set(archs "")
  set(ignored "")
  set(pending "")
  foreach(flag IN LISTS flags)
    if(pending STREQUAL "-D")
      list(APPEND definitions "${flag}")
    elseif(pending STREQUAL "-I")
      list(APPEND includes "${flag}")
    elseif(pending STREQUAL "--bang-mlu-arch")
      set(flag "--bang-mlu-arch=${flag}")
    endif()
    if(pending STREQUAL "-D" OR pending STREQUAL "-I")
      set(pending "")
      continue()
    endif()
    set(pending "")
    if(flag MATCHES "^-O([0-3sgz]|fast)?$" OR flag MATCHES "^-g[0-3]?$"
       OR flag MATCHES "^-m(arch|cpu)=.+$")
      list(APPEND options "${flag}")
    elseif(flag STREQUAL "-D" OR flag STREQUAL "-I"
           OR flag STREQUAL "--bang-mlu-arch")
      set(pending "${flag}")
    elseif(flag MATCHES "^-D(.+)$")
      list(APPEND definitions "${CMAKE_MATCH_1}")
    elseif(flag MATCHES "^-I(.+)$")
      list(APPEND includes "${CMAKE_MATCH_1}")
    elseif(flag MATCHES "^--bang-mlu-arch=(mtp_|tp_|compute_)?([0-9]+)$")
      list(APPEND archs "${CMAKE_MATCH_2}")
    else()
      list(APPEND ignored "${flag}")
    endif()
  endforeach()

  # The first architecture xbang has a profile for; the device runs it on a
  # device of that architecture (XBANG_DEVICE, or by default the one the
  # loaded kernels were built for). Several: cncc builds fat objects,
  # this path the first.
  set(arch "")
  set(unmodelled "")
  foreach(candidate IN LISTS archs)
    if(candidate MATCHES "^(290|372|592)$")
      if(NOT arch)
        set(arch "${candidate}")
      endif()
    else()
      list(APPEND unmodelled "mtp_${candidate}")
    endif()
  endforeach()
  if(unmodelled)
    string(REPLACE ";" ", " unmodelled "${unmodelled}")
    if(NOT arch)
      message(FATAL_ERROR
        "FindBANG (xbang): --bang-mlu-arch ${unmodelled}: no public document "
        "gives these architectures' on-chip sizes; xbang emulates mtp_290, "
        "mtp_372 and mtp_592")
    endif()
    message(STATUS "FindBANG (xbang): ${target}: no code is built for "
                   "${unmodelled} (no profile: docs/cncc.md)")
  endif()
  list(REMOVE_DUPLICATES archs)
  list(LENGTH archs arch_count)
  if(arch_count GREATER 1 AND NOT unmodelled)
    message(STATUS "FindBANG (xbang): ${target}'s kernels are compiled for "
                   "mtp_${arch} (fat objects: cncc)")
  endif()

  get_property(reported GLOBAL PROPERTY _BANG_IGNORED_FLAGS_REPORTED)
  if(ignored AND NOT reported)
    set_property(GLOBAL PROPERTY _BANG_IGNORED_FLAGS_REPORTED TRUE)
    list(REMOVE_DUPLICATES ignored)
    string(REPLACE ";" " " ignored "${ignored}")
    message(STATUS "FindBANG (xbang): BANG_CNCC_FLAGS with no meaning on a "
                   "CPU, ignored: ${ignored}")
  endif()

  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    if(NOT source MATCHES "\\.mlu\\.cpp$")
      continue()
    endif()
    if(options)
      set_property(SOURCE "${source}" APPEND PROPERTY COMPILE_OPTIONS
                   ${options})
    endif()
    if(definitions)
      set_property(SOURCE "${source}" APPEND PROPERTY COMPILE_DEFINITIONS
                   ${definitions})
    endif()
    if(arch)
      set_property(SOURCE "${source}" APPEND PROPERTY COMPILE_DEFINITIONS
                   "__BANG_ARCH__=${arch}")
    endif()
    foreach(dir IN LISTS includes)
      get_filename_component(dir "${dir}" ABSOLUTE
                             BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      set_property(SOURCE "${source}" APPEND PROPERTY INCLUDE_DIRECTORIES
                   "${dir}")
    endforeach()
  endforeach()
endfunction()

# Adds the sources of a bang_add_* call to `target`: .mlu files through
# xbang_add_mlu_sources, the rest as they are.
function(_bang_add_sources target)
  set(mlu_sources "")
  set(other_sources "")
  foreach(source IN LISTS ARGN)
    if(source MATCHES "\\.mlu$")
      list(APPEND mlu_sources "${source}")
    else()
      list(APPEND other_sources "${source}")
    endif()
  endforeach()
  if(other_sources)
    target_sources(${target} PRIVATE ${other_sources})
  endif()
  if(mlu_sources)
    xbang_add_mlu_sources(${target} ${mlu_sources})
  endif()
  # Through the properties, so the caller may use either signature of
  # target_link_libraries afterwards.
  set_property(TARGET ${target} APPEND PROPERTY LINK_LIBRARIES xbang::bang)
  set_property(TARGET ${target} APPEND PROPERTY INTERFACE_LINK_LIBRARIES
                                                xbang::bang)
  target_compile_features(${target} PUBLIC cxx_std_17)
  _bang_apply_cncc_flags(${target})
endfunction()

# bang_add_executable(<name> <sources>...)
function(bang_add_executable name)
  add_executable(${name})
  _bang_add_sources(${name} ${ARGN})
endfunction()

# bang_add_library(<name> [STATIC|SHARED|MODULE|OBJECT] <sources>...)
function(bang_add_library name)
  set(kind "")
  set(sources ${ARGN})
  if(sources)
    list(GET sources 0 first)
    if(first MATCHES "^(STATIC|SHARED|MODULE|OBJECT)$")
      set(kind "${first}")
      list(REMOVE_AT sources 0)
    endif()
  endif()
  add_library(${name} ${kind})
  _bang_add_sources(${name} ${sources})
endfunction()
