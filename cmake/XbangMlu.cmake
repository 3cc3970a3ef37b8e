# xbang_add_mlu_sources(<target> <file.mlu>... [ARCHS <arch>...])
#
# Compiles each .mlu file (BANG C) into <target> as C++, as cncc would: the
# build runs xbang-mlu-rewrite on it (launches, inline assembly, on-chip
# declarations; see bang/porting/mlu_rewrite.h), which also puts cncc's
# pre-include (__clang_bang_runtime_wrapper.h: the C library, <bang.h>, the
# predefined __BANG__, __BANG_ARCH__ and __MLU_*_SIZE__) before the file's
# first line, and compiles the result, <current binary dir>/<path>.mlu.cpp.
# Errors point at the .mlu lines (#line).
#
# Include order: "..." includes resolve against the .mlu file's folder
# first, then the target's include directories, as they would for the real
# compiler (which reads the .mlu file in place); <...> includes do not see
# the .mlu folder. Project headers the file reaches with "..." are rewritten
# too (so their inline assembly is emulated), into
# <current binary dir>/xbang_mlu_headers/<absolute path>, and those copies
# come first on the quoted include path.
#
# The generated sources compile for the host CPU (-march=native), as cncc
# does by default, so the built-ins use its full SIMD width. Set
# XBANG_PORTABLE to ON for binaries that run on other machines; in a build
# of xbang itself, XBANG_NATIVE=OFF means the same (the runtime and the
# kernels then agree on one instruction set). A -march= or -mcpu= appended
# to the source's COMPILE_OPTIONS afterwards (FindBANG does so for one in
# BANG_CNCC_FLAGS) wins; one in CMAKE_CXX_FLAGS or the target's options
# comes before it and does not.
#
# The generated sources compile with the project's C++ compiler (CMake has
# one per language), with the target's flags: its warnings are that
# compiler's, and GCC's -Wall is wider than the Clang-based cncc's
# (-Wsign-compare, -Wunused-but-set-variable, unknown pragmas such as
# `#pragma unroll`). For cncc's compiler and its -Wall, compile through cncc:
# FindBANG's bang_add_executable / bang_add_library do (docs/cncc.md).
#
# With XBANG_SCALAR_CHECK set (a CMake variable) and Clang as the project's
# compiler, checked mode also sees the files' plain C++ loads and stores, as
# cncc --xbang-scalar-check gives (docs/cncc.md, "Scalar accesses").
#
# A .mlu file the rewriter cannot read fails its own compilation with the
# rewriter's message; the other files of the target still build. Relative
# paths are relative to the calling CMakeLists.txt.
#
# ARCHS 372 592 (or mtp_372 ...) makes the files fat, as several
# --bang-mlu-arch flags make cncc's objects: <target> gets the code of the
# first architecture, and the code of each other one, compiled by an object
# library (<target>_mtp_<arch>) with its definitions renamed for it, which
# the device runs on a device of that architecture (docs/cncc.md). Without ARCHS, the files get
# the profile of the code that includes <bang.h> (XBANG_ARCH, default 372).
#
# Works in the xbang build tree (tool target xbang_mlu_rewrite, alias
# xbang::mlu-rewrite) and after find_package(xbang) (imported
# xbang::mlu-rewrite); may be called from another directory than the one
# that created <target>.
include_guard(GLOBAL)

# The target of one of xbang's tools, for COMMAND and DEPENDS (which want
# the real target: the build-tree alias resolves to it).
function(_xbang_mlu_tool name out)
  if(NOT TARGET ${name})
    message(FATAL_ERROR
      "xbang_add_mlu_sources: the tool ${name} is not defined; "
      "use find_package(xbang) or add_subdirectory(<xbang>) first")
  endif()
  get_target_property(tool ${name} ALIASED_TARGET)
  if(NOT tool)
    set(tool ${name})
  endif()
  set(${out} ${tool} PARENT_SCOPE)
endfunction()

function(xbang_add_mlu_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 mlu "" "" "ARCHS")
  set(mlu_files ${mlu_UNPARSED_ARGUMENTS})
  set(archs "")
  foreach(arch IN LISTS mlu_ARCHS)
    string(REGEX REPLACE "^(mtp_|tp_)" "" arch "${arch}")
    if(NOT arch MATCHES "^(290|372|592)$")
      message(FATAL_ERROR "xbang_add_mlu_sources: ARCHS ${arch}: xbang has "
                          "profiles for 290, 372 and 592")
    endif()
    list(APPEND archs ${arch})
  endforeach()
  list(REMOVE_DUPLICATES archs)
  if(NOT TARGET ${target})
    message(FATAL_ERROR "xbang_add_mlu_sources: no target named '${target}'")
  endif()
  _xbang_mlu_tool(xbang::mlu-rewrite tool)

  get_target_property(target_dir ${target} SOURCE_DIR)
  set(same_directory FALSE)
  if(target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    set(same_directory TRUE)
  endif()

  set(generated_files "")
  set(variant_options "")
  foreach(mlu IN LISTS mlu_files)
    get_filename_component(mlu_path "${mlu}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${mlu_path}")
      message(FATAL_ERROR "xbang_add_mlu_sources: ${mlu_path} does not exist")
    endif()
    get_filename_component(mlu_dir "${mlu_path}" DIRECTORY)
    get_filename_component(mlu_name "${mlu_path}" NAME_WE)
    # Mirror the source layout below the current directory so that
    # a/foo.mlu and b/foo.mlu do not collide.
    file(RELATIVE_PATH relative_dir "${CMAKE_CURRENT_SOURCE_DIR}" "${mlu_dir}")
    if(relative_dir MATCHES "^\\.\\.")
      # Outside the current directory: mirror the absolute path.
      string(REGEX REPLACE "^[A-Za-z]:" "" relative_dir "${mlu_dir}")
      string(REGEX REPLACE "^/+" "" relative_dir "${relative_dir}")
      set(relative_dir "xbang_mlu_external/${relative_dir}")
    endif()
    if(relative_dir STREQUAL "")
      set(generated "${CMAKE_CURRENT_BINARY_DIR}/${mlu_name}.mlu.cpp")
    else()
      set(generated
          "${CMAKE_CURRENT_BINARY_DIR}/${relative_dir}/${mlu_name}.mlu.cpp")
    endif()

    set(headers "${CMAKE_CURRENT_BINARY_DIR}/xbang_mlu_headers")
    set(include_dirs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
    # One rule per generated file, however many targets use it.
    get_property(known DIRECTORY PROPERTY XBANG_MLU_GENERATED)
    if(NOT generated IN_LIST known)
      set_property(DIRECTORY APPEND PROPERTY XBANG_MLU_GENERATED "${generated}")
      file(RELATIVE_PATH shown "${PROJECT_SOURCE_DIR}" "${mlu_path}")
      add_custom_command(
        OUTPUT "${generated}"
        COMMAND ${tool} "${mlu_path}" "${generated}" --headers "${headers}"
                "$<$<BOOL:${include_dirs}>:-I$<JOIN:${include_dirs},;-I>>"
                --depfile "${generated}.d"
        DEPENDS ${tool} "${mlu_path}"
        DEPFILE "${generated}.d"
        COMMENT "Rewriting ${shown}"
        COMMAND_EXPAND_LISTS
        VERBATIM)
    endif()

    # Properties of the generated source as the target's directory sees it.
    set(source_scope "")
    if(NOT same_directory)
      set(source_scope TARGET_DIRECTORY ${target})
    endif()
    set_source_files_properties("${generated}" ${source_scope}
      PROPERTIES GENERATED TRUE)
    # -iquote is searched for "..." includes only, before every -I: the
    # rewritten copies (.mlu folder, then the target's directories), then the
    # .mlu folder itself; the target's own -I follow.
    set(mirrored_dirs
        "$<$<BOOL:${include_dirs}>:-iquote${headers}$<JOIN:${include_dirs},;-iquote${headers}>>")
    # GCC's section anchors (AArch64, Arm, POWER) lay out the variables a
    # function uses ahead of the rest of their section, which would move the
    # on-chip variables away from their guard zones.
    set(host_cpu "-march=native")
    if(XBANG_PORTABLE OR (DEFINED XBANG_NATIVE AND NOT XBANG_NATIVE))
      set(host_cpu "")
    endif()
    set_property(SOURCE "${generated}" ${source_scope} APPEND PROPERTY
                 COMPILE_OPTIONS ${host_cpu} "-iquote${headers}${mlu_dir}"
                                 "${mirrored_dirs}" "-iquote${mlu_dir}"
                                 "$<$<CXX_COMPILER_ID:GNU>:-fno-section-anchors>")
    if(archs)
      list(GET archs 0 primary_arch)
      set_property(SOURCE "${generated}" ${source_scope} APPEND PROPERTY
                   COMPILE_DEFINITIONS "__BANG_ARCH__=${primary_arch}")
    endif()
    # XBANG_SCALAR_CHECK: checked mode sees the file's plain loads and
    # stores, as with cncc --xbang-scalar-check (docs/cncc.md); Clang only.
    if(XBANG_SCALAR_CHECK)
      # xbang's functions and the built-ins stay uninstrumented (the list
      # of bang/porting/cncc/cncc.cpp, kScalarCheckIgnored).
      set(ignorelist "${CMAKE_BINARY_DIR}/xbang_scalar_check.ignorelist")
      set(patterns "")
      foreach(prefix IN ITEMS _ZN5xbang _ZNK5xbang _ZZN5xbang _ZZNK5xbang
                              _ZZZN5xbang _ZZZNK5xbang _ZZZZN5xbang
                              _ZZZZNK5xbang _ZN5xsimd _ZNK5xsimd _ZZN5xsimd
                              _Z[0-9]__ _Z[0-9][0-9]__ _ZZ[0-9]__
                              _ZZ[0-9][0-9]__ _ZZZ[0-9]__ _ZZZ[0-9][0-9]__)
        string(APPEND patterns "fun:${prefix}*\n")
      endforeach()
      # Written only when its text changes.
      file(CONFIGURE OUTPUT "${ignorelist}" CONTENT "${patterns}" @ONLY)
      set(clang "$<CXX_COMPILER_ID:Clang>")
      set_property(SOURCE "${generated}" ${source_scope} APPEND PROPERTY
                   COMPILE_OPTIONS
                   "$<${clang}:-fsanitize-coverage=edge,trace-loads,trace-stores>"
                   "$<${clang}:-fsanitize-coverage-ignorelist=${ignorelist}>"
                   "$<${clang}:-mprefer-vector-width=128>"
                   "$<${clang}:-DXBANG_SCALAR_CHECK=1>")
      if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        message(STATUS "xbang_add_mlu_sources: XBANG_SCALAR_CHECK needs "
                       "Clang; ${target}'s .mlu files are compiled without it")
      endif()
    endif()
    target_sources(${target} PRIVATE "${generated}")
    list(APPEND generated_files "${generated}")
    list(APPEND variant_options ${host_cpu} "-iquote${headers}${mlu_dir}"
         "${mirrored_dirs}" "-iquote${mlu_dir}")
  endforeach()

  list(LENGTH archs arch_count)
  if(arch_count GREATER 1)
    _xbang_add_mlu_variants(${target} "${archs}" "${generated_files}"
                            "${variant_options}")
  endif()

  if(NOT same_directory AND generated_files)
    # A custom command only builds for targets of its own directory: a
    # helper target here produces the files before <target> compiles them.
    string(MD5 helper_hash "${CMAKE_CURRENT_SOURCE_DIR};${generated_files}")
    string(SUBSTRING "${helper_hash}" 0 8 helper_hash)
    set(helper "${target}_mlu_${helper_hash}")
    if(NOT TARGET ${helper})
      add_custom_target(${helper} DEPENDS ${generated_files})
      add_dependencies(${target} ${helper})
    endif()
  endif()
endfunction()

# The fat part of xbang_add_mlu_sources: for each architecture after the
# first, an object library of the same generated sources compiled for it
# (<target>_mtp_<arch>), linked into one relocatable object whose
# definitions get the architecture's suffix (xbang-variant-symbols, then
# objcopy, with the thunks of its calls to other files: docs/cncc.md), which
# <target> links beside its own code. Its
# launch sites register when <target> loads.
function(_xbang_add_mlu_variants target archs generated_files options)
  _xbang_mlu_tool(xbang::variant-symbols renamer)
  if(NOT CMAKE_OBJCOPY)
    message(FATAL_ERROR "xbang_add_mlu_sources: ARCHS needs objcopy "
                        "(CMAKE_OBJCOPY is not set)")
  endif()
  get_target_property(target_dir ${target} SOURCE_DIR)
  set(source_scope "")
  if(NOT target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    set(source_scope TARGET_DIRECTORY ${target})
  endif()
  list(REMOVE_AT archs 0)
  foreach(arch IN LISTS archs)
    set(variant ${target}_mtp_${arch})
    set(variant_dir "${CMAKE_CURRENT_BINARY_DIR}/${variant}")
    set(wrappers "")
    foreach(generated IN LISTS generated_files)
      # A source of its own per architecture: the generated file's
      # __BANG_ARCH__ is the primary one's.
      string(MD5 hash "${generated}")
      string(SUBSTRING "${hash}" 0 8 hash)
      get_filename_component(name "${generated}" NAME)
      set(wrapper "${variant_dir}/${hash}_${name}")
      file(GENERATE OUTPUT "${wrapper}"
           CONTENT "#include \"${generated}\"\n")
      set_property(SOURCE "${wrapper}" APPEND PROPERTY COMPILE_DEFINITIONS
                   "__BANG_ARCH__=${arch}")
      set_property(SOURCE "${wrapper}" APPEND PROPERTY COMPILE_OPTIONS
                   ${options}
                   "$<$<CXX_COMPILER_ID:GNU>:-fno-section-anchors>")
      set_property(SOURCE "${wrapper}" APPEND PROPERTY OBJECT_DEPENDS
                   "${generated}")
      list(APPEND wrappers "${wrapper}")
    endforeach()
    add_library(${variant} OBJECT ${wrappers})
    target_link_libraries(${variant} PRIVATE xbang::bang)
    target_include_directories(${variant} PRIVATE
      "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
    target_compile_definitions(${variant} PRIVATE
      "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
    # Position-independent: <target> may be a shared library.
    set_target_properties(${variant} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    # The rewritten files come from custom commands of this directory.
    add_custom_target(${variant}_sources DEPENDS ${generated_files})
    add_dependencies(${variant} ${variant}_sources)
    set(linked "${variant_dir}/${variant}_compiled.o")
    set(renames "${variant_dir}/${variant}_renames.txt")
    set(thunks "${variant_dir}/${variant}_thunks.s")
    set(object "${variant_dir}/${variant}.o")
    add_custom_command(
      OUTPUT "${object}"
      COMMAND ${CMAKE_CXX_COMPILER} -r -nostdlib -o "${linked}"
              "$<TARGET_OBJECTS:${variant}>"
      COMMAND ${renamer} ${arch} "${linked}" "${renames}" "${thunks}"
      COMMAND ${CMAKE_OBJCOPY} "--redefine-syms=${renames}" "${linked}"
              "${linked}.renamed.o"
      COMMAND ${CMAKE_CXX_COMPILER} -c -x assembler "${thunks}"
              -o "${thunks}.o"
      COMMAND ${CMAKE_CXX_COMPILER} -r -nostdlib -o "${object}"
              "${linked}.renamed.o" "${thunks}.o"
      DEPENDS ${variant} "$<TARGET_OBJECTS:${variant}>" ${renamer}
      COMMENT "Linking the mtp_${arch} code of ${target}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    # A custom command only builds for targets of its own directory.
    add_custom_target(${variant}_object DEPENDS "${object}")
    add_dependencies(${target} ${variant}_object)
    set_source_files_properties("${object}" ${source_scope}
      PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
    target_sources(${target} PRIVATE "${object}")
  endforeach()
endfunction()
