# cmake -P script behind the porting_cncc_* tests: runs <neuware>/bin/cncc
# the way projects do and checks what it produces.
#   -DCNCC=<neuware>/bin/cncc -DSOURCE_DIR=<this folder>
#   -DBAD_INPUT_DIR=<tests/porting/bad_input> -DWORK_DIR=<scratch> -DSTEP=<name>
#   [-DCLANG_LINKS=OFF]: programs linked with Clang cannot run against the
#   toolkit libraries (a GCC sanitizer build); steps link with GCC only
foreach(argument CNCC SOURCE_DIR BAD_INPUT_DIR WORK_DIR STEP)
  if(NOT DEFINED ${argument})
    message(FATAL_ERROR "run_cncc_test.cmake: -D${argument}= is required")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs a command in WORK_DIR; `expect` is SUCCESS or FAILURE.
function(cncc_run expect)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${WORK_DIR}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  set(cncc_output "${out}${err}" PARENT_SCOPE)
  string(REPLACE ";" " " shown "${ARGN}")
  if(expect STREQUAL "SUCCESS" AND NOT status EQUAL 0)
    message(FATAL_ERROR "'${shown}' failed (${status}):\n${out}${err}")
  elseif(expect STREQUAL "FAILURE" AND status EQUAL 0)
    message(FATAL_ERROR "'${shown}' succeeded; it must fail:\n${out}${err}")
  endif()
endfunction()

function(expect_output regex)
  if(NOT cncc_output MATCHES "${regex}")
    message(FATAL_ERROR "output does not match '${regex}':\n${cncc_output}")
  endif()
endfunction()

# Runs `program` (in WORK_DIR, with ARGN) on an MLU370, an MLU590 and both
# (590 first): each device's line must be "device <n>: <its line>".
function(expect_each_device program line372 line592)
  foreach(device MLU370 MLU590 MLU590,MLU370)
    cncc_run(SUCCESS ${CMAKE_COMMAND} -E env XBANG_DEVICE=${device}
             ${WORK_DIR}/${program} ${ARGN})
    if(device STREQUAL "MLU370")
      expect_output("^device 0: ${line372}\n$")
    elseif(device STREQUAL "MLU590")
      expect_output("^device 0: ${line592}\n$")
    else()
      expect_output("^device 0: ${line592}\ndevice 1: ${line372}\n$")
    endif()
  endforeach()
endfunction()

set(kernel ${SOURCE_DIR}/scale_block.mlu)
get_filename_component(neuware ${CNCC} DIRECTORY)
get_filename_component(neuware ${neuware} DIRECTORY)
set(host ${SOURCE_DIR}/scale_main.cpp)
set(ok_line "cncc kernel: 1024 elements, 0 wrong")

if(STEP STREQUAL "build_and_run")
  # Sources to an executable in one command, with the flags mlu-ops passes.
  cncc_run(SUCCESS ${CNCC} ${kernel} ${host} -o scale -O2 -std=c++17
           --bang-mlu-arch=mtp_372 -Wall -Werror -pthread)
  cncc_run(SUCCESS ${WORK_DIR}/scale)
  expect_output("${ok_line}")
elseif(STEP STREQUAL "compile_then_link")
  cncc_run(SUCCESS ${CNCC} -c ${kernel} -o kernel.o -O2 -fPIC)
  cncc_run(SUCCESS ${CNCC} -c -x c++ ${host} -o main.o -O2)
  cncc_run(SUCCESS ${CNCC} main.o kernel.o -o scale)
  cncc_run(SUCCESS ${WORK_DIR}/scale)
  expect_output("${ok_line}")
elseif(STEP STREQUAL "preprocess")
  # The rewritten kernel: its launch goes through xbang, its lines map back
  # to the .mlu file.
  cncc_run(SUCCESS ${CNCC} -E ${kernel} -o kernel.ii)
  file(READ ${WORK_DIR}/kernel.ii cncc_output)
  expect_output("::xbang::launch\\(")
  # The launch's line in the .mlu file: the last line marker naming the file
  # before it, plus the lines between (GCC writes a marker right before the
  # launch, Clang blank lines up to it).
  string(FIND "${cncc_output}" "::xbang::launch(" launch_at)
  string(SUBSTRING "${cncc_output}" 0 ${launch_at} before_launch)
  string(REGEX MATCHALL "\n# [0-9]+ \"[^\"]*scale_block\\.mlu\"[^\n]*"
         markers "${before_launch}")
  list(GET markers -1 marker)
  string(REGEX MATCH "# ([0-9]+)" ignored "${marker}")
  set(line ${CMAKE_MATCH_1})
  string(FIND "${before_launch}" "${marker}" marker_at REVERSE)
  string(SUBSTRING "${before_launch}" ${marker_at} -1 after_marker)
  string(REGEX MATCHALL "\n" newlines "${after_marker}")
  list(LENGTH newlines count)
  math(EXPR line "${line} + ${count} - 2")
  if(line LESS 30 OR line GREATER 39)
    message(FATAL_ERROR "the launch maps to scale_block.mlu:${line}")
  endif()
elseif(STEP STREQUAL "version")
  # mlu-ops reads field 2 of line 1 and drops the leading v.
  cncc_run(SUCCESS ${CNCC} --version)
  expect_output("^cncc v[0-9]+\\.[0-9]+\\.[0-9]+ ")
elseif(STEP STREQUAL "unknown_flag")
  cncc_run(FAILURE ${CNCC} -c ${kernel} --bang-no-such-flag -o kernel.o)
  expect_output("unknown argument: '--bang-no-such-flag'")
elseif(STEP STREQUAL "unknown_arch")
  cncc_run(FAILURE ${CNCC} -c ${kernel} --bang-mlu-arch=mtp_999 -o kernel.o)
  expect_output("unknown MLU architecture 'mtp_999'")
elseif(STEP STREQUAL "ignored_flags")
  # Flags with no CPU meaning, as mlu-ops' build passes them.
  cncc_run(SUCCESS ${CNCC} -c ${kernel} -o kernel.o --no-neuware-version-check
           -mllvm -enable-mlisa-sanitizer -Xbang-cnas -O1
           -fbang-instrument-kernels --bang-mlu-arch=mtp_592
           --neuware-path=${neuware})
  if(NOT EXISTS ${WORK_DIR}/kernel.o)
    message(FATAL_ERROR "kernel.o not written")
  endif()
elseif(STEP STREQUAL "bad_mlu")
  # The rewriter's message, then the compiler's, each at the .mlu line.
  cncc_run(FAILURE ${CNCC} -c ${BAD_INPUT_DIR}/unbalanced_launch.mlu -o a.o)
  expect_output("unbalanced_launch\\.mlu:7:[0-9:]* ?error")
  cncc_run(FAILURE ${CNCC} -c ${BAD_INPUT_DIR}/unknown_asm.mlu -o b.o)
  expect_output("unknown_asm\\.mlu:6:[0-9:]* ?error")
elseif(STEP STREQUAL "host_cpp_lcnrt")
  # The gen_half2float_table way: a .cpp, -L <neuware>/lib64 -lcnrt.
  cncc_run(SUCCESS ${CNCC} -mavx2 -mf16c -std=c++17 -I ${neuware}/include
           ${SOURCE_DIR}/device_count.cpp -o device_count -L ${neuware}/lib64
           -lcnrt -lm -lstdc++ -Wl,-rpath=${neuware}/lib64)
  cncc_run(SUCCESS ${WORK_DIR}/device_count)
  expect_output("cnrt devices: [1-9]")
elseif(STEP STREQUAL "depfile")
  # CMake's depfile flags: the rule names the .mlu file, no scratch copy.
  cncc_run(SUCCESS ${CNCC} -c ${kernel} -o kernel.o -MD -MT kernel.o
           -MF kernel.o.d)
  file(READ ${WORK_DIR}/kernel.o.d cncc_output)
  expect_output("^kernel\\.o:")
  expect_output("scale_block\\.mlu")
  expect_output("/include/cnrt\\.h")
  if(cncc_output MATCHES "cncc\\.[A-Za-z0-9]+/")
    message(FATAL_ERROR "depfile names cncc's scratch folder:\n${cncc_output}")
  endif()
elseif(STEP STREQUAL "host_cpu")
  # The host CPU by default; --xbang-portable and XBANG_CNCC_PORTABLE=1 leave
  # the compiler's own target.
  cncc_run(SUCCESS ${CNCC} -v -c ${kernel} -o kernel.o)
  expect_output("-march=native")
  cncc_run(SUCCESS ${CNCC} -v --xbang-portable -c ${kernel} -o kernel.o)
  if(cncc_output MATCHES "-march=native")
    message(FATAL_ERROR "--xbang-portable still passes -march=native")
  endif()
  cncc_run(SUCCESS ${CMAKE_COMMAND} -E env XBANG_CNCC_PORTABLE=1 ${CNCC} -v -c
           ${kernel} -o kernel.o)
  if(cncc_output MATCHES "-march=native")
    message(FATAL_ERROR "XBANG_CNCC_PORTABLE=1 still passes -march=native")
  endif()
elseif(STEP STREQUAL "warnings")
  # -Wall -Werror means cncc's -Wall, with Clang (the default) and with GCC.
  set(source ${SOURCE_DIR}/warnings_block.mlu)
  foreach(compiler clang gcc)
    cncc_run(SUCCESS ${CNCC} --xbang-host-compiler=${compiler} -c ${source}
             -o warnings.o -Wall -Werror -std=c++11 -O2)
  endforeach()
  cncc_run(SUCCESS ${CMAKE_COMMAND} -E env XBANG_CNCC_COMPILER=gcc ${CNCC}
           -c ${source} -o warnings.o -Wall -Werror)
  # A warning the user names keeps the user's setting.
  cncc_run(FAILURE ${CNCC} --xbang-host-compiler=gcc -c ${source}
           -o warnings.o -Wall -Werror -Wsign-compare)
  expect_output("sign-compare")
elseif(STEP STREQUAL "sibling_header")
  # A launch in a header reached through "../../common/...": the rewritten
  # copy is found although no header was copied into the .mlu's folder.
  cncc_run(SUCCESS ${CNCC} -c ${SOURCE_DIR}/sibling_header/ops/scale/fill.mlu
           -o fill.o -Wall -Werror -std=c++17)
elseif(STEP STREQUAL "host_compiler")
  # Clang by default when xbang found one; the switch names GCC.
  cncc_run(SUCCESS ${CNCC} --version)
  set(version "${cncc_output}")
  cncc_run(SUCCESS ${CNCC} -v --xbang-host-compiler=gcc -c ${kernel}
           -o kernel.o)
  if(cncc_output MATCHES "clang")
    message(FATAL_ERROR "--xbang-host-compiler=gcc runs Clang:\n${cncc_output}")
  endif()
  if(version MATCHES "by [^\n]*clang")
    cncc_run(SUCCESS ${CNCC} -v -c ${kernel} -o kernel.o)
    expect_output("clang[^ ]* ")
  endif()
  cncc_run(FAILURE ${CNCC} --xbang-host-compiler=icc -c ${kernel} -o kernel.o)
  expect_output("unknown host compiler 'icc'")
  cncc_run(FAILURE ${CMAKE_COMMAND} -E env XBANG_CNCC_COMPILER=icc ${CNCC}
           -c ${kernel} -o kernel.o)
  expect_output("XBANG_CNCC_COMPILER='icc'")
elseif(STEP STREQUAL "env_sh")
  # Sourced from another folder: NEUWARE_HOME is the layout, cncc on PATH,
  # lib64 on LD_LIBRARY_PATH.
  cncc_run(SUCCESS bash -c ". '${neuware}/bin/env.sh' && cd / && \
echo \"home=$NEUWARE_HOME\" && echo \"libs=$LD_LIBRARY_PATH\" && \
cncc --version")
  expect_output("home=${neuware}\n")
  expect_output("libs=${neuware}/lib64")
  expect_output("cncc v[0-9]")
elseif(STEP STREQUAL "fat_binary")
  # One object for 372 and 592, with torch_mlu's flags: each device runs
  # its own architecture's code, one device or two in one process.
  set(probe ${SOURCE_DIR}/arch_probe.mlu)
  cncc_run(SUCCESS ${CNCC} -c ${probe} -o probe.o -O2 -fPIC -Wall -Werror
           -std=c++11 -pthread --bang-mlu-arch=mtp_372
           --bang-mlu-arch=mtp_592)
  cncc_run(SUCCESS ${CNCC} ${SOURCE_DIR}/arch_probe_main.cpp probe.o -o probe)
  set(line372 "status 0 arch 372 nram 768 buffer 655360")
  set(line592 "status 0 arch 592 nram 512 buffer 393216")
  expect_each_device(probe "${line372}" "${line592}")
  # No device named: a fat binary's default is MLU370 (docs/environment.md).
  cncc_run(SUCCESS ${CMAKE_COMMAND} -E env --unset=XBANG_DEVICE
           ${WORK_DIR}/probe)
  expect_output("^device 0: ${line372}\n$")
elseif(STEP STREQUAL "fat_library")
  # A shared library built as mlu-ops builds libmluops.so: a fat kernel file
  # whose launch function uses host code of another file of the library,
  # linked with a version script that hides it, and a fat file that launches
  # that kernel file's kernel. Each device runs its own
  # architecture's code (an inline function included), with its own NRAM and
  # WRAM arrays, which checked mode bounds. With Clang and with GCC (which
  # names the COMDAT group of a constructor's aliases by a local symbol).
  set(line372 "arch 372 inline 744 nram 128 wram 128 tasks 6")
  set(line592 "arch 592 inline 1184 nram 256 wram 256 tasks 6")
  set(compilers gcc)
  if(CLANG_LINKS)
    list(PREPEND compilers clang)
  else()
    # The toolkit libraries carry GCC's sanitizer run time: a Clang link is
    # refused with the reason.
    cncc_run(FAILURE ${CNCC} --xbang-host-compiler=clang
             ${SOURCE_DIR}/fat_library_main.cpp -I${SOURCE_DIR}
             -o fat_library_clang)
    expect_output("carry GCC's sanitizer run time")
  endif()
  foreach(compiler IN LISTS compilers)
    set(use --xbang-host-compiler=${compiler})
    cncc_run(SUCCESS ${CNCC} ${use} -c ${SOURCE_DIR}/fat_library_kernel.mlu
             -o kernel.o -O2 -fPIC -Wall -Werror --bang-mlu-arch=mtp_372
             --bang-mlu-arch=mtp_592)
    cncc_run(SUCCESS ${CNCC} ${use} -c ${SOURCE_DIR}/fat_library_helper.cpp
             -o helper.o -O2 -fPIC -Wall -Werror)
    cncc_run(SUCCESS ${CNCC} ${use} -c ${SOURCE_DIR}/fat_library_remote.mlu
             -o remote.o -O2 -fPIC -Wall -Werror --bang-mlu-arch=mtp_372
             --bang-mlu-arch=mtp_592)
    cncc_run(SUCCESS ${CNCC} ${use} -shared -o libfat_library.so kernel.o
             remote.o helper.o
             -Wl,--version-script=${SOURCE_DIR}/fat_library.map)
    cncc_run(SUCCESS ${CNCC} ${use} ${SOURCE_DIR}/fat_library_main.cpp
             -I${SOURCE_DIR} -o fat_library -L. -lfat_library
             -Wl,-rpath,${WORK_DIR})
    expect_each_device(fat_library "status 0 ${line372} notes 1"
                       "status 0 ${line592} notes 1")
    # The launch from the other kernel file reaches each architecture's
    # kernel.
    expect_each_device(fat_library "status 0 ${line372} notes 1"
                       "status 0 ${line592} notes 1" 0 remote)
    # One element past the 592 code's NRAM array (256 bytes; the 372 code's
    # has 128): checked mode names it and fails the launch.
    cncc_run(SUCCESS ${CMAKE_COMMAND} -E env XBANG_DEVICE=MLU590
             ${WORK_DIR}/fat_library 1)
    expect_output("device 0: status 100132 arch 592")
    expect_output("runs 4 bytes past the end of NRAM variable "
                  "`\\(anonymous namespace\\)::nram_values` \\(256 bytes")
  endforeach()
elseif(STEP STREQUAL "no_variant")
  # Built for 592 only: an MLU370 device gets the driver's error and a line
  # naming the kernel and both architectures; nothing runs.
  set(probe ${SOURCE_DIR}/arch_probe.mlu)
  cncc_run(SUCCESS ${CNCC} -c ${probe} -o probe.o --bang-mlu-arch=mtp_592)
  cncc_run(SUCCESS ${CNCC} ${SOURCE_DIR}/arch_probe_main.cpp probe.o -o probe)
  cncc_run(SUCCESS ${CMAKE_COMMAND} -E env XBANG_DEVICE=MLU370
           ${WORK_DIR}/probe)
  expect_output("device 0: status 101312 arch 0 nram 0 buffer 0")
  expect_output("launch of ArchProbe failed: no code for the device's "
                "architecture \\(cnrtErrorNoKernel\\): the kernel was built "
                "for mtp_592; device 0 is MLU370 \\(mtp_372\\)")
  # No device named: the kernels' one architecture.
  cncc_run(SUCCESS ${CMAKE_COMMAND} -E env --unset=XBANG_DEVICE
           ${WORK_DIR}/probe)
  expect_output("^device 0: status 0 arch 592 nram 512 buffer 393216\n$")
elseif(STEP STREQUAL "unmodelled_arch")
  # mlu-ops' default architectures: 613 and 617 have no profile; with 592
  # beside them they are skipped with a warning, alone they fail.
  cncc_run(SUCCESS ${CNCC} -c ${kernel} -o kernel.o --bang-mlu-arch=mtp_592
           --bang-mlu-arch=mtp_613 --bang-mlu-arch=mtp_617)
  expect_output("warning: no code is built for mtp_613, mtp_617: no public")
  cncc_run(FAILURE ${CNCC} -c ${kernel} -o kernel.o --bang-mlu-arch=mtp_613)
  expect_output("error: --bang-mlu-arch mtp_613: no public document")
elseif(STEP STREQUAL "scalar_check")
  # --xbang-scalar-check: checked mode sees plain C++ loads and stores of a
  # .mlu file (scalar_check.mlu). Built without it, the planted accesses go
  # unseen; GCC cannot instrument them and says so.
  set(source ${SOURCE_DIR}/scalar_check.mlu)
  cncc_run(SUCCESS ${CNCC} --xbang-host-compiler=gcc --xbang-scalar-check -c
           ${source} -o gcc.o -O2)
  expect_output("warning: --xbang-scalar-check ignored: it needs Clang")
  if(CLANG_LINKS)
    cncc_run(SUCCESS ${CNCC} ${source} -o unchecked -O2 -Wall -Werror)
    cncc_run(SUCCESS ${WORK_DIR}/unchecked)
    expect_output("read_before_sync: 0 warnings\n")
    expect_output("sram_no_barrier: 0 warnings\n")
    foreach(level -O2 -O0)
      cncc_run(SUCCESS ${CNCC} --xbang-scalar-check ${source} -o checked
               ${level} -Wall -Werror)
      cncc_run(SUCCESS ${WORK_DIR}/checked)
      expect_output("host: sum 2016\n")
      # The read and the write before the sync: one warning each, naming
      # the access's function and the copy's call site.
      expect_output("read_before_sync: 1 warnings\n  [^\n]*plain C\\+\\+ "
                    "access in `ReadBeforeSync\\(float\\*, float const\\*\\)` "
                    "\\(checked\\+0x[0-9a-f]+\\): reads "
                    "\\[0x[0-9a-f]+, \\+4\\) which __memcpy_async at [^\n]*scalar_check\\.mlu:20 writes")
      expect_output("write_before_sync: 1 warnings\n  [^\n]*`WriteBeforeSync"
                    "[^\n]*: writes \\[0x[0-9a-f]+, \\+4\\) which "
                    "__memcpy_async at [^\n]*scalar_check\\.mlu:28 writes")
      expect_output("read_after_sync: 0 warnings\n")
      # One core's SRAM store, another's load, no barrier between.
      expect_output("sram_no_barrier: 1 warnings\n  [^\n]*cross-core race: "
                    "plain C\\+\\+ access in `SramHandOff[^\n]* writes "
                    "\\[0x[0-9a-f]+, \\+4\\) of SRAM of cluster 0, which plain "
                    "C\\+\\+ access in `SramHandOff[^\n]* reads")
      expect_output("sram_barrier: 0 warnings\n")
    endforeach()
    # A fat binary's other architecture: its variant is instrumented too.
    cncc_run(SUCCESS ${CNCC} --xbang-scalar-check ${source} -o fat -O2
             --bang-mlu-arch=mtp_372 --bang-mlu-arch=mtp_592)
    cncc_run(SUCCESS ${CMAKE_COMMAND} -E env XBANG_DEVICE=MLU590
             ${WORK_DIR}/fat)
    expect_output("read_before_sync: 1 warnings\n  [^\n]*`ReadBeforeSync"
                  "\\(float\\*, float const\\*\\) \\[clone \\.xbang_mtp_592\\]`")
    expect_output("sram_no_barrier: 1 warnings\n")
  endif()
elseif(STEP STREQUAL "sram_padding")
  # A small SRAM variable: a correct kernel passes checked mode with either
  # host compiler, and a write past the variable is still reported.
  set(compilers gcc)
  if(CLANG_LINKS)
    list(APPEND compilers clang)
  endif()
  foreach(compiler IN LISTS compilers)
    cncc_run(SUCCESS ${CNCC} --xbang-host-compiler=${compiler}
             ${SOURCE_DIR}/sram_padding.mlu -o sram_${compiler} -O2 -Wall)
    cncc_run(SUCCESS ${WORK_DIR}/sram_${compiler})
    expect_output("sram_padding: 1 2 3 4 \\(ok\\)\n")
    if(cncc_output MATCHES "xbang checked")
      message(FATAL_ERROR "${compiler}: a report on a correct kernel:\n"
                          "${cncc_output}")
    endif()
    cncc_run(SUCCESS ${WORK_DIR}/sram_${compiler} overflow)
    expect_output("a write ran past the end of SRAM variable "
                  "[^\n]*shared_values[^\n]*: byte 16 of it was written")
    expect_output("\\(failed\\)\n")
  endforeach()
else()
  message(FATAL_ERROR "run_cncc_test.cmake: unknown STEP '${STEP}'")
endif()
