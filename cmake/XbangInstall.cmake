# Installs xbang as the CMake package `xbang`:
#   find_package(xbang) -> xbang::bang (emulation library), xbang::ops (mluOp
#   operators), xbang::mlu-rewrite (the .mlu tool), xbang::variant-symbols
#   (the fat-binary tool) and xbang_add_mlu_sources.
# Layout under the prefix:
#   include/                 bang.h, mlu.h, cnrt.h, cnnl.h, xbang/...
#   include/xbang/ops/       mlu_op.h and the operator headers (under xbang's
#                            own path, so that a project building mlu-ops
#                            gets mlu-ops' mlu_op.h)
#   include/xbang/ops/kernel/common/kernel.h   (MAX_NRAM_SIZE, PAD_UP, ...;
#                            on xbang::ops' include path, so a .mlu file
#                            writes #include "common/kernel.h" as the in-tree
#                            operators do)
#   bin/xbang-mlu-rewrite, bin/xbang-variant-symbols
#   lib/libxbang_device.so, lib/libcnrt.so, libcndrv.so, libcndev.so,
#   libcnnl.so, libcnbin.so, libcnpapi.so (RUNPATH $ORIGIN), lib/libxbang_ops.a
#   lib/cmake/xbang/         xbangConfig.cmake, version, targets, XbangMlu.cmake,
#                            FindBANG.cmake (find_package(BANG))
#   share/xbang/neuware/   the Neuware layout (cmake/XbangNeuware.cmake)
include_guard(GLOBAL)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

option(XBANG_INSTALL "Generate xbang's install rules" ON)

# "common/kernel.h" for users of xbang::ops, in the build tree (a copy, so
# the rest of ops/ stays private) and after install.
set(xbang_kernel_include_dir ${PROJECT_BINARY_DIR}/xbang_ops_include)
configure_file(${PROJECT_SOURCE_DIR}/ops/common/kernel.h
               ${xbang_kernel_include_dir}/common/kernel.h COPYONLY)
target_include_directories(xbang_ops INTERFACE
  $<BUILD_INTERFACE:${xbang_kernel_include_dir}>
  $<INSTALL_INTERFACE:include/xbang/ops/kernel>)

if(NOT XBANG_INSTALL)
  return()
endif()

# The targets' INSTALL_INTERFACE include directory is `include`, so the
# headers go exactly there.
set(xbang_config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/xbang)
install(TARGETS xbang_bang xbang_device xbang_cnrt xbang_cndrv xbang_cndev
                xbang_cnnl xbang_cnbin xbang_cnpapi xbang_ops xbang_mlu_rewrite
                xbang_variant_symbols
  EXPORT xbangTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/bang/include/
                  ${PROJECT_SOURCE_DIR}/include/
        DESTINATION include
        FILES_MATCHING PATTERN "*.h")
install(FILES ${PROJECT_SOURCE_DIR}/ops/common/kernel.h
        DESTINATION include/xbang/ops/kernel/common)

install(EXPORT xbangTargets
  NAMESPACE xbang::
  FILE xbangTargets.cmake
  DESTINATION ${xbang_config_dir})
set(XBANG_NEUWARE_HOME_DIR ${CMAKE_INSTALL_DATADIR}/xbang/neuware)
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/xbangConfig.cmake.in
  ${PROJECT_BINARY_DIR}/xbangConfig.cmake
  INSTALL_DESTINATION ${xbang_config_dir}
  PATH_VARS XBANG_NEUWARE_HOME_DIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/xbangConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/xbangConfig.cmake
              ${PROJECT_BINARY_DIR}/xbangConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/XbangMlu.cmake
              ${CMAKE_CURRENT_LIST_DIR}/FindBANG.cmake
        DESTINATION ${xbang_config_dir})
