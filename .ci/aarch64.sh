#!/usr/bin/env bash
# Cross-builds xbang and its test suite for aarch64 (NEON: AArch64's arch
# specialisations over the generic SIMD layer) and runs the suite under
# qemu-user; .mlu files are rewritten by the aarch64 rewriter, run through
# qemu as well. Slower than the native suite; separate from .ci/run. Left
# out: the install tests (they configure a consumer project with the host's
# toolchain) and the conformance lane (its own script).
#   bash .ci/aarch64.sh [build-dir]      (default build-aarch64)
# Needs the Debian packages g++-aarch64-linux-gnu, qemu-user and googletest
# (its sources, /usr/src/googletest, are cross-built here); installs what is
# missing when run as root.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-aarch64}
root=$PWD

missing=()
command -v aarch64-linux-gnu-g++ >/dev/null || missing+=(g++-aarch64-linux-gnu)
command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
[[ -f /usr/src/googletest/CMakeLists.txt ]] || missing+=(googletest)
binfmt_entry=/usr/lib/binfmt.d/qemu-aarch64.conf
[[ -f $binfmt_entry ]] || missing+=(qemu-user-binfmt)
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "aarch64.sh needs: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

sysroot=/usr/aarch64-linux-gnu
cross=(-G Ninja -DCMAKE_BUILD_TYPE=Release
       -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=aarch64
       -DCMAKE_CXX_COMPILER=aarch64-linux-gnu-g++
       -DCMAKE_C_COMPILER=aarch64-linux-gnu-gcc
       "-DCMAKE_CROSSCOMPILING_EMULATOR=qemu-aarch64;-L;$sysroot")
if command -v ccache >/dev/null; then
  cross+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

start=$(date +%s)
# GoogleTest for aarch64, from Debian's source package.
gtest_prefix=$root/$build/googletest-install
if [[ ! -f $gtest_prefix/lib/cmake/GTest/GTestConfig.cmake ]]; then
  cmake -S /usr/src/googletest -B "$build/googletest" "${cross[@]}" \
    -DCMAKE_INSTALL_PREFIX="$gtest_prefix" -DBUILD_GMOCK=OFF >/dev/null
  cmake --build "$build/googletest" -j2
  cmake --install "$build/googletest" >/dev/null
fi

# xsimd is header-only: its package (in the host's multiarch directory) and
# headers serve every target. Libraries come only from the cross sysroot and
# the GoogleTest just built.
xsimd_dir=$(dirname "$(dpkg -L libxsimd-dev | grep -m1 'xsimdConfig.cmake$')")
cmake -S . -B "$build" "${cross[@]}" \
  -Dxsimd_DIR="$xsimd_dir" \
  -DXBANG_NATIVE=OFF -DXBANG_BUILD_BENCH=OFF -DXBANG_INSTALL=OFF \
  -DCMAKE_PREFIX_PATH="$gtest_prefix" \
  "-DCMAKE_FIND_ROOT_PATH=$gtest_prefix;$sysroot" \
  -DCMAKE_FIND_ROOT_PATH_MODE_PROGRAM=NEVER \
  -DCMAKE_FIND_ROOT_PATH_MODE_LIBRARY=ONLY \
  -DCMAKE_FIND_ROOT_PATH_MODE_INCLUDE=BOTH \
  -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=BOTH >/dev/null
ninja -C "$build" -j2
built=$(date +%s)

# Some tests start a new aarch64 process themselves (the rewriter run by
# the porting tests, GoogleTest's threadsafe death tests): the kernel hands
# those to qemu through binfmt_misc, with Debian's qemu-user-binfmt entry.
# Without it (not root, no binfmt_misc) they are left out, and said so.
export QEMU_LD_PREFIX=$sysroot
binfmt=/proc/sys/fs/binfmt_misc
if [[ ! -e $binfmt/qemu-aarch64 && $(id -u) -eq 0 ]]; then
  [[ -e $binfmt/register ]] ||
    mount -t binfmt_misc binfmt_misc "$binfmt" 2>/dev/null || true
  [[ -e $binfmt/register ]] && cat "$binfmt_entry" >"$binfmt/register" || true
fi
skip=()
if [[ ! -e $binfmt/qemu-aarch64 ]]; then
  echo "aarch64: no binfmt_misc entry for qemu-aarch64; leaving out the" \
    "tests that exec an aarch64 program (MluRewriteTool, DeathTest)" >&2
  skip=(-E 'MluRewriteTool|DeathTest')
fi
(cd "$build" && ctest -LE 'install|conformance' "${skip[@]}" \
  --output-on-failure -j2)
echo "aarch64: build $((built - start)) s, tests $(($(date +%s) - built)) s"
