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
# bang_add_library and the link names cnrt, cndrv, cndev, cnnl, cnbin and
# cnpapi, which resolve to xbang::bang.
#
# The .mlu sources of bang_add_* compile through cncc, as with the real
# toolkit: one `cncc -c` per file, with BANG_CNCC_FLAGS, the target's include
# directories and compile definitions, -fPIC for a shared library or
# POSITION_INDEPENDENT_CODE, and --xbang-portable when XBANG_PORTABLE is set
# (else cncc compiles for the host CPU). cncc compiles with Clang, so
# -Wall -Werror in BANG_CNCC_FLAGS means what it means for the real cncc
# (docs/cncc.md). The --bang-mlu-arch flags xbang has a profile for reach
# cncc, which makes fat objects of several (docs/cncc.md, "Fat binaries");
# mtp_613 and mtp_617, which have none, are named once at configure time and
# left out; with nothing else named, configuring fails.
#
# Without cncc (a cross build, or BANG_MLU_THROUGH_CXX set) the .mlu sources
# go through xbang_add_mlu_sources and the project's C++ compiler instead;
# then BANG_CNCC_FLAGS applies where it means something on a CPU: -O<level>,
# -g*, -D<macro>[=<value>], -I<dir>, the first arch with a profile, -march=
# and -mcpu= (instead of the host CPU), --xbang-scalar-check (with Clang;
# docs/cncc.md). Every other flag is ignored there, with one message at the
# first target: warning flags too, as the project's CMAKE_CXX_FLAGS reach
# those sources already.

# In xbang's own build the targets exist; elsewhere the xbang package is
# next to this file (installed) or on CMAKE_PREFIX_PATH.
if(NOT TARGET xbang::bang)
  find_package(xbang CONFIG QUIET HINTS "${CMAKE_CURRENT_LIST_DIR}")
endif()

if(TARGET xbang::bang)
  set(BANG_XBANG_TARGET xbang::bang)
  set(BANG_VERSION 6.14.1)
  # cncc in the package's Neuware layout (bin/cncc), built or installed;
  # in xbang's own build tree, the one the build assembles.
  if(NOT BANG_CNCC_EXECUTABLE AND DEFINED xbang_NEUWARE_HOME
     AND EXISTS "${xbang_NEUWARE_HOME}/bin/cncc")
    set(BANG_CNCC_EXECUTABLE "${xbang_NEUWARE_HOME}/bin/cncc")
  elseif(NOT BANG_CNCC_EXECUTABLE AND TARGET xbang_cncc)
    # The layout's targets (xbang_neuware: its include/ and lib64/) build
    # before the kernels.
    get_target_property(_bang_cncc_dir xbang_cncc RUNTIME_OUTPUT_DIRECTORY)
    set(BANG_CNCC_EXECUTABLE "${_bang_cncc_dir}/cncc")
    set(_bang_cncc_targets xbang_cncc xbang_mlu_rewrite xbang_neuware)
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

# compute_20, compute_30, compute_50: the families of the profiles.
set(_bang_compute_profiles 0 0 290 372 0 592)

# The architecture an --bang-mlu-arch= / --bang-arch= flag names (a
# compute_N0 family: its profile), or "" for any other flag. Both ways of
# compiling the .mlu sources read the flags through it.
function(_bang_arch_of_flag out flag)
  set(arch "")
  if(flag MATCHES "^--bang-(mlu-)?arch=compute_([2-5])0$")
    list(GET _bang_compute_profiles ${CMAKE_MATCH_2} arch)
  elseif(flag MATCHES "^--bang-(mlu-)?arch=(mtp_|tp_)?([0-9]+)$")
    set(arch "${CMAKE_MATCH_3}")
  endif()
  set(${out} "${arch}" PARENT_SCOPE)
endfunction()

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
    _bang_arch_of_flag(arch "${flag}")
    if(arch)
      list(APPEND archs "${arch}")
    elseif(flag MATCHES "^-O([0-3sgz]|fast)?$" OR flag MATCHES "^-g[0-3]?$"
       OR flag MATCHES "^-m(arch|cpu)=.+$")
      list(APPEND options "${flag}")
    elseif(flag STREQUAL "-D" OR flag STREQUAL "-I")
      set(pending "${flag}")
    elseif(flag STREQUAL "--bang-mlu-arch" OR flag STREQUAL "--bang-arch")
      set(pending "--bang-mlu-arch")
    elseif(flag MATCHES "^-D(.+)$")
      list(APPEND definitions "${CMAKE_MATCH_1}")
    elseif(flag MATCHES "^-I(.+)$")
      list(APPEND includes "${CMAKE_MATCH_1}")
    elseif(flag STREQUAL "--xbang-scalar-check")
      # Applied by xbang_add_mlu_sources (_bang_add_sources).
    else()
      list(APPEND ignored "${flag}")
    endif()
  endforeach()

  _bang_modelled_archs(modelled ${target} "${archs}")
  set(arch "")
  if(modelled)
    list(GET modelled 0 arch)
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

# The architectures among `archs` (numbers) xbang has a profile for, in
# order, once each. The others (mtp_613 and mtp_617, which mlu-ops names)
# are named once; with none modelled, configuring fails.
function(_bang_modelled_archs out target archs)
  set(modelled "")
  set(unmodelled "")
  foreach(candidate IN LISTS archs)
    if(candidate MATCHES "^(290|372|592)$")
      list(APPEND modelled "${candidate}")
    else()
      list(APPEND unmodelled "mtp_${candidate}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES modelled)
  if(unmodelled)
    list(REMOVE_DUPLICATES unmodelled)
    string(REPLACE ";" ", " unmodelled "${unmodelled}")
    if(NOT modelled)
      message(FATAL_ERROR
        "FindBANG (xbang): --bang-mlu-arch ${unmodelled}: no public document "
        "gives these architectures' on-chip sizes; xbang has profiles for "
        "mtp_290, mtp_372 and mtp_592 (docs/cncc.md)")
    endif()
    message(STATUS "FindBANG (xbang): ${target}: no code is built for "
                   "${unmodelled} (no profile: docs/cncc.md)")
  endif()
  set(${out} "${modelled}" PARENT_SCOPE)
endfunction()

# Compiles each .mlu file of `target` with cncc into an object of the target.
# The object's source property BANG_CNCC_FLAGS holds the flags cncc gets
# besides the target's include directories and definitions.
function(_bang_add_cncc_objects target)
  string(REPLACE ";" " " flags "${BANG_CNCC_FLAGS}")
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(cncc_flags "")
  set(archs "")
  set(pending "")
  foreach(flag IN LISTS flags)
    if(pending)
      set(flag "--bang-mlu-arch=${flag}")
      set(pending "")
    endif()
    _bang_arch_of_flag(arch "${flag}")
    if(flag STREQUAL "--bang-mlu-arch" OR flag STREQUAL "--bang-arch")
      set(pending TRUE)
    elseif(arch)
      list(APPEND archs "${arch}")
    else()
      list(APPEND cncc_flags "${flag}")
    endif()
  endforeach()
  _bang_modelled_archs(modelled ${target} "${archs}")
  foreach(arch IN LISTS modelled)
    list(APPEND cncc_flags "--bang-mlu-arch=mtp_${arch}")
  endforeach()
  get_target_property(type ${target} TYPE)
  get_target_property(pic ${target} POSITION_INDEPENDENT_CODE)
  if(type MATCHES "^(SHARED|MODULE)_LIBRARY$" OR pic)
    list(APPEND cncc_flags -fPIC)
  endif()
  if(XBANG_PORTABLE OR (DEFINED XBANG_NATIVE AND NOT XBANG_NATIVE))
    list(APPEND cncc_flags --xbang-portable)
  endif()

  # A target of .mlu files only has no source CMake compiles: its objects
  # link as C++.
  get_target_property(language ${target} LINKER_LANGUAGE)
  if(NOT language)
    set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
  endif()

  # The target's include directories, less the toolkit's (xbang::bang's)
  # and the compiler's own: cncc gives the toolkit headers as system
  # headers, and -I/usr/include would hide the C++ library's #include_next.
  set(excluded ${CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES} /usr/include
      /usr/local/include)
  get_target_property(bang_dirs ${BANG_XBANG_TARGET}
                      INTERFACE_INCLUDE_DIRECTORIES)
  foreach(dir IN LISTS bang_dirs)
    string(REGEX REPLACE "^\\$<BUILD_INTERFACE:(.*)>$" "\\1" dir "${dir}")
    if(IS_ABSOLUTE "${dir}")
      list(APPEND excluded "${dir}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES excluded)
  string(REPLACE ";" "|" excluded "${excluded}")
  string(REGEX REPLACE "([.+])" "\\\\\\1" excluded "${excluded}")
  set(includes "$<FILTER:$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>,EXCLUDE,^(${excluded})/?$>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  foreach(mlu IN LISTS ARGN)
    get_filename_component(mlu_path "${mlu}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${mlu_path}")
      message(FATAL_ERROR "bang_add_*: ${mlu_path} does not exist")
    endif()
    file(RELATIVE_PATH relative "${CMAKE_CURRENT_SOURCE_DIR}" "${mlu_path}")
    string(REPLACE "../" "__/" relative "${relative}")
    set(object
        "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir/bang/${relative}.o")
    get_filename_component(object_dir "${object}" DIRECTORY)
    file(MAKE_DIRECTORY "${object_dir}")
    file(RELATIVE_PATH shown "${PROJECT_SOURCE_DIR}" "${mlu_path}")
    add_custom_command(
      OUTPUT "${object}"
      COMMAND "${BANG_CNCC_EXECUTABLE}" -c "${mlu_path}" -o "${object}"
              ${cncc_flags}
              "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
              "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
              -MD -MF "${object}.d"
      DEPENDS "${mlu_path}" ${_bang_cncc_targets}
      DEPFILE "${object}.d"
      COMMENT "Building BANG object ${shown}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    set_source_files_properties("${object}" PROPERTIES
      GENERATED TRUE EXTERNAL_OBJECT TRUE BANG_CNCC_FLAGS "${cncc_flags}")
    target_sources(${target} PRIVATE "${object}")
  endforeach()
endfunction()

# Adds the sources of a bang_add_* call to `target`: .mlu files through
# cncc (or xbang_add_mlu_sources, see above), the rest as they are.
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
  set(through_cncc FALSE)
  if(mlu_sources AND BANG_CNCC_EXECUTABLE AND NOT CMAKE_CROSSCOMPILING
     AND NOT BANG_MLU_THROUGH_CXX)
    set(through_cncc TRUE)
    _bang_add_cncc_objects(${target} ${mlu_sources})
  elseif(mlu_sources)
    # cncc's --xbang-scalar-check is xbang_add_mlu_sources' XBANG_SCALAR_CHECK.
    if(" ${BANG_CNCC_FLAGS} " MATCHES "[ ;]--xbang-scalar-check[ ;]")
      set(XBANG_SCALAR_CHECK ON)
    endif()
    xbang_add_mlu_sources(${target} ${mlu_sources})
  endif()
  # Through the properties, so the caller may use either signature of
  # target_link_libraries afterwards.
  set_property(TARGET ${target} APPEND PROPERTY LINK_LIBRARIES xbang::bang)
  set_property(TARGET ${target} APPEND PROPERTY INTERFACE_LINK_LIBRARIES
                                                xbang::bang)
  target_compile_features(${target} PUBLIC cxx_std_17)
  if(NOT through_cncc)
    _bang_apply_cncc_flags(${target})
  endif()
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
