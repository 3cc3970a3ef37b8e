# The Neuware toolkit layout a Cambricon project finds through NEUWARE_HOME,
# in the build tree (<build>/neuware, assembled by the target xbang_neuware,
# so tests use it without installing) and at <prefix>/share/xbang/neuware:
#   bin/cncc, bin/xbang-mlu-rewrite (cncc runs it), bin/env.sh
#   include/               the toolkit headers (bang/include: cnrt.h, cnnl.h,
#                          bang.h, mlu.h, xbang/...); a link to the folder the
#                          xbang::bang target uses, so that the compiler sees
#                          one folder, a system one, and its warnings never
#                          fail a user's -Werror
#   lib64/                 libcnrt, libcndrv, libcndev, libcnnl, libcnbin,
#                          libcnpapi and libxbang_device (links to the
#                          libraries of bang/)
#   cmake/modules/FindBANG.cmake
#   version.txt            "Neuware Version <v>" and each component's version,
#                          as the real toolkit's file lists them (mlu-ops'
#                          build.sh reads the first)
# The build tree also gets an xbang package (<build>/xbang-build-config)
# that the layout's FindBANG.cmake loads, as the installed one does.
include_guard(GLOBAL)

set(XBANG_NEUWARE_DIR ${PROJECT_BINARY_DIR}/neuware)
set(xbang_neuware_install_dir ${CMAKE_INSTALL_DATADIR}/xbang/neuware)

# The shared libraries lib64/ holds, each under its link name, soname and
# file name.
set(xbang_toolkit_shared_targets xbang_cnrt xbang_cndrv xbang_cndev
    xbang_cnnl xbang_cnbin xbang_cnpapi xbang_device)

# Configure time: what does not depend on built files.
file(MAKE_DIRECTORY ${XBANG_NEUWARE_DIR}/bin ${XBANG_NEUWARE_DIR}/lib64
     ${XBANG_NEUWARE_DIR}/cmake/modules)
if(NOT EXISTS ${XBANG_NEUWARE_DIR}/include)
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/bang/include
       ${XBANG_NEUWARE_DIR}/include SYMBOLIC)
endif()

function(_xbang_write_env_sh file neuware_home)
  file(WRITE ${file}
"# Source it (. <neuware>/bin/env.sh): NEUWARE_HOME, PATH and LD_LIBRARY_PATH
# for xbang's Neuware toolkit, as the real toolkit's env.sh sets them.
if [ -n \"\${BASH_SOURCE:-}\" ]; then
  NEUWARE_HOME=\"$(cd \"$(dirname \"\${BASH_SOURCE[0]}\")/..\" && pwd)\"
else
  NEUWARE_HOME=\"${neuware_home}\"
fi
export NEUWARE_HOME
export PATH=\"\${NEUWARE_HOME}/bin\${PATH:+:\${PATH}}\"
export LD_LIBRARY_PATH=\"\${NEUWARE_HOME}/lib64\${LD_LIBRARY_PATH:+:\${LD_LIBRARY_PATH}}\"
")
endfunction()
_xbang_write_env_sh(${XBANG_NEUWARE_DIR}/bin/env.sh ${XBANG_NEUWARE_DIR})

# The component versions, from the headers that declare them.
function(_xbang_header_version header prefix out)
  file(STRINGS ${PROJECT_SOURCE_DIR}/bang/include/${header} lines
       REGEX "#define ${prefix}_(MAJOR|MINOR|PATCH)_VERSION ")
  set(parts "")
  foreach(part IN ITEMS MAJOR MINOR PATCH)
    foreach(line IN LISTS lines)
      if(line MATCHES "${prefix}_${part}_VERSION ([0-9]+)")
        list(APPEND parts ${CMAKE_MATCH_1})
      endif()
    endforeach()
  endforeach()
  list(JOIN parts "." version)
  set(${out} ${version} PARENT_SCOPE)
endfunction()
_xbang_header_version(cnrt.h CNRT xbang_cnrt_version)
_xbang_header_version(cn_api.h CN xbang_cndrv_version)
file(WRITE ${XBANG_NEUWARE_DIR}/version.txt
  "Neuware Version ${XBANG_CNCC_VERSION}\n"
  "cncc Version ${XBANG_CNCC_VERSION}\n"
  "cnrt Version ${xbang_cnrt_version}\n"
  "cndrv Version ${xbang_cndrv_version}\n"
  "xbang Version ${PROJECT_VERSION}\n")

# The build tree's xbang package: its targets as built here.
set(xbang_build_config_dir ${PROJECT_BINARY_DIR}/xbang-build-config)
set(xbang_exported_targets xbang_bang xbang_native_flags xbang_mlu_rewrite
    xbang_variant_symbols ${xbang_toolkit_shared_targets})
export(TARGETS ${xbang_exported_targets} NAMESPACE xbang::
       FILE ${xbang_build_config_dir}/xbangTargets.cmake)
set(XBANG_NEUWARE_HOME_DIR ${XBANG_NEUWARE_DIR})
include(CMakePackageConfigHelpers)
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/xbangConfig.cmake.in
  ${xbang_build_config_dir}/xbangConfig.cmake
  INSTALL_DESTINATION ${xbang_build_config_dir}
  INSTALL_PREFIX ${PROJECT_BINARY_DIR}
  PATH_VARS XBANG_NEUWARE_HOME_DIR)
foreach(module IN ITEMS XbangMlu.cmake FindBANG.cmake)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/${module}
                 ${xbang_build_config_dir}/${module} COPYONLY)
endforeach()
file(WRITE ${XBANG_NEUWARE_DIR}/cmake/modules/FindBANG.cmake
  "# Neuware layout of xbang's build tree: the module of its xbang package.\n"
  "include(\"${xbang_build_config_dir}/FindBANG.cmake\")\n")

# Build time: the programs and the libraries.
set(xbang_neuware_commands
  COMMAND ${CMAKE_COMMAND} -E copy_if_different
          $<TARGET_FILE:xbang_mlu_rewrite> ${XBANG_NEUWARE_DIR}/bin/)
set(xbang_neuware_depends xbang_cncc xbang_mlu_rewrite)
foreach(target IN LISTS xbang_toolkit_shared_targets)
  foreach(name IN ITEMS TARGET_LINKER_FILE_NAME TARGET_SONAME_FILE_NAME
                        TARGET_FILE_NAME)
    list(APPEND xbang_neuware_commands
      COMMAND ${CMAKE_COMMAND} -E create_symlink $<TARGET_FILE:${target}>
              ${XBANG_NEUWARE_DIR}/lib64/$<${name}:${target}>)
  endforeach()
  list(APPEND xbang_neuware_depends ${target})
endforeach()
add_custom_target(xbang_neuware ALL ${xbang_neuware_commands}
  DEPENDS ${xbang_neuware_depends}
  COMMENT "Assembling the Neuware layout in ${XBANG_NEUWARE_DIR}"
  VERBATIM)

if(NOT XBANG_INSTALL)
  return()
endif()

# Installed: <prefix>/share/xbang/neuware, its include/ and lib64/ entries
# links into <prefix>/include and <prefix>/lib.
install(TARGETS xbang_cncc RUNTIME DESTINATION ${xbang_neuware_install_dir}/bin)
install(PROGRAMS $<TARGET_FILE:xbang_mlu_rewrite>
        DESTINATION ${xbang_neuware_install_dir}/bin)
_xbang_write_env_sh(${PROJECT_BINARY_DIR}/neuware-install/env.sh
                    ${CMAKE_INSTALL_PREFIX}/${xbang_neuware_install_dir})
install(FILES ${PROJECT_BINARY_DIR}/neuware-install/env.sh
        DESTINATION ${xbang_neuware_install_dir}/bin)
install(FILES ${XBANG_NEUWARE_DIR}/version.txt
        DESTINATION ${xbang_neuware_install_dir})

set(xbang_config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/xbang)
file(RELATIVE_PATH xbang_modules_to_config
     /${xbang_neuware_install_dir}/cmake/modules /${xbang_config_dir})
file(WRITE ${PROJECT_BINARY_DIR}/neuware-install/FindBANG.cmake
  "# Neuware layout: the module lives with the xbang package.\n"
  "include(\"\${CMAKE_CURRENT_LIST_DIR}/${xbang_modules_to_config}/FindBANG.cmake\")\n")
install(FILES ${PROJECT_BINARY_DIR}/neuware-install/FindBANG.cmake
        DESTINATION ${xbang_neuware_install_dir}/cmake/modules)

file(RELATIVE_PATH xbang_neuware_to_include
     /${xbang_neuware_install_dir} /${CMAKE_INSTALL_INCLUDEDIR})
file(RELATIVE_PATH xbang_lib64_to_lib
     /${xbang_neuware_install_dir}/lib64 /${CMAKE_INSTALL_LIBDIR})
# name=target-file pairs, made links at install time.
set(xbang_lib64_links "")
foreach(target IN LISTS xbang_toolkit_shared_targets)
  foreach(name IN ITEMS TARGET_LINKER_FILE_NAME TARGET_SONAME_FILE_NAME
                        TARGET_FILE_NAME)
    list(APPEND xbang_lib64_links
         "$<${name}:${target}>=$<TARGET_FILE_NAME:${target}>")
  endforeach()
endforeach()
install(CODE "
  set(neuware \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${xbang_neuware_install_dir}\")
  file(MAKE_DIRECTORY \"\${neuware}/lib64\")
  file(REMOVE \"\${neuware}/include\")
  file(CREATE_LINK \"${xbang_neuware_to_include}\" \"\${neuware}/include\" SYMBOLIC)
  foreach(pair IN ITEMS ${xbang_lib64_links})
    string(REPLACE \"=\" \";\" pair \"\${pair}\")
    list(GET pair 0 link)
    list(GET pair 1 file)
    file(REMOVE \"\${neuware}/lib64/\${link}\")
    file(CREATE_LINK \"${xbang_lib64_to_lib}/\${file}\" \"\${neuware}/lib64/\${link}\" SYMBOLIC)
  endforeach()
")
