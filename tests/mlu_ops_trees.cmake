# xbang_mlu_ops_trees(<dir> <destination> <out_var>)
#
# The mlu-ops source trees <dir> holds, for the test suites that read
# mlu-ops' .mlu files: <dir> itself when it is a checkout (it has kernels/),
# otherwise each mlu-ops-<version>.tar.gz in it (test-zoo archives aside),
# extracted under <destination> once (again when the archive is newer). Sets
# <out_var> to the roots, possibly none.
include_guard(GLOBAL)

function(xbang_mlu_ops_trees dir destination out_var)
  get_filename_component(dir "${dir}" ABSOLUTE)
  set(roots "")
  if(EXISTS "${dir}/kernels")
    list(APPEND roots "${dir}")
  else()
    file(GLOB archives "${dir}/mlu-ops-*.tar.gz")
    list(FILTER archives EXCLUDE REGEX "test-zoo")
    foreach(archive IN LISTS archives)
      get_filename_component(folder "${archive}" NAME)
      string(REGEX REPLACE "\\.tar\\.gz$" "" folder "${folder}")
      set(stamp "${destination}/${folder}.stamp")
      if(NOT EXISTS "${stamp}" OR "${archive}" IS_NEWER_THAN "${stamp}")
        file(REMOVE_RECURSE "${destination}/${folder}")
        file(ARCHIVE_EXTRACT INPUT "${archive}" DESTINATION "${destination}")
        file(TOUCH "${stamp}")
      endif()
      if(EXISTS "${destination}/${folder}/kernels")
        list(APPEND roots "${destination}/${folder}")
      endif()
    endforeach()
  endif()
  set(${out_var} "${roots}" PARENT_SCOPE)
endfunction()
