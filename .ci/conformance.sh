#!/usr/bin/env bash
# The conformance lane: every .mlu file of mlu-ops compiled through
# xbang_add_mlu_sources (tests/conformance, docs/conformance.md).
#   .ci/conformance.sh [mlu-ops dir]
# The mlu-ops directory (a checkout, or a folder of mlu-ops-*.tar.gz) defaults
# to $XBANG_CONFORMANCE_DIR, then to ../shared/third_party/mlu-ops beside the
# clone. CXX picks the compiler (CXX=clang++-16 for the Clang count; Clang
# 16 is the first whose half is _Float16, see bang/include/xbang/core/half.h).
# XBANG_CONFORMANCE_BUILD_DIR names the build directory;
# XBANG_CONFORMANCE_TREES (for example "v1.0.0") limits the lane to those
# trees (default: every tree in the directory). Prints
# "<tree>: N/M .mlu files compile" per tree; the grouped first errors are in
# <build>/tests/conformance/conformance_<tree>_tally.txt. Then compiles the
# same files through bin/cncc with mlu-ops' own flags (census.py), printing
# "mlu-ops-<tree> (cncc, <gcc|clang>, -Wall -Werror): N/M ..." with the
# failures in <build>/cncc_census.md. Exits non-zero when a file does not
# compile.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${1:-${XBANG_CONFORMANCE_DIR:-../shared/third_party/mlu-ops}}
if [ ! -d "$dir" ]; then
  echo "conformance: skipped, no mlu-ops at '$dir' (set XBANG_CONFORMANCE_DIR)"
  exit 0
fi
dir=$(cd "$dir" && pwd)
compiler=${CXX:-c++}
build_dir=${XBANG_CONFORMANCE_BUILD_DIR:-build-conformance-$(basename "$compiler")}
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)

cmake -S . -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$compiler" -DXBANG_BUILD_BENCH=OFF \
  -DXBANG_CONFORMANCE_DIR="$dir" \
  -DXBANG_CONFORMANCE_TREES="${XBANG_CONFORMANCE_TREES:-}" >/dev/null
status=0
# XBANG_JOBS bounds both the tests run at once and the compilers each
# conformance build starts.
parallel=${XBANG_JOBS:-$(nproc)}
export CMAKE_BUILD_PARALLEL_LEVEL=$parallel
ctest --test-dir "$build_dir" -L conformance -j "$parallel" \
  --output-on-failure >"$build_dir/conformance.log" 2>&1 || status=$?
for tally in "$build_dir"/tests/conformance/conformance_*_tally.txt; do
  [ -f "$tally" ] && head -n 1 "$tally"
done

# The same trees through bin/cncc with mlu-ops' own flags (-Wall -Werror,
# its -mllvm flags; tests/conformance/census_manifest.json), cncc driving the
# lane's compiler family: GCC with CXX=g++, Clang otherwise.
family=gcc
case "$(basename "$compiler")" in *clang*) family=clang ;; esac
cmake --build "$build_dir" --target xbang_neuware >>"$build_dir/conformance.log" 2>&1 || status=$?
census=(python3 tests/conformance/census.py --cncc "$build_dir/neuware/bin/cncc"
        --compiler "$family" --jobs "$parallel" --fail-on-error
        --markdown "$build_dir/cncc_census.md" --logs "$build_dir/cncc_census_logs")
trees=()
for tree in "$build_dir"/tests/conformance/sources/mlu-ops-*/ "$dir"/; do
  [ -d "$tree/kernels" ] || continue
  name=$(basename "$tree")
  case "$name" in mlu-ops-*) ;; *) name="mlu-ops-$name" ;; esac
  if [ -n "${XBANG_CONFORMANCE_TREES:-}" ] &&
     [[ " ${XBANG_CONFORMANCE_TREES//;/ } " != *" ${name#mlu-ops-} "* ]]; then
    continue
  fi
  census+=(--project-dir "$name=$tree")
  trees+=("$name")
done
if [ "${#trees[@]}" -gt 0 ]; then
  "${census[@]}" --only "${trees[@]}" 2>>"$build_dir/conformance.log" |
    sed -n "s/^\(mlu-ops-[^:]*\): /\1 (cncc, $family, -Wall -Werror): /p" ||
    status=$?
fi
echo "conformance: full log $build_dir/conformance.log"
exit "$status"
