# Every dependency is a Debian package found with find_package; a missing one
# stops configure with the exact line that installs it.
find_package(Threads REQUIRED)

macro(xbang_require_package name debian_package)
  find_package(${name} QUIET)
  if(NOT ${name}_FOUND)
    message(FATAL_ERROR
      "xbang needs ${name}. Install it with:\n"
      "  apt-get update && apt-get install -y ${debian_package}")
  endif()
endmacro()

xbang_require_package(xsimd libxsimd-dev)
# Debian's xsimd target names "xtl" as a link dependency it does not need.
if(NOT TARGET xtl)
  add_library(xtl INTERFACE IMPORTED)
endif()
if(XBANG_BUILD_TESTS)
  xbang_require_package(GTest "googletest libgtest-dev")
endif()
if(XBANG_BUILD_BENCH)
  xbang_require_package(benchmark libbenchmark-dev)
endif()
# Eigen (header-only) computes CNNL's batched matrix products.
xbang_require_package(Eigen3 libeigen3-dev)
